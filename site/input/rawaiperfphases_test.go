package input

import (
	"encoding/json"
	"strings"
	"testing"
)

// aiperf010 is the real AIPerf export with its input_config rewritten in the layout AIPerf
// writes from 0.10 on (models, endpoint.urls, datasets[], phases[]: a warmup phase excluded
// from the results, then the profiling phase), with the given profiling phase.
func aiperf010(t *testing.T, profiling string) []byte {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(readClient(t, "aiperf/profile_export_aiperf.json"), &doc); err != nil {
		t.Fatal(err)
	}
	cfg := `{"models": ["openai/gpt-oss-20b"], "endpoint": {"urls": ["http://localhost:9000/v1/chat/completions"], "streaming": true},
	  "datasets": [{"name": "default", "type": "synthetic", "entries": 100, "prompts": {"isl": {"mean": 512, "stddev": 0}, "osl": 250}}],
	  "phases": [{"name": "warmup", "type": "concurrency", "requests": 10, "concurrency": 1, "exclude_from_results": true}, ` + profiling + `]}`
	var ic any
	if err := json.Unmarshal([]byte(cfg), &ic); err != nil {
		t.Fatal(err)
	}
	doc["input_config"] = ic
	b, _ := json.Marshal(doc)
	return b
}

// AIPerf 0.10 and later: the point's load is the profiling phase's, never the warmup's, and the
// requested lengths are the first dataset's (issue 54, item 5). Refused before with
// "concurrency: missing".
func TestAIPerfPhasesLayout(t *testing.T) {
	cfg := &RawOptions{Runs: []Run{{Path: "aiperf/*.json", GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16"}}}
	for _, c := range []struct {
		phase string
		conc  int64
		rate  float64
	}{
		{`{"name": "profiling", "type": "concurrency", "requests": 100, "concurrency": 100, "exclude_from_results": false}`, 100, 0},
		{`{"name": "profiling", "type": "poisson", "requests": 100, "rate": 4.5}`, 0, 4.5},
		{`{"name": "profiling", "type": "gamma", "requests": 100, "rate": 8, "concurrency": 16, "smoothness": 2.0}`, 16, 0},
	} {
		rows, ps := decodeClient(t, "aiperf/profile_export_aiperf.json", aiperf010(t, c.phase), formatAIPerf, cfg)
		if len(ps) > 0 || len(rows) != 1 {
			t.Fatalf("%s: rows %d, problems: %v", c.phase, len(rows), ps)
		}
		r := &rows[0]
		if r.conc != c.conc || r.rate != c.rate || r.model != "gpt-oss-20b" || r.sequence != "512/250" {
			t.Errorf("%s: concurrency %d, rate %v, model %q, sequence %q; want %d, %v, gpt-oss-20b, 512/250", c.phase, r.conc, r.rate, r.model, r.sequence, c.conc, c.rate)
		}
		var settings []string
		for _, s := range r.raw.Run.Settings {
			settings = append(settings, s.Key+"="+s.Value)
		}
		if got := strings.Join(settings, " "); !strings.Contains(got, "phases.profiling.type=") || strings.Contains(got, "localhost") {
			t.Errorf("%s: settings %s: want the profiling phase's, and no URL", c.phase, got)
		}
	}
	// Every phase excluded: no load to place the point at, said as before.
	_, ps := decodeClient(t, "aiperf/x.json", aiperf010(t, `{"name": "cooldown", "type": "concurrency", "concurrency": 4, "exclude_from_results": true}`), formatAIPerf, cfg)
	if !strings.Contains(ps.Error(), "concurrency: missing") {
		t.Errorf("all phases excluded: problems %v", ps)
	}
	// `frontier check -v` names the layout.
	if r := describe1(t, "aiperf/e.json", aiperf010(t, `{"name": "profiling", "type": "concurrency", "concurrency": 8}`)); r.Release != "AIPerf 0.10 or later (input_config.phases)" || r.Points != 1 {
		t.Errorf("release %q, %d points", r.Release, r.Points)
	}
}
