package render

import (
	"fmt"

	"github.com/frontier-bench/frontier/site/accuracy"
	"github.com/frontier-bench/frontier/site/page"
	"github.com/frontier-bench/frontier/site/pareto"
)

// snapshotHeadline is a snapshot's best GPU value at the reference interactivity, and the GPU
// that holds it (its label): the home page's headline figure, compared across dates by the home
// page and the feed. A GPU's value is read off the frontier of all its configurations' points
// (page.Curve), as its compare pages and `frontier mcp`'s best_at read it.
func snapshotHeadline(snap *page.Snapshot, x float64) (value float64, leader string, ok bool) {
	var gpus []string // in the series' order, for determinism
	xs, ys, label := map[string][]float64{}, map[string][]float64{}, map[string]string{}
	for _, s := range snap.Series {
		if _, seen := label[s.GPU]; !seen {
			gpus, label[s.GPU] = append(gpus, s.GPU), gpuLabel(s)
		}
		for _, pt := range s.Points {
			xs[s.GPU], ys[s.GPU] = append(xs[s.GPU], pt.X), append(ys[s.GPU], pt.Y)
		}
	}
	for _, g := range gpus {
		if v, in := page.ValueAt(xs[g], ys[g], true, true, x); in && (!ok || v > value) {
			value, leader, ok = v, label[g], true
		}
	}
	return value, leader, ok
}

// datedHeadline is a page's headline figure as of one snapshot: the best frontier value at the
// home page's interactivity and who holds it. The pipeline keeps one per snapshot (newest first)
// before it drops the older snapshots' points, so the home page and feed.xml can say how the
// figure moved without holding the history.
type datedHeadline struct {
	Date   string
	Value  float64
	Leader string
	OK     bool // a frontier reaches the interactivity on that date
}

// headlines is every snapshot's headline figure, newest first, as Page.Snapshots.
// With the site's accuracy gate g, each snapshot's figure is read off the frontiers of the
// points the gate keeps as of its date (gatedSnapshot).
func headlines(p *page.Page, x float64, g *accuracy.Gate) []datedHeadline {
	hs := make([]datedHeadline, len(p.Snapshots))
	for i, snap := range p.Snapshots {
		v, who, ok := snapshotHeadline(gatedSnapshot(snap, p.Accuracy, g), x)
		hs[i] = datedHeadline{Date: snap.Date, Value: v, Leader: who, OK: ok}
	}
	return hs
}

// headlineChange is how the figure of hs[i] moved since the snapshot before it (hs[i+1]), as a
// reader reads it ("+12%"), with that earlier date; ok is false on the oldest snapshot or when
// either date has no figure to compare.
func headlineChange(hs []datedHeadline, i int) (change, since string, ok bool) {
	if i+1 >= len(hs) || !hs[i].OK || !hs[i+1].OK || hs[i+1].Value <= 0 {
		return "", "", false
	}
	return fmtChange((hs[i].Value/hs[i+1].Value - 1) * 100), hs[i+1].Date, true
}

// pageHeadlines are the page's headline figures, from the pipeline when it kept them, or
// worked out now (Assemble's pages, which keep every snapshot).
func (r *Renderer) pageHeadlines(p *page.Page) []datedHeadline {
	if hs := kept(p).headlines; len(hs) == len(p.Snapshots) {
		return hs
	}
	return headlines(p, r.in.Config.HeadlineX, r.in.Config.Gate())
}

// gatedSnapshot is snap as gate g leaves it: each series with only the points g keeps as of the
// snapshot's date, and its frontier over them. snap itself without a gate or evals.
func gatedSnapshot(snap *page.Snapshot, a *accuracy.Page, g *accuracy.Gate) *page.Snapshot {
	if g == nil || a == nil {
		return snap
	}
	scores := accuracy.Scores(a.Evals)
	out := &page.Snapshot{Date: snap.Date}
	for _, s := range snap.Series {
		c := *s
		c.Points, c.Frontier = nil, nil
		var xs, ys []float64
		for _, pt := range s.Points {
			if g.Keeps(scores, a.PointEvals[pt.ID], snap.Date) {
				c.Points = append(c.Points, pt)
				xs, ys = append(xs, pt.X), append(ys, pt.Y)
			}
		}
		c.Frontier = pareto.Frontier(xs, ys, true)
		out.Series = append(out.Series, &c)
	}
	return out
}

// gateKey names the gate and the evals headlines were read under, for KeepHeadlines' cache.
func gateKey(g *accuracy.Gate, p *page.Page) string {
	if g == nil || p.Accuracy == nil {
		return ""
	}
	return fmt.Sprintf("%#v %#v %#v", *g, p.Accuracy.Evals, p.Accuracy.PointEvals)
}
