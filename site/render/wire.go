package render

import (
	"encoding/json/jsontext"
	"encoding/json/v2"
	"math"
	"slices"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/accuracy"
	"github.com/frontier-bench/frontier/site/history"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/page"
)

// The wire format: the JSON a chart page carries for the page script, as #page-data in the page
// and page.json beside it (which markdown chart blocks fetch); the history beside it
// (history/index.json, rows-<n>.json.gz, trend-<metric>.json.gz) is package history's
// (history.Index and the files it names). It is a contract between Go and JavaScript
// (templates/script/model.js reads it), and its shape is written down in two places: here the
// types that need the renderer (PageData and SeriesData hold the history's types, which
// package page may not import, and PointsJSON's encoder writes the points from the renderer's
// own state), and in package page (site/page/wire.go) the parts that are pure data, which the
// aliases at the end of this file name here and `frontier mcp` decodes page.json with. Tests
// outside the package decode it through these types, as a reader's browser would.

// jsonOptions are how the pages' JSON files are written (the page data, page.json, data.json,
// compare.json, the compare charts, columns.json.gz): maps with their keys sorted, so that the
// same inputs give the same bytes; nil slices and maps as null, as the page script has always
// read them; a string that is not valid UTF-8 with U+FFFD in place of its bad bytes rather
// than failing the build. Strings are not escaped for HTML: html/template escapes what a page
// embeds (#page-data, #compare-charts), and a file fetched as JSON needs no escaping.
var jsonOptions = json.JoinOptions(
	json.Deterministic(true),
	json.FormatNilSliceAsNull(true),
	json.FormatNilMapAsNull(true),
	jsontext.AllowInvalidUTF8(true),
)

// marshalJSON encodes v as the pages' JSON files are written (jsonOptions).
func marshalJSON(v any) (jsontext.Value, error) { return json.Marshal(v, jsonOptions) }

// PointColumns are the columns of each point in PageData and HistoryData, in order.
func PointColumns() []string { return slices.Clone(pointColumns) }

// pointColumns names the columns of SeriesData.Points on every page; a page with raw results
// adds more (pageColumns).
var pointColumns = []string{"id", "x", "tpPerGpu", "outputTputPerGpu", "inputTputPerGpu", "conc", "tp", "date", "run"}

// PageData is the page script's model of a chart page (see templates/script/model.js). The
// page embeds it as #page-data and writes it beside itself as page.json, which markdown chart
// blocks fetch to draw the same chart.
type PageData struct {
	Model string `json:"model"` // the model's display name in the page's language, "DeepSeek-R1-0528"
	// ModelID is the model as its results name it after the site's renames, when the page's
	// language names it otherwise ([models.KEY.names]): what "your run" compares a reader's
	// results with.
	ModelID string `json:"modelId,omitempty"`
	// ModelAliases are the site's renames to this page's model ([models.KEY] name, key →
	// name), which "your run" gives its decoder as the build's readers get them.
	ModelAliases map[string]string `json:"modelAliases,omitempty"`
	Sequence     string            `json:"sequence"` // input/output lengths, "8k/1k"
	// Slug is the page's site path without the trailing slash ("deepseek-r1-0528/1k-1k"),
	// for names such as the chart picture's file name.
	Slug string `json:"slug"`
	// X is the data's own x axis (interactivity), as the tooltip and the leaders table name it.
	X AxisData `json:"x"`
	// Metric is the key of the y metric the datasets were measured on: the default y axis.
	Metric string `json:"metric"`
	// Metrics are the y metrics the page offers (metricsFor), in the metric menu's order.
	Metrics []MetricData `json:"metrics"`
	// GPUs describes every GPU of every snapshot, by GPU key, for the filters and prices.
	GPUs map[string]GPUData `json:"gpus"`
	// Frameworks maps each framework key to the name readers know it by ("trt": "TRTLLM"),
	// for the framework filter's labels.
	Frameworks map[string]string `json:"frameworks"`
	// Dates are the snapshot dates, newest first; Series is the first of them.
	Dates []string `json:"dates"`
	// History is the page's history index (package history: its chunks of dated rows, its
	// trend tables and the configurations they name), paths relative to the page ("../" before
	// them in the embed, a folder below); nil with one snapshot.
	History *history.Index `json:"history,omitempty"`
	// RefX are the interactivities the leaders table and the trend chart read the frontiers at
	// (the config's referenceInteractivity).
	RefX []float64 `json:"refX"`
	// Verdict is the rule the history section's change table labels its changes by
	// ([verdict] in the config; package verdict, docs/verdicts.md); nil on a page of one date.
	Verdict *VerdictData `json:"verdict,omitempty"`
	// Cols names the columns of every series' points, in order: PointColumns, then for a page
	// with raw results topology, image, runUrl and every metric a point of the page has.
	Cols []string `json:"cols"`
	// Series are the newest snapshot's series, sorted by GPU, then name.
	Series []SeriesData `json:"series"`
	// Changes are the changelog's entries for this page's series, for the trend chart.
	Changes []history.Change `json:"changes,omitempty"`
	// XAxes are the x axes the page offers, the default first (xAxesFor).
	XAxes []XAxisData `json:"xAxes"`
	// The page script's defaults, stated once here rather than again in the script: BestOver
	// is the number of configurations above which the page opens on best per GPU
	// (bestDefaultOver), DefaultCols the optional points-table columns shown until the reader
	// chooses (defaultColumns), DefaultX the key of the x axis the page opens on (charts.DefaultX, or
	// the first axis all its points have on a page of which none has it: xAxesFor).
	BestOver    int      `json:"bestOver"`
	DefaultCols []string `json:"defaultCols"`
	DefaultX    string   `json:"defaultX"`
	// Facts are an agentic page's point facts for its spec, offload and deploy filters
	// (agenticfacts.go); absent elsewhere.
	Facts *FactsData `json:"facts,omitempty"`
	// Invalid are the ids of the points, of every snapshot, that their own client judged
	// invalid (input.RawPoint.Invalid: an MLPerf "Result is : INVALID"), sorted: the tooltip
	// and the points table mark them. Absent when there are none.
	Invalid []int64 `json:"invalid,omitempty"`
	// NoTotal is set on a page of which no point has a total throughput (its runs counted no
	// input tokens, as MLPerf LoadGen does: Page.NoTotal): Metric is then output throughput,
	// and the page script says why under the chart (axisnote.js' totalNote).
	NoTotal bool `json:"noTotal,omitzero"`
	// Spread are the points of several runs (input.RawPoint.Spread), of every snapshot, by id:
	// their run count and each figure's range, for the whiskers and the tooltip; Requests the
	// points whose client counted their requests, by id (a point not listed: success unknown);
	// MinSuccess the site's minSuccess, under which a point is drawn hollow (spread.go), on
	// every page: a reader's own run may have failed requests on a page of which none has. The
	// first two absent when no point has them.
	Spread     []SpreadData   `json:"spread,omitempty"`
	Requests   []RequestsData `json:"requests,omitempty"`
	MinSuccess float64        `json:"minSuccess"`
	// FadeUnknown is set on a page that has points whose client counted their requests and
	// points whose file does not (success unknown), unless frontier.toml's unknownSuccess is
	// "full": the latter are drawn faded, neither hollow nor full (unknownFaded).
	FadeUnknown bool `json:"fadeUnknown,omitzero"`
	// Later, on a chart page's #page-data only, names the columns left null in its points
	// (metrics only the column chooser shows) and the file that holds them (LaterData), which
	// the page script fetches when the reader opens the chooser: a year of raw results
	// measures dozens of metrics a point, most of a page's weight, and the default view shows
	// three. page.json has every column; nil when no column is left out.
	Later *LaterIndex `json:"later,omitempty"`
	// Rest, on the #page-data of a page with history only, names the other columns after tp
	// (date, run, a raw page's topology, image and run URL, and the metrics Later does not
	// hold), left out of its points, which end after tp, and the file that holds them
	// (rest.json.gz, LaterData). Its page data then holds what the first picture draws and no
	// more; the rest is fetched before anything else is drawn (ECharts, another view, the
	// points table, the reader's own run). A year's page would otherwise be most of a megabyte
	// of HTML for a phone to parse before the first picture.
	Rest *LaterIndex `json:"rest,omitempty"`
	// Accuracy is the page's evals and notes (accuracy.go); with it, Cols ends with "evals"
	// and "notes". Omitted when the page has neither.
	Accuracy *AccuracyData `json:"accuracy,omitempty"`
	// SLO is the site's service-level presets and price tiers (slo.go), absent without either.
	SLO *SLOData `json:"slo,omitempty"`
	// Detail, on a chart page's #page-data and page.json, names the chunks of its points'
	// details (detail.go), which the page script fetches when a reader opens a point. An
	// embed opens none: its script is named without a detail (templates/embed.html).
	Detail *DetailIndex `json:"detail,omitempty"`
}

// LaterData is columns.json.gz (or rest.json.gz) beside a chart page: the values of
// LaterIndex.Cols for every point of PageData.Series, series by series and point by point in
// their order there, one array of LaterIndex.Cols' values a point (null where a point lacks
// the metric). It is stored gzipped (gzipped), as the history's chunks are: the page script
// inflates it.
type LaterData struct {
	Cols   []string     `json:"cols"`
	Series []LaterCells `json:"series"`
}

// LaterCells are one series' later columns (LaterData), encoded as PointsJSON encodes them.
type LaterCells struct {
	pts  []input.Point
	cols []input.MetricID
	// strs, on a page with history (PointsJSON.light), writes first the string columns: date
	// and run id, and with has topology, image and run URL.
	strs, has bool
}

// MarshalJSONTo writes one array a point of the cells' columns: with strs first the string
// columns (writePointStrings), then each metric (writeMetric).
func (lc LaterCells) MarshalJSONTo(enc *jsontext.Encoder) error {
	if err := enc.WriteToken(jsontext.BeginArray); err != nil {
		return err
	}
	for i := range lc.pts {
		pt := &lc.pts[i]
		if err := enc.WriteToken(jsontext.BeginArray); err != nil {
			return err
		}
		if lc.strs {
			if err := writePointStrings(enc, pt, lc.has); err != nil {
				return err
			}
		}
		for _, m := range lc.cols {
			if err := writeMetric(enc, pt, m); err != nil {
				return err
			}
		}
		if err := enc.WriteToken(jsontext.EndArray); err != nil {
			return err
		}
	}
	return enc.WriteToken(jsontext.EndArray)
}

// writeMetric writes a point's value of metric m as the page script reads it, rounded to what
// a reader can see (charts.Round6), or null when the point lacks it.
func writeMetric(enc *jsontext.Encoder, pt *input.Point, m input.MetricID) error {
	if pt.Raw != nil {
		if v, ok := pt.Raw.Metrics.Get(m); ok {
			return enc.WriteToken(jsontext.Float(charts.Round6(v)))
		}
	}
	return enc.WriteToken(jsontext.Null)
}

// SeriesData is one legend entry of a snapshot (a PageSeries): who it is and how it is drawn
// (page.SeriesHead, which a reader of page.json decodes it with), and its points with their
// frontier. The points stay here: PointsJSON writes them from the renderer's own state.
type SeriesData struct {
	SeriesHead
	// Points are its points in x order, one array each, in the columns of PageData.Cols.
	Points PointsJSON `json:"points"`
	// Frontier are the indices into Points of its Pareto frontier, in x order; never null.
	Frontier []int  `json:"frontier"`
	Deploy   string `json:"deploy,omitempty"` // the deployment filter's value
}

// HistoryData is one older date of a chart page as history.SnapshotJSON derives it from the
// history's rows (and asof.js in the page script): the series shown on that date. Cols and
// Series are as in PageData.
type HistoryData struct {
	Date   string       `json:"date"`
	Cols   []string     `json:"cols"`
	Series []SeriesData `json:"series"`
}

// PointsJSON is a series' points as the page script reads them: one array per point, in the
// order of pointColumns, measurements rounded to what a reader can see (charts.Round6). It
// writes itself token by token through the encoder (MarshalJSONTo) rather than as [][]any,
// because a page's points are most of its data and boxing every value for reflection was a
// tenth of the render stage.
// A page with raw results adds the columns pageColumns names: topology, image and run URL as
// strings, then every metric a point of the page has (null where a point lacks it), rounded
// as the view's columns are. FuzzPointsJSON checks the view's columns, package site's
// TestPageDataRawColumnsMatchDownloads the values of the raw ones.
type PointsJSON struct {
	pts []input.Point
	raw []input.MetricID // the page's metric columns; nil on a page without raw results
	has bool             // the page has raw results
	// later has bit m set for each metric of raw written as null, for the page script to
	// fetch later (PageData.Later).
	later uint64
	// light ends each point after tp, leaving out date, run id, topology, image, run URL and
	// every metric: the page data of a page with history (PageData.Later).
	light bool
	// acc, on a page with accuracy, adds the columns evals and notes at the end of each point
	// (PageData.Accuracy); a light point holds null for the columns between tp and them.
	acc   *accuracy.Page
	ncols int // the page's point columns before evals and notes
	// memo, when not nil, keeps the bytes of the first encoding for the copies of the points
	// that share it: the page's own copy and its embed's hold the same points, and writing
	// their numbers was most of encoding either.
	memo *jsontext.Value
}

// MarshalJSONTo writes the points as the page script reads them (see PointsJSON), or the
// bytes memo kept of them, encoded with the same options.
func (ps PointsJSON) MarshalJSONTo(enc *jsontext.Encoder) error {
	if ps.memo == nil {
		return ps.writeTo(enc)
	}
	if *ps.memo == nil {
		once := ps
		once.memo = nil
		b, err := json.Marshal(once, enc.Options())
		if err != nil {
			return err
		}
		*ps.memo = b
	}
	return enc.WriteValue(*ps.memo)
}

// writeTo writes the points token by token.
func (ps PointsJSON) writeTo(enc *jsontext.Encoder) error {
	if err := enc.WriteToken(jsontext.BeginArray); err != nil {
		return err
	}
	for i := range ps.pts {
		if err := ps.writePoint(enc, &ps.pts[i]); err != nil {
			return err
		}
	}
	return enc.WriteToken(jsontext.EndArray)
}

// writePoint writes one point's array (see PointsJSON).
func (ps PointsJSON) writePoint(enc *jsontext.Encoder, pt *input.Point) error {
	x := jsontext.Null // no median interactivity (input.Point.HasX): the page script's NaN
	if pt.HasX() {
		x = jsontext.Float(charts.Round6(pt.X))
	}
	conc := jsontext.Null // a run by request rate, or with no limit: no concurrency
	if pt.Concurrency > 0 {
		conc = jsontext.Int(pt.Concurrency)
	}
	tp := jsontext.Null // a file that does not say its tensor parallelism
	if pt.TP > 0 {
		tp = jsontext.Int(pt.TP)
	}
	toks := [...]jsontext.Token{
		jsontext.BeginArray,
		jsontext.Int(pt.ID),
		x,
		figure(pt.TpPerGpu), // null where the run measured none (input.Point.HasTotal): the page script's NaN
		figure(pt.OutputTputPerGpu),
		figure(pt.InputTputPerGpu),
		conc,
		tp,
	}
	for _, t := range toks {
		if err := enc.WriteToken(t); err != nil {
			return err
		}
	}
	if !ps.light {
		if err := writePointStrings(enc, pt, ps.has); err != nil {
			return err
		}
		if ps.has {
			for _, m := range ps.raw {
				var err error
				if ps.later&(1<<m) != 0 {
					err = enc.WriteToken(jsontext.Null)
				} else {
					err = writeMetric(enc, pt, m)
				}
				if err != nil {
					return err
				}
			}
		}
	}
	if ps.acc != nil {
		if err := ps.writeAccuracy(enc, pt); err != nil {
			return err
		}
	}
	return enc.WriteToken(jsontext.EndArray)
}

// figure is a throughput as the page data writes it, rounded; null for one the run did not
// measure (NaN: input.Point.HasTotal), never 0.
func figure(v float64) jsontext.Token {
	if math.IsNaN(v) {
		return jsontext.Null
	}
	return jsontext.Float(charts.Round6(v))
}

// writeAccuracy writes a point's evals and notes columns: the indices into the page's evals
// and notes of those matching it, or null; after nulls for the columns a light point leaves out.
func (ps PointsJSON) writeAccuracy(enc *jsontext.Encoder, pt *input.Point) error {
	if ps.light {
		for range ps.ncols - lightColumns {
			if err := enc.WriteToken(jsontext.Null); err != nil {
				return err
			}
		}
	}
	for _, idx := range [...][]int{ps.acc.PointEvals[pt.ID], ps.acc.PointNotes[pt.ID]} {
		if len(idx) == 0 {
			if err := enc.WriteToken(jsontext.Null); err != nil {
				return err
			}
			continue
		}
		if err := enc.WriteToken(jsontext.BeginArray); err != nil {
			return err
		}
		for _, i := range idx {
			if err := enc.WriteToken(jsontext.Int(int64(i))); err != nil {
				return err
			}
		}
		if err := enc.WriteToken(jsontext.EndArray); err != nil {
			return err
		}
	}
	return nil
}

// lightColumns is how many columns a light point holds: id to tp.
const lightColumns = 7

// writePointStrings writes a point's string columns as PointsJSON and LaterCells write them:
// its date and run id, and with has its topology, image and run URL ("" where it has none).
func writePointStrings(enc *jsontext.Encoder, pt *input.Point, has bool) error {
	if err := enc.WriteToken(jsontext.String(pt.Date)); err != nil {
		return err
	}
	if err := enc.WriteToken(jsontext.String(pt.RunID)); err != nil {
		return err
	}
	if !has {
		return nil
	}
	var topo, image, url string
	if pt.Raw != nil {
		topo, image, url = pt.Raw.Setup(), pt.Raw.Image, pt.Raw.RunURL
	}
	for _, s := range [...]string{topo, image, url} {
		if err := enc.WriteToken(jsontext.String(s)); err != nil {
			return err
		}
	}
	return nil
}

// The page data's types that are pure data live in package page (site/page/wire.go), where a
// reader of the built site decodes them too; these aliases keep their names here, so that the
// renderer's code and its tests read as before.
type (
	AccuracyData = page.AccuracyData
	AxisData     = page.AxisData
	DetailIndex  = page.DetailIndex
	EvalData     = page.EvalData
	FactsData    = page.FactsData
	GateData     = page.GateData
	GPUData      = page.GPUData
	LaterIndex   = page.LaterIndex
	MetricData   = page.MetricData
	NoteData     = page.NoteData
	PresetData   = page.PresetData
	RequestsData = page.RequestsData
	SLOData      = page.SLOData
	SeriesHead   = page.SeriesHead
	SpreadData   = page.SpreadData
	TaskData     = page.TaskData
	VerdictData  = page.VerdictData
	XAxisData    = page.XAxisData
)
