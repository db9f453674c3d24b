package history

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json/jsontext"
	"fmt"
	"maps"
	"math"
	"slices"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/internal/digest"
	"github.com/frontier-bench/frontier/site/page"
	"github.com/frontier-bench/frontier/site/verdict"
)

// trendTable is one metric's trend table (history/trend-<metric>.json.gz): for each
// configuration (the Index's series, in order), the dates its rows changed on, each with its
// value at every reference interactivity (null where its frontier does not reach it). A value
// holds until the configuration's next change. The page script's trend chart and change table
// read it, and no row. GPUs holds, per GPU (its key), the same for the GPU's value: the
// frontier of the union of all its configurations' points as of each date any of them changed
// on (page.Curve), which best per GPU draws (docs/chart-page.md, "The trend").
//
// A state whose frontier comes from points run more than once at some reference adds, after
// its values, its run-to-run range at each reference in percent of the value (verdict.Spread,
// to 0.01; 0 where none), by which the change table widens its threshold as `frontier diff`
// does (docs/verdicts.md): [dateIndex, v20, v50, ..., s20, s50, ...]. A state of single runs
// writes none, so a site without repeated runs pays nothing, and a reader of the values
// (trendAt) is not affected.
//
//	{"metric": "tpPerGpu", "refX": [20, 50, ...], "dates": [oldest, ...],
//	 "lines": [[[dateIndex, v20, v50, ...], [dateIndex, v20, v50, ..., s20, s50, ...], ...], ...],
//	 "gpus": {"b200": [[dateIndex, ...], ...]}}
type trendTable struct {
	Metric string                   `json:"metric"`
	RefX   []float64                `json:"refX"`
	Dates  []string                 `json:"dates"`
	Lines  [][][]trendCell          `json:"lines"`
	GPUs   map[string][][]trendCell `json:"gpus"`
}

// MarshalJSONTo writes the table as encoding/json/v2 writes its fields (encoding/json/v2's
// MarshalerTo), token by token: through reflection each cell was a method call found by
// type, a tenth of writing the history.
func (t trendTable) MarshalJSONTo(enc *jsontext.Encoder) error {
	e := encoder{enc, nil}
	e.tok(jsontext.BeginObject)
	e.tok(jsontext.String("metric"))
	e.tok(jsontext.String(t.Metric))
	e.tok(jsontext.String("refX"))
	e.tok(jsontext.BeginArray)
	for _, x := range t.RefX {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("history: trend table %s: reference %v is not a JSON number", t.Metric, x)
		}
		e.tok(jsontext.Float(x))
	}
	e.tok(jsontext.EndArray)
	e.tok(jsontext.String("dates"))
	e.strings(t.Dates)
	e.tok(jsontext.String("lines"))
	e.tok(jsontext.BeginArray)
	for _, line := range t.Lines {
		e.trendLine(line)
	}
	e.tok(jsontext.EndArray)
	e.tok(jsontext.String("gpus"))
	e.tok(jsontext.BeginObject)
	for _, gpu := range slices.Sorted(maps.Keys(t.GPUs)) {
		e.tok(jsontext.String(gpu))
		e.trendLine(t.GPUs[gpu])
	}
	e.tok(jsontext.EndObject)
	e.tok(jsontext.EndObject)
	return e.err
}

// trendLine writes one line of a trend table: its cells, each a date index and its values.
func (e *encoder) trendLine(line [][]trendCell) {
	e.tok(jsontext.BeginArray)
	for _, cells := range line {
		e.tok(jsontext.BeginArray)
		for _, c := range cells {
			if e.err == nil {
				e.err = c.MarshalJSONTo(e.enc)
			}
		}
		e.tok(jsontext.EndArray)
	}
	e.tok(jsontext.EndArray)
}

// trendCell is a date index or a value: null when NaN, a whole number exactly, any other to
// six significant digits (charts.Round6).
type trendCell float64

// MarshalJSONTo writes the cell (encoding/json/v2's MarshalerTo).
func (v trendCell) MarshalJSONTo(enc *jsontext.Encoder) error {
	f := float64(v)
	switch {
	case math.IsNaN(f) || math.IsInf(f, 0):
		return enc.WriteToken(jsontext.Null)
	case f == math.Trunc(f) && math.Abs(f) < 1e15:
		return enc.WriteToken(jsontext.Float(f)) // a date index, or a whole value: as it is
	}
	return enc.WriteToken(jsontext.Float(charts.Round6(f)))
}

// trendValues is a metric's values of points for the trend: the page script's yValues at $1
// per GPU-hour and 1 kW per GPU, from the values rounded as the page's points are (the trend
// drawn from the page's own data would read the same frontier).
func trendValues(pts []input.Point, key string) []float64 {
	ys := make([]float64, len(pts))
	id, isRaw := input.MetricByName(key)
	for i := range pts {
		ys[i] = trendValue(&pts[i], key, id, isRaw)
	}
	return ys
}

// trendValue is one point's value of trendValues; id and isRaw are input.MetricByName(key).
func trendValue(pt *input.Point, key string, id input.MetricID, isRaw bool) float64 {
	y := math.NaN()
	m, _ := page.MetricOf(key)
	switch {
	case m.Y && m.Viewed():
		y = charts.Round6(m.Field(pt))
	case m.Priced():
		base, _ := page.MetricOf(m.Base)
		y = m.Of(1, charts.Round6(base.Field(pt)))
	default:
		if isRaw && pt.Raw != nil {
			if v, ok := pt.Raw.Metrics.Get(id); ok {
				y = charts.Round6(v)
			}
		}
	}
	if math.IsInf(y, 0) {
		y = math.NaN()
	}
	return y
}

// trendState is a configuration's points from date index d on, until its next state.
type trendState struct {
	d int
	s *page.PageSeries
}

// trendStatesOf lists each configuration's states, oldest first (a state starts on the date
// its points changed), and the page's dates, oldest first: what every metric's trend table
// reads.
func trendStatesOf(snaps []*page.Snapshot, series []*page.PageSeries) ([]string, [][]trendState) {
	n := len(snaps)
	dates := make([]string, n)
	states := make([][]trendState, len(series))
	index := map[string]int{}
	for i, s := range series {
		index[s.Key] = i
	}
	last := make([]*page.PageSeries, len(series))
	for d := range n {
		snap := snaps[n-1-d]
		dates[d] = snap.Date
		for j := range snap.Series {
			s := snap.Series[j]
			i := index[s.Key]
			if prev := last[i]; prev != nil && (prev == s || samePoints(prev, s)) {
				continue
			}
			last[i] = s
			states[i] = append(states[i], trendState{d, s})
		}
	}
	return dates, states
}

// trendFrom is the trend table of the states; cell, when not nil, gives a state's cells (its
// values at the references, then its spreads: frontierAt), computing them with the function it
// is passed only when it has not kept them (an incremental build: a save recomputes only the
// states it changed).
func trendFrom(dates []string, states [][]trendState, m Metric, refs []float64,
	cell func(s *page.PageSeries, compute func() []trendCell) []trendCell) trendTable {
	t := trendTable{Metric: m.Key, RefX: refs, Dates: dates, Lines: make([][][]trendCell, len(states))}
	for i, ss := range states {
		t.Lines[i] = make([][]trendCell, 0, len(ss))
		for _, st := range ss {
			var cells []trendCell
			if cell != nil {
				cells = cell(st.s, func() []trendCell { return frontierAt(st.s, m, refs) })
			} else {
				cells = frontierAt(st.s, m, refs)
			}
			cells = withoutEmptySpreads(cells, len(refs))
			t.Lines[i] = append(t.Lines[i], append([]trendCell{trendCell(st.d)}, cells...))
		}
	}
	t.GPUs = gpuLines(states, m, refs)
	return t
}

// gpuLines are the trend table's lines per GPU: on each date any of a GPU's configurations
// changed on, the frontier of the union of their points as of then, read at refs; a date
// whose values equal the GPU's last ones writes no cell.
func gpuLines(states [][]trendState, m Metric, refs []float64) map[string][][]trendCell {
	members := map[string][]int{}
	for i, ss := range states {
		if len(ss) > 0 {
			members[ss[0].s.GPU] = append(members[ss[0].s.GPU], i)
		}
	}
	out := make(map[string][][]trendCell, len(members))
	for gpu, cs := range members {
		var days []int
		for _, i := range cs {
			for _, st := range states[i] {
				days = append(days, st.d)
			}
		}
		slices.Sort(days)
		var line [][]trendCell
		var pts []input.Point // the union on a date, its backing array reused from date to date (frontierOf keeps none of it)
		for _, d := range slices.Compact(days) {
			pts = pts[:0]
			for _, i := range cs {
				if at := stateAt(states[i], d); at != nil {
					pts = append(pts, at.Points...)
				}
			}
			vals := withoutEmptySpreads(frontierOf(pts, m, refs), len(refs))
			if n := len(line); n > 0 && sameCells(line[n-1][1:], vals) {
				continue
			}
			line = append(line, append([]trendCell{trendCell(d)}, vals...))
		}
		out[gpu] = line
	}
	return out
}

// withoutEmptySpreads is a state's cells (its values at each of n references, then their
// spreads) without the spreads where every one is 0: a frontier of single runs ends with its
// values.
func withoutEmptySpreads(cells []trendCell, n int) []trendCell {
	if !slices.ContainsFunc(cells[n:], func(sp trendCell) bool { return sp > 0 }) {
		return cells[:n]
	}
	return cells
}

// stateAt is the state of a configuration's states in force on date index d, nil before its
// first.
func stateAt(ss []trendState, d int) *page.PageSeries {
	var s *page.PageSeries
	for _, st := range ss {
		if st.d > d {
			break
		}
		s = st.s
	}
	return s
}

// sameCells reports whether two cells' values are equal, NaN as NaN.
func sameCells(a, b []trendCell) bool {
	return slices.EqualFunc(a, b, func(x, y trendCell) bool {
		return x == y || math.IsNaN(float64(x)) && math.IsNaN(float64(y))
	})
}

// valueCurve is what frontierAt reads a metric at an x from.
type valueCurve interface {
	At(x float64) (float64, bool)
}

// frontierAt is a state's frontier for metric m read at each reference (NaN outside it): a
// configuration's value, by the one rule of page.Curve. A priced metric (a cost, tokens per MW)
// is its throughput's curve mapped through it (page.Derived), at $1 per GPU-hour and 1 kW as
// trendValues has it. After the values come the run-to-run spreads at each reference
// (trendSpreads), 0 where there is none.
func frontierAt(s *page.PageSeries, m Metric, refs []float64) []trendCell {
	return frontierOf(s.Points, m, refs)
}

// frontierOf is frontierAt of a set of points: one configuration's, or the union of a GPU's.
func frontierOf(pts []input.Point, m Metric, refs []float64) []trendCell {
	xs := make([]float64, len(pts))
	for k, pt := range pts {
		xs[k] = pt.X
	}
	var curve valueCurve
	if base, of, ok := derivedFrom(m.Key); ok {
		curve = page.NewDerived(xs, trendValues(pts, base), true, of)
	} else {
		curve = page.NewCurve(xs, trendValues(pts, m.Key), true, m.Higher)
	}
	cell := make([]trendCell, 0, 2*len(refs))
	for _, x := range refs {
		v, ok := curve.At(x)
		if !ok {
			v = math.NaN()
		}
		cell = append(cell, trendCell(v))
	}
	return append(cell, trendSpreads(pts, m, refs)...)
}

// trendSpreads is the run-to-run range of metric m's frontier at each reference in percent of
// its value, to 0.01 (0 where no point around it was run more than once), by the rule
// `frontier diff` widens its threshold by (verdict.Spread), from the points' ranges over their
// runs. Only a measured metric has them: a priced one is a throughput mapped through a price
// the reader sets, whose range the runs do not give.
func trendSpreads(pts []input.Point, m Metric, refs []float64) []trendCell {
	out := make([]trendCell, len(refs))
	id, ok := spreadMetric(m.Key)
	if !ok || !slices.ContainsFunc(pts, func(pt input.Point) bool { return pt.Spread().N() > 1 }) {
		return out // single runs, as nearly every state is: nothing to read
	}
	ys := trendValues(pts, m.Key)
	vp := make([]verdict.Point, 0, len(pts))
	repeated := false
	for k := range pts {
		q := verdict.Point{X: pts[k].X, Y: ys[k]}
		if lo, hi, ok := pts[k].Spread().Range(id); ok && pts[k].Spread().N() > 1 {
			q.Lo, q.Hi, repeated = charts.Round6(lo), charts.Round6(hi), true
		}
		vp = append(vp, q)
	}
	if !repeated {
		return out
	}
	for r, x := range refs {
		out[r] = trendCell(math.Round(1e4*verdict.Spread(vp, m.Higher, x)) / 100)
	}
	return out
}

// spreadMetric is the measured metric key names, whose range a point of several runs keeps;
// ok is false for a priced metric (derivedFrom).
func spreadMetric(key string) (input.MetricID, bool) {
	if m, ok := page.MetricOf(key); ok {
		return m.Input, m.By == page.Measured
	}
	return input.MetricByName(key)
}

// derivedFrom is the throughput a priced metric is made of and how, at $1 per GPU-hour and 1 kW
// (trendValue); ok is false for any other metric.
func derivedFrom(key string) (base string, of func(tp float64) float64, ok bool) {
	m, ok := page.MetricOf(key)
	if !ok || !m.Priced() {
		return "", nil, false
	}
	return m.Base, func(tp float64) float64 { return m.Of(1, tp) }, true
}

// trendStateKeys digests each state's points, once for every metric's table and cells.
func trendStateKeys(states [][]trendState) map[*page.PageSeries][sha256.Size]byte {
	keys := map[*page.PageSeries][sha256.Size]byte{}
	d := digest.New("trend state")
	for _, ss := range states {
		for _, st := range ss {
			if _, ok := keys[st.s]; ok {
				continue
			}
			d.I64(int64(len(st.s.Points)))
			for k := range st.s.Points {
				digestValues(d, &st.s.Points[k])
				digestSpread(d, st.s.Points[k].Spread())
			}
			keys[st.s] = d.Sum("trend state")
		}
	}
	return keys
}

// trendMetric digests what a trend cell reads besides its points: the metric, its direction
// and the references.
func trendMetric(m Metric, refs []float64) [sha256.Size]byte {
	d := digest.New("trend metric with spreads") // a cell holds its spreads after its values
	trendMetricKey(d, m, refs)
	return d.Sum("")
}

// trendCellKey digests what trendCell reads: the metric (trendMetric) and the state's points.
func trendCellKey(metric, state [sha256.Size]byte) [sha256.Size]byte {
	var b [2 * sha256.Size]byte
	copy(b[:], metric[:])
	copy(b[sha256.Size:], state[:])
	return sha256.Sum256(b[:])
}

// trendTableKey digests what a metric's trend table is made of: the metric, the dates, and
// each configuration's states with the date each began.
func trendTableKey(m Metric, refs []float64, dates []string, states [][]trendState, keys map[*page.PageSeries][sha256.Size]byte) [sha256.Size]byte {
	d := digest.New("trend table")
	trendMetricKey(d, m, refs)
	d.I64(int64(len(dates)))
	for _, date := range dates {
		d.Str(date)
	}
	d.I64(int64(len(states)))
	for _, ss := range states {
		d.I64(int64(len(ss)))
		for _, st := range ss {
			d.I64(int64(st.d))
			d.Key(keys[st.s])
		}
	}
	return d.Sum("")
}

// digestSpread adds what trendSpreads reads of a point's runs: their number and each metric's
// range over them.
func digestSpread(d *digest.Digest, sp *input.Spread) {
	d.I64(int64(sp.N()))
	if sp == nil {
		return
	}
	for _, ms := range []input.Metrics{sp.Min, sp.Max} {
		ms.Each(func(m input.MetricID, v float64) {
			d.U64(uint64(m) + 1)
			d.F64(v)
		})
		d.U64(0)
	}
}

func trendMetricKey(d *digest.Digest, m Metric, refs []float64) {
	d.Str(m.Key)
	if m.Higher {
		d.U64(1)
	} else {
		d.U64(0)
	}
	d.I64(int64(len(refs)))
	for _, x := range refs {
		d.F64(x)
	}
}

// trendCellKept is compute(), or the cell the cache kept under key by this build or the one
// before, stored as the bits of its values.
func trendCellKept(cache Cache, key [sha256.Size]byte, compute func() []trendCell) []trendCell {
	b := cache.Derived(key, func() []byte {
		vals := compute()
		b := make([]byte, 0, 8*len(vals)+1)
		for _, v := range vals {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(float64(v)))
		}
		return append(b, 0) // never nil, even for no references
	})
	vals := make([]trendCell, len(b)/8)
	for i := range vals {
		vals[i] = trendCell(math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:])))
	}
	return vals
}
