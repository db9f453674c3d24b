package render

import (
	"bytes"
	"encoding/csv"
	"encoding/json/jsontext"
	"github.com/frontier-bench/frontier/site/page"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/site/accuracy"
	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/input"
)

// Downloads returns a chart page's data.json and data.csv, as the page links them.
func Downloads(p *page.Page) (jsonData, csvData []byte, err error) {
	jsonData, err = downloadJSON(p)
	if err != nil {
		return nil, nil, err
	}
	cols := columnsOf(p)
	var none config.Config
	return jsonData, downloadCSV(p, cols, csvNames(metricsFor(p, cols, none), xAxesFor(p, cols, none)[0].Axis, p.Metric.Label)), nil
}

// CSVColumns are data.csv's first columns by key, y among them only for a page whose metric is
// none of the three throughputs: the header names the same columns (CSVHeader), the measured
// ones by their one name.
func CSVColumns(withY bool) []string {
	return slices.DeleteFunc(slices.Clone(csvColumns), func(key string) bool { return key == "y" && !withY })
}

// CSVHeader is the header row of data.csv for a page whose metric is one of the three
// throughputs, named by the built-in catalog (no [metrics] in the config).
func CSVHeader() []string {
	var none config.Config
	return csvHeaderRow(csvNames(metricsFor(&page.Page{}, pageColumns{}, none), xAxesFor(&page.Page{}, pageColumns{}, none)[0].Axis, ""), false)
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

// downloadPoint is one point of data.json, with every field the input had.
type downloadPoint struct {
	ID          int64           `json:"id"`
	Precision   string          `json:"precision"`
	X           optNum          `json:"x"`
	Y           optNum          `json:"y"`
	Concurrency int64           `json:"concurrency,omitzero"` // absent for a run by request rate or with no limit
	TP          int64           `json:"tp,omitzero"`          // absent where the file gives no tensor parallelism
	Date        string          `json:"date"`
	RunID       string          `json:"runId"`
	Frontier    bool            `json:"frontier"`
	Topology    string          `json:"topology,omitempty"`
	Image       string          `json:"image,omitempty"`
	RunURL      string          `json:"runUrl,omitempty"`
	Invalid     bool            `json:"invalid,omitzero"` // input.RawPoint.Invalid
	Metrics     downloadMetrics `json:"metrics"`

	// Runs, Range and Requests (spread.go): a point of several runs' number of runs and each
	// figure's [min, max]; the requests its client counted, absent when its file does not say.
	Runs     int                   `json:"runs,omitzero"`
	Range    map[string][2]float64 `json:"range,omitempty"`
	Requests *page.Requests        `json:"requests,omitempty"`

	// Evals and Notes, on a page with accuracy (downloadacc.go): the evals that count as of
	// the page's date, one per task ([] for none), and the notes about the point.
	Evals []downloadEval `json:"evals,omitzero"`
	Notes []downloadNote `json:"notes,omitempty"`
}

// optNum is a point's x or y in data.json: null for a point with no median interactivity (its
// file gives no median TPOT: input.Point.HasX), or with no value on the page's metric (a run
// that counted no input tokens has no total throughput: input.Point.HasY), never a number in
// its place.
type optNum float64

// MarshalJSONTo writes x, or null when there is none.
func (x optNum) MarshalJSONTo(enc *jsontext.Encoder) error {
	if math.IsNaN(float64(x)) {
		return enc.WriteToken(jsontext.Null)
	}
	return enc.WriteToken(jsontext.Float(float64(x)))
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
// three throughputs (ids -3 to -1) among the raw catalog's names (ids 0 up). The catalog's
// own names of those three (tput_per_gpu, ...) are left out: each value has one key.
var downloadKeys = func() []int {
	names := func(i int) string {
		if i < 0 {
			return [...]string{"inputTputPerGpu", "outputTputPerGpu", "tpPerGpu"}[i+3]
		}
		return input.MetricNames[i]
	}
	ids := []int{-3, -2, -1}
	for i := range int(input.NumMetrics) {
		if _, viewed := page.Throughput(page.ColumnOf(input.MetricID(i))); viewed {
			continue // a raw point's throughputs are the view's (rawPointOf)
		}
		ids = append(ids, i)
	}
	slices.SortFunc(ids, func(a, b int) int { return strings.Compare(names(a), names(b)) })
	return ids
}()

// MarshalJSONTo writes the metrics as one object, keys sorted as a map's would be.
func (m downloadMetrics) MarshalJSONTo(enc *jsontext.Encoder) error {
	if err := enc.WriteToken(jsontext.BeginObject); err != nil {
		return err
	}
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
		if math.IsNaN(v) {
			continue // a throughput the run did not measure (input.Point.HasTotal): no key, never 0
		}
		if err := enc.WriteToken(jsontext.String(name)); err != nil {
			return err
		}
		if err := enc.WriteToken(jsontext.Float(v)); err != nil {
			return err
		}
	}
	return enc.WriteToken(jsontext.EndObject)
}

// downloadDoc is data.json: every point the page shows, full precision, frontier as computed.
type downloadDoc struct {
	Model    string           `json:"model"`
	Sequence string           `json:"sequence"`
	Date     string           `json:"date"`
	Metric   downloadMetric   `json:"metric"`
	XAxis    downloadXAxis    `json:"xAxis"`
	Series   []downloadSeries `json:"series"`
}

// downloadMetric and downloadXAxis are the page's metric and x axis under the inference
// view's lowerCamel keys, as every other key of data.json.
type downloadMetric struct {
	Key     string `json:"key"`
	Label   string `json:"label"`
	LabelZh string `json:"labelZh"`
	Unit    string `json:"unit"`
}

type downloadXAxis struct {
	Mode  string `json:"mode"`
	Field string `json:"field"`
	Label string `json:"label"`
}

// downloadJSON is data.json (downloadDoc), compact, ending with a newline: a download for
// tools (jq pretty-prints it); indenting cost 5% of a large build and a quarter of the file.
func downloadJSON(p *page.Page) ([]byte, error) {
	snap := p.Snapshots[0]
	doc := downloadDoc{Model: p.Model, Sequence: p.Sequence, Date: snap.Date, Metric: downloadMetric(p.Metric), XAxis: downloadXAxis(p.XAxis)}
	var scores []accuracy.Score
	if p.Accuracy != nil {
		scores = accuracy.Scores(p.Accuracy.Evals)
	}
	for _, s := range snap.Series {
		ds := downloadSeries{Key: s.Key, Name: s.Name, HWKey: s.HWKey, GPU: s.GPU, Vendor: s.Vendor, Framework: s.Framework,
			Spec: s.Spec, Precision: s.Precision, Label: s.Label, Best: s.Best, Date: s.Date, Points: []downloadPoint{}}
		on := frontierSet(s)
		for i, pt := range s.Points {
			dp := downloadPoint{
				ID: pt.ID, Precision: pt.Precision, X: optNum(pt.X), Y: optNum(pt.Y), Concurrency: pt.Concurrency, TP: pt.TP,
				Date: pt.Date, RunID: pt.RunID, Frontier: on[i],
				Metrics: downloadMetrics{InputTputPerGpu: pt.InputTputPerGpu, OutputTputPerGpu: pt.OutputTputPerGpu, TpPerGpu: pt.TpPerGpu, Raw: pt.Raw},
			}
			if pt.Raw != nil {
				dp.Topology, dp.Image, dp.RunURL = pt.Raw.Setup(), pt.Raw.Image, pt.Raw.RunURL
			}
			dp.Invalid = pt.Invalid()
			downloadSpread(&dp, &s.Points[i])
			if p.Accuracy != nil {
				downloadAccuracy(&dp, p.Accuracy, scores, pt.ID, snap.Date)
			}
			ds.Points = append(ds.Points, dp)
		}
		doc.Series = append(doc.Series, ds)
	}
	return encodeDownload(&doc)
}

// encodeDownload is data.json of d (downloadJSON).
func encodeDownload(d *downloadDoc) ([]byte, error) {
	js, err := marshalJSON(d)
	if err != nil {
		return nil, err
	}
	return append(js, '\n'), nil
}

// csvColumns are data.csv's first columns by key: the same as data.json's, so a program can
// map one onto the other. The measured ones (x, y and the three throughputs) are headed with
// their one name (csvNames); y only when the page's metric is none of the three throughputs,
// since it would otherwise repeat that metric's column under the same name.
var csvColumns = []string{"model", "sequence", "series", "hwKey", "gpu", "vendor", "framework", "specMethod", "precision",
	"id", "concurrency", "tp", "x", "y", "tpPerGpu", "outputTputPerGpu", "inputTputPerGpu", "frontier", "bestPerGpu", "date", "runId"}

// csvNames are the one names data.csv's header gives the page's x, its metric (y) and the three
// throughputs: the catalog's with the config's [metrics] and inputLabels over it, the names
// the metric menu, the axis titles, the tooltip and the tables show. A spreadsheet is a
// reader's view of the data; data.json keeps the keys for programs.
func csvNames(metrics []MetricData, xName, yName string) map[string]string {
	names := map[string]string{"x": xName, "y": yName}
	for _, m := range metrics {
		if _, ok := page.Throughput(m.Key); ok {
			names[m.Key] = m.Axis
		}
	}
	return names
}

// csvHeaderRow is data.csv's header: csvColumns, named by names where it names them, without y
// unless withY.
func csvHeaderRow(names map[string]string, withY bool) []string {
	row := make([]string, 0, len(csvColumns))
	for _, key := range csvColumns {
		if key == "y" && !withY {
			continue
		}
		if n := names[key]; n != "" {
			key = CSVText(n) // a name may come from the input's labels
		}
		row = append(row, key)
	}
	return row
}

// downloadCSV is data.csv: one row per point shown, text cells neutralised against formula injection.
// A page with raw results adds topology, image and runUrl, then a column per metric its points
// have (every snapshot's, as page.json: cols is columnsOf(p)), empty where a point lacks it;
// those keep InferenceX's names, as the points table's column chooser shows them.
func downloadCSV(p *page.Page, cols pageColumns, names map[string]string) []byte {
	var buf bytes.Buffer
	cw := csv.NewWriter(&buf)
	_, throughput := page.Throughput(p.Metric.Key)
	withY := !throughput
	header := csvHeaderRow(names, withY)
	if cols.has {
		header = append(header, cols.names[len(pointColumns):]...)
	}
	// "invalid" only on a page that has an invalid point: other pages' files stay as they were.
	invalid := len(invalidIDs(p, true)) > 0
	if invalid {
		header = append(header, "invalid")
	}
	spread := csvSpreadOf(p, cols)
	header = append(header, spread.header()...)
	var scores []accuracy.Score
	if p.Accuracy != nil {
		header = append(header, csvAccuracyHeader(p.Accuracy)...)
		scores = accuracy.Scores(p.Accuracy.Evals)
	}
	cw.Write(header)
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	fx := func(v float64) string { // an empty cell for a figure the point has not (NaN: no median interactivity, no total throughput)
		if math.IsNaN(v) {
			return ""
		}
		return f(v)
	}
	for _, s := range p.Snapshots[0].Series {
		on := frontierSet(s)
		for i, pt := range s.Points {
			rec := []string{
				CSVText(p.Model), CSVText(p.Sequence), CSVText(s.Name), CSVText(s.HWKey), CSVText(s.GPU), CSVText(s.Vendor),
				CSVText(s.Framework), CSVText(s.Spec), CSVText(pt.Precision),
				strconv.FormatInt(pt.ID, 10), wholeCell(pt.Concurrency), wholeCell(pt.TP), fx(pt.X),
			}
			if withY {
				rec = append(rec, fx(pt.Y))
			}
			rec = append(rec, fx(pt.TpPerGpu), fx(pt.OutputTputPerGpu), fx(pt.InputTputPerGpu),
				strconv.FormatBool(on[i]), strconv.FormatBool(s.Best), CSVText(pt.Date), CSVText(pt.RunID))
			if cols.has {
				var raw input.RawPoint
				topo := ""
				if pt.Raw != nil {
					raw, topo = *pt.Raw, pt.Raw.Setup()
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
			if invalid {
				rec = append(rec, strconv.FormatBool(pt.Invalid()))
			}
			rec = append(rec, spread.cells(&pt)...)
			if p.Accuracy != nil {
				rec = append(rec, csvAccuracy(p.Accuracy, scores, pt.ID, p.Snapshots[0].Date)...)
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

// wholeCell is a point's concurrency or TP as a CSV cell: empty for a figure the run does not
// give (a run by request rate has no concurrency, a file may not say its TP), never 0
// (docs/api.md).
func wholeCell(c int64) string {
	if c <= 0 {
		return ""
	}
	return strconv.FormatInt(c, 10)
}
