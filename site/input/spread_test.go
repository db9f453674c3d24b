package input

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testenv"
)

// The real `vllm bench serve` results of one workload (office baseline: ~4k-token prompts,
// 200 prompts at 0.3 requests/s) run four times on one DGX Spark, on four days
// (../shared/data/public/PROVENANCE.md). Each file carries its own date; one [[runs]] date
// counts them as one snapshot, so they are one point: each figure the median of the four
// files' own, with its range.
var officeBaseline = []string{
	"djangodevreng__dgx-spark-benchmarks__gemma4-26b_bf16_vllm0.20.1_run2026-05-05_H_office-baseline.json",
	"djangodevreng__dgx-spark-benchmarks__gemma4-26b_bf16_vllm0.23.0_run2026-06-22_H_office-baseline.json",
	"djangodevreng__dgx-spark-benchmarks__gemma4-26b_bf16_vllm0.26.0_run2026-08-06_07-office-baseline.json",
	"djangodevreng__dgx-spark-benchmarks__gemma4-26b_bf16_vllm0.26.0_run2026-08-16_07-office-baseline.json",
}

func TestRepeatedServeRunsAreOnePointWithTheirSpread(t *testing.T) {
	cfg := &RawOptions{Runs: []Run{{Path: "spark/*.json", GPU: "gb10", GPUs: 1, Framework: "vllm", Precision: "bf16",
		ISL: 4077, OSL: 485, Date: "2026-08-16"}}}
	var rows []rawRow
	var files []map[string]any
	for _, name := range officeBaseline {
		data := testenv.SharedFile(t, "public/clients/vllm-bench-serve/"+name)
		var f map[string]any
		if err := json.Unmarshal(data, &f); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
		rel := "spark/" + name
		rs, ps := decodeClient(t, rel, data, formatServe, cfg)
		if len(ps) > 0 || len(rs) != 1 {
			t.Fatalf("%s: %d rows, problems %v", name, len(rs), ps)
		}
		if rs[0].date != "2026-08-16" {
			t.Errorf("%s: date %q, want the [[runs]] date over the file's own", name, rs[0].date)
		}
		rows = append(rows, rs...)
	}
	merged, ps := mergeRows(rows)
	if len(ps) > 0 || len(merged) != 1 {
		t.Fatalf("%d points, problems %v; want one point of four runs", len(merged), ps)
	}
	r := &merged[0]
	sp := r.raw.Spread
	if sp.N() != 4 {
		t.Fatalf("%d runs, want 4", sp.N())
	}
	if r.rate != 0.3 || r.conc != 0 {
		t.Errorf("load: concurrency %d, rate %g; want the request rate 0.3", r.conc, r.rate)
	}
	// Each figure against the files' own: the median of four is the mean of the middle two.
	check := func(id MetricID, key string, scale float64) {
		t.Helper()
		var vs []float64
		for _, f := range files {
			vs = append(vs, f[key].(float64)*scale)
		}
		slices.Sort(vs)
		got, _ := r.raw.Metrics.Get(id)
		lo, hi, ok := sp.Range(id)
		if want := (vs[1] + vs[2]) / 2; !ok || !near(got, want) || !near(lo, vs[0]) || !near(hi, vs[3]) {
			t.Errorf("%s = %v in [%v, %v], want %v in [%v, %v]", MetricNames[id], got, lo, hi, want, vs[0], vs[3])
		}
	}
	check(MTputPerGPU, "total_token_throughput", 1)
	check(MOutputTputPerGPU, "output_throughput", 1)
	check(latencyMetric(0, 1), "median_ttft_ms", 1e-3)
	check(latencyMetric(1, 1), "median_tpot_ms", 1e-3)
	check(latencyMetric(3, 3), "p99_e2el_ms", 1e-3)
	// Interactivity is each run's 1000 / median TPOT, then their median and range.
	var ix []float64
	for _, f := range files {
		ix = append(ix, 1000/f["median_tpot_ms"].(float64))
	}
	slices.Sort(ix)
	if got, _ := r.raw.Metrics.Get(MMedianIntvty); !near(got, (ix[1]+ix[2])/2) {
		t.Errorf("median_intvty %v, want %v", got, (ix[1]+ix[2])/2)
	}
	// Every file completed its 200 requests: 800 of 800.
	if r.raw.Requests != (Requests{Completed: 800, Attempted: 800}) {
		t.Errorf("requests %+v, want 800 of 800", r.raw.Requests)
	}
	for i, run := range sp.Runs {
		if !strings.Contains(run.Place, officeBaseline[i]) {
			t.Errorf("run %d from %q, want %s", i, run.Place, officeBaseline[i])
		}
	}

	// Without the [[runs]] date each file keeps its own: four snapshots of one run each.
	cfg.Runs[0].Date = ""
	rows = rows[:0]
	for _, name := range officeBaseline {
		rs, _ := decodeClient(t, "spark/"+name, testenv.SharedFile(t, "public/clients/vllm-bench-serve/"+name), formatServe, cfg)
		rows = append(rows, rs...)
	}
	if merged, _ := mergeRows(rows); len(merged) != 4 || merged[0].raw.Spread != nil {
		t.Errorf("%d points without a [[runs]] date, want 4 of one run each", len(merged))
	}
}

// Each client's own request counts give the point's success: AIPerf's example run completed
// 89 of its 100 requests (11 cancelled), under the default 0.99, which is warned of naming
// the file; the other clients' real files completed all theirs.
func TestRequestCountsFromEachClient(t *testing.T) {
	aiperf := &RawOptions{MinSuccess: 0.99, Runs: []Run{{Path: "aiperf/*.json", GPU: "h100", GPUs: 2, Framework: "vllm", Precision: "bf16", ISL: 1024}}}
	rows, ps := decodeClient(t, "aiperf/profile_export_aiperf.json", readClient(t, "aiperf/profile_export_aiperf.json"), formatAIPerf, aiperf)
	if len(rows) != 1 || rows[0].raw.Requests != (Requests{Completed: 89, Attempted: 100}) {
		t.Fatalf("aiperf requests %+v, want 89 of 100", rows)
	}
	var warned bool
	for _, p := range ps {
		if p.Warning && strings.Contains(p.String(), "data/aiperf/profile_export_aiperf.json: warning: 89.0% of requests succeeded (89 of 100), under minSuccess 0.99") {
			warned = true
		}
	}
	if !warned {
		t.Errorf("no warning of 89%% success naming the file in %v", ps)
	}
	if ratio, _ := rows[0].raw.Requests.Success(); SuccessText(ratio) != "89.0%" {
		t.Errorf("success %q", SuccessText(ratio))
	}

	for _, c := range []struct {
		rel  string
		f    *format
		want Requests
	}{
		{"guidellm/qwen3-4b-thinking-concurrent4_benchmarks.json", formatGuide, Requests{4, 4}},
		// GuideLLM's own fixture of its 0.2/0.3 layout: request_totals beside metrics, 46 of 47
		// (one incomplete).
		{"guidellm/benchmarks_stripped.json", formatGuide, Requests{46, 47}},
		{"llmperf/vllm-conc8-summary.json", formatLLMPerf, Requests{104, 104}},
		{"sglang/qwen3-8b-h100-tp8-c100.jsonl", formatSGLang, Requests{100, 100}},
	} {
		cfg := &RawOptions{MinSuccess: 0.99, Runs: []Run{{Path: "*/*", GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "m", ISL: 100, OSL: 100}}}
		data := readClient(t, c.rel)
		var rows []rawRow
		if c.f == formatSGLang {
			rows, _ = decodeLines("data/"+c.rel, c.rel, data, cfg)
		} else {
			rows, _ = decodeClient(t, c.rel, data, c.f, cfg)
		}
		if len(rows) == 0 || rows[0].raw.Requests != c.want {
			t.Errorf("%s: requests %+v, want %+v", c.rel, rows, c.want)
		}
	}
}

func TestSuccessTextNeverRoundsUpToAll(t *testing.T) {
	for _, c := range []struct {
		q    Requests
		want string
	}{{Requests{972, 1000}, "97.2%"}, {Requests{9999, 10000}, "99.9%"}, {Requests{200, 200}, "100.0%"}, {Requests{0, 3}, "0.0%"}} {
		r, ok := c.q.Success()
		if got := SuccessText(r); !ok || got != c.want {
			t.Errorf("%+v: %q, want %q", c.q, got, c.want)
		}
	}
	if _, ok := (Requests{}).Success(); ok {
		t.Error("no counts: success known")
	}
	for _, c := range []struct{ completed, attempted, failed float64 }{{5, 4, -1}, {1.5, 3, -1}, {-1, 3, -1}, {3, -1, -1}} {
		if q := requestsOf(c.completed, c.attempted, c.failed); q.Known() {
			t.Errorf("requestsOf(%v): %+v, want unknown", c, q)
		}
	}
	if q := requestsOf(194, -1, 6); q != (Requests{194, 200}) {
		t.Errorf("completed and failed: %+v", q)
	}
}
