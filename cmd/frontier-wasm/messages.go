package main

// The problems of a reader's file in the page's language. The readers word a problem in English,
// as `frontier check` prints it; the catalog's [script.yourrun.check] table holds those words
// as templates ("want a number, got {got}"), and each language's strings for them. A problem's
// message is matched against the English templates (english, which TestEnglishIsTheCatalogs
// holds to templates/i18n/en.toml), and the page's string for the template that matches is
// filled with what the English one held: so an English page shows exactly what `frontier check`
// prints, and a Chinese one the same sentence in Chinese. A message no template matches is shown
// as `frontier check` words it.

import (
	"strings"

	"github.com/frontier-bench/frontier/internal/placeholder"
	"github.com/frontier-bench/frontier/site/problem"
)

// english are the readers' messages by catalog key, the more specific first where two could
// match the same message.
var english = []struct{ key, text string }{
	// The decoder's checks of one value (site/input/decode.go, raw.go).
	{"wantString", "want a string, got {got}"},
	{"wantNumber", "want a number, got {got}"},
	{"wantInteger", "want an integer, got {got}"},
	{"wantPositive", "want an integer greater than 0, got {got}"},
	{"wantBool", "want true or false, got {got}"},
	{"wantDate", "want a date as YYYY-MM-DD, got {got}"},
	{"wantServeDate", "want a date as YYYYMMDD-HHMMSS or YYYY-MM-DD, got {got}"},
	{"wantObject", "want an object, got {got}"},
	{"wantArray", "want an array, got {got}"},
	{"control", "contains the control character {code}, which no page can show: remove it"},
	{"empty", "must not be empty"},
	{"negative", "must not be negative, got {got}"},
	{"positive", "must be greater than 0"},
	{"numberRange", "number {got} is out of range"},
	{"integerRange", "integer {got} is out of range"},
	{"twice", "given twice; the last one counts"},
	{"missingThroughput", "missing required field (or output_tput_per_gpu and input_tput_per_gpu)"},
	{"missingInteractivity", "missing required field (or median_tpot)"},
	{"missingInput", "missing required field (or input_throughput)"},
	{"missingWant", "missing required field (want {want})"},
	{"missing", "missing required field"},
	// What a file is not (format.go, rawsglang.go).
	{"neitherRows", "not a benchmark file: its rows are neither InferenceX API rows (hardware, conc, metrics) nor agg rows (hw, conc, tput_per_gpu)"},
	{"looksLike", "not a benchmark file: it looks like {format} (it has {has}) but lacks {lacks}"},
	{"looksLikeRows", "not a benchmark file: its first row looks like {format} (it has {has}) but lacks {lacks}"},
	{"lineLooksLike", "it looks like {format} (it has {has}) but lacks {lacks}"},
	{"oneALine", "not a benchmark result: a JSON lines file holds one bench-serve or SGLang bench_serving result a line"},
	// What a client's file lacks (rawclient.go, rawllmperf.go).
	{"noConcurrency", "missing: the file does not say the run's concurrency"},
	{"noMedianGiven", "no median time per output token (the file gives its {given} only), so no median interactivity: the point is kept on the chart's other axes and has no place on its default one; a median is never computed from the mean or another percentile, which differ from it when some requests are slow"},
	{"noMedianNone", "no median time per output token (the file gives no statistic of it), so no median interactivity: the point is kept on the chart's other axes and has no place on its default one; a median is never computed from the mean or another percentile, which differ from it when some requests are slow"},
	// A GuideLLM sweep's and a trtllm-bench report's own (rawguidellm.go, rawtrtllm.go).
	{"noBenchmarks", "no benchmarks: this file adds nothing to the site"},
	{"missingOutputTput", "missing: want the output token throughput, in tokens/sec"},
	{"missingTotalTput", "missing: want the total token throughput, in tokens/sec"},
	{"sameConcurrency", "its concurrency ({conc}) is that of benchmarks[{other}]: one point per concurrency, the first kept"},
	{"trtNoStream", "a trtllm-bench run that did not stream (no streaming_metrics) gives no time per output token, so no interactivity: the point is kept on the chart's other axes (E2E latency) and has no place on its default one (run it with --streaming)"},
	{"llmperfNoTPOT", "an LLMPerf summary gives no time per output token (its inter_token_latency counts the wait for the first token), so no interactivity: the point is kept on the chart's other axes (TTFT, E2E latency) and has no place on its default one"},
	// Repeated runs far apart (spread.go).
	{"spreadFar", "{n} repeated runs at {load} (one configuration, topology and date) differ by more than 25%: {far}; the point gives their medians (runs of different datasets are kept apart where the file names its dataset)"},
	// An MLPerf LoadGen summary's own (rawmlperf.go); the more specific Offline first.
	{"loadgenOfflineTokens", "an Offline run issues every query at once: it has no TTFT or TPOT and its latencies are not a request's, so it has no place on a latency or interactivity axis and gives no point (it measured {tps} output tokens per second of the whole system)"},
	{"loadgenOffline", "an Offline run issues every query at once: it has no TTFT or TPOT and its latencies are not a request's, so it has no place on a latency or interactivity axis and gives no point"},
	{"loadgenMode", "a LoadGen {mode} run measures no performance: no point"},
	{"loadgenScenario", "a LoadGen {scenario} run is not a scenario of an LLM benchmark (Server, Interactive, SingleStream): no point"},
	{"loadgenNoTokens", "no \"Completed tokens per second\": the summary of a benchmark that is not an LLM's (or of a LoadGen older than token latencies) gives no token throughput: no point"},
	{"loadgenNoScenario", "an MLPerf LoadGen summary without a \"Scenario\" line: is the file cut short?"},
	{"loadgenNoLoad", "a Server run without a \"target_qps\" or \"Scheduled samples per second\" line: its load is not known"},
	{"loadgenResult", "want VALID or INVALID, got {got}"},
	{"loadgenTwice", "given twice: {here} here, {there} on line {line}, which counts"},
	// Syntax, as encoding/json words it (syntax.go).
	{"endOfInput", "unexpected end of JSON input"},
	{"invalidCharacter", "invalid character {char} {where}"},
}

// englishWords are what the messages put in their placeholders that a language says its own
// way: a value that is an object or an array, and the formats' names.
var englishWords = map[string]string{
	"an object":                              "anObject",
	"an array":                               "anArray",
	"InferenceX API rows":                    "api",
	"InferenceX agg rows":                    "agg",
	"a bench-serve result":                   "serve",
	"an AIPerf profile export":               "aiperf",
	"an AIPerf or GenAI-Perf profile export": "genaiperf",
	"an SGLang bench_serving result":         "sglang",
	"an LLMPerf summary":                     "llmperf",
	"a GuideLLM report":                      "guidellm",
	"a trtllm-bench report":                  "trtllm",
}

// localize is problem p as `frontier check` prints it, its message in the page's language: t
// gives the page's string of a catalog key, "" when it has none (then the English stays).
func localize(p problem.Problem, t func(string) string) string {
	q := p
	q.Msg, q.Warning = translate(p.Msg, t), false
	s := q.String()
	if p.Warning {
		word := "warning"
		if w := tr(t, "warning"); w != "" {
			word = w
		}
		s = strings.TrimSuffix(s, ": "+q.Msg) + ": " + word + ": " + q.Msg
	}
	return s
}

// translate is msg in the page's language, when a template of english matches it and the page
// has that template's string.
func translate(msg string, t func(string) string) string {
	if t == nil {
		return msg
	}
	for _, e := range english {
		args, ok := placeholder.Match(e.text, msg)
		if !ok {
			continue
		}
		s := tr(t, e.key)
		if s == "" {
			return msg
		}
		for name, v := range args {
			if k, ok := englishWords[v]; ok {
				if w := tr(t, k); w != "" {
					args[name] = w
				}
			}
		}
		return placeholder.Fill(s, func(name string) (string, bool) { v, ok := args[name]; return v, ok })
	}
	return msg
}

// tr is t(key), or "" for no t.
func tr(t func(string) string, key string) string {
	if t == nil {
		return ""
	}
	return t(key)
}
