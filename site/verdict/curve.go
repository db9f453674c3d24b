package verdict

import "github.com/frontier-bench/frontier/site/compare"

// curve is one series' frontier as the verdicts read it: the compare pages' curve
// (compare.NewCurve), which reads the site's one rule for a frontier's value at an x
// (page.Curve: the Pareto frontier of the points, the monotone curve the chart draws through
// it, never extrapolated, one rounding) and adds the run-to-run range around x that the
// threshold widens to, so that a verdict and the page it links to agree.
type curve struct {
	c      *compare.Curve
	higher bool
}

// newCurve is the curve of pts. Where lower is better the values are negated, so that the
// frontier keeps the lowest values and the same higher-is-better rule reads it.
func newCurve(pts []Point, higher bool) curve {
	cp := make([]compare.Point, len(pts))
	for i, p := range pts {
		q := compare.Point{X: p.X, Y: p.Y, Config: p.Config, Lo: p.Lo, Hi: p.Hi}
		if !higher {
			q.Y, q.Lo, q.Hi = -p.Y, -p.Hi, -p.Lo
		}
		cp[i] = q
	}
	return curve{c: compare.NewCurve(cp), higher: higher}
}

// knots is the number of distinct points on the frontier: fewer than two cannot be
// interpolated.
func (c curve) knots() int { return len(c.c.Knots()) }

// at is the curve's value at x; ok is false outside the frontier's x range.
func (c curve) at(x float64) (y float64, ok bool) {
	y, _, ok = c.c.At(x)
	if !c.higher {
		y = -y
	}
	return y, ok
}

// spread is the curve's run-to-run range at x as a share of its value: 0 where no point
// around x was run more than once.
func (c curve) spread(x float64) float64 {
	y, _, ok := c.c.At(x)
	lo, hi, rok := c.c.RangeAt(x)
	if !ok || !rok || y == 0 {
		return 0
	}
	return (hi - lo) / abs(y)
}

// Spread is the run-to-run range at x of the frontier of pts as a share of its value there, as
// Diff widens the threshold by it: 0 outside the frontier and where no point around x was run
// more than once. The history page's trend tables carry it (site/history), so that its change
// table widens the threshold by the same rule.
func Spread(pts []Point, higher bool, x float64) float64 { return newCurve(pts, higher).spread(x) }

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}
