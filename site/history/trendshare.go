package history

import (
	"math"

	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/page"
)

// sharedTrend is the metric among written whose trend table equals the one m would have, or
// "": both read the same value at every point of every state, in the same direction (so the
// same frontiers, read at the same references), and neither is one the page script scales by
// the reader's prices (costPerMTok, tokPerMW: it scales a table by its own metric's price).
// The index then names that metric's file for m too, and the page script, which reads a
// table's metric only for its direction and its scale, draws the same trend. On a page whose
// requests read as many tokens as they write (1k/1k), input throughput is output throughput
// at every point: one table of about 60 KB serves both on the year-scale page.
func sharedTrend(states [][]trendState, m Metric, written []Metric) string {
	if priced(m.Key) {
		return ""
	}
	for _, w := range written {
		if w.Higher == m.Higher && !priced(w.Key) && sameTrendValues(states, w.Key, m.Key) {
			return w.Key
		}
	}
	return ""
}

// priced reports whether the page script scales metric key's trend by the reader's prices.
func priced(key string) bool {
	m, _ := page.MetricOf(key)
	return m.Priced()
}

// sameTrendValues reports whether metrics a and b have the same trendValue (NaN as NaN) at
// every point of every state: it stops at the first point that differs.
func sameTrendValues(states [][]trendState, a, b string) bool {
	ida, rawA := input.MetricByName(a)
	idb, rawB := input.MetricByName(b)
	for _, ss := range states {
		for _, st := range ss {
			for k := range st.s.Points {
				pt := &st.s.Points[k]
				va, vb := trendValue(pt, a, ida, rawA), trendValue(pt, b, idb, rawB)
				if va != vb && !(math.IsNaN(va) && math.IsNaN(vb)) {
					return false
				}
			}
		}
	}
	return true
}
