package input

import (
	"strconv"
	"strings"
	"testing"
)

// sglangLine is one result as SGLang's bench_serving.py appends it (its keys and order; no real
// JSONL file was found in SGLang's repository to copy).
func sglangLine(conc, completed int, tpotMedian, extra string) string {
	return `{"request_rate": Infinity, "max_concurrency": ` + itoa(conc) + `, "random_input_len": 1024, "random_output_len": 1024, ` +
		`"random_range_ratio": 0.0, "duration": 100.0, "completed": ` + itoa(completed) + `, "total_input_tokens": ` + itoa(completed*1000) +
		`, "total_output_tokens": ` + itoa(completed*900) + `, "total_output_tokens_retokenized": 1, "request_throughput": 1.0, ` +
		`"input_throughput": 2000.0, "output_throughput": 1800.0, "mean_e2e_latency_ms": 9000.0, "median_e2e_latency_ms": 8800.0, ` +
		`"std_e2e_latency_ms": 100.0, "p99_e2e_latency_ms": 9900.0, "mean_ttft_ms": 210.0, "median_ttft_ms": 200.0, "std_ttft_ms": 10.0, ` +
		`"p99_ttft_ms": 300.0, "mean_tpot_ms": 10.5, "median_tpot_ms": ` + tpotMedian + `, "std_tpot_ms": 1.0, "p99_tpot_ms": 12.5, ` +
		`"mean_itl_ms": 10.4, "median_itl_ms": 9.9, "std_itl_ms": 2.0, "p95_itl_ms": 11.0, "p99_itl_ms": 20.0, "concurrency": 15.7, ` +
		`"accept_length": null` + extra + `}`
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestSGLangJSONLines(t *testing.T) {
	cfg := &RawOptions{Runs: []Run{{Path: "sweeps/*.jsonl", GPU: "h200", GPUs: 8, Framework: "sglang", Precision: "fp8", Model: "deepseek-ai/DeepSeek-R1-0528"}}}
	data := sglangLine(16, 100, "10.0", "") + "\n" + sglangLine(32, 200, "12.5", "") + "\n\n"
	ds, ps := decode("data/sweeps/s.jsonl", "sweeps/s.jsonl", []byte(data), cfg)
	if len(ps) > 0 || ds == nil {
		t.Fatalf("problems %v", ps)
	}
	rows := ds.RawFile.rows
	if len(rows) != 2 {
		t.Fatalf("%d rows, want one a line", len(rows))
	}
	for i, r := range rows {
		// Lengths: the totals over completed (1000 and 900 a request), not random_*_len (the maxima).
		if r.sequence != "1000/900" || r.conc != int64([]int{16, 32}[i]) || r.gpu != "h200" || r.model != "DeepSeek-R1-0528" || r.idx != int32(i) {
			t.Errorf("line %d: %+v", i+1, r)
		}
	}
	wantMetrics(t, &rows[0], map[MetricID]float64{
		MTputPerGPU: 3800.0 / 8, MOutputTputPerGPU: 1800.0 / 8, MInputTputPerGPU: 2000.0 / 8,
		latencyMetric(0, 0): 0.21, latencyMetric(0, 1): 0.2, latencyMetric(0, 3): 0.3, latencyMetric(0, 5): 0.01,
		latencyMetric(1, 0): 0.0105, latencyMetric(1, 1): 0.01, latencyMetric(1, 3): 0.0125, latencyMetric(1, 5): 0.001,
		latencyMetric(2, 0): 0.0104, latencyMetric(2, 1): 0.0099, latencyMetric(2, 3): 0.02, latencyMetric(2, 5): 0.002,
		latencyMetric(3, 0): 9, latencyMetric(3, 1): 8.8, latencyMetric(3, 3): 9.9, latencyMetric(3, 5): 0.1,
		MMeanIntvty: 1000 / 10.5, MMedianIntvty: 100, MP99Intvty: 1000 / 12.5, MStdIntvty: 1000,
	})
	// The head finds the page without the build.
	if h := head("sweeps/s.jsonl", []byte(data), cfg); !h.OK || len(h.Pages) != 1 || h.Pages[0].Sequence != "1000/900" {
		t.Errorf("head %+v", h)
	}
}

func TestSGLangJSONLinesProblems(t *testing.T) {
	cfg := &RawOptions{Runs: []Run{{Path: "*.jsonl", GPU: "h200", GPUs: 8, Framework: "sglang", Precision: "fp8", Model: "m"}}}
	good := sglangLine(16, 100, "10.0", "")
	tests := []struct {
		name, in string
		rows     int
		want     []string
	}{
		{"a truncated line", good + "\n" + good[:40] + "\n" + sglangLine(64, 100, "10.0", ""), 2,
			[]string{"data/s.jsonl:2:41: unexpected end of JSON input"}},
		{"a word for a figure", good + "\n" + sglangLine(32, 100, `"fast"`, ""), 1,
			[]string{`data/s.jsonl:2: median_tpot_ms: want a number, got "fast"`}},
		{"a line of nothing known", `{"a": 1}` + "\n" + good, 1,
			[]string{"data/s.jsonl:1: not a benchmark result: a JSON lines file holds one bench-serve or SGLang bench_serving result a line"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rows, ps := decodeLines("data/s.jsonl", "s.jsonl", []byte(tc.in), cfg)
			var got []string
			for _, p := range ps {
				got = append(got, p.String())
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			// The other lines of the sweep are kept.
			if len(rows) != tc.rows {
				t.Errorf("%d rows, want %d", len(rows), tc.rows)
			}
		})
	}
	// Context the file lacks is named once, not once a line.
	_, ps := decodeLines("data/t.jsonl", "t.jsonl", []byte(good+"\n"+good), &RawOptions{})
	if n := strings.Count(ps.Error(), "no gpu:"); n != 1 {
		t.Errorf("no gpu said %d times:\n%s", n, ps.Error())
	}
}

func TestNullInfinity(t *testing.T) {
	in := `{"a": Infinity, "b": -Infinity, "c": "Infinity \" Infinity"}`
	want := `{"a": null    , "b": null     , "c": "Infinity \" Infinity"}`
	if got := string(nullInfinity([]byte(in))); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
