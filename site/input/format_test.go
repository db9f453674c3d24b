package input

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/site/problem"
)

// formatTest is a format only this package's tests know: its registration, here and nowhere
// else, is all that adding a format takes (TestAFormatNeedsOnlyItsOwnFile).
var formatTest = new(format)

func init() {
	registerFormat(formatTest, format{
		name: "test-only report", client: "test-only bench", decode: (*rawDecoder).testOnly,
		sigs: []signature{{99999, "a test-only report", []string{"frontier_test_only", "frontier_test_tput"}}},
		skips: []skip{{keys: []string{"frontier_test_only", "frontier_test_requests"}, shape: objectShape,
			msg: "a test-only per-request file: skipped"}},
	})
}

// testOnly reads a test-only report: it says that it did, naming its client and release.
func (d *rawDecoder) testOnly() {
	d.cfg.rec.setRelease("test release")
	d.skip()
	d.late = append(d.late, problem.Problem{File: d.file, Warning: true, Msg: "read by the decoder of " + d.format.client})
}

// TestAFormatNeedsOnlyItsOwnFile shows that a format registered in one file (here a _test.go
// file) is recognised, decoded, skips its client's other files and is named by check -v, with
// no edit anywhere else.
func TestAFormatNeedsOnlyItsOwnFile(t *testing.T) {
	report := `{"frontier_test_only": 1, "frontier_test_tput": 2}`
	if f, msg := sniffFormat([]byte(report)); f != formatTest || msg != "" {
		t.Fatalf("sniffed as %v %q", f, msg)
	}
	if f, msg := sniffFormat([]byte(`{"frontier_test_only": 1}`)); f != formatUnknown || !strings.Contains(msg, "looks like a test-only report (it has frontier_test_only) but lacks frontier_test_tput") {
		t.Errorf("near miss: %v %q", f, msg)
	}
	fsys := fstest.MapFS{
		"data/r.json":    {Data: []byte(report)},
		"data/reqs.json": {Data: []byte(`{"frontier_test_only": 1, "frontier_test_requests": []}`)},
	}
	reports, err := Describe(fsys, "data/", nil)
	if err != nil || len(reports) != 2 {
		t.Fatalf("reports %+v, %v", reports, err)
	}
	if r := reports[0]; !strings.HasSuffix(r.File, "/r.json") || r.Format != "test-only report" || r.Release != "test release" || r.Warnings != 1 || r.Errors != 0 {
		t.Errorf("check -v: %+v", r)
	}
	_, ps := decodeRaw(formatTest, "data/r.json", "r.json", []byte(report), &RawOptions{})
	if ps.Error() != "data/r.json: warning: read by the decoder of test-only bench" {
		t.Errorf("decoded: %v", ps)
	}
	if f, msg := sniffFormat(fsys["data/reqs.json"].Data); f != formatPerRequest || msg != "a test-only per-request file: skipped" {
		t.Errorf("skip: %v %q", f, msg)
	}
}

// TestFormatRegistrationsWhole fails when a format is registered without its name, client,
// decoder or signatures, and checks that the check does catch each.
func TestFormatRegistrationsWhole(t *testing.T) {
	if len(formats) < 13 {
		t.Fatalf("%d formats registered", len(formats))
	}
	for _, f := range formats {
		if msg := f.invalid(); msg != "" {
			t.Errorf("%s: %s", f.name, msg)
		}
	}
	whole := format{name: "n", client: "c", decode: (*rawDecoder).serve, sigs: []signature{{1, "a n", []string{"k"}}}}
	for want, lack := range map[string]func(*format){
		"no name":                   func(f *format) { f.name = "" },
		"no client":                 func(f *format) { f.client = "" },
		"no decode function":        func(f *format) { f.decode = nil },
		"no signature":              func(f *format) { f.sigs = nil },
		"without keys or a name":    func(f *format) { f.sigs = []signature{{1, "a n", nil}} },
		"without keys or a warning": func(f *format) { f.skips = []skip{{msg: "m"}} },
	} {
		g := whole
		lack(&g)
		if msg := g.invalid(); !strings.Contains(msg, want) {
			t.Errorf("invalid() = %q, want %q", msg, want)
		}
	}
	if msg := whole.invalid(); msg != "" {
		t.Errorf("a whole registration: %q", msg)
	}
	defer func() {
		if recover() == nil {
			t.Error("a registration that takes another's rank did not panic")
		}
	}()
	registerFormat(new(format), format{name: "dup", client: "dup", decode: (*rawDecoder).serve,
		sigs: []signature{{formatServe.sigs[0].rank, "a dup", []string{"dup"}}}})
}

// TestSniffOrder pins the order sniffing tries the signatures in: it is the ranks', whatever
// order the files register in. Two formats that share keys are told apart by it (a bench-serve
// file and an SGLang one both have max_concurrency and output_throughput; vLLM's releases of
// 2024 are tried after SGLang's).
func TestSniffOrder(t *testing.T) {
	var got []string
	for _, s := range signatures {
		if s.f != formatTest {
			got = append(got, s.f.name+": "+strings.Join(s.keys, ","))
		}
	}
	want := []string{
		"InferenceX API rows: hardware,conc,metrics",
		"InferenceX agg rows: hw,conc,tput_per_gpu",
		"InferenceX agg rows: hw,conc,request_metrics",
		"vllm bench serve result: max_concurrency,total_token_throughput,output_throughput",
		"AIPerf or GenAI-Perf profile export: records,input_config",
		"AIPerf or GenAI-Perf profile export: request_throughput,output_token_throughput,request_latency",
		"SGLang bench_serving result: max_concurrency,output_throughput,median_e2e_latency_ms",
		"LLMPerf summary: num_concurrent_requests,results_mean_output_throughput_token_per_s",
		"SGLang bench_serving result: output_throughput,median_e2e_latency_ms,total_output_tokens",
		"vllm bench serve result: request_rate,output_throughput,median_ttft_ms,total_output_tokens",
		"GuideLLM report: benchmarks",
		"trtllm-bench report: engine,world_info,performance",
		"inference-perf lifecycle report: load_summary,successes",
		"genai-bench run: aggregated_metrics,individual_request_metrics",
		"llm-d benchmark report: version,scenario,results",
		"llm-d benchmark report: version,scenario,metrics",
		"EvalScope perf summary: Output Throughput (tok/s),Total Requests",
		"EvalScope perf summary: Output token throughput (tok/s),Total requests",
	}
	if !slices.Equal(got, want) {
		t.Errorf("sniffing order:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// A file of SGLang's 2024 keys and vLLM's both is SGLang's: its rank comes first.
	both := `{"request_rate": 1, "output_throughput": 1, "median_ttft_ms": 1, "total_output_tokens": 1, "median_e2e_latency_ms": 1}`
	if f, _ := sniffFormat([]byte(both)); f != formatSGLang {
		t.Errorf("SGLang and bench-serve keys: %v", f)
	}
}

// TestSkipsDisjoint: skips are tried in the order of their formats, so no skip may match every
// file another matches (its keys a subset of the other's, in a shape both match), or which
// one wins would hang on that order.
func TestSkipsDisjoint(t *testing.T) {
	type owned struct {
		skip
		f *format
	}
	var all []owned
	for _, f := range formats {
		for _, s := range f.skips {
			all = append(all, owned{s, f})
		}
	}
	for i, a := range all {
		for j, b := range all {
			overlap := a.shape == eitherShape || b.shape == eitherShape || a.shape == b.shape
			if i != j && overlap && !b.exact && !slices.ContainsFunc(a.keys, func(k string) bool { return !slices.Contains(b.keys, k) }) {
				t.Errorf("%s's skip %v matches every file %s's skip %v does", a.f.name, a.keys, b.f.name, b.keys)
			}
		}
	}
}

// TestYAMLHintNamesTheYAMLFormats: the warning of a YAML file no format reads names those
// registered as YAML, in the order sniffing tries them.
func TestYAMLHintNamesTheYAMLFormats(t *testing.T) {
	want := "a YAML file of no format Frontier reads as YAML (an inference-perf lifecycle report or an llm-d benchmark report): skipped"
	if got := yamlSkipped(); got != want {
		t.Errorf("got %q", got)
	}
	if got := orList([]string{"a", "b", "c"}); got != "a, b or c" {
		t.Errorf("orList: %q", got)
	}
}
