package input

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// The run behind a real SGLang line with --output-details (../shared/data/public/clients/sglang):
// its client, version and settings without a path of the benchmark host, its 100 requests all
// completed (its errors list has an empty entry for each), and those requests
// reduced to histograms and statistics that are the line's own summary to the rounding.
func TestSGLangRealLineRun(t *testing.T) {
	const rel = "sglang/qwen3-8b-h100-tp8-c100.jsonl"
	data := readClient(t, rel)
	cfg := &RawOptions{Runs: []Run{{Path: "sglang/*.jsonl", GPU: "h100", GPUs: 8, Framework: "sglang", Precision: "bf16", Model: "Qwen/Qwen3-8B"}}}
	rows, ps := decodeLines("data/"+rel, rel, data, cfg)
	if len(ps) > 0 || len(rows) != 1 {
		t.Fatalf("%d rows, problems %v", len(rows), ps)
	}
	run := rows[0].raw.Run
	if run == nil {
		t.Fatal("no run")
	}
	if run.Path != rel || run.Client != "SGLang bench_serving" || run.Version != "0.5.9" || run.Completed != 100 || rows[0].raw.Requests != (Requests{Completed: 100, Attempted: 100}) {
		t.Errorf("run %+v", run)
	}
	settings := map[string]string{}
	for _, s := range run.Settings {
		settings[s.Key] = s.Value
		if strings.Contains(s.Value, "/workspace") || strings.Contains(s.Key, "path") || strings.Contains(s.Key, "key") {
			t.Errorf("kept setting %s = %q", s.Key, s.Value)
		}
	}
	for k, v := range map[string]string{"server_info.tp_size": "8", "max_concurrency": "100", "dataset_name": "random", "random_input_len": "1024", "server_info.attention_backend": "fa3"} {
		if settings[k] != v {
			t.Errorf("setting %s = %q, want %q (all: %v)", k, settings[k], v, settings)
		}
	}
	q := run.Requests
	if q == nil {
		t.Fatal("no requests: the line holds every request's ttfts and itls")
	}
	if q.N != 100 {
		t.Errorf("N = %d, want 100", q.N)
	}
	sum := func(h Histogram) (n int) {
		for _, c := range h.Counts {
			n += c
		}
		return n
	}
	// 100 requests have a TTFT; 99 have a TPOT (one request gave a single token).
	if sum(q.TTFT) != 100 || sum(q.TPOT) != 99 {
		t.Errorf("histograms hold %d TTFTs and %d TPOTs, want 100 and 99", sum(q.TTFT), sum(q.TPOT))
	}
	stat := map[MetricID]float64{}
	for _, s := range q.Stats {
		stat[s.Metric] = s.Value
	}
	// The line's own figures (ms), against those computed from its requests: TTFT and ITL to
	// the last digit; TPOT, which the client computed from each request's end-to-end time and
	// we from its inter-token gaps, to 0.1%.
	for _, c := range []struct {
		m    MetricID
		ms   float64
		tol  float64
		name string
	}{
		{latencyMetric(0, 1), 493.27141290996224, 1e-9, "median TTFT"},
		{latencyMetric(0, 3), 969.8566712159663, 1e-9, "p99 TTFT"},
		{latencyMetric(0, 0), 578.4130509826355, 1e-9, "mean TTFT"},
		{latencyMetric(0, 5), 158.4569420271779, 1e-9, "std TTFT"},
		{latencyMetric(2, 1), 4.11199196241796, 1e-9, "median ITL"},
		{latencyMetric(2, 3), 460.8212916646153, 1e-9, "p99 ITL"},
		{latencyMetric(1, 1), 11.149914426108202, 1e-3, "median TPOT"},
		{latencyMetric(1, 3), 195.41099979774992, 1e-3, "p99 TPOT"},
		{latencyMetric(1, 0), 23.76095063700313, 1e-3, "mean TPOT"},
	} {
		got, ok := stat[c.m]
		if !ok || math.Abs(got*1000-c.ms) > c.tol*c.ms {
			t.Errorf("%s from the requests = %v ms, the file's %v ms", c.name, got*1000, c.ms)
		}
	}
	// The histogram itself: the bin where half the requests are counted holds the file's median.
	for _, h := range []struct {
		name   string
		h      Histogram
		median float64
	}{{"TTFT", q.TTFT, 0.49327141290996224}, {"TPOT", q.TPOT, 0.011149914426108202}} {
		n, half, at := 0, (sum(h.h)+1)/2, 0
		for i, c := range h.h.Counts {
			if n += c; n >= half {
				at = h.h.Lo + i
				break
			}
		}
		if b := BinOf(h.median); b != at && b != at+1 && b != at-1 {
			t.Errorf("%s histogram reaches half its requests in bin %d; the file's median is in bin %d", h.name, at, b)
		}
	}
}

// A setting's value that is a host path, an address or anything like a credential is never
// kept, whatever the key.
func TestRunSettingsDropSecrets(t *testing.T) {
	line := `{"backend": "vllm", "endpoint_type": "openai-chat", "label": "Bearer sk-secret", "dataset_name": "/workspace/data.json",` +
		` "tokenizer_id": "http://user:pw@10.0.0.1/tok", "num_prompts": 200, "request_rate": 4.0, "max_concurrency": 16, "api_key": "sk-abc",` +
		` "date": "20250101-120000", "completed": 198, "failed": 2, "total_token_throughput": 1000, "output_throughput": 500, "median_tpot_ms": 20,` +
		` "ttfts": [0.1, 0.2, 0.3], "itls": [[0.02, 0.02], [0.03, 0.01], [0.02, 0.02]], "output_lens": [3, 3, 3]}`
	cfg := &RawOptions{Runs: []Run{{Path: "*.json", GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp8", Model: "m", ISL: 1024, OSL: 128}}}
	ds, ps := decode("data/x.json", "x.json", []byte(line), cfg)
	if ds == nil || len(ps.Errors()) > 0 {
		t.Fatalf("problems %v", ps)
	}
	run := ds.RawFile.rows[0].raw.Run
	if q := ds.RawFile.rows[0].raw.Requests; q != (Requests{Completed: 198, Attempted: 200}) || run.Client != "vllm bench serve" || run.Requests == nil || run.Requests.N != 3 {
		t.Errorf("run %+v", run)
	}
	var keys []string
	for _, s := range run.Settings {
		keys = append(keys, s.Key+"="+s.Value)
		for _, bad := range []string{"sk-", "workspace", "10.0.0.1", "Bearer"} {
			if strings.Contains(s.Value, bad) {
				t.Errorf("kept %s = %q", s.Key, s.Value)
			}
		}
	}
	if got, want := strings.Join(keys, " "), "backend=vllm endpoint_type=openai-chat num_prompts=200 request_rate=4 max_concurrency=16"; got != want {
		t.Errorf("settings %q, want %q", got, want)
	}
}

// The run behind AIPerf's real example export: its settings from input_config, and its command
// line with the server's address left out, every other option as the file wrote it.
func TestAIPerfRealRunSettingsAndCommand(t *testing.T) {
	const rel = "aiperf/profile_export_aiperf.json"
	cfg := &RawOptions{Runs: []Run{{Path: "aiperf/*.json", GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp8"}}}
	rows, ps := decodeClient(t, rel, readClient(t, rel), formatAIPerf, cfg)
	if len(ps) > 0 || len(rows) != 1 || rows[0].raw.Run == nil {
		t.Fatalf("%d rows, problems %v", len(rows), ps)
	}
	run := rows[0].raw.Run
	if run.Path != rel || run.Client != "AIPerf or GenAI-Perf profile export" {
		t.Errorf("run %+v", run)
	}
	settings := map[string]string{}
	for _, s := range run.Settings {
		settings[s.Key] = s.Value
		if strings.Contains(s.Value, "localhost") || strings.Contains(s.Value, "9000") {
			t.Errorf("kept the server's address: %s = %q", s.Key, s.Value)
		}
	}
	for k, v := range map[string]string{
		"loadgen.concurrency": "100", "loadgen.request_count": "100", "loadgen.request_cancellation_rate": "10.0",
		"endpoint.type": "chat", "endpoint.streaming": "true", "input.prompt.output_tokens.mean": "250",
		"cli_command": `aiperf profile -m openai/gpt-oss-20b --streaming --num-requests 100 --concurrency 100 --endpoint-type chat --osl 250 --request-cancellation-rate 10 (1 option left out)`,
	} {
		if settings[k] != v {
			t.Errorf("setting %s = %q, want %q (all: %q)", k, settings[k], v, run.Settings)
		}
	}
}

func TestAIPerfCommandKeepsOnlyListedOptions(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{`aiperf profile --model 'my model' --url http://10.0.0.1:8000 --api-key sk-abc --concurrency=8 -H "Authorization: Bearer x"`,
			`aiperf profile --model 'my model' --concurrency=8 (3 options left out)`},
		{`aiperf profile --streaming --tokenizer /models/llama --osl 128`, `aiperf profile --streaming --osl 128 (1 option left out)`},
		{`/opt/venv/bin/aiperf profile --osl 1`, ""}, // a program named by its path
		{`aiperf profile --model "unclosed`, ""},
		{`aiperf profile --model sk-live-123 --osl 5`, `aiperf profile --osl 5 (1 option left out)`}, // a value that looks like a key
		{`aiperf profile --tokenizer=/models/x --streaming=true`, `aiperf profile --streaming=true (1 option left out)`},
		{`aiperf profile --osl`, ""}, // a listed option without its value
		{`aiperf profile -m it\'s`, `aiperf profile -m 'it'\''s'`},
		{`--osl 5`, ""}, // options without their program
		{``, ""},
	} {
		if got := aiperfCommand(c.line); got != c.want {
			t.Errorf("aiperfCommand(%q) = %q, want %q", c.line, got, c.want)
		}
	}
}

// FuzzShellWords: a command split into words, each written back by quoteWord and split again,
// gives the same words; what aiperfCommand keeps of any line is safe to show and names only
// listed options.
func FuzzShellWords(f *testing.F) {
	for _, s := range []string{`aiperf profile -m "openai/gpt-oss-20b" --url "localhost:9000" --streaming`, `a 'b c' "d\"e" f\ g`, `x "" ''`, `--osl=5 --x=y`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if words, ok := shellWords(line); ok {
			quoted := make([]string, len(words))
			for i, w := range words {
				quoted[i] = quoteWord(w)
			}
			again, ok := shellWords(strings.Join(quoted, " "))
			if !ok || !slices.Equal(again, words) {
				t.Fatalf("%q: words %q, written back %q, split again %q (%v)", line, words, quoted, again, ok)
			}
		}
		cmd := aiperfCommand(line)
		if cmd == "" {
			return
		}
		body, _, _ := strings.Cut(cmd, " (")
		words, ok := shellWords(body)
		if !ok {
			t.Fatalf("%q: kept %q, which does not split", line, cmd)
		}
		i := 0
		for ; i < len(words) && !strings.HasPrefix(words[i], "-"); i++ {
			if !safeValue(words[i]) {
				t.Fatalf("%q: kept the word %q", line, words[i])
			}
		}
		for ; i < len(words); i++ {
			name, value, inline := strings.Cut(words[i], "=")
			takes, listed := aiperfOptions[name]
			if !listed {
				t.Fatalf("%q: kept the option %q", line, words[i])
			}
			if takes && !inline {
				i++
				value = words[i]
			}
			if (takes || inline) && !safeValue(value) {
				t.Fatalf("%q: kept %s's value %q", line, name, value)
			}
		}
	})
}
