package render

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/input"
)

// The JSON a chart page carries for the page script (#page-data, history/<date>.json) and its
// downloads are a contract between Go and JavaScript; these names let tests outside the package
// decode and measure them as a reader's browser would.

// PointColumns are the columns of each point in PageData and HistoryData, in order.
func PointColumns() []string { return slices.Clone(pointColumns) }

// PageData is the page script's model of a chart page (see templates/script/model.js). The
// page embeds it as #page-data and writes it beside itself as page.json, which markdown chart
// blocks fetch to draw the same chart.
type PageData struct {
	Model    string             `json:"model"`
	Sequence string             `json:"sequence"`
	Slug     string             `json:"slug"`
	X        AxisData           `json:"x"`
	Metric   string             `json:"metric"`
	Metrics  []MetricData       `json:"metrics"`
	GPUs     map[string]GPUData `json:"gpus"`
	// Frameworks maps each framework key to the name readers know it by ("trt": "TRTLLM"),
	// for the framework filter's labels.
	Frameworks map[string]string `json:"frameworks"`
	Dates      []string          `json:"dates"`
	History    map[string]string `json:"history"`
	RefX       []float64         `json:"refX"`
	Cols       []string          `json:"cols"` // the columns of every series' points
	Series     []SeriesData      `json:"series"`
	// Changes are the changelog's entries for this page's series, for the trend chart.
	Changes []ChangeData `json:"changes,omitempty"`
	// XAxes are the x axes the page offers, the default first (xAxesFor).
	XAxes []XAxisData `json:"xAxes"`
}

type AxisData struct {
	Label string `json:"label"`
	Unit  string `json:"unit"`
}

// MetricData is one y metric the page offers. Label is short, for the metric menu; Axis is
// the axis name, with the unit.
type MetricData struct {
	Key    string `json:"key"`
	Label  string `json:"label"`
	Axis   string `json:"axis"`
	Unit   string `json:"unit"`
	Higher bool   `json:"higher"` // false when lower is better (cost)
}

type GPUData struct {
	Label       string   `json:"label"`
	Vendor      string   `json:"vendor"`
	Color       string   `json:"color"`
	CostPerHour *float64 `json:"costPerHour,omitempty"`
	KW          *float64 `json:"kw,omitempty"`
}

type SeriesData struct {
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
	Points    PointsJSON `json:"points"`
	Frontier  []int      `json:"frontier"`
	Deploy    string     `json:"deploy,omitempty"` // the deployment filter's value
}

// XAxisData is one x axis a page offers: Col is the points' column that holds it.
type XAxisData struct {
	Key    string    `json:"key"`
	Col    string    `json:"col"`
	Label  string    `json:"label"`
	Axis   string    `json:"axis"`
	Unit   string    `json:"unit"`
	Higher bool      `json:"higher"`
	Refs   []float64 `json:"refs"`
}

// HistoryData is one older snapshot, written beside the page and fetched on demand.
type HistoryData struct {
	Date   string       `json:"date"`
	Cols   []string     `json:"cols"`
	Series []SeriesData `json:"series"`
}

// PointsJSON is a series' points as the page script reads them: one array per point, in the
// order of pointColumns, measurements rounded to what a reader can see (charts.Round6). It
// encodes itself, exactly as encoding/json would encode [][]any of those values, because a
// page's points are most of its data and boxing every value for reflection was a tenth of
// the render stage.
// A page with raw results adds the columns of rawColumns: topology, image and run URL as
// strings, then every metric a point of the page has (null where a point lacks it).
type PointsJSON struct {
	pts []input.Point
	raw []input.MetricID // the page's metric columns; nil on a page without raw results
	has bool             // the page has raw results
}

func (ps PointsJSON) MarshalJSON() ([]byte, error) {
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

// pointColumns names the columns of SeriesData.Points.
var pointColumns = []string{"id", "x", "tpPerGpu", "outputTputPerGpu", "inputTputPerGpu", "conc", "tp", "date", "run"}

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

// ChangeData is a changelog entry as a chart page shows it: under its trend chart, and as a
// marker on it for the series it names.
type ChangeData struct {
	Date        string   `json:"date"`
	Description string   `json:"description"`
	Link        string   `json:"link,omitempty"`
	Series      []string `json:"series"` // keys of the page's series it names, sorted
	Names       string   `json:"-"`      // their legend names, for the list
}
