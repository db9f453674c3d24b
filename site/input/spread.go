package input

// Repeated runs: several results of one identity (configuration, topology, load and date, see
// rawIdentity) that disagree are runs of the same thing made again, as a sweep run twice, a
// JSONL with a line per repeat, or files of several days that a [[runs]] date counts as one
// snapshot. They are one point: each figure the median of the runs that measured it, with its
// minimum and maximum, and the runs themselves (Spread), for the page to draw whiskers and for
// the point's detail to list. Results that agree on every figure both give (InferenceX's
// latest and history rows of one run, which differ only by the metrics they carry) are the same
// run seen twice, and merge as before (mergeParts).

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/site/problem"
)

// spreadLimit is how far apart repeated runs' figures may lie before a warning says so: the
// greatest more than 25% over the least. Runs that far apart are more likely different things
// (another workload, a changed server) than one thing measured twice.
const spreadLimit = 1.25

// spreadKeys are the figures spreadWarning weighs: the ones a page draws.
var spreadKeys = [...]MetricID{MTputPerGPU, MOutputTputPerGPU, MMedianIntvty}

// spreadWarning is the warning of repeated runs (one identity, reading order) some figure of
// which differs by more than spreadLimit: for each such figure, the runs of its least and
// greatest value, by file and row, and the two values.
func spreadWarning(runs []rawRow) (problem.Problem, bool) {
	var far []string
	for _, m := range spreadKeys {
		lo, hi := -1, -1
		for i := range runs {
			v, ok := runs[i].raw.Metrics.Get(m)
			if !ok {
				continue
			}
			if lo < 0 || v < at(runs, lo, m) {
				lo = i
			}
			if hi < 0 || v > at(runs, hi, m) {
				hi = i
			}
		}
		if lo >= 0 && at(runs, lo, m) > 0 && at(runs, hi, m) > spreadLimit*at(runs, lo, m) {
			far = append(far, fmt.Sprintf("%s %.4g in %s and %.4g in %s", MetricNames[m],
				at(runs, lo, m), runs[lo].place(), at(runs, hi, m), runs[hi].place()))
		}
	}
	if len(far) == 0 {
		return problem.Problem{}, false
	}
	r := &runs[0]
	return problem.Problem{File: r.file, Path: r.loc(), Warning: true, Msg: fmt.Sprintf(
		"%d repeated runs at %s (one configuration, topology and date) differ by more than 25%%: %s; the point gives their medians (runs of different datasets are kept apart where the file names its dataset)",
		len(runs), r.load(), strings.Join(far, "; "))}, true
}

// at is run i's figure m (present: spreadWarning asked).
func at(runs []rawRow, i int, m MetricID) float64 {
	v, _ := runs[i].raw.Metrics.Get(m)
	return v
}

// Spread is what a point made of several runs keeps of them.
type Spread struct {
	// Min and Max are each figure's least and greatest value over the runs that measured it.
	Min, Max Metrics
	// Runs are the runs, in the order their files were read (path order, then file order).
	Runs []RunResult
	// Count is the number of runs where Runs is empty: an inference view's point gives their
	// number and ranges, not the runs (Point.Marks).
	Count int
}

// RunResult is one run of a point made of several.
type RunResult struct {
	Place    string // the file and row it came from, as problems name it: "data/x.json [3]"
	Image    string
	RunURL   string
	Metrics  Metrics
	Requests Requests
}

// N is the number of runs: 1 for a point of one run (s nil).
func (s *Spread) N() int {
	switch {
	case s == nil:
		return 1
	case s.Runs == nil:
		return s.Count
	}
	return len(s.Runs)
}

// Range is metric m's least and greatest value over the runs; ok false for a point of one run
// or a metric no run measured.
func (s *Spread) Range(m MetricID) (lo, hi float64, ok bool) {
	if s == nil {
		return 0, 0, false
	}
	lo, ok = s.Min.Get(m)
	hi, _ = s.Max.Get(m)
	return lo, hi, ok
}

// sameRun reports whether row r can be the run o seen again: no figure, image, run link or
// request count that both give differs.
func sameRun(o, r *rawRow) bool {
	if r.raw.Image != "" && o.raw.Image != "" && r.raw.Image != o.raw.Image {
		return false
	}
	if r.raw.RunURL != "" && o.raw.RunURL != "" && r.raw.RunURL != o.raw.RunURL {
		return false
	}
	if r.raw.Requests.Known() && o.raw.Requests.Known() && r.raw.Requests != o.raw.Requests {
		return false
	}
	same := true
	r.raw.Metrics.Each(func(m MetricID, v float64) {
		if w, ok := o.raw.Metrics.Get(m); ok && !nearlyEqual(v, w) {
			same = false
		}
	})
	return same
}

// foldRun merges row r into o, the same run: o gains the metrics, image, run link and counts
// it lacked.
func foldRun(o, r *rawRow) {
	if r.raw.Metrics.Len() > 0 {
		merged := o.raw.Metrics.unpack()
		r.raw.Metrics.Each(func(m MetricID, v float64) {
			if !merged.has1(m) {
				merged.set(m, v)
			}
		})
		o.raw.Metrics = merged.pack()
	}
	o.raw.Image = cmp1(o.raw.Image, r.raw.Image)
	o.raw.RunURL = cmp1(o.raw.RunURL, r.raw.RunURL)
	if !o.raw.Requests.Known() {
		o.raw.Requests = r.raw.Requests
	}
	o.raw.Invalid = o.raw.Invalid || r.raw.Invalid
}

// combineRuns makes runs (two or more of one identity, in reading order) one row: the first's
// place and keys, each figure the median of the runs that measured it, its range and the runs
// in Spread. Requests are summed when every run counted them, else unknown; the image and run
// link are the first run's that has one (every run's are in Spread); invalid if any run is.
func combineRuns(runs []rawRow) rawRow {
	out := runs[0]
	sp := &Spread{Runs: make([]RunResult, len(runs))}
	var union uint64
	var req Requests
	known := true
	for i := range runs {
		r := &runs[i]
		sp.Runs[i] = RunResult{Place: r.place(), Image: r.raw.Image, RunURL: r.raw.RunURL,
			Metrics: r.raw.Metrics, Requests: r.raw.Requests}
		union |= r.raw.Metrics.has
		known = known && r.raw.Requests.Known()
		req.Completed += r.raw.Requests.Completed
		req.Attempted += r.raw.Requests.Attempted
		out.raw.Image = cmp1(out.raw.Image, r.raw.Image)
		out.raw.RunURL = cmp1(out.raw.RunURL, r.raw.RunURL)
		out.raw.Invalid = out.raw.Invalid || r.raw.Invalid
	}
	if !known {
		req = Requests{}
	}
	var med, lo, hi metricSet
	vals := make([]float64, 0, len(runs))
	for h := union; h != 0; h &= h - 1 {
		m := MetricID(bits.TrailingZeros64(h))
		vals = vals[:0]
		for i := range runs {
			if v, ok := runs[i].raw.Metrics.Get(m); ok {
				vals = append(vals, v)
			}
		}
		slices.Sort(vals)
		med.set(m, median(vals))
		lo.set(m, vals[0])
		hi.set(m, vals[len(vals)-1])
	}
	out.raw.Metrics, sp.Min, sp.Max = med.pack(), lo.pack(), hi.pack()
	out.raw.Requests = req
	out.raw.Spread = sp
	return out
}

// median is the median of sorted vs (not empty): the middle value, or the mean of the two
// middle values of an even count.
func median(vs []float64) float64 {
	n := len(vs)
	if n%2 == 1 {
		return vs[n/2]
	}
	return vs[n/2-1] + (vs[n/2]-vs[n/2-1])/2
}
