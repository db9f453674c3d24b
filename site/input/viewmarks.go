package input

// What an inference view's point may say besides its figures (docs/input-formats.md, "The
// inference view"), as a site's own API views write it: runs (the number of runs its figures
// are the medians of), range (each figure's [min, max] over them, keyed x, y, tpPerGpu,
// outputTputPerGpu, inputTputPerGpu), requests (completed and attempted, as its client counted
// them) and invalid (its client judged it so). They become Point.Marks, so that a site rebuilt
// from its own views shows the whiskers, "of N runs", hollow markers and invalid marks again.
//
// Rules, each a problem at the value's JSON path:
//   - runs: an integer of at least 1. A point of one run (runs 1 or absent) has no range: one
//     given is a warning and ignored.
//   - range: an object; each known key a [min, max] pair of finite, non-negative numbers with
//     min <= max. Other keys are ignored. y is the range of the view's metric, read where the
//     metric is one of the three throughputs and the file does not give that key itself (one
//     that differs from it is a warning). A range of a figure the point does not have, or one
//     its figure lies outside, is a warning: the figures stay the ones the view gives.
//   - requests: an object with completed and attempted, integers, 1 <= attempted and
//     completed <= attempted; success, if given, is checked against completed / attempted (a
//     warning where it differs) and not otherwise used.
//   - invalid: a boolean.

import (
	"fmt"
	"math"
	"slices"
	"strconv"
)

// rangeKeys are the keys of a view point's range, in viewMarks.ranges order.
var rangeKeys = [...]string{"x", "y", "tpPerGpu", "outputTputPerGpu", "inputTputPerGpu"}

// rangeMetrics are the metrics of rangeKeys but y, whose metric is the view's.
var rangeMetrics = [...]MetricID{MMedianIntvty, 0, MTputPerGPU, MOutputTputPerGPU, MInputTputPerGPU}

// viewMarks are a view point's marks as read, until finish can check them against the point's
// figures and the view's metric (JSON keys come in any order).
type viewMarks struct {
	seen     uint // which of runs, range, requests, invalid were given (given twice: warned)
	runs     int64
	ranges   [len(rangeKeys)]viewRange
	rangeOff int // where range starts, -1 when absent
	requests Requests
	invalid  bool
}

// viewRange is one [min, max] of a view point's range.
type viewRange struct {
	lo, hi float64
	ok     bool
	off    int
}

// pointMark reads the point member k, one of runs, range, requests and invalid.
func (d *decoder) pointMark(k string, info *pointInfo) {
	if info.marks == nil {
		info.marks = &viewMarks{rangeOff: -1}
	}
	m := info.marks
	switch k {
	case "runs":
		d.once(&m.seen, 1)
		if n, ok := d.integer(false, true); ok && n < 1 {
			d.problem(d.off, "want at least 1 run, got %d", n)
		} else {
			m.runs = n
		}
	case "range":
		d.once(&m.seen, 2)
		m.rangeOff = d.off
		d.viewRanges(m)
	case "requests":
		d.once(&m.seen, 4)
		m.requests = d.viewRequests()
	case "invalid":
		d.once(&m.seen, 8)
		m.invalid, _ = d.boolean(false)
	}
}

// viewRanges reads a point's range object.
func (d *decoder) viewRanges(m *viewMarks) {
	var seen uint
	d.fields(func(k []byte) {
		i := slices.Index(rangeKeys[:], string(k))
		if i < 0 {
			d.skip()
			return
		}
		d.once(&seen, 1<<i)
		m.ranges[i] = viewRange{}
		var pair [2]float64
		n, bad := 0, false
		if !d.elements(func(j int) {
			v, ok := d.number(true)
			bad = bad || !ok
			if j < len(pair) {
				pair[j] = v
			}
			n++
		}) || bad {
			return
		}
		switch {
		case n != 2:
			d.problem(d.off, "want [min, max], two numbers, got %d", n)
		case pair[0] > pair[1]:
			d.problem(d.off, "min %s is above max %s", fmtG(pair[0]), fmtG(pair[1]))
		default:
			m.ranges[i] = viewRange{lo: pair[0], hi: pair[1], ok: true, off: d.off}
		}
	})
}

// viewRequests reads a point's requests object; zero (unknown) when it has a problem.
func (d *decoder) viewRequests() Requests {
	const (
		completed uint = 1 << iota
		attempted
		success
	)
	var seen uint
	var q Requests
	var ratio float64
	ratioOff, nerr := -1, d.nerr
	if !d.fields(func(k []byte) {
		switch string(k) {
		case "completed":
			d.once(&seen, completed)
			q.Completed, _ = d.integer(true, true)
		case "attempted":
			d.once(&seen, attempted)
			q.Attempted, _ = d.integer(true, true)
		case "success":
			d.once(&seen, success)
			var ok bool
			if ratio, ok = d.number(false); ok {
				ratioOff = d.off
			}
		default:
			d.skip()
		}
	}) {
		return Requests{}
	}
	d.require(d.off, seen, completed|attempted, "completed", "attempted")
	if d.nerr > nerr {
		return Requests{}
	}
	switch {
	case q.Attempted < 1:
		d.add(d.at(d.off, d.pathString("attempted"), false, "want at least 1: a run that sent no request has no success to show"))
		return Requests{}
	case q.Completed > q.Attempted:
		d.add(d.at(d.off, d.pathString("completed"), false, fmt.Sprintf("%d completed of %d attempted: more than were sent", q.Completed, q.Attempted)))
		return Requests{}
	}
	if want := float64(q.Completed) / float64(q.Attempted); ratioOff >= 0 && math.Abs(ratio-want) > 5e-4 {
		d.add(d.at(ratioOff, d.pathString("success"), true,
			fmt.Sprintf("%s differs from completed / attempted (%s); the counts are used", fmtG(ratio), fmtG(want))))
	}
	return q
}

// pointMarks checks point p's marks, as read into info, against its figures and the view's
// metric (own: its index in metricNames, -1 for another metric), and sets p.Marks.
func (d *decoder) pointMarks(p *Point, info *pointInfo, own int) {
	m := info.marks
	mk := Marks{Requests: m.requests, Invalid: m.invalid}
	given := slices.ContainsFunc(m.ranges[:], func(r viewRange) bool { return r.ok })
	switch {
	case m.runs >= 2:
		mk.Spread = d.viewSpread(p, info, own)
	case given:
		d.add(d.at(m.rangeOff, pointPath(*info)+".range", true,
			"a point of one run has no range (runs is 1 or absent): ignored"))
	}
	if mk != (Marks{}) {
		p.Marks = &mk
	}
}

// viewSpread is the spread of a point of info.marks.runs runs, with the ranges the view gives.
func (d *decoder) viewSpread(p *Point, info *pointInfo, own int) *Spread {
	m := info.marks
	rs := m.ranges
	if y := rs[1]; y.ok && own >= 0 {
		switch it := &rs[2+own]; {
		case !it.ok:
			*it = y
		case !nearlyEqual(it.lo, y.lo) || !nearlyEqual(it.hi, y.hi):
			d.add(d.at(y.off, pointPath(*info)+".range.y", true,
				fmt.Sprintf("differs from range.%s; that one is used", metricNames[own])))
		}
	}
	figures := [...]float64{p.X, math.NaN(), p.TpPerGpu, p.OutputTputPerGpu, p.InputTputPerGpu}
	var lo, hi metricSet
	for i, r := range rs {
		if i == 1 || !r.ok {
			continue
		}
		path := pointPath(*info) + ".range." + rangeKeys[i]
		v := figures[i]
		switch {
		case math.IsNaN(v):
			d.add(d.at(r.off, path, true, "a range of a figure the point does not have: ignored"))
			continue
		case (v < r.lo && !nearlyEqual(v, r.lo)) || (v > r.hi && !nearlyEqual(v, r.hi)):
			d.add(d.at(r.off, path, true, fmt.Sprintf("the point's %s lies outside its range [%s, %s]",
				fmtG(v), fmtG(r.lo), fmtG(r.hi))))
		}
		lo.set(rangeMetrics[i], r.lo)
		hi.set(rangeMetrics[i], r.hi)
	}
	return &Spread{Min: lo.pack(), Max: hi.pack(), Count: int(m.runs)}
}

// fmtG writes a number as problems quote it: the shortest text that reads back as it.
func fmtG(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
