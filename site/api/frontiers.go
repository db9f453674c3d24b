package api

import (
	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/pareto"
)

// setFrontiers fills v's frontiers, per series and for the whole view, on every x axis a point
// of the view has (charts.XAxes: median interactivity and concurrency always, a latency when
// a point measured it), as point ids in x order. pts are the view's points per series of v,
// in the same order; y is the page's metric (the points' Y), whose direction the chart's
// catalog gives. Each frontier is package pareto's, in the axes' directions, as the page
// script draws it on that axis: a client that draws its own chart needs no Pareto code.
func setFrontiers(v *View, pts [][]*input.Point, y string) {
	higherY := true
	if m, ok := charts.YMetric(y); ok {
		higherY = m.Higher
	}
	v.Frontiers = map[string][]int64{}
	for i := range v.Series {
		v.Series[i].Frontiers = map[string][]int64{}
	}
	for _, a := range charts.XAxes {
		var all []*input.Point
		var axs, ays []float64
		some := false
		for i, sp := range pts {
			var xs, ys []float64
			var on []*input.Point
			for _, pt := range sp {
				// A point without the view's y (input.Point.HasY) is on no frontier of it.
				x, ok := axisValue(pt, a.Key)
				if !ok || !pt.HasY() {
					continue
				}
				xs, ys, on = append(xs, x), append(ys, pt.Y), append(on, pt)
			}
			if len(on) == 0 {
				continue
			}
			some = true
			v.Series[i].Frontiers[a.Key] = ids(on, pareto.FrontierDir(xs, ys, a.Higher, higherY))
			all, axs, ays = append(all, on...), append(axs, xs...), append(ays, ys...)
		}
		if some {
			v.Frontiers[a.Key] = ids(all, pareto.FrontierDir(axs, ays, a.Higher, higherY))
		}
	}
	// A series with no point on an axis lists it as empty, so every series names every axis of the view.
	for k := range v.Frontiers {
		for i := range v.Series {
			if _, ok := v.Series[i].Frontiers[k]; !ok {
				v.Series[i].Frontiers[k] = []int64{}
			}
		}
	}
}

// axisValue is pt's figure on x axis key: the median interactivity (the view's x), the
// concurrency, or the latency statistic its raw result measured.
func axisValue(pt *input.Point, key string) (float64, bool) {
	switch key {
	case charts.DefaultX, charts.AgenticX:
		if pt.IsAgentic() == (key == charts.AgenticX) { // the point's own x (input.Point.IsAgentic)
			return pt.X, pt.HasX()
		}
	case "conc":
		return float64(pt.Concurrency), pt.Concurrency > 0
	}
	if pt.Raw == nil {
		return 0, false
	}
	m, ok := input.MetricByName(key)
	if !ok {
		return 0, false
	}
	return pt.Raw.Metrics.Get(m)
}

// ids are the ids of pts at indices idx, in that order.
func ids(pts []*input.Point, idx []int) []int64 {
	out := make([]int64, len(idx))
	for i, k := range idx {
		out[i] = pts[k].ID
	}
	return out
}
