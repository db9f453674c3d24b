package input

import "math"

// Dataset is one benchmark file from data/, decoded and validated.
// Strings are kept exactly as the author wrote them; escaping happens where they land.
type Dataset struct {
	Path       string // slash path relative to the data folder, e.g. "dsv4/8k-1k.json"
	Model      string // params.model
	Sequence   string // params.sequence, e.g. "8k/1k"
	Date       string // params.date, the as-of date (YYYY-MM-DD); snapshots are ordered by it
	Precisions []string
	Metric     Metric
	XAxis      XAxis
	Hardware   []Hardware
	Series     []Series
	// Raw marks a dataset made from raw results (rawsnap.go): its points claim no frontier
	// flags, so there are none to check, and Path names the page's first raw file + "#" + Date.
	Raw bool
	// RawFile is set when the dataset is a raw results file as decoded, not yet a page's
	// dataset: its rows wait for RawPageDatasets, and Model, Sequence and Series are empty.
	RawFile *RawFile
	// Evals is set when the dataset is an eval results file (eval.go): it has no series and
	// feeds no page; its evals join the points of their model's pages (package accuracy).
	Evals []Eval
	// EvalFile marks an eval results file, Evals empty or not.
	EvalFile bool
}

// Metric describes the y axis of a dataset.
type Metric struct {
	Key     string // e.g. "tpPerGpu"
	Label   string
	LabelZh string
	Unit    string
}

// XAxis describes the x axis of a dataset (interactivity, tok/s/user).
type XAxis struct {
	Mode  string
	Field string
	Label string
}

// Hardware is one entry of a dataset's hardware[] table.
type Hardware struct {
	Key    string
	Label  string
	Vendor string
}

// Series is one hardware+framework configuration and its measured points.
type Series struct {
	HWKey      string
	GPU        string
	Framework  string
	SpecMethod string // "mtp", "none", ...
	Label      string
	Vendor     string
	Deployment string
	BestPerSku bool // the input's claim; Frontier computes its own
	Points     []Point
}

// HasX reports whether p has a median interactivity: a raw point whose file gives no median
// TPOT has none (NaN), and is drawn only on the page's other x axes.
func (p *Point) HasX() bool { return !math.IsNaN(p.X) }

// SameAs reports whether p and q hold the same values: p == q, with two absent x alike (NaN
// is equal to nothing, itself included).
func (p *Point) SameAs(q *Point) bool {
	a, b := *p, *q
	if !a.HasX() && !b.HasX() {
		a.X, b.X = 0, 0
	}
	return a == b
}

// Point is one measured configuration (a concurrency and parallelism setting).
type Point struct {
	ID          int64
	Precision   string
	X           float64 // median interactivity, tok/s/user; NaN for a raw point whose file gives none (HasX)
	Y           float64 // the dataset's metric
	Concurrency int64
	TP          int64
	Date        string
	RunID       string // the run id as written (a number in the seed), "" when absent or null
	Frontier    bool   // the input's claim; Frontier computes its own
	BestPerSku  bool

	TpPerGpu         float64
	OutputTputPerGpu float64
	InputTputPerGpu  float64

	// Raw is what a raw result adds (topology, image, run link, every metric); nil for a view's
	// points. A pointer keeps Point small and comparable: the snapshots of a raw page share it.
	Raw *RawPoint
}
