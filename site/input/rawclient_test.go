package input

import (
	"math"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/site/problem"

	"github.com/frontier-bench/frontier/internal/testenv"
)

// The real files other load generators wrote, read from the shared folder beside the
// repository (../shared/data/public/clients, whose PROVENANCE.md says where each comes from):
// no file copied from another repository lives in the project. Expected figures are the files'
// own numbers, converted by hand.

// sharedClients maps the short names the tests use (client/file, as a site would hold them) to
// the files' names in the shared folder.
var sharedClients = map[string]string{
	"aiperf/profile_export_aiperf.json":                      "aiperf/ai-dynamo__aiperf__examples_run1_profile_export_aiperf.json",
	"guidellm/benchmarks_stripped.json":                      "guidellm/vllm-project__guidellm__benchmarks_stripped.json",
	"guidellm/qwen3-4b-thinking-concurrent4_benchmarks.json": "guidellm/danielkorat__guidellm-bench__qwen3-4b-thinking-concurrent4_benchmarks.json",
	"llmperf/vllm-conc1-summary.json":                        "llmperf/ray-project__llmperf__yi-1.5-34b-4xa10g-vllm-conc1-summary.json",
	"llmperf/vllm-conc8-summary.json":                        "llmperf/ray-project__llmperf__yi-1.5-34b-4xa10g-vllm-conc8-summary.json",
	"llmperf/vllm-conc64-summary.json":                       "llmperf/ray-project__llmperf__yi-1.5-34b-4xa10g-vllm-conc64-summary.json",
	"sglang/qwen3-8b-h100-tp8-c100.jsonl":                    "sglang/Scicom__llm-benchmaq__qwen3-8b-h100-tp8-c100.jsonl",
}

// readClient reads a real client file by its short name (sharedClients), skipping the test
// locally and failing it in CI when the shared folder lacks it.
func readClient(t testing.TB, rel string) []byte {
	t.Helper()
	name, ok := sharedClients[rel]
	if !ok {
		t.Fatalf("%s: no such shared client file in sharedClients", rel)
	}
	return testenv.SharedFile(t, "public/clients/"+name)
}

// decodeClient sniffs and decodes a client's file as data/<rel>, the file's format checked.
func decodeClient(t *testing.T, rel string, data []byte, want *format, cfg *RawOptions) ([]rawRow, problem.Problems) {
	t.Helper()
	f, msg := sniffFormat(data)
	if f != want {
		t.Fatalf("%s: sniffed as %v (%s), want %v", rel, f, msg, want)
	}
	return decodeRaw(f, "data/"+rel, rel, data, cfg)
}

// wantMetrics checks every metric of row r against want, and that r has no other metric.
func wantMetrics(t *testing.T, r *rawRow, want map[MetricID]float64) {
	t.Helper()
	for id, v := range want {
		got, ok := r.raw.Metrics.Get(id)
		if !ok || !near(got, v) {
			t.Errorf("%s = %v (present %t), want %v", MetricNames[id], got, ok, v)
		}
	}
	r.raw.Metrics.Each(func(id MetricID, v float64) {
		if _, ok := want[id]; !ok {
			t.Errorf("%s = %v: not a figure of the file", MetricNames[id], v)
		}
	})
}

func TestAIPerfRealFile(t *testing.T) {
	const rel = "aiperf/profile_export_aiperf.json"
	data := readClient(t, rel)
	cfg := &RawOptions{Runs: []Run{{Path: "aiperf/*.json", GPU: "h100", GPUs: 2, Framework: "vllm", Precision: "bf16", ISL: 1024}}}
	rows, ps := decodeClient(t, rel, data, formatAIPerf, cfg)
	if len(ps) > 0 {
		t.Fatalf("problems: %v", ps)
	}
	if len(rows) != 1 {
		t.Fatalf("%d rows, want 1", len(rows))
	}
	r := &rows[0]
	// The model, the concurrency, the output length and the date are the file's; isl comes from
	// [[runs]], since the run did not state it (its measured mean, 550, is only the last resort).
	if r.model != "gpt-oss-20b" || r.conc != 100 || r.sequence != "1k/250" || r.date != "2025-10-03" ||
		r.gpu != "h100" || r.framework != "vllm" || r.precision != "bf16" || r.raw.Topology.GPUs != 2 {
		t.Errorf("row identity %+v", r)
	}
	const gpus = 2
	out := 2320.7222350404572
	in := 48950.0 / 9.317788951 // total_isl / benchmark_duration
	tpot := [...]float64{27.763065454471807, 27.615130366666666, 32.87232279340302, 33.73224787406911, 3.7332808025862296}
	want := map[MetricID]float64{
		MTputPerGPU: (out + in) / gpus, MOutputTputPerGPU: out / gpus, MInputTputPerGPU: in / gpus,
		// TTFT, ms in the file
		latencyMetric(0, 0): 2.343219436988764, latencyMetric(0, 1): 2.369317693, latencyMetric(0, 2): 3.7969311679999996,
		latencyMetric(0, 3): 3.8333894000399996, latencyMetric(0, 5): 1.0498164554204095,
		// TPOT: AIPerf's inter_token_latency
		latencyMetric(1, 0): tpot[0] / 1000, latencyMetric(1, 1): tpot[1] / 1000, latencyMetric(1, 2): tpot[2] / 1000,
		latencyMetric(1, 3): tpot[3] / 1000, latencyMetric(1, 5): tpot[4] / 1000,
		// ITL: AIPerf's inter_chunk_latency
		latencyMetric(2, 0): 27.755153106189347 / 1000, latencyMetric(2, 1): 22.673047999999998 / 1000,
		latencyMetric(2, 2): 24.875479600000002 / 1000, latencyMetric(2, 3): 140.53429476 / 1000, latencyMetric(2, 5): 23.881484709609396 / 1000,
		// E2E: request_latency
		latencyMetric(3, 0): 9.059654633033708, latencyMetric(3, 1): 9.097345014999999, latencyMetric(3, 2): 9.2775984794,
		latencyMetric(3, 3): 9.29760993376, latencyMetric(3, 5): 0.22021827319725128,
		// Interactivity: 1000 / TPOT in ms, each statistic from its own
		MMeanIntvty: 1000 / tpot[0], MMedianIntvty: 1000 / tpot[1], MP90Intvty: 1000 / tpot[2], MP99Intvty: 1000 / tpot[3],
		MStdIntvty: 1000 / tpot[4],
	}
	wantMetrics(t, r, want)

	// Nothing of input_config but what the point needs is kept: not the command line, nor the URL.
	for _, s := range []string{r.raw.Image, r.raw.RunURL, r.model} {
		if strings.Contains(s, "aiperf profile") || strings.Contains(s, "localhost") {
			t.Errorf("kept %q", s)
		}
	}
}

func TestAIPerfContextFromTheFileOrRuns(t *testing.T) {
	const rel = "runs/aiperf.json"
	data := readClient(t, "aiperf/profile_export_aiperf.json")
	_, ps := decodeClient(t, rel, data, formatAIPerf, &RawOptions{})
	got := ps.Error()
	for _, w := range []string{
		"data/runs/aiperf.json: no gpu: give it in the file or in a [[runs]] entry of frontier.toml",
		"data/runs/aiperf.json: no gpus: give it",
		"data/runs/aiperf.json: no framework: give it",
		"data/runs/aiperf.json: no precision: give it",
		`data/runs/aiperf.json: warning: add to frontier.toml: [[runs]] path = "runs/aiperf.json", gpu = "…", gpus = N, framework = "…", precision = "…"`,
	} {
		if !strings.Contains(got, w) {
			t.Errorf("problems lack %q:\n%s", w, got)
		}
	}
	// isl falls back on the measured mean, osl and the model are the file's: not reported.
	for _, no := range []string{"no isl", "no osl", "no model"} {
		if strings.Contains(got, no) {
			t.Errorf("problems say %q:\n%s", no, got)
		}
	}
	if n := len(ps.Errors()); n != 4 {
		t.Errorf("%d errors, want 4:\n%s", n, got)
	}
}

// aiperfTopLevel is an AIPerf export as its later releases (and GenAI-Perf) write it: every
// metric at the top level, a total token throughput of its own.
func aiperfTopLevel(ttft, itl, extra string) string {
	return `{"time_to_first_token": {"unit": "ms", "avg": 61.91, "p50": 44.21, "p99": 96.86, "std": 28.95` + ttft + `},
	"inter_token_latency": {"unit": "ms", "avg": 4.15, "p50": 4.0, "p90": 4.19, "p99": 4.20, "std": 0.02` + itl + `},
	"request_latency": {"unit": "sec", "avg": 0.5, "p50": 0.4},
	"output_token_throughput": {"unit": "tokens/sec", "avg": 800},
	"total_token_throughput": {"unit": "tokens/sec", "avg": 1600},
	"request_throughput": {"unit": "requests/sec", "avg": 5.69},
	"input_sequence_length": {"unit": "tokens", "avg": 1019.6},
	"output_sequence_length": {"unit": "tokens", "avg": 998.2},
	"input_config": {"endpoint": {"model_names": ["Qwen/Qwen3-8B"], "streaming": true,
		"headers": [["Authorization", "Bearer sk-secret"]]}, "loadgen": {"concurrency": 8},
		"cli_command": "aiperf profile --header 'Authorization: Bearer sk-secret'"},
	"start_time": "2026-08-04T10:00:00Z"` + extra + `}`
}

func TestAIPerfTopLevel(t *testing.T) {
	cfg := &RawOptions{Runs: []Run{{Path: "*.json", GPU: "b200", GPUs: 1, Framework: "sglang", Precision: "fp8"}}}
	rows, ps := decodeClient(t, "x.json", []byte(aiperfTopLevel("", "", "")), formatAIPerf, cfg)
	if len(ps) > 0 || len(rows) != 1 {
		t.Fatalf("%d rows, problems %v", len(rows), ps)
	}
	r := &rows[0]
	// No stated lengths and none in [[runs]]: the measured means, rounded.
	if r.sequence != "1020/998" || r.conc != 8 || r.model == "" || r.date != "2026-08-04" {
		t.Errorf("row %+v", r)
	}
	wantMetrics(t, r, map[MetricID]float64{
		MTputPerGPU: 1600, MOutputTputPerGPU: 800, MInputTputPerGPU: 800,
		latencyMetric(0, 0): 0.06191, latencyMetric(0, 1): 0.04421, latencyMetric(0, 3): 0.09686, latencyMetric(0, 5): 0.02895,
		latencyMetric(1, 0): 0.00415, latencyMetric(1, 1): 0.004, latencyMetric(1, 2): 0.00419, latencyMetric(1, 3): 0.0042, latencyMetric(1, 5): 0.00002,
		latencyMetric(3, 0): 0.5, latencyMetric(3, 1): 0.4,
		MMeanIntvty: 1000 / 4.15, MMedianIntvty: 250, MP90Intvty: 1000 / 4.19, MP99Intvty: 1000 / 4.2, MStdIntvty: 1000 / 0.02,
	})
	for _, s := range []string{r.model, r.raw.Image, r.raw.RunURL} {
		if strings.Contains(s, "sk-secret") {
			t.Errorf("a secret of input_config was kept: %q", s)
		}
	}
}

// noMedianKept ends the warning of a point whose file gives no median TPOT.
const noMedianKept = "the point is kept on the chart's other axes and has no place on its default one; " +
	"a median is never computed from the mean or another percentile, which differ from it when some requests are slow"

// TestAIPerfNoMedianKept: a file with no median TPOT gives a point with every other figure it
// has (TTFT, E2E latency, the other statistics of interactivity) and no median interactivity:
// its x is absent (NaN), never the mean or a percentile in its place.
func TestAIPerfNoMedianKept(t *testing.T) {
	cfg := &RawOptions{Runs: []Run{{Path: "*.json", GPU: "b200", GPUs: 1, Framework: "sglang", Precision: "fp8"}}}
	in := strings.Replace(aiperfTopLevel("", "", ""), `"p50": 4.0, `, "", 1)
	rows, ps := decodeClient(t, "x.json", []byte(in), formatAIPerf, cfg)
	if len(ps.Errors()) > 0 || len(ps) != 1 || !ps[0].Warning || len(rows) != 1 {
		t.Fatalf("%d rows, problems %v: want the point, and one warning", len(rows), ps)
	}
	r := &rows[0]
	wantMetrics(t, r, map[MetricID]float64{
		MTputPerGPU: 1600, MOutputTputPerGPU: 800, MInputTputPerGPU: 800,
		latencyMetric(0, 0): 0.06191, latencyMetric(0, 1): 0.04421, latencyMetric(0, 3): 0.09686, latencyMetric(0, 5): 0.02895,
		latencyMetric(1, 0): 0.00415, latencyMetric(1, 2): 0.00419, latencyMetric(1, 3): 0.0042, latencyMetric(1, 5): 0.00002,
		latencyMetric(3, 0): 0.5, latencyMetric(3, 1): 0.4,
		MMeanIntvty: 1000 / 4.15, MP90Intvty: 1000 / 4.19, MP99Intvty: 1000 / 4.2, MStdIntvty: 1000 / 0.02,
	})
	pt := rawPointOf(r, "b200_sglang")
	if pt.HasX() || !math.IsNaN(pt.X) || pt.Y != 1600 || pt.TpPerGpu != 1600 || pt.OutputTputPerGpu != 800 {
		t.Errorf("point x %v, y %v, throughputs %v %v: want no x and the file's throughputs", pt.X, pt.Y, pt.TpPerGpu, pt.OutputTputPerGpu)
	}
	if q := pt; !pt.SameAs(&q) || pt == q {
		t.Errorf("SameAs: a point with no x is the same as itself (where == says it is not)")
	}
}

func TestAIPerfProblems(t *testing.T) {
	cfg := &RawOptions{Runs: []Run{{Path: "*.json", GPU: "b200", GPUs: 1, Framework: "sglang", Precision: "fp8"}}}
	tests := []struct {
		name, in string
		want     []string
	}{
		{"no median TPOT", strings.Replace(aiperfTopLevel("", "", ""), `"p50": 4.0, `, "", 1), []string{
			"data/x.json: inter_token_latency.p50: warning: no median time per output token (the file gives its mean, p90, p99, std only), so no median interactivity: " + noMedianKept}},
		{"a word for a figure", aiperfTopLevel(`, "p90": "slow"`, "", ""), []string{
			`data/x.json: time_to_first_token.p90: want a number, got "slow"`}},
		{"a unit of no time", strings.Replace(aiperfTopLevel("", "", ""), `"unit": "sec"`, `"unit": "tokens"`, 1), []string{
			`data/x.json: request_latency.unit: want a time unit (ms, s, us or ns), got "tokens"`}},
		{"not streamed", strings.Replace(aiperfTopLevel("", "", ""), `"streaming": true`, `"streaming": false`, 1), []string{
			"data/x.json: input_config.endpoint.streaming: warning: the run did not stream: its TTFT is its request latency and it has no inter-token latency, so no interactivity; only the request latency is taken",
			"data/x.json: inter_token_latency.p50: warning: no median time per output token (the file gives no statistic of it), so no median interactivity: " + noMedianKept}},
		{"no concurrency", strings.Replace(aiperfTopLevel("", "", ""), `"concurrency": 8`, `"concurrency": null`, 1), []string{
			"data/x.json: concurrency: missing: the file does not say the run's concurrency"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rows, ps := decodeClient(t, "x.json", []byte(tc.in), formatAIPerf, cfg)
			var got []string
			for _, p := range ps {
				got = append(got, p.String())
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			if len(ps.Errors()) > 0 && len(rows) != 0 {
				t.Errorf("a point with an error was kept")
			}
			if len(ps.Errors()) == 0 && len(rows) != 1 {
				t.Errorf("%d rows: a point with warnings only is kept", len(rows))
			}
		})
	}
}

// llmperfRuns gives LLMPerf's example summaries (Yi-1.5-34B on 4 A10Gs, vLLM) their context.
var llmperfRuns = &RawOptions{Runs: []Run{
	{Path: "*", GPU: "a10g", GPUs: 4, Framework: "vllm", Precision: "bf16"},
	{Path: "*/*", GPU: "a10g", GPUs: 4, Framework: "vllm", Precision: "bf16"},
}}

func TestLLMPerfRealFiles(t *testing.T) {
	for _, rel := range []string{"llmperf/vllm-conc1-summary.json", "llmperf/vllm-conc8-summary.json", "llmperf/vllm-conc64-summary.json"} {
		// LLMPerf has no TPOT: the file is read (numbers written as strings included) and its
		// point kept on the axes it gives, with no median interactivity; one warning says why.
		rows, ps := decodeClient(t, rel, readClient(t, rel), formatLLMPerf, llmperfRuns)
		if len(rows) != 1 || len(ps) != 1 || !ps[0].Warning || ps[0].String() != "data/"+rel+": warning: "+llmperfNoTPOT {
			t.Errorf("%s: %d rows, problems %v", rel, len(rows), ps)
			continue
		}
		m := rows[0].raw.Metrics
		if m.Has(MMedianIntvty) || m.Has(MMeanIntvty) || !m.Has(latencyMetric(0, 1)) || !m.Has(latencyMetric(3, 1)) || !m.Has(MTputPerGPU) {
			t.Errorf("%s: metrics %+v: want TTFT, E2E latency and throughput, no interactivity", rel, m)
		}
	}
	// Without [[runs]], the point's context is what it lacks.
	if _, ps := decodeClient(t, "s.json", readClient(t, "llmperf/vllm-conc8-summary.json"), formatLLMPerf, &RawOptions{}); !strings.Contains(ps.Error(), "data/s.json: no gpu: give it in the file or in a [[runs]] entry") {
		t.Errorf("without [[runs]]: %v", ps)
	}
	bad := strings.Replace(string(readClient(t, "llmperf/vllm-conc8-summary.json")), `"results_number_input_tokens_mean": 550.0`, `"results_number_input_tokens_mean": "many"`, 1)
	_, ps := decodeClient(t, "s.json", []byte(bad), formatLLMPerf, llmperfRuns)
	if len(ps.Errors()) != 1 || ps.Errors()[0].String() != `data/s.json: results_number_input_tokens_mean: want a number, got "many"` {
		t.Errorf("problems %v", ps)
	}
}

// TestNoMedianTPOTInASweepOrALine: a GuideLLM benchmark or an SGLang line without a median
// TPOT is kept, the rest of the sweep with it, and its warning names the place the median
// would be: the benchmark's JSON path, the line.
func TestNoMedianTPOTInASweepOrALine(t *testing.T) {
	noMedian := func(b map[string]any) {
		delete(b["metrics"].(map[string]any)["inter_token_latency_ms"].(map[string]any)["successful"].(map[string]any), "median")
	}
	sweep := guidellmSweep(t, guideStrategy(map[string]any{"type_": "synchronous"}),
		func(b map[string]any) {
			guideStrategy(map[string]any{"type_": "concurrent", "streams": 8})(b)
			noMedian(b)
		})
	cfg := &RawOptions{Runs: []Run{{Path: "*", GPU: "b200", GPUs: 8, Framework: "sglang", Precision: "fp8", Model: "m"}}}
	rows, ps := decodeRaw(formatGuide, "data/sweep.json", "sweep.json", sweep, cfg)
	if len(rows) != 2 || len(ps) != 1 || !strings.HasPrefix(ps[0].String(),
		"data/sweep.json: benchmarks[1].metrics.inter_token_latency_ms.successful.median: warning: no median time per output token (the file gives its mean, ") {
		t.Errorf("GuideLLM: %d rows, problems %v: want both benchmarks and one warning at the second's median", len(rows), ps)
	}
	if len(rows) == 2 && (rows[1].raw.Metrics.Has(MMedianIntvty) || !rows[1].raw.Metrics.Has(MMeanIntvty) || !rows[0].raw.Metrics.Has(MMedianIntvty)) {
		t.Errorf("GuideLLM: the second benchmark has a median interactivity, or the first none")
	}

	good := sglangLine(16, 100, "10.0", "")
	lines := good + "\n" + strings.Replace(sglangLine(32, 100, "10.0", ""), `"median_tpot_ms": 10.0, `, "", 1) + "\n"
	ds, ps := decode("data/s.jsonl", "s.jsonl", []byte(lines), cfg)
	want := "data/s.jsonl:2: median_tpot_ms: warning: no median time per output token (the file gives its mean, p99, std only), so no median interactivity: " + noMedianKept
	if ds == nil || len(ds.RawFile.rows) != 2 || len(ps) != 1 || ps[0].String() != want {
		t.Errorf("SGLang: problems %v, want both lines and:\n%s", ps, want)
	}
}
