//go:build !linux

package output

import (
	"errors"
	"os"
)

// exchangeDirs swaps two folders; without an atomic exchange it takes three renames.
func exchangeDirs(newDir, out string) error { return swapByRename(newDir, out) }

// lockDir is unsupported here: no temporary folder is ever taken for a dead build's.
func lockDir(dir string) (*os.File, error) { return nil, errors.ErrUnsupported }
