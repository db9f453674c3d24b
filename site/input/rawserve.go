package input

// A `vllm bench serve --save-result` file (SGLang's bench_serving writes the same): one object,
// one row, whose context (GPU, framework, model...) the file or a [[runs]] entry of
// frontier.toml gives.
//
// Its load is max_concurrency, or, for a run by --request-rate without --max-concurrency (which
// writes "max_concurrency": null, every release since the key was added), its request_rate:
// requests per second, a number, or the string "inf" for no limit (vllm's serve.py writes
// `args.request_rate if args.request_rate < float("inf") else "inf"`). A run with neither limit
// sent every request at once: its point has no load figure, and is kept on the axes it has.
//
// Releases before max_concurrency and total_token_throughput (vLLM's benchmark_serving.py of
// 2024, up to 0.6.1) write neither key: their load is request_rate, and their total
// input_throughput + output_throughput (the total is the same quantity: both are tokens over
// the run's duration). The earliest wrote request_throughput as "request_inthroughput".

import (
	"encoding/json/jsontext"
	"math"
	"strings"

	"github.com/frontier-bench/frontier/internal/decimal"
)

// formatServe is one bench-serve result (`vllm bench serve --save-result`).
var formatServe = new(format)

func init() {
	registerFormat(formatServe, format{
		name: "vllm bench serve result", client: "vllm bench serve", decode: (*rawDecoder).serve,
		sigs: []signature{
			{300, "a bench-serve result", []string{"max_concurrency", "total_token_throughput", "output_throughput"}},
			// vLLM's benchmark_serving.py before 0.6.2: no max_concurrency, no
			// total_token_throughput; tried after SGLang's releases of 2024 (rawsglang.go).
			{900, "a bench-serve result", []string{"request_rate", "output_throughput", "median_ttft_ms", "total_output_tokens"}},
		},
		skips: sweepSkips,
	})
}

// serve decodes a bench-serve result: one object, one row.
func (d *rawDecoder) serve() {
	var r rowFields
	var file Run // the context the file gives itself
	var seen uint
	const (
		sConc uint = 1 << iota
		sTotal
		sOutput
	)
	var total, output, rate, input, totalIn, totalOut, duration float64
	var haveInput, haveTotalIn bool
	completed, prompts, failed := -1.0, -1.0, -1.0 // the request counts, -1 where not given
	var concOff int
	nerr := d.nerr
	run := newRunReader(formatServe, d.rel)
	var sw sweepRun // what `vllm bench sweep` adds (rawsweep.go)
	if !d.fields(func(k []byte) {
		switch string(k) {
		case "max_concurrency":
			seen |= sConc
			var ok bool
			if r.conc, ok = d.integer(false, true); ok {
				concOff = d.off
			} else {
				concOff = -1 // null: a run by request rate
			}
			run.note("max_concurrency", float64(r.conc), r.conc > 0)
		case "request_rate":
			rate = d.requestRate()
			run.note("request_rate", rate, rate > 0)
		case "total_token_throughput":
			seen |= sTotal
			total, _ = d.number(true)
		case "output_throughput":
			seen |= sOutput
			output, _ = d.number(true)
		case "input_throughput":
			input, haveInput = d.number(false)
		case "total_input_tokens":
			totalIn, haveTotalIn = d.number(false)
		case "total_output_tokens":
			totalOut, _ = d.number(false)
		case "duration":
			duration, _ = d.number(false)
		case "completed":
			completed = d.count()
		case "failed":
			failed = d.count()
		case "num_prompts":
			prompts = d.count()
			run.note("num_prompts", prompts, prompts > 0)
		case "date":
			file.Date = d.serveDate()
		case "model_id":
			if file.Model == "" {
				file.Model, _ = d.str(false)
			}
		case "model":
			file.Model = d.text(false)
		case "gpu":
			file.GPU = d.text(false)
		case "framework":
			file.Framework = d.text(false)
		case "precision":
			file.Precision = d.text(false)
		case "spec":
			file.Spec, _ = d.str(false)
		case "image":
			file.Image, _ = d.str(false)
		case "run_url":
			file.RunURL, _ = d.str(false)
		case "disagg":
			r.disagg = d.flexBool()
		case "gpus":
			file.GPUs = d.flexPositive()
		case "isl":
			file.ISL = d.flexPositive()
		case "osl":
			file.OSL = d.flexPositive()
		default:
			if run.take(d.decoder, k) || d.sweepKey(k, &sw) {
				return
			}
			d.metric(&r.m, k, true)
		}
	}) {
		return
	}
	start := d.off
	switch {
	case seen&sTotal != 0:
	case haveInput:
		total, seen = input+output, seen|sTotal
	case haveTotalIn && duration > 0:
		total, seen = totalIn/duration+output, seen|sTotal
	}
	d.require(start, seen, sTotal|sOutput, "total_token_throughput", "output_throughput")
	if seen&sConc != 0 && r.conc == 0 && concOff >= 0 && d.nerr == nerr {
		d.add(d.at(concOff, "max_concurrency", false, "must be greater than 0"))
	}
	if r.conc == 0 && rate > 0 {
		r.m.set(MRequestRate, rate)
	}

	if !d.settleSweep(&sw, &r, &file, run) {
		return
	}
	// The file's own context first, then [[runs]], then what the file suggests (suggest.go).
	c := d.context(file)
	d.serveSuggests(&c, run, completed, totalIn, totalOut)
	d.lacking(c)
	if len(d.late) > 0 || d.nerr > nerr {
		return
	}
	g := float64(c.GPUs)
	r.m.set(MTputPerGPU, total/g)
	r.m.set(MOutputTputPerGPU, output/g)
	r.m.set(MInputTputPerGPU, max(total-output, 0)/g)
	d.complete(&r.m, start, "", true)
	if d.nerr > nerr {
		return
	}
	r.hw, r.fw, r.precision, r.spec = c.GPU, c.Framework, c.Precision, c.Spec
	r.isl, r.osl, r.gpus, r.date, r.image, r.runURL = c.ISL, c.OSL, c.GPUs, c.Date, c.Image, c.RunURL
	r.req = requestsOf(completed, prompts, failed)
	d.run = run.done()
	d.add1(r, c.Model, -1)
}

// count reads a request count: a number; anything else (null, a string, a negative number)
// gives -1, not given. It is never a problem: a file's figures stand without its counts, and a
// count that is not a whole number is read as not given (requestsOf).
func (d *decoder) count() float64 {
	k, raw := d.read()
	if k != jsontext.KindNumber {
		return -1
	}
	f, err := decimal.Parse(raw)
	if err != nil || f < 0 || math.IsInf(f, 0) {
		return -1
	}
	return f
}

func cmp1(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// requestRate reads bench-serve's request_rate: a positive number of requests per second, or
// "inf" (no limit) and null, which give 0 (no rate to show).
func (d *decoder) requestRate() float64 {
	if d.peek() == jsontext.KindString {
		s, _ := d.str(false)
		switch strings.ToLower(strings.TrimSpace(s)) {
		case "inf", "infinity":
			return 0
		}
		d.problem(d.off, "want a number or \"inf\", got %s", describe(jsontext.KindString, d.last()))
		return 0
	}
	v, _ := d.number(false)
	return v
}
