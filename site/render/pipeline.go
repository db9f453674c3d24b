package render

import (
	"crypto/sha256"
	"github.com/frontier-bench/frontier/site/page"
	"slices"
	"sync/atomic"
	"time"

	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/markdown"
	"github.com/frontier-bench/frontier/site/problem"
)

// New parses the templates (the site's own over the embedded ones) and hashes the assets for a
// build of pages (stubs until the pipeline assembles them: only their paths and names are read
// before Chart) and mds; datasets is the count the pages say the site holds. statics are copied
// as they are, changes feed the trend charts. Template errors come back as problem.Problems.
func New(in config.Input, pages []*page.Page, mds []*markdown.MarkdownPage, datasets int, statics []input.StaticFile, changes []input.Change) (*Renderer, error) {
	r, err := newRenderer(in, pages, mds, datasets)
	if err != nil {
		return nil, err
	}
	r.statics, r.changes = statics, changes
	for _, m := range r.mirrors {
		m.changes = changes
	}
	return r, nil
}

// KeepHeadlines stores p's home-page figure of every snapshot on p, so that the pipeline may
// then drop the older snapshots' points. A page that has them for the same interactivity (one
// a Builder kept from its previous build, whose snapshots are the same) keeps them as they are.
func (r *Renderer) KeepHeadlines(p *page.Page) {
	x := r.in.Config.HeadlineX
	g := r.in.Config.Gate()
	d := keep(p)
	d.leads = r.presetLeads(p)
	if d.headlines != nil && len(d.headlines) == len(p.Snapshots) && d.headlinesAt == x && d.headlinesGate == gateKey(g, p) {
		return
	}
	d.headlines, d.headlinesAt, d.headlinesGate = headlines(p, x, g), x, gateKey(g, p)
}

// ChartNanos is the time spent building chart options, added over goroutines (for --stats).
func (r *Renderer) ChartNanos() int64 {
	n := r.chartNanos.Load()
	for _, m := range r.mirrors {
		n += m.chartNanos.Load()
	}
	return n
}

// The jobs a chart page's drawing does besides the page itself, which --stats times apart
// (Renderer.Jobs); each job's time includes the files it writes.
const (
	JobCompare = iota // its compare pages and their compare.json, not their cards
	JobHistory        // its history (package history)
	JobCards          // every card drawn, the home page's too
	nJobs
)

// Jobs is the time spent in each job (JobCompare...), added over goroutines and languages
// (for --stats).
func (r *Renderer) Jobs() [nJobs]int64 {
	var n [nJobs]int64
	for _, m := range append([]*Renderer{r}, r.mirrors...) {
		for j := range n {
			n[j] += m.jobNanos[j].Load()
		}
	}
	return n
}

// timeJob adds the time since t0 to job j: defer r.timeJob(j, time.Now()).
func (r *Renderer) timeJob(j int, t0 time.Time) { r.jobNanos[j].Add(int64(time.Since(t0))) }

// Warnings are the catalogs' warnings (strings a language lacks), for the build's report.
func (r *Renderer) Warnings() problem.Problems { return r.warnings }

// WriteNanos is where the time spent writing files is added up, over goroutines (for --stats):
// the pipeline's counting Writer adds to it.
func (r *Renderer) WriteNanos() *atomic.Int64 { return &r.writeNanos }

// Kept is the chart pages a build drew, by page path, for the next build to reuse: what
// Reuse.Next returns and StartReuse takes. It is opaque; nil keeps nothing.
type Kept struct {
	pages map[string]*pageEntry
	site  map[[sha256.Size]byte][]byte // site-wide files by the digest of their models (sitememo.go)
}

// StartReuse makes r copy, rather than draw, every chart page whose key is unchanged since the
// build that drew old: serial numbers each dataset's decoding, by path, so a page's key changes
// when one of its datasets does.
func (r *Renderer) StartReuse(old *Kept, serial map[string]uint64) *Reuse {
	u := &Reuse{serial: serial, next: map[string]*pageEntry{}}
	if old != nil {
		u.old, u.site.old = old.pages, old.site
	}
	u.shared = sharedKey(r)
	r.reuse = u
	for _, m := range r.mirrors {
		// A mirror's chart pages are drawn by r's Chart, under r's key; the mirror keeps its
		// site-wide files with r's (sitememo.go), under its own prefix.
		m.reuse = u
	}
	return u
}

// Counts says how many chart pages the build drew and how many it copied.
func (u *Reuse) Counts() (drawn, reused int) { return u.drawn, u.reused }

// Derived says how many derived pieces of the drawn pages (history chunks, trend cells and
// tables, gzipped files) the build made anew and how many it took from the build before: what
// a save cost beyond drawing the pages it touched.
func (u *Reuse) Derived() (made, kept int) {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.made, u.kept
}

// Next is the chart pages of this build, for the next one.
func (u *Reuse) Next() *Kept { return &Kept{pages: u.next, site: u.site.next} }

// ReservedIDs are the element ids the page templates use, which a markdown heading must not take.
func ReservedIDs() []string { return slices.Clone(reservedIDs) }

// Reserved reports whether a top-level site path ("assets") is the site's own, which a model's
// slug or a markdown page must not take.
func Reserved(name string) bool { return reserved[name] }

// reserved are top-level site paths that a model slug must not take: the folders the build
// writes itself (assets/, api/, overview/; history/ of old builds) and 404.html. The language
// mirrors' folders are checked against the config (LanguageClashes), the preview's own paths
// start with "__", which no slug does.
var reserved = map[string]bool{"assets": true, "history": true, "404.html": true, "api": true, "overview": true}
