package render

// What a chart page's data (PageData, wire.go) is made of, besides its history: the y metrics
// and x axes the page offers, each with its one name, the page's own metric as sentences and
// cards name it, the GPU and framework a hardware label names, its series in the page script's
// form with their frontiers, and the metric columns the default view never reads, which the
// page's #page-data leaves to a file fetched later.

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/output"
	"github.com/frontier-bench/frontier/site/page"
)

// gpuLabel is the hardware label's GPU part: "B200 (vLLM)" gives "B200".
func gpuLabel(s *page.PageSeries) string {
	if i := strings.Index(s.Label, " ("); i > 0 {
		return s.Label[:i]
	}
	return strings.ToUpper(s.GPU)
}

// frameworkLabel is the framework as the hardware label names it: "B200 (TRTLLM, MTP)" gives
// "TRTLLM"; the key when the label has no parenthesis.
func frameworkLabel(s *page.PageSeries) string {
	_, in, ok := strings.Cut(s.Label, " (")
	if in, _, _ = strings.Cut(in, ")"); ok {
		if fw, _, _ := strings.Cut(in, ","); strings.TrimSpace(fw) != "" {
			return strings.TrimSpace(fw)
		}
	}
	return s.Framework
}

// metricsFor lists the y metrics a page offers (charts.YMetrics): those page.Metrics offers
// always (the three throughputs, costs and throughput per megawatt: a reader may type the
// $/GPU-hour and kW the config does not give; a series without them is left out of that
// view), and the measured ones (power, energy per token) when a point of the page has them.
func metricsFor(p *page.Page, cols pageColumns, cfg config.Config) []MetricData {
	var ms []MetricData
	for _, m := range charts.YMetrics {
		if pm, _ := page.MetricOf(m.Key); !pm.Always && !slices.Contains(cols.names, m.Key) {
			continue
		}
		md := MetricData{Key: m.Key, Label: m.Label, Axis: m.Axis, Unit: m.Unit, Higher: m.Higher}
		if cfg.InputLabels && m.Key == p.Metric.Key && p.Metric.Label != "" {
			md.Axis = p.Metric.Label
		}
		md.Label, md.Unit, md.Axis = named(cfg, m.Key, md.Label, md.Unit, md.Axis, !m.Higher)
		ms = append(ms, md)
	}
	return ms
}

// pageMetric is the page's own metric (its datasets' y) as its chart names it: the catalog's
// name, axis title and unit, in r's language when localize is set (English, the built-in
// names, for cards), with frontier.toml's names over them. Sentences, descriptions, feeds and
// cards speak of the metric through it, so a metric has one name everywhere, not the chart's
// in one place and the input's label ("Token Throughput per Chip") in another. A metric the
// charts do not know keeps the data's label and unit.
func (r *Renderer) pageMetric(p *page.Page, localize bool) MetricData {
	ms := metricsFor(p, pageColumns{names: []string{p.Metric.Key}}, r.in.Config)
	if localize {
		r.localizeMetrics(ms, nil)
	}
	for _, m := range ms {
		if m.Key == p.Metric.Key {
			return m
		}
	}
	return MetricData{Key: p.Metric.Key, Label: p.Metric.Label, Axis: p.Metric.Label, Unit: p.Metric.Unit}
}

// throughputNames are the three throughputs' one names, in the points table's column order.
func throughputNames(ms []MetricData) []string {
	var out []string
	for _, c := range page.Columns() {
		for _, m := range ms {
			if m.Key == c.Key {
				out = append(out, m.Axis)
			}
		}
	}
	return out
}

// named is a catalog quantity's label, unit and one name (label and unit), with the config's
// [metrics.KEY] over the catalog's: one name, for every place the page shows it. lower: a y
// metric whose lower values are better says so in its name, as the catalog's do.
func named(cfg config.Config, key, label, unit, name string, lower bool) (string, string, string) {
	m, ok := cfg.Metrics[key]
	if !ok || (m.Label == "" && m.Unit == "") {
		return label, unit, name
	}
	if m.Label != "" {
		label = m.Label
	}
	if m.Unit != "" {
		unit = m.Unit
	}
	name = label + " (" + unit + ")"
	if lower {
		name += ", lower is better"
	}
	return label, unit, name
}

// xAxesFor lists the x axes a page offers (charts.XAxes): the default, the data's own
// interactivity (column x, with the data's axis name and referenceInteractivity), then every
// other one that a point of a snapshot has (concurrency and request rate, the loads, only where
// every point has one). A point that lacks an axis' figure (its file gave no such statistic) is
// not drawn on it, never given another statistic's value in its place: the page script leaves
// it out and says so under the chart (axisnote.js). The leaders table's references come from
// [reference] in the config when it names the axis.
//
// A page of which no point has a median interactivity (runs that did not stream) opens on the
// first axis all its points have instead, of fallbackX: the first of the list is the page's
// default (the page script's xAxes(page)[0]), and the interactivity axis follows it.
func xAxesFor(p *page.Page, cols pageColumns, cfg config.Config) []XAxisData {
	var out []XAxisData
	own := charts.DefaultX // the points' x: column x
	if cols.agentic {
		own = charts.AgenticX // an agentic page's (input.Point.IsAgentic), which it opens on
	}
	for _, a := range charts.XAxes {
		x := XAxisData{Key: a.Key, Col: a.Key, Label: a.Label, Axis: a.Axis, Unit: a.Unit, Higher: a.Higher, Refs: a.Refs}
		switch {
		case a.Key == own:
			x.Col, x.Refs = "x", cfg.ReferenceX
			if cfg.InputLabels && p.XAxis.Label != "" {
				x.Axis = p.XAxis.Label
			}
		case a.Key == "conc":
			if !cols.somePointHasConc() {
				continue
			}
		case a.Key == charts.RateX:
			if !cols.everyPointHas(a.Key) {
				continue
			}
		case !cols.somePointHas(a.Key):
			continue
		}
		if refs, ok := cfg.Reference[a.Key]; ok {
			x.Refs = refs
		}
		x.Label, x.Unit, x.Axis = named(cfg, a.Key, x.Label, x.Unit, x.Axis, false)
		out = append(out, x)
	}
	if key := cmp.Or(fallbackX(cols), agenticX(cols)); key != "" {
		i := slices.IndexFunc(out, func(x XAxisData) bool { return x.Key == key })
		if i > 0 {
			x := out[i]
			out = slices.Insert(slices.Delete(out, i, i+1), 0, x)
		}
	}
	return out
}

// agenticX is the axis an agentic page opens on, its points' x: p90 interactivity; "" for any
// other page.
func agenticX(cols pageColumns) string {
	if cols.agentic {
		return charts.AgenticX
	}
	return ""
}

// fallbackX is the x axis a page of which no point has a median interactivity opens on: the
// first of median E2E latency, concurrency and request rate that every point has; "" for a page
// with a median interactivity, or with none of them.
func fallbackX(cols pageColumns) string {
	if !cols.noX {
		return ""
	}
	for _, k := range []string{"median_e2el", "conc", charts.RateX} {
		if cols.everyPointHas(k) {
			return k
		}
	}
	return ""
}

func seriesDataOf(series []*page.PageSeries, cols pageColumns) []SeriesData {
	out := make([]SeriesData, len(series))
	for i, s := range series {
		st := charts.StyleFor(s.GPU, s.Framework, s.Spec).WithPrecision(s.Precision)
		sd := SeriesData{
			SeriesHead: SeriesHead{
				Key: s.Key, Name: s.Name, HW: s.HWKey, GPU: s.GPU, Vendor: s.Vendor, Framework: s.Framework,
				Spec: s.Spec, Precision: s.Precision, Label: s.Label, Color: st.Color, Symbol: st.Symbol, Dash: st.Dash,
				Hollow: st.Hollow, Fill: st.Fill, Best: s.Best, Date: s.Date,
			},
			Frontier: s.Frontier, Points: PointsJSON{pts: s.Points, raw: cols.raw, has: cols.has}, Deploy: s.Deployment,
		}
		if sd.Frontier == nil {
			sd.Frontier = []int{}
		}
		out[i] = sd
	}
	return out
}

// writeLater writes name, the values of metrics ms (with strs first the string columns after
// tp: date, run and, on a page with raw results, topology, image and run URL) of every point
// of snap (LaterData), gzipped, and returns its index for the page data.
func (r *Renderer) writeLater(w output.Writer, name string, snap *page.Snapshot, ms []input.MetricID, strs, has bool) (*LaterIndex, error) {
	var later LaterData
	if strs {
		later.Cols = []string{"date", "run"}
		if has {
			later.Cols = append(later.Cols, "topology", "image", "runUrl")
		}
	}
	for _, m := range ms {
		later.Cols = append(later.Cols, input.MetricNames[m])
	}
	if r.def != nil { // a mirror reads the default language's file
		return &LaterIndex{File: r.site.Root + name, Cols: later.Cols}, nil
	}
	for _, s := range snap.Series {
		later.Series = append(later.Series, LaterCells{s.Points, ms, strs, has})
	}
	b, err := marshalJSON(later)
	if err != nil {
		return nil, err
	}
	if err := w.WriteFile(name, r.gzip(w, b)); err != nil {
		return nil, err
	}
	return &LaterIndex{File: path.Base(name), Cols: later.Cols}, nil
}

// laterMask has bit m set for each metric column of a page that the default view never reads
// (not an x axis, not a y metric, not a default points-table column): the columns #page-data
// leaves to columns.json (PageData.Later).
func laterMask(cols pageColumns, data *PageData) uint64 {
	used := map[string]bool{}
	for _, a := range data.XAxes {
		used[a.Col] = true
	}
	for _, m := range data.Metrics {
		used[m.Key] = true
	}
	for _, c := range data.DefaultCols {
		used[c] = true
	}
	var mask uint64
	for _, m := range cols.raw {
		if !used[input.MetricNames[m]] {
			mask |= 1 << m
		}
	}
	return mask
}

func frontierSet(s *page.PageSeries) map[int]bool {
	on := make(map[int]bool, len(s.Frontier))
	for _, i := range s.Frontier {
		on[i] = true
	}
	return on
}
