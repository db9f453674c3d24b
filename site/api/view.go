package api

import (
	"encoding/json/jsontext"
	"fmt"
	"github.com/frontier-bench/frontier/site/page"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/site/input"
)

// View is one response of InferenceX's `GET /api/v1/views/inference` (the seed file's format,
// docs/input-formats.md "The inference view"), as package input reads it: a chart page's newest snapshot
// for one precision. Fields InferenceX writes that Frontier neither reads nor computes (the
// request's filters, pricing) are left out; a reader ignores unknown fields either way.
type View struct {
	View       string         `json:"view"`       // "inference"
	APIVersion string         `json:"apiVersion"` // "v1"
	Params     ViewParams     `json:"params"`
	Metric     ViewMetric     `json:"metric"`
	XAxis      ViewXAxis      `json:"xAxis"`
	Hardware   []ViewHardware `json:"hardware"`
	Series     []ViewSeries   `json:"series"`
	Count      int            `json:"count"` // points in all series
	// Frontiers are the view's global frontier per x axis the page offers (frontiers.go): a
	// client that draws its own chart needs no Pareto code.
	Frontiers map[string][]int64 `json:"frontiers"`
}

// ViewParams are the request a view answers: the page's model and sequence, the precision and
// the as-of date (the snapshot's).
type ViewParams struct {
	Model      string   `json:"model"`
	Sequence   string   `json:"sequence"`
	Precisions []string `json:"precisions"`
	Date       string   `json:"date"`
}

// ViewMetric is the y axis: the metric the points' y measures.
type ViewMetric struct {
	Key     string `json:"key"`
	Label   string `json:"label,omitempty"`
	LabelZh string `json:"labelZh,omitempty"`
	Unit    string `json:"unit,omitempty"`
}

// ViewXAxis is the x axis (interactivity, tok/s/user).
type ViewXAxis struct {
	Mode  string `json:"mode,omitempty"`
	Field string `json:"field,omitempty"`
	Label string `json:"label"`
}

// ViewHardware is one hardware+framework configuration the series name by key.
type ViewHardware struct {
	Key    string `json:"key"`
	Label  string `json:"label"`
	Vendor string `json:"vendor,omitempty"`
}

// ViewSeries is one configuration's points.
type ViewSeries struct {
	HWKey      string      `json:"hwKey"`
	GPU        string      `json:"gpu"`
	Framework  string      `json:"framework"`
	SpecMethod string      `json:"specMethod"`
	Label      string      `json:"label"`
	Vendor     string      `json:"vendor,omitempty"`
	Deployment string      `json:"deployment,omitempty"`
	BestPerSku bool        `json:"bestPerSku"` // the best configuration of its GPU, as Frontier ranks them
	Points     []ViewPoint `json:"points"`
	// Frontiers are this series' frontier per x axis the page offers, point ids in x order.
	Frontiers map[string][]int64 `json:"frontiers"`
}

// ViewPoint is one measured configuration (a concurrency and parallelism setting).
type ViewPoint struct {
	ID          int64   `json:"id"`
	Precision   string  `json:"precision"`
	X           float64 `json:"x"`
	Y           Figure  `json:"y"`                    // null for a point that did not measure the view's metric
	Concurrency int64   `json:"concurrency,omitzero"` // absent for a run by request rate or with no limit
	TP          int64   `json:"tp,omitzero"`          // absent where the file gives no tensor parallelism
	Date        string  `json:"date,omitzero"`
	RunID       any     `json:"runId"`    // a number when the run id is one (as InferenceX writes it), else a string; null when unknown
	Frontier    bool    `json:"frontier"` // on its series' Pareto frontier, as Frontier computed it
	BestPerSku  bool    `json:"bestPerSku"`
	// Invalid is set on a point its own client judged invalid (an MLPerf "Result is :
	// INVALID"); absent for the rest.
	Invalid bool        `json:"invalid,omitzero"`
	Metrics ViewMetrics `json:"metrics"`

	// Runs, on a point made of several runs of one configuration, load and date, is their
	// number (its figures are their medians), and Range each figure's [min, max] over them;
	// both absent for a point of one run. Requests are the requests its client counted,
	// absent when its file does not say (success unknown).
	Runs     int                   `json:"runs,omitzero"`
	Range    map[string][2]float64 `json:"range,omitempty"`
	Requests *ViewRequests         `json:"requests,omitempty"`
}

// ViewRequests are a point's requests as its client counted them, as data.json gives them.
type ViewRequests = page.Requests

// spreadOf fills vp's runs, ranges (x, y: the view's metric, and the three throughputs, by
// the view's keys) and requests from the point pt: a raw point's, or what its own view said.
func spreadOf(vp *ViewPoint, pt *input.Point, metric string) {
	vp.Requests = page.RequestsOf(pt.Requests())
	sp := pt.Spread()
	if sp == nil {
		return
	}
	vp.Runs = sp.N()
	vp.Range = map[string][2]float64{}
	keys := map[string]input.MetricID{}
	for _, c := range page.Columns() { // x and the three throughputs
		keys[c.Key] = c.Input
	}
	if m, ok := page.Throughput(metric); ok {
		keys["y"] = m
	}
	for key, m := range keys {
		if lo, hi, ok := sp.Range(m); ok {
			vp.Range[key] = [2]float64{lo, hi}
		}
	}
}

// ViewMetrics are a point's three throughputs per GPU; one the run did not measure has no key
// (an MLPerf LoadGen run counts no input tokens: no total, no input throughput).
type ViewMetrics struct {
	TpPerGpu         Figure `json:"tpPerGpu,omitzero"`
	OutputTputPerGpu Figure `json:"outputTputPerGpu,omitzero"`
	InputTputPerGpu  Figure `json:"inputTputPerGpu,omitzero"`
}

// Figure is a measured number, absent (NaN: input.Point.HasTotal) where the run did not measure
// it: written as null, or, where the field says omitzero, as no key at all. Never 0 in its place.
type Figure float64

// IsZero reports whether the figure is absent, for omitzero: a measured 0 is written.
func (f Figure) IsZero() bool { return math.IsNaN(float64(f)) }

// MarshalJSONTo writes the figure, or null when it is absent.
func (f Figure) MarshalJSONTo(enc *jsontext.Encoder) error {
	if f.IsZero() {
		return enc.WriteToken(jsontext.Null)
	}
	return enc.WriteToken(jsontext.Float(float64(f)))
}

// UnmarshalJSONFrom reads a figure, null as absent (NaN), so that a client in Go reads back
// what the site wrote.
func (f *Figure) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	tok, err := dec.ReadToken()
	if err != nil {
		return err
	}
	switch tok.Kind() {
	case 'n':
		*f = Figure(math.NaN())
	case '0':
		v, err := tok.Float()
		if err != nil {
			return err
		}
		*f = Figure(v)
	default:
		return fmt.Errorf("want a number or null, got %s", tok.Kind())
	}
	return nil
}

// viewOf is p's newest snapshot as a view of the points whose precision is one of precs. A
// series with no such point is left out, and so is its hardware entry.
func viewOf(p *page.Page, precs []string) *View {
	snap := p.Snapshots[0]
	v := &View{
		View: "inference", APIVersion: "v1",
		Params:   ViewParams{Model: p.Model, Sequence: p.Sequence, Precisions: precs, Date: snap.Date},
		Metric:   ViewMetric{Key: p.Metric.Key, Label: p.Metric.Label, LabelZh: p.Metric.LabelZh, Unit: p.Metric.Unit},
		XAxis:    ViewXAxis{Mode: p.XAxis.Mode, Field: p.XAxis.Field, Label: p.XAxis.Label},
		Hardware: []ViewHardware{}, Series: []ViewSeries{},
	}
	hw := map[string]bool{}
	var shown [][]*input.Point // per series of v, its points in the view
	for _, s := range snap.Series {
		vs := ViewSeries{HWKey: s.HWKey, GPU: s.GPU, Framework: s.Framework, SpecMethod: s.Spec, Label: s.Label,
			Vendor: s.Vendor, Deployment: s.Deployment, BestPerSku: s.Best}
		on := make([]bool, len(s.Points))
		for _, i := range s.Frontier {
			on[i] = true
		}
		var pts []*input.Point
		for i, pt := range s.Points {
			// A point with no median interactivity (its file gives no median TPOT) has no x, which
			// the view requires: left out, as no other statistic may stand in (data.json has it).
			if !slices.Contains(precs, pt.Precision) || !pt.HasX() {
				continue
			}
			vp := ViewPoint{
				ID: pt.ID, Precision: pt.Precision, X: pt.X, Y: Figure(pt.Y), Concurrency: pt.Concurrency, TP: pt.TP,
				Date: pt.Date, RunID: runID(pt.RunID), Frontier: on[i], BestPerSku: s.Best, Invalid: pt.Invalid(),
				Metrics: ViewMetrics{TpPerGpu: Figure(pt.TpPerGpu), OutputTputPerGpu: Figure(pt.OutputTputPerGpu), InputTputPerGpu: Figure(pt.InputTputPerGpu)},
			}
			spreadOf(&vp, &s.Points[i], p.Metric.Key)
			vs.Points = append(vs.Points, vp)
			pts = append(pts, &s.Points[i])
		}
		if len(vs.Points) == 0 {
			continue
		}
		shown = append(shown, pts)
		v.Count += len(vs.Points)
		v.Series = append(v.Series, vs)
		if !hw[s.HWKey] {
			hw[s.HWKey] = true
			v.Hardware = append(v.Hardware, ViewHardware{Key: s.HWKey, Label: s.Label, Vendor: s.Vendor})
		}
	}
	slices.SortFunc(v.Hardware, func(a, b ViewHardware) int { return strings.Compare(a.Key, b.Key) })
	setFrontiers(v, shown, p.Metric.Key)
	return v
}

// runID is a run id as InferenceX writes it: a number when the text is a whole number that
// reads back as the same text, else the text; nil (null) when there is none.
func runID(s string) any {
	if s == "" {
		return nil
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil && strconv.FormatInt(n, 10) == s {
		return n
	}
	return s
}
