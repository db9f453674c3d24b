package input

// Telling a data file's format: the inference view or one of the raw formats of raw.go, by the
// keys of its first object (sniffFormat), never by a flag or a file name.

import (
	"encoding/json/jsontext"
	"slices"
	"strings"
)

// rawFormat is what a data file holds.
type rawFormat uint8

const (
	formatView       rawFormat = iota // the inference view, or no format at all: LoadDataset says what is wrong
	formatAPI                         // an array of InferenceX API rows
	formatAgg                         // InferenceX agg rows: an array, or one object
	formatServe                       // one bench-serve result
	formatAIPerf                      // an AIPerf or GenAI-Perf profile export (rawaiperf.go)
	formatLLMPerf                     // an LLMPerf summary (rawllmperf.go)
	formatSGLang                      // one SGLang bench_serving result (rawsglang.go)
	formatGuide                       // a GuideLLM benchmark report, a point per benchmark (rawguidellm.go)
	formatTRT                         // a trtllm-bench report (rawtrtllm.go)
	formatEvalRows                    // InferenceX eval rows: an array (eval.go)
	formatHarness                     // an lm-evaluation-harness results file (evalharness.go)
	formatUnknown                     // looks like a raw format but lacks its keys; sniffFormat says which
	formatPerRequest                  // a client's per-request dump: no point of its own, skipped with a warning (perRequestSigs)
	formatInfPerf                     // an inference-perf lifecycle report, JSON or YAML (rawinfperf.go)
	formatGenAI                       // a genai-bench run file (rawgenai.go)
	formatLLMD                        // an llm-d benchmark report, JSON or YAML (rawllmd.go)
	formatEvalScope                   // an EvalScope perf benchmark_summary.json (rawevalscope.go)
)

// perRequestSigs are the per-request files clients write beside their results, which a
// publisher's folder holds too: each is skipped with a warning naming the file that gives the
// point, never a problem. keys are those of the file's first object (a JSON array's first
// element, or a JSON lines file's first line).
var perRequestSigs = [...]struct {
	keys []string
	msg  string
}{
	{[]string{"ttft_s", "end_to_end_latency_s", "number_output_tokens"},
		"an LLMPerf per-request file (*_individual_responses.json): skipped, its *_summary.json gives the run's point"},
	{[]string{"metadata", "metrics", "error"},
		"an AIPerf per-request file (profile_export.jsonl): skipped, its profile_export_aiperf.json gives the run's point"},
	{[]string{"experiments", "version"},
		"a perf_analyzer per-request export (GenAI-Perf's profile_export.json): skipped, its profile_export_genai_perf.json gives the run's point"},
	{[]string{"benchmark_version", "api_backend", "traffic_scenario"},
		"genai-bench's experiment_metadata.json: skipped, it holds no result; the run files beside it read their model, engine and GPU from it"},
	{[]string{"load", "server", "report"},
		"inference-perf's config.yaml: skipped, it holds no result; the lifecycle reports beside it read their model from it"},
}

// perRequest says whether an object with these keys is a row of a per-request file, and which.
func perRequest(keys []string) (string, bool) {
	for _, s := range perRequestSigs {
		if !slices.ContainsFunc(s.keys, func(k string) bool { return !slices.Contains(keys, k) }) {
			return s.msg, true
		}
	}
	return "", false
}

// formatSigs are the keys that tell each raw format; a file is one when its (first) object has
// all of them.
var formatSigs = [...]struct {
	f    rawFormat
	name string
	keys []string
}{
	{formatAPI, "InferenceX API rows", []string{"hardware", "conc", "metrics"}},
	{formatAgg, "InferenceX agg rows", []string{"hw", "conc", "tput_per_gpu"}},
	{formatAgg, "an InferenceX agentic aggregate", []string{"hw", "conc", "request_metrics"}}, // agentic.go
	{formatServe, "a bench-serve result", []string{"max_concurrency", "total_token_throughput", "output_throughput"}},
	{formatAIPerf, "an AIPerf profile export", []string{"records", "input_config"}},
	{formatAIPerf, "an AIPerf or GenAI-Perf profile export", []string{"request_throughput", "output_token_throughput", "request_latency"}},
	{formatSGLang, "an SGLang bench_serving result", []string{"max_concurrency", "output_throughput", "median_e2e_latency_ms"}},
	{formatLLMPerf, "an LLMPerf summary", []string{"num_concurrent_requests", "results_mean_output_throughput_token_per_s"}},
	// Releases of 2024 without max_concurrency: SGLang's lines (its E2E latency key is its
	// own), then vLLM's benchmark_serving.py before 0.6.2 (no total_token_throughput either).
	{formatSGLang, "an SGLang bench_serving result", []string{"output_throughput", "median_e2e_latency_ms", "total_output_tokens"}},
	{formatServe, "a bench-serve result", []string{"request_rate", "output_throughput", "median_ttft_ms", "total_output_tokens"}},
	{formatGuide, "a GuideLLM report", []string{"benchmarks"}},
	{formatTRT, "a trtllm-bench report", []string{"engine", "world_info", "performance"}},
	{formatInfPerf, "an inference-perf lifecycle report", []string{"load_summary", "successes"}},
	{formatGenAI, "a genai-bench run file", []string{"aggregated_metrics", "individual_request_metrics"}},
	{formatLLMD, "an llm-d benchmark report", []string{"version", "scenario", "results"}},
	{formatLLMD, "an llm-d benchmark report", []string{"version", "scenario", "metrics"}},
	{formatEvalScope, "an EvalScope perf summary", []string{"Output Throughput (tok/s)", "Total Requests"}},
	{formatEvalScope, "an EvalScope perf summary", []string{"Output token throughput (tok/s)", "Total requests"}},
}

// viewKeys are the keys only the inference view has at its top level.
var viewKeys = []string{"view", "apiVersion", "params", "series", "xAxis"}

// sniffFormat tells a data file's format from the keys of its first object: the top-level object,
// or the first element of a top-level array. It stops at the first view key, so a view is told
// from its first bytes. A file that has some of a raw format's keys but not all is formatUnknown,
// and msg says which formats it looked like and what it lacked. Anything else (a syntax error,
// an object of no format at all) is formatView, so that LoadDataset reports it as today.
func sniffFormat(data []byte) (f rawFormat, msg string) {
	d := newDecoder("", data)
	defer d.release()
	var keys []string
	if se := catchSyntax(func() {
		array := d.peek() == jsontext.KindBeginArray
		if array {
			d.delim()
			switch d.peek() {
			case jsontext.KindEndArray:
				f, msg = formatAPI, ""
				return // no rows: nothing to show, and nothing wrong
			case jsontext.KindBeginObject:
			default:
				f, msg = formatView, ""
				return
			}
		} else if d.peek() != jsontext.KindBeginObject {
			f, msg = formatView, ""
			return
		}
		d.fields(func(k []byte) {
			if !array && slices.Contains(viewKeys, string(k)) {
				f = formatView
				panic(errHeadDone)
			}
			keys = append(keys, string(k))
			d.skip()
		})
		f, msg = classify(keys, array)
	}); se != nil {
		return formatView, ""
	}
	return f, msg
}

// classify names the format of an object with these keys.
func classify(keys []string, inArray bool) (rawFormat, string) {
	if f, ok := sniffEval(keys, inArray); ok {
		return f, ""
	}
	if msg, ok := perRequest(keys); ok {
		return formatPerRequest, msg
	}
	if msg, ok := sweepSkip(keys, inArray); ok {
		return formatPerRequest, msg
	}
	if msg, ok := evalscopeSkip(keys, inArray); ok {
		return formatPerRequest, msg
	}
	if !inArray && len(keys) == 1 && keys[0] == "data" {
		// GenAI-Perf's and AIPerf's inputs.json ({"data": [{"payload": …}]}): the prompts sent.
		return formatPerRequest, "the prompts a GenAI-Perf or AIPerf run sent (inputs.json): skipped, it holds no result"
	}
	type partial struct {
		name      string
		has, lack []string
	}
	var best partial
	for _, s := range formatSigs {
		if inArray && s.f >= formatServe {
			continue // bench-serve and the other clients write one object per file
		}
		var p partial
		p.name = s.name
		for _, k := range s.keys {
			if slices.Contains(keys, k) {
				p.has = append(p.has, k)
			} else {
				p.lack = append(p.lack, k)
			}
		}
		if len(p.lack) == 0 {
			if s.f == formatServe && inArray {
				continue // bench-serve writes one object per file
			}
			return s.f, ""
		}
		if len(p.has) > len(best.has) {
			best = p
		}
	}
	if len(best.has) == 0 {
		if inArray {
			return formatUnknown, "not a benchmark file: its rows are neither InferenceX API rows (hardware, conc, metrics) nor agg rows (hw, conc, tput_per_gpu)"
		}
		return formatView, ""
	}
	what := "it looks like " + best.name + " (it has " + strings.Join(best.has, ", ") + ") but lacks " + strings.Join(best.lack, ", ")
	if inArray {
		what = "its first row looks like " + best.name + " (it has " + strings.Join(best.has, ", ") + ") but lacks " + strings.Join(best.lack, ", ")
	}
	return formatUnknown, "not a benchmark file: " + what
}
