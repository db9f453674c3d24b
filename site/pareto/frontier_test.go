package pareto

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestFrontier(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name    string
		xs, ys  []float64
		higherY bool
		want    []int
	}{
		{"no points", nil, nil, true, []int{}},
		{"one point", []float64{5}, []float64{1}, true, []int{0}},
		{"trade-off keeps every point, in x order", []float64{3, 1, 2}, []float64{1, 3, 2}, true, []int{1, 2, 0}},
		{"point beaten on both axes drops out", []float64{1, 2, 3}, []float64{1, 5, 2}, true, []int{1, 2}},
		{"same x: only the best y", []float64{2, 2, 1}, []float64{1, 3, 5}, true, []int{2, 1}},
		{"same y: only the highest x", []float64{1, 3, 2}, []float64{5, 5, 6}, true, []int{2, 1}},
		{"duplicates on the frontier are all kept, by index", []float64{3, 1, 3}, []float64{1, 4, 1}, true, []int{1, 0, 2}},
		{"duplicates beaten together drop together", []float64{1, 1, 2}, []float64{1, 1, 2}, true, []int{2}},
		{"duplicate of a point beaten only by its own x group", []float64{2, 2, 2}, []float64{1, 3, 3}, true, []int{1, 2}},
		{"x <= 0 never counts and never beats", []float64{0, -1, 1, 2}, []float64{100, 200, 3, 1}, true, []int{2, 3}},
		{"negative zero x does not count", []float64{math.Copysign(0, -1)}, []float64{1}, true, []int{}},
		{"only x <= 0", []float64{0, -3}, []float64{1, 2}, true, []int{}},
		{"NaN coordinates never count", []float64{nan, 1, 2}, []float64{9, nan, 1}, true, []int{2}},
		{"lower is better: rising y is a trade-off", []float64{1, 2, 3}, []float64{1, 2, 3}, false, []int{0, 1, 2}},
		{"lower is better: falling y leaves the last", []float64{1, 2, 3}, []float64{3, 2, 1}, false, []int{2}},
		{"lower is better: same x keeps the lowest y", []float64{2, 2, 1}, []float64{5, 3, 1}, false, []int{2, 1}},
		{"lower is better: same y keeps the highest x", []float64{1, 4}, []float64{2, 2}, false, []int{1}},
		{"infinite x beats finite points with no better y", []float64{math.Inf(1), 1, 2}, []float64{2, 3, 1}, true, []int{1, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			xs, ys := slices.Clone(tt.xs), slices.Clone(tt.ys)
			got := Frontier(xs, ys, tt.higherY)
			if !slices.Equal(got, tt.want) {
				t.Errorf("Frontier(%v, %v, %v) = %v, want %v", tt.xs, tt.ys, tt.higherY, got, tt.want)
			}
			if !slices.Equal(xs, tt.xs) && !hasNaN(tt.xs) {
				t.Errorf("Frontier modified xs: %v, want %v", xs, tt.xs)
			}
		})
	}
}

func hasNaN(v []float64) bool { return slices.ContainsFunc(v, math.IsNaN) }

func TestFrontierPanicsOnLengthMismatch(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Frontier with len(xs) != len(ys) did not panic")
		}
	}()
	Frontier([]float64{1, 2}, []float64{1}, true)
}

// checkFrontier verifies got against the definition, by brute force: an eligible point is on
// the frontier exactly when no other eligible point beats it; the order is x ascending, then
// index.
func checkFrontier(t *testing.T, xs, ys []float64, higherY bool, got []int) {
	t.Helper()
	checkFrontierDir(t, xs, ys, true, higherY, got)
}

// checkFrontierDir is checkFrontier with a direction on x: lower x is better unless higherX.
func checkFrontierDir(t *testing.T, xs, ys []float64, higherX, higherY bool, got []int) {
	t.Helper()
	betterX := func(a, b float64) bool {
		if higherX {
			return a > b
		}
		return a < b
	}
	eligible := func(i int) bool { return xs[i] > 0 && !math.IsNaN(ys[i]) }
	better := func(a, b float64) bool {
		if higherY {
			return a > b
		}
		return a < b
	}
	beats := func(q, p int) bool {
		noWorse := (xs[q] == xs[p] || betterX(xs[q], xs[p])) && (ys[q] == ys[p] || better(ys[q], ys[p]))
		return noWorse && (betterX(xs[q], xs[p]) || better(ys[q], ys[p]))
	}
	on := make([]bool, len(xs))
	for k, i := range got {
		if i < 0 || i >= len(xs) || on[i] {
			t.Fatalf("frontier %v: index %d out of range or repeated", got, i)
		}
		on[i] = true
		if k > 0 {
			j := got[k-1]
			if xs[j] > xs[i] || (xs[j] == xs[i] && j > i) {
				t.Errorf("frontier %v: %d before %d breaks x-then-index order", got, j, i)
			}
		}
	}
	for p := range xs {
		beaten := -1
		for q := range xs {
			if q != p && eligible(q) && beats(q, p) {
				beaten = q
				break
			}
		}
		want := eligible(p) && beaten < 0
		if on[p] != want {
			t.Errorf("point %d (%v, %v): on frontier = %v, want %v (beaten by %d)", p, xs[p], ys[p], on[p], want, beaten)
		}
	}
}

func TestFrontierMatchesDefinitionOnRandomSets(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		xs, ys := randomPoints(r, r.IntN(30))
		for _, higherY := range []bool{true, false} {
			checkFrontier(t, xs, ys, higherY, Frontier(xs, ys, higherY))
			checkFrontierDir(t, xs, ys, false, higherY, FrontierDir(xs, ys, false, higherY))
		}
	}
}

// TestFrontierDirCorners pins the four corners on one small set: a latency-like x (lower is
// better) against throughput gives the upper-left staircase, against cost the lower-left one.
func TestFrontierDirCorners(t *testing.T) {
	//       a  b  c  d
	xs := []float64{1, 2, 3, 4}
	ys := []float64{1, 3, 2, 4}
	for _, c := range []struct {
		higherX, higherY bool
		want             []int
	}{
		{true, true, []int{3}},        // upper right: d beats everything
		{false, true, []int{0, 1, 3}}, // upper left: a (lowest x), b, d (highest y)
		{false, false, []int{0}},      // lower left: a is lowest on both
		{true, false, []int{0, 2, 3}}, // lower right: c beats b (higher x, lower y)
	} {
		got := FrontierDir(xs, ys, c.higherX, c.higherY)
		checkFrontierDir(t, xs, ys, c.higherX, c.higherY, got)
		if !slices.Equal(got, c.want) {
			t.Errorf("higherX=%v higherY=%v: got %v, want %v", c.higherX, c.higherY, got, c.want)
		}
	}
}

// randomPoints draws n points, half the time on a coarse grid (to get ties, duplicates and
// x <= 0), otherwise continuous and spread over orders of magnitude.
func randomPoints(r *rand.Rand, n int) (xs, ys []float64) {
	grid := r.IntN(2) == 0
	for range n {
		if grid {
			xs = append(xs, float64(r.IntN(8)-1))
			ys = append(ys, float64(r.IntN(6)))
		} else {
			xs = append(xs, math.Exp(r.Float64()*6-1))
			ys = append(ys, 1e4*r.Float64()*r.Float64())
		}
	}
	return xs, ys
}

func BenchmarkFrontier(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	xs, ys := make([]float64, 1000), make([]float64, 1000)
	for i := range xs {
		xs[i] = 1 + 300*r.Float64()
		ys[i] = 1e4 / xs[i] * (0.5 + r.Float64())
	}
	b.ReportAllocs()
	for b.Loop() {
		Frontier(xs, ys, true)
	}
}
