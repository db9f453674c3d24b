package render

import (
	"crypto/sha256"
	"github.com/frontier-bench/frontier/site/page"
	"time"

	"github.com/frontier-bench/frontier/site/history"
	"github.com/frontier-bench/frontier/site/output"
)

// historyPage is p as package history reads it; metrics and refs only for writing it. A
// configuration named the same on many dates shares one *history.Config: a year of daily
// snapshots is tens of thousands of series.
func historyPage(p *page.Page, cols pageColumns, metrics []MetricData, refs []float64) *history.Page {
	// A chunk's columns are the page's (the page script checks them), evals and notes among
	// them on a page with accuracy: each point's indices into the page's evals and notes.
	hp := &history.Page{Path: p.Path, Model: p.Model, Cols: accuracyCols(cols.names, p), RefX: refs,
		Snapshots: make([]history.Snapshot, len(p.Snapshots))}
	if p.Accuracy != nil {
		hp.Lists = map[string]map[int64][]int{"evals": p.Accuracy.PointEvals, "notes": p.Accuracy.PointNotes}
	}
	for _, m := range metrics {
		hp.Metrics = append(hp.Metrics, history.Metric{Key: m.Key, Higher: m.Higher})
	}
	configs := map[history.Config]*history.Config{}
	for i, snap := range p.Snapshots {
		hs := history.Snapshot{Date: snap.Date, Series: make([]history.Series, len(snap.Series))}
		for j, s := range snap.Series {
			c := history.Config{Key: s.Key, Name: s.Name, HW: s.HWKey, GPU: s.GPU, Vendor: s.Vendor,
				Framework: s.Framework, Spec: s.Spec, Precision: s.Precision, Label: s.Label, Deploy: s.Deployment}
			shared, ok := configs[c]
			if !ok {
				shared = &c
				configs[c] = shared
			}
			hs.Series[j] = history.Series{Config: shared, Date: s.Date, Points: s.Points}
		}
		hp.Snapshots[i] = hs
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
