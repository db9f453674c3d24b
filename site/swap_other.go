//go:build !linux

package site

import (
	"errors"
	"os"
)

// swapDirs puts newDir at out. Without an atomic exchange there is a moment between the two
// renames when out is missing; the old site then waits in newDir's place.
func swapDirs(newDir, out string) error {
	fi, err := os.Lstat(out)
	switch {
	case errors.Is(err, os.ErrNotExist):
		if err := os.Rename(newDir, out); err != nil {
			return err
		}
		return os.Mkdir(newDir, 0o755)
	case err != nil:
		return err
	case !fi.IsDir():
		return errNotDir
	}
	return swapByRename(newDir, out)
}

// lockDir is unsupported here: no temporary folder is ever taken for a dead build's.
func lockDir(dir string) (*os.File, error) { return nil, errors.ErrUnsupported }
