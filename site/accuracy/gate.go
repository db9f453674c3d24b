package accuracy

import "github.com/frontier-bench/frontier/site/pareto"

// Gate keeps the configurations that scored at least Min on Task (the eval that counts for the
// view's date, by Counted), and those with no eval for it unless All: "only configurations
// scoring at least 90% on GSM8K". A nil Gate keeps everything.
type Gate struct {
	Task string
	Min  float64
	All  bool // also remove the configurations with no eval for Task ("only evaluated")
}

// Keeps says whether a point whose evals are scores[idx] passes the gate in a view of date.
func (g *Gate) Keeps(scores []Score, idx []int, date string) bool {
	if g == nil {
		return true
	}
	i := Counted(scores, idx, g.Task, date)
	if i < 0 {
		return !g.All
	}
	return scores[i].Score >= g.Min
}

// Series is one series as the gate computes over it: its points' x, y and eval indices.
type Series struct {
	GPU   string
	X, Y  []float64
	Evals [][]int // per point, indices into the scores; nil for none
}

// Result is what a page computes from the points a gate keeps.
type Result struct {
	Kept     [][]int        // per series, indices of its points kept
	Frontier [][]int        // per series, indices of its points on its frontier, in x order
	Best     map[string]int // per GPU, the index of its best series (pareto.BestPerGPU)
	Global   []Ref          // the frontier over every kept point of every series, in x order
}

// Ref names a point of a series: series index, point index.
type Ref struct{ Series, Point int }

// Apply computes, over the points gate g keeps in a view of date, each series' frontier, the
// best series per GPU and the global frontier (x and y higher is better, the default axes).
func Apply(g *Gate, scores []Score, date string, series []Series) Result {
	r := Result{Kept: make([][]int, len(series)), Frontier: make([][]int, len(series))}
	cands := make([]pareto.Candidate, len(series))
	var gx, gy []float64
	var gp []Ref
	for si, s := range series {
		var xs, ys []float64
		kept := []int{}
		for pi := range s.X {
			var idx []int
			if pi < len(s.Evals) {
				idx = s.Evals[pi]
			}
			if !g.Keeps(scores, idx, date) {
				continue
			}
			kept = append(kept, pi)
			xs, ys = append(xs, s.X[pi]), append(ys, s.Y[pi])
			gx, gy, gp = append(gx, s.X[pi]), append(gy, s.Y[pi]), append(gp, Ref{si, pi})
		}
		r.Kept[si] = kept
		front := []int{}
		c := pareto.Candidate{GPU: s.GPU}
		for _, k := range pareto.Frontier(xs, ys, true) {
			front = append(front, kept[k])
			c.X, c.Y = append(c.X, xs[k]), append(c.Y, ys[k])
		}
		r.Frontier[si] = front
		cands[si] = c
	}
	r.Best = pareto.BestPerGPU(cands, true)
	for _, k := range pareto.Frontier(gx, gy, true) {
		r.Global = append(r.Global, gp[k])
	}
	return r
}
