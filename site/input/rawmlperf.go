package input

// An MLPerf Inference LoadGen summary (mlperf_log_summary.txt): plain text, not JSON, told by
// its content (IsLoadGenSummary), never by its name. Its lines are "key : value" under three
// rules of '=' (Results Summary, Additional Stats, Test Parameters Used); lines without a colon
// (the rules, early-stopping notes, warnings) say nothing the reader needs.
//
// What each figure means, from LoadGen's summary writer (loadgen/results.cc) and the real
// summaries of MLPerf Inference v5.1:
//   - "Scenario": Server (queries arrive at target_qps; an Interactive submission writes Server
//     too, with tighter ttft_latency and tpot_latency), Offline (every query issued at once),
//     SingleStream (one query at a time: concurrency 1), MultiStream (not an LLM scenario).
//   - "Completed tokens per second" (Server) and "Tokens per second" (Offline): output tokens
//     only, the deployment's: divided by the GPUs of [[runs]] it is output throughput per GPU.
//     LoadGen counts no input tokens, so a summary has no total and no input throughput: the
//     point has them absent (Point.HasTotal), never 0, and a page of such points plots output
//     throughput instead (site/pipeline's assemble stage).
//   - "<statistic> latency (ns)" is a query's end-to-end latency, "<statistic> first token
//     latency (ns)" its TTFT, "<statistic> time to output token (ns)" its TPOT, all in
//     nanoseconds. Statistics: Min, Max, Mean and the 50, 90, 95, 97, 99 and 99.9 percentiles;
//     the catalog keeps mean, median, p90, p99 and p99.9 (min, max, p95 and p97 it has no place
//     for, and they are left out). Interactivity is 1 / TPOT in seconds for each TPOT statistic.
//   - "Result is": VALID or INVALID (a latency bound or the minimum duration not met). An
//     INVALID run is kept, marked invalid (RawPoint.Invalid) wherever the point is shown.
//   - "target_qps": the load a Server run was scheduled at, its request rate: the point's load,
//     since a Server run has no concurrency.
//   - "SUT name" is the harness's class ("PySUT" in every v5.1 summary), not the system, and the
//     summary names neither the benchmark nor the GPUs: model, GPU, GPU count, framework,
//     precision, isl, osl and the date all come from the [[runs]] entry matching the file.
//
// An Offline summary has no TTFT or TPOT, and its latencies are those of one query holding
// every sample, not of a request: it has no place on any axis of the chart, so it gives no point,
// and a warning says why with the throughput it measured. So does an accuracy run, a MultiStream
// run and a summary without tokens per second (a benchmark that is not an LLM's).

import (
	"bytes"
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/site/problem"
)

// loadGenHeader is the title line every LoadGen summary begins with.
const loadGenHeader = "MLPerf Results Summary"

// LoadGenSniffLen is how many leading bytes IsLoadGenSummary needs: the walk reads no more of a
// .txt file to tell whether it is one.
const LoadGenSniffLen = 512

// IsLoadGenSummary reports whether data, or its first LoadGenSniffLen bytes, is a LoadGen
// summary: the "MLPerf Results Summary" header among its first lines, rules of '=' and blank
// lines aside, followed by a "SUT name" or "Scenario" key-value line.
func IsLoadGenSummary(data []byte) bool {
	data = bytes.TrimPrefix(data[:min(len(data), LoadGenSniffLen)], bom)
	header := false
	for n := 0; n < 8 && len(data) > 0; n++ {
		var line []byte
		line, data, _ = bytes.Cut(data, []byte("\n"))
		s := strings.TrimSpace(string(line))
		switch {
		case s == "" || strings.Trim(s, "=") == "":
		case s == loadGenHeader:
			header = true
		case !header:
			return false
		default:
			k, _, ok := strings.Cut(s, ":")
			k = strings.TrimSpace(k)
			return ok && (k == "SUT name" || k == "Scenario")
		}
	}
	return false
}

// loadGenValue is a value of a summary and the line it is on.
type loadGenValue struct {
	v    string
	line int
}

// loadGenLatencies and loadGenStats are how a summary's latency keys map to the catalog: a key
// is "<statistic> <latency> (ns)", lower-cased; statistics the catalog has not are left out.
var (
	loadGenLatencies = map[string]int{"latency": 3, "first token latency": 0, "time to output token": 1}
	loadGenStats     = map[string]int{"mean": 0, "50.00 percentile": 1, "90.00 percentile": 2, "99.00 percentile": 3, "99.90 percentile": 4}
)

// parseLoadGen reads a summary's "key : value" lines into a map by key, lower-cased with its
// spaces collapsed. A key given twice with another value is a problem at its second line
// (LoadGen writes "Completed tokens per second" twice, alike); the first counts.
func parseLoadGen(name string, data []byte) (map[string]loadGenValue, problem.Problems) {
	kv := map[string]loadGenValue{}
	var ps problem.Problems
	data = bytes.TrimPrefix(data, bom)
	for n := 1; len(data) > 0; n++ {
		var line []byte
		line, data, _ = bytes.Cut(data, []byte("\n"))
		k, v, ok := strings.Cut(string(line), ":")
		if !ok {
			continue
		}
		k = strings.ToLower(strings.Join(strings.Fields(k), " "))
		v = strings.TrimSpace(v)
		if k == "" || strings.HasPrefix(k, "*") {
			continue
		}
		if old, dup := kv[k]; dup {
			if old.v != v {
				ps = append(ps, problem.Problem{File: name, Line: n, Path: k, Warning: true,
					Msg: "given twice: " + describeText(v) + " here, " + describeText(old.v) + " on line " + strconv.Itoa(old.line) + ", which counts"})
			}
			continue
		}
		kv[k] = loadGenValue{v, n}
	}
	return kv, ps
}

// describeText shows a value of a text file, quoted and shortened, for a problem.
func describeText(s string) string {
	if len(s) > 40 {
		s = strings.ToValidUTF8(s[:40], "") + "…"
	}
	return strconv.Quote(s)
}

// loadGen decodes a LoadGen summary into at most one row.
func (d *rawDecoder) loadGen(data []byte) {
	kv, ps := parseLoadGen(d.file, data)
	d.late = append(d.late, ps...)
	bad := false
	// problemAt records a problem at a line, about key (a Path, "" for the summary as a whole).
	problemAt := func(line int, key string, warning bool, msg string) {
		if !warning {
			bad = true
		}
		d.late = append(d.late, problem.Problem{File: d.file, Line: line, Path: key, Warning: warning, Msg: msg})
	}
	// number reads a figure: absent is ok false, a word or a negative number is a problem.
	number := func(key string) (float64, bool) {
		lv, ok := kv[key]
		if !ok {
			return 0, false
		}
		f, err := strconv.ParseFloat(lv.v, 64)
		switch {
		case errors.Is(err, strconv.ErrRange) || math.IsInf(f, 0):
			problemAt(lv.line, key, false, "number "+describeText(lv.v)+" is out of range")
			return 0, false
		case err != nil || math.IsNaN(f):
			problemAt(lv.line, key, false, "want a number, got "+describeText(lv.v))
			return 0, false
		case f < 0:
			problemAt(lv.line, key, false, "must not be negative, got "+lv.v)
			return 0, false
		}
		return f, true
	}
	scen, ok := kv["scenario"]
	if !ok {
		problemAt(0, "", false, "an MLPerf LoadGen summary without a \"Scenario\" line: is the file cut short?")
		return
	}
	if mode, ok := kv["mode"]; ok && !strings.EqualFold(mode.v, "PerformanceOnly") {
		problemAt(mode.line, "", true, "a LoadGen "+describeText(mode.v)+" run measures no performance: no point")
		return
	}
	var m metricSet
	for k := range kv {
		stat, lat, ok := loadGenKey(k)
		if !ok {
			continue
		}
		v, ok := number(k)
		if !ok {
			continue
		}
		id := latencyMetric(lat, stat)
		if v == 0 && lat == 1 {
			problemAt(kv[k].line, k, false, "must be greater than 0")
			continue
		}
		m.set(id, v/1e9) // divided, not multiplied by 1e-9: 300000000 ns is 0.3 s exactly
	}
	rate, hasRate := number("target_qps")
	if !hasRate {
		rate, hasRate = number("scheduled samples per second")
	}
	d.cfg.rec.setRelease(scen.v + " scenario")
	var conc int64
	scenario := strings.ToLower(scen.v)
	switch scenario {
	case "server", "interactive":
	case "singlestream":
		conc, rate, hasRate = 1, 0, false
	case "offline":
		tps, ok := number("tokens per second")
		if !ok {
			tps, ok = number("completed tokens per second")
		}
		what := ""
		if ok {
			what = " (it measured " + strconv.FormatFloat(tps, 'f', -1, 64) + " output tokens per second of the whole system)"
		}
		d.cfg.rec.lack("TTFT, TPOT and request latencies (an Offline run): no point")
		if !bad {
			problemAt(scen.line, "", true, "an Offline run issues every query at once: it has no TTFT or TPOT and its latencies are not a request's, so it has no place on a latency or interactivity axis and gives no point"+what)
		}
		return
	default:
		problemAt(scen.line, "", true, "a LoadGen "+describeText(scen.v)+" run is not a scenario of an LLM benchmark (Server, Interactive, SingleStream): no point")
		return
	}
	tps, ok := number("completed tokens per second")
	if !ok {
		if _, given := kv["completed tokens per second"]; !given && !bad {
			problemAt(scen.line, "", true, "no \"Completed tokens per second\": the summary of a benchmark that is not an LLM's (or of a LoadGen older than token latencies) gives no token throughput: no point")
		}
		return
	}
	if bad {
		return
	}
	var p clientPoint
	p.out, p.conc, p.m = tps, conc, m
	invalid := false
	if res, ok := kv["result is"]; ok {
		switch strings.ToUpper(res.v) {
		case "VALID":
		case "INVALID":
			invalid = true
		default:
			problemAt(res.line, "result is", false, "want VALID or INVALID, got "+describeText(res.v))
			return
		}
	}
	if !hasRate && conc == 0 {
		problemAt(scen.line, "", false, "a Server run without a \"target_qps\" or \"Scheduled samples per second\" line: its load is not known")
		return
	}
	d.settleLoadGen(&p, rate, invalid)
}

// loadGenKey is the catalog statistic and latency of a summary's latency key, ok false for any
// other key, or a statistic the catalog has not.
func loadGenKey(k string) (stat, lat int, ok bool) {
	rest, found := strings.CutSuffix(k, " (ns)")
	if !found {
		return 0, 0, false
	}
	for what, l := range loadGenLatencies {
		head, found := strings.CutSuffix(rest, " "+what)
		if !found {
			continue
		}
		if s, ok := loadGenStats[head]; ok {
			return s, l, true
		}
	}
	return 0, 0, false
}

// settleLoadGen completes a summary's point from [[runs]] and keeps it as a row: rate is its
// request rate (0 for a SingleStream run, whose concurrency is 1).
func (d *rawDecoder) settleLoadGen(p *clientPoint, rate float64, invalid bool) {
	c := d.context(Run{})
	if d.lacking(c) {
		return
	}
	g := float64(c.GPUs)
	p.m.set(MOutputTputPerGPU, p.out/g)
	d.complete(&p.m, 0, "", false)
	d.cfg.rec.lack("total and input throughput (LoadGen counts no input tokens)")
	if !p.m.has1(MMedianIntvty) {
		d.cfg.rec.lack("median TPOT, so median interactivity")
		d.late = append(d.late, problem.Problem{File: d.file, Warning: true, Msg: noMedianTPOT(&p.m)})
	}
	if rate > 0 && p.conc <= 0 {
		p.m.set(MRequestRate, rate) // its load on the page: the request-rate axis and column
	}
	r := rowFields{m: p.m, conc: p.conc}
	r.hw, r.fw, r.precision, r.spec = c.GPU, c.Framework, c.Precision, c.Spec
	r.isl, r.osl, r.gpus, r.date, r.image, r.runURL = c.ISL, c.OSL, c.GPUs, c.Date, c.Image, c.RunURL
	d.add1(r, c.Model, -1)
	row := &d.rows[len(d.rows)-1]
	row.rate = rate
	row.raw.RequestRate, row.raw.Invalid = rate, invalid
}

// decodeLoadGen decodes a LoadGen summary into its row, if it gives one.
func decodeLoadGen(name, rel string, data []byte, cfg *RawOptions) ([]rawRow, problem.Problems) {
	if cfg == nil {
		cfg = &RawOptions{}
	}
	cfg.rec.setFormat("MLPerf LoadGen summary", false)
	d := newDecoder(name, nil)
	defer d.release()
	rd := &rawDecoder{decoder: d, cfg: cfg, rel: rel, format: formatView}
	rd.loadGen(data)
	ps := rd.late
	ps.Sort()
	return rd.rows, ps
}
