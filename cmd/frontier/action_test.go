package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// actionStep is one step of action.yml, as much of it as the tests run.
type actionStep struct {
	ID   string            `yaml:"id"`
	Uses string            `yaml:"uses"`
	With map[string]string `yaml:"with"`
	Env  map[string]string `yaml:"env"`
	Run  string            `yaml:"run"`
}

// actionSteps are action.yml's steps, in order.
func actionSteps(t *testing.T) []actionStep {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var action struct {
		Runs struct {
			Steps []actionStep `yaml:"steps"`
		} `yaml:"runs"`
	}
	if err := yaml.Unmarshal(b, &action); err != nil {
		t.Fatal(err)
	}
	return action.Runs.Steps
}

// actionStepThat is the first of action.yml's run steps for which is says true; what names
// the step in a failure.
func actionStepThat(t *testing.T, what string, is func(actionStep) bool) actionStep {
	t.Helper()
	for _, s := range actionSteps(t) {
		if s.Run != "" && is(s) {
			return s
		}
	}
	t.Fatalf("action.yml has no step %s", what)
	return actionStep{}
}

// installStep is the Action's install step: the bash script that picks which frontier to use
// and downloads a release's binary.
func installStep(t *testing.T) actionStep {
	t.Helper()
	return actionStepThat(t, "with id install", func(s actionStep) bool { return s.ID == "install" })
}

// runStep runs a step's script in bash as the runner would, with its env and the runner's
// variables in env (the step's own ${{ }} values are the test's to give).
func runStep(t *testing.T, s actionStep, dir string, env ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("bash", "-c", s.Run)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// outputs reads a GITHUB_OUTPUT file: name=value lines and name<<EOF ... EOF blocks.
func outputs(t *testing.T, name string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		if k, delim, ok := strings.Cut(lines[i], "<<"); ok {
			var v []string
			for i++; i < len(lines) && lines[i] != delim; i++ {
				v = append(v, lines[i])
			}
			m[k] = strings.Join(v, "\n")
			continue
		}
		k, v, _ := strings.Cut(lines[i], "=")
		m[k] = v
	}
	return m
}

// fakeReleases serves releases as GitHub does, for the owner/repo frontier-bench/frontier:
// v1.2.3 with a good binary, v6.6.6 with one that does not match its checksums.txt, v7.7.7 with
// a checksums.txt that does not list its binary, and releases/latest redirecting to v1.2.3.
// Everything else is 404.
func fakeReleases(t *testing.T) (url string, binary []byte) {
	binary = []byte("#!/bin/sh\necho frontier v1.2.3\n")
	sum := sha256.Sum256(binary)
	files := map[string][]byte{
		"v1.2.3/frontier-v1.2.3-linux-amd64": binary,
		"v1.2.3/checksums.txt": []byte(fmt.Sprintf("%x  frontier-v1.2.3-darwin-arm64\n%x  frontier-v1.2.3-linux-amd64\n",
			sha256.Sum256(nil), sum)),
		"v6.6.6/frontier-v6.6.6-linux-amd64": []byte("tampered"),
		"v6.6.6/checksums.txt":               []byte(fmt.Sprintf("%x  frontier-v6.6.6-linux-amd64\n", sum)),
		"v7.7.7/frontier-v7.7.7-linux-amd64": binary,
		"v7.7.7/checksums.txt":               []byte(fmt.Sprintf("%x  frontier-v7.7.7-darwin-arm64\n", sum)),
	}
	const repo = "/frontier-bench/frontier/releases/"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch p := strings.TrimPrefix(r.URL.Path, repo); {
		case p == "latest":
			http.Redirect(w, r, repo+"tag/v1.2.3", http.StatusFound)
		case p == "tag/v1.2.3":
			fmt.Fprint(w, "release page")
		case files[strings.TrimPrefix(p, "download/")] != nil && strings.HasPrefix(p, "download/"):
			w.Write(files[strings.TrimPrefix(p, "download/")])
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL, binary
}

// TestActionPicksWhichFrontier runs the Action's install step in bash, as the runner would on
// Linux x64, against a local stand-in for GitHub's release downloads: which version it picks
// (from its inputs, the runner's env or the path it was checked out to), that it installs a
// release's binary only when checksums.txt vouches for it, saying plainly why not otherwise,
// and that it builds from source when its own ref has no release.
func TestActionPicksWhichFrontier(t *testing.T) {
	needTool(t, "bash")
	needTool(t, "curl")
	install := installStep(t)
	server, binary := fakeReleases(t)
	const actions = "/home/runner/work/_actions/frontier-bench/frontier/"

	for _, c := range []struct {
		name               string
		version, ref, path string
		want               string // "build" or "download"
		wantRef            string // the ref a build is of
		wantProblem        string // the last line of the log
	}{
		{name: "a local uses: ./ builds the checkout", path: "/home/runner/work/site/site", want: "build"},
		{name: "a branch builds its source", ref: "main", path: actions + "main", want: "build", wantRef: "main"},
		{name: "the ref comes from the path when the runner leaves it empty", version: "main", path: actions + "main", want: "build", wantRef: "main"},
		{name: "a container job's path, as the container sees it", path: "/__w/_actions/frontier-bench/frontier/v1", want: "build", wantRef: "v1"},
		{name: "a release tag installs its binary", ref: "v1.2.3", path: actions + "v1.2.3", want: "download"},
		{name: "the ref from the path, for a release", path: actions + "v1.2.3", want: "download"},
		{name: "a version input installs that release", version: "v1.2.3", ref: "main", path: actions + "main", want: "download"},
		{name: "latest is the release it redirects to", version: "latest", ref: "main", path: actions + "main", want: "download"},
		{name: "a tag without release binaries builds its source", ref: "v9.9.9", path: actions + "v9.9.9", want: "build", wantRef: "v9.9.9"},
		{name: "a binary that does not match checksums.txt is refused", ref: "v6.6.6", path: actions + "v6.6.6",
			wantProblem: fmt.Sprintf("::error::frontier-v6.6.6-linux-amd64 was not installed: its SHA-256 is %x, but the checksums.txt of frontier v6.6.6 says %x. "+
				"The download is damaged or is not the released file: re-run the job, and if it fails again report it at %s/frontier-bench/frontier/issues",
				sha256.Sum256([]byte("tampered")), sha256.Sum256(binary), server)},
		{name: "a binary checksums.txt does not list is refused", ref: "v7.7.7", path: actions + "v7.7.7",
			wantProblem: "::error::frontier-v7.7.7-linux-amd64 was not installed: the checksums.txt of frontier v7.7.7 has no line for it. " +
				"Use another version (input version), or report it at " + server + "/frontier-bench/frontier/issues"},
		{name: "a version other than the Action's, with no release, is an error", version: "my-branch", ref: "main", path: actions + "main",
			wantProblem: "::error::frontier my-branch has no release binary for linux/amd64; use a released version, or the Action at that ref (uses: frontier-bench/frontier@my-branch)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tmp := t.TempDir()
			out, path := filepath.Join(tmp, "output"), filepath.Join(tmp, "path")
			log, err := runStep(t, install, tmp,
				"VERSION="+c.version, "ACTION_REF="+c.ref, "ACTION_REPOSITORY=", "GITHUB_ACTION_PATH="+c.path,
				"RUNNER_OS=Linux", "RUNNER_ARCH=X64", "RUNNER_TEMP="+tmp, "GITHUB_SERVER_URL="+server,
				"GITHUB_OUTPUT="+out, "GITHUB_PATH="+path)
			got, _ := os.ReadFile(out)
			bin := filepath.Join(tmp, "frontier-bin")
			if c.wantProblem != "" {
				lines := strings.Split(strings.TrimSpace(log), "\n")
				if err == nil || lines[len(lines)-1] != c.wantProblem {
					t.Fatalf("want failure, the log ending\n%s\ngot %v:\n%s", c.wantProblem, err, log)
				}
				if entries, _ := os.ReadDir(bin); len(entries) > 1 { // checksums.txt may stay
					t.Errorf("a refused binary is left in %s: %v", bin, entries)
				}
				return
			}
			if err != nil {
				t.Fatalf("%v:\n%s", err, log)
			}
			want := "bin=" + filepath.Join(bin, "frontier") + "\nbuild=false\n"
			if c.want == "build" {
				want = "bin=" + filepath.Join(bin, "frontier") + "\nbuild=true\nref=" + c.wantRef +
					"\nsource=" + server + "/frontier-bench/frontier\ngo-mod=" + c.path + "/go.mod\n"
			}
			if string(got) != want {
				t.Errorf("GITHUB_OUTPUT:\n%s\nwant\n%s\n(log: %s)", got, want, log)
			}
			if p, _ := os.ReadFile(path); string(p) != bin+"\n" {
				t.Errorf("GITHUB_PATH %q, want %q", p, bin)
			}
			fi, err := os.Stat(filepath.Join(bin, "frontier"))
			if c.want == "build" {
				if err == nil {
					t.Error("a binary is installed although the step asks for a build")
				}
				return
			}
			if b, _ := os.ReadFile(filepath.Join(bin, "frontier")); err != nil || !bytes.Equal(b, binary) || fi.Mode()&0o111 == 0 {
				t.Errorf("installed binary: %v, %q, mode %v; want the release's, executable", err, b, fi)
			}
		})
	}
}

// init makes this test binary a stand-in for the frontier command, for the tests that run the
// Action's steps: run with FRONTIER_TEST_AS_COMMAND=1, it runs its arguments as main does.
func init() {
	if os.Getenv("FRONTIER_TEST_AS_COMMAND") == "1" {
		os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
	}
}

// frontierOnPath is the environment of a step that runs `frontier`: this test binary, on PATH
// under that name.
func frontierOnPath(t *testing.T) []string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	if err := os.Symlink(self, filepath.Join(bin, "frontier")); err != nil {
		t.Fatal(err)
	}
	return []string{"FRONTIER_TEST_AS_COMMAND=1", "PATH=" + bin + string(filepath.ListSeparator) + os.Getenv("PATH")}
}

// TestActionReadsItsPathFromTheRunner: the Action finds its own files through
// $GITHUB_ACTION_PATH, which in a container job is the path as the container sees it; the
// github.action_path expression is the runner's, wrong there.
func TestActionReadsItsPathFromTheRunner(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if n.Kind == yaml.ScalarNode && strings.Contains(strings.ReplaceAll(n.Value, " ", ""), "github.action_path") {
			t.Errorf("action.yml:%d: %q uses github.action_path; use $GITHUB_ACTION_PATH (or a step's output made from it)", n.Line, n.Value)
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(&doc)
	if install := installStep(t); !strings.Contains(install.Run, `echo "go-mod=$GITHUB_ACTION_PATH/go.mod"`) {
		t.Errorf("the install step does not give the path of go.mod from $GITHUB_ACTION_PATH:\n%s", install.Run)
	}
	setupGo := false
	for _, s := range actionSteps(t) {
		if strings.HasPrefix(s.Uses, "actions/setup-go@") {
			setupGo = true
			if got := s.With["go-version-file"]; got != "${{ steps.install.outputs.go-mod }}" {
				t.Errorf("setup-go's go-version-file is %q, want the install step's go-mod output", got)
			}
		}
	}
	if !setupGo {
		t.Error("action.yml has no actions/setup-go step for the source build")
	}
	source := actionStepThat(t, "that builds frontier", func(s actionStep) bool { return strings.Contains(s.Run, "go build") })
	if !strings.Contains(source.Run, `go build -C "$GITHUB_ACTION_PATH"`) {
		t.Errorf("the source build does not build in $GITHUB_ACTION_PATH:\n%s", source.Run)
	}
}

// TestActionReportsTheBaseURLItBuiltFor runs the Action's build step with frontier (this test
// binary) on a new site: its base-url output is the base URL as frontier normalised it and
// built the site for, not the input as given, and the link check passes under it.
func TestActionReportsTheBaseURLItBuiltFor(t *testing.T) {
	needTool(t, "bash")
	build := actionStepThat(t, "with id build", func(s actionStep) bool { return s.ID == "build" })
	env := frontierOnPath(t)
	site := filepath.Join(t.TempDir(), "site")
	if _, err := writeScaffold(site, "main"); err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]string{
		"https://owner.github.io/repo":  "https://owner.github.io/repo/", // as configure-pages gives it, before the Action's "/"
		"https://owner.github.io/repo/": "https://owner.github.io/repo/",
		"https://bench.example.com":     "https://bench.example.com/",
		"repo":                          "/repo/",
	} {
		tmp := t.TempDir()
		out := filepath.Join(tmp, "output")
		log, err := runStep(t, build, site, append(env, "DATA=data", "BASE_URL="+in, "GITHUB_OUTPUT="+out, "RUNNER_TEMP="+tmp)...)
		if err != nil {
			t.Fatalf("base-url %q: %v\n%s", in, err, log)
		}
		o := outputs(t, out)
		if o["base-url"] != want {
			t.Errorf("base-url %q: output base-url=%q, want %q", in, o["base-url"], want)
		}
		if !strings.HasPrefix(o["version"], "frontier ") || !strings.Contains(o["version"], "\n  echarts  ") {
			t.Errorf("base-url %q: output version=%q, want what frontier version says", in, o["version"])
		}
		if !strings.Contains(log, "public served at "+want+" has no broken links") {
			t.Errorf("base-url %q: the link check did not pass at %s:\n%s", in, want, log)
		}
	}
}

// TestActionSourceBuildSaysItsRefAndCommit runs the install and source-build steps as for
// `uses: frontier-bench/frontier@REF` where REF has no release: the runner's copy of the source
// has no .git, so the step stamps the ref and the commit it names in the Action's repository
// (here a local stand-in for it, reached as GitHub is, through GITHUB_SERVER_URL), and
// `frontier version` says both: an annotated tag's commit, not the tag object.
func TestActionSourceBuildSaysItsRefAndCommit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds frontier")
	}
	needTool(t, "bash")
	needTool(t, "git")
	install := installStep(t)
	source := actionStepThat(t, "that builds frontier", func(s actionStep) bool { return strings.Contains(s.Run, "go build") })
	tmp := t.TempDir()
	git := func(dir string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "init.defaultBranch=main"}, args...)...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	server := filepath.Join(tmp, "server")
	bare := filepath.Join(server, "frontier-bench", "frontier")
	work := filepath.Join(tmp, "work")
	git(tmp, "init", "-q", "--bare", bare)
	git(tmp, "init", "-q", work)
	git(work, "commit", "-q", "--allow-empty", "-m", "one")
	tagged := git(work, "rev-parse", "HEAD")
	git(work, "tag", "-a", "v1", "-m", "major version 1")
	git(work, "commit", "-q", "--allow-empty", "-m", "two")
	head := git(work, "rev-parse", "HEAD")
	git(work, "push", "-q", bare, "HEAD:refs/heads/main", "refs/tags/v1")
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}

	for ref, commit := range map[string]string{"v1": tagged, "main": head} {
		run := filepath.Join(tmp, "run-"+ref)
		if err := os.Mkdir(run, 0o755); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(run, "output")
		runner := []string{"RUNNER_OS=Linux", "RUNNER_ARCH=X64", "RUNNER_TEMP=" + run, "GITHUB_OUTPUT=" + out,
			"GITHUB_PATH=" + filepath.Join(run, "path"), "GITHUB_SERVER_URL=file://" + server, "GITHUB_ACTION_PATH=" + root}
		log, err := runStep(t, install, run, append(runner, "VERSION=", "ACTION_REF="+ref, "ACTION_REPOSITORY=")...)
		o := outputs(t, out)
		if err != nil || o["build"] != "true" {
			t.Fatalf("%s: install: %v, outputs %v:\n%s", ref, err, o, log)
		}
		log, err = runStep(t, source, run, append(runner, "BIN="+o["bin"], "REF="+o["ref"], "SOURCE="+o["source"])...)
		if err != nil {
			t.Fatalf("%s: source build: %v\n%s", ref, err, log)
		}
		v, err := exec.Command(o["bin"], "version").Output()
		if err != nil {
			t.Fatal(err)
		}
		if want := "frontier " + ref + "\n  commit   " + commit + "\n"; !strings.HasPrefix(string(v), want) {
			t.Errorf("uses: ...@%s: frontier version says\n%s\nwant it to begin\n%s", ref, v, want)
		}
	}
}
