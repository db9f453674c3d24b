package input

// The inference view (view "inference", apiVersion "v1"): LoadDataset decodes and validates one
// such file into a Dataset.
//
// Validation rules (the contract in docs/input-formats.md, "The inference view"):
//
//   - view must be "inference" and apiVersion "v1". A file that fails either is reported with
//     those problems only: the other rules are about this format, and a file of another
//     format would otherwise get fifty lines of noise.
//   - Required, non-empty strings: params.model, params.sequence, params.date (YYYY-MM-DD),
//     metric.key, xAxis.label, hardware[].key, hardware[].label, series[].hwKey, series[].gpu,
//     series[].framework, series[].label, series[].points[].precision.
//   - No string holds a control character (C0, DEL, C1; NUL, ESC, CR and tab included): no page
//     can show one, and in a name it is an accident or a trick.
//   - Required arrays: hardware, series, series[].points. An empty series or points list is a
//     warning (a benchmark with no results yet should not fail the site).
//   - Required numbers: points[].id (an integer), x and y (finite, not negative).
//   - Optional: concurrency and tp (non-negative integers, 0 when absent), date (YYYY-MM-DD),
//     runId (a number or a string, kept as the text the file holds; null or absent is ""),
//     frontier and bestPerSku (booleans, kept but never trusted), specMethod ("none" when absent),
//     vendor (the hardware entry's vendor when absent), the labels and units of metric and xAxis.
//   - metrics {tpPerGpu, outputTputPerGpu, inputTputPerGpu} is optional, each member too, because
//     each can be recovered: the dataset's own metric is y, and tpPerGpu = output + input.
//     A metric that cannot be recovered is 0, with one warning per file and metric.
//     A y that disagrees with its own metric in metrics is a warning (the chart and the
//     metric switch would show different numbers).
//   - A point's runs, range, requests and invalid (what a site's own API views write of it) are
//     optional and become Point.Marks; their rules are in viewmarks.go.
//   - null counts as absent for optional fields and as a type error for required ones.
//   - Every hwKey names an entry of hardware[]; hardware keys are unique.
//   - Point ids are unique within a file: a repeated id with identical values (and the same
//     series) is kept once with a warning, with any other difference it is an error.
//   - Unknown fields are ignored; a known field given twice is a warning and the last one wins
//     (as encoding/json does). Keys match exactly, case included.
//   - Syntax errors are reported as FILE:LINE:COL (column in characters, as editors count them)
//     and are the only problem reported for that file: past a syntax error nothing is certain.

import (
	"encoding/json/jsontext"
	"fmt"
	"math"
	"slices"

	"github.com/frontier-bench/frontier/site/problem"
)

// LoadDataset decodes and validates one data file. name is how problems call the file
// (e.g. "data/x.json"). The dataset is nil when any problem is an error; the problems hold
// every error and warning found, in the order they appear in the file. data is not retained.
func LoadDataset(name string, data []byte) (ds *Dataset, ps problem.Problems) {
	d := newDecoder(name, data)
	defer d.release()
	if se := catchSyntax(func() { ds = d.dataset() }); se != nil {
		return nil, se.problems(name, data)
	}
	slices.SortStableFunc(d.probs, func(a, b located) int { return a.off - b.off })
	ps = make(problem.Problems, len(d.probs))
	for i, l := range d.probs {
		ps[i] = l.p
	}
	if d.nerr > 0 {
		ds = nil
	}
	return ds, ps
}

// pointInfo is what the checks after the parse need to know about a point.
type pointInfo struct {
	ser, idx int        // series and point index as written in the file
	off      int        // where the point starts, to order problems
	yOff     int        // where its y starts
	has      uint8      // which metrics the file gave (hasTp, hasOut, hasIn)
	bad      bool       // the point had problems: comparing or completing it would only add noise
	marks    *viewMarks // its runs, range, requests and invalid mark as read (viewmarks.go); nil when none
}

const (
	hasTp uint8 = 1 << iota
	hasOut
	hasIn
)

// metricNames are the point metrics, in the bit order of hasTp, hasOut, hasIn.
var metricNames = [3]string{"tpPerGpu", "outputTputPerGpu", "inputTputPerGpu"}

// fileState collects what only the whole file can check.
type fileState struct {
	view, api       string
	viewOK, apiOK   bool
	viewOff, apiOff int
	hwKeyOff        []int // per series, offset of its hwKey value (-1: absent)
	points          []pointInfo
	seriesOff       int
	seriesOK        bool    // series was an array
	scratch         []Point // one series' points while they are read; copied out at exact size
}

// Field bits of the top-level object, for the required and given-twice checks.
const (
	fView uint = 1 << iota
	fAPI
	fParams
	fMetric
	fXAxis
	fHardware
	fSeries
)

func (d *decoder) dataset() *Dataset {
	ds := &Dataset{}
	st := &fileState{}
	var seen uint
	ok := d.fields(func(k []byte) {
		switch string(k) {
		case "view":
			d.once(&seen, fView)
			st.view, st.viewOK = d.str(true)
			st.viewOff = d.off
		case "apiVersion":
			d.once(&seen, fAPI)
			st.api, st.apiOK = d.str(true)
			st.apiOff = d.off
		case "params":
			d.once(&seen, fParams)
			d.params(ds)
		case "metric":
			d.once(&seen, fMetric)
			d.metric(&ds.Metric)
		case "xAxis":
			d.once(&seen, fXAxis)
			d.xAxis(&ds.XAxis)
		case "hardware":
			d.once(&seen, fHardware)
			d.hardware(ds)
		case "series":
			d.once(&seen, fSeries)
			st.seriesOK = d.series(ds, st)
			st.seriesOff = d.off
		default:
			d.skip()
		}
	})
	start := d.off
	d.top()
	if !ok {
		return nil
	}

	// The format's identity first: if this is not an inference-view v1 file, say only that.
	var id []located
	switch {
	case seen&fView == 0:
		id = append(id, d.at(start, "view", false, `missing required field (want "inference")`))
	case st.viewOK && st.view != "inference":
		id = append(id, d.at(st.viewOff, "view", false, fmt.Sprintf(`want "inference", got %q`, st.view)))
	}
	switch {
	case seen&fAPI == 0:
		id = append(id, d.at(start, "apiVersion", false, `missing required field (want "v1")`))
	case st.apiOK && st.api != "v1":
		id = append(id, d.at(st.apiOff, "apiVersion", false, fmt.Sprintf(`want "v1", got %q`, st.api)))
	}
	if len(id) > 0 || !st.viewOK || !st.apiOK {
		// Keep what was said about view and apiVersion themselves (a wrong type, say), drop the rest.
		for _, l := range d.probs {
			if l.p.Path == "view" || l.p.Path == "apiVersion" {
				id = append(id, l)
			}
		}
		d.probs, d.nerr = id, 0
		for _, l := range id {
			if !l.p.Warning {
				d.nerr++
			}
		}
		return nil
	}
	for _, f := range [...]struct {
		bit  uint
		name string
	}{{fParams, "params"}, {fMetric, "metric"}, {fXAxis, "xAxis"}, {fHardware, "hardware"}, {fSeries, "series"}} {
		if seen&f.bit == 0 {
			d.add(d.at(start, f.name, false, "missing required field"))
		}
	}
	if st.seriesOK && len(ds.Series) == 0 {
		d.add(d.at(st.seriesOff, "series", true, "no series: this file adds nothing to the site"))
	}
	d.finish(ds, st)
	return ds
}

func (d *decoder) params(ds *Dataset) {
	const (
		model uint = 1 << iota
		sequence
		date
	)
	var seen uint
	if !d.fields(func(k []byte) {
		switch string(k) {
		case "model":
			d.once(&seen, model)
			ds.Model = d.text(true)
		case "sequence":
			d.once(&seen, sequence)
			ds.Sequence = d.text(true)
		case "date":
			d.once(&seen, date)
			ds.Date = d.date(true)
		default:
			d.skip()
		}
	}) {
		return
	}
	d.require(d.off, seen, model|sequence|date, "model", "sequence", "date")
}

func (d *decoder) metric(m *Metric) {
	const (
		key uint = 1 << iota
		label
		labelZh
		unit
	)
	var seen uint
	if !d.fields(func(k []byte) {
		switch string(k) {
		case "key":
			d.once(&seen, key)
			m.Key = d.text(true)
		case "label":
			d.once(&seen, label)
			m.Label, _ = d.str(false)
		case "labelZh":
			d.once(&seen, labelZh)
			m.LabelZh, _ = d.str(false)
		case "unit":
			d.once(&seen, unit)
			m.Unit, _ = d.str(false)
		default:
			d.skip()
		}
	}) {
		return
	}
	d.require(d.off, seen, key, "key")
}

func (d *decoder) xAxis(x *XAxis) {
	const (
		mode uint = 1 << iota
		field
		label
	)
	var seen uint
	if !d.fields(func(k []byte) {
		switch string(k) {
		case "mode":
			d.once(&seen, mode)
			x.Mode, _ = d.str(false)
		case "field":
			d.once(&seen, field)
			x.Field, _ = d.str(false)
		case "label":
			d.once(&seen, label)
			x.Label = d.text(true)
		default:
			d.skip()
		}
	}) {
		return
	}
	d.require(d.off, seen, label, "mode", "field", "label")
}

func (d *decoder) hardware(ds *Dataset) {
	const (
		key uint = 1 << iota
		label
		vendor
	)
	keyOff := map[string]int{}
	d.elements(func(i int) {
		var h Hardware
		var seen uint
		off := -1
		if !d.fields(func(k []byte) {
			switch string(k) {
			case "key":
				d.once(&seen, key)
				h.Key = d.text(true)
				off = d.off
			case "label":
				d.once(&seen, label)
				h.Label = d.text(true)
			case "vendor":
				d.once(&seen, vendor)
				h.Vendor, _ = d.str(false)
			default:
				d.skip()
			}
		}) {
			return
		}
		d.require(d.off, seen, key|label, "key", "label")
		if h.Key != "" {
			if first, dup := keyOff[h.Key]; dup {
				d.add(d.at(off, d.pathString("key"), false,
					fmt.Sprintf("hardware key %q is also hardware[%d]", h.Key, first)))
			} else {
				keyOff[h.Key] = i
			}
		}
		ds.Hardware = append(ds.Hardware, h)
	})
}

func (d *decoder) series(ds *Dataset, st *fileState) bool {
	const (
		hwKey uint = 1 << iota
		gpu
		framework
		specMethod
		label
		vendor
		deployment
		bestPerSku
		points
	)
	return d.elements(func(i int) {
		// Every element gets a Series, even a broken one, so indices match the file's.
		ds.Series = append(ds.Series, Series{})
		st.hwKeyOff = append(st.hwKeyOff, -1)
		s := &ds.Series[len(ds.Series)-1]
		var seen uint
		if !d.fields(func(k []byte) {
			switch string(k) {
			case "hwKey":
				d.once(&seen, hwKey)
				s.HWKey = d.text(true)
				st.hwKeyOff[i] = d.off
			case "gpu":
				d.once(&seen, gpu)
				s.GPU = d.text(true)
			case "framework":
				d.once(&seen, framework)
				s.Framework = d.text(true)
			case "specMethod":
				d.once(&seen, specMethod)
				s.SpecMethod, _ = d.str(false)
			case "label":
				d.once(&seen, label)
				s.Label = d.text(true)
			case "vendor":
				d.once(&seen, vendor)
				s.Vendor, _ = d.str(false)
			case "deployment":
				d.once(&seen, deployment)
				s.Deployment, _ = d.str(false)
			case "bestPerSku":
				d.once(&seen, bestPerSku)
				s.BestPerSku, _ = d.boolean(false)
			case "points":
				d.once(&seen, points)
				d.points(s, i, st)
			default:
				d.skip()
			}
		}) {
			return
		}
		if s.SpecMethod == "" {
			s.SpecMethod = "none"
		}
		d.require(d.off, seen, hwKey|gpu|framework|label|points,
			"hwKey", "gpu", "framework", "specMethod", "label", "vendor", "deployment", "bestPerSku", "points")
	})
}

func (d *decoder) points(s *Series, si int, st *fileState) {
	st.scratch = st.scratch[:0]
	if !d.elements(func(i int) {
		st.scratch = append(st.scratch, Point{})
		st.points = append(st.points, pointInfo{ser: si, idx: i})
		d.point(&st.scratch[i], &st.points[len(st.points)-1])
	}) {
		return
	}
	if len(st.scratch) == 0 {
		d.add(d.at(d.off, d.pathString(""), true, "no points"))
	}
	// A given points array replaces an earlier one (last wins), so drop the earlier infos.
	n := len(st.points) - len(st.scratch)
	if len(s.Points) > 0 {
		copy(st.points[n-len(s.Points):], st.points[n:])
		st.points = st.points[:len(st.points)-len(s.Points)]
	}
	s.Points = slices.Clone(st.scratch)
}

func (d *decoder) point(p *Point, info *pointInfo) {
	const (
		id uint = 1 << iota
		precision
		x
		y
		concurrency
		tp
		date
		runID
		frontier
		bestPerSku
		metrics
	)
	var seen uint
	nerr := d.nerr
	ok := d.fields(func(k []byte) {
		switch string(k) {
		case "id":
			d.once(&seen, id)
			p.ID, _ = d.integer(true, false)
		case "precision":
			d.once(&seen, precision)
			p.Precision = d.text(true)
		case "x":
			d.once(&seen, x)
			p.X, _ = d.number(true)
		case "y":
			d.once(&seen, y)
			// null: the point did not measure the dataset's metric (a run that counted no
			// input tokens has no total throughput: Point.HasY), absent rather than 0.
			var ok bool
			if p.Y, ok = d.number(false); !ok {
				p.Y = math.NaN()
			}
			info.yOff = d.off
		case "concurrency":
			d.once(&seen, concurrency)
			p.Concurrency, _ = d.integer(false, true)
		case "tp":
			d.once(&seen, tp)
			p.TP, _ = d.integer(false, true)
		case "date":
			d.once(&seen, date)
			p.Date = d.date(false)
		case "runId":
			d.once(&seen, runID)
			p.RunID = d.runID()
		case "frontier":
			d.once(&seen, frontier)
			p.Frontier, _ = d.boolean(false)
		case "bestPerSku":
			d.once(&seen, bestPerSku)
			p.BestPerSku, _ = d.boolean(false)
		case "metrics":
			d.once(&seen, metrics)
			info.has = d.metrics(p)
		case "runs", "range", "requests", "invalid":
			d.pointMark(string(k), info)
		default:
			d.skip()
		}
	})
	info.off = d.off
	if ok {
		d.require(d.off, seen, id|precision|x|y, "id", "precision", "x", "y")
	}
	info.bad = d.nerr > nerr
}

func (d *decoder) metrics(p *Point) (has uint8) {
	d.fields(func(k []byte) {
		var bit uint8
		var v *float64
		switch string(k) {
		case "tpPerGpu":
			bit, v = hasTp, &p.TpPerGpu
		case "outputTputPerGpu":
			bit, v = hasOut, &p.OutputTputPerGpu
		case "inputTputPerGpu":
			bit, v = hasIn, &p.InputTputPerGpu
		default:
			d.skip()
			return
		}
		if has&bit != 0 {
			d.add(d.at(d.off, d.pathString(""), true, "given twice; the last one counts"))
		}
		var ok bool
		if *v, ok = d.number(false); ok {
			has |= bit
		} else {
			has &^= bit
		}
	})
	return has
}

// runID reads a run id, which the format writes as a number or a string, as text.
// A number keeps its literal spelling: run ids are identifiers, not quantities.
func (d *decoder) runID() string {
	k, raw := d.read()
	switch k {
	case jsontext.KindString:
		s := d.keep(raw)
		d.noControls(d.off, s)
		return s
	case jsontext.KindNumber:
		return d.keep(raw)
	case jsontext.KindNull:
		return ""
	}
	d.problem(d.off, "want a number, a string or null, got %s", describe(k, raw))
	return ""
}
