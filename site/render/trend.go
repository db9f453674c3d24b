package render

import (
	"crypto/sha256"
	"encoding/binary"
	"math"
	"strconv"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/output"
	"github.com/frontier-bench/frontier/site/pareto"
)

// trendValues is a metric's values of points for the trend: the page script's yValues at $1
// per GPU-hour and 1 kW per GPU, from the values rounded as the page's points are (the trend
// drawn from the page's own data would read the same frontier).
func trendValues(pts []input.Point, key string) []float64 {
	ys := make([]float64, len(pts))
	id, isRaw := input.MetricByName(key)
	for i, pt := range pts {
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
			y = 1 / (tp * 3600) * 1e6
		case "tokPerMW":
			y = tp / 1 * 1000
		default:
			if isRaw && pt.Raw != nil {
				if v, ok := pt.Raw.Metrics.Get(id); ok {
					y, _ = strconv.ParseFloat(strconv.FormatFloat(v, 'g', 6, 64), 64)
				}
			}
		}
		if math.IsInf(y, 0) {
			y = math.NaN()
		}
		ys[i] = y
	}
	return ys
}

// trendOf computes a metric's trend table: every configuration's frontier on the page's own
// x axis (interactivity), in the metric's direction, read at each reference on every date its
// points changed. It is what the page script's trend.js drew from every snapshot before.
func trendOf(p *Page, series []*PageSeries, m MetricData, refs []float64) TrendData {
	dates, states := trendStatesOf(p, series)
	return trendFrom(dates, states, m, refs, nil)
}

// trendState is a configuration's points from date index d on, until its next state.
type trendState struct {
	d int
	s *PageSeries
}

// trendStatesOf lists each series' states, oldest first (a state starts on the date its
// points changed), and the page's dates, oldest first: what every metric's trend table reads.
func trendStatesOf(p *Page, series []*PageSeries) ([]string, [][]trendState) {
	n := len(p.Snapshots)
	dates := make([]string, n)
	states := make([][]trendState, len(series))
	index := map[string]int{}
	for i, s := range series {
		index[s.Key] = i
	}
	last := make([]*PageSeries, len(series))
	for d := range n {
		snap := p.Snapshots[n-1-d]
		dates[d] = snap.Date
		for _, s := range snap.Series {
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

// trendFrom is the trend table of the states; cell, when not nil, gives a state's values at the
// references, computing them with the function it is passed only when it has not kept them
// (an incremental build: a save recomputes only the states it changed).
func trendFrom(dates []string, states [][]trendState, m MetricData, refs []float64,
	cell func(s *PageSeries, compute func() []TrendCell) []TrendCell) TrendData {
	t := TrendData{Metric: m.Key, RefX: refs, Dates: dates, Lines: make([][][]TrendCell, len(states))}
	for i, ss := range states {
		t.Lines[i] = make([][]TrendCell, 0, len(ss))
		for _, st := range ss {
			var vals []TrendCell
			if cell != nil {
				vals = cell(st.s, func() []TrendCell { return trendCell(st.s, m, refs) })
			} else {
				vals = trendCell(st.s, m, refs)
			}
			t.Lines[i] = append(t.Lines[i], append([]TrendCell{TrendCell(st.d)}, vals...))
		}
	}
	return t
}

// trendCell is a state's frontier for metric m read at each reference (NaN outside it).
func trendCell(s *PageSeries, m MetricData, refs []float64) []TrendCell {
	xs := make([]float64, len(s.Points))
	for k, pt := range s.Points {
		xs[k] = charts.Round6(pt.X)
	}
	ys := trendValues(s.Points, m.Key)
	front := pareto.FrontierDir(xs, ys, true, m.Higher)
	fx, fy := make([]float64, len(front)), make([]float64, len(front))
	for k, j := range front {
		fx[k], fy[k] = xs[j], ys[j]
	}
	curve := pareto.NewMonotone(fx, fy)
	cell := make([]TrendCell, 0, len(refs))
	for _, x := range refs {
		v, ok := curve.At(x)
		if !ok {
			v = math.NaN()
		}
		cell = append(cell, TrendCell(v))
	}
	return cell
}

// samePoints reports whether two states of a series hold the same points.
func samePoints(a, b *PageSeries) bool {
	if len(a.Points) != len(b.Points) {
		return false
	}
	for i := range a.Points {
		if a.Points[i].ID != b.Points[i].ID {
			return false
		}
	}
	return true
}

// trendStateKeys digests each state's points, once for every metric's table and cells.
func trendStateKeys(states [][]trendState) map[*PageSeries][sha256.Size]byte {
	keys := map[*PageSeries][sha256.Size]byte{}
	d := newDigest("trend state")
	for _, ss := range states {
		for _, st := range ss {
			if _, ok := keys[st.s]; ok {
				continue
			}
			d.i64(int64(len(st.s.Points)))
			for k := range st.s.Points {
				d.values(&st.s.Points[k])
			}
			keys[st.s] = d.sum("trend state")
		}
	}
	return keys
}

// trendMetric digests what a trend cell reads besides its points: the metric, its direction and
// the references.
func trendMetric(m MetricData, refs []float64) [sha256.Size]byte {
	d := newDigest("trend metric")
	trendMetricKey(d, m, refs)
	return d.sum("")
}

// trendCellKey digests what trendCell reads: the metric (trendMetric) and the state's points.
func trendCellKey(metric, state [sha256.Size]byte) [sha256.Size]byte {
	var b [2 * sha256.Size]byte
	copy(b[:], metric[:])
	copy(b[sha256.Size:], state[:])
	return sha256.Sum256(b[:])
}

// trendTableKey digests what a metric's trend table is made of: the metric, the dates, and
// each series' states with the date each began.
func trendTableKey(m MetricData, refs []float64, dates []string, states [][]trendState, keys map[*PageSeries][sha256.Size]byte) [sha256.Size]byte {
	d := newDigest("trend table")
	trendMetricKey(d, m, refs)
	d.i64(int64(len(dates)))
	for _, date := range dates {
		d.str(date)
	}
	d.i64(int64(len(states)))
	for _, ss := range states {
		d.i64(int64(len(ss)))
		for _, st := range ss {
			d.i64(int64(st.d))
			d.key(keys[st.s])
		}
	}
	return d.sum("")
}

func trendMetricKey(d *digest, m MetricData, refs []float64) {
	d.str(m.Key)
	if m.Higher {
		d.u64(1)
	} else {
		d.u64(0)
	}
	d.i64(int64(len(refs)))
	for _, x := range refs {
		d.f64(x)
	}
}

// trendCellKept is compute(), or the cell kept under key by this build or the one before (an
// incremental build), stored as the bits of its values.
func (r *Renderer) trendCellKept(w output.Writer, key [sha256.Size]byte, compute func() []TrendCell) []TrendCell {
	b := r.derived(w, key, func() []byte {
		vals := compute()
		b := make([]byte, 0, 8*len(vals)+1)
		for _, v := range vals {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(float64(v)))
		}
		return append(b, 0) // never nil, even for no references
	})
	vals := make([]TrendCell, len(b)/8)
	for i := range vals {
		vals[i] = TrendCell(math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:])))
	}
	return vals
}
