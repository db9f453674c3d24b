package input

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// traceFolder writes an AIPerf trace-replay folder as AIPerf lays it out (the keys and units of
// its profile_export.jsonl records, profile_export_aiperf.json and server_metrics_export.json):
// n profiled requests, request i with ISL 1000·(i%50+1) tokens, OSL 100 + i%7 (request 0 has
// none: 0 tokens), TTFT (i%10+1)·100 ms, ITL (i%20+1) ms, each 1 s long and starting every
// 10 ms, after 3 warmup records and 2 errors.
func traceFolder(n int) fstest.MapFS {
	var b bytes.Buffer
	for i := range 3 {
		fmt.Fprintf(&b, `{"metadata":{"benchmark_phase":"warmup","request_start_ns":%d,"request_end_ns":%d},"metrics":{"input_sequence_length":{"value":5,"unit":"tokens"}},"error":null}`+"\n", i, i+1)
	}
	b.WriteString(`{"metadata":{"benchmark_phase":"profiling"},"metrics":{},"error":{"type":"TimeoutError","message":"timed out"}}` + "\n")
	b.WriteString(`{"metadata":{"benchmark_phase":"profiling"},"metrics":{},"error":"ServerDisconnectedError: gone"}` + "\n")
	const t0 = 1_700_000_000_000_000_000
	for i := range n {
		osl := 100 + i%7
		if i == 0 {
			osl = 0
		}
		start := int64(t0 + i*10_000_000)
		fmt.Fprintf(&b, `{"metadata":{"session_num":%d,"benchmark_phase":"profiling","request_start_ns":%d,"request_end_ns":%d,"worker_id":"worker_0"},`+
			`"metrics":{"time_to_first_token":{"value":%d,"unit":"ms"},"request_latency":{"value":1000,"unit":"ms"},`+
			`"inter_token_latency":{"value":%d,"unit":"ms"},"input_sequence_length":{"value":%d,"unit":"tokens"},`+
			`"output_sequence_length":{"value":%d,"unit":"tokens"}},"error":null}`+"\n",
			i, start, start+1_000_000_000, (i%10+1)*100, i%20+1, 1000*(i%50+1), osl)
	}
	return fstest.MapFS{
		"agentic-coding/b200/c16/profile_export.jsonl": {Data: b.Bytes()},
		"agentic-coding/b200/c16/profile_export_aiperf.json": {Data: []byte(`{"input_config":{"loadgen":{"concurrency":16}},` +
			`"theoretical_prefix_cache_hit":{"unit":"%","avg":91.0,"sum":910,"count":1000},"request_throughput":{"avg":1}}`)},
		"agentic-coding/b200/c16/server_metrics_export.json": {Data: []byte(`{"metrics":{` +
			`"vllm:prefix_cache_hits":{"type":"counter","series":[{"labels":{"engine":"0"},"stats":{"total":800}},{"labels":{"engine":"1"},"stats":{"total":600}}]},` +
			`"vllm:prefix_cache_queries":{"type":"counter","series":[{"stats":{"total":2000}}]},` +
			`"vllm:external_prefix_cache_hits":{"type":"counter","series":[{"stats":{"total":50}}]},` +
			`"vllm:external_prefix_cache_queries":{"type":"counter","series":[{"stats":{"total":500}}]},` +
			`"vllm:kv_cache_usage_perc":{"type":"gauge","series":[{"stats":{"max":0.93,"avg":0.5}},{"stats":{"max":0.97}}]}}}`)},
		"agentic-coding/b200/c16/inputs.json": {Data: []byte(`{"data":[]}`)},
	}
}

var traceRuns = &RawOptions{Runs: []Run{{Path: "agentic-coding/b200/*/*", GPU: "b200", GPUs: 8, Framework: "vllm",
	Precision: "fp8", Model: "dsr1", Spec: "mtp", TP: 8}}}

// TestTraceFolderIsItsAggregate: the folder's point has what InferenceX's aggregator computes
// from the same artifacts, by hand here from traceFolder's pattern.
func TestTraceFolderIsItsAggregate(t *testing.T) {
	ds, ps := Load(traceFolder(1000), "data/", traceRuns)
	if len(ps) != 0 || len(ds) != 1 {
		t.Fatalf("%d datasets, problems %v: want the folder as one file's point, its siblings read with it", len(ds), ps)
	}
	rows := ds[0].RawFile.rows
	if len(rows) != 1 {
		t.Fatalf("%d rows", len(rows))
	}
	r := &rows[0]
	if r.sequence != "agentic coding" || r.model != "DeepSeek-R1-0528" || r.conc != 16 || r.seriesKey() != "b200_vllm" {
		t.Errorf("page %q %q conc %d series %q", r.model, r.sequence, r.conc, r.seriesKey())
	}
	// The window: first start to last end, 999 × 10 ms + 1 s = 10.99 s.
	var in, out float64
	for i := range 1000 {
		in += float64(1000 * (i%50 + 1))
		if i > 0 {
			out += float64(100 + i%7)
		}
	}
	const window = 10.99
	checks := map[string]float64{
		"input_tput_per_gpu": in / window / 8, "output_tput_per_gpu": out / window / 8, "tput_per_gpu": (in + out) / window / 8,
		// Percentiles interpolate linearly between order statistics (numpy's default): p90 of
		// TTFT lies 0.1 of the way from request 899's 0.9 s to request 900's 1 s.
		"median_ttft": 0.55, "p90_ttft": 0.91, "p75_ttft": 0.8, "mean_itl": 0.0105, "p90_itl": 0.0181,
		"p90_intvty": 1 / 0.0181, "median_intvty": 1 / 0.0105, "p95_intvty": 1 / 0.01905, "mean_e2el": 1,
		"theoretical_cache_hit_rate": 0.91, "server_gpu_cache_hit_rate": 0.7, "server_external_cache_hit_rate": 0.1,
		"gpu_kv_cache_usage_pct": 0.97, "requests_warmup_dropped": 3, "requests_error_dropped": 2,
	}
	for name, want := range checks {
		if got := metric(t, r, name); math.Abs(got-want) > 1e-9*math.Max(1, want) {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	a := r.raw.Agentic
	if a.Spec != "mtp" || a.Profiled != 1000 || a.Total != 1005 || len(a.Errors) != 2 || a.Errors[1] != (Count{"TimeoutError", 1}) ||
		a.Errors[0] != (Count{"ServerDisconnectedError", 1}) {
		t.Errorf("facts %+v", a)
	}
	if a.OSL.Zero != 1 || a.OSL.N != 999 || a.ISL.N != 1000 || a.ISL.Zero != 0 {
		t.Errorf("lengths: OSL %d zero %d binned, ISL %d binned: a zero-token request is counted, not binned", a.OSL.Zero, a.OSL.N, a.ISL.N)
	}
	if r.raw.Requests != (Requests{Completed: 1000, Attempted: 1002}) {
		t.Errorf("requests %+v", r.raw.Requests)
	}
}

// TestTraceFolderProblems: a folder with no profiled request, or without the context [[runs]]
// gives, is a problem naming its records file; a fixed-length file in a folder named for a
// scenario is a problem naming both.
func TestTraceFolderProblems(t *testing.T) {
	fsys := fstest.MapFS{
		"agentic-coding/x/profile_export.jsonl": {Data: []byte(`{"metadata":{"benchmark_phase":"warmup"},"metrics":{},"error":null}` + "\n")},
		"agentic-coding/run.json":               {Data: []byte(`{"hw":"b200","conc":4,"model":"dsr1","framework":"vllm","precision":"fp8","isl":1024,"osl":1024,"tput_per_gpu":100,"median_intvty":50}`)},
	}
	_, ps := Load(fsys, "data/", &RawOptions{Runs: []Run{{Path: "agentic-coding/x/*", GPU: "b200", Framework: "vllm", Precision: "fp8", Model: "dsr1"}}})
	got := ps.Error()
	for _, want := range []string{
		"data/agentic-coding/x/profile_export.jsonl: no gpus: an AIPerf trace-replay folder does not record it",
		"data/agentic-coding/x/profile_export.jsonl: no profiled request",
		"data/agentic-coding/run.json: a fixed-length result (1k/1k) in the folder agentic-coding/, which is named for an agentic scenario",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("problems lack %q:\n%s", want, got)
		}
	}
}

// BenchmarkTraceFolder reads a trace-replay folder of 100,000 per-request records: the budget
// is 2 s and 200 MiB (docs/development.md). The heap's growth over the read is reported as
// peak-MiB (sampled every millisecond).
func BenchmarkTraceFolder(b *testing.B) {
	fsys := traceFolder(100_000)
	b.SetBytes(int64(len(fsys["agentic-coding/b200/c16/profile_export.jsonl"].Data)))
	var peak uint64
	for b.Loop() {
		runtime.GC()
		var base runtime.MemStats
		runtime.ReadMemStats(&base)
		done := make(chan struct{})
		go func() {
			var ms runtime.MemStats
			for {
				select {
				case <-done:
					return
				case <-time.After(time.Millisecond):
					runtime.ReadMemStats(&ms)
					peak = max(peak, ms.HeapAlloc-min(base.HeapAlloc, ms.HeapAlloc))
				}
			}
		}()
		ds, ps := Load(fsys, "data/", traceRuns)
		close(done)
		if len(ps) != 0 || len(ds) != 1 {
			b.Fatal(ps)
		}
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-MiB")
}

// TestTraceFolderEveryTruncation: the records file cut at every byte (a run killed while it
// wrote) never panics the reader, and each result is a point or problems naming the file.
func TestTraceFolderEveryTruncation(t *testing.T) {
	seed := traceFolder(3)
	const name = "agentic-coding/b200/c16/profile_export.jsonl"
	full := seed[name].Data
	for n := range len(full) {
		fsys := traceFolder(0)
		fsys[name] = &fstest.MapFile{Data: full[:n]}
		ds, ps := Load(fsys, "data/", traceRuns)
		if len(ds) == 0 && len(ps) == 0 {
			t.Fatalf("cut at %d: neither a point nor a problem", n)
		}
		for _, p := range ps {
			if !strings.HasPrefix(p.String(), "data/agentic-coding/b200/c16/profile_export.jsonl") {
				t.Fatalf("cut at %d: %v", n, p)
			}
		}
	}
}

// TestTraceFolderInCheckReport: `frontier check -v` says the records file was read as an AIPerf
// trace-replay folder, its point agentic, and the aggregates say their layout.
func TestTraceFolderInCheckReport(t *testing.T) {
	fsys := traceFolder(10)
	for _, name := range []string{"agg_v1.json", "agg_v0.json", "api_rows.json"} {
		b, err := os.ReadFile("testdata/agentic/" + name)
		if err != nil {
			t.Fatal(err)
		}
		fsys["agg/"+name] = &fstest.MapFile{Data: b}
	}
	reps, err := Describe(fsys, "data/", traceRuns)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, r := range reps {
		got[r.File] = r.Format + ": " + r.Release
	}
	for file, want := range map[string]string{
		"data/agentic-coding/b200/c16/profile_export.jsonl": "AIPerf trace-replay folder: agentic, from per-request records",
		"data/agg/agg_v1.json":                              "InferenceX agg rows: agentic aggregate, nested (v1)",
		"data/agg/agg_v0.json":                              "InferenceX agg rows: agentic aggregate, flat (v0.x)",
		"data/agg/api_rows.json":                            "InferenceX API rows: agentic rows (benchmark_type agentic_traces)",
	} {
		if got[file] != want {
			t.Errorf("%s read as %q, want %q", file, got[file], want)
		}
	}
}
