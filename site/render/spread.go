package render

import (
	"cmp"
	"github.com/frontier-bench/frontier/site/page"
	"slices"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/compare"
	"github.com/frontier-bench/frontier/site/input"
)

// Repeated runs and failed requests, as the pages carry them (package input, spread.go): a
// point made of several runs has their number and each figure's range; a point whose client
// counted its requests has its completed and attempted ones. Both are by point id, beside the
// points rather than in their columns, as PageData.Invalid is: nearly every point has neither,
// and a page without any carries nothing more than before.

// spreadColumn is the page column a metric has: the view's names for median interactivity
// and the three throughputs, the catalog's for every other.
func spreadColumn(m input.MetricID) string { return page.ColumnOf(m) }

// eachRawPoint calls fn with every raw point of p's snapshots (the newest only with newest),
// and every view point that says its runs, requests or invalid mark (input.Point.Marks), each
// id once, in id order.
func eachRawPoint(p *page.Page, newest bool, fn func(pt *input.Point)) {
	snaps := p.Snapshots
	if newest && len(snaps) > 0 {
		snaps = snaps[:1]
	}
	var pts []*input.Point
	for _, snap := range snaps {
		for _, s := range snap.Series {
			for i := range s.Points {
				if pt := &s.Points[i]; pt.Raw != nil || pt.Marks != nil {
					pts = append(pts, pt)
				}
			}
		}
	}
	slices.SortStableFunc(pts, func(a, b *input.Point) int { return cmp.Compare(a.ID, b.ID) })
	for i, pt := range pts {
		if i == 0 || pts[i-1].ID != pt.ID {
			fn(pt)
		}
	}
}

// spreadData are the points of p made of several runs, of every snapshot, by id; nil when
// there are none, which is nearly every page.
func spreadData(p *page.Page) []SpreadData {
	var out []SpreadData
	eachRawPoint(p, false, func(pt *input.Point) {
		sp := pt.Spread()
		if sp == nil {
			return
		}
		d := SpreadData{ID: pt.ID, Runs: sp.N(), Lo: map[string]float64{}, Hi: map[string]float64{}}
		sp.Min.Each(func(m input.MetricID, v float64) { d.Lo[spreadColumn(m)] = charts.Round6(v) })
		sp.Max.Each(func(m input.MetricID, v float64) { d.Hi[spreadColumn(m)] = charts.Round6(v) })
		out = append(out, d)
	})
	return out
}

// requestsData are the points of p whose client counted their requests, of every snapshot, by
// id; nil when there are none (InferenceX rows and InferenceX's own views never say).
func requestsData(p *page.Page) []RequestsData {
	var out []RequestsData
	eachRawPoint(p, false, func(pt *input.Point) {
		if q := pt.Requests(); q.Known() {
			out = append(out, RequestsData{ID: pt.ID, Completed: q.Completed, Attempted: q.Attempted})
		}
	})
	return out
}

// unknownFaded reports whether page p, of which some points' clients counted their requests
// (known > 0: requestsData), also has a point whose success is unknown, of any snapshot: its
// reader then needs to tell the two apart, and the unknown are drawn faded
// (PageData.FadeUnknown). A page of which no point's success is known, nearly every published
// one, keeps its markers. It stops at the first such point.
func unknownFaded(p *page.Page, known int) bool {
	if known == 0 {
		return false
	}
	for _, snap := range p.Snapshots {
		for _, s := range snap.Series {
			for i := range s.Points {
				if !s.Points[i].Requests().Known() {
					return true
				}
			}
		}
	}
	return false
}

// successCaption is ChartView.SuccessCaption for the page data d.
func (r *Renderer) successCaption(d *PageData, minSuccess float64) string {
	var parts []string
	if len(d.Requests) > 0 && minSuccess > 0 {
		parts = append(parts, r.cat.T("chart.caption_shortfall", "min", input.SuccessText(minSuccess)))
	}
	if d.FadeUnknown {
		parts = append(parts, r.cat.T("chart.caption_unknown"))
	}
	return strings.Join(parts, " ")
}

// downloadSpread fills dp's runs, ranges and requests from the point pt (a raw point's, or
// what its view said).
func downloadSpread(dp *downloadPoint, pt *input.Point) {
	dp.Requests = page.RequestsOf(pt.Requests())
	sp := pt.Spread()
	if sp == nil {
		return
	}
	dp.Runs = sp.N()
	dp.Range = map[string][2]float64{}
	sp.Min.Each(func(m input.MetricID, lo float64) {
		hi, _ := sp.Max.Get(m)
		dp.Range[spreadColumn(m)] = [2]float64{lo, hi}
	})
}

// csvSpread is what data.csv adds for repeated runs and request counts: its header cells and,
// per point, its cells. A page with a point of several runs gets "runs" and a min and a max
// column per figure (x, the three throughputs, then the page's raw metrics), empty for a
// point of one run; a page with a point whose client counted its requests gets "completed",
// "attempted" and "success", empty where unknown. Other pages' files stay as they were.
type csvSpread struct {
	spread, requests bool
	figures          []input.MetricID
}

func csvSpreadOf(p *page.Page, cols pageColumns) csvSpread {
	var c csvSpread
	eachRawPoint(p, true, func(pt *input.Point) {
		c.spread = c.spread || pt.Spread() != nil
		c.requests = c.requests || pt.Requests().Known()
	})
	if c.spread {
		for _, m := range page.Columns() { // x and the three throughputs, then the raw metrics but x's
			c.figures = append(c.figures, m.Input)
		}
		c.figures = append(c.figures, slices.DeleteFunc(slices.Clone(cols.raw), func(m input.MetricID) bool { return m == input.MMedianIntvty })...)
	}
	return c
}

func (c csvSpread) header() []string {
	var h []string
	if c.spread {
		h = append(h, "runs")
		for _, m := range c.figures {
			h = append(h, spreadColumn(m)+"_min", spreadColumn(m)+"_max")
		}
	}
	if c.requests {
		h = append(h, "completed", "attempted", "success")
	}
	return h
}

func (c csvSpread) cells(pt *input.Point) []string {
	var out []string
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	sp, q := pt.Spread(), pt.Requests()
	if c.spread {
		out = append(out, strconv.Itoa(sp.N()))
		for _, m := range c.figures {
			if lo, hi, ok := sp.Range(m); ok {
				out = append(out, f(lo), f(hi))
			} else {
				out = append(out, "", "")
			}
		}
	}
	if c.requests {
		if ratio, ok := q.Success(); ok {
			out = append(out, strconv.FormatInt(q.Completed, 10), strconv.FormatInt(q.Attempted, 10), f(ratio))
		} else {
			out = append(out, "", "", "")
		}
	}
	return out
}

// leaderRanges are the ranges over repeated runs of a leaders table row's values at refs (the
// frontier of the union of the series' frontier points, read as compare.Curve.RangeAt reads
// it), nil where a value's points were single runs; nil altogether for a metric runs give no
// range of, or series of single runs.
func leaderRanges(series []*SeriesData, metricKey string, refs []float64) []*[2]float64 {
	m, ok := throughputMetric(metricKey)
	if !ok {
		return nil
	}
	var pts []compare.Point
	spread := false
	for _, s := range series {
		for _, k := range s.Frontier {
			pt := &s.Points.pts[k]
			cp := compare.Point{X: pt.X, Y: pt.Y}
			if sp := pt.Spread(); sp != nil {
				cp.Lo, cp.Hi, _ = sp.Range(m)
				spread = true
			}
			pts = append(pts, cp)
		}
	}
	if !spread {
		return nil
	}
	c := compare.NewCurve(pts)
	out := make([]*[2]float64, len(refs))
	for j, x := range refs {
		if lo, hi, ok := c.RangeAt(x); ok {
			out[j] = &[2]float64{lo, hi}
		}
	}
	return out
}

// withinSpread reports whether values a and b, with their ranges over repeated runs (nil for
// single runs), are within run-to-run spread of each other: one at least has a range, and the
// ranges (a single run's value its own) overlap.
func withinSpread(a float64, ra *[2]float64, b float64, rb *[2]float64) bool {
	if ra == nil && rb == nil {
		return false
	}
	x, y := [2]float64{a, a}, [2]float64{b, b}
	if ra != nil {
		x = *ra
	}
	if rb != nil {
		y = *rb
	}
	return x[0] <= y[1] && y[0] <= x[1]
}

// throughputMetric is the raw metric of a throughput's page key ("tpPerGpu"...); ok false for
// any other metric, of which runs give no range here.
func throughputMetric(key string) (input.MetricID, bool) { return page.Throughput(key) }
