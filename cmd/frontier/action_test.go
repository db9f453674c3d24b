package main

import (
	"bytes"
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
	ID  string            `yaml:"id"`
	Env map[string]string `yaml:"env"`
	Run string            `yaml:"run"`
}

// installStep is the Action's install step: the bash script that picks which frontier to use
// and downloads a release's binary.
func installStep(t *testing.T) actionStep {
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
	for _, s := range action.Runs.Steps {
		if s.ID == "install" && s.Run != "" {
			return s
		}
	}
	t.Fatal("action.yml has no step with id install")
	return actionStep{}
}

// fakeReleases serves releases as GitHub does, for the owner/repo frontier-bench/frontier:
// v1.2.3 with a good binary, v6.6.6 with one that does not match its checksums.txt, and
// releases/latest redirecting to v1.2.3. Everything else is 404.
func fakeReleases(t *testing.T) (url string, binary []byte) {
	binary = []byte("#!/bin/sh\necho frontier v1.2.3\n")
	sum := sha256.Sum256(binary)
	files := map[string][]byte{
		"v1.2.3/frontier-v1.2.3-linux-amd64": binary,
		"v1.2.3/checksums.txt": []byte(fmt.Sprintf("%x  frontier-v1.2.3-darwin-arm64\n%x  frontier-v1.2.3-linux-amd64\n",
			sha256.Sum256(nil), sum)),
		"v6.6.6/frontier-v6.6.6-linux-amd64": []byte("tampered"),
		"v6.6.6/checksums.txt":               []byte(fmt.Sprintf("%x  frontier-v6.6.6-linux-amd64\n", sum)),
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
// release's binary only when checksums.txt vouches for it, and that it builds from source
// when its own ref has no release.
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
		wantProblem        string
	}{
		{name: "a local uses: ./ builds the checkout", path: "/home/runner/work/site/site", want: "build"},
		{name: "a branch builds its source", ref: "main", path: actions + "main", want: "build"},
		{name: "the ref comes from the path when the runner leaves it empty", version: "main", path: actions + "main", want: "build"},
		{name: "a release tag installs its binary", ref: "v1.2.3", path: actions + "v1.2.3", want: "download"},
		{name: "the ref from the path, for a release", path: actions + "v1.2.3", want: "download"},
		{name: "a version input installs that release", version: "v1.2.3", ref: "main", path: actions + "main", want: "download"},
		{name: "latest is the release it redirects to", version: "latest", ref: "main", path: actions + "main", want: "download"},
		{name: "a tag without release binaries builds its source", ref: "v9.9.9", path: actions + "v9.9.9", want: "build"},
		{name: "a binary that does not match checksums.txt is refused", ref: "v6.6.6", path: actions + "v6.6.6",
			wantProblem: "::error::frontier-v6.6.6-linux-amd64 does not match the release's checksums.txt"},
		{name: "a version other than the Action's, with no release, is an error", version: "my-branch", ref: "main", path: actions + "main",
			wantProblem: "::error::frontier my-branch has no release binary for linux/amd64; use a released version, or the Action at that ref (uses: frontier-bench/frontier@my-branch)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tmp := t.TempDir()
			out, path := filepath.Join(tmp, "output"), filepath.Join(tmp, "path")
			cmd := exec.Command("bash", "-c", install.Run)
			cmd.Env = append(os.Environ(),
				"VERSION="+c.version, "ACTION_REF="+c.ref, "ACTION_REPOSITORY=", "ACTION_PATH="+c.path,
				"RUNNER_OS=Linux", "RUNNER_ARCH=X64", "RUNNER_TEMP="+tmp, "GITHUB_SERVER_URL="+server,
				"GITHUB_OUTPUT="+out, "GITHUB_PATH="+path)
			stdout, err := cmd.CombinedOutput()
			got, _ := os.ReadFile(out)
			if c.wantProblem != "" {
				if err == nil || !strings.Contains(string(stdout), c.wantProblem) {
					t.Fatalf("want failure %q; got %v:\n%s", c.wantProblem, err, stdout)
				}
				return
			}
			if err != nil {
				t.Fatalf("%v:\n%s", err, stdout)
			}
			bin := filepath.Join(tmp, "frontier-bin")
			if want := "bin=" + filepath.Join(bin, "frontier") + "\nbuild=" + fmt.Sprint(c.want == "build") + "\n"; string(got) != want {
				t.Errorf("GITHUB_OUTPUT:\n%s\nwant\n%s\n(output: %s)", got, want, stdout)
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
