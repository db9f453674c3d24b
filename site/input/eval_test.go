package input

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/site/problem"

	"github.com/frontier-bench/frontier/internal/testenv"
)

// The real eval files, read from the shared folder beside the repository
// (../shared/data/public, whose PROVENANCE.md says where each comes from).

// sharedEvals maps the eval files' names to their places in the shared folder.
var sharedEvals = map[string]string{
	"evaluations.json":                        "inferencex/evaluations.json",
	"supplemental-evals.json":                 "inferencex/supplemental-evals.json",
	"results_2025-01-21T00-40-03.356274.json": "clients/lm-eval/EleutherAI__lm-evaluation-harness__results_2025-01-21T00-40-03.356274.json",
}

// readEvalFile reads a real eval file by name (sharedEvals), skipping the test locally and
// failing it in CI when the shared folder lacks it.
func readEvalFile(t testing.TB, name string) []byte {
	t.Helper()
	rel, ok := sharedEvals[name]
	if !ok {
		t.Fatalf("%s: no such shared eval file in sharedEvals", name)
	}
	return testenv.SharedFile(t, "public/"+rel)
}

func decodeEvalsOK(t *testing.T, rel string, data []byte, opt *RawOptions) []Eval {
	t.Helper()
	ds, ps := decode("data/"+rel, rel, data, opt)
	if len(ps.Errors()) > 0 || ds == nil {
		t.Fatalf("%s: %v", rel, ps)
	}
	if !ds.EvalFile || ds.RawFile != nil || len(ds.Series) > 0 {
		t.Fatalf("%s: not read as an eval file: %+v", rel, ds)
	}
	return ds.Evals
}

func TestEvalFilesAreToldByShape(t *testing.T) {
	for _, c := range []struct {
		file string
		want *format
	}{
		{"evaluations.json", formatEvalRows},
		{"supplemental-evals.json", formatEvalRows},
		{"results_2025-01-21T00-40-03.356274.json", formatHarness},
	} {
		if f, msg := sniffFormat(readEvalFile(t, c.file)); f != c.want {
			t.Errorf("%s: format %v (%s), want %v", c.file, f, msg, c.want)
		}
	}
	// Benchmark rows stay benchmark rows: the API's throughput rows have hardware, conc and
	// metrics too, but no task.
	if f, _ := sniffFormat([]byte(`[{"hardware":"b200","conc":4,"metrics":{}}]`)); f != formatAPI {
		t.Errorf("API rows sniffed as %v", f)
	}
	h := head("evals/x.json", readEvalFile(t, "evaluations.json"), nil)
	if !h.Evals || !h.OK || h.Raw || len(h.Pages) > 0 {
		t.Errorf("head of an eval file: %+v", h)
	}
}

func TestInferenceXEvalRowsAPIShape(t *testing.T) {
	evals := decodeEvalsOK(t, "evals/all.json", readEvalFile(t, "evaluations.json"), nil)
	if len(evals) != 531 {
		t.Fatalf("%d evals, want 531 (every row of the API's evaluations)", len(evals))
	}
	e := evals[0]
	// The first row: MI300X vLLM FP8 of minimaxm3 (a model key with no display name: kept as it is), TP8 EP1, em_strict 0.9575435936315391 ±
	// 0.005553837749990046, n 1319.
	if e.Model != "minimaxm3" || e.GPU != "mi300x" || e.Framework != "vllm" || e.Precision != "fp8" || e.Spec != "none" {
		t.Errorf("configuration: %+v", e)
	}
	if e.Task != "gsm8k" || e.Metric != "em_strict" || e.Score != 0.9575435936315391 || !e.HasSE || e.SE != 0.005553837749990046 || e.N != 1319 {
		t.Errorf("score: %+v", e)
	}
	if e.Date != "2026-06-14" || e.Conc != 64 || e.Place != "[0]" || e.File != "data/evals/all.json" {
		t.Errorf("date, conc, place: %q %d %q %q", e.Date, e.Conc, e.Place, e.File)
	}
	if !e.HasFlexible || e.Flexible != 0.9567854435178166 {
		t.Errorf("em_flexible: %+v", e)
	}
	// It is marked disaggregated with one worker on each side, on one node: one pool, TP8 EP1.
	if !e.Disagg || e.Topology.Split || e.Topology.TP != 8 || e.Topology.EP != 1 || e.Topology.DPAttn {
		t.Errorf("topology of a single-node row called disaggregated: %+v (disagg %v)", e.Topology, e.Disagg)
	}
	// A TRT row with DP attention (MiniMax-M2.5 on B200, TP4 EP4).
	if e := evals[51]; e.Framework != "trt" || e.GPU != "b200" || e.Topology.TP != 4 || e.Topology.EP != 4 || !e.Topology.DPAttn {
		t.Errorf("row 51: %+v", e)
	}
	// The API's model keys take their display names.
	if e := evals[210]; e.Model != "DeepSeek-R1-0528" || e.GPU != "b200" || e.Framework != "dynamo-sglang" {
		t.Errorf("row 210: %+v", e)
	}
}

func TestInferenceXEvalRowsCollectorShape(t *testing.T) {
	evals := decodeEvalsOK(t, "evals/sup.json", readEvalFile(t, "supplemental-evals.json"), nil)
	if len(evals) != 66 {
		t.Fatalf("%d evals, want 66 (every row of the file)", len(evals))
	}
	e := evals[0] // B200 SGLang FP4 TP4 EP4, conc 128, 2026-01-21T00:34:31Z
	if e.Model != "DeepSeek-R1-0528" || e.GPU != "b200" || e.Precision != "fp4" || e.Topology.TP != 4 || e.Topology.EP != 4 ||
		e.Score != 0.954510993176649 || e.N != 1319 || e.Date != "2026-01-21" || e.Conc != 128 {
		t.Errorf("row 0: %+v", e)
	}
	for _, e := range evals {
		if e.Score < 0 || e.Score > 1 || e.GPU == "" || e.Task == "" || e.Model == "" {
			t.Fatalf("row %s: %+v", e.Place, e)
		}
	}
}

func TestHarnessResultsFile(t *testing.T) {
	rel := "evals/results_2025-01-21T00-40-03.356274.json"
	data := readEvalFile(t, "results_2025-01-21T00-40-03.356274.json")
	// Without [[runs]] the file lacks its configuration: each key named, and the entry to add.
	_, ps := decode("data/"+rel, rel, data, nil)
	s := allText(ps)
	for _, want := range []string{"data/" + rel + ": no gpu:", "no framework:", "no precision:", `[[runs]] path = "` + rel + `", gpu = "…"`} {
		if !strings.Contains(s, want) {
			t.Errorf("problems lack %q:\n%s", want, s)
		}
	}
	opt := &RawOptions{Runs: []Run{{Path: "evals/*.json", GPU: "h100", Framework: "vllm", Precision: "bf16", TP: 2}}}
	evals := decodeEvalsOK(t, rel, data, opt)
	if len(evals) != 1 {
		t.Fatalf("%d evals, want 1", len(evals))
	}
	e := evals[0]
	if e.Task != "mmlu_abstract_algebra" || e.Metric != "acc,none" || e.Score != 0.34 || !e.HasSE || e.SE != 0.047609522856952344 || e.N != 100 {
		t.Errorf("score: %+v", e)
	}
	// The date is the file's own ("date": 1737419939.4888458 is 2025-01-21 UTC), the model its
	// model_name, the rest from [[runs]].
	if e.Date != "2025-01-21" || e.GPU != "h100" || e.Framework != "vllm" || e.Precision != "bf16" || e.Topology.TP != 2 || e.Place != "results.mmlu_abstract_algebra" {
		t.Errorf("context: %+v", e)
	}
}

// A gsm8k harness file as InferenceX's eval jobs write it, its configuration in the file, a
// standard error of "N/A", and a task that is a group's alias only.
const gsm8kHarness = `{
  "results": {
    "gsm8k": {"alias": "gsm8k", "exact_match,flexible-extract": 0.962, "exact_match_stderr,flexible-extract": "N/A",
              "exact_match,strict-match": 0.958, "exact_match_stderr,strict-match": "N/A"},
    "group": {"alias": "group"}
  },
  "n-samples": {"gsm8k": {"original": 1319, "effective": 1319}},
  "lm_eval_version": "0.4.9", "model_name": "deepseek-ai/DeepSeek-R1-0528",
  "hw": "mi355x", "framework": "sglang", "precision": "fp4", "tp": 8, "ep": 1, "dp_attention": "false"
}`

func TestHarnessStrictMatchAndNA(t *testing.T) {
	evals := decodeEvalsOK(t, "evals/results_2026-05-02T10-00-00.json", []byte(gsm8kHarness), nil)
	if len(evals) != 1 {
		t.Fatalf("%d evals, want 1 (the group has no score)", len(evals))
	}
	e := evals[0]
	if e.Task != "gsm8k" || e.Metric != "em_strict" || e.Score != 0.958 || e.HasSE || e.N != 1319 {
		t.Errorf("strict match with an N/A stderr: %+v", e)
	}
	if e.Date != "2026-05-02" || e.Model != "DeepSeek-R1-0528" || e.GPU != "mi355x" || e.Topology.TP != 8 {
		t.Errorf("date from the name, context from the file: %+v", e)
	}
}

func TestEvalProblemsNameFileAndPath(t *testing.T) {
	for _, c := range []struct{ name, data, want string }{
		{"score as a percentage", `[{"hardware":"b200","framework":"vllm","model":"dsr1","precision":"fp8","task":"gsm8k","metrics":{"em_strict":95.8}}]`,
			"data/e.json: [0].metrics.em_strict: want a fraction from 0 to 1, got 95.8 (a percentage?)"},
		{"no score", `[{"hardware":"b200","framework":"vllm","model":"dsr1","precision":"fp8","task":"gsm8k","metrics":{}}]`,
			"data/e.json: [0].metrics.em_strict: missing required field"},
		{"no task", `[{"hardware":"b200","framework":"vllm","model":"dsr1","precision":"fp8","task":null,"metrics":{"em_strict":0.9}}]`,
			"data/e.json: [0].task: want a string, got null"},
		{"a colon in the task", `[{"hardware":"b200","framework":"vllm","model":"dsr1","precision":"fp8","task":"a:b","metrics":{"em_strict":0.9}}]`,
			"data/e.json: [0].task: task \"a:b\": must not contain ':'"},
		{"a stderr that is a word", `[{"hardware":"b200","framework":"vllm","model":"dsr1","precision":"fp8","task":"gsm8k","metrics":{"em_strict":0.9,"em_strict_se":"big"}}]`,
			"data/e.json: [0].metrics.em_strict_se: want a number, got \"big\""},
		{"a point id that is no id", `[{"hardware":"b200","framework":"vllm","model":"dsr1","precision":"fp8","task":"gsm8k","metrics":{"em_strict":0.9},"points":[1,-2]}]`,
			"data/e.json: [0].points[1]: must not be negative, got -2"},
		{"harness score over 1", `{"results":{"gsm8k":{"exact_match,strict-match":3}},"versions":{},"hw":"b200","framework":"vllm","precision":"fp8","model_name":"dsr1"}`,
			"data/e.json: results.gsm8k.exact_match,strict-match: want a fraction from 0 to 1, got 3"},
	} {
		ds, ps := decode("data/e.json", "e.json", []byte(c.data), nil)
		if ds != nil || !strings.Contains(allText(ps), c.want) {
			t.Errorf("%s: dataset %v, problems:\n%s\nwant %q", c.name, ds != nil, ps, c.want)
		}
	}
}

func TestEvalHostileStringsKeptAsWritten(t *testing.T) {
	data := `[{"hardware":"b200","framework":"vllm","model":"dsr1","precision":"fp8","task":"</script><b>x</b>\"'&","metrics":{"em_strict":0.9},"run_url":"javascript:alert(1)"}]`
	evals := decodeEvalsOK(t, "e.json", []byte(data), nil)
	if evals[0].Task != `</script><b>x</b>"'&` {
		t.Errorf("task %q", evals[0].Task)
	}
	if evals[0].Link() != "" {
		t.Errorf("a javascript: run link became a link: %q", evals[0].Link())
	}
}

// checkEvalInvariants is what every accepted eval promises, whatever the input.
func checkEvalInvariants(t *testing.T, name string, ds *Dataset, ps problem.Problems) {
	for _, p := range ps {
		if s := p.String(); !strings.HasPrefix(s, name) || p.Msg == "" {
			t.Fatalf("problem %q does not name the file or says nothing", s)
		}
	}
	if ds == nil {
		return
	}
	for _, e := range ds.Evals {
		if e.Task == "" || e.GPU == "" || e.Framework == "" || e.Precision == "" || e.Model == "" || e.File != name {
			t.Fatalf("eval %s lacks its identity: %+v", e.Place, e)
		}
		if math.IsNaN(e.Score) || e.Score < 0 || e.Score > 1 || math.IsNaN(e.SE) || e.SE < 0 || e.N < 0 {
			t.Fatalf("eval %s: %+v", e.Place, e)
		}
		if e.Date != "" && !isDate(e.Date) || strings.Contains(e.Task, ":") {
			t.Fatalf("eval %s: date %q task %q", e.Place, e.Date, e.Task)
		}
	}
}

func FuzzEvalRows(f *testing.F) {
	f.Add(readEvalFile(f, "evaluations.json"))
	f.Add([]byte(`[{"hw":"B200","framework":"trt","model":"dsr1","precision":"fp4","task":"gsm8k","em_strict":0.5,"em_strict_se":null,"n_eff":"x"}]`))
	f.Add([]byte(`[{"hardware":"b200","task":"t","metrics":{"em_strict":"N/A"}}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ds, ps := decode("data/e.json", "e.json", data, nil)
		checkEvalInvariants(t, "data/e.json", ds, ps)
	})
}

func FuzzHarnessResults(f *testing.F) {
	f.Add([]byte(gsm8kHarness))
	f.Add(readEvalFile(f, "results_2025-01-21T00-40-03.356274.json"))
	f.Add([]byte(`{"results":{"x":{"acc,none":"N/A","acc_stderr,none":0.1}},"n-shot":{}}`))
	opt := &RawOptions{Runs: []Run{{Path: "*.json", GPU: "b200", Framework: "vllm", Precision: "fp8", Model: "dsr1"}}}
	f.Fuzz(func(t *testing.T, data []byte) {
		ds, ps := decode("data/results_x.json", "results_x.json", data, opt)
		checkEvalInvariants(t, "data/results_x.json", ds, ps)
	})
}

// allText is every problem, warnings included, one a line.
func allText(ps problem.Problems) string {
	var b strings.Builder
	for _, p := range ps {
		b.WriteString(p.String() + "\n")
	}
	return b.String()
}

// TestEvalRowMultiNodeSides: a multi-node row keeps both sides and their workers; the same
// fields on one node with one worker a side are one pool (see evalTopology).
func TestEvalRowMultiNodeSides(t *testing.T) {
	row := func(multinode bool, dWorkers int) string {
		return `[{"hardware":"gb200","framework":"dynamo-sglang","model":"dsr1","precision":"fp4","spec_method":"none","disagg":true,` +
			`"is_multinode":` + map[bool]string{true: "true", false: "false"}[multinode] + `,` +
			`"prefill_tp":4,"prefill_ep":4,"prefill_dp_attention":true,"prefill_num_workers":1,` +
			`"decode_tp":8,"decode_ep":8,"decode_dp_attention":false,"decode_num_workers":` + strconv.Itoa(dWorkers) + `,` +
			`"task":"gsm8k","date":"2026-05-02","conc":null,"metrics":{"em_strict":0.0,"em_strict_se":0.0}}]`
	}
	e := decodeEvalsOK(t, "e.json", []byte(row(true, 2)), nil)[0]
	want := Topology{Split: true, PrefillWorkers: 1, PrefillTP: 4, PrefillEP: 4, PrefillDPAttn: true,
		DecodeWorkers: 2, DecodeTP: 8, DecodeEP: 8, TP: 8, EP: 8}
	if e.Topology != want || e.Conc != 0 || e.Score != 0 || !e.HasSE {
		t.Errorf("multi-node row: %+v", e)
	}
	e = decodeEvalsOK(t, "e.json", []byte(row(false, 1)), nil)[0]
	if e.Topology != (Topology{TP: 8, EP: 8}) {
		t.Errorf("one node, one worker a side: %+v, want one pool of the decode side's", e.Topology)
	}
}

// TestEvalRowOfFrontiersAPI: a row as Frontier's own API writes it (api/v1/evaluations/) names
// its score's metric and the ids of the points it belongs to, which the join then takes as
// they are; a row without points joins by configuration.
func TestEvalRowOfFrontiersAPI(t *testing.T) {
	evals := decodeEvalsOK(t, "e.json", []byte(`[
  {"hardware":"b200","framework":"vllm","model":"DeepSeek-R1-0528","precision":"fp8","spec_method":"none","disagg":false,"is_multinode":false,
   "tp":8,"task":"mmlu","metric":"acc,none","metrics":{"score":0.7,"score_se":0.01},"points":[30,10,20,10]},
  {"hardware":"b200","framework":"vllm","model":"DeepSeek-R1-0528","precision":"fp8","spec_method":"none","disagg":false,"is_multinode":false,
   "task":"gsm8k","metric":"em_strict","metrics":{"em_strict":0.9},"points":[]},
  {"hardware":"b200","framework":"vllm","model":"dsr1","precision":"fp8","task":"gsm8k","metrics":{"em_strict":0.9}}
]`), nil)
	if len(evals) != 3 {
		t.Fatalf("%d evals", len(evals))
	}
	if e := evals[0]; e.Metric != "acc,none" || e.Score != 0.7 || !e.ByPoints || !slices.Equal(e.Points, []int64{10, 20, 30}) {
		t.Errorf("a harness eval from the API: metric %q, score %v, by points %v %v", e.Metric, e.Score, e.ByPoints, e.Points)
	}
	if e := evals[1]; e.Metric != "em_strict" || !e.ByPoints || len(e.Points) != 0 {
		t.Errorf("an eval of no point: metric %q, by points %v %v", e.Metric, e.ByPoints, e.Points)
	}
	if e := evals[2]; e.Model != "DeepSeek-R1-0528" || e.ByPoints {
		t.Errorf("an InferenceX row: model %q, by points %v", e.Model, e.ByPoints)
	}
}
