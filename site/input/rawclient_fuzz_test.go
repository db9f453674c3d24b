package input

import (
	"strings"
	"testing"
)

// fuzzClient fuzzes a client's reader from real files, with [[runs]] context for the fuzzed
// file so that its points get as far as rows. Besides what every row promises, nothing of a
// secret in the input reaches a row.
func fuzzClient(f *testing.F, want *format, seeds [][]byte) {
	for _, s := range seeds {
		f.Add(s)
	}
	cfg := &RawOptions{Runs: []Run{{Path: "f.json", GPU: "h100", GPUs: 8, Framework: "vllm", Precision: "fp8"}}}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, msg := sniffFormat(data)
		if (got == formatUnknown) != (msg != "") {
			t.Fatalf("format %v with message %q", got, msg)
		}
		rows, ps := decodeRaw(want, "data/f.json", "f.json", data, cfg)
		checkRawInvariants(t, "data/f.json", rows, ps)
		for _, r := range rows {
			for _, s := range []string{r.model, r.raw.Image, r.raw.RunURL, r.gpu, r.framework, r.precision} {
				if strings.Contains(s, "sk-secret") {
					t.Fatalf("row %s kept %q", r.place(), s)
				}
			}
			if r.raw.Run != nil {
				for _, s := range r.raw.Run.Settings {
					if strings.Contains(s.Value, "sk-secret") || strings.Contains(s.Value, "://") {
						t.Fatalf("row %s kept the setting %s = %q", r.place(), s.Key, s.Value)
					}
				}
			}
		}
		rawPages(want, "data/f.json", "f.json", data, cfg)
	})
}

func FuzzRawAIPerf(f *testing.F) {
	fuzzClient(f, formatAIPerf, [][]byte{
		readClient(f, "aiperf/profile_export_aiperf.json"),
		[]byte(aiperfTopLevel("", "", "")),
		[]byte(`{"records": {"ttft": {"unit": "us", "p50": 0}}, "input_config": {"endpoint": {"streaming": false}}}`),
		[]byte(`{"records": {"output_token_throughput": {"avg": 5}}, "input_config": {"cli_command": "aiperf profile --api-key sk-secret --url http://h:1 -m m", "endpoint": {"type": "sk-secret"}}}`),
		// AIPerf 0.10's layout: phases and datasets
		[]byte(`{"output_token_throughput": {"avg": 5}, "input_config": {"models": ["m"], "datasets": [{"type": "/sk-secret", "prompts": {"isl": {"mean": 1e300}, "osl": [1]}}],
			"phases": [{"name": "w", "type": "concurrency", "concurrency": 1, "exclude_from_results": true}, {"type": "poisson", "rate": -1, "concurrency": "x", "requests": 1e40}]}}`),
	})
}

func FuzzRawLLMPerf(f *testing.F) {
	fuzzClient(f, formatLLMPerf, [][]byte{
		readClient(f, "llmperf/vllm-conc8-summary.json"),
		[]byte(`{"num_concurrent_requests": "4", "results_mean_output_throughput_token_per_s": "1e3", "timestamp": 1e30}`),
	})
}

func FuzzRawSGLangLines(f *testing.F) {
	f.Add([]byte(sglangLine(16, 100, "10.0", "") + "\n" + sglangLine(32, 0, "-1", `, "model_id": "sk-secret"`) + "\n"))
	f.Add([]byte("\xef\xbb\xbf" + sglangLine(4, 3, "1e-300", "") + "\n{\"a\": -Infinity}\n" + `{"max_concurrency": 1`))
	cfg := &RawOptions{Runs: []Run{{Path: "f.jsonl", GPU: "h100", GPUs: 8, Framework: "sglang", Precision: "fp8", Model: "m"}}}
	f.Fuzz(func(t *testing.T, data []byte) {
		rows, ps := decodeLines("data/f.jsonl", "f.jsonl", data, cfg)
		checkRawInvariants(t, "data/f.jsonl", rows, ps)
		head("f.jsonl", data, cfg)
	})
}
