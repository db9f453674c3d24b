package main

import (
	"bytes"
	"context"
	"github.com/frontier-bench/frontier/internal/testsite"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// buildExample builds the repository's example site into a fresh folder for baseURL.
func buildExample(t *testing.T, baseURL string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "public")
	var stdout, stderr bytes.Buffer
	args := []string{"build", "--data", "../../data", "--config", "../../frontier.toml", "--out", out}
	if baseURL != "" {
		args = append(args, "--base-url", baseURL)
	}
	if code := run(context.Background(), args, &stdout, &stderr); code != exitOK {
		t.Fatalf("build exited %d:\n%s", code, stderr.String())
	}
	return out
}

func TestCheckLinksCommandCleanBundle(t *testing.T) {
	for _, base := range []string{"https://owner.github.io/repo/", ""} {
		out := buildExample(t, base)
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), []string{"check", "--links", out}, &stdout, &stderr)
		if code != exitOK || stderr.Len() > 0 {
			t.Errorf("base %q: check --links exited %d:\n%s", base, code, stderr.String())
		}
		if !strings.Contains(stdout.String(), "no broken links") {
			t.Errorf("base %q: stdout %q", base, stdout.String())
		}
	}
}

func TestCheckLinksCommandReportsBrokenLinks(t *testing.T) {
	out := buildExample(t, "https://owner.github.io/repo/")
	css, err := filepath.Glob(filepath.Join(out, "assets", "style.*.css"))
	if err != nil || len(css) != 1 {
		t.Fatalf("stylesheet: %v %v", css, err)
	}
	if err := os.Remove(css[0]); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"check", "--links", out}, &stdout, &stderr)
	if code != exitProblems {
		t.Errorf("exit %d, want %d", code, exitProblems)
	}
	want := "/repo/404.html: broken link /repo/assets/" + filepath.Base(css[0]) + "\n"
	if !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
	}
}

func TestCheckLinksCommandBaseURLFlag(t *testing.T) {
	out := buildExample(t, "")
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"check", "--links", out, "--base-url", "/repo/"}, &stdout, &stderr)
	if code != exitProblems || !strings.Contains(stderr.String(), "/repo/: broken link /assets/") {
		t.Errorf("a root bundle checked under /repo/: exit %d\n%s", code, stderr.String())
	}
}

func TestCheckLinksCommandNoBundle(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"check", "--links", filepath.Join(t.TempDir(), "nothing")}, &stdout, &stderr)
	if code != exitProblems || !strings.Contains(stderr.String(), "no built site") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}

// TestBaseURLFlagWinsOverConfig builds a site whose frontier.toml names one base URL with
// --base-url naming another, and reads back which one the bundle was built for.
func TestBaseURLFlagWinsOverConfig(t *testing.T) {
	root := t.TempDir()
	seed, err := os.ReadFile("../../data/deepseek-v4-pro_8k-1k_fp4.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, "data"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "data", "seed.json"), seed, 0o644); err != nil {
		t.Fatal(err)
	}
	toml := "baseURL = \"https://config.example/from-config/\"\n"
	if err := os.WriteFile(filepath.Join(root, "frontier.toml"), []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		flag []string
		want string
	}{
		{nil, `<link rel="canonical" href="https://config.example/from-config/">`},
		{[]string{"--base-url", "https://owner.github.io/repo/"}, `<link rel="canonical" href="https://owner.github.io/repo/">`},
		// A base URL without a host gives no canonical link (a relative one is invalid); the
		// base path is in the frontier-base meta tag, for check --links.
		{[]string{"--base-url", "/repo"}, `<meta name="frontier-base" content="/repo/">`},
	} {
		out := filepath.Join(t.TempDir(), "public")
		var stdout, stderr bytes.Buffer
		args := append([]string{"build", "--data", filepath.Join(root, "data"), "--out", out}, c.flag...)
		if code := run(context.Background(), args, &stdout, &stderr); code != exitOK {
			t.Fatalf("%v: exit %d\n%s", c.flag, code, stderr.String())
		}
		home, err := os.ReadFile(filepath.Join(out, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(home, []byte(c.want)) {
			t.Errorf("%v: home page lacks %s", c.flag, c.want)
		}
		if hasCanonical := bytes.Contains(home, []byte(`rel="canonical"`)); hasCanonical != strings.Contains(c.want, "https://") {
			t.Errorf("%v: canonical link %v, want one only when the base URL has a host", c.flag, hasCanonical)
		}
	}
}

// TestBrokenTemplateOverrideNamesItsFile: a site's own templates/controls.html that does not
// parse is reported in that file at its line, by check and build alike.
func TestBrokenTemplateOverrideNamesItsFile(t *testing.T) {
	root := t.TempDir()
	data := testsite.CopyReal(t, root)
	tmpl := filepath.Join(root, "templates")
	if err := os.Mkdir(tmpl, 0o755); err != nil {
		t.Fatal(err)
	}
	broken := "{{define \"controls\"}}\n<form>\n{{.Chart.NoSuchField}}\n</form>\n{{end}}\n"
	if err := os.WriteFile(filepath.Join(tmpl, "controls.html"), []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	want := filepath.ToSlash(tmpl) + "/controls.html:3:8: executing \"controls\""
	for _, args := range [][]string{
		{"check", "--data", data},
		{"build", "--data", data, "--out", filepath.Join(root, "public")},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), args, &stdout, &stderr); code != exitProblems {
			t.Errorf("%s exited %d, want %d", args[0], code, exitProblems)
		}
		if !strings.Contains(stderr.String(), want) || !strings.Contains(stderr.String(), "{{.Chart.NoSuchField}}") {
			t.Errorf("%s said:\n%s\nwant %q and the line", args[0], stderr.String(), want)
		}
	}
}
