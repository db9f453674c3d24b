package history

import "github.com/frontier-bench/frontier/site/input"

// Page is what the history reads of a chart page.
type Page struct {
	Path  string // the page's site path, "deepseek-r1-0528/1k-1k/": Write writes below it
	Model string // the model as the datasets name it, "DeepSeek-R1-0528": Changes matches by it
	// Snapshots are the page's dates, newest first.
	Snapshots []Snapshot
	// Cols are the page's point columns, in order (package render's page columns): a chunk
	// holds one array a column.
	Cols []string
	// Lists are the columns of Cols that hold a list of indices per point, by point id (the
	// page's evals and notes, package render's accuracy.go); a point without one holds null.
	Lists map[string]map[int64][]int
	// Metrics are the y metrics the page offers: one trend table each.
	Metrics []Metric
	// RefX are the interactivities the trend tables read each configuration's frontier at.
	RefX []float64
}

// Snapshot is a page on one date: its configurations, sorted as the page shows them.
type Snapshot struct {
	Date   string // YYYY-MM-DD
	Series []Series
}

// Series is one configuration on a date. A year of daily snapshots holds tens of thousands, so
// a Series is small: who it is is a *Config, which every date it is named the same on may
// share, and its points are the page's own (two dates whose points are the same slice are
// known equal without comparing them).
type Series struct {
	// Config is who it is: Key and the names and hardware Config carries. Its style fields
	// are not read (Write derives them).
	*Config
	Date string // the date of the dataset its points came from
	// Points are its points in x order. A raw result's point has its own date and a slot (its
	// topology and concurrency); a view's points share their dataset's date and one slot.
	Points []input.Point
}

// Metric is a y metric a trend table is drawn for.
type Metric struct {
	Key    string // a points' column, or a derived metric's name ("costPerMTok", "tokPerMW")
	Higher bool   // false when lower is better (cost): the frontier's direction
}
