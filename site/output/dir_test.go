package output

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestDirWriterRemovesOnlyDeadBuildsFolders: a new build clears the temporary folders of
// killed builds beside the output, and leaves a live build's alone.
func TestDirWriterRemovesOnlyDeadBuildsFolders(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("folder locks are implemented on Linux")
	}
	root := t.TempDir()
	out := filepath.Join(root, "public")
	stale := filepath.Join(root, ".frontier-public-123456")
	if err := os.MkdirAll(filepath.Join(stale, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(root, ".frontier-elsewhere-1") // another output's folder
	if err := os.Mkdir(other, 0o755); err != nil {
		t.Fatal(err)
	}
	live, err := NewDirWriter(out)
	if err != nil {
		t.Fatal(err)
	}
	defer live.Abort()
	if _, err := os.Stat(stale); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the dead build's folder is still there: %v", err)
	}
	next, err := NewDirWriter(out)
	if err != nil {
		t.Fatal(err)
	}
	defer next.Abort()
	for _, dir := range []string{live.tmp, next.tmp, other} {
		if _, err := os.Stat(dir); err != nil {
			t.Errorf("%s was removed: %v", dir, err)
		}
	}
	if err := live.WriteFile("index.html", []byte("x")); err != nil {
		t.Fatal(err)
	}
	if err := live.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(out, "index.html")); err != nil || string(b) != "x" {
		t.Errorf("the live build's site: %q, %v", b, err)
	}
}
