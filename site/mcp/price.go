package mcp

import (
	"math"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/site/page"
)

// priced says whether key is a metric the page derives from a price (page.Metrics): a page
// offers them on its y menu, and the page script computes them from each point's throughput per
// GPU and its GPU's price or power (model.js yValues).
func priced(key string) bool {
	m, _ := page.MetricOf(key)
	return m.Priced()
}

// constantOf is the GPU's constant priced metric m is made with: its $/GPU-hour for a cost,
// its kW for tokens per MW.
func constantOf(m page.Metric, cost, kw float64) float64 {
	if m.By == page.Cost {
		return cost
	}
	return kw
}

// tierOf checks a price tier against the page's tiers: "" and the default give "" (the default
// tier, which page.json's costPerHour holds); an unknown one lists the valid tiers.
func tierOf(d pageData, tier string) (string, error) {
	tier = strings.TrimSpace(tier)
	var tiers []string
	if d.SLO != nil {
		tiers = d.SLO.Tiers
	}
	if tier == "" {
		return "", nil
	}
	i := slices.IndexFunc(tiers, func(t string) bool { return strings.EqualFold(t, tier) })
	if i < 0 {
		return "", unknown("price tier", tier, tiers, "the site's price tiers, the default first")
	}
	if i == 0 {
		return "", nil
	}
	return tiers[i], nil
}

// priceOf is a GPU's $/GPU-hour and kW as the page opens with them (model.js price, before a
// reader types their own): a GPU priced in tiers has the tier's price (none when it lacks that
// tier), one priced once has that price in every tier; NaN where the site gives none.
func priceOf(d pageData, gpu, tier string) (cost, kw float64) {
	cost, kw = math.NaN(), math.NaN()
	g, ok := d.GPUs[gpu]
	if !ok {
		return cost, kw
	}
	switch {
	case tier != "" && g.Costs != nil:
		if v, ok := g.Costs[tier]; ok && v > 0 {
			cost = v
		}
	case g.CostPerHour != nil && *g.CostPerHour > 0:
		cost = *g.CostPerHour
	}
	if g.KW != nil && *g.KW > 0 {
		kw = *g.KW
	}
	return cost, kw
}

// withPrices is snap with each point's costs and tokPerMW added where its GPU has the price
// and the point the throughput they divide, computed as the page script computes them. The
// cached snapshot is not changed: the series and points that gain a figure are copies.
func withPrices(d pageData, snap *snapshot, tier string) *snapshot {
	out := &snapshot{date: snap.date, series: make([]*series, len(snap.series))}
	for i, sr := range snap.series {
		cost, kw := priceOf(d, sr.gpu, tier)
		if math.IsNaN(cost) && math.IsNaN(kw) {
			out.series[i] = sr
			continue
		}
		c := *sr
		c.points = make([]Point, len(sr.points))
		for j, pt := range sr.points {
			m := make(map[string]float64, len(pt.Metrics)+4)
			for k, v := range pt.Metrics {
				m[k] = v
			}
			for _, pm := range page.Metrics {
				if !pm.Priced() {
					continue
				}
				if tput, ok := pt.Metrics[pm.Base]; ok && tput > 0 {
					if v := pm.Of(constantOf(pm, cost, kw), tput); !math.IsNaN(v) && !math.IsInf(v, 0) {
						m[pm.Key] = v
					}
				}
			}
			pt.Metrics = m
			c.points[j] = pt
		}
		out.series[i] = &c
	}
	return out
}

// derived is how priced metric key is made of a throughput per GPU at GPU gpu's prices (as
// withPrices computes a point's): the throughput it is made of and the map. A frontier's value of
// it is that throughput's frontier read at x and mapped (page.Derived), so that cost × throughput
// is the price along the whole curve. ok is false for a metric no price makes.
func derived(d pageData, key, gpu, tier string) (base string, of func(tp float64) float64, ok bool) {
	m, ok := page.MetricOf(key)
	if !ok || !m.Priced() {
		return "", nil, false
	}
	cost, kw := priceOf(d, gpu, tier)
	c := constantOf(m, cost, kw)
	return m.Base, func(tp float64) float64 { return m.Of(c, tp) }, true
}
