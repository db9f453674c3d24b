package render

// The compare pages' two charts: both GPUs' curves of the page's metric, and their ratio where
// both reach, as the JSON versus.js puts into the layouts go-echarts built once.

import (
	"cmp"
	"encoding/json/jsontext"
	"github.com/frontier-bench/frontier/site/page"
	"math"
	"sync"
	"unicode"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/compare"
	"github.com/frontier-bench/frontier/site/i18n"
)

// Samples drawn of each curve over its range, besides its knots: enough for a smooth line
// between knots (the curve is monotone between them), few enough that thousands of compare
// pages stay a small part of a build.
const curveSamples = 24

// compareLayouts are the two charts' layouts, the same on every compare page: go-echarts
// builds them once (charts.LineLayout), and each page carries them beside its own data
// (compareCharts), which the page script puts in (versus.js). Building both options per page
// through go-echarts and escaping them was half of what the compare pages cost a build.
var compareLayouts = sync.OnceValues(func() (jsontext.Value, error) {
	curves, err := charts.LineLayout(charts.LineChart{ID: "versus-chart", Lines: []charts.Line{
		{Color: "#888", Dash: "solid", Marked: true}, {Color: "#888", Dash: "dashed", Marked: true}}})
	if err != nil {
		return nil, err
	}
	ratio, err := charts.LineLayout(charts.LineChart{ID: "ratio-chart", Lines: []charts.Line{
		{Color: "#0b6bcb", Dash: "solid"}, {Color: "#8a94a3", Dash: "dotted", Width: 1}}})
	if err != nil {
		return nil, err
	}
	return marshalJSON(struct {
		Curves jsontext.Value `json:"versus-chart"`
		Ratio  jsontext.Value `json:"ratio-chart"`
	}{curves, ratio})
})

// compareChartsDoc is what a compare page carries for versus.js (#compare-charts): the two
// layouts, and each chart's own part; no ratio chart where the curves share no interactivity.
// html/template encodes it once, into the page; encoding it here first and then again there
// (validating the layouts twice) cost the build a tenth of what the compare pages cost.
type compareChartsDoc struct {
	Layouts jsontext.Value `json:"layouts"`
	Charts  struct {
		Curves chartData  `json:"versus-chart"`
		Ratio  *chartData `json:"ratio-chart,omitzero"`
	} `json:"charts"`
}

// chartData is one compare chart's own part, which versus.js puts into its layout: the axes'
// names, the screen-reader description, and per line (in the layout's order) its name, colour,
// the points it joins and the measured points marked on it (lineData), each line encoded.
type chartData struct {
	X     string           `json:"x"`
	Y     string           `json:"y"`
	Aria  string           `json:"aria"`
	Lines []jsontext.Value `json:"lines"`
}

// lineData is one line of a compare chart.
type lineData struct {
	Name   string      `json:"name"`
	Color  string      `json:"color"`
	Points chartPoints `json:"points"`
	Marks  chartPoints `json:"marks"`
}

// chartPoints are a line's points, written as [[x,y],...] with every number rounded to what a
// reader can see (charts.Round6), non-finite points left out.
type chartPoints [][2]float64

// MarshalJSONTo writes the points (see chartPoints).
func (ps chartPoints) MarshalJSONTo(enc *jsontext.Encoder) error {
	if err := enc.WriteToken(jsontext.BeginArray); err != nil {
		return err
	}
	for _, p := range ps {
		if math.IsNaN(p[0]) || math.IsInf(p[0], 0) || math.IsNaN(p[1]) || math.IsInf(p[1], 0) {
			continue
		}
		for _, t := range [...]jsontext.Token{jsontext.BeginArray, jsontext.Float(charts.Round6(p[0])), jsontext.Float(charts.Round6(p[1])), jsontext.EndArray} {
			if err := enc.WriteToken(t); err != nil {
				return err
			}
		}
	}
	return enc.WriteToken(jsontext.EndArray)
}

// compareCharts is a compare page's two charts (compareChartsDoc), which html/template
// encodes into the page as it escapes it: both GPUs' curves, and their ratio over the
// interactivity both reach (left out, with a note, when they share none). A GPU's line is
// encoded once and kept with it (gpuSide.line): the line is the same in each of the GPU's
// pairs, and formatting its numbers again on every page was a sixth of what drawing a compare
// page's charts cost.
func compareCharts(tr *i18n.Catalog, p *page.Page, a, b *gpuSide, metric, unit string) (doc *compareChartsDoc, note string, err error) {
	doc = &compareChartsDoc{}
	if doc.Layouts, err = compareLayouts(); err != nil {
		return nil, "", err
	}
	xName := cmp.Or(p.XAxis.Label, "Interactivity (tok/s/user)")
	if tr.Lang != "en" {
		own := charts.DefaultX
		if p.XAxis.Field == charts.AgenticX {
			own = charts.AgenticX // an agentic page's points' x (input.Point.IsAgentic)
		}
		xName = tr.T("xaxis." + own + ".axis") // the data's own name is English
	}
	line := func(g *gpuSide, name string) (jsontext.Value, error) {
		if g.line != nil && name == g.Label {
			return g.line, nil
		}
		l := lineData{Name: name, Color: g.Color}
		var knots []float64
		for _, k := range g.curve.Knots() {
			knots = append(knots, k.X)
			l.Marks = append(l.Marks, [2]float64{k.X, k.Y})
		}
		if lo, hi, ok := g.curve.Domain(); ok {
			l.Points = compare.Sample(lo, hi, curveSamples, knots, compare.Value(g.curve))
		}
		js, err := marshalJSON(&l)
		if err == nil && name == g.Label {
			g.line = js // drawn once per GPU: it is the same in each of its pairs
		}
		return js, err
	}
	yName := firstRune(metric, unicode.ToUpper)
	if unit != "" {
		yName += " (" + unit + ")"
	}
	nameB := b.Label
	if nameB == a.Label {
		nameB += " (" + b.Key + ")" // two labels alike: the legend goes by name
	}
	la, err := line(a, a.Label)
	if err != nil {
		return nil, "", err
	}
	lb, err := line(b, nameB)
	if err != nil {
		return nil, "", err
	}
	doc.Charts.Curves = chartData{X: xName, Y: yName, Lines: []jsontext.Value{la, lb},
		Aria: tr.T("compare.curves_aria", "metric", metric, "a", a.Label, "b", b.Label)}
	lo, hi, ok := compare.Overlap(a.curve, b.curve)
	if !ok || lo == hi {
		note = tr.T("compare.no_ratio")
	} else {
		var knots []float64
		for _, g := range []*gpuSide{a, b} {
			for _, k := range g.curve.Knots() {
				knots = append(knots, k.X)
			}
		}
		lines := []lineData{
			{Name: a.Label + " ÷ " + b.Label, Color: "#0b6bcb", Points: compare.Sample(lo, hi, curveSamples, knots, compare.Ratio(a.curve, b.curve))},
			{Name: tr.T("compare.parity"), Color: "#8a94a3", Points: chartPoints{{lo, 1}, {hi, 1}}},
		}
		ratio := &chartData{X: xName, Y: a.Label + " ÷ " + b.Label + " (×)",
			Aria: tr.T("compare.ratio_chart_aria", "a", a.Label, "b", b.Label, "metric", metric, "lo", fmtX3(lo), "hi", fmtX3(hi))}
		for i := range lines {
			js, err := marshalJSON(&lines[i])
			if err != nil {
				return nil, "", err
			}
			ratio.Lines = append(ratio.Lines, js)
		}
		doc.Charts.Ratio = ratio
	}
	return doc, note, nil
}
