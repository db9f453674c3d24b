package mcp

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/site/fragment"
	"github.com/frontier-bench/frontier/site/page"
)

const bestAtDoc = "Each GPU's value at one x value (e.g. 50 tok/s/user of median interactivity), as its compare pages and the home page give it: " +
	"the y (e.g. total throughput per GPU) of the GPU's Pareto frontier across all its configurations' points, with the configurations it comes from. " +
	"A frontier is read between its measured points by the same monotone curve the page draws, never extrapolated: value is null " +
	"where the GPU's frontier does not reach x. Leaders come best first. x defaults to median_intvty, y to the page's metric (tpPerGpu); " +
	"other keys are the page's x axes (p99_ttft, median_e2el, conc, ...) and y metrics (outputTputPerGpu, inputTputPerGpu, ...). " +
	"url opens the chart on the same axes." +
	"costPerMTok and tokPerMW are at the site's own prices (tier picks a price tier); a GPU the site gives no price has no value."

// BestIn is best_at's input.
type BestIn struct {
	Page string  `json:"page" jsonschema:"the page's path as list_pages gives it"`
	X    string  `json:"x,omitempty" jsonschema:"the x axis key; default median_intvty (interactivity, tok/s/user)"`
	At   float64 `json:"at" jsonschema:"the x value to read the frontiers at, in the x axis' unit"`
	Y    string  `json:"y,omitempty" jsonschema:"the y metric key; default the page's metric (tpPerGpu)"`
	Date string  `json:"date,omitempty" jsonschema:"a snapshot date of the page; default the newest"`
	Tier string  `json:"tier,omitempty" jsonschema:"for costPerMTok: the price tier (the site's [gpus.*.cost] names); default the first"`
}

// BestOut is best_at's answer.
type BestOut struct {
	Page    string   `json:"page"`
	URL     string   `json:"url" jsonschema:"the chart page on these axes"`
	Date    string   `json:"date"`
	X       string   `json:"x"`
	XUnit   string   `json:"xUnit"`
	At      float64  `json:"at"`
	Y       string   `json:"y"`
	YUnit   string   `json:"yUnit"`
	Higher  bool     `json:"higher" jsonschema:"true when higher y is better"`
	Leaders []Leader `json:"leaders" jsonschema:"one per GPU, best first; GPUs that do not reach x last"`
}

// Leader is one GPU's best at x.
type Leader struct {
	GPU   string   `json:"gpu"`
	Label string   `json:"label"`
	Value *float64 `json:"value" jsonschema:"the best y at x; null when no configuration of the GPU reaches x"`
	// Configs are the configurations the value comes from: the one of the frontier point at x,
	// or the two around it when they differ.
	Configs   []string `json:"configs,omitempty" jsonschema:"the keys of the configurations the value comes from: the one measured at x, or the two whose points x lies between"`
	Series    string   `json:"series,omitempty" jsonschema:"the configuration's key on the page, when the value comes from one"`
	Name      string   `json:"name,omitempty" jsonschema:"the configuration as the legend names it"`
	Framework string   `json:"framework,omitempty"`
	Spec      string   `json:"spec,omitempty"`
	Precision string   `json:"precision,omitempty"`
}

// axisKey checks x against the page's x axes and gives its column, unit and direction.
func axisKey(d pageData, x string) (col, unit string, higherX bool, err error) {
	var valid []string
	for _, a := range d.XAxes {
		if strings.EqualFold(a.Key, x) {
			return a.Col, a.Unit, a.Higher, nil
		}
		valid = append(valid, a.Key)
	}
	return "", "", false, unknown("x axis", x, valid, "the x axes this page offers")
}

// metricKey checks y against the page's y metrics that its points measure.
func metricKey(d pageData, snap *snapshot, y string) (unit string, higherY bool, err error) {
	var valid []string
	for _, m := range d.Metrics {
		measured := false
		for _, s := range snap.series {
			if len(s.points) > 0 {
				_, measured = s.points[0].Metrics[m.Key]
				break
			}
		}
		if !measured && !priced(m.Key) {
			continue
		}
		if strings.EqualFold(m.Key, y) {
			return m.Unit, m.Higher, nil
		}
		valid = append(valid, m.Key)
	}
	return "", false, unknown("y metric", y, valid, "the page's metrics; costPerMTok and tokPerMW are at the site's prices (a GPU without one has no value)")
}

// readAt is the value at x, on axes xcol and y, of the curve of the points of srs by the one
// rule of page.Curve: one series for a configuration's value, every configuration of a GPU for
// the GPU's value. With of, y is a throughput and the value is of its curve's value (a priced
// metric: page.Derived). from are the series the value comes from: the one of the knot at x, or
// of the two knots around it (once when they are the same), nil without a value.
func readAt(srs []*series, xcol, y string, higherX, higherY bool, of func(float64) float64, at float64) (v float64, from []*series, ok bool) {
	var xs, ys []float64
	var owner []*series
	for _, sr := range srs {
		for i := range sr.points {
			xv, okx := value(&sr.points[i], xcol)
			yv, oky := value(&sr.points[i], y)
			if okx && oky {
				xs, ys, owner = append(xs, xv), append(ys, yv), append(owner, sr)
			}
		}
	}
	var c *page.Curve
	if of != nil {
		d := page.NewDerived(xs, ys, higherX, of)
		c = d.Throughput()
		v, ok = d.At(at)
	} else {
		c = page.NewCurve(xs, ys, higherX, higherY)
		v, ok = c.At(at)
	}
	if !ok {
		return 0, nil, false
	}
	lo, hi, _ := c.Around(at)
	from = []*series{owner[lo]}
	if owner[hi] != owner[lo] {
		from = append(from, owner[hi])
	}
	return v, from, true
}

func (s *Site) bestAt(in BestIn) (BestOut, error) {
	p, err := s.page(in.Page)
	if err != nil {
		return BestOut{}, err
	}
	f, err := s.files(p)
	if err != nil {
		return BestOut{}, err
	}
	snap, err := s.snapshotAt(f, in.Date)
	if err != nil {
		return BestOut{}, err
	}
	xkey := cmp.Or(strings.ToLower(in.X), f.data.DefaultX)
	xcol, xunit, higherX, err := axisKey(f.data, xkey)
	if err != nil {
		return BestOut{}, err
	}
	ykey := cmp.Or(in.Y, f.data.Metric)
	yunit, higherY, err := metricKey(f.data, snap, ykey)
	if err != nil {
		return BestOut{}, err
	}
	tier, err := tierOf(f.data, in.Tier)
	if err != nil {
		return BestOut{}, err
	}
	if priced(ykey) {
		snap = withPrices(f.data, snap, tier)
	}
	for _, m := range f.data.Metrics {
		if strings.EqualFold(m.Key, ykey) {
			ykey = m.Key
		}
	}
	v := fragment.View{}
	if ykey != f.data.Metric {
		v.Y = ykey
	}
	if xkey != f.data.DefaultX {
		v.X = xkey
	}
	if snap.date != f.data.Dates[0] {
		v.Date = snap.date
	}
	if priced(ykey) {
		v.Tier = tier
	}
	u := s.pageURL(p, v)
	out := BestOut{Page: pagePath(p), URL: u, Date: snap.date, X: xkey, XUnit: xunit, At: in.At,
		Y: ykey, YUnit: yunit, Higher: higherY, Leaders: []Leader{}}
	var gpus []string // in the series' order
	byGPU := map[string][]*series{}
	for _, sr := range snap.series {
		if _, ok := byGPU[sr.gpu]; !ok {
			gpus = append(gpus, sr.gpu)
		}
		byGPU[sr.gpu] = append(byGPU[sr.gpu], sr)
	}
	for _, g := range gpus {
		l := Leader{GPU: g, Label: g}
		if d, ok := f.data.GPUs[g]; ok && d.Label != "" {
			l.Label = d.Label
		}
		// A GPU's value: the frontier of all its configurations' points, as its compare pages read it.
		yread, of := ykey, (func(float64) float64)(nil)
		if base, fn, ok := derived(f.data, ykey, g, tier); ok {
			yread, of = base, fn
		}
		if y, from, ok := readAt(byGPU[g], xcol, yread, higherX, higherY, of, in.At); ok {
			l.Value = &y
			for _, sr := range from {
				l.Configs = append(l.Configs, sr.key)
			}
			if sr := from[0]; len(from) == 1 {
				l.Series, l.Name, l.Framework, l.Spec, l.Precision = sr.key, sr.name, sr.framework, sr.spec, sr.precision
			}
		}
		out.Leaders = append(out.Leaders, l)
	}
	slices.SortStableFunc(out.Leaders, func(a, b Leader) int {
		switch {
		case a.Value == nil || b.Value == nil:
			return boolInt(a.Value == nil) - boolInt(b.Value == nil)
		case *a.Value == *b.Value:
			return strings.Compare(a.GPU, b.GPU)
		case (*a.Value > *b.Value) == higherY:
			return -1
		}
		return 1
	})
	if len(snap.series) == 0 {
		return out, fmt.Errorf("%s has no configurations on %s", pagePath(p), snap.date)
	}
	return out, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
