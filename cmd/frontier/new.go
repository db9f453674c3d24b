package main

import (
	"bytes"
	"embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
)

// scaffold is what `frontier new` writes: every file under scaffold/, at the same path. A new
// example (another input format, a page) is one more file there.
//
//go:embed all:scaffold
var scaffold embed.FS

// actionRepo is the repository of Frontier's GitHub Action. The scaffold's workflow names it at
// @main; a released binary writes its own tag instead, so that the site is built in CI by the
// same version that made it.
const actionRepo = "frontier-bench/frontier"

// runNew is `frontier new DIR`: a site that `frontier build` builds at once, as `hugo new site`
// makes one. It never writes into a folder that holds anything.
func runNew(args []string, stdout, stderr io.Writer) error {
	fl := flag.NewFlagSet("new", flag.ContinueOnError)
	fl.Usage = func() {
		fmt.Fprint(fl.Output(), "Usage: frontier new DIR\n\nMakes a new site in DIR, which must be empty or not exist: example data in data/,\n"+
			"a commented frontier.toml, and .github/workflows/pages.yml, which publishes it to GitHub Pages.\n")
	}
	fl.SetOutput(stderr)
	if err := fl.Parse(args); err != nil {
		return errUsage
	}
	if fl.NArg() != 1 {
		fmt.Fprintln(stderr, "frontier new: want one folder, the new site's")
		fl.Usage()
		return errUsage
	}
	dir := fl.Arg(0)
	info, _ := debug.ReadBuildInfo()
	names, err := writeScaffold(dir, actionRef(releaseVersion(version, info)))
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "frontier: a new site in %s\n", dir)
	for _, n := range names {
		fmt.Fprintf(stdout, "  %s\n", n)
	}
	fmt.Fprintf(stdout, "\nNext:\n  cd %s\n  frontier serve    # a live preview on http://127.0.0.1:8080/\n  frontier build    # the site into public/\n\n"+
		"Put your benchmark JSON in data/ (the example shows the format), and push to GitHub:\n"+
		".github/workflows/pages.yml publishes the site once the repository's Settings > Pages >\n"+
		"Source is \"GitHub Actions\".\n", dir)
	return nil
}

// writeScaffold writes the scaffold into dir, creating it, and returns the files it wrote. It
// refuses a dir that exists and is not an empty folder, so that nothing is ever overwritten.
func writeScaffold(dir, ref string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		if fi, serr := os.Stat(dir); serr == nil && !fi.IsDir() {
			return nil, fmt.Errorf("%s is a file; give a new or empty folder", dir)
		}
		return nil, err
	case len(entries) > 0:
		var some []string
		for _, e := range entries[:min(3, len(entries))] {
			some = append(some, e.Name())
		}
		if len(entries) > 3 {
			some = append(some, "...")
		}
		return nil, fmt.Errorf("%s is not empty (it holds %s); give a new or empty folder, so that nothing is overwritten",
			dir, strings.Join(some, ", "))
	}
	var names []string
	err = fs.WalkDir(scaffold, "scaffold", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := scaffold.ReadFile(p)
		if err != nil {
			return err
		}
		b = bytes.ReplaceAll(b, []byte(actionRepo+"@main"), []byte(actionRepo+"@"+ref))
		rel := p[len("scaffold/"):]
		dst := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		names = append(names, rel)
		return os.WriteFile(dst, b, 0o644)
	})
	slices.Sort(names)
	return names, err
}

// releaseVersion is this binary's version when it is a release ("v1.2.3", also from
// `go install ...@v1.2.3`), or "" for a development build.
func releaseVersion(ldVersion string, info *debug.BuildInfo) string {
	v := ldVersion
	if v == "" && info != nil {
		v = info.Main.Version
	}
	if !semver.MatchString(v) || pseudo.MatchString(v) {
		return ""
	}
	return v
}

// semver is a Go module version without build metadata (a "+dirty" build is no release).
var semver = regexp.MustCompile(`^v\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$`)

// pseudo is the tail of a Go pseudo-version, which names a commit, not a release.
var pseudo = regexp.MustCompile(`\d{14}-[0-9a-f]{12}$`)

// actionRef is the ref of the Action a new site's workflow uses: the release, else main.
func actionRef(release string) string {
	if release == "" {
		return "main"
	}
	return release
}
