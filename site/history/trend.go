package history

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json/jsontext"
	"fmt"
	"math"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/internal/digest"
	"github.com/frontier-bench/frontier/site/page"
)

// trendTable is one metric's trend table (history/trend-<metric>.json.gz): for each
// configuration (the Index's series, in order), the dates its rows changed on, each with its
// value at every reference interactivity (null where its frontier does not reach it). A value
// holds until the configuration's next change. The page script's trend chart and change table
// read it, and no row.
//
//	{"metric": "tpPerGpu", "refX": [20, 50, ...], "dates": [oldest, ...],
//	 "lines": [[[dateIndex, v20, v50, ...], ...], ...]}
type trendTable struct {
	Metric string          `json:"metric"`
	RefX   []float64       `json:"refX"`
	Dates  []string        `json:"dates"`
	Lines  [][][]trendCell `json:"lines"`
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
		e.tok(jsontext.BeginArray)
		for _, cells := range line {
			e.tok(jsontext.BeginArray)
			for _, c := range cells {
				if e.err == nil {
					e.err = c.MarshalJSONTo(enc)
				}
			}
			e.tok(jsontext.EndArray)
		}
		e.tok(jsontext.EndArray)
	}
	e.tok(jsontext.EndArray)
	e.tok(jsontext.EndObject)
	return e.err
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
	tp := charts.Round6(pt.TpPerGpu)
	switch key {
	case "tpPerGpu":
		y = tp
	case "outputTputPerGpu":
		y = charts.Round6(pt.OutputTputPerGpu)
	case "inputTputPerGpu":
		y = charts.Round6(pt.InputTputPerGpu)
	case "costPerMTok":
		y = charts.CostPerMTok(1, tp)
	case "costPerMOutputTok":
		y = charts.CostPerMTok(1, charts.Round6(pt.OutputTputPerGpu))
	case "costPerMInputTok":
		y = charts.CostPerMTok(1, charts.Round6(pt.InputTputPerGpu))
	case "tokPerMW":
		y = charts.TokPerMW(tp, 1)
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

// trendFrom is the trend table of the states; cell, when not nil, gives a state's values at
// the references, computing them with the function it is passed only when it has not kept
// them (an incremental build: a save recomputes only the states it changed).
func trendFrom(dates []string, states [][]trendState, m Metric, refs []float64,
	cell func(s *page.PageSeries, compute func() []trendCell) []trendCell) trendTable {
	t := trendTable{Metric: m.Key, RefX: refs, Dates: dates, Lines: make([][][]trendCell, len(states))}
	for i, ss := range states {
		t.Lines[i] = make([][]trendCell, 0, len(ss))
		for _, st := range ss {
			var vals []trendCell
			if cell != nil {
				vals = cell(st.s, func() []trendCell { return frontierAt(st.s, m, refs) })
			} else {
				vals = frontierAt(st.s, m, refs)
			}
			t.Lines[i] = append(t.Lines[i], append([]trendCell{trendCell(st.d)}, vals...))
		}
	}
	return t
}

// valueCurve is what frontierAt reads a metric at an x from.
type valueCurve interface {
	At(x float64) (float64, bool)
}

// frontierAt is a state's frontier for metric m read at each reference (NaN outside it): a
// configuration's value, by the one rule of page.Curve. A priced metric (a cost, tokens per MW)
// is its throughput's curve mapped through it (page.Derived), at $1 per GPU-hour and 1 kW as
// trendValues has it.
func frontierAt(s *page.PageSeries, m Metric, refs []float64) []trendCell {
	xs := make([]float64, len(s.Points))
	for k, pt := range s.Points {
		xs[k] = pt.X
	}
	var curve valueCurve
	if base, of, ok := derivedFrom(m.Key); ok {
		curve = page.NewDerived(xs, trendValues(s.Points, base), true, of)
	} else {
		curve = page.NewCurve(xs, trendValues(s.Points, m.Key), true, m.Higher)
	}
	cell := make([]trendCell, 0, len(refs))
	for _, x := range refs {
		v, ok := curve.At(x)
		if !ok {
			v = math.NaN()
		}
		cell = append(cell, trendCell(v))
	}
	return cell
}

// derivedFrom is the throughput a priced metric is made of and how, at $1 per GPU-hour and 1 kW
// (trendValue); ok is false for any other metric.
func derivedFrom(key string) (base string, of func(tp float64) float64, ok bool) {
	if base, ok := charts.CostBase(key); ok {
		return base, func(tp float64) float64 { return charts.CostPerMTok(1, tp) }, true
	}
	if key == "tokPerMW" {
		return "tpPerGpu", func(tp float64) float64 { return charts.TokPerMW(tp, 1) }, true
	}
	return "", nil, false
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
			}
			keys[st.s] = d.Sum("trend state")
		}
	}
	return keys
}

// trendMetric digests what a trend cell reads besides its points: the metric, its direction
// and the references.
func trendMetric(m Metric, refs []float64) [sha256.Size]byte {
	d := digest.New("trend metric")
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
