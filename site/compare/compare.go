// Package compare answers "which GPU, by how much, at the interactivity my users need": it
// turns every point one GPU has on a chart page into one curve (the Pareto frontier of those
// points, whatever their framework, precision or deployment) and reads two such curves at
// reference interactivities, with their ratio.
//
// A curve is read by the one rule of site/page for a frontier's value at an x (page.Curve): the
// monotone cubic through the frontier's rounded points, never extrapolated. Outside the x range the
// frontier covers a curve has no value, and a comparison there has no ratio. The package knows
// nothing of pages, HTML or files: site/render draws what it computes.
package compare

import (
	"math"
	"slices"

	"github.com/frontier-bench/frontier/site/page"
)

// Point is one measurement of a GPU: X the interactivity (tok/s/user), Y the page's metric
// (higher is better), Config the configuration it was measured with, as the page names it.
type Point struct {
	X, Y   float64
	Config string
	// Lo and Hi, for a point made of several runs (its Y their median), are Y's least and
	// greatest value over them; both 0 for a point of one run.
	Lo, Hi float64
}

// spread is the point's range of Y: [Y, Y] for a point of one run.
func (p Point) spread() (lo, hi float64, ok bool) {
	if p.Lo == 0 && p.Hi == 0 {
		return p.Y, p.Y, false
	}
	return p.Lo, p.Hi, true
}

// Curve is one GPU's frontier over every point given to NewCurve. It is immutable.
type Curve struct {
	pts   []Point // the points given to NewCurve
	knots []Point // the frontier, in x order, one per x
	c     *page.Curve
}

// NewCurve makes the curve of pts: a GPU's curve by page.NewCurve's rule (the frontier of the
// union of its points, higher x and higher y better, the knots rounded as the page data writes
// them), which every other consumer reads a GPU's value with too.
func NewCurve(pts []Point) *Curve {
	xs := make([]float64, len(pts))
	ys := make([]float64, len(pts))
	for i, p := range pts {
		xs[i], ys[i] = p.X, p.Y
	}
	c := &Curve{pts: pts, c: page.NewCurve(xs, ys, true, true)}
	c.knots = make([]Point, len(c.c.Knots()))
	for i, k := range c.c.Knots() {
		c.knots[i] = pts[k]
	}
	return c
}

// Knots are the curve's frontier points in x order. The caller must not change them.
func (c *Curve) Knots() []Point { return c.knots }

// Domain is the x range the curve covers, from its lowest to its highest frontier x; ok is
// false when it has no frontier point at all.
func (c *Curve) Domain() (lo, hi float64, ok bool) { return c.c.Domain() }

// At is the curve's value at x and the configurations it comes from: the configuration of the
// knot at x, or of the two knots around x (both, in x order, when they differ). The caller
// words the list in its reader's language. ok is false outside the curve's domain, where it
// has no value.
func (c *Curve) At(x float64) (y float64, configs []string, ok bool) {
	y, ok = c.c.At(x)
	if !ok {
		return 0, nil, false
	}
	return y, c.configAt(x), true
}

// RangeAt is the range of the curve's value at x over repeated runs: at a knot its own, between
// two knots the value at x less (and plus) the two knots' distances to their ranges' ends,
// weighted by x as a straight line between them. ok is false outside the domain and where
// neither knot was run more than once.
func (c *Curve) RangeAt(x float64) (lo, hi float64, ok bool) {
	y, in := c.c.At(x)
	lo2, hi2, _ := c.c.Around(x)
	if !in {
		return 0, 0, false
	}
	a, b := c.pts[lo2], c.pts[hi2]
	if lo2 == hi2 {
		return a.spread()
	}
	alo, ahi, aok := a.spread()
	blo, bhi, bok := b.spread()
	if !aok && !bok {
		return 0, 0, false
	}
	ax, bx := page.Round(a.X), page.Round(b.X)
	w := (x - ax) / (bx - ax)
	return y - ((1-w)*(a.Y-alo) + w*(b.Y-blo)), y + ((1-w)*(ahi-a.Y) + w*(bhi-b.Y)), true
}

// configAt names the configurations of the frontier segment holding x (inside the domain):
// one, or the two at its ends when they differ.
func (c *Curve) configAt(x float64) []string {
	lo, hi, _ := c.c.Around(x)
	if a, b := c.pts[lo].Config, c.pts[hi].Config; a != b {
		return []string{a, b}
	}
	return []string{c.pts[lo].Config}
}

// Ref is one reference interactivity read off two curves. A and B are nil where that curve
// does not cover X; Ratio is A/B, nil unless both are there (and B is not zero).
type Ref struct {
	X     float64
	A, B  *float64
	Ratio *float64
	// AConfigs are the configurations A comes from (one, or the two around X), nil without A.
	AConfigs []string
	BConfigs []string
	// ARange and BRange are A's and B's range over repeated runs (Curve.RangeAt), nil for a
	// value of single runs.
	ARange, BRange *[2]float64
}

// WithinSpread reports whether A and B are within run-to-run spread of each other: both are
// there, one at least comes from repeated runs, and their ranges (a single run's value its own)
// overlap. Then neither is the winner.
func (r Ref) WithinSpread() bool {
	if r.A == nil || r.B == nil || r.ARange == nil && r.BRange == nil {
		return false
	}
	a, b := [2]float64{*r.A, *r.A}, [2]float64{*r.B, *r.B}
	if r.ARange != nil {
		a = *r.ARange
	}
	if r.BRange != nil {
		b = *r.BRange
	}
	return a[0] <= b[1] && b[0] <= a[1]
}

// At reads curves a and b at each x of refs, in order.
func At(a, b *Curve, refs []float64) []Ref {
	out := make([]Ref, len(refs))
	for i, x := range refs {
		r := Ref{X: x}
		if y, cfg, ok := a.At(x); ok {
			r.A, r.AConfigs = &y, cfg
			if lo, hi, ok := a.RangeAt(x); ok {
				r.ARange = &[2]float64{lo, hi}
			}
		}
		if y, cfg, ok := b.At(x); ok {
			r.B, r.BConfigs = &y, cfg
			if lo, hi, ok := b.RangeAt(x); ok {
				r.BRange = &[2]float64{lo, hi}
			}
		}
		if r.A != nil && r.B != nil && *r.B != 0 {
			q := *r.A / *r.B
			r.Ratio = &q
		}
		out[i] = r
	}
	return out
}

// Overlap is the x range both curves cover; ok is false when they share none.
func Overlap(a, b *Curve) (lo, hi float64, ok bool) {
	alo, ahi, aok := a.Domain()
	blo, bhi, bok := b.Domain()
	if !aok || !bok {
		return 0, 0, false
	}
	lo, hi = math.Max(alo, blo), math.Min(ahi, bhi)
	return lo, hi, lo <= hi
}

// Sample is n evenly spaced points of fn over [lo, hi] (both ends included) merged with the
// extra x values inside that range, in x order without repeats: what a chart draws of a
// curve, its measured knots kept so that the line passes through them. Points where fn has no
// value are left out.
func Sample(lo, hi float64, n int, extra []float64, fn func(x float64) (float64, bool)) [][2]float64 {
	xs := make([]float64, 0, n+len(extra))
	for k := range n {
		x := hi
		if n > 1 && k < n-1 {
			x = lo + (hi-lo)*float64(k)/float64(n-1)
		}
		xs = append(xs, x)
	}
	for _, x := range extra {
		if x >= lo && x <= hi {
			xs = append(xs, x)
		}
	}
	slices.Sort(xs)
	out := make([][2]float64, 0, len(xs))
	for i, x := range xs {
		if i > 0 && x == xs[i-1] {
			continue
		}
		if y, ok := fn(x); ok {
			out = append(out, [2]float64{x, y})
		}
	}
	return out
}

// Ratio is a/b at x, the function Sample draws the ratio line with.
func Ratio(a, b *Curve) func(x float64) (float64, bool) {
	return func(x float64) (float64, bool) {
		ya, _, oka := a.At(x)
		yb, _, okb := b.At(x)
		if !oka || !okb || yb == 0 {
			return 0, false
		}
		return ya / yb, true
	}
}

// Value is c's value at x, without its configuration, the function Sample draws a curve with.
func Value(c *Curve) func(x float64) (float64, bool) {
	return func(x float64) (float64, bool) {
		y, _, ok := c.At(x)
		return y, ok
	}
}
