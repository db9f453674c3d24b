package output

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// DirWriter writes a site into a fresh temporary folder beside the output folder. Commit swaps
// it in whole; Abort removes it. Until Commit, the previous output is never touched, so a build
// that fails or is killed leaves the last good site as it was.
type DirWriter struct {
	out  string   // the output folder, e.g. "public"
	tmp  string   // the folder being written
	lock *os.File // holds tmp's lock while this build lives (nil where locks are unsupported)
	// dirs are the folders below tmp made so far: a site is hundreds of files in a few folders
	// each, and asking the file system for each file's folder again was a tenth of a build.
	dirs sync.Map
}

// tempPrefix starts the names of the folders a build leaves beside the output while it works.
const tempPrefix = ".frontier-"

// NewDirWriter creates the temporary folder beside out. out itself need not exist yet.
func NewDirWriter(out string) (*DirWriter, error) {
	out = filepath.Clean(out)
	parent := filepath.Dir(out)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, fmt.Errorf("create output folder: %w", err)
	}
	tmp, err := os.MkdirTemp(parent, tempPrefix+filepath.Base(out)+"-")
	if err != nil {
		return nil, fmt.Errorf("create a temporary folder beside %s: %w", out, err)
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	lock, _ := lockDir(tmp)
	removeStale(parent, tempPrefix+filepath.Base(out)+"-", tmp)
	return &DirWriter{out: out, tmp: tmp, lock: lock}, nil
}

// removeStale removes the temporary folders of builds that died before they could (a killed
// build, a crash, a power cut), which would otherwise pile up beside the output, a whole site
// each. A live build holds a lock on its folder, so only dead builds' folders are taken; where
// locks are unsupported nothing is removed.
func removeStale(parent, prefix, own string) {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range entries {
		p := filepath.Join(parent, e.Name())
		if !e.IsDir() || !strings.HasPrefix(e.Name(), prefix) || p == own {
			continue
		}
		if l, err := lockDir(p); err == nil {
			os.RemoveAll(p)
			l.Close()
		}
	}
}

// WriteFile writes one file below the temporary folder. It refuses names that would land
// outside it, whatever the data put into them.
func (d *DirWriter) WriteFile(name string, data []byte) error {
	if !fs.ValidPath(name) || strings.Contains(name, `\`) {
		return fmt.Errorf("refusing to write %q outside the site", name)
	}
	p := filepath.Join(d.tmp, filepath.FromSlash(name))
	if dir := filepath.Dir(p); dir != d.tmp {
		if _, made := d.dirs.Load(dir); !made {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			d.dirs.Store(dir, true)
		}
	}
	return os.WriteFile(p, data, 0o644)
}

// Commit puts the new site in place of the old one and removes the old one.
func (d *DirWriter) Commit() error {
	if err := swapDirs(d.tmp, d.out); err != nil {
		return fmt.Errorf("replace %s: %w", d.out, err)
	}
	// After the swap, d.tmp holds the previous site (or nothing).
	defer d.unlock()
	return os.RemoveAll(d.tmp)
}

// Abort removes the temporary folder, leaving the previous output as it was.
func (d *DirWriter) Abort() error {
	defer d.unlock()
	return os.RemoveAll(d.tmp)
}

func (d *DirWriter) unlock() {
	if d.lock != nil {
		d.lock.Close()
		d.lock = nil
	}
}

// errNotDir is returned when the output path exists and is a file.
var errNotDir = errors.New("the output path exists and is not a folder")
