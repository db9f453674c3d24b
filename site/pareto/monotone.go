package pareto

import (
	"math"
	"slices"
	"sort"
)

// Monotone is a monotone cubic interpolant through a set of knots, using Steffen's method
// (M. Steffen, "A simple method for monotonic interpolation in one dimension", 1990), the
// same tangents as d3's curveMonotoneX. Between two neighbouring knots the curve never leaves
// the range of their two y values, so a frontier drawn or sampled with it has no invented
// bumps, and it passes exactly through every knot.
//
// The zero value has no knots and is defined nowhere. A Monotone is immutable and safe for
// concurrent use.
type Monotone struct {
	xs, ys []float64 // knots, xs strictly increasing
	ms     []float64 // tangent (dy/dx) at each knot
}

// NewMonotone builds the interpolant through the points (xs[i], ys[i]). The points need not
// be sorted: they are ordered by x, and of several points with the same x only the first in
// input order is kept (on a frontier such points are duplicates, so nothing is lost). Points
// with a NaN or infinite coordinate are dropped. The arguments are not modified. It panics if
// len(xs) != len(ys).
//
// With one knot the curve is defined at that x only; with two it is the straight line
// between them; from three on, interior tangents follow Steffen and the two end tangents are
// d3's one-sided choice (3s - m)/2, with s the end segment's slope and m its inner tangent.
func NewMonotone(xs, ys []float64) *Monotone {
	if len(xs) != len(ys) {
		panic("pareto: NewMonotone: xs and ys differ in length")
	}
	idx := make([]int, 0, len(xs))
	for i := range xs {
		if finite(xs[i]) && finite(ys[i]) {
			idx = append(idx, i)
		}
	}
	slices.SortFunc(idx, func(i, j int) int {
		switch {
		case xs[i] < xs[j]:
			return -1
		case xs[i] > xs[j]:
			return 1
		}
		return i - j
	})
	m := &Monotone{xs: make([]float64, 0, len(idx)), ys: make([]float64, 0, len(idx))}
	for _, i := range idx {
		if n := len(m.xs); n > 0 && m.xs[n-1] == xs[i] {
			continue
		}
		m.xs = append(m.xs, xs[i])
		m.ys = append(m.ys, ys[i])
	}
	m.ms = tangents(m.xs, m.ys)
	return m
}

// tangents returns the slope of the curve at each knot of a strictly increasing xs.
func tangents(xs, ys []float64) []float64 {
	n := len(xs)
	ms := make([]float64, n)
	switch {
	case n < 2:
		return ms
	case n == 2:
		s := (ys[1] - ys[0]) / (xs[1] - xs[0])
		ms[0], ms[1] = s, s
		return ms
	}
	for i := 1; i < n-1; i++ {
		h0 := xs[i] - xs[i-1]
		h1 := xs[i+1] - xs[i]
		s0 := (ys[i] - ys[i-1]) / h0
		s1 := (ys[i+1] - ys[i]) / h1
		p := (s0*h1 + s1*h0) / (h0 + h1)
		// Steffen: zero at a local extremum (the signs differ), otherwise the smallest of the
		// two secants and the parabola slope halved, which is what keeps the curve monotone.
		t := (sign(s0) + sign(s1)) * math.Min(math.Min(math.Abs(s0), math.Abs(s1)), 0.5*math.Abs(p))
		if math.IsNaN(t) { // only on overflow; d3 also falls back to a flat tangent
			t = 0
		}
		ms[i] = t
	}
	s := (ys[1] - ys[0]) / (xs[1] - xs[0])
	ms[0] = (3*s - ms[1]) / 2
	s = (ys[n-1] - ys[n-2]) / (xs[n-1] - xs[n-2])
	ms[n-1] = (3*s - ms[n-2]) / 2
	return ms
}

// sign is d3's sign: zero counts as positive. Where that differs from the mathematical sign
// (a zero secant) the min in the Steffen tangent is zero anyway.
func sign(v float64) float64 {
	if v < 0 {
		return -1
	}
	return 1
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// Domain returns the x range [lo, hi] on which the curve is defined; ok is false when it has
// no knots.
func (m *Monotone) Domain() (lo, hi float64, ok bool) {
	if len(m.xs) == 0 {
		return 0, 0, false
	}
	return m.xs[0], m.xs[len(m.xs)-1], true
}

// At returns the curve's value at x. ok is false outside [first knot, last knot] (and for a
// NaN x): a frontier says nothing about interactivities nobody measured, so it is never
// extrapolated. At a knot it returns that knot's y exactly. Between knots the result is
// clamped to the two neighbouring y values, which absorbs rounding (and overflow with extreme
// inputs) without changing any value the exact cubic would give.
func (m *Monotone) At(x float64) (y float64, ok bool) {
	n := len(m.xs)
	if n == 0 || !(x >= m.xs[0] && x <= m.xs[n-1]) {
		return 0, false
	}
	i := sort.SearchFloat64s(m.xs, x) // first knot >= x; exists since x <= m.xs[n-1]
	if m.xs[i] == x {
		return m.ys[i], true
	}
	// Cubic Hermite on [x0, x1] written in powers of d = x - x0 (Steffen's eq. 2).
	x0, x1 := m.xs[i-1], m.xs[i]
	y0, y1 := m.ys[i-1], m.ys[i]
	m0, m1 := m.ms[i-1], m.ms[i]
	h := x1 - x0
	s := (y1 - y0) / h
	// The coefficients are written as deviations from the secant so that a straight segment
	// (two knots) gives exactly a = b = 0.
	a := ((m0 - s) + (m1 - s)) / (h * h)
	b := (2*(s-m0) + (s - m1)) / h
	d := x - x0
	y = y0 + d*(m0+d*(b+d*a))
	lo, hi := min(y0, y1), max(y0, y1)
	if !(y >= lo) { // also catches NaN
		y = lo
	}
	if !(y <= hi) {
		y = hi
	}
	return y, true
}

// ValueAt is the interpolated value at x of a frontier given by its points (any order, as
// returned by Frontier or not), or ok false when x lies outside the measured x range. It is
// what the home page and the leaders table show at a reference interactivity; for many
// lookups on one frontier build a Monotone once instead.
func ValueAt(xs, ys []float64, x float64) (y float64, ok bool) {
	return NewMonotone(xs, ys).At(x)
}
