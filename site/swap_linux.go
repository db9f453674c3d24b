package site

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// swapDirs makes newDir appear at out in one atomic step: renameat2(RENAME_EXCHANGE) swaps the
// two folders, so at every instant out is either the whole old site or the whole new one.
// Afterwards newDir holds the old site (or is empty) for the caller to remove.
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
	err = unix.Renameat2(unix.AT_FDCWD, newDir, unix.AT_FDCWD, out, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EINVAL) {
		return swapByRename(newDir, out)
	}
	return err
}

// lockDir takes an exclusive lock on a folder without waiting, held until the returned file is
// closed or the process dies however it dies, so a build can tell a live build's temporary
// folder from a dead one's.
func lockDir(dir string) (*os.File, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
