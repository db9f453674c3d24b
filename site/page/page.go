package page

import (
	"github.com/frontier-bench/frontier/site/accuracy"
	"github.com/frontier-bench/frontier/site/input"
)

// Page is one chart page: every dataset of one (model, sequence), merged into series and
// snapshots. The pipeline assembles it; the renderer draws it, the data API writes it, the
// history stores its snapshots and `frontier mcp` reads it.
type Page struct {
	Model    string       // the model as the datasets name it, "DeepSeek-V4-Pro"
	Sequence string       // input/output lengths as the datasets name them, "8k/1k"
	Path     string       // site path of the page, "deepseek-v4-pro/8k-1k/"
	Metric   input.Metric // the y metric the datasets were measured and ranked on
	XAxis    input.XAxis  // the datasets' x axis (interactivity), as they name it
	// NoTotal says that no point of the page has a total throughput (its runs counted output
	// tokens only: input.Point.HasTotal) and that its Metric is output throughput
	// (input.OutputMetric; the assemble stage switches a page of total throughput to it), and
	// the page says why under its chart.
	NoTotal bool
	// Precisions on the page, sorted; with more than one, series are split by precision.
	Precisions []string
	// Snapshots, newest first. Snapshots[0] is what the page shows by default; the rest are
	// history, written beside the page and loaded on demand.
	Snapshots []*Snapshot
	Sources   []string // dataset paths, sorted
	// Notes is the rendered body of the markdown page whose front matter names this page's
	// model and sequence (methodology, known issues), shown under the chart.
	Notes string
	IDs   []int64 // the distinct point ids of its datasets, sorted (the pipeline checks them across pages)
	// Accuracy is the evals and notes joined to its points (package accuracy), nil for none.
	Accuracy *accuracy.Page
	// Drawn is the renderer's own state of the page, which only the renderer reads or writes:
	// what it read off the page once and keeps for a later stage (the home page's figures and
	// leaders, the overview's GPU values) and for the next build, where a Builder hands an
	// unchanged page back as the same Page. See the package doc for why it lives here.
	Drawn any
}

// Dates are the page's snapshot dates, newest first.
func (p *Page) Dates() []string {
	ds := make([]string, len(p.Snapshots))
	for i, s := range p.Snapshots {
		ds[i] = s.Date
	}
	return ds
}

// Snapshot is the page as of one date: for every series, its newest dataset on or before that date.
type Snapshot struct {
	Date   string        // YYYY-MM-DD, a dataset's params.date
	Series []*PageSeries // sorted by GPU, then name
}

// PageSeries is one legend entry: a hardware+framework configuration (and its precision when the
// page holds several), its points in x order and the frontier computed over them.
type PageSeries struct {
	Key       string        // hwKey, or "hwKey@precision" on a page with several precisions
	Name      string        // legend name: the hardware label, plus the precision when split
	HWKey     string        // the hardware configuration's key, "b200_trt_mtp"
	GPU       string        // "b200"
	Vendor    string        // "NVIDIA"
	Framework string        // "trt"
	Spec      string        // the speculative decoding method, "mtp" or "none"
	Precision string        // "fp4": the split's precision, else its first point's
	Label     string        // the hardware label, "B200 (TRTLLM, MTP)"
	Points    []input.Point // sorted by x, then id
	Frontier  []int         // indices into Points of the frontier, in x order
	Best      bool          // the best series of its GPU, by pareto.BestPerGPU
	Date      string        // params.date of the dataset the points came from
	// Deployment is "single-node" or "disaggregated" (raw results), or the view's own word.
	Deployment string
}

// Requests are a point's requests as its client counted them, as data.json and the API's
// views write them.
type Requests struct {
	Completed int64   `json:"completed"`
	Attempted int64   `json:"attempted"`
	Success   float64 `json:"success"` // completed / attempted
}

// RequestsOf is q as data.json and the API's views write it: nil, so absent, when the file
// does not say.
func RequestsOf(q input.Requests) *Requests {
	ratio, ok := q.Success()
	if !ok {
		return nil
	}
	return &Requests{Completed: q.Completed, Attempted: q.Attempted, Success: ratio}
}
