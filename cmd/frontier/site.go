package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/site"
	"github.com/frontier-bench/frontier/templates"
)

// siteFlags are the flags every command shares: where the site's inputs are.
type siteFlags struct {
	data    string
	config  string
	baseURL string
}

func (f *siteFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.data, "data", "data", "the folder of benchmark JSON and markdown pages")
	fs.StringVar(&f.config, "config", "", "the site's settings (default: frontier.toml beside the data folder, if present)")
}

func (f *siteFlags) registerBaseURL(fs *flag.FlagSet) {
	fs.StringVar(&f.baseURL, "base-url", "", "where the site is deployed, e.g. https://owner.github.io/repo/ (overrides baseURL in the config)")
}

// parseFlags parses a command's flags; -h prints its help and bad flags print why.
func parseFlags(fs *flag.FlagSet, args []string, stderr io.Writer) error {
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "frontier %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		fs.Usage()
		return errUsage
	}
	return nil
}

// root is the site folder: the data folder's parent, where frontier.toml, templates/ and
// node_modules/ live.
func (f *siteFlags) root() string { return filepath.Dir(filepath.Clean(f.data)) }

// input reads everything a build needs besides the data itself. Problems in frontier.toml
// are returned as site.Problems, like data problems.
func (f *siteFlags) input() (site.Input, error) {
	in := site.Input{Data: os.DirFS(f.data), DataPrefix: filepath.ToSlash(filepath.Clean(f.data)) + "/"}
	if fi, err := os.Stat(f.data); err != nil || !fi.IsDir() {
		return in, fmt.Errorf("no data folder at %s: give one with --data", f.data)
	}
	cfg, err := f.loadConfig()
	if err != nil {
		return in, err
	}
	in.Config = cfg
	in.ConfigFile = filepath.ToSlash(cmp.Or(f.config, filepath.Join(f.root(), "frontier.toml")))
	if fi, err := os.Stat(filepath.Join(f.root(), "templates")); err == nil && fi.IsDir() {
		in.Templates = os.DirFS(filepath.Join(f.root(), "templates"))
		in.TemplatesPrefix = filepath.ToSlash(filepath.Join(f.root(), "templates")) + "/"
	}
	in.ECharts, err = echartsScript(f.root())
	return in, err
}

// loadConfig reads frontier.toml (or --config) over the defaults, then applies --base-url.
func (f *siteFlags) loadConfig() (site.Config, error) {
	cfg := site.DefaultConfig()
	name, must := f.config, true
	if name == "" {
		name, must = filepath.Join(f.root(), "frontier.toml"), false
	}
	b, err := os.ReadFile(name)
	switch {
	case err == nil:
		var ps site.Problems
		cfg, ps = site.ParseConfig(filepath.ToSlash(name), b)
		// Only errors refuse the settings: a warning never fails a build, and the build
		// reports the settings' warnings with its own.
		if len(ps.Errors()) > 0 {
			return cfg, ps
		}
	case errors.Is(err, fs.ErrNotExist) && !must:
	default:
		return cfg, fmt.Errorf("read config: %w", err)
	}
	if f.baseURL != "" {
		cfg.BaseURL = f.baseURL
		if ps := cfg.Validate("--base-url"); len(ps.Errors()) > 0 {
			return cfg, ps
		}
	}
	return cfg, nil
}

// echartsScript finds ECharts: the committed custom build embedded in the binary, or else
// ECharts' own common build in the site's node_modules (larger, but it holds every part the
// pages use), for a binary built from a tree without the bundle.
func echartsScript(root string) ([]byte, error) {
	if b, err := fs.ReadFile(templates.FS, templates.EChartsFile); err == nil {
		return b, nil
	}
	const dist = "node_modules/echarts/dist/echarts.common.min.js"
	for _, dir := range []string{root, "."} {
		if b, err := os.ReadFile(filepath.Join(dir, dist)); err == nil {
			return b, nil
		}
	}
	return nil, fmt.Errorf("ECharts is not installed: this binary was built from a tree without %s and there is no %s here.\n"+
		"Install a complete binary (go install github.com/frontier-bench/frontier/cmd/frontier@latest, or a release binary); "+
		"or restore the committed bundle in the Frontier repository (git checkout %s, or make deps) and rebuild; or run `npm ci` in %s",
		"templates/"+templates.EChartsFile, dist, "templates/"+templates.EChartsFile, root)
}

// buildReporting runs the build and prints what build and check both tell the author: every
// warning, and on failure every problem (printProblems).
func buildReporting(in site.Input, w site.Writer, stderr io.Writer) (*site.Report, error) {
	rep, err := site.Build(in, w)
	if rep != nil {
		src := sourceLines{}
		for _, p := range rep.Warnings {
			src.print(stderr, p)
		}
	}
	if err != nil {
		return rep, printProblems(stderr, err)
	}
	return rep, nil
}

// printProblems prints every problem, one per line, and a count.
func printProblems(w io.Writer, err error) error {
	var ps site.Problems
	if !errors.As(err, &ps) {
		return err
	}
	src := sourceLines{}
	for _, p := range ps {
		src.print(w, p)
	}
	n := len(ps.Errors())
	fmt.Fprintf(w, "frontier: %d problem%s; nothing was written\n", n, plural(n))
	return errProblems
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// sourceLines shows the line a problem points at, as Hugo and compilers do, so the author sees
// the mistake without opening the file. Files are read once, and only those with such problems.
type sourceLines map[string][]string

// print writes the problem and, when it points at a line, that line.
func (s sourceLines) print(w io.Writer, p site.Problem) {
	fmt.Fprintln(w, p)
	if p.Line > 0 {
		fmt.Fprint(w, s.excerpt(p.File, p.Line, p.Col))
	}
}

// excerptWidth is how much of a long line an excerpt shows on each side of the column: a
// minified JSON file is one line of megabytes.
const excerptWidth = 60

// excerpt is the numbered line and a caret under the column, or "" when the file cannot be read.
func (s sourceLines) excerpt(file string, line, col int) string {
	lines, ok := s[file]
	if !ok {
		b, err := os.ReadFile(filepath.FromSlash(file))
		if err == nil {
			lines = strings.Split(string(b), "\n")
		}
		s[file] = lines
	}
	if line > len(lines) {
		return ""
	}
	text := []rune(strings.TrimRight(strings.ReplaceAll(lines[line-1], "\t", " "), "\r"))
	noCol := col <= 0 // a whole line: no caret
	col = max(1, min(col, len(text)+1))
	from, to, lead := max(0, col-1-excerptWidth), min(len(text), col-1+excerptWidth), ""
	if from > 0 {
		lead = "…"
	}
	tail := ""
	if to < len(text) {
		tail = "…"
	}
	num := strconv.Itoa(line)
	caret := strings.Repeat(" ", len([]rune(lead))+col-1-from) + "^"
	out := fmt.Sprintf("  %s | %s%s%s\n", num, lead, string(text[from:to]), tail)
	if !noCol {
		out += fmt.Sprintf("  %s | %s\n", strings.Repeat(" ", len(num)), caret)
	}
	return out
}
