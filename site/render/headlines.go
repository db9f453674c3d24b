package render

import "github.com/frontier-bench/frontier/site/pareto"

// snapshotHeadline is a snapshot's best frontier value at the reference interactivity, and who
// holds it: the home page's headline figure, compared across dates by the home page and the feed.
func snapshotHeadline(snap *Snapshot, x float64) (value float64, leader string, ok bool) {
	for _, s := range snap.Series {
		xs, ys := make([]float64, len(s.Frontier)), make([]float64, len(s.Frontier))
		for i, j := range s.Frontier {
			xs[i], ys[i] = s.Points[j].X, s.Points[j].Y
		}
		if v, in := pareto.ValueAt(xs, ys, x); in && (!ok || v > value) {
			value, leader, ok = v, s.Name, true
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
func headlines(p *Page, x float64) []datedHeadline {
	hs := make([]datedHeadline, len(p.Snapshots))
	for i, snap := range p.Snapshots {
		v, who, ok := snapshotHeadline(snap, x)
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
func (r *Renderer) pageHeadlines(p *Page) []datedHeadline {
	if len(p.headlines) == len(p.Snapshots) {
		return p.headlines
	}
	return headlines(p, r.in.Config.HeadlineX)
}
