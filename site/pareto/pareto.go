// Package pareto holds the small amount of math behind every chart: which points of a series
// form its Pareto frontier (Frontier, and FrontierDir for an x where lower is better), a
// monotone cubic (Steffen) through that frontier and its value at a reference x (Monotone,
// ValueAt), and which series is best per GPU (BestPerGPU). It does no I/O and depends on the
// standard library only.
//
// templates/script/pareto.js is its browser twin, so the page can recompute frontiers and
// best-per-GPU (for another metric or snapshot) and agree with what the build wrote. Both sides
// perform the same floating-point operations in the same order, which makes them bit-identical
// on amd64 (Go may fuse multiply-adds on arm64, a last-bit difference); change them together,
// TestJavaScriptTwin runs the script under node and compares.
package pareto

import (
	"math"
	"slices"
)

// Frontier returns the indices of the points of one series that lie on its Pareto frontier, in
// ascending x order (equal x, which only duplicates can share, by ascending index).
//
// Higher x is always better; higher y is better when higherY, lower y otherwise. Point q beats
// point p when q is at least as good on both axes and strictly better on one. A point is on the
// frontier when no other point beats it. Consequences that callers see:
//   - of several points at the same x only the best y can be on the frontier, and of several
//     points at the same y only the highest x;
//   - exact duplicates (same x and y) do not beat each other, so either all copies are on the
//     frontier or none is: the result never depends on which copy came first.
//
// Only points with x > 0 and y not NaN take part: any other point is never on the frontier and
// never beats anything (a zero or missing interactivity is no measurement). Frontier runs in
// O(n log n) and never modifies its arguments. It panics if len(xs) != len(ys).
func Frontier(xs, ys []float64, higherY bool) []int {
	return FrontierDir(xs, ys, true, higherY)
}

// FrontierDir is Frontier with a direction on x too: higher x is better when higherX, lower x
// otherwise (a latency, a concurrency). The frontier then hugs the corner the two directions
// point to: upper right for interactivity and throughput, upper left for latency and
// throughput, lower left for latency and cost. The result is in ascending x order either way,
// the order a line is drawn in, with the same rules as Frontier for ties, duplicates and
// points that do not take part (x > 0 and y not NaN).
func FrontierDir(xs, ys []float64, higherX, higherY bool) []int {
	if len(xs) != len(ys) {
		panic("pareto: Frontier: xs and ys differ in length")
	}
	betterX := func(a, b float64) bool { return a < b }
	if higherX {
		betterX = func(a, b float64) bool { return a > b }
	}
	better := func(a, b float64) bool { return a < b } // lower y is better
	if higherY {
		better = func(a, b float64) bool { return a > b }
	}
	idx := make([]int, 0, len(xs))
	for i, x := range xs {
		if x > 0 && !math.IsNaN(ys[i]) {
			idx = append(idx, i)
		}
	}
	// Best first: x best first, then y best first, then index; a total order, so the scan
	// below does not depend on the sort's stability.
	slices.SortFunc(idx, func(i, j int) int {
		switch {
		case xs[i] != xs[j]:
			if betterX(xs[i], xs[j]) {
				return -1
			}
			return 1
		case ys[i] != ys[j]:
			if better(ys[i], ys[j]) {
				return -1
			}
			return 1
		}
		return i - j
	})
	// Scan from the best x down. A point survives when it has the best y of its x group
	// (so no point of equal x beats it) and that y is strictly better than every y seen at a
	// better x (so no point of better x ties or beats it on y).
	var kept [][]int  // surviving runs of idx, best x first
	seen := false     // whether any point of a better x has been passed
	var bestY float64 // best y among points of better x, valid when seen
	for g := 0; g < len(idx); {
		x, groupY := xs[idx[g]], ys[idx[g]]
		end, dups := g, g
		for end < len(idx) && xs[idx[end]] == x {
			if ys[idx[end]] == groupY {
				dups++
			}
			end++
		}
		if !seen || better(groupY, bestY) {
			kept = append(kept, idx[g:dups])
			bestY, seen = groupY, true
		}
		g = end
	}
	// Ascending x: the runs reversed when the best x is the highest, as they are otherwise.
	out := make([]int, 0, len(idx))
	for k := range kept {
		if higherX {
			k = len(kept) - 1 - k
		}
		out = append(out, kept[k]...)
	}
	return out
}
