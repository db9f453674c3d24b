package pareto

import "math"

// samples is the number of evenly spaced x at which BestPerGPU compares frontiers, both ends
// of the shared range included.
const samples = 9

// Candidate is one series competing to be the best of its GPU.
type Candidate struct {
	GPU  string    // the GPU key the series runs on, e.g. "b200"
	X, Y []float64 // the series' frontier points (see Frontier); any x order is accepted
}

// BestPerGPU picks, for each GPU, the candidate whose frontier is best over the interactivity
// range that all of that GPU's candidates cover. It returns the winner's index in cands per
// GPU key; a GPU none of whose candidates has a frontier point gets no entry.
//
// Each frontier becomes a Monotone curve. The shared range is the intersection of their x
// ranges; the curves are sampled at samples evenly spaced x over it and the best mean wins
// (highest when higherY, else lowest). When the shared range is empty, or the GPU has a single
// candidate, the candidate with the best single frontier y wins instead. Ties go to the
// earlier candidate, so callers decide them by their order (the site passes series sorted by
// hwKey). Candidates without frontier points never win and do not narrow the shared range.
func BestPerGPU(cands []Candidate, higherY bool) map[string]int {
	better := func(a, b float64) bool { return a < b }
	if higherY {
		better = func(a, b float64) bool { return a > b }
	}
	var gpus []string // in order of first appearance, for determinism
	byGPU := map[string][]int{}
	curves := make([]*Monotone, len(cands))
	for i, c := range cands {
		curves[i] = NewMonotone(c.X, c.Y)
		if len(curves[i].xs) == 0 {
			continue
		}
		if _, ok := byGPU[c.GPU]; !ok {
			gpus = append(gpus, c.GPU)
		}
		byGPU[c.GPU] = append(byGPU[c.GPU], i)
	}
	best := make(map[string]int, len(gpus))
	for _, gpu := range gpus {
		group := byGPU[gpu]
		lo, hi := math.Inf(-1), math.Inf(1)
		for _, i := range group {
			l, h, _ := curves[i].Domain()
			lo, hi = max(lo, l), min(hi, h)
		}
		win, winScore := -1, 0.0
		for _, i := range group {
			var score float64
			if len(group) > 1 && lo <= hi {
				score = meanOver(curves[i], lo, hi)
			} else {
				score = bestKnot(curves[i], better)
			}
			if math.IsNaN(score) {
				continue
			}
			if win < 0 || better(score, winScore) {
				win, winScore = i, score
			}
		}
		if win >= 0 {
			best[gpu] = win
		}
	}
	return best
}

// meanOver returns the mean of m at samples evenly spaced x from lo to hi, both inside m's
// domain.
func meanOver(m *Monotone, lo, hi float64) float64 {
	sum := 0.0
	for k := range samples {
		x := lo + (hi-lo)*float64(k)/(samples-1)
		if x > hi { // lo + (hi-lo) can round past hi
			x = hi
		}
		y, _ := m.At(x)
		sum += y
	}
	return sum / samples
}

// bestKnot returns the best y among m's knots.
func bestKnot(m *Monotone, better func(a, b float64) bool) float64 {
	y := m.ys[0]
	for _, v := range m.ys[1:] {
		if better(v, y) {
			y = v
		}
	}
	return y
}
