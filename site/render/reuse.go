package render

// Chart pages kept from one incremental build to the next (package pipeline's Builder): a chart
// page whose digest (sharedKey, its path, notes and datasets' serials) is unchanged is copied
// from the previous build instead of drawn again. See package pipeline's incremental.go for
// what the digest assumes.

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"sync"

	"github.com/frontier-bench/frontier/site/output"
)

// pageEntry is the output of one chart page.
type pageEntry struct {
	key   [sha256.Size]byte
	files []outFile
	// derived are the pieces the page derived (Renderer.derived), by the digest of what each
	// was made from: gzipped files by their bytes before compression, history chunks and trend
	// tables by their rows or cells, trend cells by their points. A save to one day's file
	// changes the history chunk that day falls in and the trend cells and tables its rows
	// reach; when the page is drawn again every other piece is taken from here. They stay with
	// the page's entry, so a page copied whole costs nothing per piece.
	derived map[[sha256.Size]byte][]byte
	// fragments are what the site-wide files took from the page, by language and kind
	// (Renderer.pageFragment): a page copied whole gives them again as they were.
	fragments sync.Map
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
	made, kept    int // derived pieces made anew and taken from a build before (Derived)

	site keptBytes // the site-wide files (sitememo.go)
}

// gzip is output.Gzip(b), taken from the previous build when the page compressed the same bytes; w,
// the page's recorder in an incremental build, keeps them with the page's entry.
func (r *Renderer) gzip(w output.Writer, b []byte) []byte {
	if r.reuse == nil {
		return output.Gzip(b)
	}
	return r.derived(w, sha256.Sum256(b), func() []byte { return output.Gzip(b) })
}

// derived is derive(), or the bytes this page made under key in the build before (or in this
// one); w, the page's recorder in an incremental build, keeps them with the page's entry.
// derive returning nil (a failure) is not kept.
func (r *Renderer) derived(w output.Writer, key [sha256.Size]byte, derive func() []byte) []byte {
	rec, ok := w.(*recorder)
	if r.reuse == nil || !ok {
		return derive()
	}
	z, _ := rec.pieces.get(key, func() ([]byte, error) {
		if z := derive(); z != nil {
			return z, nil
		}
		return nil, errNotDerived
	})
	return z
}

// errNotDerived is a derive func's nil: a failure its caller reports.
var errNotDerived = errors.New("not derived")

// keep carries what the page derived under key in the build before over to the next build,
// without using it now.
func (r *Renderer) keep(w output.Writer, key [sha256.Size]byte) {
	if rec, ok := w.(*recorder); ok && r.reuse != nil {
		rec.pieces.carry(key)
	}
}

// keptBytes are bytes by the digest of what they were made from: those of the build before
// (old), and those of this build (next), for the one after. A drawn page's derived pieces are
// kept so (recorder), and so are the site-wide files (sitememo.go).
type keptBytes struct {
	mu         sync.Mutex
	old, next  map[[sha256.Size]byte][]byte
	made, kept int // how many get built anew and took from old or next
}

// get is the bytes under key, this build's or the build before's, or else build's, which then
// go under key; build's error is returned and nothing kept. build runs outside the lock: two
// callers may build the same bytes at once (a page's languages are drawn side by side), and
// either's will do.
func (k *keptBytes) get(key [sha256.Size]byte, build func() ([]byte, error)) ([]byte, error) {
	k.mu.Lock()
	b, ok := k.next[key]
	if !ok {
		b, ok = k.old[key]
	}
	k.mu.Unlock()
	if !ok {
		var err error
		if b, err = build(); err != nil {
			return nil, err
		}
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.next == nil {
		k.next = map[[sha256.Size]byte][]byte{}
	}
	k.next[key] = b
	if ok {
		k.kept++
	} else {
		k.made++
	}
	return b, nil
}

// carry keeps the build before's bytes under key for the next build, without counting them.
func (k *keptBytes) carry(key [sha256.Size]byte) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if b, ok := k.old[key]; ok {
		if k.next == nil {
			k.next = map[[sha256.Size]byte][]byte{}
		}
		k.next[key] = b
	}
}

// counts says how many get built anew and how many it took from before.
func (k *keptBytes) counts() (made, kept int) {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.made, k.kept
}

// sharedKey digests what every chart page is rendered from besides its own Page.
func sharedKey(r *Renderer) [sha256.Size]byte {
	h := sha256.New()
	fmt.Fprintf(h, "%#v\n%#v\n%q\n%#v\n", *r.site, r.in.Config, r.in.DataPrefix, r.changes)
	for _, p := range r.pages {
		fmt.Fprintf(h, "page %q %q %q\n", p.Path, p.Model, p.Sequence)
	}
	// Every language's strings (a site's data/i18n/*.toml among them): a changed string redraws.
	// A catalog Load made has a digest of the files it was made from; one made otherwise
	// (tests) is digested string by string.
	for _, m := range append([]*Renderer{r}, r.mirrors...) {
		if m.cat == nil {
			continue
		}
		fmt.Fprintf(h, "lang %q\n", m.cat.Lang)
		if d := m.cat.Digest(); d != ([sha256.Size]byte{}) {
			h.Write(d[:])
			continue
		}
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

// recorder passes files on and keeps a copy of each, and the pieces the page derived
// (Renderer.derived).
type recorder struct {
	mu    sync.Mutex // a page's languages are drawn side by side (renderChart)
	w     output.Writer
	files []outFile
	// pieces are the page's derived pieces, from the build before (old) and this one (next),
	// with their counts (Renderer.derived).
	pieces keptBytes
}

func (r *recorder) WriteFile(name string, data []byte) error {
	return r.ShareFile(name, bytes.Clone(data))
}

// ShareFile keeps data as it is: bytes the page derived (Renderer.derived) and writes, kept
// once for both.
func (r *recorder) ShareFile(name string, data []byte) error {
	r.mu.Lock()
	r.files = append(r.files, outFile{name, data})
	r.mu.Unlock()
	return ShareFile(r.w, name, data)
}

// pageRecorder is the recorder a chart page's files pass through in an incremental build,
// below a mirror's prefixWriter or not; nil outside one.
func pageRecorder(w output.Writer) *recorder {
	if p, ok := w.(prefixWriter); ok {
		w = p.w
	}
	rec, _ := w.(*recorder)
	return rec
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
