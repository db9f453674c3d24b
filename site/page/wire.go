package page

// The page data's JSON types: the parts of a chart page's page data (render.PageData, written
// as #page-data and page.json) that are pure data, and data.json as a reader reads it
// (Downloads). They live here, beside the page model and below every package that reads a
// page, so that a reader of the built site (package mcp) decodes the files with the types the
// build writes them with rather than copies of its own. A type stays in package render when
// writing it needs the renderer's state: render.PageData (it holds history.Index and
// history.Change, and package history imports this one), render.SeriesData's points (the
// columnar writer render.PointsJSON; the rest of a series is SeriesHead, which it embeds),
// and data.json's writer (render's downloadDoc, which
// writes each point's metrics from the raw result without a map). render names the types
// below by aliases, so that its code reads as before. The page script's side of the contract
// is templates/script/model.js.

// LaterIndex is where the columns a page's #page-data leaves out are (render.PageData.Later, Rest).
type LaterIndex struct {
	File string   `json:"file"` // relative to the page: "columns.json.gz", "../columns.json.gz" in the embed (rest.json.gz alike)
	Cols []string `json:"cols"` // the columns' names, in the order of render.PageData.Cols
}

// AxisData names the data's own x axis.
type AxisData struct {
	Label string `json:"label"` // the axis name the datasets give, "Interactivity (tok/s/user)"
	Unit  string `json:"unit"`  // "tok/s/user"
}

// MetricData is one y metric the page offers (charts.YMetrics). Label is short, for the metric
// menu; Axis is the axis name, with the unit.
type MetricData struct {
	Key    string `json:"key"` // the points' column that holds it, or a derived metric's name
	Label  string `json:"label"`
	Axis   string `json:"axis"`
	Unit   string `json:"unit"`
	Higher bool   `json:"higher"` // false when lower is better (cost)
}

// GPUData is one GPU as the filters and the price form show it.
type GPUData struct {
	Label  string `json:"label"`  // the hardware label's GPU part, "B200"
	Vendor string `json:"vendor"` // "NVIDIA", "AMD"
	Color  string `json:"color"`  // its colour in the chart (charts.GPUColor)
	// CostPerHour and KW are the config's $/GPU-hour and kW for it, absent when [gpus] does
	// not give them: the reader may type their own.
	CostPerHour *float64 `json:"costPerHour,omitempty"`
	KW          *float64 `json:"kw,omitempty"`
	// Costs are its $/GPU-hour per price tier ([gpus.b200.cost]); CostPerHour is then the
	// default tier's. Absent for a GPU with one price, which holds in every tier.
	Costs map[string]float64 `json:"costs,omitempty"`
}

// XAxisData is one x axis a page offers (charts.XAxes): Col is the points' column that holds it.
type XAxisData struct {
	Key    string    `json:"key"`
	Col    string    `json:"col"`
	Label  string    `json:"label"` // short, for the axis menu
	Axis   string    `json:"axis"`  // the axis name, with the unit
	Unit   string    `json:"unit"`
	Higher bool      `json:"higher"` // false when lower is better (a latency)
	Refs   []float64 `json:"refs"`   // where the leaders table reads the frontiers on this axis
}

// VerdictData is [verdict] as the page script reads it: the threshold in percent and the dates
// in a row a drop must last to be called a regression (verdict.js, package verdict's twin).
type VerdictData struct {
	Threshold   float64 `json:"threshold"`
	Consecutive int64   `json:"consecutive"`
}

// SLOData is what the page script needs of the site's service levels (issue 46): the [[slo]]
// presets, one-click choices beside the SLO form, and the price tiers' names, the default first.
type SLOData struct {
	Presets []PresetData `json:"presets,omitempty"`
	Tiers   []string     `json:"tiers,omitempty"`
}

// PresetData is one [[slo]] preset: its name (slo=NAME in a link), gate and description.
type PresetData struct {
	Name        string `json:"name"`
	Gate        string `json:"gate"`
	Description string `json:"description,omitempty"`
}

// AccuracyData is render.PageData.Accuracy, the page's evals and notes as the page script reads them
// (templates/script/model.js): the tasks, the site's default gate, the evals that match a point
// of the page and the notes that do. Each point's columns "evals" and "notes" (the last two of
// render.PageData.Cols) index into Evals and Notes. Omitted when the page has neither.
type AccuracyData struct {
	Tasks []TaskData `json:"tasks"`
	Gate  *GateData  `json:"gate,omitempty"` // frontier.toml's [accuracy]; omitted when off
	Evals []EvalData `json:"evals"`
	Notes []NoteData `json:"notes"`
}

// TaskData is one task of the page's evals.
type TaskData struct {
	Key    string `json:"key"`    // "gsm8k"
	Label  string `json:"label"`  // "GSM8K"
	Metric string `json:"metric"` // the score's metric, "em_strict"
}

// GateData is the site's default gate, in its plain form (points without an eval are kept).
type GateData struct {
	Task string  `json:"task"`
	Min  float64 `json:"min"` // a fraction, 0.9
}

// EvalData is one eval: a score and its standard error as fractions, the questions scored,
// its date and run link, and whether it lies far below its model's others (accuracy.Low).
type EvalData struct {
	Task  string   `json:"task"`
	Score float64  `json:"score"`
	SE    *float64 `json:"se,omitempty"` // omitted when the file gives none ("N/A")
	N     int64    `json:"n,omitzero"`
	Date  string   `json:"date"`
	Run   string   `json:"run,omitempty"` // an https link, else omitted
	Low   bool     `json:"low,omitzero"`
}

// NoteData is one note, its text in the page's language.
type NoteData struct {
	Text string `json:"text"`
	Link string `json:"link,omitempty"`
}

// FactsData is an agentic page's point facts, compactly (ids would weigh more than the facts):
// Values lists each filter's values (factLists' order, each sorted, lower case as the filters'
// values are: "none" for no speculative decoding or offload, "single-node" or
// "disaggregated"), and Points[i][j] is point j of the newest snapshot's series i as an index
// into each list.
type FactsData struct {
	Values [3][]string `json:"values"`
	Points [][][3]int  `json:"points"`
}

// SpreadData is one point of several runs in the page data (render.PageData.Spread): its id, its
// number of runs, and each figure's least (Lo) and greatest (Hi) value over them, by the
// page's column names ("x" for median interactivity, "tpPerGpu", ..., a raw metric's name).
type SpreadData struct {
	ID   int64              `json:"id"`
	Runs int                `json:"runs"`
	Lo   map[string]float64 `json:"lo"`
	Hi   map[string]float64 `json:"hi"`
}

// RequestsData is one point's requests as its client counted them (render.PageData.Requests).
type RequestsData struct {
	ID        int64 `json:"id"`
	Completed int64 `json:"completed"`
	Attempted int64 `json:"attempted"`
}

// DetailIndex, in the page data, says where each series' points' details are: Files relative
// to the page (from the site's root on a language mirror), and for series i of
// render.PageData.Series the index of its file in Chunk[i].
type DetailIndex struct {
	Files []string `json:"files"`
	Chunk []int    `json:"chunk"`
}

// Downloads is data.json beside a chart page, as a program reads it: the newest snapshot's
// points, every metric at full precision, the frontier as the build computed it (docs/api.md).
// Package render writes it through its own types (downloads.go), which write each point's
// metrics straight from its raw result without building a map; TestDownloadsReadsData in
// package site checks that this shape reads every member that writes.
type Downloads struct {
	Model    string           `json:"model"`
	Sequence string           `json:"sequence"`
	Date     string           `json:"date"`
	Metric   DownloadMetric   `json:"metric"`
	XAxis    DownloadXAxis    `json:"xAxis"`
	Series   []DownloadSeries `json:"series"`
}

// DownloadMetric and DownloadXAxis are data.json's metric and x axis, under the inference
// view's lowerCamel keys.
type DownloadMetric struct {
	Key     string `json:"key"`
	Label   string `json:"label"`
	LabelZh string `json:"labelZh"`
	Unit    string `json:"unit"`
}

type DownloadXAxis struct {
	Mode  string `json:"mode"`
	Field string `json:"field"`
	Label string `json:"label"`
}

// DownloadSeries is one series of data.json: who it is and its points.
type DownloadSeries struct {
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
	Points    []DownloadPoint `json:"points"`
}

// DownloadPoint is one point of data.json. X and Y are nil where the point has none (no
// median interactivity, or no value on the page's metric): absent, never 0.
type DownloadPoint struct {
	ID          int64    `json:"id"`
	Precision   string   `json:"precision"`
	X           *float64 `json:"x"`
	Y           *float64 `json:"y"`
	Concurrency int64    `json:"concurrency,omitzero"` // absent for a run by request rate or with no limit
	TP          int64    `json:"tp,omitzero"`          // absent where the file gives no tensor parallelism
	Date        string   `json:"date"`
	RunID       string   `json:"runId"`
	Frontier    bool     `json:"frontier"`
	Topology    string   `json:"topology,omitempty"`
	Image       string   `json:"image,omitempty"`
	RunURL      string   `json:"runUrl,omitempty"`
	Invalid     bool     `json:"invalid,omitzero"`
	// Metrics are its throughputs and every metric its raw result measured, by data.json's keys.
	Metrics map[string]float64 `json:"metrics"`
	// Runs, Range and Requests: a point of several runs' number of runs and each figure's
	// [min, max]; the requests its client counted, nil when its file does not say.
	Runs     int                   `json:"runs,omitzero"`
	Range    map[string][2]float64 `json:"range,omitempty"`
	Requests *Requests             `json:"requests,omitempty"`
	// Evals and Notes, on a page with accuracy: the evals that count as of the page's date,
	// and the notes about the point.
	Evals []EvalData `json:"evals,omitzero"`
	Notes []NoteData `json:"notes,omitempty"`
}

// SeriesHead is who a series of the page data is and how it is drawn (render.SeriesData,
// which adds its points, frontier and deployment): one legend entry of a snapshot.
type SeriesHead struct {
	Key       string `json:"key"`  // unique on the page: the hardware key, plus "@precision" when split
	Name      string `json:"name"` // the legend name
	HW        string `json:"hw"`   // the hardware key, "b200_dynamo-sglang"
	GPU       string `json:"gpu"`  // a key of render.PageData.GPUs
	Vendor    string `json:"vendor"`
	Framework string `json:"framework"` // a key of render.PageData.Frameworks
	Spec      string `json:"spec"`      // the speculative decoding method, "mtp" or "none"
	Precision string `json:"precision"` // "fp4", "fp8"
	Label     string `json:"label"`     // the hardware label, "B200 (TRTLLM, MTP)"
	// Color, Symbol, Dash, Hollow and Fill are its style (charts.StyleFor): the page script
	// draws it as the Go-built option does.
	Color  string `json:"color"`
	Symbol string `json:"symbol"`
	Dash   string `json:"dash"`
	Hollow bool   `json:"hollow,omitzero"`
	Fill   string `json:"fill,omitempty"` // a light marker fill: 8-bit and wider precisions
	Best   bool   `json:"best"`           // the best series of its GPU (pareto.BestPerGPU)
	Date   string `json:"date"`           // the date of the dataset its points came from
}
