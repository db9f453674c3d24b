package input

// A trtllm-bench report (`trtllm-bench --model M throughput --report_json FILE`, or `latency`):
// one run, written by TensorRT-LLM's bench/dataclasses/reporting.py (get_statistics_dict) as
// sections: engine, machine, world_info, request_info, performance, streaming_metrics (only
// for a streamed run), decoding_stats (only with speculative decoding), dataset.
//
// What each figure means, from that source:
//   - performance.system_total_throughput_tok_s, system_output_throughput_tok_s: the
//     deployment's total and output tokens per second. Releases before the total was added
//     write only the output: the total is then output + request_throughput_req_s ×
//     request_info.avg_input_length, the same quantity.
//   - streaming_metrics.tpot_percentiles: per request (end − first token) / (output tokens −
//     1), bench-serve's TPOT, in ms; ttft_percentiles: TTFT in ms;
//     performance.request_latency_percentiles_ms: E2E latency in ms. Their average, p50, p90
//     and p99 are the catalog's mean, median, p90 and p99 (minimum and maximum are not in it).
//   - A run that did not stream has no streaming_metrics: no TTFT, no TPOT, no interactivity.
//     Its point is kept on the axes it has (E2E latency), with no place on the default one,
//     and a warning says why.
//
// Context from the report itself: the model (engine.model), the GPUs (world_info.world_size,
// tp, pp and ep), the framework (TensorRT-LLM, the catalog's "trt", whichever of its backends
// ran), the precision (engine.quantization, else engine.dtype), speculative decoding
// (decoding_stats.mode) and the GPU from machine.name ("NVIDIA H100 80GB HBM3" is h100). The
// report does not keep --concurrency: the concurrency is the one trtllm-bench measured
// (request_info.avg_num_concurrent_requests, rounded). isl and osl come from [[runs]], else the
// measured means (request_info.avg_input_length, avg_output_length). Paths (model_path,
// engine_dir) are never kept.

import (
	"math"
	"strings"

	"encoding/json/jsontext"
)

// formatTRT is a trtllm-bench report.
var formatTRT = new(format)

func init() {
	registerFormat(formatTRT, format{
		name: "trtllm-bench report", client: "trtllm-bench report", decode: (*rawDecoder).trtllm,
		sigs: []signature{{1100, "a trtllm-bench report", []string{"engine", "world_info", "performance"}}},
	})
}

// trtllmStat is the catalog statistic of a trtllm-bench percentile key, -1 for one it has not.
func trtllmStat(k string) int {
	switch k {
	case "average":
		return 0
	}
	return percentileStat(k)
}

// trtllm decodes a trtllm-bench report: one point.
func (d *rawDecoder) trtllm() {
	var p clientPoint
	var tp, pp int64
	var quant, dtype, spec string
	var conc float64
	var haveOut, haveTotal, streamed bool
	var reqRate, meanIn float64
	start, nerr := d.off, d.nerr
	// percentiles reads a percentile object of latency l, in ms.
	percentiles := func(l int) {
		d.fields(func(k []byte) {
			s := trtllmStat(string(k))
			if s < 0 {
				d.skip()
				return
			}
			if v, ok := d.number(false); ok {
				p.m.set(latencyMetric(l, s), v/1000)
			}
		})
	}
	if !d.fields(func(k []byte) {
		switch string(k) {
		case "engine":
			d.fields(func(k []byte) {
				switch string(k) {
				case "model":
					p.own.Model, _ = d.str(false)
				case "quantization":
					quant, _ = d.str(false)
				case "dtype":
					dtype, _ = d.str(false)
				default:
					d.skip() // model_path, engine_dir: paths of the machine, never kept
				}
			})
		case "machine":
			if d.peek() == jsontext.KindNull {
				d.skip()
				return
			}
			d.fields(func(k []byte) {
				if string(k) == "name" {
					name, _ := d.str(false)
					p.namedGPU(name)
				} else {
					d.skip()
				}
			})
		case "world_info":
			d.fields(func(k []byte) {
				switch string(k) {
				case "world_size":
					p.own.GPUs, _ = d.integer(false, true)
				case "tp_size":
					tp, _ = d.integer(false, true)
				case "pp_size":
					pp, _ = d.integer(false, true)
				default:
					d.skip()
				}
			})
		case "request_info":
			d.fields(func(k []byte) {
				switch string(k) {
				case "avg_num_concurrent_requests":
					conc, _ = d.number(false)
				case "avg_input_length":
					meanIn, _ = d.number(false)
					p.measured[0] = roundLen(meanIn)
				case "avg_output_length":
					v, _ := d.number(false)
					p.measured[1] = roundLen(v)
				default:
					d.skip()
				}
			})
		case "performance":
			d.fields(func(k []byte) {
				switch string(k) {
				case "system_output_throughput_tok_s":
					n := d.nerr
					p.out, haveOut = d.number(false)
					haveOut = haveOut || d.nerr > n // reported as wrong, not also as missing
				case "system_total_throughput_tok_s":
					n := d.nerr
					p.total, haveTotal = d.number(false)
					haveTotal = haveTotal || d.nerr > n
				case "request_throughput_req_s":
					reqRate, _ = d.number(false)
				case "request_latency_percentiles_ms":
					percentiles(3)
				default:
					d.skip()
				}
			})
		case "streaming_metrics":
			if d.peek() == jsontext.KindNull {
				d.skip()
				return
			}
			streamed = true
			d.fields(func(k []byte) {
				switch string(k) {
				case "ttft_percentiles":
					percentiles(0)
				case "tpot_percentiles":
					percentiles(1)
				default:
					d.skip()
				}
			})
		case "decoding_stats":
			if d.peek() == jsontext.KindNull {
				d.skip()
				return
			}
			d.fields(func(k []byte) {
				if string(k) == "mode" && d.peek() == jsontext.KindString {
					spec, _ = d.str(false)
				} else {
					d.skip()
				}
			})
		default:
			d.skip()
		}
	}) {
		return
	}
	if !haveOut {
		d.add(d.at(start, "performance.system_output_throughput_tok_s", false, "missing: want the output token throughput, in tokens/sec"))
	}
	if !haveTotal && haveOut && reqRate > 0 && meanIn > 0 {
		// Releases before system_total_throughput_tok_s: the same quantity, all tokens over
		// the run's time, as output + requests per second × mean input length.
		p.total, haveTotal = p.out+reqRate*meanIn, true
	}
	if !haveTotal {
		d.add(d.at(start, "performance.system_total_throughput_tok_s", false, "missing: want the total token throughput, in tokens/sec (or request_throughput_req_s and request_info.avg_input_length)"))
	}
	if v, ok := p.m.get(latencyMetric(1, 1)); ok && v == 0 {
		d.add(d.at(start, "streaming_metrics.tpot_percentiles.p50", false, "must be greater than 0"))
	}
	if d.nerr > nerr {
		return
	}
	if !streamed {
		p.noTPOT = "a trtllm-bench run that did not stream (no streaming_metrics) gives no time per output token, so no interactivity: " +
			"the point is kept on the chart's other axes (E2E latency) and has no place on its default one (run it with --streaming)"
	}
	p.own.Framework = "trt"
	p.own.Precision = trtllmPrecision(quant, dtype)
	p.own.Spec = spec
	if conc > 0 && conc < 1<<31 {
		p.conc = max(int64(math.Round(conc)), 1)
	}
	if p.own.GPUs == 0 && tp > 0 { // a report without world_size: its tp × pp
		p.own.GPUs = tp * max(pp, 1)
	}
	if streamed {
		p.tpot = "streaming_metrics.tpot_percentiles.p50"
	}
	d.settle(&p, start, -1)
}

// trtllmPrecision is the catalog's precision of a TensorRT-LLM quantization algorithm
// ("FP8", "NVFP4", "W4A16_AWQ"), or of the model's dtype when nothing is quantized.
func trtllmPrecision(quant, dtype string) string {
	q := strings.ToLower(strings.TrimSpace(quant))
	switch {
	case q == "" || q == "none" || q == "null":
	case strings.HasPrefix(q, "fp8"):
		return "fp8"
	case strings.Contains(q, "fp4"):
		return "fp4"
	default:
		return q
	}
	switch t := strings.ToLower(strings.TrimSpace(dtype)); t {
	case "bfloat16":
		return "bf16"
	case "float16", "half":
		return "fp16"
	case "float32":
		return "fp32"
	default:
		return t
	}
}

// gpuOfDevice is the GPU key of a device name a file gives (a CUDA device name, an accelerator
// model): its first word of letters then digits ("NVIDIA H100 80GB HBM3" is h100, "NVIDIA
// A100-SXM4-80GB" a100, "NVIDIA L40S" l40s); for a name without one, a key made of the name
// (deviceSlug: "NVIDIA GeForce RTX 4090" is rtx-4090), a GPU of its own (gpuname.go).
func gpuOfDevice(name string) string {
	for _, w := range strings.Fields(name) {
		i := 0
		for i < len(w) && (w[i] >= 'A' && w[i] <= 'Z' || w[i] >= 'a' && w[i] <= 'z') {
			i++
		}
		j := i
		for j < len(w) && w[j] >= '0' && w[j] <= '9' {
			j++
		}
		if i > 0 && j > i && j-i <= 4 && i <= 3 && !strings.EqualFold(w[:i], "rtx") {
			k := j
			for k < len(w) && (w[k] >= 'A' && w[k] <= 'Z' || w[k] >= 'a' && w[k] <= 'z') {
				k++
			}
			return strings.ToLower(w[:k])
		}
	}
	return deviceSlug(name)
}
