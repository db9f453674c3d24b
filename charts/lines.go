package charts

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"
)

// LineChart is a chart of a few lines over one value x axis, such as a compare page's two GPU
// curves or their ratio: no zoom, a legend in a row along the top, a tooltip per x.
type LineChart struct {
	ID           string // the go-echarts chart id and the saved PNG's name; required
	XName, YName string
	Lines        []Line // in legend order; names unique and non-empty
	Aria         string // the screen-reader description; empty lets ECharts write one
}

// Line is one line of a LineChart: Points joined in the order given, and Marks, when there are
// any, drawn as markers under the same name (the measured points a curve passes through), so
// one legend entry shows or hides both.
type Line struct {
	Name   string
	Color  string // #rgb or #rrggbb
	Dash   string // "solid", "dashed" or "dotted"; empty is solid
	Width  float64
	Points []Point
	Marks  []Point
	// Marked gives the line its markers' series even without Marks: LineLayout's lines have
	// no points yet.
	Marked bool
}

// The grid of a LineChart leaves room for a one-row legend above the plot.
const lineGridLeft, lineGridRight, lineGridTop, lineGridBottom = "64", "24", "40", "52"

// LineOptions returns the ECharts option for c as compact JSON, every value rounded to 6
// significant digits, no JavaScript in it (the page script attaches the tooltip's formatter).
// The error lists every problem: empty or repeated names, a bad colour or dash, non-finite values.
func LineOptions(c LineChart) ([]byte, error) {
	var errs []error
	bad := func(format string, a ...any) {
		errs = append(errs, fmt.Errorf("chart %q: "+format, append([]any{c.ID}, a...)...))
	}
	if c.ID == "" {
		bad("no id")
	}
	seen := map[string]bool{}
	for i, l := range c.Lines {
		switch {
		case l.Name == "":
			bad("line %d: empty name", i)
		case seen[l.Name]:
			bad("line %d: name %q repeats", i, l.Name)
		}
		seen[l.Name] = true
		if !validColor(l.Color) {
			bad("line %q: color %q: want #rgb, #rrggbb or #rrggbbaa", l.Name, l.Color)
		}
		if l.Dash != "" && !dashes[l.Dash] {
			bad("line %q: dash %q: want solid, dashed or dotted", l.Name, l.Dash)
		}
		for k, p := range append(append([]Point(nil), l.Points...), l.Marks...) {
			if !finite(p.X) || !finite(p.Y) {
				bad("line %q: point %d: want finite numbers, got x=%v y=%v", l.Name, k, p.X, p.Y)
			}
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}

	chart := charts.NewLine()
	colors := opts.Colors{}
	names := make([]string, 0, len(c.Lines))
	for _, l := range c.Lines {
		colors = append(colors, l.Color)
		names = append(names, l.Name)
	}
	if len(colors) == 0 {
		colors = opts.Colors{fallbackColors[0]}
	}
	chart.SetGlobalOptions(
		charts.WithInitializationOpts(opts.Initialization{ChartID: c.ID}),
		charts.WithAnimation(false),
		charts.WithColorsOpts(colors),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Type: "plain", Left: lineGridLeft, Top: "4", Data: names}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis"}),
		charts.WithXAxisOpts(opts.XAxis{Type: "value", Name: c.XName, NameLocation: "middle", NameGap: 30}),
		charts.WithYAxisOpts(opts.YAxis{Type: "value", Name: c.YName, NameLocation: "middle", NameGap: 52}),
		charts.WithGridOpts(opts.Grid{Left: lineGridLeft, Right: lineGridRight, Top: lineGridTop, Bottom: lineGridBottom}),
		charts.WithAriaOpts(aria(c.Aria)),
	)
	// Markers first: the legend draws an entry from the first series of its name.
	for _, l := range c.Lines {
		if len(l.Marks) == 0 && !l.Marked {
			continue
		}
		s := charts.SingleSeries{Name: l.Name, Type: types.ChartScatter}
		s.ConfigureSeriesOpts(
			withData(points(l.Marks, false, false)),
			charts.WithScatterChartOpts(opts.ScatterChart{Symbol: "circle", SymbolSize: 7}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: l.Color}),
		)
		chart.MultiSeries = append(chart.MultiSeries, s)
	}
	for _, l := range c.Lines {
		width := l.Width
		if width == 0 {
			width = frontierWidth
		}
		dash := l.Dash
		if dash == "" {
			dash = "solid"
		}
		s := charts.SingleSeries{Name: l.Name, Type: types.ChartLine}
		s.ConfigureSeriesOpts(
			withData(points(l.Points, false, false)),
			charts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(false), Smooth: opts.Bool(false)}),
			charts.WithLineStyleOpts(opts.LineStyle{Color: l.Color, Width: float32(width), Type: dash}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: l.Color}),
		)
		chart.MultiSeries = append(chart.MultiSeries, s)
	}
	chart.Validate()
	out, err := json.Marshal(chart.JSON())
	if err != nil {
		return nil, fmt.Errorf("chart %q: encode option: %w", c.ID, err)
	}
	return unmarkFuncs(out), nil
}

// LineLayout is LineOptions without the data, for a page kind whose charts differ only in
// their lines' names, colours and points and in the axes' names (the compare pages: thousands
// of them, two charts each): go-echarts builds the layout once, and each page carries only
// its data, which the page script puts in. Every series is named by the index of its line in
// c.Lines ("0", "1", ...), so the script knows whose name, colour and points it takes; the
// scatter series of a line (Marks, or Marked) come first, as in LineOptions. Names may be
// empty; colours are the layout's defaults.
func LineLayout(c LineChart) ([]byte, error) {
	lines := make([]Line, len(c.Lines))
	for i, l := range c.Lines {
		lines[i] = Line{Name: strconv.Itoa(i), Color: l.Color, Dash: l.Dash, Width: l.Width, Marked: l.Marked || len(l.Marks) > 0}
	}
	c.Lines = lines
	return LineOptions(c) // no points: each series' data is []
}
