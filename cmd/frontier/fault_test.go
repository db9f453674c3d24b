package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// site is a site folder for the CLI: data/ with the seed, and a previous public/ to protect.
type testSite struct {
	root, data, out string
}

func newTestSite(t *testing.T) testSite {
	t.Helper()
	root := t.TempDir()
	s := testSite{root, filepath.Join(root, "data"), filepath.Join(root, "public")}
	writeCorpus(t, s.data, 1)
	for name, body := range map[string]string{"index.html": "old site", "keep/me.txt": "old file"} {
		p := filepath.Join(s.out, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// build runs `frontier build` in process and returns the exit status and both streams.
func (s testSite) build(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	args = append([]string{"build", "--data", s.data, "--out", s.out}, args...)
	code := run(context.Background(), args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// checkOldSite checks that the previous public/ is there as it was, and no temporary folder is left.
func (s testSite) checkOldSite(t *testing.T) {
	t.Helper()
	for name, want := range map[string]string{"index.html": "old site", "keep/me.txt": "old file"} {
		if b, err := os.ReadFile(filepath.Join(s.out, filepath.FromSlash(name))); err != nil || string(b) != want {
			t.Errorf("old site's %s: %q, %v; want %q", name, b, err, want)
		}
	}
	if left := tempFolders(t, s.out); len(left) > 0 {
		t.Errorf("temporary folders left: %v", left)
	}
}

func TestBuildWithoutDatasetsSaysSoAndWritesAnEmptySite(t *testing.T) {
	s := newTestSite(t)
	os.RemoveAll(s.data)
	os.Mkdir(s.data, 0o755)
	code, stdout, stderr := s.build(t)
	if code != exitOK {
		t.Fatalf("exit %d, want 0; stderr:\n%s", code, stderr)
	}
	if !strings.Contains(stderr, "no datasets") || !strings.Contains(stderr, s.data) {
		t.Errorf("stderr %q: want a note that %s holds no datasets", stderr, s.data)
	}
	home, err := os.ReadFile(filepath.Join(s.out, "index.html"))
	if err != nil || !bytes.Contains(home, []byte("</html>")) || !bytes.Contains(home, []byte("No benchmark data yet")) {
		t.Errorf("home page of the empty site: %v\n%s", err, home)
	}
	if !strings.Contains(stdout, "datasets        0") {
		t.Errorf("summary:\n%s", stdout)
	}
}

func TestBuildReportsSlugCollisionNamingBothFiles(t *testing.T) {
	s := newTestSite(t)
	seed, _ := os.ReadFile(filepath.Join(s.data, "m0000.json"))
	other := strings.ReplaceAll(string(seed), `"Model-0000"`, `"model 0000"`)
	other = strings.ReplaceAll(other, `"id": 1`, `"id": 9`) // other point ids
	if err := os.WriteFile(filepath.Join(s.data, "z.json"), []byte(other), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := s.build(t)
	if code != exitProblems {
		t.Fatalf("exit %d, want 1; stderr:\n%s", code, stderr)
	}
	for _, want := range []string{"z.json: params.model", "m0000.json", `"Model-0000"`, `"model 0000"`, "model-0000/", "nothing was written"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr does not mention %s:\n%s", want, stderr)
		}
	}
	s.checkOldSite(t)
}

func TestBuildRefusesOversizeFilesWithoutReadingThem(t *testing.T) {
	s := newTestSite(t)
	for _, name := range []string{"huge.json", "huge.md"} {
		p := filepath.Join(s.data, name)
		if err := os.WriteFile(p, []byte(`{"view":`), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(p, 300<<20); err != nil { // sparse: no disk used
			t.Fatal(err)
		}
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	code, _, stderr := s.build(t)
	runtime.ReadMemStats(&after)
	if code != exitProblems {
		t.Fatalf("exit %d, want 1; stderr:\n%s", code, stderr)
	}
	for _, want := range []string{"huge.json: file is 300.0 MiB, over the 256 MiB limit", "huge.md: file is 300.0 MiB, over the 8 MiB limit for a page"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Errorf("the build allocated %d MiB: it read the huge files", alloc>>20)
	}
	s.checkOldSite(t)
}

func TestBuildReportsSymlinkLoopsAndDoesNotHang(t *testing.T) {
	s := newTestSite(t)
	for old, name := range map[string]string{"b.json": "a.json", "a.json": "b.json", "self.md": "self.md", "..": "up"} {
		if err := os.Symlink(old, filepath.Join(s.data, name)); err != nil {
			t.Fatal(err)
		}
	}
	code, _, stderr := s.build(t)
	if code != exitProblems {
		t.Fatalf("exit %d, want 1; stderr:\n%s", code, stderr)
	}
	for _, name := range []string{"a.json", "b.json", "self.md"} {
		if !strings.Contains(stderr, name+": cannot read") || !strings.Contains(stderr, "symbolic links") {
			t.Errorf("stderr does not report the loop at %s:\n%s", name, stderr)
		}
	}
	s.checkOldSite(t)
}

func TestBuildReportsUnreadableFile(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads a chmod 000 file anyway; site's load tests cover unreadable files with a failing fs.FS")
	}
	s := newTestSite(t)
	p := filepath.Join(s.data, "m0000.json")
	if err := os.Chmod(p, 0); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := s.build(t)
	if code != exitProblems || !strings.Contains(stderr, "m0000.json: cannot read") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
	s.checkOldSite(t)
}

func TestBuildIntoAFileOrAReadOnlyPlaceFailsClearly(t *testing.T) {
	t.Run("output is a file", func(t *testing.T) {
		s := newTestSite(t)
		os.RemoveAll(s.out)
		if err := os.WriteFile(s.out, []byte("a file"), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := s.build(t)
		if code != exitProblems || !strings.Contains(stderr, s.out) || !strings.Contains(stderr, "not a folder") {
			t.Errorf("exit %d, stderr:\n%s", code, stderr)
		}
		if b, _ := os.ReadFile(s.out); string(b) != "a file" {
			t.Errorf("the file at --out became %q", b)
		}
		if left := tempFolders(t, s.out); len(left) > 0 {
			t.Errorf("temporary folders left: %v", left)
		}
	})
	t.Run("parent is a file", func(t *testing.T) {
		s := newTestSite(t)
		s.out = filepath.Join(s.out, "index.html", "public")
		code, _, stderr := s.build(t)
		if code != exitProblems || !strings.Contains(stderr, "not a directory") {
			t.Errorf("exit %d, stderr:\n%s", code, stderr)
		}
	})
	t.Run("read-only file system", func(t *testing.T) {
		s := newTestSite(t)
		s.out = "/proc/self/public"
		code, _, stderr := s.build(t)
		if code != exitProblems || !strings.Contains(stderr, "/proc/self") {
			t.Errorf("exit %d, stderr:\n%s", code, stderr)
		}
	})
}

// TestBuildOnAFullDiskKeepsTheOldSite runs the binary with a file size limit (ulimit -f), so
// writing the site fails part way as on a full disk or an exhausted quota.
func TestBuildOnAFullDiskKeepsTheOldSite(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh for ulimit")
	}
	bin := buildBinary(t)
	s := newTestSite(t)
	cmd := exec.Command("sh", "-c", `ulimit -f 64 && exec "$0" build --data "$1" --out "$2"`, bin, s.data, s.out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitProblems {
		t.Fatalf("got %v, want exit status 1; stderr:\n%s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "file too large") || !strings.Contains(stderr.String(), "write ") {
		t.Errorf("stderr does not say which write failed and why:\n%s", stderr.String())
	}
	s.checkOldSite(t)
}

// A problem deep in a file of the last page is found after other pages were drawn: the build
// still fails as a whole, and public/ keeps the previous site.
func TestBuildFailingAfterDrawingPagesKeepsTheOldSite(t *testing.T) {
	s := newTestSite(t)
	writeCorpus(t, s.data, 6)
	p := filepath.Join(s.data, "m0005.json")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.LastIndex(b, []byte(`"x": `))
	b = slices.Concat(b[:i], []byte(`"x": -1, "was": `), b[i+len(`"x": `):])
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := s.build(t)
	if code != exitProblems {
		t.Fatalf("exit %d, want 1; stderr:\n%s", code, stderr)
	}
	if !strings.Contains(stderr, "m0005.json: series[10].points[") || !strings.Contains(stderr, ".x: must not be negative, got -1") {
		t.Errorf("stderr does not name the bad x:\n%s", stderr)
	}
	s.checkOldSite(t)
}
