package main

import (
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

// TestActionPicksWhichFrontier runs the Action's install step in bash, as the runner would,
// for the cases that need no network: which ref it is, and whether it builds from source.
// (Downloading a release is left to the Action's runs in GitHub.)
func TestActionPicksWhichFrontier(t *testing.T) {
	needTool(t, "bash")
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
	var install actionStep
	for _, s := range action.Runs.Steps {
		if s.ID == "install" {
			install = s
		}
	}
	if install.Run == "" {
		t.Fatal("action.yml has no step with id install")
	}

	for _, c := range []struct {
		name                   string
		version, ref, path     string
		wantBuild, wantProblem string
	}{
		{name: "a local uses: ./ builds the checkout", path: "/home/runner/work/site/site", wantBuild: "true"},
		{name: "a branch builds its source", ref: "main", path: "/home/runner/work/_actions/frontier-bench/frontier/main", wantBuild: "true"},
		{name: "the ref comes from the path when the runner leaves it empty",
			path: "/home/runner/work/_actions/frontier-bench/frontier/main", version: "main", wantBuild: "true"},
		{name: "a version other than the Action's, with no release, is an error",
			ref: "main", path: "/home/runner/work/_actions/frontier-bench/frontier/main", version: "my-branch",
			wantProblem: "::error::frontier my-branch has no release binary for linux/amd64; use a released version, or the Action at that ref (uses: frontier-bench/frontier@my-branch)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tmp := t.TempDir()
			out, path := filepath.Join(tmp, "output"), filepath.Join(tmp, "path")
			cmd := exec.Command("bash", "-c", install.Run)
			cmd.Env = append(os.Environ(),
				"VERSION="+c.version, "ACTION_REF="+c.ref, "ACTION_REPOSITORY=", "ACTION_PATH="+c.path,
				"RUNNER_OS=Linux", "RUNNER_ARCH=X64", "RUNNER_TEMP="+tmp,
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
			if want := "bin=" + filepath.Join(bin, "frontier") + "\nbuild=" + c.wantBuild + "\n"; string(got) != want {
				t.Errorf("GITHUB_OUTPUT:\n%s\nwant\n%s", got, want)
			}
			if p, _ := os.ReadFile(path); string(p) != bin+"\n" {
				t.Errorf("GITHUB_PATH %q, want %q", p, bin)
			}
		})
	}
}
