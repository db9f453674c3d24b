// Package output is where a built site goes and how it is read back: a build writes through a
// Writer; Files keeps the site in memory (and is an fs.FS), DirWriter writes it into a temporary
// folder and swaps it in whole; Serves is the one rule for which file a static host answers a
// URL with, shared by the preview server, the link checker and the browser-test harness.
// It also holds the two naming rules every stage shares: ParseBaseURL (the address a site is
// built for, whose path starts every URL) and Slug (a model or sequence as one URL segment),
// and Gzip, how every file a site stores compressed is compressed.
//
// It knows nothing of pages, data or templates: a site here is slash paths and bytes.
package output

import (
	"bytes"
	"io"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"
	"time"
)

// Writer receives the built site, one file at a time. name is a slash path below the site
// root ("deepseek-v4-pro/8k-1k/index.html"). A build calls WriteFile from several goroutines,
// and may reuse data once WriteFile returns: a Writer that keeps it must copy it.
type Writer interface {
	WriteFile(name string, data []byte) error
}

// Files is a Writer that keeps the site in memory, for the preview server and tests. It is
// an fs.FS of the site as written, so anything that reads a folder of files reads it too.
type Files struct {
	mu sync.Mutex
	m  map[string][]byte
}

// NewFiles is an empty Files with room for n files: a site's size is known from its last build.
func NewFiles(n int) *Files { return &Files{m: make(map[string][]byte, n)} }

// WriteFile stores a copy of data under name.
func (f *Files) WriteFile(name string, data []byte) error {
	return f.ShareFile(name, slices.Clone(data))
}

// ShareFile stores data itself, without the copy WriteFile makes: for callers that keep the
// bytes and never change them (the preview's builder shares unchanged pages between builds).
func (f *Files) ShareFile(name string, data []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.m == nil {
		f.m = map[string][]byte{}
	}
	f.m[name] = data
	return nil
}

// Get returns the file at name.
func (f *Files) Get(name string) ([]byte, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	b, ok := f.m[name]
	return b, ok
}

// Names lists every file, sorted.
func (f *Files) Names() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Sorted(maps.Keys(f.m))
}

// All is every file by name: a new map, holding the stored bytes themselves (as Get does).
func (f *Files) All() map[string][]byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	return maps.Clone(f.m)
}

// Len is the number of files.
func (f *Files) Len() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.m)
}

// ReadFile returns a copy of the file at name, as fs.ReadFileFS asks (Get returns the stored
// bytes themselves).
func (f *Files) ReadFile(name string) ([]byte, error) {
	if b, ok := f.Get(name); ok {
		return slices.Clone(b), nil
	}
	return nil, &fs.PathError{Op: "read", Path: name, Err: fs.ErrNotExist}
}

// Stat describes the file or folder at name without listing the site.
func (f *Files) Stat(name string) (fs.FileInfo, error) {
	if b, ok := f.Get(name); ok {
		return fileInfo{name: path.Base(name), size: int64(len(b))}, nil
	}
	if f.isDir(name) {
		return fileInfo{name: path.Base(name), dir: true}, nil
	}
	return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist}
}

// Open opens a file or a folder; folders are every path prefix of a stored name.
func (f *Files) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if b, ok := f.Get(name); ok {
		return &openFile{fileInfo: fileInfo{name: path.Base(name), size: int64(len(b))}, r: bytes.NewReader(b)}, nil
	}
	entries, ok := f.list(name)
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return &openDir{fileInfo: fileInfo{name: path.Base(name), dir: true}, entries: entries}, nil
}

// isDir says whether name is a folder: the root, or a prefix of some file's path.
func (f *Files) isDir(name string) bool {
	_, ok := f.list(name)
	return ok
}

// list returns the entries of the folder dir, sorted by name, and whether it is one.
func (f *Files) list(dir string) ([]fs.DirEntry, bool) {
	prefix := dir + "/"
	if dir == "." {
		prefix = ""
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	seen := map[string]fs.DirEntry{}
	for name, b := range f.m {
		rest, ok := strings.CutPrefix(name, prefix)
		if !ok {
			continue
		}
		if first, _, sub := strings.Cut(rest, "/"); sub {
			seen[first] = fileInfo{name: first, dir: true}
		} else {
			seen[rest] = fileInfo{name: rest, size: int64(len(b))}
		}
	}
	if len(seen) == 0 && dir != "." {
		return nil, false
	}
	names := slices.Sorted(maps.Keys(seen))
	entries := make([]fs.DirEntry, len(names))
	for i, n := range names {
		entries[i] = seen[n]
	}
	return entries, true
}

// fileInfo describes one file or folder of Files; it is its own fs.DirEntry.
type fileInfo struct {
	name string
	size int64
	dir  bool
}

func (i fileInfo) Name() string       { return i.name }
func (i fileInfo) Size() int64        { return i.size }
func (i fileInfo) ModTime() time.Time { return time.Time{} } // a built site has no times: output is byte-identical
func (i fileInfo) IsDir() bool        { return i.dir }
func (i fileInfo) Sys() any           { return nil }
func (i fileInfo) Type() fs.FileMode  { return i.Mode().Type() }
func (i fileInfo) Info() (fs.FileInfo, error) {
	return i, nil
}
func (i fileInfo) Mode() fs.FileMode {
	if i.dir {
		return fs.ModeDir | 0o555
	}
	return 0o444
}

// openFile is an open file of Files.
type openFile struct {
	fileInfo
	r *bytes.Reader
}

func (f *openFile) Stat() (fs.FileInfo, error) { return f.fileInfo, nil }
func (f *openFile) Read(p []byte) (int, error) { return f.r.Read(p) }
func (f *openFile) Seek(off int64, whence int) (int64, error) {
	return f.r.Seek(off, whence)
}
func (f *openFile) ReadAt(p []byte, off int64) (int, error) { return f.r.ReadAt(p, off) }
func (f *openFile) Close() error                            { return nil }

// openDir is an open folder of Files.
type openDir struct {
	fileInfo
	entries []fs.DirEntry
	read    int
}

func (d *openDir) Stat() (fs.FileInfo, error) { return d.fileInfo, nil }
func (d *openDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.name, Err: fs.ErrInvalid}
}
func (d *openDir) Close() error { return nil }

// ReadDir follows fs.ReadDirFile: n <= 0 returns the rest, n > 0 at most n and io.EOF at the end.
func (d *openDir) ReadDir(n int) ([]fs.DirEntry, error) {
	rest := d.entries[d.read:]
	if n <= 0 {
		d.read = len(d.entries)
		return rest, nil
	}
	if len(rest) == 0 {
		return nil, io.EOF
	}
	rest = rest[:min(n, len(rest))]
	d.read += len(rest)
	return rest, nil
}
