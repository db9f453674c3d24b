package testsite

import (
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testenv"
)

// Runs is a data folder of real client files (../shared/data/public/PROVENANCE.md) that shows
// a point's runs and requests, with the frontier.toml that gives them their context:
//   - spark/run1.json to run4.json: `vllm bench serve` results of one workload (office
//     baseline, 0.3 requests/s) run four times on one DGX Spark over four days, given one
//     [[runs]] date, so one point of four runs on the gemma page;
//   - aiperf/run1.json: AIPerf's example export, whose run completed 89 of its 100 requests;
//   - mlperf/server.txt: an MLPerf LoadGen Server summary, which counts no failed requests,
//     put on the AIPerf run's page (gpt-oss-20b, 550/250) by its [[runs]] entry.
//
// testsite imports nothing of site, so each caller parses the config (site.ParseConfig).
func Runs(t testing.TB) (data fstest.MapFS, config []byte) {
	t.Helper()
	data = fstest.MapFS{}
	for to, from := range RunsFiles {
		data[to] = &fstest.MapFile{Data: testenv.SharedFile(t, "public/clients/"+from)}
	}
	return data, []byte(runsConfig)
}

// RunsFiles are Runs' files: their place in the data folder and in ../shared/data/public/clients.
var RunsFiles = map[string]string{
	"spark/run1.json":   "vllm-bench-serve/djangodevreng__dgx-spark-benchmarks__gemma4-26b_bf16_vllm0.20.1_run2026-05-05_H_office-baseline.json",
	"spark/run2.json":   "vllm-bench-serve/djangodevreng__dgx-spark-benchmarks__gemma4-26b_bf16_vllm0.23.0_run2026-06-22_H_office-baseline.json",
	"spark/run3.json":   "vllm-bench-serve/djangodevreng__dgx-spark-benchmarks__gemma4-26b_bf16_vllm0.26.0_run2026-08-06_07-office-baseline.json",
	"spark/run4.json":   "vllm-bench-serve/djangodevreng__dgx-spark-benchmarks__gemma4-26b_bf16_vllm0.26.0_run2026-08-16_07-office-baseline.json",
	"aiperf/run1.json":  "aiperf/ai-dynamo__aiperf__examples_run1_profile_export_aiperf.json",
	"mlperf/server.txt": "mlperf/ntuhpc__inference_results_v5.1__NVIDIA_B200x8_llama2-70b-99_Server_mlperf_log_summary.txt",
}

const runsConfig = `
[[runs]]
path = "spark/*.json"
gpu = "gb10"
gpus = 1
framework = "vllm"
precision = "bf16"
isl = 4077
osl = 485
date = "2026-08-16"

[[runs]]
path = "aiperf/*.json"
gpu = "h100"
gpus = 1
framework = "vllm"
precision = "fp8"

[[runs]]
path = "mlperf/server.txt"
model = "openai/gpt-oss-20b"
gpu = "b200"
gpus = 8
framework = "trt"
precision = "fp4"
isl = 550
osl = 250
date = "2026-08-16"
`
