package main

import (
	"crypto/sha256"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// workflow is as much of a GitHub Actions workflow as the tests check.
type workflow struct {
	On          map[string]any    `yaml:"on"`
	Permissions map[string]string `yaml:"permissions"`
	Jobs        map[string]struct {
		Permissions map[string]string `yaml:"permissions"`
		Container   any               `yaml:"container"`
		Steps       []actionStep      `yaml:"steps"`
	} `yaml:"jobs"`
}

func parseWorkflow(t *testing.T, name string, b []byte) workflow {
	t.Helper()
	var w workflow
	if err := yaml.Unmarshal(b, &w); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return w
}

func readWorkflow(t *testing.T, name string) workflow {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, ".github", "workflows", name))
	if err != nil {
		t.Fatal(err)
	}
	return parseWorkflow(t, name, b)
}

// filterPattern is a GitHub Actions filter pattern (branches, tags) as a regular expression:
// * is any run of characters but /, ** any run at all, ? and + make the character or [set]
// before them optional or repeated, \ quotes the next character; the rest is literal.
func filterPattern(p string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '*' && strings.HasPrefix(p[i:], "**"):
			b.WriteString(".*")
			i++
		case c == '*':
			b.WriteString("[^/]*")
		case c == '?' || c == '+':
			b.WriteByte(c)
		case c == '[':
			end := strings.IndexByte(p[i:], ']')
			b.WriteString(p[i : i+end+1])
			i += end
		case c == '\\' && i+1 < len(p):
			i++
			b.WriteString(regexp.QuoteMeta(p[i : i+1]))
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

// filterMatches reports whether a push of ref runs the workflow, by GitHub's rule for a
// list of patterns: the last pattern that matches decides, a !pattern excluding.
func filterMatches(patterns []string, ref string) bool {
	match := false
	for _, p := range patterns {
		neg := strings.HasPrefix(p, "!")
		if filterPattern(strings.TrimPrefix(p, "!")).MatchString(ref) {
			match = !neg
		}
	}
	return match
}

func TestFilterPatternAsGitHubDocumentsIt(t *testing.T) {
	for _, c := range []struct {
		pattern, ref string
		want         bool
	}{
		{"v[12].[0-9]+.[0-9]+", "v1.10.1", true},
		{"v[12].[0-9]+.[0-9]+", "v2.0.0", true},
		{"v[12].[0-9]+.[0-9]+", "v3.0.0", false},
		{"v[12].[0-9]+.[0-9]+", "v1x10x1", false},
		{"feature/*", "feature/my-branch", true},
		{"feature/*", "feature/your/branch", false},
		{"feature/**", "feature/your/branch", true},
		{"v2*", "v2.0", true},
		{"*", "v1", true},
	} {
		if got := filterPattern(c.pattern).MatchString(c.ref); got != c.want {
			t.Errorf("%q matches %q: %v, want %v", c.pattern, c.ref, got, c.want)
		}
	}
	if filterMatches([]string{"v*", "!v1"}, "v1") || !filterMatches([]string{"v*", "!v1"}, "v1.0.0") {
		t.Error("a !pattern after a pattern should exclude what it matches")
	}
}

// TestReleaseRunsOnlyForVersionTags: release.yml runs for a release's tag and a prerelease's,
// never for a moving major tag or anything else that is no version.
func TestReleaseRunsOnlyForVersionTags(t *testing.T) {
	w := readWorkflow(t, "release.yml")
	push, _ := w.On["push"].(map[string]any)
	var tags []string
	if list, ok := push["tags"].([]any); ok {
		for _, p := range list {
			tags = append(tags, fmt.Sprint(p))
		}
	}
	if len(w.On) != 1 || len(push) != 1 || len(tags) == 0 {
		t.Fatalf("release.yml should run on pushed tags alone; on: %v", w.On)
	}
	for ref, want := range map[string]bool{
		"v1.2.3": true, "v0.1.0": true, "v10.20.30": true, "v1.3.0-rc.1": true, "v2.0.0-beta": true,
		"v1": false, "v1.2": false, "v2": false, "latest": false, "v1.2.3.4": false, "vnext": false, "1.2.3": false,
	} {
		if got := filterMatches(tags, ref); got != want {
			t.Errorf("release.yml tags %q: a push of tag %s runs it: %v, want %v", tags, ref, got, want)
		}
	}
	steps := strings.Join(stepRuns(w), "\n")
	for _, want := range []string{`.github/release.sh build "$TAG"`, `.github/release.sh publish "$TAG"`} {
		if !strings.Contains(steps, want) {
			t.Errorf("release.yml does not run %s", want)
		}
	}
}

// stepRuns are the run scripts of every step of every job.
func stepRuns(w workflow) []string {
	var runs []string
	for _, name := range slices.Sorted(maps.Keys(w.Jobs)) {
		for _, s := range w.Jobs[name].Steps {
			runs = append(runs, s.Run)
		}
	}
	return runs
}

// releaseRepo is a git repository with the release script and the given tags, and a fake gh
// on PATH that logs each call's arguments and has no release yet unless existing names it.
func releaseRepo(t *testing.T, tags []string, existing string) (dir string, env []string, ghLog string) {
	t.Helper()
	needTool(t, "bash")
	needTool(t, "git")
	dir = t.TempDir()
	script, err := os.ReadFile(filepath.Join(repoRoot, ".github", "release.sh"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, ".github"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".github", "release.sh"), script, 0o755); err != nil {
		t.Fatal(err)
	}
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	git("init", "-q")
	git("commit", "-q", "--allow-empty", "-m", "one")
	for _, tag := range tags {
		git("tag", tag)
	}
	bin := filepath.Join(dir, "fake-bin")
	ghLog = filepath.Join(dir, "gh.log")
	gh := "#!/bin/sh\necho \"$*\" >> " + ghLog + "\n" +
		"if [ \"$1 $2\" = 'release view' ]; then [ \"$3\" = '" + existing + "' ]; exit; fi\n"
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bin, "gh"), []byte(gh), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "dist"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "dist", "checksums.txt"), []byte("sums\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, []string{"PATH=" + bin + string(filepath.ListSeparator) + os.Getenv("PATH")}, ghLog
}

// TestReleaseScriptMarksPrereleasesAndLatest runs `.github/release.sh publish TAG` with a fake
// gh in a repository whose highest release is v2.0.0: a tag with a prerelease part is a
// prerelease and never "latest"; a release is "latest" only above every other release tag; a
// re-run makes the marking right on the release that exists; a tag that is no version is refused.
func TestReleaseScriptMarksPrereleasesAndLatest(t *testing.T) {
	tags := []string{"v1", "v1.0.0", "v1.4.0", "v2", "v2.0.0", "v2.1.0-rc.1", "v10.0.0-alpha"}
	for _, c := range []struct {
		tag, existing string
		want          string // gh's calls after `release view`
	}{
		{tag: "v2.1.0", want: "release create v2.1.0 dist/checksums.txt --verify-tag --title v2.1.0 --generate-notes --prerelease=false --latest"},
		{tag: "v2.0.1", want: "release create v2.0.1 dist/checksums.txt --verify-tag --title v2.0.1 --generate-notes --prerelease=false --latest"},
		{tag: "v1.4.1", want: "release create v1.4.1 dist/checksums.txt --verify-tag --title v1.4.1 --generate-notes --prerelease=false --latest=false"},
		{tag: "v2.2.0-rc.1", want: "release create v2.2.0-rc.1 dist/checksums.txt --verify-tag --title v2.2.0-rc.1 --generate-notes --prerelease --latest=false"},
		{tag: "v2.1.0-rc.1", existing: "v2.1.0-rc.1",
			want: "release upload v2.1.0-rc.1 dist/checksums.txt --clobber\nrelease edit v2.1.0-rc.1 --prerelease --latest=false"},
		{tag: "v2.0.0", existing: "v2.0.0",
			want: "release upload v2.0.0 dist/checksums.txt --clobber\nrelease edit v2.0.0 --prerelease=false --latest"},
	} {
		dir, env, ghLog := releaseRepo(t, tags, c.existing)
		cmd := exec.Command("bash", ".github/release.sh", "publish", c.tag)
		cmd.Dir, cmd.Env = dir, append(os.Environ(), env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("publish %s: %v\n%s", c.tag, err, out)
			continue
		}
		b, _ := os.ReadFile(ghLog)
		got, _ := strings.CutPrefix(strings.TrimSpace(string(b)), "release view "+c.tag+"\n")
		if got != c.want {
			t.Errorf("publish %s: gh was called\n%s\nwant\n%s", c.tag, got, c.want)
		}
	}

	for _, tag := range []string{"v1", "v1.2", "v1.2.3-", "v01.2.3", "v1.2.3+build", "main"} {
		dir, env, ghLog := releaseRepo(t, nil, "")
		for _, step := range []string{"build", "publish"} {
			cmd := exec.Command("bash", ".github/release.sh", step, tag)
			cmd.Dir, cmd.Env = dir, append(os.Environ(), env...)
			out, err := cmd.CombinedOutput()
			if err == nil || !strings.Contains(string(out), "release: "+tag+" is not a release tag") {
				t.Errorf("%s %s: want it refused; got %v:\n%s", step, tag, err, out)
			}
		}
		if _, err := os.Stat(ghLog); err == nil {
			t.Errorf("%s: gh was called for a tag that is no version", tag)
		}
	}
}

// TestReleaseScriptBuildsTheTaggedBinary runs `.github/release.sh build` for this machine's
// platform alone: the binary is named as the Action looks for it, checksums.txt vouches for
// it, and it says the version it was released as.
func TestReleaseScriptBuildsTheTaggedBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds frontier")
	}
	needTool(t, "bash")
	needTool(t, "sha256sum")
	const tag = "v1.3.0-rc.1"
	dist := t.TempDir()
	target := runtime.GOOS + "/" + runtime.GOARCH
	cmd := exec.Command("bash", filepath.Join(repoRoot, ".github", "release.sh"), "build", tag)
	cmd.Env = append(os.Environ(), "TARGETS="+target, "DIST="+dist)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build %s: %v\n%s", tag, err, out)
	}
	exe := ""
	if runtime.GOOS == "windows" {
		exe = ".exe"
	}
	name := "frontier-" + tag + "-" + runtime.GOOS + "-" + runtime.GOARCH + exe
	b, err := os.ReadFile(filepath.Join(dist, name))
	if err != nil {
		t.Fatal(err)
	}
	sums, _ := os.ReadFile(filepath.Join(dist, "checksums.txt"))
	if want := fmt.Sprintf("%x  %s\n", sha256.Sum256(b), name); string(sums) != want {
		t.Errorf("checksums.txt:\n%s\nwant\n%s", sums, want)
	}
	v, err := exec.Command(filepath.Join(dist, name), "version").Output()
	if err != nil || !strings.HasPrefix(string(v), "frontier "+tag+"\n") {
		t.Errorf("%s version: %v\n%s", name, err, v)
	}
}

// TestReleaseScriptPassesShellcheck: actionlint checks the workflows' own scripts; the
// release script they run is checked here.
func TestReleaseScriptPassesShellcheck(t *testing.T) {
	needTool(t, "shellcheck")
	cmd := exec.Command("shellcheck", filepath.Join(repoRoot, ".github", "release.sh"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("shellcheck .github/release.sh: %v\n%s", err, out)
	}
}

// TestPagesPublishOnlyFromTheDeployJob checks every Pages workflow a publisher may copy (ours,
// the README's, and the one `frontier new` writes): the workflow reads the repository and no
// more; the job that runs the site's build (the repository's code, the Action) may read Pages
// for its address but not write; only the deploy job may publish (pages: write) and present
// an OIDC token (id-token: write). The README's workflow grants what `frontier new`'s does.
func TestPagesPublishOnlyFromTheDeployJob(t *testing.T) {
	ours, err := os.ReadFile(filepath.Join(repoRoot, ".github", "workflows", "pages.yml"))
	if err != nil {
		t.Fatal(err)
	}
	scaffolded, err := scaffold.ReadFile("scaffold/.github/workflows/pages.yml")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	workflows := map[string]workflow{
		".github/workflows/pages.yml":             parseWorkflow(t, "pages.yml", ours),
		"frontier new's pages.yml":                parseWorkflow(t, "scaffold pages.yml", scaffolded),
		"README.md's \"Publish with the Action\"": parseWorkflow(t, "README.md", readmeWorkflow(t, string(readme))),
	}
	deployPerms := map[string]string{"pages": "write", "id-token": "write"}
	buildPerms := map[string]string{"contents": "read", "pages": "read"}
	for name, w := range workflows {
		if !maps.Equal(w.Permissions, map[string]string{"contents": "read"}) {
			t.Errorf("%s: the workflow's permissions are %v, want contents: read alone", name, w.Permissions)
		}
		deploys, builds := 0, 0
		for job, j := range w.Jobs {
			var deploy, build bool
			for _, s := range j.Steps {
				deploy = deploy || strings.HasPrefix(s.Uses, "actions/deploy-pages@")
				build = build || s.Uses == "./" || strings.HasPrefix(s.Uses, actionRepo+"@")
			}
			switch {
			case deploy:
				deploys++
				if !maps.Equal(j.Permissions, deployPerms) {
					t.Errorf("%s: job %s deploys with permissions %v, want %v", name, job, j.Permissions, deployPerms)
				}
			case build:
				builds++
				if !maps.Equal(j.Permissions, buildPerms) {
					t.Errorf("%s: job %s builds with permissions %v, want %v (pages: read for configure-pages)", name, job, j.Permissions, buildPerms)
				}
			default:
				for k, v := range j.Permissions {
					if v == "write" {
						t.Errorf("%s: job %s may write %s", name, job, k)
					}
				}
			}
		}
		if deploys != 1 || builds != 1 {
			t.Errorf("%s: %d deploy jobs and %d jobs running the Action, want one each", name, deploys, builds)
		}
	}
}

// TestCIRunsOnEveryPushAndPullRequest: ci.yml runs .ci/run (make deps with its no-diff check,
// then make test, with Debian's chromium from apt) on every push and pull request, with Go
// from go.mod and Node.js, reading the repository and no more.
func TestCIRunsOnEveryPushAndPullRequest(t *testing.T) {
	w := readWorkflow(t, "ci.yml")
	for _, event := range []string{"push", "pull_request"} {
		if filters, ok := w.On[event]; !ok || filters != nil {
			t.Errorf("ci.yml on %s: %v (present %v), want every one, unfiltered", event, filters, ok)
		}
	}
	if !maps.Equal(w.Permissions, map[string]string{"contents": "read"}) {
		t.Errorf("ci.yml's permissions are %v, want contents: read alone", w.Permissions)
	}
	var goMod, node, ciRun bool
	for job, j := range w.Jobs {
		if j.Permissions != nil {
			t.Errorf("ci.yml: job %s asks for permissions %v", job, j.Permissions)
		}
		if image := fmt.Sprint(j.Container); !strings.HasPrefix(image, "debian:") {
			t.Errorf("ci.yml: job %s runs in %q, want Debian (its chromium is what the README asks for)", job, image)
		}
		for _, s := range j.Steps {
			goMod = goMod || strings.HasPrefix(s.Uses, "actions/setup-go@") && s.With["go-version-file"] == "go.mod"
			node = node || strings.HasPrefix(s.Uses, "actions/setup-node@")
			ciRun = ciRun || strings.TrimSpace(s.Run) == ".ci/run"
		}
	}
	if !goMod || !node || !ciRun {
		t.Errorf("ci.yml: Go from go.mod %v, Node.js %v, runs .ci/run %v; want all three", goMod, node, ciRun)
	}
	script, err := os.ReadFile(filepath.Join(repoRoot, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"apt-get install", "missing+=(chromium)", "make deps", "git status --porcelain", "\nmake test\n"} {
		if !strings.Contains(string(script), want) {
			t.Errorf(".ci/run lacks %q", want)
		}
	}
}
