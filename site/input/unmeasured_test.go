package input

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testenv"
)

// Issue 44's reading rules, on small files in each client's own keys: a figure the run did not
// measure costs its point that figure, never the file; a broken or hostile value stays a problem.

// readOne reads one file as "your run" does (the build's readers), with a [[runs]] entry for
// the context the snippets lack, and returns its points.
func readOne(t *testing.T, name, data string) ([]Point, []string) {
	t.Helper()
	opt := &RawOptions{Runs: []Run{{Path: "*", GPU: "h100", GPUs: 2, Framework: "vllm", Precision: "fp8", Model: "m", ISL: 1024, OSL: 1024}}}
	pages, ps := ReadRun(name, []byte(data), opt)
	var msgs []string
	for _, p := range ps {
		msgs = append(msgs, p.String())
	}
	var pts []Point
	seen := map[int64]bool{}
	for _, pg := range pages {
		for _, ds := range pg.Datasets {
			for _, s := range ds.Series {
				for _, p := range s.Points {
					if !seen[p.ID] {
						seen[p.ID] = true
						pts = append(pts, p)
					}
				}
			}
		}
	}
	return pts, msgs
}

func metricOf(p Point, m MetricID) float64 {
	if p.Raw == nil {
		return math.NaN()
	}
	v, ok := p.Raw.Metrics.Get(m)
	if !ok {
		return math.NaN()
	}
	return v
}

// TestServeRunByRequestRate: `vllm bench serve --request-rate 0.3` without --max-concurrency
// writes "max_concurrency": null; its load is its request rate (part of the point's identity,
// so two rates are two points), and "inf" with null is a run without any limit.
func TestServeRunByRequestRate(t *testing.T) {
	serve := func(conc, rate string) string {
		return `{"date": "20260505-195242", "model_id": "m", "request_rate": ` + rate + `, "max_concurrency": ` + conc + `,
			"total_token_throughput": 1215.5, "output_throughput": 129.25, "median_ttft_ms": 1285.5, "median_tpot_ms": 181.5, "median_e2el_ms": 85306.25}`
	}
	for _, c := range []struct {
		name, conc, rate string
		wantConc         int64
		wantRate         float64 // NaN: none
	}{
		{"by rate", "null", "0.3", 0, 0.3},
		{"by concurrency", "16", `"inf"`, 16, math.NaN()},
		{"no limit", "null", `"inf"`, 0, math.NaN()},
		{"both", "8", "2", 8, math.NaN()},
	} {
		t.Run(c.name, func(t *testing.T) {
			pts, msgs := readOne(t, "r.json", serve(c.conc, c.rate))
			if len(msgs) > 0 || len(pts) != 1 {
				t.Fatalf("%d points, messages %v", len(pts), msgs)
			}
			p := pts[0]
			if rate := metricOf(p, MRequestRate); p.Concurrency != c.wantConc || !(rate == c.wantRate || math.IsNaN(rate) && math.IsNaN(c.wantRate)) {
				t.Errorf("concurrency %d, request rate %v; want %d, %v", p.Concurrency, rate, c.wantConc, c.wantRate)
			}
			if p.TpPerGpu != 1215.5/2 || metricOf(p, latencyMetric(0, 1)) != 1.2855 {
				t.Errorf("total %v per GPU, median TTFT %v s: want the file's 1215.5/2 and 1.2855", p.TpPerGpu, metricOf(p, latencyMetric(0, 1)))
			}
		})
	}
	// Two runs by rate in one folder: two points, not one conflict.
	a, _ := readOne(t, "a.json", serve("null", "0.3"))
	b, _ := readOne(t, "b.json", serve("null", "1"))
	if len(a) != 1 || len(b) != 1 || a[0].ID == b[0].ID {
		t.Errorf("rates 0.3 and 1 gave ids %v and %v: want two points", a, b)
	}
	// Hostile values stay problems.
	for _, bad := range []struct{ conc, rate, want string }{
		{`"many"`, "1", `max_concurrency: want an integer, got "many"`},
		{"null", `"fast"`, `request_rate: want a number or "inf", got "fast"`},
		{"null", "-1", "request_rate: must not be negative, got -1"},
	} {
		_, msgs := readOne(t, "r.json", serve(bad.conc, bad.rate))
		if !strings.Contains(strings.Join(msgs, "\n"), bad.want) {
			t.Errorf("max_concurrency %s, request_rate %s: messages %v, want %q", bad.conc, bad.rate, msgs, bad.want)
		}
	}
}

// TestSGLang2024Lines: bench_serving lines of 2024 releases have no total or input throughput,
// no TPOT and max_concurrency null. The total is output + total_input_tokens / duration, the
// load the request rate (none for Infinity: each such line its own point), and no
// interactivity stands in for the missing TPOT.
func TestSGLang2024Lines(t *testing.T) {
	line := func(rate string, in float64) string {
		return `{"backend": "sglang", "dataset_name": "random", "request_rate": ` + rate + `, "max_concurrency": null, "completed": 300,
			"duration": 300.0, "total_input_tokens": ` + strconvF(in) + `, "total_output_tokens": 150000,
			"output_throughput": 500.0, "median_e2e_latency_ms": 7819.0, "median_ttft_ms": 85.5, "median_itl_ms": 13.5}`
	}
	oneLine := strings.NewReplacer("\n", " ", "\t", "")
	line = func(line func(string, float64) string) func(string, float64) string {
		return func(rate string, in float64) string { return oneLine.Replace(line(rate, in)) }
	}(line)
	data := line("1.0", 150000) + "\n" + line("2.0", 150000) + "\n" + line("Infinity", 150000) + "\n" + line("Infinity", 150000) + "\n"
	pts, msgs := readOne(t, "s.jsonl", data)
	for _, m := range msgs {
		if !strings.Contains(m, "warning") {
			t.Errorf("problem %s: want warnings only", m)
		}
	}
	if len(pts) != 4 {
		t.Fatalf("%d points, want 4 (two rates, two unlimited runs)", len(pts))
	}
	rates := 0
	for _, p := range pts {
		if p.TpPerGpu != (500+150000.0/300)/2 || p.OutputTputPerGpu != 250 || p.HasX() {
			t.Errorf("point %+v: want total (500 + 150000/300)/2, output 250, no median interactivity", p)
		}
		if metricOf(p, latencyMetric(3, 1)) != 7.819 || metricOf(p, latencyMetric(0, 1)) != 0.0855 {
			t.Errorf("median E2E %v, TTFT %v: want the file's", metricOf(p, latencyMetric(3, 1)), metricOf(p, latencyMetric(0, 1)))
		}
		if !math.IsNaN(metricOf(p, MRequestRate)) {
			rates++
		}
	}
	if rates != 2 {
		t.Errorf("%d points with a request rate, want 2", rates)
	}
}

func strconvF(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// TestGenAIPerfUnsetLengths: GenAI-Perf writes output_tokens_mean -1 for "not set"; the length
// then comes from [[runs]], and another negative length stays a problem.
func TestGenAIPerfUnsetLengths(t *testing.T) {
	export := func(mean string) string {
		return `{"request_throughput": {"unit": "requests/sec", "avg": 1.5}, "request_latency": {"unit": "ms", "avg": 900, "p50": 880},
			"output_token_throughput": {"unit": "tokens/sec", "avg": 150}, "input_config": {"concurrency": 1,
			"synthetic_input_tokens_mean": 50, "output_tokens_mean": ` + mean + `, "streaming": false}}`
	}
	pts, msgs := readOne(t, "profile_export_genai_perf.json", export("-1"))
	if len(pts) != 1 {
		t.Fatalf("%d points, messages %v", len(pts), msgs)
	}
	for _, m := range msgs {
		if !strings.Contains(m, "warning") {
			t.Errorf("problem %s: want warnings only (the run did not stream)", m)
		}
	}
	_, msgs = readOne(t, "profile_export_genai_perf.json", export("-2"))
	if !strings.Contains(strings.Join(msgs, "\n"), "input_config.output_tokens_mean: must not be negative, got -2") {
		t.Errorf("messages %v: want -2 refused", msgs)
	}
}

// TestPerRequestFilesSkipped: the per-request files clients write beside their results (LLMPerf's
// *_individual_responses.json, AIPerf's profile_export.jsonl, GenAI-Perf's profile_export.json) are skipped with one warning
// naming the file that gives the point, never a problem.
func TestPerRequestFilesSkipped(t *testing.T) {
	for _, c := range []struct{ name, data, want string }{
		{"together_70b_individual_responses.json", `[{"error_code": null, "ttft_s": 0.5, "end_to_end_latency_s": 3.1, "number_output_tokens": 150, "inter_token_latency_s": 0.02}]`, "warning: an LLMPerf per-request"},
		{"profile_export.jsonl", `{"metadata": {"x_request_id": "a"}, "metrics": {"ttft": {"value": 1680.5, "unit": "ms"}}, "error": null}` + "\n" +
			`{"metadata": {"x_request_id": "b"}, "metrics": {}, "error": {"code": 499}}` + "\n", "warning: an AIPerf per-request"},
		{"profile_export.json", `{"experiments": [{"experiment": {"mode": "concurrency", "value": 4}, "requests": [{"timestamp": 1, "response_timestamps": [2, 3]}],
			"window_boundaries": [1, 5, 6]}], "version": "1.2.3", "service_kind": "openai", "endpoint": "v1/chat/completions"}`, "warning: a perf_analyzer per-request"},
		{"inputs.json", `{"data": [{"payload": [{"messages": [{"role": "user", "content": "hi"}], "model": "m", "stream": true}]}]}`, "warning: the prompts a GenAI-Perf or AIPerf run sent"},
	} {
		pts, msgs := readOne(t, c.name, c.data)
		if len(pts) != 0 || len(msgs) != 1 || !strings.Contains(msgs[0], c.want) {
			t.Errorf("%s: %d points, messages %v; want one warning naming %s", c.name, len(pts), msgs, c.want)
		}
	}
}

// TestServeLayoutsBeforeMaxConcurrency: vLLM's benchmark_serving.py before 0.6.2 wrote no
// max_concurrency and no total_token_throughput (and its earliest releases
// "request_inthroughput"); SGLang's first bench_serving lines no max_concurrency. Each is a
// point at its request rate, its total input + output throughput.
func TestServeLayoutsBeforeMaxConcurrency(t *testing.T) {
	vllm := `{"date": "20240601-101010", "backend": "vllm", "model_id": "m", "tokenizer_id": "m", "best_of": 1, "use_beam_search": false,
		"num_prompts": 1000, "request_rate": 4.0, "duration": 250.0, "completed": 1000, "total_input_tokens": 200000, "total_output_tokens": 100000,
		"request_inthroughput": 4.0, "input_throughput": 800.0, "output_throughput": 400.0, "mean_ttft_ms": 30.0, "median_ttft_ms": 28.0,
		"p99_ttft_ms": 90.0, "mean_tpot_ms": 12.0, "median_tpot_ms": 11.5, "p99_tpot_ms": 20.0}`
	sglang := `{"backend": "sglang", "dataset_name": "random", "request_rate": 8.0, "random_input_len": 1024, "random_output_len": 1024,
		"duration": 100.0, "completed": 800, "total_input_tokens": 409600, "total_output_tokens": 409600, "request_throughput": 8.0,
		"input_throughput": 4096.0, "output_throughput": 4096.0, "mean_e2e_latency_ms": 9000.0, "median_e2e_latency_ms": 8800.0,
		"median_ttft_ms": 120.0, "median_itl_ms": 15.0}`
	for _, c := range []struct {
		name, file, data string
		total, rate      float64
		hasX             bool
	}{
		{"vLLM 0.4", "r.json", vllm, 1200, 4, true},
		{"SGLang 2024, a file", "s.json", sglang, 8192, 8, false},
		{"SGLang 2024, a line", "s.jsonl", strings.NewReplacer("\n", " ", "\t", "").Replace(sglang) + "\n", 8192, 8, false},
	} {
		pts, msgs := readOne(t, c.file, c.data)
		for _, m := range msgs {
			if !strings.Contains(m, "warning") {
				t.Errorf("%s: problem %s", c.name, m)
			}
		}
		if len(pts) != 1 {
			t.Fatalf("%s: %d points, want 1", c.name, len(pts))
		}
		p := pts[0]
		if p.TpPerGpu != c.total/2 || p.Concurrency != 0 || metricOf(p, MRequestRate) != c.rate || p.HasX() != c.hasX {
			t.Errorf("%s: total %v per GPU, concurrency %d, rate %v, has x %v; want %v, 0, %v, %v", c.name, p.TpPerGpu, p.Concurrency, metricOf(p, MRequestRate), p.HasX(), c.total/2, c.rate, c.hasX)
		}
	}
}

// TestTRTLLMReportBeforeTotalThroughput: trtllm-bench releases before
// system_total_throughput_tok_s write only the output throughput; the total is output +
// request_throughput_req_s × request_info.avg_input_length (a real 1.2 latency report, whose
// total is exactly that, with the key taken out).
func TestTRTLLMReportBeforeTotalThroughput(t *testing.T) {
	data := testenv.SharedFile(t, "public/clients/trtllm-bench/masahiro-kubota__trtllm-latency__rtx6000_in87_out40_bs1.json")
	var report map[string]any
	if err := json.Unmarshal(data, &report); err != nil {
		t.Fatal(err)
	}
	perf := report["performance"].(map[string]any)
	total := perf["system_total_throughput_tok_s"].(float64)
	delete(perf, "system_total_throughput_tok_s")
	old, err := json.Marshal(report)
	if err != nil {
		t.Fatal(err)
	}
	opt := &RawOptions{Runs: []Run{{Path: "*", GPU: "rtx6000"}}}
	pages, ps := ReadRun("report.json", old, opt)
	if len(ps.Errors()) > 0 || len(pages) != 1 {
		t.Fatalf("%d pages, problems %v", len(pages), ps)
	}
	p := pages[0].Datasets[0].Series[0].Points[0]
	want := perf["system_output_throughput_tok_s"].(float64) + perf["request_throughput_req_s"].(float64)*report["request_info"].(map[string]any)["avg_input_length"].(float64)
	if math.Abs(p.TpPerGpu-want) > 1e-9*want || math.Abs(p.TpPerGpu-total) > 1e-6*total {
		t.Errorf("total %v per GPU, want output + rate × mean input = %v (the report's own total %v)", p.TpPerGpu, want, total)
	}
}

// TestGenAIPerfNestedConfig: later GenAI-Perf releases nest input_config (perf_analyzer.stimulus
// holds the concurrency or the request rate, input.synthetic_tokens and input.output_tokens the
// requested lengths); a run by request rate has its rate as its load.
func TestGenAIPerfNestedConfig(t *testing.T) {
	export := func(stimulus string) string {
		return `{"request_throughput": {"unit": "requests/sec", "avg": 15.0}, "output_token_throughput": {"unit": "tokens/sec", "avg": 200.0},
			"input_sequence_length": {"unit": "tokens", "avg": 550}, "output_sequence_length": {"unit": "tokens", "avg": 16},
			"time_to_first_token": {"unit": "ms", "avg": 40, "p50": 38}, "inter_token_latency": {"unit": "ms", "avg": 9, "p50": 8},
			"request_latency": {"unit": "ms", "avg": 200, "p50": 190},
			"input_config": {"model_names": ["small_model"], "input": {"batch_size": 1, "synthetic_tokens": {"mean": 550, "stddev": 0},
			"output_tokens": {"mean": -1}}, "endpoint": {"backend": "vllm", "url": "localhost:8001", "streaming": true},
			"perf_analyzer": {"path": "perf_analyzer", "stimulus": ` + stimulus + `}}}`
	}
	for _, c := range []struct {
		stimulus string
		conc     int64
		rate     float64
	}{
		{`{"concurrency": 32}`, 32, math.NaN()},
		{`{"request_rate": 12.5}`, 0, 12.5},
	} {
		pts, msgs := readOne(t, "profile_export_genai_perf.json", export(c.stimulus))
		if len(pts) != 1 || len(msgs) > 0 {
			t.Fatalf("%s: %d points, messages %v", c.stimulus, len(pts), msgs)
		}
		p := pts[0]
		r := metricOf(p, MRequestRate)
		if p.Concurrency != c.conc || !(r == c.rate || math.IsNaN(r) && math.IsNaN(c.rate)) || p.TpPerGpu != (200+15*550.0)/2 {
			t.Errorf("%s: concurrency %d, rate %v, total %v per GPU; want %d, %v, %v", c.stimulus, p.Concurrency, r, p.TpPerGpu, c.conc, c.rate, (200+15*550.0)/2)
		}
	}
}
