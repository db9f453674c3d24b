package input

import (
	"slices"
	"strings"
	"testing"
)

func TestReadRunGivesTheBuildsPointsAndProblems(t *testing.T) {
	opt := &RawOptions{Runs: []Run{{Path: "*.json", GPU: "h100", GPUs: 2, Framework: "vllm", Precision: "bf16", ISL: 1024}}}
	data := readClient(t, "aiperf/profile_export_aiperf.json")
	pages, ps := ReadRun("profile_export_aiperf.json", data, opt)
	if len(ps) > 0 || len(pages) != 1 {
		t.Fatalf("%d pages, problems %v", len(pages), ps)
	}
	p := pages[0]
	if p.Page != (PageKey{"gpt-oss-20b", "1k/250"}) || len(p.Datasets) != 1 || len(p.Datasets[0].Series) != 1 {
		t.Fatalf("page %+v", p)
	}
	pts := p.Datasets[0].Series[0].Points
	if len(pts) != 1 || !near(pts[0].X, 1000/27.615130366666666) || pts[0].Concurrency != 100 {
		t.Errorf("points %+v", pts)
	}

	// A file lacking context: the problems the build gives, [[runs]] line included.
	_, ps = ReadRun("profile_export_aiperf.json", data, nil)
	_, build := decode("profile_export_aiperf.json", "profile_export_aiperf.json", data, &RawOptions{})
	if ps.Error() != build.Error() || !strings.Contains(ps.Error(), `[[runs]] path = "profile_export_aiperf.json", gpu =`) {
		t.Errorf("ReadRun's problems:\n%s\nthe build's:\n%s", ps.Error(), build.Error())
	}

	// JSON lines, as the build reads them.
	lines := sglangLine(16, 100, "10.0", "") + "\n" + sglangLine(32, 100, "12.5", "") + "\n"
	pages, ps = ReadRun("sweep.jsonl", []byte(lines), &RawOptions{Runs: []Run{{Path: "*.jsonl", GPU: "h200", GPUs: 8,
		Framework: "sglang", Precision: "fp8", Model: "m"}}})
	if len(ps) > 0 || len(pages) != 1 || len(pages[0].Datasets[0].Series[0].Points) != 2 {
		t.Errorf("sweep: %d pages, problems %v", len(pages), ps)
	}

	// A broken line: its problem, and the sweep's other line still shown.
	pages, ps = ReadRun("sweep.jsonl", []byte(sglangLine(16, 100, "10.0", "")+"\n"+sglangLine(32, 100, `"x"`, "")+"\n"),
		&RawOptions{Runs: []Run{{Path: "*.jsonl", GPU: "h200", GPUs: 8, Framework: "sglang", Precision: "fp8", Model: "m"}}})
	if ps.Error() != `sweep.jsonl:2: median_tpot_ms: want a number, got "x"` || len(pages) != 1 || len(pages[0].Datasets[0].Series[0].Points) != 1 {
		t.Errorf("broken sweep: %d pages, problems %v", len(pages), ps)
	}
}

func TestRunNeedsTakesTheContextAFileLacks(t *testing.T) {
	data := readClient(t, "aiperf/profile_export_aiperf.json")
	_, ps := ReadRun("profile_export_aiperf.json", data, &RawOptions{Runs: []Run{{Path: "*", GPU: "h100", Framework: "vllm"}}})
	needs, rest := RunNeeds(ps)
	if strings.Join(needs, " ") != "gpus precision" || len(rest) != 0 {
		t.Errorf("needs %v, rest %v (of %v)", needs, rest, ps)
	}
	// Any other problem stays.
	_, ps = ReadRun("x.json", []byte(`[{"hardware": 1}]`), nil)
	if needs, rest := RunNeeds(ps); len(needs) != 0 || len(rest) != len(ps) || len(ps) == 0 {
		t.Errorf("needs %v, rest %v (of %v)", needs, rest, ps)
	}
}

func TestGuessRunReadsTheFileName(t *testing.T) {
	for name, want := range map[string]Run{
		"MI300X_sglang-FP8-tp8-conc4.json":   {GPU: "mi300x", Framework: "sglang", Precision: "fp8", GPUs: 8},
		"b200-trtllm-nvfp4-8gpus.json":       {GPU: "b200", Framework: "trt", Precision: "fp4", GPUs: 8},
		"h100-nv_2-gpu4.jsonl":               {GPU: "h100", GPUs: 4},
		"results.json":                       {},
		"tpu7-vllm-bf16.json":                {GPU: "tpu7", Framework: "vllm", Precision: "bf16"},
		"profile_export_aiperf-conc100.json": {},
	} {
		if got := GuessRun(name, &RawOptions{GPUs: map[string]GPUName{"tpu7": {}}}); got != want {
			t.Errorf("GuessRun(%q) = %+v, want %+v", name, got, want)
		}
	}
	if len(KnownGPUs()) < 10 || !slices.IsSorted(KnownGPUs()) {
		t.Errorf("KnownGPUs() = %v", KnownGPUs())
	}
}
