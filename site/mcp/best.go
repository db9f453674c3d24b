package mcp

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/site/fragment"
	"github.com/frontier-bench/frontier/site/pareto"
	"github.com/frontier-bench/frontier/site/render"
)

const bestAtDoc = "The chart page's leaders-table answer: at one x value (e.g. 50 tok/s/user of median interactivity), each GPU's best y " +
	"(e.g. total throughput per GPU) read off its configurations' Pareto frontiers, with the configuration it comes from. " +
	"A frontier is read between its measured points by the same monotone curve the page draws, never extrapolated: value is null " +
	"where no configuration of that GPU reaches x. Every configuration of a GPU competes, as in the chart's view of all configurations " +
	"(a page that opens on best per GPU shows only each GPU's best-ranked one in its table). Leaders come best first. x defaults to median_intvty, y to the page's metric (tpPerGpu); " +
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
	GPU       string   `json:"gpu"`
	Label     string   `json:"label"`
	Value     *float64 `json:"value" jsonschema:"the best y at x; null when no configuration of the GPU reaches x"`
	Series    string   `json:"series,omitempty" jsonschema:"the configuration's key on the page"`
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

// readAt is series sr's value at x on axes xcol and y: its Pareto frontier for those axes'
// directions (package pareto), read as the leaders table reads one (render.LeaderAt).
func readAt(sr *series, xcol, y string, higherX, higherY bool, at float64) (float64, bool) {
	var xs, ys []float64
	for i := range sr.points {
		xv, okx := value(&sr.points[i], xcol)
		yv, oky := value(&sr.points[i], y)
		if okx && oky {
			xs, ys = append(xs, xv), append(ys, yv)
		}
	}
	front := pareto.FrontierDir(xs, ys, higherX, higherY)
	fx, fy := make([]float64, len(front)), make([]float64, len(front))
	for i, k := range front {
		fx[i], fy[i] = xs[k], ys[k]
	}
	return render.LeaderAt(fx, fy, at)
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
	byGPU := map[string]int{}
	for _, sr := range snap.series {
		k, ok := byGPU[sr.gpu]
		if !ok {
			label := sr.gpu
			if g, ok := f.data.GPUs[sr.gpu]; ok && g.Label != "" {
				label = g.Label
			}
			out.Leaders = append(out.Leaders, Leader{GPU: sr.gpu, Label: label})
			k = len(out.Leaders) - 1
			byGPU[sr.gpu] = k
		}
		y, ok := readAt(sr, xcol, ykey, higherX, higherY, in.At)
		if !ok {
			continue
		}
		l := &out.Leaders[k]
		if l.Value == nil || (higherY && y > *l.Value) || (!higherY && y < *l.Value) {
			l.Value = &y
			l.Series, l.Name, l.Framework, l.Spec, l.Precision = sr.key, sr.name, sr.framework, sr.spec, sr.precision
		}
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
