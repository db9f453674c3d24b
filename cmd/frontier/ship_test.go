package main

import (
	"archive/tar"
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
	"gopkg.in/yaml.v3"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/templates"
)

// repoRoot is the repository, seen from this package's folder.
const repoRoot = "../.."

// TestMain closes the browser that TestGoInstallBinaryDrawsCharts starts.
func TestMain(m *testing.M) { browsertest.Main(m) }

// needTool ends a test that lacks a program: locally it skips, in CI (CI=true) it fails, so
// that CI cannot pass by not checking.
func needTool(t *testing.T, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		testenv.Unavailable(t, "%s is not installed", name)
	}
}

// TestWorkflowsPassActionlint lints, with the actionlint pinned as a tool in go.mod, every
// workflow of the repository, the workflow `frontier new` writes, and the Action's own steps.
// actionlint checks workflows, and the inputs a `uses: ./` step passes against action.yml; so
// the composite Action's steps are also checked as the steps of a reusable workflow with the
// same inputs, which gives them the same expression, context and shellcheck checks. A probe
// workflow with two known mistakes proves that both checks really ran.
func TestWorkflowsPassActionlint(t *testing.T) {
	if testing.Short() {
		t.Skip("builds actionlint")
	}
	tmp := t.TempDir()
	actionlint := filepath.Join(tmp, "actionlint")
	build := exec.Command("go", "build", "-o", actionlint, "github.com/rhysd/actionlint/cmd/actionlint")
	build.Dir = repoRoot
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build actionlint: %v\n%s", err, out)
	}

	// A project as actionlint sees one: .git, action.yml, .github/workflows.
	project := filepath.Join(tmp, "project")
	workflows := filepath.Join(project, ".github", "workflows")
	for _, d := range []string{filepath.Join(project, ".git"), workflows} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string][]byte{}
	copyFile := func(from, to string) {
		b, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		files[to] = b
	}
	copyFile(filepath.Join(repoRoot, "action.yml"), filepath.Join(project, "action.yml"))
	ours, err := filepath.Glob(filepath.Join(repoRoot, ".github", "workflows", "*.yml"))
	if err != nil || len(ours) < 2 {
		t.Fatalf("the repository's workflows: %v %v", ours, err)
	}
	for _, w := range ours {
		copyFile(w, filepath.Join(workflows, filepath.Base(w)))
	}
	site := filepath.Join(tmp, "site")
	if _, err := writeScaffold(site, "v1.2.3"); err != nil {
		t.Fatal(err)
	}
	copyFile(filepath.Join(site, ".github", "workflows", "pages.yml"), filepath.Join(workflows, "new-site-pages.yml"))
	readme, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	files[filepath.Join(workflows, "readme-pages.yml")] = readmeWorkflow(t, string(readme))
	verdicts, err := os.ReadFile(filepath.Join(repoRoot, "docs", "verdicts.md"))
	if err != nil {
		t.Fatal(err)
	}
	files[filepath.Join(workflows, "verdicts-pr.yml")] = sectionWorkflow(t, "docs/verdicts.md", string(verdicts), "In CI: the GitHub Action")
	steps, err := actionAsWorkflow(filepath.Join(repoRoot, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	files[filepath.Join(workflows, "action-steps.yml")] = steps
	files[filepath.Join(workflows, "probe.yml")] = []byte(`on: push
jobs:
  probe:
    runs-on: ubuntu-latest
    steps:
      - uses: ./
        with:
          no-such-input: x
      - run: echo $RUNNER_TEMP
`)
	var names []string
	for name, b := range files {
		if err := os.WriteFile(name, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if filepath.Dir(name) == workflows {
			names = append(names, name)
		}
	}

	cmd := exec.Command(actionlint, append([]string{"-no-color", "-format",
		"{{range $e := .}}{{$e.Filepath}}:{{$e.Line}}:{{$e.Column}}: {{$e.Message}} [{{$e.Kind}}]\n{{end}}"}, names...)...)
	cmd.Dir = project
	out, _ := cmd.CombinedOutput()
	var probe []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		switch {
		case line == "":
		case strings.HasPrefix(line, ".github/workflows/probe.yml:"):
			probe = append(probe, line)
		case strings.HasPrefix(line, ".github/workflows/action-steps.yml:"):
			t.Errorf("action.yml (linted as %s, below): %s", "action-steps.yml", line)
		default:
			t.Errorf("%s", line)
		}
	}
	if t.Failed() {
		t.Logf("action.yml's steps as a reusable workflow:\n%s", steps)
	}
	probeText := strings.Join(probe, "\n")
	if !strings.Contains(probeText, `input "no-such-input" is not defined in action "Frontier"`) {
		t.Errorf("actionlint did not check a step's inputs against action.yml:\n%s", out)
	}
	if !strings.Contains(probeText, "SC2086") {
		testenv.Unavailable(t, "actionlint ran no shellcheck on the run scripts (install shellcheck):\n%s", out)
	}
}

// readmeWorkflow is the publisher's workflow the README shows: the first yaml block of the
// section "Publish with the GitHub Action".
func readmeWorkflow(t *testing.T, readme string) []byte {
	t.Helper()
	return sectionWorkflow(t, "README.md", readme, "Publish with the GitHub Action")
}

// sectionWorkflow is the first yaml block of the section headed heading (##) in the markdown
// file name, whose text is doc: a workflow that uses the Action.
func sectionWorkflow(t *testing.T, name, doc, heading string) []byte {
	t.Helper()
	_, section, ok := strings.Cut(doc, "## "+heading+"\n")
	if !ok {
		t.Fatalf("%s has no section %q", name, heading)
	}
	_, block, ok := strings.Cut(section, "```yaml\n")
	block, _, closed := strings.Cut(block, "```\n")
	if !ok || !closed || !strings.Contains(block, "uses: "+actionRepo+"@") {
		t.Fatalf("%s: the section %q has no yaml block using %s", name, heading, actionRepo)
	}
	return []byte(block)
}

// actionAsWorkflow turns a composite action into a reusable workflow of one job with the
// action's inputs and steps, for actionlint.
func actionAsWorkflow(name string) ([]byte, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var action struct {
		Inputs map[string]struct {
			Default string `yaml:"default"`
		} `yaml:"inputs"`
		Runs struct {
			Using string `yaml:"using"`
			Steps []any  `yaml:"steps"`
		} `yaml:"runs"`
	}
	if err := yaml.Unmarshal(b, &action); err != nil {
		return nil, err
	}
	if action.Runs.Using != "composite" || len(action.Runs.Steps) == 0 {
		return nil, errors.New("action.yml: want a composite action with steps")
	}
	inputs := map[string]any{}
	for k, in := range action.Inputs {
		inputs[k] = map[string]any{"type": "string", "required": false, "default": in.Default}
	}
	return yaml.Marshal(map[string]any{
		"name": "action.yml's steps",
		"on":   map[string]any{"workflow_call": map[string]any{"inputs": inputs}},
		"jobs": map[string]any{"action": map[string]any{"runs-on": "ubuntu-latest", "steps": action.Runs.Steps}},
	})
}

// TestGoInstallBinaryDrawsCharts builds frontier from exactly the files `go install` would get
// (the module zip of the committed tree: no node_modules, nothing uncommitted, Go's own rules
// for what a module holds), makes a site with its `frontier new`, builds it with its
// `frontier build`, and opens the chart page in Chromium: the embedded ECharts must draw it.
func TestGoInstallBinaryDrawsCharts(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary from the committed tree")
	}
	needTool(t, "git")
	b := browsertest.New(t)
	tmp := t.TempDir()

	// The committed tree, as the module proxy zips it from the repository.
	var tree, stderr bytes.Buffer
	archive := exec.Command("git", "archive", "--format=tar", "HEAD")
	archive.Dir, archive.Stdout, archive.Stderr = repoRoot, &tree, &stderr
	if err := archive.Run(); err != nil {
		testenv.Unavailable(t, "git archive HEAD: %v %s (not a git checkout?)", err, stderr.String())
	}
	if dirty, _ := exec.Command("git", "-C", repoRoot, "status", "--porcelain", "--untracked-files=no").Output(); len(dirty) > 0 {
		t.Logf("testing the committed tree (HEAD), not these uncommitted changes:\n%s", dirty)
	}
	checkout := filepath.Join(tmp, "checkout")
	if err := untar(&tree, checkout); err != nil {
		t.Fatal(err)
	}
	mod := module.Version{Path: "github.com/frontier-bench/frontier", Version: "v0.0.0-test"}
	zipFile := filepath.Join(tmp, "module.zip")
	f, err := os.Create(zipFile)
	if err != nil {
		t.Fatal(err)
	}
	if err := modzip.CreateFromDir(f, mod, checkout); err != nil {
		t.Fatalf("module zip: %v", err)
	}
	f.Close()
	src := filepath.Join(tmp, "module")
	if err := modzip.Unzip(src, mod, zipFile); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(src, "node_modules")); err == nil {
		t.Fatal("the module holds node_modules")
	}

	bin := filepath.Join(tmp, "frontier")
	build := exec.Command("go", "build", "-trimpath", "-o", bin, "./cmd/frontier")
	build.Dir = src
	build.Env = append(os.Environ(), "GOFLAGS=-mod=readonly", "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build in the module: %v\n%s", err, out)
	}
	frontier := func(dir string, args ...string) string {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("frontier %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}

	want := templates.EChartsVersion()
	if v := frontier(tmp, "version"); !strings.Contains(v, "  echarts  "+want+"\n") || want == "" {
		t.Errorf("frontier version:\n%s\nwant ECharts %q embedded", v, want)
	}
	frontier(tmp, "new", "site")
	site := filepath.Join(tmp, "site")
	frontier(site, "build")
	frontier(site, "check", "--links", "public")

	root := b.Serve(os.DirFS(filepath.Join(site, "public")), "/")
	p := b.Open(t, root+"deepseek-v4-pro/8k-1k/")
	st := p.ChartState("#chart") // reaches for the chart, which loads ECharts
	var version string
	p.Eval(`echarts.version`, &version)
	if version != want {
		t.Errorf("the page's ECharts is %q, want the embedded %q", version, want)
	}
	points := 0
	for _, s := range st.Series {
		if s.Type == "scatter" {
			points += len(s.Points)
		}
	}
	// data.csv beside the page has a header and a row per point.
	csv, err := os.ReadFile(filepath.Join(site, "public", "deepseek-v4-pro", "8k-1k", "data.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Count(string(csv), "\n") - 1; points != want || points == 0 {
		t.Errorf("the chart shows %d points in %d series, want data.csv's %d", points, len(st.Series), want)
	}
}

// untar writes a tar stream's files and folders below dir.
func untar(r io.Reader, dir string) error {
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		name := filepath.Join(dir, filepath.FromSlash(h.Name))
		if !strings.HasPrefix(name, filepath.Clean(dir)+string(filepath.Separator)) {
			return errors.New("tar: " + h.Name + " leaves the folder")
		}
		switch h.Typeflag {
		case tar.TypeDir:
			err = os.MkdirAll(name, 0o755)
		case tar.TypeReg:
			if err = os.MkdirAll(filepath.Dir(name), 0o755); err == nil {
				var b []byte
				if b, err = io.ReadAll(tr); err == nil {
					err = os.WriteFile(name, b, os.FileMode(h.Mode)&0o777)
				}
			}
		}
		if err != nil {
			return err
		}
	}
}
