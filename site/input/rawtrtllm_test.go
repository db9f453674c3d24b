package input

import (
	"strings"
	"testing"
)

// A report written by hand for this test (real reports are read from the shared folder): this
// one has the sections, keys and units TensorRT-LLM's
// bench/dataclasses/reporting.py writes (get_statistics_dict), with a streamed run's
// streaming_metrics; its numbers are made up. Latencies are in ms there.
const trtllmReport = `{
  "engine": {"model": "meta-llama/Llama-3.3-70B-Instruct", "model_path": "/models/llama-70b", "engine_dir": "None",
    "version": "1.1.0", "backend": "Pytorch", "dtype": "bfloat16", "kv_cache_dtype": "FP8", "quantization": "FP8"},
  "machine": {"name": "NVIDIA H100 80GB HBM3", "memory.total": 79.19, "clocks.mem": 2.619},
  "world_info": {"tp_size": 4, "pp_size": 1, "ep_size": 1, "world_size": 4, "max_batch_size": 512,
    "max_num_tokens": 8192, "scheduling_policy": "GUARANTEED_NO_EVICT", "kv_cache_percentage": 0.9, "issue_rate": 1.2e10},
  "request_info": {"num_requests": 3000, "avg_num_concurrent_requests": 63.71, "avg_input_length": 1024.0, "avg_output_length": 1021.4},
  "performance": {"total_latency_ms": 201000.5, "avg_request_latency_ms": 4282.1, "request_throughput_req_s": 14.93,
    "system_output_throughput_tok_s": 15243.9, "system_total_throughput_tok_s": 30531.6,
    "output_throughput_per_user_tok_s": 238.5, "output_throughput_per_gpu_tok_s": 3810.97,
    "request_latency_percentiles_ms": {"p50": 4250.5, "p90": 4610.2, "p95": 4700.0, "p99": 4950.8, "minimum": 3100.1, "maximum": 5200.9, "average": 4282.1}},
  "streaming_metrics": {"token_output_speed_tok_s": 250.1, "avg_ttft_ms": 180.4, "avg_tpot_ms": 4.02,
    "tpot_percentiles": {"p50": 3.98, "p90": 4.31, "p95": 4.4, "p99": 4.92, "minimum": 3.5, "maximum": 6.1, "average": 4.02},
    "ttft_percentiles": {"p50": 150.2, "p90": 301.7, "p95": 350.0, "p99": 612.3, "minimum": 40.0, "maximum": 900.0, "average": 180.4},
    "gen_tps_percentiles": {"p50": 251.0, "p90": 280.0, "p95": 285.0, "p99": 290.0, "minimum": 160.0, "maximum": 300.0, "average": 250.1}},
  "decoding_stats": {"mode": "MTP", "num_draft_tokens_percentiles": null},
  "dataset": {"isl_stats": {"average": 1024.0}, "osl_stats": {"average": 1024.0}}
}`

// Every figure from the report's own sections: the context (model, GPUs, framework, precision,
// GPU, speculative decoding) from engine, world_info and machine; the figures converted from
// ms; the concurrency measured.
func TestTRTLLMReport(t *testing.T) {
	cfg := &RawOptions{Runs: []Run{{Path: "trt/*.json", ISL: 1024, OSL: 1024}}}
	rows, ps := decodeClient(t, "trt/report.json", []byte(trtllmReport), formatTRT, cfg)
	if len(ps) > 0 {
		t.Fatalf("problems: %v", ps)
	}
	if len(rows) != 1 {
		t.Fatalf("%d rows, want 1", len(rows))
	}
	r := &rows[0]
	if r.model != "Llama-3.3-70B-Instruct" || r.conc != 64 || r.sequence != "1k/1k" || r.gpu != "h100" ||
		r.framework != "trt" || r.precision != "fp8" || r.spec != "mtp" || r.raw.Topology.GPUs != 4 {
		t.Errorf("row identity %+v", r)
	}
	const gpus = 4
	tpot := [...]float64{4.02, 3.98, 4.31, 4.92}
	want := map[MetricID]float64{
		MTputPerGPU: 30531.6 / gpus, MOutputTputPerGPU: 15243.9 / gpus, MInputTputPerGPU: (30531.6 - 15243.9) / gpus,
		latencyMetric(0, 0): 0.1804, latencyMetric(0, 1): 0.1502, latencyMetric(0, 2): 0.3017, latencyMetric(0, 3): 0.6123,
		latencyMetric(3, 0): 4.2821, latencyMetric(3, 1): 4.2505, latencyMetric(3, 2): 4.6102, latencyMetric(3, 3): 4.9508,
		MMeanIntvty: 1000 / tpot[0], MMedianIntvty: 1000 / tpot[1], MP90Intvty: 1000 / tpot[2], MP99Intvty: 1000 / tpot[3],
	}
	for s, v := range tpot {
		want[latencyMetric(1, s)] = v / 1000
	}
	wantMetrics(t, r, want)
	if strings.Contains(r.raw.Image+r.raw.RunURL, "/models") {
		t.Errorf("kept a path: %+v", r.raw)
	}
}

// A run that did not stream has no TPOT: its point is kept with its E2E latency and no
// interactivity, and a warning says why; never a mean in the median's place.
// A missing throughput is a problem naming its key.
func TestTRTLLMNotStreamedAndMissing(t *testing.T) {
	cfg := &RawOptions{Runs: []Run{{Path: "t.json", ISL: 1024, OSL: 1024}}}
	noStream := strings.Replace(trtllmReport, `"streaming_metrics"`, `"streaming_metrics_off"`, 1)
	rows, ps := decodeRaw(formatTRT, "data/t.json", "t.json", []byte(noStream), cfg)
	if len(rows) != 1 || len(ps) != 1 || !strings.Contains(ps.Error(), "data/t.json: warning: a trtllm-bench run that did not stream") {
		t.Errorf("rows %d, problems:\n%s", len(rows), ps.Error())
	} else if m := rows[0].raw.Metrics; m.Has(MMedianIntvty) || m.Has(latencyMetric(0, 1)) || !m.Has(latencyMetric(3, 1)) {
		t.Errorf("not streamed: metrics %+v: want the E2E latency and no TTFT or interactivity", m)
	}
	noOut := strings.Replace(trtllmReport, `"system_output_throughput_tok_s": 15243.9,`, ``, 1)
	rows, ps = decodeRaw(formatTRT, "data/t.json", "t.json", []byte(noOut), cfg)
	if len(rows) != 0 || !strings.Contains(ps.Error(), "data/t.json: performance.system_output_throughput_tok_s: missing") {
		t.Errorf("rows %d, problems:\n%s", len(rows), ps.Error())
	}
}

func TestTRTLLMContextWords(t *testing.T) {
	for name, want := range map[string]string{
		"NVIDIA H100 80GB HBM3": "h100", "NVIDIA B200": "b200", "NVIDIA GB200": "gb200", "NVIDIA A100-SXM4-80GB": "a100",
		"NVIDIA L40S": "l40s", "NVIDIA GeForce RTX 4090": "rtx-4090", "": "", "NVIDIA H200 NVL": "h200",
	} {
		if got := gpuOfDevice(name); got != want {
			t.Errorf("gpuOfDevice(%q) = %q, want %q", name, got, want)
		}
	}
	for _, c := range [][3]string{{"FP8", "bfloat16", "fp8"}, {"NVFP4", "bfloat16", "fp4"}, {"W4A16_AWQ", "float16", "w4a16_awq"},
		{"", "bfloat16", "bf16"}, {"None", "float16", "fp16"}, {"FP8_BLOCK_SCALES", "", "fp8"}} {
		if got := trtllmPrecision(c[0], c[1]); got != c[2] {
			t.Errorf("trtllmPrecision(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}

// A wrong figure is said once: as wrong, not also as missing.
func TestTRTLLMWrongFigureOnce(t *testing.T) {
	cfg := &RawOptions{Runs: []Run{{Path: "t.json", ISL: 1024, OSL: 1024}}}
	bad := strings.Replace(trtllmReport, `"system_total_throughput_tok_s": 30531.6`, `"system_total_throughput_tok_s": "fast"`, 1)
	rows, ps := decodeRaw(formatTRT, "data/t.json", "t.json", []byte(bad), cfg)
	if len(rows) != 0 || ps.Error() != `data/t.json: performance.system_total_throughput_tok_s: want a number, got "fast"` {
		t.Errorf("rows %d, problems:\n%s", len(rows), ps.Error())
	}
}
