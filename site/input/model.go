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

// HasTotal and HasInput report whether p has a total and an input token throughput: a run
// that counted no input tokens (an MLPerf LoadGen summary, rawmlperf.go) measured neither,
// and its point has them absent (NaN), never 0. Such a point is not drawn on those y metrics,
// nor on any derived from the total (cost per million tokens, tokens per MW), and every file
// the site writes leaves them out. Output throughput is what every format gives.
func (p *Point) HasTotal() bool { return !math.IsNaN(p.TpPerGpu) }

// HasInput: see HasTotal.
func (p *Point) HasInput() bool { return !math.IsNaN(p.InputTputPerGpu) }

// HasY reports whether p has a value on its dataset's metric (Y): not a LoadGen point on a
// page whose metric is the total throughput.
func (p *Point) HasY() bool { return !math.IsNaN(p.Y) }

// SameAs reports whether p and q hold the same values: p == q, with two absent figures alike
// (NaN is equal to nothing, itself included).
func (p *Point) SameAs(q *Point) bool {
	a, b := *p, *q
	if !a.Marks.equal(b.Marks) {
		return false
	}
	a.Marks, b.Marks = nil, nil
	for _, f := range [...][2]*float64{{&a.X, &b.X}, {&a.Y, &b.Y}, {&a.TpPerGpu, &b.TpPerGpu},
		{&a.OutputTputPerGpu, &b.OutputTputPerGpu}, {&a.InputTputPerGpu, &b.InputTputPerGpu}} {
		if math.IsNaN(*f[0]) && math.IsNaN(*f[1]) {
			*f[0], *f[1] = 0, 0
		}
	}
	return a == b
}

// Point is one measured configuration (a concurrency and parallelism setting).
type Point struct {
	ID          int64
	Precision   string
	X           float64 // median interactivity, tok/s/user; NaN for a raw point whose file gives none (HasX)
	Y           float64 // the dataset's metric; NaN where the point has none (HasY)
	Concurrency int64
	TP          int64
	Date        string
	RunID       string // the run id as written (a number in the seed), "" when absent or null
	Frontier    bool   // the input's claim; Frontier computes its own
	BestPerSku  bool

	// The throughputs per GPU; total and input NaN for a run that measured neither (HasTotal).
	TpPerGpu         float64
	OutputTputPerGpu float64
	InputTputPerGpu  float64

	// Raw is what a raw result adds (topology, image, run link, every metric); nil for a view's
	// points. A pointer keeps Point small and comparable: the snapshots of a raw page share it.
	Raw *RawPoint
	// Marks are what a view's point says besides its figures (its runs and ranges, requests,
	// invalid mark); nil for a raw point, which keeps them on Raw, and for a view point that
	// says none. Read them through Spread, Requests and Invalid, which look in both places.
	Marks *Marks
}

// Marks are what an inference view says of a point besides its figures (docs/input-formats.md,
// "The inference view"), as a site's own API views write them: a raw point's runs, ranges,
// requests and invalid mark, carried through the view so that a site rebuilt from it shows
// them again. They are not a RawPoint: a view point has no topology, image or raw metrics,
// and everything that tests Raw for those keeps seeing none.
type Marks struct {
	Spread   *Spread // nil for a point of one run; a view gives the runs' number, not the runs
	Requests Requests
	Invalid  bool
}

// Spread is p's runs and ranges when it is made of several runs (a raw point's, or its view's
// word of them); nil for a point of one run.
func (p *Point) Spread() *Spread {
	switch {
	case p.Raw != nil:
		return p.Raw.Spread
	case p.Marks != nil:
		return p.Marks.Spread
	}
	return nil
}

// Requests are p's requests as its client counted them (a raw point's, or its view's word of
// them); zero, so unknown, when nobody said.
func (p *Point) Requests() Requests {
	switch {
	case p.Raw != nil:
		return p.Raw.Requests
	case p.Marks != nil:
		return p.Marks.Requests
	}
	return Requests{}
}

// Invalid reports whether p's own client judged it invalid (a raw point's mark, or its view's).
func (p *Point) Invalid() bool {
	return p.Raw != nil && p.Raw.Invalid || p.Marks != nil && p.Marks.Invalid
}

// equal reports whether m and o say the same; either may be nil.
func (m *Marks) equal(o *Marks) bool {
	if m == nil || o == nil {
		return m == o
	}
	if m.Requests != o.Requests || m.Invalid != o.Invalid || (m.Spread == nil) != (o.Spread == nil) {
		return false
	}
	a, b := m.Spread, o.Spread
	return a == nil || a.N() == b.N() && a.Min.equal(b.Min) && a.Max.equal(b.Max)
}
