package input

import (
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testenv"
)

// describe1 is `frontier check -v`'s report of one file, as data/<rel>, with a [[runs]] entry
// giving every context key.
func describe1(t *testing.T, rel string, data []byte) FileReport {
	t.Helper()
	opt := &RawOptions{Runs: []Run{{Path: "*/*", GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp8", Model: "m", ISL: 1024, OSL: 1024}}}
	rs, err := Describe(fstest.MapFS{rel: {Data: data}}, "data/", opt)
	if err != nil || len(rs) != 1 {
		t.Fatalf("%s: %d reports, %v", rel, len(rs), err)
	}
	return rs[0]
}

// `frontier check -v` names a GuideLLM v2 report's release and layout, read from its metadata
// (issue 54, item 5); the real 0.8 report gives both of its benchmarks.
func TestGuideLLMV2ReleaseNamed(t *testing.T) {
	data := testenv.SharedFile(t, "public/clients/guidellm/llm-d__llm-d-benchmark__guidellm_0.8.0.dev18_report_v2.json")
	r := describe1(t, "guidellm/report.json", data)
	if r.Format != "GuideLLM report" || r.Release != "GuideLLM 0.8.0.dev18, report v2" || r.Points != 2 {
		t.Errorf("read as %q, release %q, %d points; want GuideLLM report, GuideLLM 0.8.0.dev18, report v2, 2 points", r.Format, r.Release, r.Points)
	}
}
