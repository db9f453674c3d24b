package render

// Chart pages kept from one incremental build to the next (package pipeline's Builder): a chart
// page whose digest (sharedKey, its path, notes and datasets' serials) is unchanged is copied
// from the previous build instead of drawn again. See package pipeline's incremental.go for
// what the digest assumes.

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"sync"

	"github.com/frontier-bench/frontier/site/output"
)

// pageEntry is the output of one chart page.
type pageEntry struct {
	key   [sha256.Size]byte
	files []outFile
	// gz are the digests of the files the page stored gzipped (Renderer.gzip), kept with it:
	// a page drawn again after a save compresses only what the save changed.
	gz [][sha256.Size]byte
}

type outFile struct {
	name string
	data []byte
}

// Reuse is one incremental build's view of the chart pages the previous build drew (see
// Renderer.StartReuse): the pages it may copy, and those it drew or copied, for the next build.
type Reuse struct {
	old    map[string]*pageEntry
	serial map[string]uint64 // dataset path -> serial
	shared [sha256.Size]byte

	mu            sync.Mutex
	next          map[string]*pageEntry
	drawn, reused int

	// Gzipped files by the digest of their bytes before compression: the previous build's
	// (oldGz) and this build's (nextGz, for the next one). A save to one day's file changes
	// the history chunk that day falls in and the tables its rows reach; every other chunk and
	// trend table of the page is the same bytes, compressed once (gzip is most of the cost of
	// drawing a history page again).
	oldGz, nextGz map[[sha256.Size]byte][]byte
}

// gzip is gzipped(b), taken from the previous build when it compressed the same bytes; w, the
// page's recorder in an incremental build, notes the digest to keep with the page's entry.
func (r *Renderer) gzip(w output.Writer, b []byte) []byte {
	u := r.reuse
	rec, ok := w.(*recorder)
	if u == nil || !ok {
		return gzipped(b)
	}
	key := sha256.Sum256(b)
	rec.gz = append(rec.gz, key)
	u.mu.Lock()
	z, ok := u.nextGz[key]
	if !ok {
		z, ok = u.oldGz[key]
	}
	u.mu.Unlock()
	if !ok {
		z = gzipped(b)
	}
	u.mu.Lock()
	u.nextGz[key] = z
	u.mu.Unlock()
	return z
}

// keepGz carries a page's gzipped files over to the next build.
func (u *Reuse) keepGz(keys [][sha256.Size]byte) {
	u.mu.Lock()
	defer u.mu.Unlock()
	for _, k := range keys {
		if z, ok := u.oldGz[k]; ok {
			u.nextGz[k] = z
		}
	}
}

// sharedKey digests what every chart page is rendered from besides its own Page.
func sharedKey(r *Renderer) [sha256.Size]byte {
	h := sha256.New()
	fmt.Fprintf(h, "%#v\n%#v\n%q\n%#v\n", *r.site, r.in.Config, r.in.DataPrefix, r.changes)
	for _, p := range r.pages {
		fmt.Fprintf(h, "page %q %q %q\n", p.Path, p.Model, p.Sequence)
	}
	// Every language's strings (a site's data/i18n/*.toml among them): a changed string redraws.
	for _, m := range append([]*Renderer{r}, r.mirrors...) {
		if m.cat == nil {
			continue
		}
		fmt.Fprintf(h, "lang %q\n", m.cat.Lang)
		for _, k := range m.cat.Keys() {
			fmt.Fprintf(h, "%q %q\n", k, m.cat.Raw(k))
		}
	}
	if r.in.Templates != nil {
		_ = fs.WalkDir(r.in.Templates, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				fmt.Fprintf(h, "dir %q %v\n", p, err)
				return nil
			}
			b, err := fs.ReadFile(r.in.Templates, p)
			fmt.Fprintf(h, "file %q %d %v\n", p, len(b), err)
			h.Write(b)
			return nil
		})
	}
	var k [sha256.Size]byte
	h.Sum(k[:0])
	return k
}

// recorder passes files on and keeps a copy of each, and the digests of those it stored
// gzipped (Renderer.gzip).
type recorder struct {
	w     output.Writer
	files []outFile
	gz    [][sha256.Size]byte
}

func (r *recorder) WriteFile(name string, data []byte) error {
	data = bytes.Clone(data)
	r.files = append(r.files, outFile{name, data})
	return ShareFile(r.w, name, data)
}

// A sharer is a Writer that can keep a file's bytes without copying them, for callers that never
// change them again: the chart pages a Builder keeps are most of a site, and the preview server
// builds into new Files every time.
type sharer interface {
	ShareFile(name string, data []byte) error
}

// ShareFile writes data to w, without a copy when w can keep it as it is. data must never change.
func ShareFile(w output.Writer, name string, data []byte) error {
	if s, ok := w.(sharer); ok {
		return s.ShareFile(name, data)
	}
	return w.WriteFile(name, data)
}
