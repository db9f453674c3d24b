package main

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

const seedFile = "../../data/deepseek-v4-pro_8k-1k_fp4.json"

// buildBinary compiles frontier into a temporary folder, for tests that must kill a real process.
func buildBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		// Linking the binary is most of these tests' time; make test runs them.
		t.Skip("builds the frontier binary: skipped with -short")
	}
	bin := filepath.Join(t.TempDir(), "frontier")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// writeCorpus writes n copies of the seed dataset into dir, each its own model with its own
// point ids, so that a build of them takes long enough to be killed in the middle.
func writeCorpus(t *testing.T, dir string, n int) {
	t.Helper()
	seed, err := os.ReadFile(seedFile)
	if err != nil {
		t.Fatal(err)
	}
	id := regexp.MustCompile(`"id": (\d+)`)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		s := strings.ReplaceAll(string(seed), `"DeepSeek-V4-Pro"`, fmt.Sprintf(`"Model-%04d"`, i))
		s = id.ReplaceAllStringFunc(s, func(m string) string {
			v, _ := strconv.Atoi(m[len(`"id": `):])
			return fmt.Sprintf(`"id": %d`, v+(i+1)*10_000_000)
		})
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("m%04d.json", i)), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// tree is a folder's content: slash path -> sha256 of each file, "dir" for folders.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			out[filepath.ToSlash(rel)] = "dir"
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out[filepath.ToSlash(rel)] = fmt.Sprintf("%x", sha256.Sum256(b))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// diffTrees says how two trees differ, in at most a few lines.
func diffTrees(got, want map[string]string) string {
	var lines []string
	for p, h := range want {
		if g, ok := got[p]; !ok {
			lines = append(lines, "missing "+p)
		} else if g != h {
			lines = append(lines, "changed "+p)
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			lines = append(lines, "extra "+p)
		}
	}
	if len(lines) > 10 {
		lines = append(lines[:10], fmt.Sprintf("... %d more", len(lines)-10))
	}
	return strings.Join(lines, "\n")
}

// tempFolders lists the build's temporary folders beside out.
func tempFolders(t *testing.T, out string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(filepath.Dir(out), ".frontier-*"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestBuildKilledAnyMomentLeavesPublicIntact builds a good site, then starts builds of 1,000
// datasets over it and kills each (SIGKILL: no cleanup runs) at a different moment. public/
// must stay byte-identical to the good build every time, and the next build that completes
// must clear the temporary folders the killed ones left.
func TestBuildKilledAnyMomentLeavesPublicIntact(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and 1,000 datasets")
	}
	bin := buildBinary(t)
	root := t.TempDir()
	good, big, out := filepath.Join(root, "good"), filepath.Join(root, "big"), filepath.Join(root, "public")
	writeCorpus(t, good, 1)
	writeCorpus(t, big, 1000)
	run := func(data string) *exec.Cmd {
		cmd := exec.Command(bin, "build", "--data", data, "--out", out)
		cmd.Dir = root
		return cmd
	}
	if b, err := run(good).CombinedOutput(); err != nil {
		t.Fatalf("good build: %v\n%s", err, b)
	}
	want := tree(t, out)

	for _, delay := range []time.Duration{0, 10 * time.Millisecond, 50 * time.Millisecond, 200 * time.Millisecond,
		500 * time.Millisecond, 1000 * time.Millisecond, 1500 * time.Millisecond} {
		cmd := run(big)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(delay)
		cmd.Process.Kill()
		err := cmd.Wait()
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
			// The build won the race and finished: its site is the new good one.
			t.Logf("killed after %v: the build had already finished (%v)", delay, err)
			want = tree(t, out)
			continue
		}
		if d := diffTrees(tree(t, out), want); d != "" {
			t.Fatalf("killed after %v: public/ is not the previous site:\n%s", delay, d)
		}
		t.Logf("killed after %v: public/ intact, %d temporary folders beside it", delay, len(tempFolders(t, out)))
	}

	if b, err := run(good).CombinedOutput(); err != nil {
		t.Fatalf("build after the kills: %v\n%s", err, b)
	}
	if left := tempFolders(t, out); len(left) > 0 {
		t.Errorf("a completed build left the killed builds' temporary folders: %v", left)
	}
}
