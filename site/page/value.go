package page

import (
	"math"
	"sort"

	"github.com/frontier-bench/frontier/internal/decimal"
	"github.com/frontier-bench/frontier/site/pareto"
)

// Round is the one rounding of a figure the site reads a frontier from: six significant digits,
// as the page data writes every point (charts.Round6, which is it too). The knots of every Curve are rounded so,
// which makes a value read in Go and the page script's, read off the page data, the same.
func Round(v float64) float64 { return decimal.Round6(v) }

// Curve is a frontier read at an x: the Pareto frontier of a set of points and the monotone cubic
// the chart draws through it (pareto.Monotone), never extrapolated.
//
// Which points make the set is what a value means. A configuration's value at x is the curve of
// its own points. A GPU's value at x is the curve of the union of the points of all its
// configurations (InferenceX's best-per-GPU curve), never the best of its configurations' own
// curves: one configuration's curve, drawn across a gap between its measured points, can pass
// above points that another configuration measured in that gap, or below a knot of another.
//
// A Curve is immutable and safe for concurrent use.
type Curve struct {
	knots []int     // indices into the points given to NewCurve, in x order, one per x
	xs    []float64 // the knots' rounded x
	m     *pareto.Monotone
}

// NewCurve is the curve of the points (xs[i], ys[i]), any order. higherX and higherY say which
// way each axis is better (interactivity and throughput: both higher). Each coordinate is first
// rounded (Round); points with x <= 0 or a NaN y take no part (pareto.FrontierDir). Of several
// frontier points at one x only the first is a knot. It panics if len(xs) != len(ys).
func NewCurve(xs, ys []float64, higherX, higherY bool) *Curve {
	if len(xs) != len(ys) {
		panic("page: NewCurve: xs and ys differ in length")
	}
	rx, ry := make([]float64, len(xs)), make([]float64, len(ys))
	for i := range xs {
		rx[i], ry[i] = Round(xs[i]), Round(ys[i])
	}
	front := pareto.FrontierDir(rx, ry, higherX, higherY)
	c := &Curve{knots: make([]int, 0, len(front))}
	fx, fy := make([]float64, 0, len(front)), make([]float64, 0, len(front))
	for _, i := range front {
		if n := len(fx); n > 0 && fx[n-1] == rx[i] {
			continue // an exact duplicate of the knot before (pareto.Monotone keeps the first too)
		}
		c.knots = append(c.knots, i)
		fx, fy = append(fx, rx[i]), append(fy, ry[i])
	}
	c.xs, c.m = fx, pareto.NewMonotone(fx, fy)
	return c
}

// ValueAt is NewCurve(xs, ys, higherX, higherY).At(x): for one lookup; for several on one set of
// points build the Curve once.
func ValueAt(xs, ys []float64, higherX, higherY bool, x float64) (y float64, ok bool) {
	return NewCurve(xs, ys, higherX, higherY).At(x)
}

// At is the curve's value at x; ok is false outside the x range its knots cover (and for a NaN
// x): a frontier says nothing of an x nobody measured. At a knot it is the knot's rounded y.
func (c *Curve) At(x float64) (y float64, ok bool) { return c.m.At(x) }

// Domain is the x range the curve covers; ok is false when it has no knot.
func (c *Curve) Domain() (lo, hi float64, ok bool) { return c.m.Domain() }

// Knots are the indices, into the points given to NewCurve, of the curve's knots in x order.
// The caller must not change them.
func (c *Curve) Knots() []int { return c.knots }

// Around is where x falls on the curve: the index (into the points given to NewCurve) of the
// knot at x, twice, or of the two knots around it, in x order. ok is false outside the domain.
// A caller names the configurations a value comes from with it.
func (c *Curve) Around(x float64) (lo, hi int, ok bool) {
	if _, in := c.m.At(x); !in {
		return 0, 0, false
	}
	i := sort.SearchFloat64s(c.xs, x) // first knot >= x; exists inside the domain
	if c.xs[i] == x {
		return c.knots[i], c.knots[i], true
	}
	return c.knots[i-1], c.knots[i], true
}

// Derived is the curve of a metric a GPU's constant makes of a throughput per GPU: a cost per
// million tokens (price / (throughput × 3600) × 10⁶) or tokens per MW (throughput / kW × 1000).
// It is the throughput's own curve, read at x and mapped through the metric, never a frontier of
// the metric's own: then metric and throughput agree at every x, not at the measured points only
// (a cost's own curve, read between two points, is not the price over the throughput's there).
// The points of one Derived share one GPU's constant, which of holds.
type Derived struct {
	tp *Curve
	of func(tp float64) float64
}

// NewDerived is the curve of the metric of(throughput) over the points (xs[i], tps[i]): their
// throughput's frontier (higher is better; higherX the x axis' direction), which is the metric's
// frontier too since of is monotone.
func NewDerived(xs, tps []float64, higherX bool, of func(tp float64) float64) *Derived {
	return &Derived{tp: NewCurve(xs, tps, higherX, true), of: of}
}

// At is the metric at x: of the throughput curve's value there; ok is false outside the curve's
// domain or where of gives no finite value (no price).
func (d *Derived) At(x float64) (y float64, ok bool) {
	tp, ok := d.tp.At(x)
	if !ok {
		return 0, false
	}
	y = d.of(tp)
	return y, !math.IsNaN(y) && !math.IsInf(y, 0)
}

// Throughput is the throughput's curve the metric is read from.
func (d *Derived) Throughput() *Curve { return d.tp }
