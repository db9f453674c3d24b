package input

import (
	"strings"
	"testing"
	"testing/fstest"
)

// Two combinations of a `vllm bench sweep` that differ only by a serve parameter other than the
// parallelism (max_num_seqs) at the same load and TP are two series, each named by the
// parameter, and never repeated runs of one point; runs of one combination still are.
func TestSweepServeParametersAreVariants(t *testing.T) {
	const a = "exp/SERVE--tensor_parallel_size=1-max_num_seqs=64-BENCH--max_concurrency=8/"
	const b = "exp/SERVE--tensor_parallel_size=1-max_num_seqs=256-BENCH--max_concurrency=8/"
	fsys := fstest.MapFS{
		a + "run=0.json": {Data: []byte(sweepRunFile(0, 1, 2000, 10))},
		a + "run=1.json": {Data: []byte(sweepRunFile(1, 1, 2100, 9.5))},
		b + "run=0.json": {Data: []byte(strings.Replace(sweepRunFile(0, 1, 3000, 14), `"max_num_seqs": 64`, `"max_num_seqs": 256`, 1))},
	}
	opt := &RawOptions{Runs: []Run{{Path: "exp/*/*", GPU: "h100", Framework: "vllm", Precision: "bf16", ISL: 1024, OSL: 1024}}}
	dss, ps := Load(fsys, "data/", opt)
	if errs := ps.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, p := range ps {
		if strings.Contains(p.Msg, "repeated runs from the folders") {
			t.Errorf("two combinations taken for repeated runs: %v", p)
		}
	}
	var rows []rawRow
	for _, ds := range dss {
		rows = append(rows, ds.RawFile.rows...)
	}
	merged, _ := mergeRows(rows)
	pages, _ := rawDatasets(merged, opt, "")
	got := map[string]string{}
	runs := map[string]int{}
	for _, ds := range pages {
		for _, s := range ds.Series {
			got[s.HWKey] = s.Label
			for _, p := range s.Points {
				runs[s.HWKey] += max(p.Raw.Spread.N(), 1)
			}
		}
	}
	want := map[string]string{
		"h100_vllm__max-num-seqs-64":  "H100 (vLLM, max_num_seqs=64)",
		"h100_vllm__max-num-seqs-256": "H100 (vLLM, max_num_seqs=256)",
	}
	if len(got) != len(want) {
		t.Errorf("series %v, want %v", got, want)
	}
	for k, l := range want {
		if got[k] != l {
			t.Errorf("series %q: label %q, want %q", k, got[k], l)
		}
	}
	if runs["h100_vllm__max-num-seqs-64"] != 2 || runs["h100_vllm__max-num-seqs-256"] != 1 {
		t.Errorf("runs per series %v, want 2 (one point of two repeated runs) and 1", runs)
	}
}

// A [[runs]] variant and a sweep's own join, the publisher's first; a variant's key is its
// slug after "__" (never markup, a quote or a path), its label the variant as given.
func TestVariantKeyAndLabel(t *testing.T) {
	for _, tt := range []struct{ runs, own, key, label string }{
		{"", "", "h100_vllm", "H100 (vLLM)"},
		{"batch_size", "", "h100_vllm__batch-size", "H100 (vLLM, batch_size)"},
		{"tuned", "max_num_seqs=256", "h100_vllm__tuned-max-num-seqs-256", "H100 (vLLM, tuned, max_num_seqs=256)"},
		{`</script><b x="1">`, "", "h100_vllm__script-b-x-1", `H100 (vLLM, </script><b x="1">)`},
		{"量化", "", "h100_vllm__x-", "H100 (vLLM, 量化)"},
		{"../..", "", "h100_vllm__x-", "H100 (vLLM, ../..)"},
	} {
		d := &rawDecoder{cfg: &RawOptions{Runs: []Run{{Path: "*", Variant: tt.runs}}}, rel: "f.json"}
		v := d.variantOf(tt.own)
		key, label := variantKey(hwKey("h100", "vllm", "none", false), v), variantLabel(seriesLabel("H100", "vllm", "none", false), v)
		if !strings.HasPrefix(key, tt.key) || label != tt.label {
			t.Errorf("variant %q + %q: key %q label %q, want %q… and %q", tt.runs, tt.own, key, label, tt.key, tt.label)
		}
		if strings.Trim(key, "abcdefghijklmnopqrstuvwxyz0123456789_-") != "" {
			t.Errorf("variant %q: key %q is not URL-safe", tt.runs, key)
		}
	}
}

// Two variants whose slugs are one series key stop the build with an error naming both, never
// a series that silently shows one of two points at a load.
func TestVariantsOfOneKeyClash(t *testing.T) {
	rows := []rawRow{
		{file: "data/a.json", idx: -1, model: "m", sequence: "1k/1k", gpu: "h100", framework: "vllm", spec: "none", precision: "bf16", variant: "batch size", conc: 4},
		{file: "data/b.json", idx: -1, model: "m", sequence: "1k/1k", gpu: "h100", framework: "vllm", spec: "none", precision: "bf16", variant: "batch_size", conc: 4},
	}
	_, ps := rawDatasets(rows, &RawOptions{}, "")
	want := `data/b.json: its variant "batch_size" and the variant "batch size" of data/a.json make one series key "h100_vllm__batch-size"`
	if !strings.Contains(ps.Errors().Error(), want) {
		t.Errorf("problems %v, want an error %q…", ps, want)
	}
}
