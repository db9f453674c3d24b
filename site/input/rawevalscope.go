package input

// An EvalScope `perf` run (`evalscope perf --model M --parallel N --number K ...`): its output
// folder (parallel_N_number_K/) holds benchmark_summary.json, one object of the run's figures
// keyed by English labels, and benchmark_percentile.json beside it, a list of rows
// ({"Percentiles": "50%", "TTFT (ms)": …, "Latency (s)": …}), written by modelscope/evalscope's
// perf/benchmark.py from perf/utils/perf_constants.py (Metrics, PercentileMetrics). The two
// make one point: the summary gives the load, the throughputs, the request counts and the
// means, the percentile file the median, p90 and p99 (other percentiles are not in the
// catalog). The summary read alone ("your run") has the means only: no median interactivity.
//
// The releases differ by labels and units only, so they are rows of evalscopeSummary and
// evalscopePercentiles: releases before 1.0 wrote "Output token throughput (tok/s)",
// "Average time to first token (s)" and percentiles in seconds ("TTFT (s)"); later ones
// "Output Throughput (tok/s)", "TTFT (ms)" and percentiles in ms. TPOT is per request
// (latency − TTFT) / (output tokens − 1), bench-serve's; ITL the time between chunks.
// benchmark_args.json (the command's arguments, the server's URL among them) is skipped.

import (
	"math"
	"path"
	"strconv"
	"strings"

	"encoding/json/jsontext"

	"github.com/frontier-bench/frontier/site/problem"
)

// formatEvalScope is an EvalScope perf benchmark_summary.json.
var formatEvalScope = new(format)

func init() {
	registerFormat(formatEvalScope, format{
		name: "EvalScope perf summary", client: "EvalScope perf summary", decode: (*rawDecoder).evalscope,
		sigs: []signature{
			{1600, "an EvalScope perf summary", []string{"Output Throughput (tok/s)", "Total Requests"}},
			{1700, "an EvalScope perf summary", []string{"Output token throughput (tok/s)", "Total requests"}},
		},
		skips: evalscopeSkips,
	})
}

// evalscopeField is what a label of an EvalScope file gives: a latency's statistic (lat ≥ 0,
// scaled to seconds), or another figure (what).
type evalscopeField struct {
	lat, stat int
	scale     float64
	what      string
}

// evalscopeSummary are benchmark_summary.json's labels, of every release.
var evalscopeSummary = map[string]evalscopeField{
	"Output token throughput (tok/s)":   {lat: -1, what: "out"}, // before 1.0
	"Output Throughput (tok/s)":         {lat: -1, what: "out"},
	"Total token throughput (tok/s)":    {lat: -1, what: "total"},
	"Total Throughput (tok/s)":          {lat: -1, what: "total"},
	"Number of concurrency":             {lat: -1, what: "conc"},
	"Concurrency":                       {lat: -1, what: "conc"},
	"Request Rate (req/s)":              {lat: -1, what: "rate"},
	"Total requests":                    {lat: -1, what: "attempted"},
	"Total Requests":                    {lat: -1, what: "attempted"},
	"Succeed requests":                  {lat: -1, what: "completed"},
	"Success Requests":                  {lat: -1, what: "completed"},
	"Average input tokens per request":  {lat: -1, what: "isl"},
	"Avg Input Tokens":                  {lat: -1, what: "isl"},
	"Average output tokens per request": {lat: -1, what: "osl"},
	"Avg Output Tokens":                 {lat: -1, what: "osl"},
	"Average time to first token (s)":   {lat: 0, stat: 0, scale: 1},
	"TTFT (ms)":                         {lat: 0, stat: 0, scale: 1e-3},
	"Average time per output token (s)": {lat: 1, stat: 0, scale: 1},
	"TPOT (ms)":                         {lat: 1, stat: 0, scale: 1e-3},
	"Average inter-token latency (s)":   {lat: 2, stat: 0, scale: 1},
	"ITL (ms)":                          {lat: 2, stat: 0, scale: 1e-3},
	"Average latency (s)":               {lat: 3, stat: 0, scale: 1},
	"Avg Latency (s)":                   {lat: 3, stat: 0, scale: 1},
}

// evalscopePercentiles are benchmark_percentile.json's columns that are latencies, of every
// release; the row's "Percentiles" ("50%", "90%", "99%") is the statistic.
var evalscopePercentiles = map[string]evalscopeField{
	"TTFT (s)": {lat: 0, scale: 1}, "TTFT (ms)": {lat: 0, scale: 1e-3},
	"TPOT (s)": {lat: 1, scale: 1}, "TPOT (ms)": {lat: 1, scale: 1e-3},
	"ITL (s)": {lat: 2, scale: 1}, "ITL (ms)": {lat: 2, scale: 1e-3},
	"Latency (s)": {lat: 3, scale: 1},
}

// evalscopePercentileFile is the name of the percentiles beside a summary.
const evalscopePercentileFile = "benchmark_percentile.json"

// evalscope decodes a benchmark_summary.json, with the percentiles beside it (RawOptions.besideData).
func (d *rawDecoder) evalscope() {
	var p clientPoint
	var haveOut, haveTotal bool
	completed, attempted := -1.0, -1.0
	start, nerr := d.off, d.nerr
	if !d.fields(func(k []byte) {
		f, ok := evalscopeSummary[string(k)]
		if !ok || d.peek() != jsontext.KindNumber {
			d.skip() // other labels; a null or "-" for a figure not measured
			return
		}
		if f.what == "out" || f.what == "total" {
			v, _ := d.number(false) // a negative throughput is wrong, said as such
			if f.what == "out" {
				p.out, haveOut = v, true
			} else {
				p.total, haveTotal = v, true
			}
			return
		}
		s, _ := scalarText(d.decoder)
		v, err := strconv.ParseFloat(s, 64)
		switch {
		case err != nil || math.IsNaN(v):
		case f.lat >= 0:
			if v >= 0 { // EvalScope writes -1 for a figure it could not compute
				p.m.set(latencyMetric(f.lat, f.stat), v*f.scale)
			}
		case f.what == "conc":
			p.conc = int64(max(min(v, 1<<31), 0))
		case f.what == "rate":
			if v > 0 {
				p.rate = v
			}
		case f.what == "attempted":
			attempted = v
		case f.what == "completed":
			completed = v
		case f.what == "isl":
			p.measured[0] = roundLen(v)
		case f.what == "osl":
			p.measured[1] = roundLen(v)
		}
	}) {
		return
	}
	if !haveOut {
		d.add(d.at(start, "Output Throughput (tok/s)", false, "missing: want the output token throughput, in tokens/sec"))
	}
	if !haveTotal {
		p.total = p.out // an embedding run's summary gives no total: none is computed
		if haveOut {
			d.add(d.at(start, "Total Throughput (tok/s)", false, "missing: want the total token throughput, in tokens/sec"))
		}
	}
	if d.nerr > nerr {
		return
	}
	p.req = requestsOf(completed, attempted, -1)
	d.evalscopeBeside(&p)
	p.tpot = evalscopePercentileFile + `: "TPOT (ms)" of the "50%" row`
	d.settle(&p, start, -1)
}

// evalscopeBeside reads the percentiles beside the summary into p, naming that file in its
// problems; a summary without them keeps its means.
func (d *rawDecoder) evalscopeBeside(p *clientPoint) {
	data, ok := d.cfg.besideData(d.rel, evalscopePercentileFile)
	if !ok {
		d.cfg.rec.setRelease("summary alone (no " + evalscopePercentileFile + " beside it: means only)")
		return
	}
	name := path.Join(path.Dir(d.file), evalscopePercentileFile)
	pd := newDecoder(name, data)
	defer pd.release()
	if se := catchSyntax(func() {
		pd.elements(func(i int) {
			stat := -1
			vals := map[int]float64{}
			pd.fields(func(k []byte) {
				if string(k) == "Percentiles" {
					s, _ := scalarText(pd)
					stat = percentileStat("p" + strings.TrimSuffix(s, "%"))
					return
				}
				f, ok := evalscopePercentiles[string(k)]
				if !ok || pd.peek() != jsontext.KindNumber {
					pd.skip()
					return
				}
				s, _ := scalarText(pd)
				if v, err := strconv.ParseFloat(s, 64); err == nil && v >= 0 {
					vals[f.lat] = v * f.scale
				}
			})
			for lat, v := range vals {
				if stat > 0 { // the median, p90, p99
					p.m.set(latencyMetric(lat, stat), v)
				}
			}
		})
		pd.top()
	}); se != nil {
		// Python's json writes a percentile it could not compute as NaN, which is no JSON: the
		// point keeps the summary's means, and the file is named.
		for _, q := range se.problems(name, data) {
			d.besideProblem(q.String() + ": its percentiles are not read, the point keeps the summary's means")
		}
		return
	}
	for _, l := range pd.probs {
		d.besideProblem(l.p.String())
	}
	d.cfg.rec.setRelease("with its " + evalscopePercentileFile)
}

// besideProblem is a warning of the summary's point about the file read beside it (msg names
// that file and its place).
func (d *rawDecoder) besideProblem(msg string) {
	d.late = append(d.late, problem.Problem{File: d.file, Warning: true, Msg: "the percentiles beside it: " + msg})
}

// evalscopeSkips are the files of an EvalScope run folder that are no point of their own.
var evalscopeSkips = []skip{
	{keys: []string{"Percentiles"}, shape: arrayShape, msg: "EvalScope's percentiles (benchmark_percentile.json): read with the benchmark_summary.json beside it, which gives the point: skipped"},
	{keys: []string{"parallel", "number", "model"}, shape: objectShape, msg: "EvalScope's run arguments (benchmark_args.json): no result; its benchmark_summary.json gives the point: skipped"},
}
