package render

import (
	"crypto/sha256"
	"github.com/frontier-bench/frontier/site/page"
	"time"

	"github.com/frontier-bench/frontier/site/history"
	"github.com/frontier-bench/frontier/site/output"
)

// historyPage is p as package history writes it; metrics and refs only for writing it.
func historyPage(p *page.Page, cols pageColumns, metrics []MetricData, refs []float64) *history.Page {
	// A chunk's columns are the page's (the page script checks them), evals and notes among
	// them on a page with accuracy: each point's indices into the page's evals and notes.
	hp := &history.Page{Page: p, Cols: accuracyCols(cols.names, p), RefX: refs}
	if p.Accuracy != nil {
		hp.Lists = map[string]map[int64][]int{"evals": p.Accuracy.PointEvals, "notes": p.Accuracy.PointNotes}
	}
	for _, m := range metrics {
		hp.Metrics = append(hp.Metrics, history.Metric{Key: m.Key, Higher: m.Higher})
	}
	return hp
}

// writeHistory writes the history of p (package history) and returns its index for the page
// data; nil for a page with one snapshot. In an incremental build the page's recorder keeps
// what the history derived, for the next build.
func (r *Renderer) writeHistory(w output.Writer, hp *history.Page) (*history.Index, error) {
	var cache history.Cache
	if _, ok := w.(*recorder); ok && r.reuse != nil {
		cache = pieces{r, w}
	}
	defer r.timeJob(JobHistory, time.Now())
	return history.Write(w, hp, cache)
}

// pieces is a page's derived pieces in an incremental build (Renderer.derived, keep), as the
// history's Cache.
type pieces struct {
	r *Renderer
	w output.Writer
}

func (c pieces) Derived(key [sha256.Size]byte, derive func() []byte) []byte {
	return c.r.derived(c.w, key, derive)
}

func (c pieces) Keep(key [sha256.Size]byte) { c.r.keep(c.w, key) }
