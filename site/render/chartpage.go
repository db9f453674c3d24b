package render

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"html/template"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/pareto"

	"github.com/frontier-bench/frontier/site/input"

	"github.com/frontier-bench/frontier/site/output"
)

// chartPageView is what chart.html sees as .Chart.
type chartPageView struct {
	Model, Sequence string
	Date, Oldest    string
	Dates           []string
	SeriesCount     int
	PointCount      int
	Metric          input.Metric
	XAxis           input.XAxis
	Best            []bestView
	Notes           template.HTML // notes markdown naming this page, rendered by goldmark
	Rows            []rowView     // for templates of a site's own; chart.html shows RowsHTML
	RowsHTML        template.HTML // the rows as <tr> elements, every string escaped (rowsHTML)
	Sources         []string
	Option          json.RawMessage // the go-echarts option, escaped by html/template inside <script>
	Data            json.RawMessage // pageData
	// The default view as the page script will show it (chartview.go), so that the page is
	// laid out once: the form, the status line, the best-per-GPU note, the leaders table and
	// the count of shown points.
	Controls    *controlsView
	Status      string
	BestNote    string
	ShownCount  string
	LeadersHTML template.HTML // every string escaped (leadersHTML)
	Raw         bool          // the page has raw results: the points table has topology and image
	Changes     []changeData  // the changelog's entries for this page, oldest first
	// The points table's optional columns (raw results only), for the column chooser: in the
	// server HTML, so that the script enhances it rather than inserting it and moving the page.
	Columns []columnChoice
	// Compares are the page's compare pages, one per pair of its GPUs (compare.go).
	Compares []compareLink
}

// columnChoice is one box of the column chooser; Checked for the columns shown by default
// (tables.js's DEFAULT_OPTIONAL).
type columnChoice struct {
	Name, Title string
	Checked     bool
}

// columnChoices are a page's optional points-table columns as tables.js's optionalColumns
// names them: the columns beyond the base ones, the run's link aside.
func columnChoices(cols pageColumns) []columnChoice {
	var out []columnChoice
	for _, name := range cols.names[len(pointColumns):] {
		c := columnChoice{Name: name, Title: name, Checked: slices.Contains(defaultColumns, name)}
		switch name {
		case "runUrl":
			continue
		case "topology":
			c.Title = "Topology"
		case "image":
			c.Title = "Image"
		}
		out = append(out, c)
	}
	return out
}

// defaultColumns are the optional columns shown until the reader chooses: a few, not all.
var defaultColumns = []string{"topology", "median_ttft", "median_e2el"}

type bestView struct{ Name, Color string }

// rowView is one row of the server-rendered points table, which works without JavaScript.
type rowView struct {
	Series, Name, Precision string
	Concurrency, TP         int64
	X, Total, Output, Input string
	Frontier                bool
	Date, RunID             string
	// Raw marks a row of a page with raw results: it has the topology and image cells too,
	// and the run is a link when Link (https only) is set.
	Raw             bool
	Topology, Image string
	Link            string
}

// pageData is the page script's model of a chart page (see templates/script/model.js). The
// page embeds it as #page-data and writes it beside itself as page.json, which markdown chart
// blocks fetch to draw the same chart.
type pageData struct {
	Model    string             `json:"model"`
	Sequence string             `json:"sequence"`
	Slug     string             `json:"slug"`
	X        axisData           `json:"x"`
	Metric   string             `json:"metric"`
	Metrics  []metricData       `json:"metrics"`
	GPUs     map[string]gpuData `json:"gpus"`
	// Frameworks maps each framework key to the name readers know it by ("trt": "TRTLLM"),
	// for the framework filter's labels.
	Frameworks map[string]string `json:"frameworks"`
	Dates      []string          `json:"dates"`
	History    map[string]string `json:"history"`
	RefX       []float64         `json:"refX"`
	Cols       []string          `json:"cols"` // the columns of every series' points
	Series     []seriesData      `json:"series"`
	// Changes are the changelog's entries for this page's series, for the trend chart.
	Changes []changeData `json:"changes,omitempty"`
	// XAxes are the x axes the page offers, the default first (xAxesFor).
	XAxes []xAxisData `json:"xAxes"`
}

type axisData struct {
	Label string `json:"label"`
	Unit  string `json:"unit"`
}

// metricData is one y metric the page offers. Label is short, for the metric menu; Axis is
// the axis name, with the unit.
type metricData struct {
	Key    string `json:"key"`
	Label  string `json:"label"`
	Axis   string `json:"axis"`
	Unit   string `json:"unit"`
	Higher bool   `json:"higher"` // false when lower is better (cost)
}

type gpuData struct {
	Label       string   `json:"label"`
	Vendor      string   `json:"vendor"`
	Color       string   `json:"color"`
	CostPerHour *float64 `json:"costPerHour,omitempty"`
	KW          *float64 `json:"kw,omitempty"`
}

type seriesData struct {
	Key       string     `json:"key"`
	Name      string     `json:"name"`
	HW        string     `json:"hw"`
	GPU       string     `json:"gpu"`
	Vendor    string     `json:"vendor"`
	Framework string     `json:"framework"`
	Spec      string     `json:"spec"`
	Precision string     `json:"precision"`
	Label     string     `json:"label"`
	Color     string     `json:"color"`
	Symbol    string     `json:"symbol"`
	Dash      string     `json:"dash"`
	Hollow    bool       `json:"hollow,omitempty"`
	Fill      string     `json:"fill,omitempty"` // a light marker fill: 8-bit and wider precisions
	Best      bool       `json:"best"`
	Date      string     `json:"date"`
	Points    pointsJSON `json:"points"`
	Frontier  []int      `json:"frontier"`
	Deploy    string     `json:"deploy,omitempty"` // the deployment filter's value
}

// pointsJSON is a series' points as the page script reads them: one array per point, in the
// order of pointColumns, measurements rounded to what a reader can see (charts.Round6). It
// encodes itself, exactly as encoding/json would encode [][]any of those values, because a
// page's points are most of its data and boxing every value for reflection was a tenth of
// the render stage.
// A page with raw results adds the columns of rawColumns: topology, image and run URL as
// strings, then every metric a point of the page has (null where a point lacks it).
type pointsJSON struct {
	pts []input.Point
	raw []input.MetricID // the page's metric columns; nil on a page without raw results
	has bool             // the page has raw results
}

func (ps pointsJSON) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 2+len(ps.pts)*(120+12*len(ps.raw)))
	b = append(b, '[')
	for i, pt := range ps.pts {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		b = strconv.AppendInt(b, pt.ID, 10)
		for _, v := range [...]float64{pt.X, pt.TpPerGpu, pt.OutputTputPerGpu, pt.InputTputPerGpu} {
			b = append(b, ',')
			b = appendJSONFloat(b, charts.Round6(v))
		}
		b = append(b, ',')
		b = strconv.AppendInt(b, pt.Concurrency, 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, pt.TP, 10)
		b = append(b, ',')
		b = appendJSONString(b, pt.Date)
		b = append(b, ',')
		b = appendJSONString(b, pt.RunID)
		if ps.has {
			var topo, image, url string
			if pt.Raw != nil {
				topo, image, url = pt.Raw.Topology.String(), pt.Raw.Image, pt.Raw.RunURL
			}
			for _, s := range [...]string{topo, image, url} {
				b = append(b, ',')
				b = appendJSONString(b, s)
			}
			for _, m := range ps.raw {
				b = append(b, ',')
				v, ok := 0.0, false
				if pt.Raw != nil {
					v, ok = pt.Raw.Metrics.Get(m)
				}
				if ok {
					// Six significant digits as Round6 keeps, written at once: a valid JSON
					// number (exponent form beyond 1e6), and a third of the cost of
					// rounding and then printing the shortest form, for dozens of
					// metrics a point.
					b = strconv.AppendFloat(b, v, 'g', 6, 64)
				} else {
					b = append(b, "null"...)
				}
			}
		}
		b = append(b, ']')
	}
	return append(b, ']'), nil
}

// pageColumns are the point columns of a page: pointColumns, then for a page with raw results
// "topology", "image", "runUrl" and the names of every metric its points have, in catalog order
// (the throughputs per GPU already have columns). One list for every snapshot, so that history
// files and the page agree.
type pageColumns struct {
	names []string
	raw   []input.MetricID
	has   bool
	every uint64 // the metrics every point of every snapshot has, bit m for input.MetricID m
}

func columnsOf(p *Page) pageColumns {
	var mask uint64
	every := ^uint64(0)
	has := false
	for _, snap := range p.Snapshots {
		for _, s := range snap.Series {
			for _, pt := range s.Points {
				var own uint64
				if pt.Raw != nil {
					has = true
					pt.Raw.Metrics.Each(func(m input.MetricID, _ float64) { own |= 1 << m })
				}
				mask |= own
				every &= own
			}
		}
	}
	if !has {
		return pageColumns{names: pointColumns, every: every}
	}
	c := pageColumns{has: true, every: every, names: append(slices.Clip(pointColumns), "topology", "image", "runUrl")}
	for m := input.MetricID(0); m < input.NumMetrics; m++ {
		if mask&(1<<m) == 0 || m == input.MTputPerGPU || m == input.MOutputTputPerGPU || m == input.MInputTputPerGPU {
			continue
		}
		c.raw = append(c.raw, m)
		c.names = append(c.names, input.MetricNames[m])
	}
	return c
}

// appendJSONFloat appends v as encoding/json writes a float64: shortest digits, in exponent
// form below 1e-6 and from 1e21, with a one-digit negative exponent unpadded. v is finite
// (the load stage accepts no other).
func appendJSONFloat(b []byte, v float64) []byte {
	format := byte('f')
	if a := math.Abs(v); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, v, format, -1, 64)
	if n := len(b); format == 'e' && n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		b[n-2] = b[n-1]
		b = b[:n-1]
	}
	return b
}

// appendJSONString appends s as encoding/json writes a string. Plain printable ASCII, which is
// what dates and run ids are, is copied as it is; anything else goes through encoding/json.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s) // a string always encodes
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// pointColumns names the columns of seriesData.Points.
var pointColumns = []string{"id", "x", "tpPerGpu", "outputTputPerGpu", "inputTputPerGpu", "conc", "tp", "date", "run"}

// historyData is one older snapshot, written beside the page and fetched on demand.
type historyData struct {
	Date   string       `json:"date"`
	Cols   []string     `json:"cols"`
	Series []seriesData `json:"series"`
}

// renderChart writes a chart page, its downloads and its history.
func (r *siteRenderer) renderChart(w output.Writer, p *Page) error {
	snap := p.Snapshots[0]
	cfg := r.in.Config
	cols := columnsOf(p)

	// The option for the default view: every series and point of the newest snapshot.
	c := charts.Chart{
		ID:    "chart",
		Title: p.Model + " " + p.Sequence,
		XName: p.XAxis.Label,
		YName: p.Metric.Label,
	}
	for _, s := range snap.Series {
		cs := charts.Series{Name: s.Name, Frontier: s.Frontier, Style: charts.StyleFor(s.GPU, s.Framework, s.Spec).WithPrecision(s.Precision)}
		for _, pt := range s.Points {
			cs.Points = append(cs.Points, charts.Point{X: pt.X, Y: pt.Y})
		}
		c.Series = append(c.Series, cs)
	}
	t0 := time.Now()
	option, err := charts.Options(c)
	r.chartNanos.Add(int64(time.Since(t0)))
	if err != nil {
		return fmt.Errorf("chart options: %w", err)
	}

	data := pageData{
		Model: p.Model, Sequence: p.Sequence, Slug: strings.TrimSuffix(p.Path, "/"),
		X:          axisData{Label: p.XAxis.Label, Unit: "tok/s/user"},
		Metric:     p.Metric.Key,
		Metrics:    metricsFor(p, cols),
		GPUs:       map[string]gpuData{},
		Frameworks: map[string]string{},
		Dates:      p.dates(),
		History:    map[string]string{},
		RefX:       cfg.ReferenceX,
		XAxes:      xAxesFor(p, cols, cfg),
		Cols:       cols.names,
		Series:     seriesDataOf(snap.Series, cols),
		Changes:    pageChanges(p, r.changes),
	}
	// GPUs and frameworks of every snapshot: the page script filters history snapshots too.
	for _, snap := range p.Snapshots {
		for _, s := range snap.Series {
			if _, ok := data.GPUs[s.GPU]; !ok {
				g := gpuData{Label: gpuLabel(s), Vendor: s.Vendor, Color: charts.GPUColor(s.GPU)}
				if gc, ok := cfg.GPUs[s.GPU]; ok {
					g.CostPerHour, g.KW = &gc.CostPerHour, &gc.KW
				}
				data.GPUs[s.GPU] = g
			}
			if _, ok := data.Frameworks[s.Framework]; !ok {
				data.Frameworks[s.Framework] = frameworkLabel(s)
			}
		}
	}
	for _, old := range p.Snapshots[1:] {
		name := "history/" + output.Slug(old.Date) + ".json"
		data.History[old.Date] = name
		b, err := json.Marshal(historyData{Date: old.Date, Cols: cols.names, Series: seriesDataOf(old.Series, cols)})
		if err != nil {
			return err
		}
		if err := w.WriteFile(p.Path+name, b); err != nil {
			return err
		}
	}
	dataJSON, err := json.Marshal(data)
	if err != nil {
		return err
	}
	if err := w.WriteFile(p.Path+"page.json", dataJSON); err != nil {
		return err
	}

	cv := &chartPageView{
		Model: p.Model, Sequence: p.Sequence, Date: snap.Date, Dates: data.Dates,
		Oldest:      p.Snapshots[len(p.Snapshots)-1].Date,
		SeriesCount: len(snap.Series),
		Metric:      p.Metric, XAxis: p.XAxis,
		Notes:   template.HTML(p.Notes), // goldmark output: raw HTML in the source is escaped
		Sources: p.Sources,
		Option:  option,
		Data:    dataJSON,
		Raw:     cols.has,
		Changes: data.Changes,
		Columns: columnChoices(cols),
	}
	for _, s := range snap.Series {
		if s.Best {
			cv.Best = append(cv.Best, bestView{s.Name, charts.StyleFor(s.GPU, s.Framework, s.Spec).Color})
		}
		on := frontierSet(s)
		for i, pt := range s.Points {
			cv.PointCount++
			cv.Rows = append(cv.Rows, rowView{
				Series: s.Key, Name: s.Name, Precision: strings.ToUpper(pt.Precision),
				Concurrency: pt.Concurrency, TP: pt.TP,
				X: fmtNum(pt.X), Total: fmtNum(pt.TpPerGpu), Output: fmtNum(pt.OutputTputPerGpu), Input: fmtNum(pt.InputTputPerGpu),
				Frontier: on[i], Date: pt.Date, RunID: pt.RunID, Raw: cols.has,
			})
			if pt.Raw != nil {
				row := &cv.Rows[len(cv.Rows)-1]
				row.Topology, row.Image, row.Link = pt.Raw.Topology.String(), pt.Raw.Image, pt.Raw.Link()
				if row.RunID == "" {
					row.RunID = pt.Raw.RunURL
				}
			}
		}
	}
	cv.RowsHTML = rowsHTML(cv.Rows)
	cv.Compares = r.compareLinks(p)
	cv.setViewState(&data, cfg.ReferenceX)
	v := r.view(p.Path, p.Model+" "+p.Sequence,
		fmt.Sprintf("%s at %s: %s against interactivity for %d configurations, with each one's Pareto frontier.", p.Model, p.Sequence, p.Metric.Label, len(snap.Series)))
	v.Chart = cv
	v.HasCharts = true
	if err := r.execute(w, "chart", p.Path+"index.html", v); err != nil {
		return err
	}
	// The embed: the same chart alone, for an <iframe>. Search engines should list the page,
	// not its embed, and the sitemap and navigation leave it out.
	v.NoIndex, v.Canonical = true, ""
	if len(data.History) > 0 {
		// The embed is a folder below the page: its history snapshots are one level up.
		embedData := data
		embedData.History = make(map[string]string, len(data.History))
		for date, name := range data.History {
			embedData.History[date] = "../" + name
		}
		b, err := json.Marshal(embedData)
		if err != nil {
			return err
		}
		cv.Data = b
	}
	if err := r.execute(w, "embed", p.Path+"embed/index.html", v); err != nil {
		return err
	}
	js, err := downloadJSON(p)
	if err != nil {
		return err
	}
	if err := w.WriteFile(p.Path+"data.json", js); err != nil {
		return err
	}
	if err := w.WriteFile(p.Path+"data.csv", downloadCSV(p, cols)); err != nil {
		return err
	}
	return r.renderCompares(w, p)
}

// dates lists the page's snapshot dates, newest first.
func (p *Page) dates() []string {
	ds := make([]string, len(p.Snapshots))
	for i, s := range p.Snapshots {
		ds[i] = s.Date
	}
	return ds
}

// gpuLabel is the hardware label's GPU part: "B200 (vLLM)" gives "B200".
func gpuLabel(s *PageSeries) string {
	if i := strings.Index(s.Label, " ("); i > 0 {
		return s.Label[:i]
	}
	return strings.ToUpper(s.GPU)
}

// frameworkLabel is the framework as the hardware label names it: "B200 (TRTLLM, MTP)" gives
// "TRTLLM"; the key when the label has no parenthesis.
func frameworkLabel(s *PageSeries) string {
	_, in, ok := strings.Cut(s.Label, " (")
	if in, _, _ = strings.Cut(in, ")"); ok {
		if fw, _, _ := strings.Cut(in, ","); strings.TrimSpace(fw) != "" {
			return strings.TrimSpace(fw)
		}
	}
	return s.Framework
}

// metricsFor lists the y metrics a page offers (charts.YMetrics): the three throughputs, cost
// and throughput per megawatt always (a reader may type the $/GPU-hour and kW the config does
// not give; a series without them is left out of that view), and the measured ones (power,
// energy per token) when a point of the page has them.
func metricsFor(p *Page, cols pageColumns) []metricData {
	var ms []metricData
	for _, m := range charts.YMetrics {
		switch m.Key {
		case "tpPerGpu", "outputTputPerGpu", "inputTputPerGpu", "costPerMTok", "tokPerMW":
		default:
			if !slices.Contains(cols.names, m.Key) {
				continue
			}
		}
		md := metricData{m.Key, m.Label, m.Axis, m.Unit, m.Higher}
		// The dataset's own metric keeps the data's axis name, as the Go-built option has it.
		if m.Key == p.Metric.Key && p.Metric.Label != "" {
			md.Axis = p.Metric.Label
		}
		ms = append(ms, md)
	}
	return ms
}

// xAxisData is one x axis a page offers: Col is the points' column that holds it.
type xAxisData struct {
	Key    string    `json:"key"`
	Col    string    `json:"col"`
	Label  string    `json:"label"`
	Axis   string    `json:"axis"`
	Unit   string    `json:"unit"`
	Higher bool      `json:"higher"`
	Refs   []float64 `json:"refs"`
}

// xAxesFor lists the x axes a page offers (charts.XAxes): the default, the data's own
// interactivity (column x, with the data's axis name and referenceInteractivity), then every
// other one that every point of every snapshot has. The leaders table's references come from
// [reference] in the config when it names the axis.
func xAxesFor(p *Page, cols pageColumns, cfg config.Config) []xAxisData {
	var out []xAxisData
	for _, a := range charts.XAxes {
		x := xAxisData{Key: a.Key, Col: a.Key, Label: a.Label, Axis: a.Axis, Unit: a.Unit, Higher: a.Higher, Refs: a.Refs}
		switch {
		case a.Key == charts.DefaultX:
			x.Col, x.Axis, x.Refs = "x", p.XAxis.Label, cfg.ReferenceX
			if x.Axis == "" {
				x.Axis = a.Axis
			}
		case a.Key == "conc":
		case !cols.everyPointHas(a.Key):
			continue
		}
		if refs, ok := cfg.Reference[a.Key]; ok {
			x.Refs = refs
		}
		out = append(out, x)
	}
	return out
}

// everyPointHas reports whether every point of every snapshot of the page measured a metric.
func (c pageColumns) everyPointHas(name string) bool {
	m, ok := input.MetricByName(name)
	return ok && c.every&(1<<m) != 0
}

func seriesDataOf(series []*PageSeries, cols pageColumns) []seriesData {
	out := make([]seriesData, len(series))
	for i, s := range series {
		st := charts.StyleFor(s.GPU, s.Framework, s.Spec).WithPrecision(s.Precision)
		sd := seriesData{
			Key: s.Key, Name: s.Name, HW: s.HWKey, GPU: s.GPU, Vendor: s.Vendor, Framework: s.Framework,
			Spec: s.Spec, Precision: s.Precision, Label: s.Label, Color: st.Color, Symbol: st.Symbol, Dash: st.Dash,
			Hollow: st.Hollow, Fill: st.Fill, Best: s.Best, Date: s.Date, Frontier: s.Frontier, Points: pointsJSON{s.Points, cols.raw, cols.has},
			Deploy: s.Deployment,
		}
		if sd.Frontier == nil {
			sd.Frontier = []int{}
		}
		out[i] = sd
	}
	return out
}

// rowsHTML writes the points table's rows, as chart.html would with a range over Rows, escaping
// every string as html/template does in text and in quoted attributes. A chart page of a big
// site has hundreds of rows of eleven cells, and executing them through the template (reflection
// for every cell) took a fifth of the build.
func rowsHTML(rows []rowView) template.HTML {
	var b strings.Builder
	b.Grow(len(rows) * 320)
	td := func(class, text string) {
		b.WriteString("<td")
		b.WriteString(class)
		b.WriteString(">")
		htmlEscaper.WriteString(&b, text)
		b.WriteString("</td>")
	}
	for _, r := range rows {
		b.WriteString("\n<tr data-series=\"")
		htmlEscaper.WriteString(&b, r.Series)
		b.WriteString("\">")
		td("", r.Name)
		td("", r.Precision)
		td(` class="num"`, strconv.FormatInt(r.Concurrency, 10))
		td(` class="num"`, strconv.FormatInt(r.TP, 10))
		td(` class="num"`, r.X)
		td(` class="num"`, r.Total)
		td(` class="num"`, r.Output)
		td(` class="num"`, r.Input)
		if r.Frontier {
			td("", "yes")
		} else {
			td("", "")
		}
		td("", r.Date)
		if r.Raw {
			td("", r.Topology)
			td("", r.Image)
		}
		if r.Link != "" {
			b.WriteString("<td><a href=\"")
			htmlEscaper.WriteString(&b, normalizeURL(r.Link))
			b.WriteString("\" rel=\"nofollow noopener\">")
			htmlEscaper.WriteString(&b, r.RunID)
			b.WriteString("</a></td>")
		} else {
			td("", r.RunID)
		}
		b.WriteString("</tr>")
	}
	return template.HTML(b.String())
}

// normalizeURL percent-encodes the bytes of s that may not appear in a URL as html/template
// does for a URL in an attribute: letters, digits, the unreserved marks, the reserved
// delimiters and well-formed escapes stay; quotes, parentheses, spaces, controls and non-ASCII
// bytes become %xx. The caller has already chosen the scheme (input.RawPoint.Link is https only).
func normalizeURL(s string) string {
	const hex = "0123456789abcdef"
	var b []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		keep := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			strings.IndexByte("-._~!#$&*+,/:;=?@[]", c) >= 0 ||
			// an escape stays when two hex digits follow and something follows them
			// (html/template's own test is i+2 < len(s), so an escape that ends s is redone)
			c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2])
		if keep {
			if b != nil {
				b = append(b, c)
			}
			continue
		}
		if b == nil {
			b = append(make([]byte, 0, len(s)+8), s[:i]...)
		}
		b = append(b, '%', hex[c>>4], hex[c&15])
	}
	if b == nil {
		return s
	}
	return string(b)
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// htmlEscaper escapes text as html/template does in element content and in quoted attribute
// values: the five characters with meaning in HTML, plus '+' (UTF-7) and NUL.
var htmlEscaper = strings.NewReplacer("\x00", "\uFFFD", `"`, "&#34;", "&", "&amp;", "'", "&#39;", "+", "&#43;", "<", "&lt;", ">", "&gt;")

func frontierSet(s *PageSeries) map[int]bool {
	on := make(map[int]bool, len(s.Frontier))
	for _, i := range s.Frontier {
		on[i] = true
	}
	return on
}

// fmtNum shows a measurement as a reader reads it: 4 significant digits, at most 2 decimals,
// thousands grouped from 10,000 (tokens per MW run into millions), "" for NaN and infinities.
// The page script's fmtNum (templates/script/format.js) is its twin: the table the build
// writes and the one the script redraws must not differ (twins_test.go checks both).
func fmtNum(v float64) string {
	switch a := math.Abs(v); {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return ""
	case a >= 1e4:
		s := strconv.FormatFloat(v, 'f', 0, 64)
		digits := strings.TrimPrefix(s, "-")
		var b strings.Builder
		b.WriteString(s[:len(s)-len(digits)])
		for i, c := range digits {
			if i > 0 && (len(digits)-i)%3 == 0 {
				b.WriteByte(',')
			}
			b.WriteRune(c)
		}
		return b.String()
	case a >= 1000:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case a >= 100:
		return strconv.FormatFloat(v, 'f', 1, 64)
	default:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
}

// downloadPoint is one point of data.json, with every field the input had.
type downloadPoint struct {
	ID          int64           `json:"id"`
	Precision   string          `json:"precision"`
	X           float64         `json:"x"`
	Y           float64         `json:"y"`
	Concurrency int64           `json:"concurrency"`
	TP          int64           `json:"tp"`
	Date        string          `json:"date"`
	RunID       string          `json:"runId"`
	Frontier    bool            `json:"frontier"`
	Topology    string          `json:"topology,omitempty"`
	Image       string          `json:"image,omitempty"`
	RunURL      string          `json:"runUrl,omitempty"`
	Metrics     downloadMetrics `json:"metrics"`
}

// downloadMetrics are a point's throughputs, in the key order a map would have (sorted), without
// a map per point.
type downloadMetrics struct {
	InputTputPerGpu  float64
	OutputTputPerGpu float64
	TpPerGpu         float64
	Raw              *input.RawPoint // every metric a raw result measured, by InferenceX's names
}

// downloadKeys are data.json's metric keys in sorted order, as a map's would be: the view's
// three throughputs (ids -3 to -1) among the raw catalog's names (ids 0 up).
var downloadKeys = func() []int {
	names := func(i int) string {
		if i < 0 {
			return [...]string{"inputTputPerGpu", "outputTputPerGpu", "tpPerGpu"}[i+3]
		}
		return input.MetricNames[i]
	}
	ids := []int{-3, -2, -1}
	for i := range int(input.NumMetrics) {
		ids = append(ids, i)
	}
	slices.SortFunc(ids, func(a, b int) int { return strings.Compare(names(a), names(b)) })
	return ids
}()

// MarshalJSON writes the metrics as one object, keys sorted as a map's would be.
func (m downloadMetrics) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 64+24*int(input.NumMetrics))
	b = append(b, '{')
	first := true
	for _, id := range downloadKeys {
		var v float64
		var name string
		switch {
		case id < 0:
			v, name = [...]float64{m.InputTputPerGpu, m.OutputTputPerGpu, m.TpPerGpu}[id+3], [...]string{"inputTputPerGpu", "outputTputPerGpu", "tpPerGpu"}[id+3]
		case m.Raw != nil && m.Raw.Metrics.Has(input.MetricID(id)):
			v, _ = m.Raw.Metrics.Get(input.MetricID(id))
			name = input.MetricNames[id]
		default:
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = appendJSONString(b, name)
		b = append(b, ':')
		b = appendJSONFloat(b, v)
	}
	return append(b, '}'), nil
}

type downloadSeries struct {
	Key       string          `json:"key"`
	Name      string          `json:"name"`
	HWKey     string          `json:"hwKey"`
	GPU       string          `json:"gpu"`
	Vendor    string          `json:"vendor"`
	Framework string          `json:"framework"`
	Spec      string          `json:"specMethod"`
	Precision string          `json:"precision"`
	Label     string          `json:"label"`
	Best      bool            `json:"bestPerGpu"`
	Date      string          `json:"date"`
	Points    []downloadPoint `json:"points"`
}

// downloadJSON is data.json: every point the page shows, full precision, frontier as computed.
func downloadJSON(p *Page) ([]byte, error) {
	snap := p.Snapshots[0]
	doc := struct {
		Model    string           `json:"model"`
		Sequence string           `json:"sequence"`
		Date     string           `json:"date"`
		Metric   input.Metric     `json:"metric"`
		XAxis    input.XAxis      `json:"xAxis"`
		Series   []downloadSeries `json:"series"`
	}{Model: p.Model, Sequence: p.Sequence, Date: snap.Date, Metric: p.Metric, XAxis: p.XAxis}
	for _, s := range snap.Series {
		ds := downloadSeries{Key: s.Key, Name: s.Name, HWKey: s.HWKey, GPU: s.GPU, Vendor: s.Vendor, Framework: s.Framework,
			Spec: s.Spec, Precision: s.Precision, Label: s.Label, Best: s.Best, Date: s.Date, Points: []downloadPoint{}}
		on := frontierSet(s)
		for i, pt := range s.Points {
			dp := downloadPoint{
				ID: pt.ID, Precision: pt.Precision, X: pt.X, Y: pt.Y, Concurrency: pt.Concurrency, TP: pt.TP,
				Date: pt.Date, RunID: pt.RunID, Frontier: on[i],
				Metrics: downloadMetrics{InputTputPerGpu: pt.InputTputPerGpu, OutputTputPerGpu: pt.OutputTputPerGpu, TpPerGpu: pt.TpPerGpu, Raw: pt.Raw},
			}
			if pt.Raw != nil {
				dp.Topology, dp.Image, dp.RunURL = pt.Raw.Topology.String(), pt.Raw.Image, pt.Raw.RunURL
			}
			ds.Points = append(ds.Points, dp)
		}
		doc.Series = append(doc.Series, ds)
	}
	// Compact: a download for tools (jq pretty-prints it); indenting cost 5% of a large build
	// and a quarter of the file.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// csvHeader is data.csv's first row.
var csvHeader = []string{"model", "sequence", "series", "hwKey", "gpu", "vendor", "framework", "specMethod", "precision",
	"id", "concurrency", "tp", "x", "y", "tpPerGpu", "outputTputPerGpu", "inputTputPerGpu", "frontier", "bestPerGpu", "date", "runId"}

// downloadCSV is data.csv: one row per point shown, text cells neutralised against formula injection.
// A page with raw results adds topology, image and runUrl, then a column per metric its points
// have (every snapshot's, as page.json: cols is columnsOf(p)), empty where a point lacks it.
func downloadCSV(p *Page, cols pageColumns) []byte {
	var buf bytes.Buffer
	cw := csv.NewWriter(&buf)
	header := csvHeader
	if cols.has {
		header = append(slices.Clip(csvHeader), cols.names[len(pointColumns):]...)
	}
	cw.Write(header)
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for _, s := range p.Snapshots[0].Series {
		on := frontierSet(s)
		for i, pt := range s.Points {
			rec := []string{
				CSVText(p.Model), CSVText(p.Sequence), CSVText(s.Name), CSVText(s.HWKey), CSVText(s.GPU), CSVText(s.Vendor),
				CSVText(s.Framework), CSVText(s.Spec), CSVText(pt.Precision),
				strconv.FormatInt(pt.ID, 10), strconv.FormatInt(pt.Concurrency, 10), strconv.FormatInt(pt.TP, 10),
				f(pt.X), f(pt.Y), f(pt.TpPerGpu), f(pt.OutputTputPerGpu), f(pt.InputTputPerGpu),
				strconv.FormatBool(on[i]), strconv.FormatBool(s.Best), CSVText(pt.Date), CSVText(pt.RunID),
			}
			if cols.has {
				var raw input.RawPoint
				topo := ""
				if pt.Raw != nil {
					raw, topo = *pt.Raw, pt.Raw.Topology.String()
				}
				rec = append(rec, CSVText(topo), CSVText(raw.Image), CSVText(raw.RunURL))
				for _, m := range cols.raw {
					if v, ok := raw.Metrics.Get(m); ok {
						rec = append(rec, f(v))
					} else {
						rec = append(rec, "")
					}
				}
			}
			cw.Write(rec)
		}
	}
	cw.Flush()
	return buf.Bytes()
}

// CSVText neutralises a text cell that a spreadsheet would run as a formula (one starting with
// =, +, -, @, a tab or a carriage return) by prefixing a single quote, as OWASP advises.
func CSVText(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// snapshotHeadline is a snapshot's best frontier value at the reference interactivity, and who
// holds it: the home page's headline figure, compared across dates by the home page and the feed.
func snapshotHeadline(snap *Snapshot, x float64) (value float64, leader string, ok bool) {
	for _, s := range snap.Series {
		xs, ys := make([]float64, len(s.Frontier)), make([]float64, len(s.Frontier))
		for i, j := range s.Frontier {
			xs[i], ys[i] = s.Points[j].X, s.Points[j].Y
		}
		if v, in := pareto.ValueAt(xs, ys, x); in && (!ok || v > value) {
			value, leader, ok = v, s.Name, true
		}
	}
	return value, leader, ok
}
