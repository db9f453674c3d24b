package render

import (
	"github.com/frontier-bench/frontier/site/page"
	"slices"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/input"
)

// pageColumns are the point columns of a page: pointColumns, then for a page with raw results
// "topology", "image", "runUrl" and the names of every metric its points have, in catalog order
// (the throughputs per GPU already have columns). One list for every snapshot, so that history
// files and the page agree.
type pageColumns struct {
	names []string
	raw   []input.MetricID
	has   bool
	some  uint64 // the metrics a point of some snapshot has, bit m for input.MetricID m
	all   uint64 // the metrics every point of every snapshot has
	// noX: no point has a median interactivity (input.Point.HasX); noConc: some point has no
	// concurrency (a run by request rate, or with no limit at all).
	noX, noConc, anyConc bool
	// agentic: the page's points are agentic results (input.Point.IsAgentic), whose x is p90
	// interactivity.
	agentic bool
}

func columnsOf(p *page.Page) pageColumns {
	var mask uint64
	all := ^uint64(0)
	has, noX, noConc, anyConc, any, agentic := false, true, false, false, false, false
	for _, snap := range p.Snapshots {
		for _, s := range snap.Series {
			for _, pt := range s.Points {
				var own uint64
				if pt.Raw != nil {
					has = true
					pt.Raw.Metrics.Each(func(m input.MetricID, _ float64) { own |= 1 << m })
				}
				mask |= own
				agentic = agentic || pt.IsAgentic()
				all &= own
				any = true
				noX = noX && !pt.HasX()
				noConc = noConc || pt.Concurrency <= 0
				anyConc = anyConc || pt.Concurrency > 0
			}
		}
	}
	if !any {
		all, noX = 0, false
	}
	// An inference view of agentic results (params.sequence agentic-traces) gives p90
	// interactivity as its points' x, as its xAxis.field says.
	agentic = agentic || p.XAxis.Field == charts.AgenticX
	if !has {
		return pageColumns{names: pointColumns, some: mask, all: all, noX: noX, noConc: noConc, anyConc: anyConc, agentic: agentic}
	}
	c := pageColumns{has: true, some: mask, all: all, noX: noX, noConc: noConc, anyConc: anyConc, agentic: agentic, names: append(slices.Clip(pointColumns), "topology", "image", "runUrl")}
	for m := input.MetricID(0); m < input.NumMetrics; m++ {
		if _, viewed := page.Throughput(page.ColumnOf(m)); mask&(1<<m) == 0 || viewed {
			continue // a raw point's throughputs are the view's columns (page.Metrics)
		}
		c.raw = append(c.raw, m)
		c.names = append(c.names, input.MetricNames[m])
	}
	return c
}

// somePointHas reports whether a point of a snapshot of the page measured a metric.
func (c pageColumns) somePointHas(name string) bool {
	m, ok := input.MetricByName(name)
	return ok && c.some&(1<<m) != 0
}

// everyPointHas reports whether every point of every snapshot of the page has an x axis:
// concurrency (a run by request rate has none), or a measured metric.
func (c pageColumns) everyPointHas(name string) bool {
	if name == "conc" {
		return !c.noConc
	}
	m, ok := input.MetricByName(name)
	return ok && c.all&(1<<m) != 0
}

// somePointHasConc reports whether a point of the page has a concurrency.
func (c pageColumns) somePointHasConc() bool { return c.anyConc }
