package corpus

// The clients corpus's other formats beside AIPerf's (clients.go): GuideLLM reports, one
// benchmark at a fixed concurrency a file, in GuideLLM 0.3's layout (every metric a summary per
// request status, the requests themselves left out as `--metrics sample_size=0` leaves them);
// and trtllm-bench reports of a streamed run, which name their GPU, GPU count, model and
// precision themselves (only NVIDIA GPUs: TensorRT-LLM runs on nothing else).

import (
	"bytes"
	"fmt"
	"time"
)

// clientRun is what every client's file of the corpus says of one run.
type clientRun struct {
	model, gpu     string // Hugging Face id; corpus GPU key
	seq            [2]int
	conc           int
	day            time.Time
	ttft, tpot     float64 // ms
	e2e            float64 // ms
	total, out, iv float64 // tokens/s of the deployment; interactivity
}

// guidellmStatuses are the request statuses a GuideLLM summary gives.
var guidellmStatuses = []string{"successful", "errored", "incomplete", "total"}

// writeGuideLLM writes r as a GuideLLM report of one concurrent benchmark.
func writeGuideLLM(b *bytes.Buffer, r clientRun) {
	start := r.day.Add(12 * time.Hour).Unix()
	fmt.Fprintf(b, "{\"benchmarks\": [{\"type_\": \"generative_benchmark\", \"id_\": \"b-%d-%d\", \"run_id\": \"r-%d\",\n", start, r.conc, start)
	fmt.Fprintf(b, " \"args\": {\"profile\": {\"type_\": \"concurrent\", \"streams\": [%d]}, \"strategy_index\": 0, \"strategy\": {\"type_\": \"concurrent\", \"streams\": %d}, \"max_number\": null, \"max_duration\": 600.0},\n", r.conc, r.conc)
	fmt.Fprintf(b, " \"run_stats\": {\"start_time\": %d.25, \"end_time\": %d.75, \"requests_made\": {\"successful\": %d, \"errored\": 0, \"incomplete\": %d, \"total\": %d}},\n",
		start, start+600, r.conc*10, r.conc, r.conc*11)
	fmt.Fprintf(b, " \"worker\": {\"type_\": \"generative_requests_worker\", \"backend_type\": \"openai_http\", \"backend_target\": \"http://10.0.0.7:8000\", \"backend_model\": %q,\n", r.model)
	b.WriteString("  \"backend_info\": {\"max_output_tokens\": 16384, \"timeout\": 300, \"http2\": true, \"authorization\": true}},\n")
	fmt.Fprintf(b, " \"request_loader\": {\"type_\": \"generative_request_loader\", \"data\": \"prompt_tokens=%d,output_tokens=%d\", \"processor\": %q},\n", r.seq[0], r.seq[1], r.model)
	b.WriteString(" \"extras\": {},\n \"metrics\": {\n")
	summary := func(name string, v float64, last bool) {
		fmt.Fprintf(b, "  %q: {", name)
		for i, st := range guidellmStatuses {
			x := v
			if st == "errored" {
				x = 0
			}
			fmt.Fprintf(b, "%q: {\"mean\": %s, \"median\": %s, \"mode\": %s, \"variance\": %s, \"std_dev\": %s, \"min\": %s, \"max\": %s, \"count\": %d, \"total_sum\": %s,\n"+
				"    \"percentiles\": {\"p001\": %s, \"p01\": %s, \"p05\": %s, \"p10\": %s, \"p25\": %s, \"p75\": %s, \"p90\": %s, \"p95\": %s, \"p99\": %s, \"p999\": %s}, \"cumulative_distribution_function\": null}",
				st, num(x*1.02), num(x), num(x), num(x*x*0.0025), num(x*0.05), num(x*0.7), num(x*1.5), r.conc*10, num(x*float64(r.conc)*10),
				num(x*0.7), num(x*0.75), num(x*0.8), num(x*0.85), num(x*0.95), num(x*1.05), num(x*1.15), num(x*1.2), num(x*1.3), num(x*1.45))
			if i < len(guidellmStatuses)-1 {
				b.WriteString(",\n   ")
			}
		}
		if last {
			b.WriteString("}\n")
		} else {
			b.WriteString("},\n")
		}
	}
	summary("requests_per_second", float64(r.conc)*1000/r.e2e, false)
	summary("request_concurrency", float64(r.conc), false)
	summary("request_latency", r.e2e/1000, false)
	summary("prompt_token_count", float64(r.seq[0]), false)
	summary("output_token_count", float64(r.seq[1]), false)
	summary("time_to_first_token_ms", r.ttft, false)
	summary("time_per_output_token_ms", (r.e2e-r.ttft)/float64(r.seq[1]), false)
	summary("inter_token_latency_ms", r.tpot, false)
	summary("output_tokens_per_second", r.out, false)
	summary("tokens_per_second", r.total, true)
	fmt.Fprintf(b, " },\n \"start_time\": %d.25, \"end_time\": %d.75, \"request_totals\": {\"successful\": %d, \"errored\": 0, \"incomplete\": %d, \"total\": %d}, \"request_samples\": null, \"requests\": null}]}\n",
		start, start+600, r.conc*10, r.conc, r.conc*11)
}

// trtllmDevices are the CUDA device names of the corpus's NVIDIA GPUs.
var trtllmDevices = map[string]string{"h100": "NVIDIA H100 80GB HBM3", "h200": "NVIDIA H200", "b200": "NVIDIA B200"}

// writeTRTLLM writes r as a streamed trtllm-bench throughput report on 8 GPUs.
func writeTRTLLM(b *bytes.Buffer, r clientRun) {
	pct := func(v float64) string {
		return fmt.Sprintf("{\"p50\": %s, \"p90\": %s, \"p95\": %s, \"p99\": %s, \"minimum\": %s, \"maximum\": %s, \"average\": %s}",
			num(v), num(v*1.15), num(v*1.2), num(v*1.3), num(v*0.7), num(v*1.5), num(v*1.02))
	}
	fmt.Fprintf(b, "{\n  \"engine\": {\"model\": %q, \"model_path\": \"/models/%s\", \"engine_dir\": \"None\", \"version\": \"1.1.0\", \"backend\": \"Pytorch\", \"dtype\": \"bfloat16\", \"kv_cache_dtype\": \"FP8\", \"quantization\": \"FP8\"},\n", r.model, r.model)
	fmt.Fprintf(b, "  \"machine\": {\"name\": %q, \"memory.total\": 79.19, \"clocks.mem\": 2.619},\n", trtllmDevices[r.gpu])
	b.WriteString("  \"world_info\": {\"tp_size\": 8, \"pp_size\": 1, \"ep_size\": 1, \"world_size\": 8, \"max_batch_size\": 2048, \"max_num_tokens\": 8192, \"scheduling_policy\": \"GUARANTEED_NO_EVICT\", \"kv_cache_percentage\": 0.9, \"issue_rate\": 123456.7},\n")
	fmt.Fprintf(b, "  \"request_info\": {\"num_requests\": %d, \"avg_num_concurrent_requests\": %s, \"avg_input_length\": %d.0, \"avg_output_length\": %d.0},\n",
		r.conc*10, num(float64(r.conc)*0.998), r.seq[0], r.seq[1])
	fmt.Fprintf(b, "  \"performance\": {\"total_latency_ms\": 600000.0, \"avg_request_latency_ms\": %s, \"request_throughput_req_s\": %s, \"system_output_throughput_tok_s\": %s, \"system_total_throughput_tok_s\": %s,\n"+
		"    \"output_throughput_per_user_tok_s\": %s, \"output_throughput_per_gpu_tok_s\": %s, \"request_latency_percentiles_ms\": %s},\n",
		num(r.e2e*1.02), num(float64(r.conc)*1000/r.e2e), num(r.out), num(r.total), num(r.iv), num(r.out/8), pct(r.e2e))
	fmt.Fprintf(b, "  \"streaming_metrics\": {\"token_output_speed_tok_s\": %s, \"avg_ttft_ms\": %s, \"avg_tpot_ms\": %s, \"tpot_percentiles\": %s, \"ttft_percentiles\": %s, \"gen_tps_percentiles\": %s},\n",
		num(r.iv), num(r.ttft*1.02), num(r.tpot*1.02), pct(r.tpot), pct(r.ttft), pct(r.iv))
	fmt.Fprintf(b, "  \"dataset\": {\"num_requests\": %d, \"avg_isl\": %d, \"avg_osl\": %d, \"max_isl\": %d, \"max_osl\": %d}\n}\n",
		r.conc*10, r.seq[0], r.seq[1], r.seq[0], r.seq[1])
}
