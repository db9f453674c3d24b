package mcp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"
)

// maxFile is the most a Source reads of one file: the build refuses inputs over 256 MiB, and
// no file it writes comes near that.
const maxFile = 256 << 20

// Source is one built site, read-only: its files by their path below the site's root
// ("api/v1/index.json"), each read once and then kept for the session. It is an fs.FS, so
// the site's own readers (history.SnapshotJSON) read through it.
type Source struct {
	name  string // what the user named: the folder or the URL, for errors
	fsys  fs.FS
	base  *url.URL // the site's URL when it is read over HTTP; nil for a folder
	mu    sync.Mutex
	cache map[string]cached
}

type cached struct {
	data []byte
	err  error
}

// Open makes the Source of site: a URL (http or https) reads the published site below that
// URL's path and nothing else, a folder reads the files below it. The client is for a URL;
// nil means a client with a 30-second timeout.
func Open(site string, client *http.Client) (*Source, error) {
	if strings.HasPrefix(site, "http://") || strings.HasPrefix(site, "https://") {
		u, err := url.Parse(site)
		if err != nil || u.Host == "" {
			return nil, fmt.Errorf("--site %q: not a site URL (want https://host/path/)", site)
		}
		if !strings.HasSuffix(u.Path, "/") {
			u.Path += "/"
		}
		u.RawQuery, u.Fragment = "", ""
		if client == nil {
			client = &http.Client{Timeout: 30 * time.Second}
		}
		// A redirect may not take a request outside the site either.
		c := *client
		c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
			if req.URL.Scheme != u.Scheme || req.URL.Host != u.Host || !strings.HasPrefix(req.URL.Path, u.Path) {
				return fmt.Errorf("redirected outside %s to %s", u, req.URL)
			}
			if len(via) >= 5 {
				return errors.New("too many redirects")
			}
			return nil
		}
		client = &c
		return &Source{name: u.String(), base: u, fsys: httpFS{base: u, client: client}, cache: map[string]cached{}}, nil
	}
	st, err := os.Stat(site)
	if err != nil {
		return nil, fmt.Errorf("--site %s: %w (build the site first: frontier build --out %s)", site, err, site)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("--site %s: not a folder (want a built site's folder or its URL)", site)
	}
	return NewSource(site, os.DirFS(site)), nil
}

// NewSource is the Source of the site whose files fsys holds; name says in errors which
// site was read.
func NewSource(name string, fsys fs.FS) *Source {
	return &Source{name: name, fsys: fsys, cache: map[string]cached{}}
}

// Name is the site as the user named it.
func (s *Source) Name() string { return s.name }

// ReadFile reads the file at name (a path below the site's root), once per session.
func (s *Source) ReadFile(name string) ([]byte, error) {
	if !fs.ValidPath(name) || name == "." {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fs.ErrInvalid}
	}
	s.mu.Lock()
	c, ok := s.cache[name]
	s.mu.Unlock()
	if ok {
		return c.data, c.err
	}
	data, err := readAll(s.fsys, name)
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		// A file and a missing file are kept for the session; a failed fetch is tried again.
		s.mu.Lock()
		s.cache[name] = cached{data, err}
		s.mu.Unlock()
	}
	return data, err
}

func readAll(fsys fs.FS, name string) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxFile+1))
	if err == nil && len(b) > maxFile {
		err = fmt.Errorf("%s: over %d MiB", name, maxFile>>20)
	}
	return b, err
}

// Open opens name for fs.FS readers, from the session's cache.
func (s *Source) Open(name string) (fs.File, error) {
	b, err := s.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return &memFile{Reader: bytes.NewReader(b), name: name, size: int64(len(b))}, nil
}

// memFile is a file already read.
type memFile struct {
	*bytes.Reader
	name string
	size int64
}

// Stat and Close make a memFile an fs.File; memInfo is its fs.FileInfo.
func (f *memFile) Stat() (fs.FileInfo, error) { return memInfo{f}, nil }
func (f *memFile) Close() error               { return nil }

type memInfo struct{ f *memFile }

func (i memInfo) Name() string       { return i.f.name[strings.LastIndex(i.f.name, "/")+1:] }
func (i memInfo) Size() int64        { return i.f.size }
func (i memInfo) Mode() fs.FileMode  { return 0o444 }
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return false }
func (i memInfo) Sys() any           { return nil }

// httpFS reads a published site's files with GET requests below base, and nowhere else: a
// name is a valid fs path (no "..", no leading "/", no scheme), joined to base's path.
type httpFS struct {
	base   *url.URL
	client *http.Client
}

// Open fetches name below the site's URL with a GET; a 404 is fs.ErrNotExist.
func (h httpFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) || strings.ContainsAny(name, "?#\\") {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	u := *h.base
	u.Path = h.base.Path + name
	u.RawPath = ""
	if u.Host != h.base.Host || u.Scheme != h.base.Scheme || !strings.HasPrefix(u.Path, h.base.Path) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: errors.New("outside the site")}
	}
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	resp, err := h.client.Do(req)
	if err != nil {
		return nil, &fs.PathError{Op: "get", Path: u.String(), Err: err}
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		return nil, &fs.PathError{Op: "get", Path: u.String(), Err: fs.ErrNotExist}
	case resp.StatusCode != http.StatusOK:
		return nil, &fs.PathError{Op: "get", Path: u.String(), Err: fmt.Errorf("HTTP %s", resp.Status)}
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxFile+1))
	if err != nil {
		return nil, &fs.PathError{Op: "get", Path: u.String(), Err: err}
	}
	if len(b) > maxFile {
		return nil, &fs.PathError{Op: "get", Path: u.String(), Err: fmt.Errorf("over %d MiB", maxFile>>20)}
	}
	return &memFile{Reader: bytes.NewReader(b), name: name, size: int64(len(b))}, nil
}
