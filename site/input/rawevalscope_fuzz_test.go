package input

import "testing"

// FuzzRawEvalScope: an EvalScope perf summary, seeded from the files written for the tests in
// its labels of both releases.
func FuzzRawEvalScope(f *testing.F) {
	fuzzClient(f, formatEvalScope, [][]byte{
		[]byte(evalscopeSummaryNew),
		[]byte(evalscopeSummaryOld),
		[]byte(`{"Output Throughput (tok/s)": -1, "Total Requests": 1e300, "Concurrency": 1e300, "TTFT (ms)": -1, "Avg Input Tokens": "x"}`),
	})
}

// FuzzEvalScopePercentiles: the benchmark_percentile.json read beside a summary; whatever it
// holds, the summary's point stands or falls on the summary alone.
func FuzzEvalScopePercentiles(f *testing.F) {
	for _, s := range []string{evalscopePercentileNew, evalscopePercentileOld, `[{"Percentiles": "50%", "TTFT (ms)": NaN}]`, `{"Percentiles": 1}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg := &RawOptions{Runs: []Run{{Path: "f.json", GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp8", Model: "m"}},
			beside: func(rel string) ([]byte, bool) { return data, rel == evalscopePercentileFile }}
		rows, ps := decodeRaw(formatEvalScope, "data/f.json", "f.json", []byte(evalscopeSummaryNew), cfg)
		checkRawInvariants(t, "data/f.json", rows, ps)
		if len(rows) != 1 || len(ps.Errors()) > 0 {
			t.Fatalf("the summary's point: %d rows, problems %v", len(rows), ps)
		}
	})
}
