package site

import "github.com/frontier-bench/frontier/site/output"

// Writer receives the built site, one file at a time; see package output.
type Writer = output.Writer

// Files keeps a built site in memory and is an fs.FS of it; see package output.
type Files = output.Files

// DirWriter writes a site into a temporary folder and swaps it in whole; see package output.
type DirWriter = output.DirWriter

// NewDirWriter creates the temporary folder beside out; see package output.
func NewDirWriter(out string) (*DirWriter, error) { return output.NewDirWriter(out) }
