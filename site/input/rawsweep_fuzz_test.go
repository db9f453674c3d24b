package input

import (
	"strings"
	"testing"
	"unicode"
)

// FuzzRawVLLMSweep: a `vllm bench sweep` run file (a bench-serve result with run_number and the
// combination's parameters), seeded from files written for the tests in its keys.
func FuzzRawVLLMSweep(f *testing.F) {
	fuzzRaw(f, formatServe, [][]byte{
		[]byte(sweepRunFile(0, 2, 2000, 10)),
		[]byte(sweepRunFile(1, 1, 1e300, 0)),
		[]byte(`{"max_concurrency": 4, "total_token_throughput": 1, "output_throughput": 1, "median_tpot_ms": 1, "run_number": -1,
			"gpu": "0", "framework": "0", "precision": "0", "isl": 1, "osl": 1, "model": "0"}`),
		[]byte(`{"max_concurrency": 4, "total_token_throughput": 1, "output_throughput": 1, "median_tpot_ms": 1, "run_number": "x",
			"tensor_parallel_size": 9e18, "pipeline-parallel-size": "2", "dp": -1, "gpu": "0", "framework": "0", "precision": "0", "isl": 1, "osl": 1, "model": "0"}`),
	})
}

// FuzzSweepVariant: a run file in a combination folder of any name, whose serve parameters
// become the variant. Whatever the name and the file, a row's variant holds no control
// character and its series key is a slug after "__".
func FuzzSweepVariant(f *testing.F) {
	f.Add("SERVE--tensor_parallel_size=1-max_num_seqs=64-BENCH--max_concurrency=8", []byte(sweepRunFile(0, 1, 2000, 10)))
	f.Add("SERVE--max_num_seqs=64-kv_cache_dtype=fp8", []byte(strings.Replace(sweepRunFile(1, 2, 1, 1), `"max_num_seqs": 64`, `"max_num_seqs": "6\u00014", "kv_cache_dtype": "</script>"`, 1)))
	f.Add("SERVE-", []byte(`{"run_number": 0, "max_concurrency": 1, "output_throughput": 1, "median_tpot_ms": 1, "=": {"a": [1]}}`))
	cfg := rawTestConfig(f)
	f.Fuzz(func(t *testing.T, comb string, data []byte) {
		rel := comb + "/run=0.json"
		rows, ps := decodeRaw(formatServe, "data/"+rel, rel, data, cfg)
		checkRawInvariants(t, "data/"+rel, rows, ps)
		for _, r := range rows {
			if strings.ContainsFunc(r.variant, unicode.IsControl) {
				t.Fatalf("variant %q holds a control character", r.variant)
			}
			key := variantKey(hwKey(r.gpu, r.framework, r.spec, r.disagg), r.variant)
			if _, v, ok := strings.Cut(key, "__"); r.variant != "" && (!ok || strings.Trim(v, "abcdefghijklmnopqrstuvwxyz0123456789-") != "") {
				t.Fatalf("variant %q: key %q", r.variant, key)
			}
		}
	})
}
