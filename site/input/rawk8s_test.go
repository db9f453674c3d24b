package input

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testenv"
)

// k8sFile reads a real file of inference-perf, genai-bench or llm-d's benchmark report.
func k8sFile(t testing.TB, rel string) []byte {
	t.Helper()
	return testenv.SharedFile(t, "public/clients/"+rel)
}

const (
	k8sStage   = "inference-perf/kubecon-na-2025/vllm/stage_0_lifecycle_metrics.json"
	k8sSummary = "inference-perf/kubecon-na-2025/vllm/summary_lifecycle_metrics.json"
	k8sConfig  = "inference-perf/kubecon-na-2025/config.yaml"
	k8sGenAI   = "genai-bench/regression_feature_no_flag/D100_100_text-to-text_zai-org_GLM-4.6_num_concurrency_1_time_120s.json"
	k8sGenMeta = "genai-bench/regression_feature_no_flag/experiment_metadata.json"
	k8sLLMD02  = "llm-d-benchmark-report/br_v0_2_example.yaml"
	k8sLLMD01  = "llm-d-benchmark-report/br_v0_1_example.yaml"
)

// k8sFolder is a data folder of the real files at their own paths, with the YAML ones at
// theirs too, and a [[runs]] entry for the context none of them gives.
func k8sFolder(t *testing.T, rels ...string) (fstest.MapFS, *RawOptions) {
	fsys := fstest.MapFS{}
	for _, rel := range rels {
		fsys[rel] = &fstest.MapFile{Data: k8sFile(t, rel)}
	}
	return fsys, &RawOptions{Runs: []Run{{Path: "*/*/*/*", GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "m"},
		{Path: "*/*/*", GPU: "h100", GPUs: 1, Framework: "sglang", Precision: "fp8"},
		{Path: "*/*", Precision: "bf16"}}}
}

// TestK8sFolderBuilds (issue 54): a folder as a platform engineer's sweep leaves it builds with
// no error: each inference-perf stage a point whose model comes from the config.yaml one
// folder up, the sweep's summary skipped with a warning that says it pools the stages, the
// config.yaml and genai-bench's experiment_metadata.json skipped with a warning naming what
// they are, the genai-bench run with the model of the metadata beside it, and the llm-d
// reports (YAML) with their own GPU and GPU count.
func TestK8sFolderBuilds(t *testing.T) {
	fsys, opt := k8sFolder(t, k8sStage, k8sSummary, k8sConfig, k8sGenAI, k8sGenMeta, k8sLLMD01, k8sLLMD02)
	fsys["notes/deploy.yaml"] = &fstest.MapFile{Data: []byte("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: x}\n")}
	fsys["notes/broken.yml"] = &fstest.MapFile{Data: []byte("a: [1, 2\n")}
	fsys[ChangelogFile] = &fstest.MapFile{Data: []byte("- date: 2026-01-01\n  text: the site's changelog, not results\n")}
	dss, ps := Load(fsys, "data/", opt)
	for _, p := range ps {
		if p.File == "data/"+ChangelogFile {
			t.Errorf("the changelog is read as data: %v", p)
		}
	}
	if errs := ps.Errors(); len(errs) > 0 {
		t.Fatalf("errors: %v", errs)
	}
	warned := func(file, part string) {
		t.Helper()
		for _, p := range ps {
			if p.File == "data/"+file && strings.Contains(p.Msg, part) {
				return
			}
		}
		t.Errorf("%s: no warning containing %q; problems %v", file, part, ps)
	}
	warned(k8sSummary, "pools every stage of its sweep")
	warned(k8sConfig, "inference-perf's config.yaml: skipped")
	warned(k8sGenMeta, "experiment_metadata.json: skipped")
	warned("notes/deploy.yaml", "a YAML file of no format Frontier reads as YAML")
	warned("notes/broken.yml", "not YAML")
	rows := map[string]rawRow{}
	for _, ds := range dss {
		for _, r := range ds.RawFile.rows {
			rows[ds.Path] = r
		}
	}
	if len(rows) != 4 {
		t.Fatalf("%d files with points, want 4 (the stage, the genai-bench run, two reports): %v", len(rows), rows)
	}
	if got, want := rows[k8sStage].model, opt.modelName("meta-llama/Meta-Llama-3-8B-Instruct"); got != want {
		t.Errorf("stage: model %q, want %q (config.yaml's server.model_name)", got, want)
	}
	if got, want := rows[k8sStage].sequence, sequenceOf(128+64, 64); got != want {
		t.Errorf("stage: sequence %s, want %s (config.yaml's shared prefix: system prompt + question, output_len)", got, want)
	}
	if got, want := rows[k8sGenAI].model, opt.modelName("zai-org/GLM-4.6"); got != want {
		t.Errorf("genai-bench: model %q, want %q (experiment_metadata.json's api_model_name)", got, want)
	}
	if r := rows[k8sGenAI]; r.raw.Run == nil || r.raw.Run.Requests == nil || r.raw.Run.Requests.N != 10 {
		t.Errorf("genai-bench: want the 10 requests' histograms of individual_request_metrics, got %+v", r.raw.Run)
	}
	for file, want := range map[string]int64{k8sLLMD01: 17, k8sLLMD02: 16} {
		r := rows[file]
		if r.gpu != "h100" || r.raw.Topology.GPUs != want {
			t.Errorf("%s: gpu %q × %d, want h100 × %d (the report's accelerators)", file, r.gpu, r.raw.Topology.GPUs, want)
		}
	}
}

// TestK8sNoSecrets: nothing of what these files echo of the command line, the server, the
// environment or the storage (URLs, addresses, tokens, paths) reaches a row, its settings or
// its version.
func TestK8sNoSecrets(t *testing.T) {
	fsys, opt := k8sFolder(t, k8sStage, k8sConfig, k8sGenAI, k8sGenMeta, k8sLLMD01, k8sLLMD02)
	dss, ps := Load(fsys, "data/", opt)
	if len(ps.Errors()) > 0 {
		t.Fatal(ps)
	}
	var all strings.Builder
	for _, ds := range dss {
		for _, r := range ds.RawFile.rows {
			fmt.Fprintf(&all, "%+v\n", r)
			if r.raw.Run != nil {
				fmt.Fprintf(&all, "%+v\n", *r.raw.Run)
			}
		}
	}
	got := all.String()
	if !strings.Contains(got, "config.api.streaming") || !strings.Contains(got, "scenario.stack[0].role") {
		t.Fatalf("the settings of the files are not kept; rows:\n%s", got)
	}
	for _, secret := range []string{"://", "svc.cluster.local", "10.39.39.3", "10.12.33.212", "baseten.co", "/Users/", "your-hf-token",
		"your-gcs-bucket", "/requests/", "mlx5", "NixlConnector", "namasluk"} {
		if strings.Contains(got, secret) {
			t.Errorf("a row keeps %q:\n%s", secret, got)
		}
	}
}

// TestK8sYAMLJSON: a YAML document converts to JSON with its keys sorted, .inf as a string (no
// figure), and timestamps as text.
func TestK8sYAMLJSON(t *testing.T) {
	js, msg := yamlJSON([]byte("b: .inf\na: 2025-11-05T18:00:42Z\nc: {1: x}\n"))
	if msg != "" {
		t.Fatal(msg)
	}
	if got, want := string(js), `{"a":"2025-11-05T18:00:42Z","b":"+inf","c":{"1":"x"}}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// fuzzK8s fuzzes a reader of this file's formats from real files and files we write, with
// fuzzClient's invariants; the YAML ones through their conversion too.
func fuzzK8s(f *testing.F, want *format, seeds [][]byte) {
	fuzzClient(f, want, seeds)
}

func FuzzRawInfPerf(f *testing.F) {
	y, _ := yamlJSON(k8sFile(f, "inference-perf/llm-d__llm-d-benchmark__inference_perf_lifecycle.yaml"))
	fuzzK8s(f, formatInfPerf, [][]byte{
		k8sFile(f, k8sStage), k8sFile(f, k8sSummary), y,
		[]byte(`{"load_summary": {"requested_rate": "inf"}, "successes": {"count": 1e300, "latency": {"time_to_first_token": null,
			"request_latency": {"median": 1e308}}, "throughput": {"output_tokens_per_sec": -1}}, "failures": {"count": 2.5}}`),
	})
}

func FuzzRawGenAI(f *testing.F) {
	fuzzK8s(f, formatGenAI, [][]byte{
		k8sFile(f, k8sGenAI),
		[]byte(`{"aggregated_metrics": {"iteration_type": "request_rate", "scenario": "N(480,240)/(300,150)", "stats": {"ttft": {"p50": 0}}},
			"individual_request_metrics": [{"ttft": -1, "tpot": 1e308}, {"error_code": 500}], "_time_unit": "sk-secret"}`),
	})
}

func FuzzRawLLMD(f *testing.F) {
	y1, _ := yamlJSON(k8sFile(f, k8sLLMD01))
	y2, _ := yamlJSON(k8sFile(f, k8sLLMD02))
	fuzzK8s(f, formatLLMD, [][]byte{y1, y2,
		[]byte(`{"version": 0.2, "scenario": {"stack": [{"standardized": {"kind": "inference_engine", "replicas": 1e300,
			"accelerator": {"model": "http://sk-secret", "count": 1e9}}}], "load": {"standardized": {"concurrency": "inf"}}},
			"results": {"request_performance": {"aggregate": {"latency": {"time_to_first_token": {"units": "parsecs", "p50": 1}}}}}}`),
	})
}

// FuzzYAMLData: any bytes as a YAML data file give JSON or a warning, never a panic, and JSON
// that is valid.
func FuzzYAMLData(f *testing.F) {
	f.Add(k8sFile(f, k8sLLMD02))
	f.Add(k8sFile(f, k8sConfig))
	f.Add([]byte("a: &x [*x]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		js, _, msg := yamlOf(data)
		if msg == "" && !json.Valid(js) {
			t.Fatalf("invalid JSON %q", js)
		}
		decode("data/f.yaml", "f.yaml", data, &RawOptions{})
	})
}

// TestK8sLLMDStack: a disaggregated llm-d stack (0.1's one prefill pod at tp 1 and two decode
// pods at tp 8) is one point of a split topology, its pools as the report states them; a
// stack of one role is one pool at its tp.
func TestK8sLLMDStack(t *testing.T) {
	fsys, opt := k8sFolder(t, k8sLLMD01, k8sLLMD02)
	dss, ps := Load(fsys, "data/", opt)
	if len(ps.Errors()) > 0 || len(dss) != 2 {
		t.Fatalf("%d files, problems %v", len(dss), ps)
	}
	want := map[string]Topology{
		k8sLLMD01: {GPUs: 17, TP: 8, Split: true, PrefillWorkers: 1, PrefillTP: 1, PrefillGPUs: 1, DecodeWorkers: 2, DecodeTP: 8, DecodeGPUs: 16},
		k8sLLMD02: {GPUs: 16, TP: 8},
	}
	for _, ds := range dss {
		r := ds.RawFile.rows[0]
		if got := r.raw.Topology; got != want[ds.Path] {
			t.Errorf("%s: topology %+v, want %+v", ds.Path, got, want[ds.Path])
		}
		if r.disagg != want[ds.Path].Split {
			t.Errorf("%s: disagg %v", ds.Path, r.disagg)
		}
	}
}

// TestGenAILengths: the requested lengths of genai-bench's traffic scenarios.
func TestGenAILengths(t *testing.T) {
	for s, want := range map[string][2]int64{"D(100,100)": {100, 100}, "D(2048,128)": {2048, 128},
		"N(480,240)/(300,150)": {480, 300}, "E(64)": {}, "D(1,)": {}, "N(480,240)": {}, "D(-1,5)": {}} {
		if in, out := genaiLengths(s); in != want[0] || out != want[1] {
			t.Errorf("%s: %d, %d; want %v", s, in, out, want)
		}
	}
}

// TestK8sInfPerfNoStream: an inference-perf stage that did not stream (TTFT, TPOT and ITL
// null) is a point on the E2E axis: its request latency and throughput, no interactivity,
// and a warning that says why.
func TestK8sInfPerfNoStream(t *testing.T) {
	stage := `{"load_summary": {"requested_rate": 2.0, "achieved_rate": 1.9},
		"successes": {"count": 10, "latency": {"request_latency": {"mean": 1.5, "median": 1.4, "p90": 2.0},
			"time_to_first_token": null, "time_per_output_token": null, "inter_token_latency": null},
			"throughput": {"input_tokens_per_sec": 100, "output_tokens_per_sec": 50, "total_tokens_per_sec": 150},
			"prompt_len": {"mean": 128}, "output_len": {"mean": 64}},
		"failures": {"count": 1}}`
	opt := &RawOptions{Runs: []Run{{Path: "*", GPU: "h100", GPUs: 2, Framework: "vllm", Precision: "bf16", Model: "m"}}}
	rows, ps := decodeClient(t, "stage_0_lifecycle_metrics.json", []byte(stage), formatInfPerf, opt)
	if len(ps.Errors()) > 0 || len(rows) != 1 {
		t.Fatalf("%d rows, problems %v", len(rows), ps)
	}
	r := rows[0]
	if e2e, ok := r.raw.Metrics.Get(latencyMetric(3, 1)); !ok || e2e != 1.4 {
		t.Errorf("median E2E %v %v, want 1.4", e2e, ok)
	}
	if tp, _ := r.raw.Metrics.Get(MTputPerGPU); tp != 75 {
		t.Errorf("throughput per GPU %v, want 150 / 2", tp)
	}
	if _, ok := r.raw.Metrics.Get(MMedianIntvty); ok {
		t.Error("a median interactivity, want none")
	}
	if r.rate != 2 || r.conc != 0 {
		t.Errorf("load: rate %v, concurrency %d; want the requested rate 2", r.rate, r.conc)
	}
	if got := r.raw.Requests; got.Completed != 10 || got.Attempted != 11 {
		t.Errorf("requests %+v, want 10 of 11", got)
	}
	var said bool
	for _, p := range ps {
		said = said || p.Warning && strings.Contains(p.Msg, "did not stream")
	}
	if !said {
		t.Errorf("no warning that the stage did not stream: %v", ps)
	}
}

// TestK8sCheckNames: `frontier check -v` names each file's client and its release or layout.
func TestK8sCheckNames(t *testing.T) {
	fsys, opt := k8sFolder(t, k8sStage, k8sSummary, k8sConfig, k8sGenAI, k8sGenMeta, k8sLLMD01, k8sLLMD02,
		"llm-d-benchmark-report/br_v0_2_1_example.yaml", "inference-perf/llm-d__llm-d-benchmark__inference_perf_lifecycle.yaml")
	reports, err := Describe(fsys, "data/", opt)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		k8sStage:   "inference-perf lifecycle report / stage report",
		k8sSummary: "inference-perf lifecycle report / sweep summary",
		"inference-perf/llm-d__llm-d-benchmark__inference_perf_lifecycle.yaml": "inference-perf lifecycle report (YAML) / stage report",
		k8sGenAI:  "genai-bench run / 0.0.2, by num_concurrency",
		k8sLLMD01: "llm-d benchmark report (YAML) / 0.1",
		k8sLLMD02: "llm-d benchmark report (YAML) / 0.2",
		"llm-d-benchmark-report/br_v0_2_1_example.yaml": "llm-d benchmark report (YAML) / 0.2.1",
	}
	for _, r := range reports {
		w, ok := want[strings.TrimPrefix(r.File, "data/")]
		if !ok {
			continue
		}
		if got := r.Format + " / " + r.Release; got != w {
			t.Errorf("%s: read as %q, want %q", r.File, got, w)
		}
		delete(want, strings.TrimPrefix(r.File, "data/"))
	}
	if len(want) > 0 {
		t.Errorf("no report of %v", want)
	}
}

// TestK8sInfPerfConcurrency: a stage of a later inference-perf run at a fixed concurrency is a
// point at that concurrency, its measured input length from prompt_tokens.
func TestK8sInfPerfConcurrency(t *testing.T) {
	stage := `{"load_summary": {"requested_rate": 4.0, "achieved_rate": 3.9, "concurrency": 8},
		"successes": {"count": 10, "latency": {"time_per_output_token": {"median": 0.02}, "time_to_first_token": {"median": 0.1},
			"request_latency": {"median": 1.0}}, "throughput": {"output_tokens_per_sec": 50, "total_tokens_per_sec": 150},
			"prompt_tokens": {"total": 1000, "mean": 100}, "output_len": {"mean": 50}},
		"failures": {"count": 0}}`
	opt := &RawOptions{Runs: []Run{{Path: "*", GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "m"}}}
	rows, ps := decodeClient(t, "stage_0_lifecycle_metrics.json", []byte(stage), formatInfPerf, opt)
	if len(ps.Errors()) > 0 || len(rows) != 1 {
		t.Fatalf("%d rows, problems %v", len(rows), ps)
	}
	if r := rows[0]; r.conc != 8 || r.sequence != sequenceOf(100, 50) {
		t.Errorf("concurrency %d, sequence %s; want 8 and %s", r.conc, r.sequence, sequenceOf(100, 50))
	}
	if x, _ := rows[0].raw.Metrics.Get(MMedianIntvty); x != 50 {
		t.Errorf("median interactivity %v, want 1 / 0.02", x)
	}
}
