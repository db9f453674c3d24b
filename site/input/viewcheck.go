package input

// The checks of an inference view that need the whole file, run once it is parsed (finish),
// since JSON keys come in any order: hwKeys that name no hardware entry, metrics completed from
// what the file gave (fillMetrics), and repeated point ids.

import (
	"fmt"
	"math"
	"slices"
	"strconv"
)

// finish runs the checks that need the whole file, since JSON keys come in any order:
// hardware references, metrics (which need metric.key) and duplicate point ids.
func (d *decoder) finish(ds *Dataset, st *fileState) {
	for i := range ds.Series {
		s := &ds.Series[i]
		if st.hwKeyOff[i] < 0 || s.HWKey == "" {
			continue
		}
		j := slices.IndexFunc(ds.Hardware, func(h Hardware) bool { return h.Key == s.HWKey })
		if j < 0 {
			d.add(d.at(st.hwKeyOff[i], fmt.Sprintf("series[%d].hwKey", i), false,
				fmt.Sprintf("%q is not in hardware[]", s.HWKey)))
			continue
		}
		if s.Vendor == "" {
			s.Vendor = ds.Hardware[j].Vendor
		}
	}

	// Metrics: complete what the file left out from what it gave.
	own := -1
	for m, n := range metricNames {
		if ds.Metric.Key == n {
			own = m
		}
	}
	var missing, first [3]int
	for k := range st.points {
		info := &st.points[k]
		if info.bad {
			continue
		}
		p := &ds.Series[info.ser].Points[info.idx]
		d.fillMetrics(p, info, own)
		vals := [3]*float64{&p.TpPerGpu, &p.OutputTputPerGpu, &p.InputTputPerGpu}
		for m := range 3 {
			if info.has&(1<<m) == 0 {
				// Not measured: absent (NaN, Point.HasTotal), never a measured-looking 0.
				*vals[m] = math.NaN()
				if m == own {
					p.Y = math.NaN()
				}
				if missing[m] == 0 {
					first[m] = k
				}
				missing[m]++
			}
		}
		if info.marks != nil {
			d.pointMarks(p, info, own)
		}
	}
	for m := range 3 {
		if missing[m] == 0 {
			continue
		}
		info := st.points[first[m]]
		msg := "missing, so absent: the point is not shown on that metric"
		if missing[m] > 1 {
			msg = fmt.Sprintf("missing here and in %d more points, so absent: they are not shown on that metric", missing[m]-1)
		}
		d.add(d.at(info.off, pointPath(info)+".metrics."+metricNames[m], true, msg))
	}

	// Duplicate ids: compare every point with the first of its id, then drop exact repeats.
	if len(st.points) > 0 {
		byID := make(map[int64]int, len(st.points))
		var drop []bool
		for k, info := range st.points {
			if info.bad {
				continue
			}
			p := ds.Series[info.ser].Points[info.idx]
			f, dup := byID[p.ID]
			if !dup {
				byID[p.ID] = k
				continue
			}
			fi := st.points[f]
			if ds.Series[fi.ser].Points[fi.idx].SameAs(&p) && ds.Series[fi.ser].HWKey == ds.Series[info.ser].HWKey {
				d.add(d.at(info.off, pointPath(info)+".id", true,
					fmt.Sprintf("point %d repeats %s exactly; kept once", p.ID, pointPath(fi))))
				if drop == nil {
					drop = make([]bool, len(st.points))
				}
				drop[k] = true
				continue
			}
			d.add(d.at(info.off, pointPath(info)+".id", false,
				fmt.Sprintf("point %d is also %s, with different values", p.ID, pointPath(fi))))
		}
		if drop != nil {
			for k := len(st.points) - 1; k >= 0; k-- { // backwards, so indices stay valid
				if info := st.points[k]; drop[k] {
					s := &ds.Series[info.ser]
					s.Points = slices.Delete(s.Points, info.idx, info.idx+1)
				}
			}
		}
	}

	for _, s := range ds.Series {
		for _, p := range s.Points {
			if p.Precision != "" && !slices.Contains(ds.Precisions, p.Precision) {
				ds.Precisions = append(ds.Precisions, p.Precision)
			}
		}
	}
	slices.Sort(ds.Precisions)
}

// fillMetrics completes a point's metrics from what is known: the dataset's own metric is y,
// and token throughput is output plus input throughput. It also flags a y that disagrees
// with its own metric, since the chart and the metric switch would then show different numbers.
func (d *decoder) fillMetrics(p *Point, info *pointInfo, own int) {
	vals := [3]*float64{&p.TpPerGpu, &p.OutputTputPerGpu, &p.InputTputPerGpu}
	if own >= 0 {
		bit := uint8(1) << own
		switch {
		case !p.HasY(): // y null: the metric's own value, if the file gave it
			if info.has&bit != 0 {
				p.Y = *vals[own]
			}
		case info.has&bit == 0:
			*vals[own] = p.Y
			info.has |= bit
		case !nearlyEqual(*vals[own], p.Y):
			d.add(d.at(info.yOff, pointPath(*info)+".y", true, fmt.Sprintf("%s differs from metrics.%s (%s)",
				strconv.FormatFloat(p.Y, 'g', -1, 64), metricNames[own], strconv.FormatFloat(*vals[own], 'g', -1, 64))))
		}
	}
	switch info.has {
	case hasOut | hasIn:
		p.TpPerGpu = p.OutputTputPerGpu + p.InputTputPerGpu
		info.has |= hasTp
	case hasTp | hasIn:
		p.OutputTputPerGpu = max(p.TpPerGpu-p.InputTputPerGpu, 0)
		info.has |= hasOut
	case hasTp | hasOut:
		p.InputTputPerGpu = max(p.TpPerGpu-p.OutputTputPerGpu, 0)
		info.has |= hasIn
	}
}

// nearlyEqual reports whether two measurements agree to within float noise.
func nearlyEqual(a, b float64) bool {
	return math.Abs(a-b) <= 1e-9*max(math.Abs(a), math.Abs(b))
}

func pointPath(info pointInfo) string {
	return "series[" + strconv.Itoa(info.ser) + "].points[" + strconv.Itoa(info.idx) + "]"
}
