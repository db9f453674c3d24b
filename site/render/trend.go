package render

import (
	"math"
	"strconv"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/pareto"
)

// trendValues is a metric's values of points for the trend: the page script's yValues at $1
// per GPU-hour and 1 kW per GPU, from the values rounded as the page's points are (the trend
// drawn from the page's own data would read the same frontier).
func trendValues(pts []input.Point, key string) []float64 {
	ys := make([]float64, len(pts))
	id, isRaw := input.MetricByName(key)
	for i, pt := range pts {
		y := math.NaN()
		tp := charts.Round6(pt.TpPerGpu)
		switch key {
		case "tpPerGpu":
			y = tp
		case "outputTputPerGpu":
			y = charts.Round6(pt.OutputTputPerGpu)
		case "inputTputPerGpu":
			y = charts.Round6(pt.InputTputPerGpu)
		case "costPerMTok":
			y = 1 / (tp * 3600) * 1e6
		case "tokPerMW":
			y = tp / 1 * 1000
		default:
			if isRaw && pt.Raw != nil {
				if v, ok := pt.Raw.Metrics.Get(id); ok {
					y, _ = strconv.ParseFloat(strconv.FormatFloat(v, 'g', 6, 64), 64)
				}
			}
		}
		if math.IsInf(y, 0) {
			y = math.NaN()
		}
		ys[i] = y
	}
	return ys
}

// trendOf computes a metric's trend table: every configuration's frontier on the page's own
// x axis (interactivity), in the metric's direction, read at each reference on every date its
// points changed. It is what the page script's trend.js drew from every snapshot before.
func trendOf(p *Page, series []*PageSeries, m MetricData, refs []float64) TrendData {
	n := len(p.Snapshots)
	t := TrendData{Metric: m.Key, RefX: refs, Dates: make([]string, n), Lines: make([][][]TrendCell, len(series))}
	index := map[string]int{}
	for i, s := range series {
		index[s.Key] = i
		t.Lines[i] = [][]TrendCell{}
	}
	last := make([]*PageSeries, len(series))
	for d := range n {
		snap := p.Snapshots[n-1-d]
		t.Dates[d] = snap.Date
		for _, s := range snap.Series {
			i := index[s.Key]
			if prev := last[i]; prev != nil && (prev == s || samePoints(prev, s)) {
				continue
			}
			last[i] = s
			xs := make([]float64, len(s.Points))
			for k, pt := range s.Points {
				xs[k] = charts.Round6(pt.X)
			}
			ys := trendValues(s.Points, m.Key)
			front := pareto.FrontierDir(xs, ys, true, m.Higher)
			fx, fy := make([]float64, len(front)), make([]float64, len(front))
			for k, j := range front {
				fx[k], fy[k] = xs[j], ys[j]
			}
			curve := pareto.NewMonotone(fx, fy)
			cell := []TrendCell{TrendCell(d)}
			for _, x := range refs {
				v, ok := curve.At(x)
				if !ok {
					v = math.NaN()
				}
				cell = append(cell, TrendCell(v))
			}
			t.Lines[i] = append(t.Lines[i], cell)
		}
	}
	return t
}

// samePoints reports whether two states of a series hold the same points.
func samePoints(a, b *PageSeries) bool {
	if len(a.Points) != len(b.Points) {
		return false
	}
	for i := range a.Points {
		if a.Points[i].ID != b.Points[i].ID {
			return false
		}
	}
	return true
}
