package pipeline

import (
	"fmt"
	"github.com/frontier-bench/frontier/site/page"
	"slices"

	"github.com/frontier-bench/frontier/site/accuracy"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/problem"
)

// siteAccuracy is what every page's join reads: the site's evals, their low marks over all of
// them, and the config's notes; used records, per page, the evals that matched its points.
type siteAccuracy struct {
	evals []input.Eval
	low   []bool
	notes []accuracy.Note
	gate  *accuracy.Gate    // the site's default, which compare pages and the overview follow
	used  [][]int           // per page
	ids   []map[int][]int64 // per page: eval index -> the ids of the newest snapshot's points it joined
}

func newSiteAccuracy(evals []input.Eval, notes []accuracy.Note, gate *accuracy.Gate, pages int) *siteAccuracy {
	return &siteAccuracy{evals: evals, low: accuracy.Low(evals), notes: notes, gate: gate, used: make([][]int, pages),
		ids: make([]map[int][]int64, pages)}
}

// join sets page i's accuracy (p.Accuracy) from the evals and notes matching any point of any
// of its snapshots.
func (a *siteAccuracy) join(i int, p *page.Page) {
	if a == nil || len(a.evals) == 0 && len(a.notes) == 0 {
		return
	}
	var pts []accuracy.Point
	seen := map[int64]bool{}
	for _, snap := range p.Snapshots {
		for _, s := range snap.Series {
			for k := range s.Points {
				pt := &s.Points[k]
				if seen[pt.ID] {
					continue
				}
				seen[pt.ID] = true
				c := accuracy.Conf{GPU: s.GPU, Framework: s.Framework, Precision: pt.Precision, Spec: s.Spec, TP: pt.TP, ID: pt.ID}
				if pt.Raw != nil {
					c.Topology = &pt.Raw.Topology
				}
				pts = append(pts, accuracy.Point{ID: pt.ID, Date: pt.Date, Conf: c})
			}
		}
	}
	p.Accuracy, a.used[i] = accuracy.Join(p.Model, pts, a.evals, a.low, a.notes)
	if p.Accuracy != nil {
		ids := map[int][]int64{}
		for _, s := range p.Snapshots[0].Series {
			for _, pt := range s.Points {
				if !pt.HasX() {
					continue // not in the views, which require an x
				}
				for _, k := range p.Accuracy.PointEvals[pt.ID] {
					ids[p.Accuracy.Index[k]] = append(ids[p.Accuracy.Index[k]], pt.ID)
				}
			}
		}
		a.ids[i] = ids
	}
	if p.Accuracy != nil && a.gate != nil {
		var ids []int64
		for _, s := range p.Snapshots[0].Series {
			for _, pt := range s.Points {
				ids = append(ids, pt.ID)
			}
		}
		p.Accuracy.GateNewest(a.gate, ids, p.Snapshots[0].Date)
	}
}

// points are, for each eval, the ids of the points of every page's newest snapshot it joined
// (sorted; empty for none): what the API's evaluations file names, the points of the API's
// views, so that a build from the API's files joins each eval to the same points. (The
// history's rows carry their evals themselves.)
func (a *siteAccuracy) points() [][]int64 {
	if a == nil {
		return nil
	}
	out := make([][]int64, len(a.evals))
	for _, page := range a.ids {
		for i, ids := range page {
			out[i] = append(out[i], ids...)
		}
	}
	for i := range out {
		slices.Sort(out[i])
		out[i] = slices.Compact(out[i])
	}
	return out
}

// hits says, per eval, whether it matched a point of some page.
func (a *siteAccuracy) hits() []bool {
	hit := make([]bool, len(a.evals))
	for _, u := range a.used {
		for _, i := range u {
			hit[i] = true
		}
	}
	return hit
}

// matched are the evals that matched a point of some page, in the site's order, with their low
// marks: what the accuracy pages show. An eval that matched nothing is shown nowhere; `frontier
// check` warns of it (unmatched).
func (a *siteAccuracy) matched() (evals []input.Eval, low []bool) {
	if a == nil {
		return nil, nil
	}
	for i, ok := range a.hits() {
		if ok {
			evals, low = append(evals, a.evals[i]), append(low, a.low[i])
		}
	}
	return evals, low
}

// unmatched warns of every eval that matched no point of any page, with its file and place:
// `frontier check` names them.
func (a *siteAccuracy) unmatched() problem.Problems {
	if a == nil {
		return nil
	}
	var ps problem.Problems
	for i, ok := range a.hits() {
		if ok {
			continue
		}
		e := &a.evals[i]
		ps = append(ps, problem.Problem{File: e.File, Path: e.Place, Warning: true,
			Msg: fmt.Sprintf("eval of %s on %s matches no point: no chart page has %s %s %s %s with %s", e.Task, e.Model,
				e.GPU, e.Framework, e.Precision, e.Spec, topologyText(&e.Topology))})
	}
	return ps
}

// topologyText is an eval's parallelism as the warning names it.
func topologyText(t *input.Topology) string {
	if t.TP == 0 && !t.Split {
		return "any parallelism"
	}
	if t.Split {
		return fmt.Sprintf("prefill %d×(TP%d EP%d%s), decode %d×(TP%d EP%d%s)", t.PrefillWorkers, t.PrefillTP, max(t.PrefillEP, 1), dpa(t.PrefillDPAttn),
			t.DecodeWorkers, t.DecodeTP, max(t.DecodeEP, 1), dpa(t.DecodeDPAttn))
	}
	return fmt.Sprintf("TP%d EP%d%s", t.TP, max(t.EP, 1), dpa(t.DPAttn))
}

func dpa(on bool) string {
	if on {
		return " DP-attention"
	}
	return ""
}
