package output

import (
	"errors"
	"os"
)

// swapDirs puts the folder newDir at out. Where out exists, the two are exchanged (atomically
// where the system can: exchangeDirs), so afterwards newDir holds the old site for the caller
// to remove; where it does not, newDir is renamed and an empty folder left in its place.
func swapDirs(newDir, out string) error {
	fi, err := os.Lstat(out)
	switch {
	case errors.Is(err, os.ErrNotExist):
		if err := os.Rename(newDir, out); err != nil {
			return err
		}
		return os.Mkdir(newDir, 0o755) // leave something for the caller to remove
	case err != nil:
		return err
	case !fi.IsDir():
		return errNotDir
	}
	return exchangeDirs(newDir, out)
}

// swapByRename swaps two folders with three renames, for systems without an atomic exchange.
// Between the first two renames out is missing; the old site then waits beside it.
func swapByRename(newDir, out string) error {
	old := newDir + ".old"
	if err := os.Rename(out, old); err != nil {
		return err
	}
	if err := os.Rename(newDir, out); err != nil {
		os.Rename(old, out)
		return err
	}
	return os.Rename(old, newDir)
}
