package input

// An LLMPerf summary (token_benchmark_ray.py's *_summary.json): one run at one concurrency,
// each statistic a key of its own: results_<metric>_<unit>_quantiles_p50, …_mean, …_stddev.
// Numbers may be written as strings ("550"), as LLMPerf writes some of them.
//
// What each figure means, from LLMPerf's source:
//   - results_ttft_s_*: TTFT in seconds; results_end_to_end_latency_s_*: E2E latency.
//   - results_mean_output_throughput_token_per_s: the deployment's output tokens per second.
//     Input tokens per second are results_num_completed_requests_per_min / 60 ×
//     results_number_input_tokens_mean: the same quantity over the same requests.
//   - results_inter_token_latency_s_*: the sum of the waits between chunks, the first chunk's
//     wait (TTFT) included, divided by the output tokens: E2E latency per output token, not
//     TPOT. So LLMPerf gives no TPOT and no interactivity: its point is kept on the chart's
//     other axes (TTFT, E2E latency), with no place on the default one, and a warning says why.
//   - mean_input_tokens and mean_output_tokens are the lengths the run asked for: isl and osl.

import (
	"math"
	"strconv"
	"strings"
	"time"

	"encoding/json/jsontext"
)

// formatLLMPerf is an LLMPerf summary.
var formatLLMPerf = new(format)

func init() {
	registerFormat(formatLLMPerf, format{
		name: "LLMPerf summary", client: "LLMPerf summary", decode: (*rawDecoder).llmperf,
		sigs: []signature{{700, "an LLMPerf summary", []string{"num_concurrent_requests", "results_mean_output_throughput_token_per_s"}}},
		skips: []skip{{keys: []string{"ttft_s", "end_to_end_latency_s", "number_output_tokens"},
			msg: "an LLMPerf per-request file (*_individual_responses.json): skipped, its *_summary.json gives the run's point"}},
	})
}

// llmperfStat is the catalog statistic of an LLMPerf suffix, -1 for one it does not have.
func llmperfStat(s string) int {
	switch s {
	case "mean":
		return 0
	case "quantiles_p50":
		return 1
	case "quantiles_p90":
		return 2
	case "quantiles_p99":
		return 3
	case "stddev":
		return 5
	}
	return -1
}

// llmperf decodes an LLMPerf summary: one point, with no median interactivity (see above).
func (d *rawDecoder) llmperf() {
	var p clientPoint
	var perMin, meanIn float64
	completed, started, errored := -1.0, -1.0, -1.0 // the request counts, -1 where not given
	start, nerr := d.off, d.nerr
	if !d.fields(func(k []byte) {
		key := string(k)
		for l, prefix := range [...]string{"results_ttft_s_", "", "", "results_end_to_end_latency_s_"} {
			if prefix == "" {
				continue
			}
			if rest, ok := strings.CutPrefix(key, prefix); ok {
				if s := llmperfStat(rest); s >= 0 {
					if v, ok := d.flexNumber(); ok {
						p.m.set(latencyMetric(l, s), v)
					}
					return
				}
			}
		}
		switch key {
		case "model":
			p.own.Model = d.text(false)
		case "num_concurrent_requests":
			p.conc = d.flexPositive()
		case "mean_input_tokens":
			p.own.ISL = d.flexPositive()
		case "mean_output_tokens":
			p.own.OSL = d.flexPositive()
		case "results_mean_output_throughput_token_per_s":
			p.out, _ = d.flexNumber()
		case "results_num_completed_requests":
			completed = d.count()
		case "results_num_requests_started":
			started = d.count()
		case "results_number_errors":
			errored = d.count()
		case "results_num_completed_requests_per_min":
			perMin, _ = d.flexNumber()
		case "results_number_input_tokens_mean":
			meanIn, _ = d.flexNumber()
		case "timestamp":
			if v, ok := d.flexNumber(); ok && v < 1<<40 {
				p.own.Date = time.Unix(int64(v), 0).UTC().Format(time.DateOnly)
			}
		default:
			d.skip()
		}
	}) {
		return
	}
	if d.nerr > nerr {
		return
	}
	p.total = p.out + perMin/60*meanIn
	p.req = requestsOf(completed, started, errored)
	p.noTPOT = llmperfNoTPOT
	d.settle(&p, start, -1)
}

// llmperfNoTPOT is the warning of every LLMPerf point.
const llmperfNoTPOT = "an LLMPerf summary gives no time per output token (its inter_token_latency counts the wait for the first token), " +
	"so no interactivity: the point is kept on the chart's other axes (TTFT, E2E latency) and has no place on its default one"

// flexNumber reads a finite, non-negative number written as a number or as a string ("550");
// null is absent.
func (d *decoder) flexNumber() (float64, bool) {
	if d.peek() != jsontext.KindString {
		return d.number(false)
	}
	s, _ := d.str(false)
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) || v < 0 {
		d.problem(d.off, "want a number, got %s", describe(jsontext.KindString, d.last()))
		return 0, false
	}
	return v, true
}
