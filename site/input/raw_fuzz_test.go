package input

import (
	"bytes"
	"github.com/frontier-bench/frontier/site/problem"
	"math"
	"slices"
	"strings"
	"testing"
)

// firstRows is the start of a pretty-printed array of rows, cut after n rows and closed, so
// that fuzzing starts from real rows without the cost of a 400 KB input per run.
func firstRows(t testing.TB, rel string, n int) []byte {
	data := readRaw(t, rel)
	end := 0
	for range n {
		i := bytes.Index(data[end:], []byte("\n },"))
		if i < 0 {
			return data
		}
		end += i + 3
	}
	return append(bytes.Clone(data[:end]), "\n]"...)
}

// checkRawInvariants is what every accepted row promises, whatever the input: a page, a
// configuration, a load (a concurrency; for a client's run by request rate, or with no limit
// at all, none: 0, never below), and finite, non-negative metrics, among them the throughput and,
// unless a warning says the file gives no median TPOT, the interactivity; a problem names the
// file.
func checkRawInvariants(t *testing.T, name string, rows []rawRow, ps problem.Problems) {
	for _, p := range ps {
		if s := p.String(); !strings.HasPrefix(s, name) || p.Msg == "" {
			t.Fatalf("problem %q does not name the file or says nothing", s)
		}
	}
	for i := range rows {
		r := &rows[i]
		if r.model == "" || r.sequence == "" || r.gpu == "" || r.framework == "" || r.precision == "" || r.conc < 0 {
			t.Fatalf("row %s lacks its identity: %+v", r.place(), r)
		}
		if r.date != "" && !isDate(r.date) {
			t.Fatalf("row %s: date %q", r.place(), r.date)
		}
		r.raw.Metrics.Each(func(m MetricID, v float64) {
			if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
				t.Fatalf("row %s: %s = %v", r.place(), MetricNames[m], v)
			}
		})
		if !r.raw.Metrics.Has(MTputPerGPU) {
			t.Fatalf("row %s lacks throughput", r.place())
		}
		// A client's point whose file gives no median TPOT is kept, with a warning that says so.
		if !r.raw.Metrics.Has(MMedianIntvty) && !slices.ContainsFunc(ps, func(p problem.Problem) bool {
			return p.Warning && strings.Contains(p.Msg, "time per output token")
		}) {
			t.Fatalf("row %s lacks interactivity, and no warning says why", r.place())
		}
		if r.raw.Topology.GPUs < 0 {
			t.Fatalf("row %s: %d GPUs", r.place(), r.raw.Topology.GPUs)
		}
		// Request counts are whole, completed of attempted, or unknown (both 0).
		if q := r.raw.Requests; q.Completed < 0 || q.Completed > q.Attempted || q.Attempted == 0 && q.Completed != 0 {
			t.Fatalf("row %s: requests %+v", r.place(), q)
		}
	}
	// What the page is made of never panics either.
	merged, _ := mergeRows(rows)
	cfg := RawOptions{}
	rawDatasets(merged, &cfg, "")
}

func fuzzRaw(f *testing.F, want *format, seeds [][]byte) {
	for _, s := range seeds {
		f.Add(s)
	}
	cfg := rawTestConfig(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		got, msg := sniffFormat(data)
		if (got == formatUnknown) != (msg != "") {
			t.Fatalf("format %v with message %q", got, msg)
		}
		rows, ps := decodeRaw(want, "data/f.json", "f.json", data, cfg)
		checkRawInvariants(t, "data/f.json", rows, ps)
		// InferenceX rows always name their concurrency.
		for _, r := range rows {
			if want != formatServe && r.conc <= 0 {
				t.Fatalf("row %s: concurrency %d", r.place(), r.conc)
			}
		}
		rawPages(want, "data/f.json", "f.json", data, cfg)
	})
}

func FuzzRawAPIRows(f *testing.F) {
	fuzzRaw(f, formatAPI, [][]byte{
		firstRows(f, "inferencex-api/dsr1_1k1k_latest.json", 2),
		firstRows(f, "inferencex-api/dsr1_1k1k_history.json", 3),
		[]byte(`[{"hardware": "b200-trt_1", "framework": "dynamo-trtllm", "model": "dsr1", "precision": "fp4", "isl": 1024,
			"osl": 8192, "conc": 4, "disagg": "True", "prefill_num_workers": 1, "prefill_tp": 4, "decode_num_workers": 2, "decode_tp": 8,
			"metrics": {"output_tput_per_gpu": 1, "input_tput_per_gpu": 2, "median_tpot": 0.01}, "date": "2026-01-01T00:00:00Z"}]`),
		[]byte(`[{"metrics": {"median_tpot": 0}}, {"conc": "4"}, 1]`),
	})
}

func FuzzRawAggRows(f *testing.F) {
	fuzzRaw(f, formatAgg, [][]byte{
		firstRows(f, "inferencex-agg/agg_bmk.json", 2),
		[]byte(`{"hw": "mi355x-amds_0", "conc": 8, "framework": "sglang-disagg", "precision": "fp8", "isl": 8192, "osl": 1024,
			"infmax_model_prefix": "dsr1-fp8", "tp": 8, "pp": 2, "dp_attention": "true", "tput_per_gpu": 10, "median_tpot": 0.02}`),
	})
}

func FuzzRawBenchServe(f *testing.F) {
	fuzzRaw(f, formatServe, [][]byte{
		readRaw(f, "bench-serve/mi325x-sglang-fp8/conc16.json"),
		readRaw(f, "bench-serve/mi300x-sglang-fp8/conc4.json"),
		[]byte(`{"max_concurrency": 1, "total_token_throughput": 1, "output_throughput": 2, "median_tpot_ms": 1e-300,
			"gpus": 3, "gpu": "x", "framework": "y", "precision": "z", "isl": "1", "osl": 1, "model": "m", "date": "20251231-000000"}`),
		// A run with no limit: no load figure, a point all the same (CI's fuzzing found the
		// invariant still asked for a concurrency).
		[]byte(`{"max_concurrency": null, "request_rate": "inf", "total_token_throughput": 1000, "output_throughput": 0.001,
			"gpus": 1, "gpu": "0", "framework": "0", "precision": "0", "isl": 1, "osl": 1, "model": "0"}`),
		// Request counts: whole, fractional, negative, strings, more completed than sent.
		[]byte(`{"max_concurrency": 2, "total_token_throughput": 1, "output_throughput": 1, "median_tpot_ms": 1, "completed": 194, "failed": 6,
			"num_prompts": 1.5, "gpus": 1, "gpu": "0", "framework": "0", "precision": "0", "isl": 1, "osl": 1, "model": "0"}`),
		[]byte(`{"max_concurrency": 2, "total_token_throughput": 1, "output_throughput": 1, "median_tpot_ms": 1, "completed": 9e15, "failed": "x",
			"num_prompts": 3, "gpus": 1, "gpu": "0", "framework": "0", "precision": "0", "isl": 1, "osl": 1, "model": "0"}`),
	})
}

// FuzzRepeatedRuns: rows of one identity whose figures the fuzzer picks merge into one point;
// a point of several runs has each figure between its minimum and maximum, at least two runs,
// and counts summed only when every run gave them.
func FuzzRepeatedRuns(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8}, uint8(3))
	f.Add([]byte{0, 0, 0, 0, 255, 255, 255, 255}, uint8(2))
	f.Fuzz(func(t *testing.T, vals []byte, n uint8) {
		n = n%6 + 1
		var rows []rawRow
		for i := range int(n) {
			var m metricSet
			for j, id := range []MetricID{MTputPerGPU, MMedianIntvty, latencyMetric(0, 1)} {
				if k := i*3 + j; k < len(vals) && vals[k] != 0 {
					m.set(id, float64(vals[k]))
				}
			}
			m.set(MTputPerGPU, 1+float64(i%2))
			r := rawRow{file: "data/f.json", rel: "f.json", idx: int32(i), model: "m", sequence: "1k/1k", gpu: "h100", framework: "vllm",
				precision: "fp8", conc: 4, raw: RawPoint{Metrics: m.pack()}}
			if i < len(vals) && vals[i]%2 == 0 {
				r.raw.Requests = Requests{Completed: int64(vals[i] / 2), Attempted: int64(vals[i])}
			}
			rows = append(rows, r)
		}
		merged, ps := mergeRows(rows)
		if len(ps.Errors()) > 0 || len(merged) != 1 {
			t.Fatalf("%d rows of one identity: %d points, problems %v", n, len(merged), ps)
		}
		r := merged[0].raw
		if r.Spread == nil {
			return
		}
		if r.Spread.N() < 2 || r.Spread.N() > int(n) {
			t.Fatalf("%d runs of %d rows", r.Spread.N(), n)
		}
		r.Metrics.Each(func(m MetricID, v float64) {
			lo, hi, ok := r.Spread.Range(m)
			if !ok || v < lo || v > hi {
				t.Fatalf("%s = %v outside [%v, %v]", MetricNames[m], v, lo, hi)
			}
		})
		if q := r.Requests; q.Completed > q.Attempted || q.Known() && slices.ContainsFunc(r.Spread.Runs, func(x RunResult) bool { return !x.Requests.Known() }) {
			t.Fatalf("requests %+v of runs %+v", q, r.Spread.Runs)
		}
	})
}
