package output

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// exchangeDirs swaps two folders in one atomic step with renameat2(RENAME_EXCHANGE), so at
// every instant out is either the whole old site or the whole new one.
func exchangeDirs(newDir, out string) error {
	err := unix.Renameat2(unix.AT_FDCWD, newDir, unix.AT_FDCWD, out, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EINVAL) {
		return swapByRename(newDir, out) // a file system without the exchange
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
