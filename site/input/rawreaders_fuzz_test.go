package input

import "testing"

func FuzzRawGuideLLM(f *testing.F) {
	fuzzClient(f, formatGuide, [][]byte{
		readClient(f, "guidellm/benchmarks_stripped.json"),
		readClient(f, "guidellm/qwen3-4b-thinking-concurrent4_benchmarks.json"),
		[]byte(`{"benchmarks": [{"config": {"strategy": {"type_": "concurrent", "streams": 2}, "backend": {"model": "m", "target": "http://sk-secret@10.0.0.1"}},
			"metrics": {"inter_token_latency_ms": {"successful": {"median": 0, "percentiles": {"p999": 1e308}}},
			"output_tokens_per_second": {"successful": {"mean": 1}}, "tokens_per_second": {"successful": {"mean": 2}}}},
			{"args": {"strategy": {"type_": "poisson"}}, "metrics": {"request_concurrency": {"successful": {"mean": 1e300}}}}]}`),
	})
}

func FuzzRawTRTLLM(f *testing.F) {
	fuzzClient(f, formatTRT, [][]byte{
		[]byte(trtllmReport),
		[]byte(`{"engine": {"model": "m", "model_path": "/sk-secret", "quantization": null}, "machine": null, "world_info": {"tp_size": 2},
			"performance": {"system_output_throughput_tok_s": 1, "system_total_throughput_tok_s": 0},
			"streaming_metrics": {"tpot_percentiles": {"p50": 0}}, "request_info": {"avg_num_concurrent_requests": 1e300}}`),
	})
}
