package main

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNewMakesASiteThatBuilds is `frontier new` then `frontier build` in the new folder, as a
// new user runs them: the build succeeds without a warning, the example becomes a chart page,
// and frontier.toml is read.
func TestNewMakesASiteThatBuilds(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mysite")
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"new", dir}, &stdout, &stderr); code != exitOK {
		t.Fatalf("new exited %d:\n%s", code, stderr.String())
	}
	for _, f := range []string{"data/index.md", "frontier.toml", ".github/workflows/pages.yml", ".gitignore"} {
		if !strings.Contains(stdout.String(), "  "+f+"\n") {
			t.Errorf("new does not list %s:\n%s", f, stdout.String())
		}
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	wf, err := os.ReadFile(filepath.Join(dir, ".github/workflows/pages.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(wf), "uses: "+actionRepo+"@main\n") {
		t.Errorf("a development build's workflow should use the Action at main:\n%s", wf)
	}

	stdout.Reset()
	stderr.Reset()
	out := filepath.Join(dir, "public")
	if code := run(context.Background(), []string{"build", "--data", filepath.Join(dir, "data"), "--out", out}, &stdout, &stderr); code != exitOK || stderr.Len() > 0 {
		t.Fatalf("build of the new site exited %d:\n%s", code, stderr.String())
	}
	// Every *.json below data/ is one data file: the view example and the raw results.
	var examples []string
	err = fs.WalkDir(scaffold, "scaffold/data", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") {
			examples = append(examples, p)
		}
		return err
	})
	if err != nil || len(examples) < 2 {
		t.Fatalf("the scaffold has no example data: %v", err)
	}
	if want := fmt.Sprintf("datasets   %6d\n", len(examples)); !strings.Contains(stdout.String(), want) || !strings.Contains(stdout.String(), "warnings        0\n") {
		t.Errorf("build summary:\n%s\nwant every example (%s) read, without a warning", stdout.String(), strings.TrimSpace(want))
	}
	page, err := os.ReadFile(filepath.Join(out, "deepseek-v4-pro", "8k-1k", "index.html"))
	if err != nil {
		t.Fatalf("the example's chart page: %v", err)
	}
	if !strings.Contains(string(page), "Inference benchmarks") {
		t.Error("the chart page does not carry frontier.toml's title")
	}
	// The restated files (the seed's own points in raw formats, given their context by
	// frontier.toml's [[runs]]) make their own page, which says what they are.
	raw, err := os.ReadFile(filepath.Join(out, "deepseek-v4-pro-restated", "8k-1k", "data.csv"))
	if err != nil {
		t.Fatalf("the restated raw results' page: %v", err)
	}
	for _, w := range []string{"median_tpot", "B300 (vLLM)", "B300 (TRTLLM)", "B200 (TRTLLM)"} {
		if !strings.Contains(string(raw), w) {
			t.Errorf("the restated page's data.csv lacks %q:\n%s", w, raw)
		}
	}
	if html, _ := os.ReadFile(filepath.Join(out, "deepseek-v4-pro-restated", "8k-1k", "index.html")); !strings.Contains(string(html), "restate the seed") {
		t.Error("the restated page does not say that its points restate the seed")
	}
}

func TestNewWritesTheReleaseIntoTheWorkflow(t *testing.T) {
	dir := t.TempDir()
	if _, err := writeScaffold(dir, "v1.2.3"); err != nil {
		t.Fatal(err)
	}
	wf, err := os.ReadFile(filepath.Join(dir, ".github/workflows/pages.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(wf), "uses: "+actionRepo+"@v1.2.3\n") || strings.Contains(string(wf), "@main") {
		t.Errorf("a release's workflow should use the Action at its tag:\n%s", wf)
	}
}

// TestNewRefusesWhatItWouldOverwrite: a folder with anything in it, or a file, is left as it was.
func TestNewRefusesWhatItWouldOverwrite(t *testing.T) {
	full := t.TempDir()
	if err := os.WriteFile(filepath.Join(full, "frontier.toml"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	for dir, want := range map[string]string{full: "is not empty (it holds frontier.toml)", file: "is a file"} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), []string{"new", dir}, &stdout, &stderr)
		if code != exitProblems || !strings.Contains(stderr.String(), dir+" "+want) {
			t.Errorf("new %s: exit %d, stderr %q; want %d and %q", dir, code, stderr.String(), exitProblems, want)
		}
	}
	entries, err := os.ReadDir(full)
	if err != nil || len(entries) != 1 {
		t.Errorf("new wrote into a non-empty folder: %v %v", entries, err)
	}
	if b, _ := os.ReadFile(filepath.Join(full, "frontier.toml")); string(b) != "mine" {
		t.Errorf("new changed an existing file: %q", b)
	}
}

func TestNewUsage(t *testing.T) {
	for _, args := range [][]string{{"new"}, {"new", "a", "b"}, {"new", "--bogus", "a"}} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), args, &stdout, &stderr); code != exitUsage {
			t.Errorf("%q: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// TestNewIntoAnEmptyFolder: an empty folder is as good as none, like `git init` and `hugo new site`.
func TestNewIntoAnEmptyFolder(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"new", dir}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "frontier.toml")); err != nil {
		t.Error(err)
	}
}
