package input

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// GuideLLM's own fixture (../shared/data/public/clients/guidellm, PROVENANCE.md there): one synchronous
// benchmark of a sweep, 46 successful requests. Every figure is the file's successful
// requests' statistic, converted by hand: ms to s for TTFT and TPOT (GuideLLM's
// inter_token_latency_ms), request_latency already in seconds.
func TestGuideLLMRealFile(t *testing.T) {
	const rel = "guidellm/benchmarks_stripped.json"
	data := readClient(t, rel)
	cfg := &RawOptions{Runs: []Run{{Path: "guidellm/*.json", GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16"}}}
	rows, ps := decodeClient(t, rel, data, formatGuide, cfg)
	if len(ps) > 0 {
		t.Fatalf("problems: %v", ps)
	}
	if len(rows) != 1 {
		t.Fatalf("%d rows, want 1", len(rows))
	}
	r := &rows[0]
	// The model, the requested lengths (request_loader.data) and the date (start_time
	// 1749157168) are the file's; the strategy is synchronous: concurrency 1.
	if r.model != "example_model" || r.conc != 1 || r.sequence != "256/128" || r.date != "2025-06-05" ||
		r.gpu != "h100" || r.framework != "vllm" || r.precision != "bf16" || r.raw.Topology.GPUs != 1 || r.idx != 0 {
		t.Errorf("row identity %+v", r)
	}
	out, total := 198.13346751788123, 992.6867036588937
	tpot := [...]float64{4.941609043733832, 4.9241227427805505, 4.973544849185493, 5.258346167136365, 5.258346167136365, 0.056689155101597465}
	want := map[MetricID]float64{
		MTputPerGPU: total, MOutputTputPerGPU: out, MInputTputPerGPU: total - out,
		latencyMetric(0, 0): 16.792535781860348e-3, latencyMetric(0, 1): 16.38054847717285e-3, latencyMetric(0, 2): 18.505334854125977e-3,
		latencyMetric(0, 3): 21.281957626342773e-3, latencyMetric(0, 4): 21.281957626342773e-3, latencyMetric(0, 5): 1.1303385708366516e-3,
		latencyMetric(3, 0): 0.6444743664368339, latencyMetric(3, 1): 0.6424565315246582, latencyMetric(3, 2): 0.6488735675811768,
		latencyMetric(3, 3): 0.6891846656799316, latencyMetric(3, 4): 0.6891846656799316, latencyMetric(3, 5): 0.008009110982988258,
		MMeanIntvty: 1000 / tpot[0], MMedianIntvty: 1000 / tpot[1], MP90Intvty: 1000 / tpot[2], MP99Intvty: 1000 / tpot[3],
		MP999Intvty: 1000 / tpot[4], MStdIntvty: 1000 / tpot[5],
	}
	for s, v := range tpot {
		want[latencyMetric(1, s)] = v / 1000
	}
	wantMetrics(t, r, want)
	for _, s := range []string{r.model, r.raw.Image, r.raw.RunURL} {
		if strings.Contains(s, "example_target") {
			t.Errorf("kept the backend's target: %q", s)
		}
	}
}

// guidellmSweep is the real report with its one benchmark copied into a sweep, each copy
// changed by its edit (of the benchmark as decoded by encoding/json).
func guidellmSweep(t *testing.T, edits ...func(b map[string]any)) []byte {
	t.Helper()
	var rep map[string]any
	if err := json.Unmarshal(readClient(t, "guidellm/benchmarks_stripped.json"), &rep); err != nil {
		t.Fatal(err)
	}
	one, _ := json.Marshal(rep["benchmarks"].([]any)[0])
	var bs []any
	for _, e := range edits {
		var b map[string]any
		if err := json.Unmarshal(one, &b); err != nil {
			t.Fatal(err)
		}
		e(b)
		bs = append(bs, b)
	}
	rep["benchmarks"] = bs
	out, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func guideStrategy(s map[string]any) func(map[string]any) {
	return func(b map[string]any) { b["args"].(map[string]any)["strategy"] = s }
}

func guideMetric(name, stat string, v any) func(map[string]any) {
	return func(b map[string]any) {
		b["metrics"].(map[string]any)[name].(map[string]any)["successful"].(map[string]any)[stat] = v
	}
}

// A sweep: each benchmark a point at its strategy's load (synchronous concurrency 1, concurrent
// its streams, a constant rate its request rate, since issue 44: it was its measured
// concurrency rounded); a broken benchmark is a problem naming its JSON path, and a second
// benchmark at one concurrency is left out with a warning.
func TestGuideLLMSweep(t *testing.T) {
	data := guidellmSweep(t,
		guideStrategy(map[string]any{"type_": "synchronous"}),
		guideStrategy(map[string]any{"type_": "concurrent", "streams": 8}),
		func(b map[string]any) {
			guideStrategy(map[string]any{"type_": "constant", "rate": 12.5})(b)
			guideMetric("request_concurrency", "mean", 15.6)(b)
		},
		func(b map[string]any) {
			guideStrategy(map[string]any{"type_": "concurrent", "streams": 32})(b)
			guideMetric("inter_token_latency_ms", "median", "fast")(b)
		},
		guideStrategy(map[string]any{"type_": "concurrent", "streams": 8}),
	)
	cfg := &RawOptions{Runs: []Run{{Path: "sweep.json", GPU: "b200", GPUs: 8, Framework: "sglang", Precision: "fp8"}}}
	rows, ps := decodeRaw(formatGuide, "data/sweep.json", "sweep.json", data, cfg)
	var concs []int64
	for _, r := range rows {
		concs = append(concs, r.conc)
	}
	if want := []int64{1, 8, 0}; !slices.Equal(concs, want) {
		t.Errorf("concurrencies %v, want %v", concs, want)
	}
	if len(rows) == 3 && rows[2].rate != 12.5 {
		t.Errorf("the constant-rate benchmark's request rate %v, want 12.5", rows[2].rate)
	}
	if len(rows) == 3 && rows[2].idx != 2 {
		t.Errorf("third point's index %d, want 2", rows[2].idx)
	}
	got := ps.Error()
	for _, w := range []string{
		`data/sweep.json: benchmarks[3].metrics.inter_token_latency_ms.successful.median: want a number, got "fast"`,
		"data/sweep.json: benchmarks[4]: warning: its concurrency (8) is that of benchmarks[1]: one point per concurrency, the first kept",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("problems lack %q:\n%s", w, got)
		}
	}
	if len(ps) != 2 {
		t.Errorf("%d problems, want 2:\n%s", len(ps), got)
	}
	// Throughput is the deployment's, divided by the GPUs from [[runs]].
	if v, _ := rows[0].raw.Metrics.Get(MOutputTputPerGPU); !near(v, 198.13346751788123/8) {
		t.Errorf("output throughput per GPU %v", v)
	}
}

// A report without the output throughput, or without benchmarks, says what it lacks.
func TestGuideLLMMissingFigures(t *testing.T) {
	data := guidellmSweep(t, func(b map[string]any) { delete(b["metrics"].(map[string]any), "output_tokens_per_second") })
	cfg := &RawOptions{Runs: []Run{{Path: "g.json", GPU: "b200", GPUs: 8, Framework: "sglang", Precision: "fp8"}}}
	rows, ps := decodeRaw(formatGuide, "data/g.json", "g.json", data, cfg)
	if len(rows) != 0 || !strings.Contains(ps.Error(), "data/g.json: benchmarks[0].metrics.output_tokens_per_second.successful.mean: missing: want the output token throughput") {
		t.Errorf("rows %d, problems:\n%s", len(rows), ps.Error())
	}
	_, ps = decodeRaw(formatGuide, "data/g.json", "g.json", []byte(`{"benchmarks": []}`), cfg)
	if !strings.Contains(ps.Error(), "data/g.json: benchmarks: warning: no benchmarks") {
		t.Errorf("problems:\n%s", ps.Error())
	}
}

// GuideLLM 0.4's layout: the settings under config, the model in config.backend; lengths
// asked as JSON in a data string.
func TestGuideLLMLaterLayoutAndLengths(t *testing.T) {
	data := guidellmSweep(t, func(b map[string]any) {
		delete(b, "args")
		delete(b, "worker")
		delete(b, "request_loader")
		b["config"] = map[string]any{
			"strategy": map[string]any{"type_": "concurrent", "streams": 4},
			"backend":  map[string]any{"model": "Qwen/Qwen3-8B", "target": "http://10.0.0.1:8000"},
		}
	})
	cfg := &RawOptions{Runs: []Run{{Path: "g.json", GPU: "b200", GPUs: 8, Framework: "sglang", Precision: "fp8"}}}
	rows, ps := decodeRaw(formatGuide, "data/g.json", "g.json", data, cfg)
	if len(ps) > 0 || len(rows) != 1 {
		t.Fatalf("%d rows, problems %v", len(rows), ps)
	}
	// No requested lengths: the measured means (257.1 and 128.0 tokens) are the last resort.
	if r := rows[0]; r.model != "Qwen3-8B" || r.conc != 4 || r.sequence != sequenceOf(257, 128) {
		t.Errorf("row %+v", r)
	}
	for _, c := range []struct {
		s        string
		isl, osl int64
	}{{"prompt_tokens=256,output_tokens=128", 256, 128}, {`{"prompt_tokens": 1024, "output_tokens": 8192}`, 1024, 8192}, {"dataset.jsonl", 0, 0}} {
		if i, o := requestedLen(c.s, "prompt_tokens"), requestedLen(c.s, "output_tokens"); i != c.isl || o != c.osl {
			t.Errorf("requestedLen(%q) = %d, %d; want %d, %d", c.s, i, o, c.isl, c.osl)
		}
	}
}

// The reader's browser keeps a sweep's good benchmarks beside the problem of its broken one,
// as it does a JSON lines file's lines; the build refuses the file.
func TestReadRunKeepsAGuideLLMSweepsGoodBenchmarks(t *testing.T) {
	data := guidellmSweep(t,
		guideStrategy(map[string]any{"type_": "concurrent", "streams": 4}),
		func(b map[string]any) {
			guideStrategy(map[string]any{"type_": "concurrent", "streams": 16})(b)
			guideMetric("tokens_per_second", "mean", -1)(b)
		},
		guideStrategy(map[string]any{"type_": "concurrent", "streams": 64}),
	)
	opt := &RawOptions{Runs: []Run{{Path: "*.json", GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16"}}}
	pages, ps := ReadRun("benchmarks.json", data, opt)
	const want = "benchmarks.json: benchmarks[1].metrics.tokens_per_second.successful.mean: must not be negative, got -1"
	if ps.Error() != want {
		t.Errorf("problems:\n%s\nwant %s", ps.Error(), want)
	}
	if len(pages) != 1 || pages[0].Page != (PageKey{"example_model", "256/128"}) {
		t.Fatalf("pages %+v", pages)
	}
	var concs []int64
	for _, p := range pages[0].Datasets[0].Series[0].Points {
		concs = append(concs, p.Concurrency)
	}
	if !slices.Equal(concs, []int64{4, 64}) {
		t.Errorf("points at concurrencies %v, want 4 and 64", concs)
	}
	if _, build := decode("data/benchmarks.json", "benchmarks.json", data, opt); len(build.Errors()) != 1 {
		t.Errorf("the build's problems: %v", build)
	}
}

// A report GuideLLM 0.5 wrote in a publisher's repository (shared PROVENANCE.md): the later layout
// (settings under config, the model in config.backend, the data a file of prompts, so no
// requested lengths), one benchmark at 4 concurrent streams.
func TestGuideLLMRealLaterFile(t *testing.T) {
	const rel = "guidellm/qwen3-4b-thinking-concurrent4_benchmarks.json"
	data := readClient(t, rel)
	cfg := &RawOptions{Runs: []Run{{Path: "guidellm/qwen3-*", GPU: "b580", GPUs: 4, Framework: "vllm", Precision: "fp8"}}}
	rows, ps := decodeClient(t, rel, data, formatGuide, cfg)
	if len(ps) > 0 || len(rows) != 1 {
		t.Fatalf("%d rows, problems: %v", len(rows), ps)
	}
	r := &rows[0]
	// isl and osl are the measured means (99 and 1024 tokens): the last resort.
	if r.model != "Qwen3-4B-Thinking-2507" || r.conc != 4 || r.sequence != sequenceOf(99, 1024) || r.date != "2026-03-02" {
		t.Errorf("row identity %+v", r)
	}
	const gpus = 4
	out, total := 165.59511945248636, 181.60480385267783
	tpot := [...]float64{24.17877651496134, 24.178653868062757, 24.178931207367867, 24.178931207367867, 24.178931207367867, 0.00013125942419743065}
	ttft := [...]float64{171.7655062675476, 171.52166366577148, 172.63293266296387, 172.63293266296387, 172.63293266296387, 0.5197889030630578}
	e2e := [...]float64{24.90865981578827, 24.90842366218567, 24.909693002700806, 24.909693002700806, 24.909693002700806, 0.0006637255835582988}
	want := map[MetricID]float64{
		MTputPerGPU: total / gpus, MOutputTputPerGPU: out / gpus, MInputTputPerGPU: (total - out) / gpus,
		MMeanIntvty: 1000 / tpot[0], MMedianIntvty: 1000 / tpot[1], MP90Intvty: 1000 / tpot[2], MP99Intvty: 1000 / tpot[3],
		MP999Intvty: 1000 / tpot[4], MStdIntvty: 1000 / tpot[5],
	}
	for s := range 6 {
		want[latencyMetric(0, s)] = ttft[s] / 1000
		want[latencyMetric(1, s)] = tpot[s] / 1000
		want[latencyMetric(3, s)] = e2e[s]
	}
	wantMetrics(t, r, want)
}

// A sweep lacking context says each missing key once, with the [[runs]] line that gives them,
// however many benchmarks it holds.
func TestGuideLLMSweepLackingContextSaysItOnce(t *testing.T) {
	data := guidellmSweep(t,
		guideStrategy(map[string]any{"type_": "concurrent", "streams": 2}),
		guideStrategy(map[string]any{"type_": "concurrent", "streams": 4}),
		guideStrategy(map[string]any{"type_": "concurrent", "streams": 8}),
	)
	rows, ps := decodeRaw(formatGuide, "data/runs/benchmarks.json", "runs/benchmarks.json", data, &RawOptions{})
	want := []string{
		"data/runs/benchmarks.json: no gpu: give it in the file or in a [[runs]] entry of frontier.toml",
		"data/runs/benchmarks.json: no gpus: give it in the file or in a [[runs]] entry of frontier.toml",
		"data/runs/benchmarks.json: no framework: give it in the file or in a [[runs]] entry of frontier.toml",
		"data/runs/benchmarks.json: no precision: give it in the file or in a [[runs]] entry of frontier.toml",
		`data/runs/benchmarks.json: warning: add to frontier.toml: [[runs]] path = "runs/benchmarks.json", gpu = "…", gpus = N, framework = "…", precision = "…"`,
	}
	var got []string
	for _, p := range ps {
		got = append(got, p.String())
	}
	if len(rows) != 0 || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%d rows, problems:\n%s\nwant:\n%s", len(rows), strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
