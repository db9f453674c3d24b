package input

import (
	"math"
	"strings"
	"testing"
	"testing/fstest"
)

// An EvalScope perf run's folder, written for these tests in the labels of EvalScope's
// perf_constants.py (later releases: ms, "Output Throughput (tok/s)"); its numbers are made up.
const (
	evalscopeSummaryNew = `{"Test Duration (s)": 40.0, "Concurrency": 8, "Request Rate (req/s)": -1, "Total Requests": 80,
  "Success Requests": 78, "Failed Requests": 2, "Req Throughput (req/s)": 1.95, "Avg Latency (s)": 4.1,
  "Avg Input Tokens": 1024.2, "Avg Output Tokens": 511.6, "Output Throughput (tok/s)": 997.5, "Total Throughput (tok/s)": 2994.7,
  "TTFT (ms)": 120.5, "TPOT (ms)": 7.8, "ITL (ms)": 7.6, "Decoded Tok/Iter": 1.0}`
	evalscopePercentileNew = `[{"Percentiles": "10%", "TTFT (ms)": 80.1, "ITL (ms)": 6.0, "TPOT (ms)": 7.0, "Latency (s)": 3.5, "Output (tok/s)": 110.0},
  {"Percentiles": "50%", "TTFT (ms)": 110.2, "ITL (ms)": 7.5, "TPOT (ms)": 7.7, "Latency (s)": 4.0, "Output (tok/s)": 125.0},
  {"Percentiles": "90%", "TTFT (ms)": 180.3, "ITL (ms)": 9.0, "TPOT (ms)": 8.6, "Latency (s)": 4.6, "Output (tok/s)": 140.0},
  {"Percentiles": "99%", "TTFT (ms)": 240.4, "ITL (ms)": 20.0, "TPOT (ms)": 9.9, "Latency (s)": 5.2, "Output (tok/s)": 150.0}]`
	// Releases before 1.0: other labels, latencies in seconds.
	evalscopeSummaryOld = `{"Time taken for tests (s)": 40.0, "Number of concurrency": 4, "Total requests": 40, "Succeed requests": 40,
  "Failed requests": 0, "Output token throughput (tok/s)": 600.0, "Total token throughput (tok/s)": 1800.0,
  "Request throughput (req/s)": 1.0, "Average latency (s)": 3.0, "Average time to first token (s)": 0.1,
  "Average time per output token (s)": 0.006, "Average input tokens per request": 1200.0, "Average output tokens per request": 600.0}`
	evalscopePercentileOld = `[{"Percentiles": "50%", "TTFT (s)": 0.09, "ITL (s)": 0.0055, "TPOT (s)": 0.0058, "Latency (s)": 2.9},
  {"Percentiles": "99%", "TTFT (s)": 0.2, "ITL (s)": 0.02, "TPOT (s)": 0.008, "Latency (s)": 3.9}]`
	evalscopeArgs = `{"model": "Qwen/Qwen3-8B", "url": "http://127.0.0.1:8000/v1/chat/completions", "api": "openai", "parallel": 8, "number": 80}`
)

// EvalScope perf (issue 54, item 6): benchmark_summary.json with benchmark_percentile.json
// beside it is one point, of either release's labels; the percentiles and the arguments alone
// are skipped with a warning; `frontier check -v` names the client.
func TestEvalScopePerfFolder(t *testing.T) {
	fsys := fstest.MapFS{
		"es/new/parallel_8_number_80/benchmark_summary.json":    {Data: []byte(evalscopeSummaryNew)},
		"es/new/parallel_8_number_80/benchmark_percentile.json": {Data: []byte(evalscopePercentileNew)},
		"es/new/parallel_8_number_80/benchmark_args.json":       {Data: []byte(evalscopeArgs)},
		"es/old/parallel_4_number_40/benchmark_summary.json":    {Data: []byte(evalscopeSummaryOld)},
		"es/old/parallel_4_number_40/benchmark_percentile.json": {Data: []byte(evalscopePercentileOld)},
	}
	opt := &RawOptions{Runs: []Run{{Path: "es/*/*/*", GPU: "h100", GPUs: 2, Framework: "vllm", Precision: "bf16", Model: "Qwen3-8B"}}}
	files, _ := Walk(fsys, "data/")
	type want struct {
		conc             int64
		out, total       float64
		ttft, tpot, e2e  float64 // medians, s
		meanTTFT, p99TPO float64
		seq              string
		req              Requests
	}
	wants := map[string]want{
		"es/new/parallel_8_number_80/benchmark_summary.json": {8, 997.5, 2994.7, 0.1102, 0.0077, 4.0, 0.1205, 0.0099, "1k/512", Requests{78, 80}},
		"es/old/parallel_4_number_40/benchmark_summary.json": {4, 600, 1800, 0.09, 0.0058, 2.9, 0.1, 0.008, "1200/600", Requests{40, 40}},
	}
	var skips []string
	for _, f := range files {
		ds, ps, _ := DecodeFile(fsys, f, "data/", nil, opt)
		w, isPoint := wants[f.Path]
		if !isPoint {
			if len(ps) != 1 || !ps[0].Warning || ds != nil {
				t.Errorf("%s: want one warning that skips it, got %v", f.Path, ps)
			}
			skips = append(skips, ps.Error())
			continue
		}
		if len(ps) > 0 || ds == nil || ds.RawFile == nil || len(ds.RawFile.rows) != 1 {
			t.Fatalf("%s: problems %v", f.Path, ps)
		}
		r := &ds.RawFile.rows[0]
		m := r.raw.Metrics
		near := func(what string, id MetricID, v float64) {
			if got, ok := m.Get(id); !ok || math.Abs(got-v) > 1e-9*math.Abs(v) {
				t.Errorf("%s: %s %v (%v), want %v", f.Path, what, got, ok, v)
			}
		}
		near("output per GPU", MOutputTputPerGPU, w.out/2)
		near("total per GPU", MTputPerGPU, w.total/2)
		near("median TTFT", latencyMetric(0, 1), w.ttft)
		near("median TPOT", latencyMetric(1, 1), w.tpot)
		near("median E2E", latencyMetric(3, 1), w.e2e)
		near("mean TTFT", latencyMetric(0, 0), w.meanTTFT)
		near("p99 TPOT", latencyMetric(1, 3), w.p99TPO)
		near("median interactivity", MMedianIntvty, 1/w.tpot)
		if r.conc != w.conc || r.sequence != w.seq || r.raw.Requests != w.req {
			t.Errorf("%s: concurrency %d, sequence %q, requests %+v; want %d, %q, %+v", f.Path, r.conc, r.sequence, r.raw.Requests, w.conc, w.seq, w.req)
		}
	}
	all := strings.Join(skips, "\n")
	for _, s := range []string{"benchmark_args.json: warning: EvalScope's run arguments", "benchmark_percentile.json: warning: EvalScope's percentiles"} {
		if !strings.Contains(all, s) {
			t.Errorf("no %q among the skips:\n%s", s, all)
		}
	}
	// Alone (a reader's "your run"), a summary keeps its means and has no median interactivity.
	rows, ps := decodeRaw(formatEvalScope, "data/s.json", "s.json", []byte(evalscopeSummaryNew), &RawOptions{Runs: opt.Runs[:0:0]})
	_ = rows
	if f, _ := sniffFormat([]byte(evalscopeSummaryNew)); f != formatEvalScope {
		t.Errorf("sniffed as %v", f)
	}
	if !strings.Contains(ps.Error(), "no gpu") {
		t.Errorf("alone without [[runs]]: %v", ps)
	}
	rs, _ := Describe(fsys, "data/", opt)
	for _, r := range rs {
		if strings.HasSuffix(r.File, "new/parallel_8_number_80/benchmark_summary.json") && (r.Format != "EvalScope perf summary" || r.Release != "with its benchmark_percentile.json") {
			t.Errorf("%s: read as %q, %q", r.File, r.Format, r.Release)
		}
	}
}
