package history

import "github.com/frontier-bench/frontier/site/input"

// Page is what the history reads of a chart page.
type Page struct {
	Path  string // the page's site path, "deepseek-r1-0528/1k-1k/": Write writes below it
	Model string // the model as the datasets name it, "DeepSeek-R1-0528": Changes matches by it
	// Snapshots are the page's dates, newest first. A configuration unchanged between two
	// dates may be the same *Series in both: Write then knows it unchanged without comparing.
	Snapshots []Snapshot
	// Cols are the page's point columns, in order (package render's page columns): a chunk
	// holds one array a column.
	Cols []string
	// Metrics are the y metrics the page offers: one trend table each.
	Metrics []Metric
	// RefX are the interactivities the trend tables read each configuration's frontier at.
	RefX []float64
}

// Snapshot is a page on one date: its configurations, sorted as the page shows them.
type Snapshot struct {
	Date   string // YYYY-MM-DD
	Series []*Series
}

// Series is one configuration on a date: who it is (the fields Config carries, without the
// style, which Write derives) and its points.
type Series struct {
	Key       string // unique on the page: the hardware key, plus "@precision" when split
	Name      string // the legend name
	HW        string // the hardware configuration's key, "b200_trt_mtp"
	GPU       string // "b200"
	Vendor    string // "NVIDIA"
	Framework string // "trt"
	Spec      string // the speculative decoding method, "mtp" or "none"
	Precision string // "fp4"
	Label     string // the hardware label, "B200 (TRTLLM, MTP)"
	Deploy    string // "single-node", "disaggregated", or the view's own word
	Date      string // the date of the dataset its points came from
	// Points are its points in x order. A raw result's point has its own date and a slot (its
	// topology and concurrency); a view's points share their dataset's date and one slot.
	Points []input.Point
}

// Metric is a y metric a trend table is drawn for.
type Metric struct {
	Key    string // a points' column, or a derived metric's name ("costPerMTok", "tokPerMW")
	Higher bool   // false when lower is better (cost): the frontier's direction
}
