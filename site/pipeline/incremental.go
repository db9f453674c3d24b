package pipeline

// Incremental builds for the preview server. A Builder runs the same page pipeline as Build
// (pipeline.go), with every dataset decoded up front, and keeps five things from one build to
// the next:
//
//   - decoded datasets, keyed by path, size and modification time: an unchanged file is not read
//     again, which is most of the load stage;
//   - assembled pages and their checks, keyed by the very datasets they came from
//     (assembleCache);
//   - each chart page's output files, keyed by a digest of everything the page is rendered from
//     (its datasets, its notes, the templates, the config and the site-wide view): an unchanged
//     page is written from memory instead of being charted and templated again, which is most
//     of the render stage. The renderer computes the digest and copies the files (package
//     render's reuse.go, started by StartReuse); the Builder keeps them from build to build.
//   - with each chart page, the pieces its history was derived into (chunks, trend cells and
//     tables, gzipped files), keyed by digests of what each was made from: a page drawn again
//     after a save to one day's file derives only what that day reaches (render's reuse.go),
//     and its compare pages, keyed by their views: a save that renames one GPU's series
//     templates that GPU's pairs again, not the others';
//   - the site-wide files (home, overview, markdown pages, 404, sitemap, feeds), by a digest
//     of what each is made from (its view, its entries, its paths): they read every chart
//     page, but a save rarely changes what they show (render's sitememo.go).
//
// Markdown, the check of point ids across pages and the site-wide files' models are redone on
// every build: they are cheap next to drawing, and they depend on everything.
//
// The digest rests on one assumption about renderChart: a chart page reads only its own Page,
// the renderer's shared view (r.site, r.in.Config, the templates) and the list of pages. If it
// ever reads more, add that to render's sharedKey; TestBuilderMatchesBuild compares Builder output with
// Build output after every kind of edit and catches a page that should have been redrawn.

import (
	"fmt"
	"github.com/frontier-bench/frontier/site/page"
	"io/fs"
	"maps"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/output"
	"github.com/frontier-bench/frontier/site/problem"
	"github.com/frontier-bench/frontier/site/render"
)

// Builder builds a site again and again, reusing what has not changed since its previous build.
// Its output is byte for byte what Build writes for the same input. The zero Builder is ready to
// use; one Builder runs one build at a time.
type Builder struct {
	mu       sync.Mutex
	datasets map[string]*datasetEntry // by slash path below the data folder
	pages    *render.Kept             // by page path, from the last build that rendered pages
	pass     *render.Reuse            // the build in progress
	serial   uint64                   // numbers decodings, so a page key changes when a dataset does
	charts   [2]int                   // chart pages drawn and reused by the last build
	derived  [2]int                   // the drawn pages' derived pieces made and kept (render.Reuse.Derived)
	site     [2]int                   // site-wide files made and kept (render.Reuse.SiteFiles)
	// assembled keeps the last build's assembled pages and dataset checks (assembleCache).
	assembled *assembleCache
	// rawKey is the raw options the kept datasets were decoded with: a raw file's rows depend
	// on [[runs]] and [models], so a change there decodes every file again.
	rawKey string
}

// datasetEntry is one decoded data file and what it was decoded from.
type datasetEntry struct {
	stamp  fileStamp
	ds     *input.Dataset   // nil when the file has errors
	ps     problem.Problems // the file's own problems, errors and warnings
	serial uint64
}

// fileStamp tells whether a file may have changed without reading it.
type fileStamp struct {
	size int64
	mod  time.Time
}

// Build builds the site like Build, reusing unchanged datasets and chart pages.
func (b *Builder) Build(in config.Input, out output.Writer) (*Report, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.charts, b.derived, b.site = [2]int{}, [2]int{}, [2]int{}
	rep, err := buildWith(in, out, b)
	if p := b.pass; p != nil {
		b.pass = nil
		drawn, reused := p.Counts()
		b.charts = [2]int{drawn, reused}
		made, kept := p.Derived()
		b.derived = [2]int{made, kept}
		made, kept = p.SiteFiles()
		b.site = [2]int{made, kept}
		if err == nil {
			b.pages = p.Next()
		}
	}
	return rep, err
}

// Charts says how many chart pages the last build drew and how many it copied from the one
// before, for the preview server's log.
func (b *Builder) Charts() (drawn, reused int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.charts[0], b.charts[1]
}

// SiteFiles says how many site-wide files (the home page, overview, markdown pages, 404,
// sitemap and feeds) the last build made anew and how many it kept from the one before
// because what each is made from had not changed.
func (b *Builder) SiteFiles() (made, kept int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.site[0], b.site[1]
}

// Forget drops what the Builder keeps about the given data files (slash paths below the data
// folder; a folder's path forgets everything below it), or everything when given none. The
// preview server forgets the files it saw change, because a file rewritten twice within the
// file system's timestamp resolution, at the same size, keeps its stamp; and it forgets
// everything when the watcher may have missed events.
func (b *Builder) Forget(paths ...string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(paths) == 0 {
		b.datasets, b.pages, b.assembled = nil, nil, nil
		return
	}
	for _, p := range paths {
		p = strings.TrimSuffix(p, "/")
		for k := range b.datasets {
			if k == p || p == "." || strings.HasPrefix(k, p+"/") {
				delete(b.datasets, k)
			}
		}
	}
}

// load is the load stage: input.Load sees only the data files whose stamps changed, and the
// rest come from the cache.
func (b *Builder) load(fsys fs.FS, prefix string, opt *input.RawOptions) ([]*input.Dataset, problem.Problems) {
	if key := fmt.Sprintf("%#v", *opt); key != b.rawKey {
		b.datasets, b.rawKey = nil, key
	}
	c := &changedFS{FS: fsys, cache: b.datasets, kept: map[string]*datasetEntry{}, seen: map[string]fileStamp{}}
	fresh, ps := input.Load(c, prefix, opt)

	next := make(map[string]*datasetEntry, len(c.kept)+len(c.seen))
	for p, e := range c.kept {
		next[p] = e
	}
	for p, st := range c.seen {
		b.serial++
		next[p] = &datasetEntry{stamp: st, serial: b.serial}
	}
	for _, ds := range fresh {
		if e := next[ds.Path]; e != nil {
			e.ds = ds
		}
	}
	var rest problem.Problems // problems that are no one file's: an unreadable folder, a link not followed
	for _, pr := range ps {
		if rel, ok := strings.CutPrefix(pr.File, prefix); ok {
			if _, listed := c.seen[rel]; listed {
				next[rel].ps = append(next[rel].ps, pr)
				continue
			}
		}
		rest = append(rest, pr)
	}
	b.datasets = next

	datasets := fresh
	for _, e := range c.kept {
		if e.ds != nil {
			datasets = append(datasets, e.ds)
		}
		rest = append(rest, e.ps...)
	}
	for _, p := range slices.Sorted(maps.Keys(c.seen)) {
		rest = append(rest, next[p].ps...)
	}
	slices.SortFunc(datasets, func(a, b *input.Dataset) int { return strings.Compare(a.Path, b.Path) })
	return datasets, rest
}

// changedFS is the data folder as Load should see it: data files whose stamps match the cache
// are left out of directory listings. Everything else, the walk's rules included, stays Load's.
type changedFS struct {
	fs.FS
	cache map[string]*datasetEntry
	kept  map[string]*datasetEntry // left out: unchanged
	seen  map[string]fileStamp     // listed: new or changed, with the stamp they had when listed
}

// ReadDir lists a folder without the unchanged data files. Load's walk calls it from one
// goroutine, before any file is read.
func (c *changedFS) ReadDir(name string) ([]fs.DirEntry, error) {
	es, err := fs.ReadDir(c.FS, name)
	infos := statAll(es)
	out := make([]fs.DirEntry, 0, len(es))
	for i, e := range es {
		if !stamped(e) {
			out = append(out, e)
			continue
		}
		info := infos[i]
		if info == nil {
			out = append(out, e)
			continue
		}
		p := path.Join(name, e.Name())
		st := fileStamp{info.Size(), info.ModTime()}
		if old := c.cache[p]; old != nil && old.stamp == st {
			c.kept[p] = old
			continue
		}
		c.seen[p] = st
		out = append(out, e)
	}
	return out, err
}

// stamped reports whether a folder entry is a data file known by its stamp: only plain files,
// since a symbolic link's own stamp says nothing about its target. A data file without a stamp
// has no serial in its page's digest, and the page drawn before an edit of it would be copied.
// A .txt file is stamped too: it may be an MLPerf LoadGen summary (told by its content, which
// the walk reads); one that is no summary gives no dataset.
func stamped(e fs.DirEntry) bool {
	n := e.Name()
	return e.Type().IsRegular() && (strings.HasSuffix(n, ".json") || strings.HasSuffix(n, ".jsonl") || strings.HasSuffix(n, ".txt"))
}

// statAll is the FileInfo of each stamped entry of es (nil for the rest, and where it cannot
// be had), asked on every core: on a save, a folder of a few hundred data files is
// otherwise a few hundred lstat calls one after another before anything else starts.
func statAll(es []fs.DirEntry) []fs.FileInfo {
	infos := make([]fs.FileInfo, len(es))
	stat := func(lo, hi int) {
		for i := lo; i < hi; i++ {
			if e := es[i]; stamped(e) {
				if info, err := e.Info(); err == nil {
					infos[i] = info
				}
			}
		}
	}
	workers := min(runtime.GOMAXPROCS(0), len(es)/64+1)
	if workers == 1 { // a small folder
		stat(0, len(es))
		return infos
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() { stat(w*len(es)/workers, (w+1)*len(es)/workers) })
	}
	wg.Wait()
	return infos
}

// pageReuse starts reusing pages for the renderer of this build.
func (b *Builder) pageReuse(r *render.Renderer) *render.Reuse {
	serial := map[string]uint64{}
	for p, e := range b.datasets {
		serial[p] = e.serial
	}
	b.pass = r.StartReuse(b.pages, serial)
	return b.pass
}

// assembleCache keeps assembled pages and per-dataset checks from one build to the next. A
// Builder hands decoded datasets back as the same *Dataset while their files are unchanged, so
// a page whose datasets are the very same pointers, in the same order, assembles to the very
// same Page: it is reused, and a save re-assembles only the pages it touched. A one-off build
// assembles everything (oneOff).
type assembleCache struct {
	mu        sync.Mutex
	prefix    string
	pages     map[*input.Dataset]*assembled // by the page's first dataset, from the previous build
	next      map[*input.Dataset]*assembled
	warnings  map[*input.Dataset]problem.Problems // frontier-flag warnings, from the previous build
	nextWarns map[*input.Dataset]problem.Problems
	// clashFree are the pages' ids, page by page, of the previous build when they had no
	// clash across pages (idKeeper); nil otherwise.
	clashFree, nextClashFree [][]int64
}

// idKeeper remembers the pages' point ids of a build whose check across pages found no
// clash (pipeline.idClashes), so that a build giving the very same ids may skip the check.
type idKeeper interface {
	sameIDs(pages []*page.Page) bool
	keepIDs(pages []*page.Page)
}

// sameIDs reports whether pages give, page by page, the ids of the last clash-free build.
func (c *assembleCache) sameIDs(pages []*page.Page) bool {
	if c.clashFree == nil || len(c.clashFree) != len(pages) {
		return false
	}
	for i, p := range pages {
		if !slices.Equal(p.IDs, c.clashFree[i]) {
			return false
		}
	}
	return true
}

// keepIDs remembers the pages' ids after a check that found no clash.
func (c *assembleCache) keepIDs(pages []*page.Page) {
	ids := make([][]int64, len(pages))
	for i, p := range pages {
		ids[i] = p.IDs
	}
	c.mu.Lock()
	c.nextClashFree = ids
	c.mu.Unlock()
}

// assembled is one page and the datasets it was assembled from.
type assembled struct {
	datasets []*input.Dataset
	page     *page.Page
	ps       problem.Problems
}

// streams is false: the Builder keeps every snapshot for the next build.
func (b *Builder) streams() bool { return false }

// assembler starts a build's pass over the pages the previous one assembled.
func (b *Builder) assembler(prefix string) assembler {
	c := &assembleCache{prefix: prefix, next: map[*input.Dataset]*assembled{}, nextWarns: map[*input.Dataset]problem.Problems{}}
	if b.assembled != nil && b.assembled.prefix == prefix {
		c.pages, c.warnings, c.clashFree = b.assembled.next, b.assembled.nextWarns, b.assembled.nextClashFree
	}
	b.assembled = c
	return c
}

// page assembles the page of ds, or returns the one assembled from the same datasets before.
func (c *assembleCache) page(ds []*input.Dataset, prefix string) (*page.Page, problem.Problems) {
	c.mu.Lock()
	old := c.pages[ds[0]]
	c.mu.Unlock()
	if old == nil || !slices.Equal(old.datasets, ds) {
		p, ps := assemblePage(slices.Clone(ds), prefix)
		old = &assembled{datasets: slices.Clone(ds), page: p, ps: ps}
	}
	c.mu.Lock()
	c.next[ds[0]] = old
	c.mu.Unlock()
	old.page.Notes = "" // attachMarkdown fills it anew on every build
	return old.page, old.ps
}

// flags returns the dataset's frontier-flag warnings, computing them only for a new dataset.
func (c *assembleCache) flags(d *input.Dataset, prefix string) problem.Problems {
	c.mu.Lock()
	ps, ok := c.warnings[d]
	c.mu.Unlock()
	if d.Raw {
		return nil // raw points claim no frontier flags
	}
	if !ok {
		ps = checkDatasetFrontierFlags(d, prefix)
	}
	c.mu.Lock()
	c.nextWarns[d] = ps
	c.mu.Unlock()
	return ps
}

// done drops what the previous build kept: only this build's pages and datasets stay.
func (c *assembleCache) done() {
	c.pages, c.warnings = nil, nil
}
