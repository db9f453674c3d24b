package site

import "os"

// swapByRename swaps two folders with three renames, for file systems without an atomic exchange.
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
