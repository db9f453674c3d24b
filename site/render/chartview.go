package render

import (
	"encoding/json/jsontext"
	"html/template"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/i18n"
	"github.com/frontier-bench/frontier/site/page"
)

// bestDefaultOver is the number of configurations above which a chart page opens on best per
// GPU: 61 overlapping frontiers tell a reader nothing (InferenceX made the same choice). The
// page data carries it to the page script's defaultView (PageData.BestOver).
const bestDefaultOver = 12

// The chart page's server-rendered view state. The page is laid out once, by the build, as the
// page script will show its default view: the controls, the status line, the best-per-GPU note,
// the leaders table and the shown-points count are in the HTML with their final size, and the
// script enhances them rather than inserting them, so nothing moves when it runs.

// controlsView is the chart page's form (controls.html), the twin of buildControls in
// templates/script/controls.js.
type controlsView struct {
	Metrics []optionView
	XAxes   []optionView // nil when the page offers one x axis
	Prices  []priceView  // every GPU of the page, for the reader's $/GPU-hour and kW
	Dates   []optionView // the newest only, nil with one snapshot: the script adds the others
	Best    bool         // best per GPU is the default view
	Lists   []filterView // the filters with more than one value
	// Summary is the filters panel's one line of what is on (filterSummary in controls.js).
	Summary string
	// Gate is the accuracy gate's fieldset (gateControl, accuracypage.go); nil on a page without
	// eval tasks.
	Gate *gateControlView
}

// tr is the catalog a chart page's Go-written words come from: its language's, or English
// for a view made without one (the twins' tests).
func (cv *chartPageView) tr() *i18n.Catalog {
	if cv.cat != nil {
		return cv.cat
	}
	return english()
}

type optionView struct {
	Value, Label string
	On           bool
}

type filterView struct {
	Name, Title string
	Choices     []choiceView
}

type choiceView struct{ Value, Label, Color string }

// priceView is one GPU's row of the price form: its key, label, and the config's $/GPU-hour
// and kW ("" when it gives none), which the inputs start with.
type priceView struct{ GPU, Label, Cost, KW string }

// filterTitles are the filters' legends, in LISTS order (templates/script/view.js); the
// catalogs' filter.<name> words them.
var filterTitles = []struct{ name, title string }{
	{"gpus", "GPU"}, {"vendors", "Vendor"}, {"frameworks", "Framework"}, {"spec", "Speculative decoding"}, {"precisions", "Precision"},
	{"deploy", "Deployment"}, {"offload", "KV offload"},
}

// defaultBest reports whether the default view is best per GPU, as the page script's
// defaultView decides it: from the page data's bestOver.
func defaultBest(data *PageData) bool { return len(data.Series) > data.BestOver }

// defaultShown reports which series of the newest snapshot the default view shows.
func defaultShown(data *PageData) []bool {
	best := defaultBest(data)
	shown := make([]bool, len(data.Series))
	for i, s := range data.Series {
		shown[i] = !best || s.Best
	}
	return shown
}

// setViewState fills what the chart page shows before the script runs, for the default view.
func (cv *chartPageView) setViewState(data *PageData, refX []float64) {
	var metric MetricData
	for _, m := range data.Metrics {
		if m.Key == data.Metric {
			metric = m
		}
	}
	shown := defaultShown(data)
	tr := cv.tr()

	c := &controlsView{Best: defaultBest(data), Summary: tr.T("view.all_configs")}
	if c.Best {
		c.Summary = tr.T("controls.best_per_gpu")
	}
	for _, m := range data.Metrics {
		c.Metrics = append(c.Metrics, optionView{m.Key, m.Axis, m.Key == data.Metric})
	}
	if len(data.XAxes) > 1 {
		for i, x := range data.XAxes {
			c.XAxes = append(c.XAxes, optionView{x.Key, x.Axis, i == 0})
		}
	}
	c.Prices = pricesOf(data)
	if len(data.Dates) > 1 {
		// The newest snapshot's option is the widest, so the select has its final size; the
		// script adds the others, which would otherwise weigh on a page with a long history.
		c.Dates = []optionView{{data.Dates[0], tr.T("view.latest", "date", tr.Date(data.Dates[0])), true}}
	}
	for _, f := range filterTitles {
		fv := filterView{Name: f.name, Title: tr.T("filter." + f.name)}
		seen := map[string]bool{}
		if data.Facts != nil && slices.Contains(factLists, f.name) {
			fv.Choices = factChoices(tr, data.Facts, f.name) // an agentic page's points' facts
		}
		for _, s := range data.Series {
			if data.Facts != nil && slices.Contains(factLists, f.name) {
				break
			}
			value, label, color := facetOf(data, &s, f.name)
			// Words, not names, are translated: no speculative decoding, the deployments.
			if k := "facet." + f.name + "." + cmpOr(value, "unknown"); (f.name == "spec" && value == "none" || f.name == "deploy") && tr.Has(k) {
				label = tr.T(k)
			}
			if !seen[value] {
				seen[value] = true
				fv.Choices = append(fv.Choices, choiceView{value, label, color})
			}
		}
		if len(fv.Choices) > 1 {
			c.Lists = append(c.Lists, fv)
		}
	}
	if a := data.Accuracy; a != nil {
		tasks := make([]AccuracyTask, len(a.Tasks))
		for i, t := range a.Tasks {
			tasks[i] = AccuracyTask{Key: t.Key, Label: t.Label, Metric: t.Metric}
		}
		task, min := "", 0.0
		if a.Gate != nil {
			task, min = a.Gate.Task, a.Gate.Min
		}
		if c.Gate = gateControl(tr, tasks, task, min); c.Gate != nil && c.Gate.Phrase != "" {
			// After best per GPU, as filterSummary in controls.js says it.
			if c.Best {
				c.Summary += " · " + c.Gate.Phrase
			} else {
				c.Summary = c.Gate.Phrase
			}
		}
	}
	cv.Controls = c

	configs, points, total := 0, 0, 0
	for i, s := range data.Series {
		total += len(s.Points.pts)
		if shown[i] {
			configs++
			points += len(s.Points.pts)
		}
	}
	// One short line (renderStatus in tables.js): the metric's name, which says when lower is
	// better, is in the menu above it and the date in the heading.
	cv.Status = tr.T("view.status", "shown", strconv.Itoa(configs), "configs", strconv.Itoa(len(data.Series)), "points", strconv.Itoa(points))
	cv.ShownCount = tr.T("view.shown_count", "shown", strconv.Itoa(points), "points", strconv.Itoa(total))
	if metric.Label != "" {
		cv.BestNote = tr.T("view.best_note", "metric", firstRune(metric.Label, unicode.ToLower))
	}
	cv.LeadersHTML = leadersHTMLIn(tr, data, metric, shown, refX)
}

// facetOf is a series' value for a filter, how the filter labels it and its colour: the twin
// of facet and facetLabel in templates/script/model.js (twins.json's facets cases hold both).
func facetOf(data *PageData, s *SeriesData, list string) (value, label, color string) {
	spec := strings.ToLower(s.Spec)
	if spec == "" {
		spec = "none"
	}
	switch list {
	case "gpus":
		g := data.GPUs[s.GPU]
		return strings.ToLower(s.GPU), cmpOr(g.Label, s.GPU), g.Color
	case "vendors":
		return strings.ToLower(s.Vendor), s.Vendor, ""
	case "frameworks":
		return strings.ToLower(s.Framework), cmpOr(data.Frameworks[s.Framework], s.Framework), ""
	case "deploy":
		return strings.ToLower(s.Deploy), deployLabel(s.Deploy), ""
	case "offload":
		return "none", "None", "" // a point's fact, never a series' (agenticfacts.go)
	case "spec":
		if spec == "none" {
			return spec, "None", ""
		}
		return spec, strings.ToUpper(s.Spec), ""
	default:
		return strings.ToLower(s.Precision), strings.ToUpper(s.Precision), ""
	}
}

// deployLabel names a deployment as the filter shows it: the twin of model.js's deployLabel
// (twins.json's deploymentLabel cases hold both).
func deployLabel(d string) string {
	switch strings.ToLower(d) {
	case "single-node":
		return "Single node"
	case "disaggregated":
		return "Disaggregated"
	case "":
		return "Unknown"
	}
	return d
}

// pricesOf lists the page's GPUs in key order with the config's cost and power, the twin of
// priceRows in templates/script/controls.js (twins.json's prices cases hold both).
func pricesOf(data *PageData) []priceView {
	keys := make([]string, 0, len(data.GPUs))
	for k := range data.GPUs {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	// A price as the script writes it back (String(v)): 1000000 and 0.00005 as they are, not
	// 1e+06 and 5e-05.
	num := func(v *float64) string {
		if v == nil || *v == 0 {
			return ""
		}
		return jsNumber(*v)
	}
	out := make([]priceView, len(keys))
	for i, k := range keys {
		g := data.GPUs[k]
		out[i] = priceView{strings.ToLower(k), cmpOr(g.Label, k), num(g.CostPerHour), num(g.KW)}
	}
	return out
}

// jsNumber is v as JavaScript's String(v) writes it, which is how JSON writes a number too:
// the form the page script writes the same values in, so that its tables match the server's.
func jsNumber(v float64) string { return jsontext.Float(v).String() }

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// leadersHTML is the leaders table of the default view, as leadersHTML in
// templates/script/tables.js writes it (twins.json's leaders cases hold both): per GPU, its
// value at each reference x (its frontier over all its shown configurations, page.Curve) with
// the best GPU of each column marked, and under it each configuration's own frontier read off
// there. The values are the page data's (rounded), so the script redraws the same table in the
// same place.
func leadersHTML(data *PageData, metric MetricData, shown []bool, refs []float64) template.HTML {
	return leadersHTMLIn(english(), data, metric, shown, refs)
}

// leaderRow is a row of the leaders table: a GPU's (s the series of its configurations) or a
// configuration's (one series).
type leaderRow struct {
	s      []*SeriesData
	values []float64
	ok     []bool
	ranges []*[2]float64 // over repeated runs, nil for single runs (leaderRanges); GPU rows only
}

// leaderGPUs are the leaders table's GPUs, in the order their first shown configuration comes
// in, each with its shown configurations' rows. A GPU's value is the frontier of the union of
// the frontier points of all its configurations the filters pass (docs/chart-page.md, "A
// frontier's value at an interactivity"), shown or not: best per GPU shows one configuration's
// row, never a smaller GPU value. The default view filters none.
func leaderGPUs(data *PageData, metric MetricData, shown []bool, refs []float64) (gpus []leaderRow, configs [][]leaderRow) {
	at := map[string]int{}
	for i := range data.Series {
		if !shown[i] {
			continue
		}
		s := &data.Series[i]
		g, ok := at[s.GPU]
		if !ok {
			g = len(gpus)
			at[s.GPU] = g
			gpus, configs = append(gpus, leaderRow{}), append(configs, nil)
		}
		configs[g] = append(configs[g], leaderRowOf([]*SeriesData{s}, metric, refs))
	}
	for i := range data.Series {
		if g, ok := at[data.Series[i].GPU]; ok {
			gpus[g].s = append(gpus[g].s, &data.Series[i])
		}
	}
	for g := range gpus {
		gpus[g] = leaderRowOf(gpus[g].s, metric, refs)
		gpus[g].ranges = leaderRanges(gpus[g].s, metric.Key, refs)
	}
	return gpus, configs
}

// leaderRowOf reads the frontier of the union of the frontier points of series at refs.
func leaderRowOf(series []*SeriesData, metric MetricData, refs []float64) leaderRow {
	var xs, ys []float64
	for _, s := range series {
		for _, k := range s.Frontier {
			xs, ys = append(xs, s.Points.pts[k].X), append(ys, s.Points.pts[k].Y)
		}
	}
	curve := page.NewCurve(xs, ys, true, metric.Higher)
	r := leaderRow{s: series, values: make([]float64, len(refs)), ok: make([]bool, len(refs))}
	for j, x := range refs {
		r.values[j], r.ok[j] = curve.At(x)
	}
	return r
}

// leaderMarks are the best GPU value of each column and, for a column whose best is within
// run-to-run spread of another GPU's value (which then calls no best), the GPU rows within it.
func leaderMarks(gpus []leaderRow, higher bool, refs []float64) (best []float64, spread []map[int]bool) {
	best, spread = make([]float64, len(refs)), make([]map[int]bool, len(refs))
	rangeOf := func(r leaderRow, j int) *[2]float64 {
		if r.ranges == nil {
			return nil
		}
		return r.ranges[j]
	}
	for j := range refs {
		top := -1
		for i, r := range gpus {
			if y := r.values[j]; r.ok[j] && (top < 0 || (higher && y > best[j]) || (!higher && y < best[j])) {
				best[j], top = y, i
			}
		}
		if top < 0 {
			continue
		}
		for i, r := range gpus {
			if i != top && r.ok[j] && withinSpread(best[j], rangeOf(gpus[top], j), r.values[j], rangeOf(r, j)) {
				if spread[j] == nil {
					spread[j] = map[int]bool{top: true}
				}
				spread[j][i] = true
			}
		}
	}
	return best, spread
}

// leadersHTMLIn is leadersHTML in the language of catalog tr.
func leadersHTMLIn(tr *i18n.Catalog, data *PageData, metric MetricData, shown []bool, refs []float64) template.HTML {
	gpus, configs := leaderGPUs(data, metric, shown, refs)
	if len(gpus) == 0 {
		return template.HTML(`<p class="empty">` + htmlValue.Replace(tr.T("leaders.empty")) + `</p>`)
	}
	best, spread := leaderMarks(gpus, metric.Higher, refs)
	var b strings.Builder
	esc := func(s string) { htmlEscaper.WriteString(&b, s) }
	leadersHead(&b, tr, data, metric, refs)
	for g, r := range gpus {
		// One body per GPU: its row, then its configurations' (a row group to assistive technology).
		gpu := r.s[0].GPU
		gd := data.GPUs[gpu]
		b.WriteString(`<tbody><tr class="gpu" data-gpu="`)
		esc(gpu)
		b.WriteString(`"><th scope="rowgroup"><span class="swatch" style="background-color:`)
		esc(cmpOr(gd.Color, "#888888")) // the script's safeColor of no colour
		b.WriteString(`"></span>`)
		esc(tr.T("leaders.gpu_row", "gpu", cmpOr(gd.Label, gpu)))
		b.WriteString("</th>")
		for j, y := range r.values {
			lead := r.ok[j] && y == best[j] && spread[j] == nil
			leaderCell(&b, tr, y, r.ok[j], lead, spread[j][g])
		}
		b.WriteString("</tr>")
		for _, c := range configs[g] {
			b.WriteString(`<tr data-series="`)
			esc(c.s[0].Key)
			b.WriteString(`"><th scope="row"><span class="swatch" style="background-color:`)
			esc(c.s[0].Color)
			b.WriteString(`"></span>`)
			esc(c.s[0].Name)
			b.WriteString("</th>")
			for j, y := range c.values {
				leaderCell(&b, tr, y, c.ok[j], false, false)
			}
			b.WriteString("</tr>")
		}
		b.WriteString("</tbody>")
	}
	b.WriteString("</table>")
	return template.HTML(b.String())
}

// leadersHead writes the leaders table's start: its caption (the metric's one name, its
// direction, how the values are read) and its header row, up to the first body.
func leadersHead(b *strings.Builder, tr *i18n.Catalog, data *PageData, metric MetricData, refs []float64) {
	esc := func(s string) { htmlEscaper.WriteString(b, s) }
	better := tr.T("leaders.lower_better")
	if metric.Higher {
		better = tr.T("leaders.higher_better")
	}
	b.WriteString(`<table class="data leaders-table"><caption>`)
	// The metric's one name (model.js's metricName: its axis name, else label and unit); a name
	// that says its direction already is not told it twice.
	caption := metric.Axis
	if caption == "" {
		caption = metric.Label + " (" + metric.Unit + ")"
	}
	if !strings.HasSuffix(caption, tr.T("leaders.is_better_suffix")) {
		caption += better
	}
	esc(caption)
	esc(tr.T("leaders.caption"))
	b.WriteString(` <span aria-hidden="true">★</span> `)
	esc(tr.T("leaders.caption_star"))
	if data.DefaultX == charts.AgenticX { // its columns are p90 interactivity, not the median
		b.WriteString(" ")
		esc(tr.T("leaders.at_p90"))
	}
	b.WriteString(`</caption><thead><tr><th scope="col">`)
	esc(tr.T("table.configuration"))
	b.WriteString(`</th>`)
	for _, x := range refs {
		b.WriteString(`<th scope="col" class="num">`)
		// Six significant digits, written as the script's +x.toPrecision(6) is.
		esc(jsNumber(charts.Round6(x)) + " " + data.X.Unit)
		b.WriteString("</th>")
	}
	b.WriteString("</tr></thead>")
}

// leaderCell writes one value of the leaders table: blank where !ok, marked when it leads its
// column or is within the run-to-run spread of the best.
func leaderCell(b *strings.Builder, tr *i18n.Catalog, y float64, ok, lead, within bool) {
	esc := func(s string) { htmlEscaper.WriteString(b, s) }
	if !ok {
		b.WriteString(`<td class="num"></td>`)
		return
	}
	b.WriteString(`<td class="num`)
	if lead {
		b.WriteString(` lead" title="`)
		esc(tr.T("leaders.best_title"))
	}
	b.WriteString(`" data-value="`)
	b.WriteString(jsNumber(y))
	b.WriteString(`">`)
	if lead {
		b.WriteString(`<span class="mark" aria-hidden="true">★ </span>`)
	}
	esc(fmtNum(y))
	if lead {
		b.WriteString(`<span class="vh">`)
		esc(tr.T("leaders.best_vh"))
		b.WriteString(`</span>`)
	}
	if within {
		b.WriteString(` <small class="spread">`)
		esc(tr.T("leaders.within_spread"))
		b.WriteString(`</small>`)
	}
	b.WriteString("</td>")
}
