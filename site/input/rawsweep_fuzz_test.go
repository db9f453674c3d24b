package input

import "testing"

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
