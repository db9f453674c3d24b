package history

import "github.com/frontier-bench/frontier/site/page"

// Page is a chart page as the history writes it: the page (its path, model and snapshots:
// Write writes below its Path, Changes matches by its Model) and what the history's files
// carry of how the page shows it.
type Page struct {
	*page.Page
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

// configOf is who series s is, as the index names it; its style fields are Write's.
func configOf(s *page.PageSeries) Config {
	return Config{Key: s.Key, Name: s.Name, HW: s.HWKey, GPU: s.GPU, Vendor: s.Vendor,
		Framework: s.Framework, Spec: s.Spec, Precision: s.Precision, Label: s.Label, Deploy: s.Deployment}
}

// Metric is a y metric a trend table is drawn for.
type Metric struct {
	Key    string // a points' column, or a derived metric's name ("costPerMTok", "tokPerMW")
	Higher bool   // false when lower is better (cost): the frontier's direction
}
