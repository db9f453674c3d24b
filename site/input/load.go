package input

// The load stage: every *.json below data/ becomes a Dataset, or a list of problems that say
// exactly where the author's file is wrong.
//
// The decoder is a small schema-driven parser over the file's bytes rather than encoding/json:
// one pass checks the syntax, knows the JSON path of every value (so a wrong leaf is reported as
// "series[3].points[2].y" and decoding carries on to find the next one), copies only the strings
// it keeps, and runs several times faster than reflection, which matters because this stage
// dominates the build.
//
// Validation rules (the contract in DESIGN.md, "Input: benchmark JSON"):
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
//   - null counts as absent for optional fields and as a type error for required ones.
//   - Every hwKey names an entry of hardware[]; hardware keys are unique.
//   - Point ids are unique within a file: a repeated id with identical values (and the same
//     series) is kept once with a warning, with any other difference it is an error.
//   - Unknown fields are ignored; a known field given twice is a warning and the last one wins
//     (as encoding/json does). Keys match exactly, case included.
//   - Syntax errors are reported as FILE:LINE:COL (column in characters, as editors count them)
//     and are the only problem reported for that file: past a syntax error nothing is certain.

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/frontier-bench/frontier/site/problem"
)

// maxFileSize is the largest data file Load reads: a bigger one is almost certainly a mistake
// (a log, a dump) and reading it would take the build's memory with it.
const maxFileSize = 256 << 20

// maxDepth bounds nesting, so a hostile file cannot exhaust the stack (encoding/json uses the same).
const maxDepth = 10000

// Load reads every *.json file below the root of fsys, in path order, and decodes them on all
// cores while holding only one file's bytes per core. Problems name files as prefix + path.
//
// Files and folders whose names start with "." or "_" are skipped: editors, VCS and OS leave
// hidden files around, and "_" lets an author park a file without deleting it (as Hugo does
// for its own special files). Symbolic links to files are followed; symbolic links to folders
// are not (a warning says so), which also keeps link loops from hanging the walk.
func Load(fsys fs.FS, prefix string, opt *RawOptions) ([]*Dataset, problem.Problems) {
	files, err := Walk(fsys, prefix)
	if err != nil {
		return nil, err
	}
	type result struct {
		ds *Dataset
		ps problem.Problems
	}
	res := make([]result, len(files))
	ForEachBuf(len(files), func(i int, buf []byte) []byte {
		f := files[i]
		if f.Skip {
			return buf
		}
		r := &res[i]
		r.ds, r.ps, buf = DecodeFile(fsys, f, prefix, buf, opt)
		return buf
	})
	var out []*Dataset
	var ps problem.Problems
	for i, f := range files {
		if res[i].ds != nil {
			out = append(out, res[i].ds)
		}
		ps = append(ps, f.Problems...)
		ps = append(ps, res[i].ps...)
	}
	return out, ps
}

// File is one entry of the data folder that the load stage looks at.
type File struct {
	Path     string      // slash path below the data folder
	typ      fs.FileMode // its type bits as listed
	Skip     bool        // not to be read: Problems says why (an unreadable folder, a link to a folder)
	Problems problem.Problems
}

// Walk lists the data files below the root of fsys in path order, with Load's rules.
// Its error is the one problem of a data folder that cannot be walked at all.
func Walk(fsys fs.FS, prefix string) ([]File, problem.Problems) {
	var files []File
	walkErr := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			files = append(files, File{Path: p, Skip: true, Problems: problem.Problems{{File: fileName(prefix, p), Msg: "cannot read: " + ErrText(err)}}})
			return nil
		}
		base := d.Name()
		if p != "." && (strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_")) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		switch {
		case d.IsDir():
			return nil
		case strings.HasSuffix(base, ".json"):
			files = append(files, File{Path: p, typ: d.Type()})
		case d.Type()&fs.ModeSymlink != 0:
			if fi, err := fs.Stat(fsys, p); err == nil && fi.IsDir() {
				files = append(files, File{Path: p, Skip: true, Problems: problem.Problems{{File: fileName(prefix, p), Warning: true,
					Msg: "symbolic link to a folder is not followed; its files are not loaded"}}})
			}
		}
		return nil
	})
	if walkErr != nil { // only the callback's own errors end a walk, and it returns none
		return nil, problem.Problems{{File: fileName(prefix, "."), Msg: "cannot read: " + ErrText(walkErr)}}
	}
	slices.SortStableFunc(files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return files, nil
}

// fileName is how problems name the data file at slash path p.
func fileName(prefix, p string) string {
	if p == "." {
		if prefix == "" {
			return "."
		}
		return strings.TrimSuffix(prefix, "/")
	}
	return prefix + p
}

// ForEachBuf calls fn(i, buf) for every i in [0, n) on all cores. Each goroutine has a buffer
// of its own, passed from one call to its next so that file bytes are read into the same memory.
func ForEachBuf(n int, fn func(i int, buf []byte) []byte) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			var buf []byte
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				buf = fn(i, buf)
			}
		})
	}
	wg.Wait()
}

// DecodeFile reads and decodes one file, reusing buf for its bytes, and returns the buffer for
// the next file.
func DecodeFile(fsys fs.FS, f File, prefix string, buf []byte, opt *RawOptions) (*Dataset, problem.Problems, []byte) {
	name := fileName(prefix, f.Path)
	data, msg := readData(fsys, f, buf)
	if msg != "" {
		return nil, problem.Problems{{File: name, Msg: msg}}, data
	}
	ds, ps := decode(name, f.Path, data, opt)
	if ds != nil {
		ds.Path = f.Path
	}
	return ds, ps, data
}

// readData reads a data file into buf, growing it as needed. msg says why it could not.
func readData(fsys fs.FS, f File, buf []byte) (data []byte, msg string) {
	// Check the type before opening: opening a named pipe would block forever.
	typ := f.typ
	if typ&fs.ModeSymlink != 0 {
		fi, err := fs.Stat(fsys, f.Path)
		if err != nil {
			return buf, "cannot read: " + ErrText(err)
		}
		typ = fi.Mode().Type()
	}
	if !typ.IsRegular() {
		return buf, "not a regular file"
	}
	file, err := fsys.Open(f.Path)
	if err != nil {
		return buf, "cannot read: " + ErrText(err)
	}
	defer file.Close()
	fi, err := file.Stat()
	if err != nil {
		return buf, "cannot read: " + ErrText(err)
	}
	if fi.Size() > maxFileSize {
		return buf, fmt.Sprintf("file is %.1f MiB, over the %d MiB limit", float64(fi.Size())/(1<<20), maxFileSize>>20)
	}
	// Read to EOF rather than trusting the size: the file may have changed since Stat.
	if want := int(fi.Size()) + 1; cap(buf) < want {
		buf = make([]byte, 0, want)
	}
	buf = buf[:0]
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := file.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if len(buf) > maxFileSize {
			return buf, fmt.Sprintf("file is over the %d MiB limit", maxFileSize>>20)
		}
		if err == io.EOF {
			return buf, ""
		}
		if err != nil {
			return buf, "cannot read: " + ErrText(err)
		}
	}
}

// ErrText is an error's message without the path an fs.PathError repeats: the problem names
// the file already.
func ErrText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return err.Error()
}

// LoadDataset decodes and validates one data file. name is how problems call the file
// (e.g. "data/x.json"). The dataset is nil when any problem is an error; the problems hold
// every error and warning found, in the order they appear in the file. data is not retained.
func LoadDataset(name string, data []byte) (ds *Dataset, ps problem.Problems) {
	d := &decoder{data: data, file: name}
	defer func() {
		if r := recover(); r != nil {
			se, ok := r.(*syntaxError)
			if !ok {
				panic(r)
			}
			line, col := lineCol(data, se.off)
			ds, ps = nil, problem.Problems{{File: name, Line: line, Col: col, Msg: se.msg}}
		}
	}()
	ds = d.dataset()
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

// lineCol turns a byte offset into a 1-based line and a 1-based column in characters.
func lineCol(data []byte, off int) (line, col int) {
	off = min(off, len(data))
	line = 1
	start := 0
	for i, c := range data[:off] {
		if c == '\n' {
			line++
			start = i + 1
		}
	}
	return line, utf8.RuneCount(data[start:off]) + 1
}

// syntaxError ends decoding; it travels by panic so the parser's happy path has no error checks.
type syntaxError struct {
	off int
	msg string
}

// located is a problem with the offset it was found at, so problems list in file order
// whatever order the checks ran in.
type located struct {
	off int
	p   problem.Problem
}

// seg is one step of a JSON path: an object key (key != nil) or an array index.
type seg struct {
	key []byte
	idx int
}

// kind is the type of a JSON value, known from its first byte.
type kind uint8

const (
	kString kind = iota
	kNumber
	kTrue
	kFalse
	kNull
	kObject
	kArray
)

// decoder holds one file's parse. Paths are kept as a stack and rendered only for problems.
type decoder struct {
	data  []byte
	pos   int
	depth int
	file  string
	path  []seg
	probs []located
	nerr  int
	strs  map[string]string // interned strings: dates, precisions and keys repeat a lot
}

// pointInfo is what the checks after the parse need to know about a point.
type pointInfo struct {
	ser, idx int   // series and point index as written in the file
	off      int   // where the point starts, to order problems
	yOff     int   // where its y starts
	has      uint8 // which metrics the file gave (hasTp, hasOut, hasIn)
	bad      bool  // the point had problems: comparing or completing it would only add noise
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
	if len(d.data) >= 3 && d.data[0] == 0xEF && d.data[1] == 0xBB && d.data[2] == 0xBF {
		d.pos = 3 // a UTF-8 byte order mark, as some Windows editors write
	}
	ds := &Dataset{}
	st := &fileState{}
	var seen uint
	start := d.valueStart()
	ok := d.fields(func(k []byte) {
		switch string(k) {
		case "view":
			d.once(&seen, fView)
			st.viewOff = d.valueStart()
			st.view, st.viewOK = d.str(true)
		case "apiVersion":
			d.once(&seen, fAPI)
			st.apiOff = d.valueStart()
			st.api, st.apiOK = d.str(true)
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
			st.seriesOff = d.valueStart()
			st.seriesOK = d.series(ds, st)
		default:
			d.skip()
		}
	})
	d.ws()
	if d.pos < len(d.data) {
		d.syntax(d.pos, "invalid character %s after top-level value", quoteChar(d.data, d.pos))
	}
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
		for m := range 3 {
			if info.has&(1<<m) == 0 {
				if missing[m] == 0 {
					first[m] = k
				}
				missing[m]++
			}
		}
	}
	for m := range 3 {
		if missing[m] == 0 {
			continue
		}
		info := st.points[first[m]]
		msg := "missing, shown as 0"
		if missing[m] > 1 {
			msg = fmt.Sprintf("missing here and in %d more points, shown as 0", missing[m]-1)
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
			if ds.Series[fi.ser].Points[fi.idx] == p && ds.Series[fi.ser].HWKey == ds.Series[info.ser].HWKey {
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

func (d *decoder) params(ds *Dataset) {
	const (
		model uint = 1 << iota
		sequence
		date
	)
	var seen uint
	start := d.valueStart()
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
	d.require(start, seen, model|sequence|date, "model", "sequence", "date")
}

func (d *decoder) metric(m *Metric) {
	const (
		key uint = 1 << iota
		label
		labelZh
		unit
	)
	var seen uint
	start := d.valueStart()
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
	d.require(start, seen, key, "key")
}

func (d *decoder) xAxis(x *XAxis) {
	const (
		mode uint = 1 << iota
		field
		label
	)
	var seen uint
	start := d.valueStart()
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
	d.require(start, seen, label, "mode", "field", "label")
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
		start := d.valueStart()
		off := start
		if !d.fields(func(k []byte) {
			switch string(k) {
			case "key":
				d.once(&seen, key)
				off = d.valueStart()
				h.Key = d.text(true)
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
		d.require(start, seen, key|label, "key", "label")
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
		start := d.valueStart()
		if !d.fields(func(k []byte) {
			switch string(k) {
			case "hwKey":
				d.once(&seen, hwKey)
				st.hwKeyOff[i] = d.valueStart()
				s.HWKey = d.text(true)
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
		d.require(start, seen, hwKey|gpu|framework|label|points,
			"hwKey", "gpu", "framework", "specMethod", "label", "vendor", "deployment", "bestPerSku", "points")
	})
}

func (d *decoder) points(s *Series, si int, st *fileState) {
	start := d.valueStart()
	st.scratch = st.scratch[:0]
	if !d.elements(func(i int) {
		st.scratch = append(st.scratch, Point{})
		st.points = append(st.points, pointInfo{ser: si, idx: i})
		d.point(&st.scratch[i], &st.points[len(st.points)-1])
	}) {
		return
	}
	if len(st.scratch) == 0 {
		d.add(d.at(start, d.pathString(""), true, "no points"))
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
	start := d.valueStart()
	info.off = start
	if d.fields(func(k []byte) {
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
			info.yOff = d.valueStart()
			p.Y, _ = d.number(true)
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
		default:
			d.skip()
		}
	}) {
		d.require(start, seen, id|precision|x|y, "id", "precision", "x", "y")
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
			d.add(d.at(d.valueStart(), d.pathString(""), true, "given twice; the last one counts"))
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

// ---- Problems and paths ----

// at makes a problem at byte offset off. path is the full JSON path.
func (d *decoder) at(off int, path string, warning bool, msg string) located {
	return located{off: off, p: problem.Problem{File: d.file, Path: path, Msg: msg, Warning: warning}}
}

// add records a problem.
func (d *decoder) add(l located) {
	if !l.p.Warning {
		d.nerr++
	}
	d.probs = append(d.probs, l)
}

// problem records an error about the value starting at off, at the current path.
func (d *decoder) problem(off int, format string, args ...any) {
	d.add(d.at(off, d.pathString(""), false, fmt.Sprintf(format, args...)))
}

// pathString renders the current path, plus child when it is not empty.
func (d *decoder) pathString(child string) string {
	var b []byte
	for _, s := range d.path {
		if s.key == nil {
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(s.idx), 10)
			b = append(b, ']')
			continue
		}
		if len(b) > 0 {
			b = append(b, '.')
		}
		b = append(b, s.key...)
	}
	if child != "" {
		if len(b) > 0 {
			b = append(b, '.')
		}
		b = append(b, child...)
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}

// once warns when a known field appears twice in one object.
func (d *decoder) once(seen *uint, bit uint) {
	if *seen&bit != 0 {
		d.add(d.at(d.valueStart(), d.pathString(""), true, "given twice; the last one counts"))
	}
	*seen |= bit
}

// require reports each field of want missing from seen, for the object starting at start.
// names[i] is the name of field bit 1<<i.
func (d *decoder) require(start int, seen, want uint, names ...string) {
	for i, n := range names {
		if want&^seen&(1<<i) != 0 {
			d.add(d.at(start, d.pathString(n), false, "missing required field"))
		}
	}
}

// ---- Leaves: each reads one value, reports a wrong one, and always consumes it ----

// str reads a string. null is absent (ok false); for a required field it is a type error.
func (d *decoder) str(req bool) (string, bool) {
	start := d.valueStart()
	if start < len(d.data) && d.data[start] == '"' {
		slow := d.scanString()
		s := d.keep(d.data[start:d.pos], slow)
		d.noControls(start, s)
		return s, true
	}
	k, raw := d.value()
	if k != kNull || req {
		d.problem(start, "want a string, got %s", describe(k, raw))
	}
	return "", false
}

// noControls reports a control character (C0, DEL or C1: NUL, ESC, CR, tab...) in a string.
// None of them can be shown in a page, typed into a view's URL or kept safely in data.csv, and
// in a name they are always an accident (or a trick), so the author hears where it is.
func (d *decoder) noControls(start int, s string) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		r := rune(-1)
		switch {
		case c < 0x20 || c == 0x7f:
			r = rune(c)
		case c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f:
			r = rune(s[i+1])
		}
		if r >= 0 {
			d.problem(start, "contains the control character %U, which no page can show: remove it", r)
			return
		}
	}
}

// text reads a string that must not be empty or blank.
func (d *decoder) text(req bool) string {
	start := d.valueStart()
	s, ok := d.str(req)
	if ok && strings.TrimSpace(s) == "" {
		d.problem(start, "must not be empty")
	}
	return s
}

// date reads a YYYY-MM-DD date.
func (d *decoder) date(req bool) string {
	start := d.valueStart()
	s, ok := d.str(req)
	if ok && !isDate(s) {
		d.problem(start, "want a date as YYYY-MM-DD, got %s", describe(kString, d.data[start:d.pos]))
		return ""
	}
	return s
}

// number reads a finite, non-negative number.
func (d *decoder) number(req bool) (float64, bool) {
	start := d.valueStart()
	k, raw := d.value()
	switch {
	case k == kNumber:
		f, err := strconv.ParseFloat(string(raw), 64)
		if err != nil || math.IsInf(f, 0) {
			d.problem(start, "number %s is out of range", describe(k, raw))
			return 0, false
		}
		if f < 0 {
			d.problem(start, "must not be negative, got %s", describe(k, raw))
			return 0, false
		}
		return f, true
	case k == kNull && !req:
		return 0, false
	}
	d.problem(start, "want a number, got %s", describe(k, raw))
	return 0, false
}

// integer reads an integer. Integral numbers written with a fraction or exponent (1e3, 2.0)
// are accepted as long as they are exact.
func (d *decoder) integer(req, nonNeg bool) (int64, bool) {
	start := d.valueStart()
	k, raw := d.value()
	switch {
	case k == kNumber:
		var n int64
		if isPlainInt(raw) {
			var err error
			if n, err = strconv.ParseInt(string(raw), 10, 64); err != nil {
				d.problem(start, "integer %s is out of range", describe(k, raw))
				return 0, false
			}
		} else {
			f, err := strconv.ParseFloat(string(raw), 64)
			if err != nil || math.IsInf(f, 0) || math.Abs(f) > 1<<53 {
				d.problem(start, "integer %s is out of range", describe(k, raw))
				return 0, false
			}
			if f != math.Trunc(f) {
				d.problem(start, "want an integer, got %s", describe(k, raw))
				return 0, false
			}
			n = int64(f)
		}
		if nonNeg && n < 0 {
			d.problem(start, "must not be negative, got %s", describe(k, raw))
			return 0, false
		}
		return n, true
	case k == kNull && !req:
		return 0, false
	}
	d.problem(start, "want an integer, got %s", describe(k, raw))
	return 0, false
}

func isPlainInt(raw []byte) bool {
	for _, c := range raw {
		if c == '.' || c == 'e' || c == 'E' {
			return false
		}
	}
	return true
}

// boolean reads true or false.
func (d *decoder) boolean(req bool) (bool, bool) {
	start := d.valueStart()
	k, raw := d.value()
	switch {
	case k == kTrue:
		return true, true
	case k == kFalse:
		return false, true
	case k == kNull && !req:
		return false, false
	}
	d.problem(start, "want true or false, got %s", describe(k, raw))
	return false, false
}

// runID reads a run id, which the format writes as a number or a string, as text.
// A number keeps its literal spelling: run ids are identifiers, not quantities.
func (d *decoder) runID() string {
	start := d.valueStart()
	if start < len(d.data) && d.data[start] == '"' {
		slow := d.scanString()
		s := d.keep(d.data[start:d.pos], slow)
		d.noControls(start, s)
		return s
	}
	k, raw := d.value()
	switch k {
	case kNumber:
		return d.keep(raw, false)
	case kNull:
		return ""
	}
	d.problem(start, "want a number, a string or null, got %s", describe(k, raw))
	return ""
}

// keep turns a token into a string the dataset owns: a string token (quoted) is decoded,
// anything else taken as written. Repeated strings share one copy.
func (d *decoder) keep(tok []byte, slow bool) string {
	if len(tok) > 0 && tok[0] == '"' {
		tok = tok[1 : len(tok)-1]
		if slow {
			return string(unescape(tok)) // rare: escapes or invalid UTF-8
		}
	}
	if s, ok := d.strs[string(tok)]; ok {
		return s
	}
	if d.strs == nil {
		d.strs = make(map[string]string, 64)
	}
	s := string(tok)
	d.strs[s] = s
	return s
}

// describe shows a wrong value the way the file writes it, shortened.
func describe(k kind, raw []byte) string {
	switch k {
	case kObject:
		return "an object"
	case kArray:
		return "an array"
	}
	const limit = 40
	if len(raw) <= limit {
		return strings.ToValidUTF8(string(raw), "\uFFFD")
	}
	cut := limit
	for cut > 0 && !utf8.RuneStart(raw[cut]) {
		cut--
	}
	s := strings.ToValidUTF8(string(raw[:cut]), "\uFFFD") + "…"
	if k == kString {
		s += `"`
	}
	return s
}

// isDate reports whether s is a real calendar date written as YYYY-MM-DD.
func isDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	num := func(t string) int {
		n := 0
		for _, c := range []byte(t) {
			if c < '0' || c > '9' {
				return -1
			}
			n = n*10 + int(c-'0')
		}
		return n
	}
	y, m, day := num(s[:4]), num(s[5:7]), num(s[8:])
	if y < 0 || m < 1 || m > 12 || day < 1 {
		return false
	}
	days := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m-1]
	if m == 2 && y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		days = 29
	}
	return day <= days
}
