// Package accuracy joins eval results (package input's Eval) to the points of their
// configuration, picks the eval that counts for a view's date (the as-of rule), marks scores far
// below their model's others, and applies the accuracy gate to a page's series: the frontiers,
// best per GPU and the global frontier of the configurations that scored at least a minimum.
// It knows input's types and package pareto, never the site's pages or HTML.
//
// The join: an eval belongs to the points of its series (GPU, framework, precision, speculative
// decoding) that ran with the same parallelism (TP, EP, DP attention; for a run split into
// prefill and decode workers, both sides and their workers), whatever the concurrency. Whether
// the deployment is called disaggregated is not part of it: InferenceX's eval rows call a
// single-node run disaggregated with one worker on each side, its throughput rows do not.
// An eval that states no parallelism (a harness file without a [[runs]] tp) joins every point
// of its series. An eval read from Frontier's own API (api/v1/evaluations/) names the points it
// joined instead, by id, and joins those: a view's points carry their TP only.
package accuracy

import (
	"cmp"
	"slices"
	"sort"

	"github.com/frontier-bench/frontier/site/input"
)

// LowBy is how far below the median of its model's scores on the same task a score must lie
// to be marked low: ten points.
const LowBy = 0.10

// Conf is a point's configuration as the join reads it.
type Conf struct {
	GPU, Framework, Precision, Spec string
	// Topology is a raw point's own (Raw set); a view's point states only its TP.
	Topology *input.Topology
	TP       int64
	ID       int64 // the point's id, which an eval of Frontier's API names (input.Eval.Points)
}

// Matches says whether eval e belongs to the points of configuration c (see the package doc).
func Matches(e *input.Eval, c *Conf) bool {
	if e.GPU != c.GPU || e.Framework != c.Framework || e.Precision != c.Precision || e.Spec != c.Spec {
		return false
	}
	if e.ByPoints {
		_, ok := slices.BinarySearch(e.Points, c.ID)
		return ok
	}
	et := &e.Topology
	if et.TP == 0 && !et.Split {
		return true // the eval states no parallelism
	}
	pt := c.Topology
	if pt == nil {
		return c.TP == 0 || c.TP == et.TP
	}
	if et.Split != pt.Split {
		return false
	}
	if et.Split {
		return et.PrefillTP == pt.PrefillTP && one(et.PrefillEP) == one(pt.PrefillEP) && et.PrefillDPAttn == pt.PrefillDPAttn &&
			et.PrefillWorkers == pt.PrefillWorkers &&
			et.DecodeTP == pt.DecodeTP && one(et.DecodeEP) == one(pt.DecodeEP) && et.DecodeDPAttn == pt.DecodeDPAttn &&
			et.DecodeWorkers == pt.DecodeWorkers
	}
	return et.TP == pt.TP && one(et.EP) == one(pt.EP) && et.DPAttn == pt.DPAttn
}

// one reads an unknown (0) expert parallelism as none (1).
func one(n int64) int64 { return max(n, 1) }

// Sort puts evals in the order a page lists them: by task, then date (undated first), then file
// and place, so that the same inputs give the same page.
func Sort(evals []input.Eval) {
	slices.SortStableFunc(evals, func(a, b input.Eval) int { return compareEvals(&a, &b) })
}

func compareEvals(a, b *input.Eval) int {
	return cmp.Or(cmp.Compare(a.Task, b.Task), cmp.Compare(a.Date, b.Date), cmp.Compare(a.File, b.File), cmp.Compare(a.Place, b.Place))
}

// Score is an eval as the as-of rule and the gate read it.
type Score struct {
	Task  string
	Score float64
	Date  string // YYYY-MM-DD, "" when unknown
}

// Counted is the eval that counts for a view of date (YYYY-MM-DD; "" for no date: the newest)
// among scores[idx] on task: the newest dated on or before date, an undated one counting from
// the first view on; of two on the same date, the later in scores. -1 when none counts.
func Counted(scores []Score, idx []int, task, date string) int {
	best := -1
	for _, i := range idx {
		e := &scores[i]
		if e.Task != task || date != "" && e.Date > date {
			continue
		}
		if best < 0 || e.Date > scores[best].Date || e.Date == scores[best].Date && i > best {
			best = i
		}
	}
	return best
}

// Scores are evals as the gate reads them.
func Scores(evals []input.Eval) []Score {
	out := make([]Score, len(evals))
	for i, e := range evals {
		out[i] = Score{Task: e.Task, Score: e.Score, Date: e.Date}
	}
	return out
}

// Low marks the scores that lie more than LowBy below the median of all the scores of the same
// model and task (each eval counted once, whatever its date): low[i] for evals[i].
func Low(evals []input.Eval) []bool {
	type key struct{ model, task string }
	scores := map[key][]float64{}
	for _, e := range evals {
		k := key{e.Model, e.Task}
		scores[k] = append(scores[k], e.Score)
	}
	med := make(map[key]float64, len(scores))
	for k, s := range scores {
		sort.Float64s(s)
		n := len(s)
		if n%2 == 1 {
			med[k] = s[n/2]
		} else {
			med[k] = (s[n/2-1] + s[n/2]) / 2
		}
	}
	low := make([]bool, len(evals))
	for i, e := range evals {
		low[i] = e.Score < med[key{e.Model, e.Task}]-LowBy
	}
	return low
}
