package render

import (
	"slices"
	"sync/atomic"

	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/markdown"
)

// Renderer draws one build's site: the chart pages one at a time as the pipeline assembles
// them (Chart), then everything else (Render).
type Renderer = siteRenderer

// New parses the templates (the site's own over the embedded ones) and hashes the assets for a
// build of pages (stubs until the pipeline assembles them: only their paths and names are read
// before Chart) and mds; datasets is the count the pages say the site holds. statics are copied
// as they are, changes feed the trend charts. Template errors come back as problem.Problems.
func New(in config.Input, pages []*Page, mds []*markdown.MarkdownPage, datasets int, statics []input.StaticFile, changes []input.Change) (*Renderer, error) {
	r, err := newRenderer(in, pages, mds, datasets)
	if err != nil {
		return nil, err
	}
	r.statics, r.changes = statics, changes
	return r, nil
}

// KeepHeadlines stores p's home-page figure of every snapshot on p, so that the pipeline may
// then drop the older snapshots' points.
func (r *siteRenderer) KeepHeadlines(p *Page) { p.headlines = headlines(p, r.in.Config.HeadlineX) }

// ChartNanos is the time spent building chart options, added over goroutines (for --stats).
func (r *siteRenderer) ChartNanos() int64 { return r.chartNanos.Load() }

// WriteNanos is where the time spent writing files is added up, over goroutines (for --stats):
// the pipeline's counting Writer adds to it.
func (r *siteRenderer) WriteNanos() *atomic.Int64 { return &r.writeNanos }

// Reuse is one incremental build's view of the chart pages the previous build drew.
type Reuse = pageReuse

// Kept is the chart pages a build drew, by page path, for the next build to reuse.
type Kept = map[string]*pageEntry

// StartReuse makes r copy, rather than draw, every chart page whose key is unchanged since the
// build that drew old: serial numbers each dataset's decoding, by path, so a page's key changes
// when one of its datasets does.
func (r *siteRenderer) StartReuse(old Kept, serial map[string]uint64) *Reuse {
	u := &pageReuse{old: old, serial: serial, next: map[string]*pageEntry{}}
	u.shared = sharedKey(r)
	r.reuse = u
	return u
}

// Counts says how many chart pages the build drew and how many it copied.
func (u *pageReuse) Counts() (drawn, reused int) { return u.drawn, u.reused }

// Next is the chart pages of this build, for the next one.
func (u *pageReuse) Next() Kept { return u.next }

// ReservedIDs are the element ids the page templates use, which a markdown heading must not take.
func ReservedIDs() []string { return slices.Clone(reservedIDs) }

// Reserved reports whether a top-level site path ("assets") is the site's own, which a model's
// slug or a markdown page must not take.
func Reserved(name string) bool { return reserved[name] }
