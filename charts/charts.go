// Package charts turns a chart page's series into the Apache ECharts option for its
// default view (Options), built with go-echarts and returned as JSON bytes. It also holds the
// chart vocabulary the build and the page script share: the quantities a chart can put on an
// axis (XAxes, YMetrics, DefaultX; axes.go), how each series looks (StyleFor, GPUColor;
// style.go) and Round6, the rounding of every number a page carries (round.go).
//
// It uses go-echarts only to build the option (Validate, then JSON), never its page
// rendering: that path pastes options into a script unescaped, turns any string wrapped in
// its "__f__" marker into live JavaScript, and names charts from the clock. Here the option
// is plain JSON data: no functions (the page script attaches formatters), no "__f__" byte
// sequence even when a series name contains one, every map key sorted by encoding/json, so
// the same chart gives the same bytes on every build. The site embeds those bytes through
// html/template in a <script type="application/json"> block.
//
// The package never imports site and does no I/O: it sees plain values (Chart, Series,
// Point) and knows nothing of datasets, snapshots or files.
package charts

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"
)

// Chart is one chart as the page shows it by default.
type Chart struct {
	// ID names the chart: the go-echarts chart id (so it is never drawn from the clock) and
	// the file name of the PNG the toolbox saves. Empty means "chart".
	ID    string
	Title string // drawn at the top left, and part of the saved PNG; may be empty

	XName, YName string // axis names, e.g. the data's xAxis.label and metric.label
	LogX, LogY   bool   // logarithmic axes instead of linear ones

	// Series in legend order. Names must be unique and non-empty: the legend toggles a
	// series' points and its frontier line together by name.
	Series []Series

	// Hidden names series the default view leaves off (legend.selected false), e.g. other
	// precisions or series that are not best per GPU; they stay in the option so tools and
	// tests can count every series, and one legend click shows them.
	Hidden []string

	// Aria is the screen-reader description of the chart. Empty lets ECharts generate one
	// from the series (aria is enabled either way).
	Aria string
}

// Series is one hardware+framework configuration: its measured points and its frontier.
type Series struct {
	Name string // legend name, e.g. "B200 (TRTLLM, MTP)"
	// Key, when set, is the id of the scatter series, and Key+"/frontier" the id of its
	// frontier line, so the page script can address or merge series by id. Keys must be
	// unique when set.
	Key string

	GPU, Framework, Spec string // pick the Style when Style is zero

	// Points in the order the page data lists them, so an ECharts dataIndex is also an
	// index into the page data's points.
	Points []Point

	// Frontier holds indices into Points of the frontier points; the line joins them in x
	// order (they are sorted by x here, stably, if they are not already).
	Frontier []int

	// Style of the series; the zero Style means StyleFor(GPU, Framework, Spec), and empty
	// fields of a partly set Style are taken from it too.
	Style Style
}

// Point is one measurement: x interactivity (tok/s/user), y the chosen metric. X is NaN for a
// point with no median interactivity (its file gives no median TPOT): it is kept in the
// series, written as [null, y], which ECharts does not draw, and never on its frontier. Y is
// NaN for a point that did not measure the metric (a total throughput a run counted no input
// tokens for): [x, null], likewise.
type Point struct {
	X, Y float64
}

// Layout, in pixels. The legend is a vertical scrolling list at the right: with 11 to 25
// series every name stays readable in a column (a horizontal legend would need several
// rows or pages), and the plot keeps its full height. ECharts 6 keeps axis labels and names
// inside the canvas on its own (grid.outerBounds), so no containLabel.
const (
	gridLeft, gridRight, gridTop, gridBottom = "64", "200", "56", "110"
	legendHeight                             = "68%"
	legendItemGap                            = 6
	legendTextWidth                          = 150 // longer names are truncated with an ellipsis; the legend tooltip shows them whole
	markerSize                               = 8
	frontierWidth                            = 2
)

// Options returns the ECharts option for c as compact JSON: for each series a "scatter"
// series of its points and a "line" series of the same name through its frontier, every
// scatter series before every line series. The error lists every problem found (empty
// or repeated names and keys, unknown hidden names, non-finite values, frontier indices
// out of range, invalid styles).
//
// Values are rounded to 6 significant digits (Round6). On a log axis a value <= 0 cannot
// be placed, so it is written as null (ECharts leaves the point out) rather than dropped,
// which keeps data indices aligned with the page data.
func Options(c Chart) ([]byte, error) {
	id := c.ID
	if id == "" {
		id = "chart"
	}
	series, err := checked(id, c)
	if err != nil {
		return nil, err
	}

	chart := charts.NewScatter()
	chart.SetGlobalOptions(
		// An explicit id: go-echarts would otherwise draw one from math/rand.
		charts.WithInitializationOpts(opts.Initialization{ChartID: id}),
		charts.WithAnimation(false),
		charts.WithColorsOpts(palette(series)),
		charts.WithTitleOpts(opts.Title{Title: c.Title, Left: "12", Top: "8"}),
		charts.WithLegendOpts(legend(c, series)),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "item"}),
		charts.WithToolboxOpts(opts.Toolbox{
			Show:  opts.Bool(true),
			Right: "12",
			Top:   "8",
			Feature: &opts.ToolBoxFeature{
				SaveAsImage: &opts.ToolBoxFeatureSaveAsImage{Show: opts.Bool(true), Type: "png", Name: id, Title: "Save as PNG"},
				Restore:     &opts.ToolBoxFeatureRestore{Show: opts.Bool(true), Title: "Reset zoom"},
			},
		}),
		// Zoom never filters data: a filtered frontier line would lose its segments at the
		// window's edges. The y axis zooms with the wheel too (inside); the x axis also has a
		// slider under the plot.
		charts.WithDataZoomOpts(
			opts.DataZoom{Type: "inside", XAxisIndex: 0, FilterMode: "none"},
			opts.DataZoom{Type: "slider", XAxisIndex: 0, FilterMode: "none"},
			opts.DataZoom{Type: "inside", YAxisIndex: 0, FilterMode: "none"},
		),
		charts.WithXAxisOpts(opts.XAxis{Type: axisType(c.LogX), Name: c.XName, NameLocation: "middle", NameGap: 30}),
		charts.WithYAxisOpts(opts.YAxis{Type: axisType(c.LogY), Name: c.YName, NameLocation: "middle", NameGap: 52}),
		charts.WithGridOpts(opts.Grid{Left: gridLeft, Right: gridRight, Top: gridTop, Bottom: gridBottom}),
		charts.WithAriaOpts(aria(c.Aria)),
	)

	// Scatter series come first: the legend draws each entry from the first series of that
	// name, so the legend shows the marker (symbol, colour, hollow) rather than a line.
	chart.MultiSeries = make(charts.MultiSeries, 0, 2*len(series))
	for _, s := range series {
		chart.AddSeries(s.Name, nil,
			withData(points(s.Points, c.LogX, c.LogY)),
			charts.WithSeriesId(s.Key),
			charts.WithScatterChartOpts(opts.ScatterChart{Symbol: s.Style.Symbol, SymbolSize: markerSize}),
			charts.WithItemStyleOpts(markerStyle(s.Style)),
		)
	}
	for _, s := range series {
		// Configured with go-echarts' own series options, but not added through a second
		// charts.Line and Overlap: Line.AddSeries runs a reflection pass over each series
		// (defaults we do not use) that cost a fifth of Options' time.
		line := charts.SingleSeries{Name: s.Name, Type: types.ChartLine}
		if s.Key != "" {
			line.Id = s.Key + "/frontier"
		}
		line.ConfigureSeriesOpts(
			withData(points(frontierPoints(s), c.LogX, c.LogY)),
			charts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(false), Smooth: opts.Bool(false)}),
			charts.WithLineStyleOpts(lineStyle(s.Style)),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: s.Style.Color}),
		)
		chart.MultiSeries = append(chart.MultiSeries, line)
	}
	chart.Accept(visitor{})
	chart.Validate()

	out, err := json.Marshal(chart.JSON())
	if err != nil {
		return nil, fmt.Errorf("chart %q: encode option: %w", id, err)
	}
	return unmarkFuncs(out), nil
}

// checked validates c and returns its series with every style filled in.
func checked(id string, c Chart) ([]Series, error) {
	var errs []error
	bad := func(format string, a ...any) {
		errs = append(errs, fmt.Errorf("chart %q: "+format, append([]any{id}, a...)...))
	}
	names := make(map[string]int, len(c.Series))
	keys := make(map[string]int, len(c.Series))
	out := make([]Series, len(c.Series))
	for i, s := range c.Series {
		switch j, dup := names[s.Name]; {
		case s.Name == "":
			bad("series %d: empty name", i)
		case dup:
			bad("series %d: name %q repeats series %d (legend entries go by name)", i, s.Name, j)
		default:
			names[s.Name] = i
		}
		if s.Key != "" {
			if j, dup := keys[s.Key]; dup {
				bad("series %q: key %q repeats series %d", s.Name, s.Key, j)
			} else {
				keys[s.Key] = i
			}
		}
		for k, p := range s.Points {
			if math.IsInf(p.X, 0) || math.IsInf(p.Y, 0) {
				bad("series %q: point %d: want finite numbers (x and y may be absent: NaN), got x=%v y=%v", s.Name, k, p.X, p.Y)
			}
		}
		for k, f := range s.Frontier {
			switch {
			case f < 0 || f >= len(s.Points):
				bad("series %q: frontier[%d]: index %d out of range (%d points)", s.Name, k, f, len(s.Points))
			case math.IsNaN(s.Points[f].X):
				bad("series %q: frontier[%d]: point %d has no x", s.Name, k, f)
			case math.IsNaN(s.Points[f].Y):
				bad("series %q: frontier[%d]: point %d has no y", s.Name, k, f)
			}
		}
		s.Style = filled(s)
		if !validColor(s.Style.Color) {
			bad("series %q: style color %q: want #rgb, #rrggbb or #rrggbbaa", s.Name, s.Style.Color)
		}
		if !symbols[s.Style.Symbol] {
			bad("series %q: style symbol %q: want a built-in ECharts symbol", s.Name, s.Style.Symbol)
		}
		if s.Style.Fill != "" && !validColor(s.Style.Fill) {
			bad("series %q: style fill %q: want #rgb, #rrggbb or #rrggbbaa", s.Name, s.Style.Fill)
		}
		if !dashes[s.Style.Dash] {
			bad("series %q: style dash %q: want solid, dashed or dotted", s.Name, s.Style.Dash)
		}
		out[i] = s
	}
	for _, h := range c.Hidden {
		if _, ok := names[h]; !ok {
			bad("hidden %q: no series has that name", h)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return out, nil
}

// filled is s.Style with its empty fields taken from StyleFor.
func filled(s Series) Style {
	def := StyleFor(s.GPU, s.Framework, s.Spec)
	st := s.Style
	if st == (Style{}) {
		return def
	}
	if st.Color == "" {
		st.Color = def.Color
	}
	if st.Symbol == "" {
		st.Symbol = def.Symbol
	}
	if st.Dash == "" {
		st.Dash = def.Dash
	}
	return st
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// frontierPoints are s's frontier points in x order (stable for equal x).
func frontierPoints(s Series) []Point {
	ps := make([]Point, len(s.Frontier))
	for i, f := range s.Frontier {
		ps[i] = s.Points[f]
	}
	slices.SortStableFunc(ps, func(a, b Point) int { return cmp.Compare(a.X, b.X) }) // Options took only finite points
	return ps
}

// points is the series data as [[x, y], ...], rounded. When a log axis must drop a value, or
// a point has no x or no y (NaN), the items become []any so that value can be null.
func points(ps []Point, logX, logY bool) any {
	pairs := make([][2]float64, len(ps))
	needNull := false
	for i, p := range ps {
		pairs[i] = [2]float64{Round6(p.X), Round6(p.Y)}
		needNull = needNull || math.IsNaN(p.X) || math.IsNaN(p.Y) || (logX && p.X <= 0) || (logY && p.Y <= 0)
	}
	if !needNull {
		return pairs
	}
	items := make([]any, len(pairs))
	for i, p := range pairs {
		v := [2]any{p[0], p[1]}
		if math.IsNaN(p[0]) || logX && p[0] <= 0 {
			v[0] = nil
		}
		if math.IsNaN(p[1]) || logY && p[1] <= 0 {
			v[1] = nil
		}
		items[i] = v
	}
	return items
}

// withData sets the series data directly: go-echarts' ScatterData and LineData would wrap
// every point as {"value": [x, y]}, a third more bytes for the same chart.
func withData(data any) charts.SeriesOpts {
	return charts.WithSeriesOpts(func(s *charts.SingleSeries) { s.Data = data })
}

// markerStyle fills a marker with its colour, or for a hollow one draws only the outline, or
// for a tinted one (Fill) fills it lightly inside an outline of its colour. The page script's
// markerStyle (templates/script/option.js) is its twin, and lineStyle's: twins.json's
// markerStyle cases hold both.
func markerStyle(st Style) opts.ItemStyle {
	if st.Hollow {
		return opts.ItemStyle{Color: "transparent", BorderColor: st.LineColor(), BorderWidth: 1.5}
	}
	if st.Fill != "" {
		return opts.ItemStyle{Color: st.Fill, BorderColor: st.Color, BorderWidth: 1.5}
	}
	return opts.ItemStyle{Color: st.Color}
}

// lineStyle draws a frontier line in its colour (LineColor), solid, dashed or dotted as Dash says.
func lineStyle(st Style) opts.LineStyle {
	return opts.LineStyle{Color: st.LineColor(), Width: frontierWidth, Type: st.Dash}
}

// palette is the option's colour list: our series colours in order of first use, for
// anything the page script adds without a colour of its own (go-echarts would otherwise
// write its own default palette).
func palette(series []Series) opts.Colors {
	var cs opts.Colors
	for _, s := range series {
		if !slices.Contains(cs, s.Style.Color) {
			cs = append(cs, s.Style.Color)
		}
	}
	if len(cs) == 0 {
		cs = opts.Colors{fallbackColors[0]}
	}
	return cs
}

func legend(c Chart, series []Series) opts.Legend {
	l := opts.Legend{
		Type:   "scroll",
		Show:   opts.Bool(true),
		Orient: "vertical",
		Right:  "8",
		Top:    gridTop,
		// Not Bottom: a scroll legend keeps only one of top and bottom (ECharts 6.1
		// merges its layout with ignoreSize), so its length is a share of the chart's height,
		// which ends it above the zoom slider for charts 400 to 800 px high.
		Height:    legendHeight,
		TextStyle: &opts.TextStyle{Width: legendTextWidth, Overflow: "truncate"},
	}
	if len(c.Hidden) > 0 {
		l.Selected = make(map[string]bool, len(c.Hidden))
		for _, h := range c.Hidden {
			l.Selected[h] = false
		}
	}
	return l
}

func axisType(log bool) string {
	if log {
		return "log"
	}
	return "value"
}

func aria(desc string) *opts.Aria {
	a := &opts.Aria{Enabled: opts.Bool(true)}
	if desc != "" {
		a.Label = &opts.AriaLabel{Enabled: opts.Bool(true), Description: desc}
	}
	return a
}

// visitor adds the option keys go-echarts has no field for, through its own hook for that
// (ConfigurationVisitor), so the option is still built by go-echarts in one pass:
//   - frontier lines get z 1 (under the markers, which have ECharts' default z 2) and
//     silent true (hovering a line neither highlights it nor opens a tooltip; the tooltip
//     is about measured points);
//   - the legend gets tooltip.show, so names truncated in the legend can be read whole, and
//     itemGap 6 (ECharts' default is 10), so a column shows a few more of 25 entries.
type visitor struct {
	charts.BaseConfigurationVisitor
}

// frontierLine is a line series plus the keys go-echarts lacks.
type frontierLine struct {
	*charts.SingleSeries
	Z      int  `json:"z"`
	Silent bool `json:"silent"`
}

type legendWithTooltip struct {
	opts.Legend
	ItemGap int `json:"itemGap"`
	Tooltip struct {
		Show bool `json:"show"`
	} `json:"tooltip"`
}

func (visitor) VisitSeriesOpt(ms charts.MultiSeries) any {
	out := make([]any, len(ms))
	for i := range ms {
		// Pointers: a SingleSeries is a large struct, and the option only reads it.
		if s := &ms[i]; s.Type == types.ChartLine {
			out[i] = frontierLine{SingleSeries: s, Z: 1, Silent: true}
		} else {
			out[i] = s
		}
	}
	return out
}

func (visitor) VisitLegendOpt(l opts.Legend) any {
	v := legendWithTooltip{Legend: l, ItemGap: legendItemGap}
	v.Tooltip.Show = true
	return v
}

// funcMarker is go-echarts' marker for "this string is JavaScript"; its renderer unquotes
// whatever sits between two of them.
var funcMarker = []byte("__f__")

// unmarkFuncs makes sure no "__f__" byte sequence is left in the option, even inside a
// series name that contains one, so no later go-echarts-style rendering could ever turn
// data into code. It writes one underscore of each as the JSON escape \u005f: the same
// string once parsed, different bytes. An underscore in encoding/json output is always a
// literal character inside a string (never part of an escape, number or keyword), so the
// substitution is always valid JSON. Each pass removes literal underscores, so the loop
// ends; it only runs at all for names that contain the marker.
func unmarkFuncs(b []byte) []byte {
	for bytes.Contains(b, funcMarker) {
		b = bytes.ReplaceAll(b, funcMarker, []byte(`\u005f_f__`))
	}
	return b
}
