package input

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

// sweepRunFile is a run=N.json as `vllm bench sweep serve` writes it, written for these tests
// in its keys (vllm/benchmarks/sweep/serve.py): a `vllm bench serve --save-result` result, then
// run_number and the combination's serve and bench parameters, flat. Its numbers are made up.
func sweepRunFile(n, tp int, out, tpotMs float64) string {
	return fmt.Sprintf(`{"date": "20260301-10150%d", "endpoint_type": "openai", "backend": "vllm", "label": null,
  "model_id": "Qwen/Qwen3-8B", "tokenizer_id": "Qwen/Qwen3-8B", "num_prompts": 80, "request_rate": "inf", "burstiness": 1.0,
  "max_concurrency": 8, "duration": 40.0, "completed": 80, "failed": 0, "total_input_tokens": 81920, "total_output_tokens": 81920,
  "request_throughput": 2.0, "output_throughput": %g, "total_token_throughput": %g,
  "mean_ttft_ms": 60.5, "median_ttft_ms": 55.0, "p99_ttft_ms": 120.0, "mean_tpot_ms": %g, "median_tpot_ms": %g, "p99_tpot_ms": 15.0,
  "mean_itl_ms": 9.5, "median_itl_ms": 9.0, "p99_itl_ms": 20.0, "mean_e2el_ms": 10500.0, "median_e2el_ms": 10400.0, "p99_e2el_ms": 12000.0,
  "run_number": %d, "tensor_parallel_size": %d, "max_num_seqs": 64}`, n, out, 2*out, tpotMs, tpotMs, n, tp)
}

// A sweep's tree builds as one folder (issue 54, item 4): every run=N.json is a point of the
// combination's parallelism (the serve parameters: TP, and so the GPUs), the runs of one
// combination are one point with its spread, and the summaries, the warmup and the failure
// records are skipped, each with a warning that says why.
func TestVLLMSweepTree(t *testing.T) {
	const tp1 = "exp/SERVE--tensor_parallel_size=1-max_num_seqs=64-BENCH--max_concurrency=8/"
	const tp2 = "exp/SERVE--tensor_parallel_size=2-max_num_seqs=64-BENCH--max_concurrency=8/"
	fsys := fstest.MapFS{
		tp1 + "run=0.json":   {Data: []byte(sweepRunFile(0, 1, 2000, 10))},
		tp1 + "run=1.json":   {Data: []byte(sweepRunFile(1, 1, 2100, 9.5))},
		tp1 + "warmup.json":  {Data: []byte(strings.Replace(sweepRunFile(0, 1, 1500, 12), `"run_number": 0`, `"run_number": -1`, 1))},
		tp1 + "summary.json": {Data: []byte("[" + sweepRunFile(0, 1, 2000, 10) + ", " + sweepRunFile(1, 1, 2100, 9.5) + "]")},
		tp2 + "run=0.json":   {Data: []byte(sweepRunFile(0, 2, 3600, 7))},
		tp2 + "run=1.failure.json": {Data: []byte(`{"run_number": 1, "error_type": "RuntimeError", "error": "server died",
  "serve_overrides": {"tensor_parallel_size": 2}, "bench_overrides": {"max_concurrency": 8}}`)},
		"exp/summary.csv": {Data: []byte(",date,backend,output_throughput,run_number\n0,20260301-101500,vllm,2000,0\n")},
	}
	opt := &RawOptions{Runs: []Run{{Path: "exp/*/*", GPU: "h100", Framework: "vllm", Precision: "bf16", ISL: 1024, OSL: 1024}}}
	files, ps := Walk(fsys, "data/")
	var rows []rawRow
	var skipped []string
	for _, f := range files {
		if f.Skip {
			for _, p := range f.Problems {
				skipped = append(skipped, p.String())
			}
			continue
		}
		data := fsys[f.Path].Data
		form, msg := sniffFormat(data)
		if form == formatPerRequest {
			skipped = append(skipped, f.Path+": "+msg)
			continue
		}
		rs, fps := decodeRaw(form, "data/"+f.Path, f.Path, data, opt)
		for _, p := range fps {
			if !p.Warning {
				t.Errorf("%s: %v", f.Path, p)
			}
			skipped = append(skipped, p.String())
		}
		rows = append(rows, rs...)
	}
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	all := strings.Join(skipped, "\n")
	for _, want := range []string{
		"data/exp/summary.csv: warning: a `vllm bench sweep` summary.csv",
		tp1 + "summary.json: a `vllm bench sweep` summary.json",
		tp1 + "warmup.json: run_number: warning: a `vllm bench sweep` warmup run",
		tp2 + "run=1.failure.json: a `vllm bench sweep` failure record",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("no %q among the skips:\n%s", want, all)
		}
	}
	merged, mps := mergeRows(rows)
	if len(mps) > 0 {
		t.Errorf("merge: %v", mps)
	}
	if len(merged) != 2 {
		t.Fatalf("%d points, want 2 (TP 1 of 2 runs, TP 2 of 1)", len(merged))
	}
	for _, r := range merged {
		tp, gpus := r.raw.Topology.TP, r.raw.Topology.GPUs
		switch {
		case tp == 1 && gpus == 1:
			if r.raw.Spread.N() != 2 {
				t.Errorf("TP 1: %d runs, want 2", r.raw.Spread.N())
			}
			if v, _ := r.raw.Metrics.Get(MOutputTputPerGPU); v != 2050 {
				t.Errorf("TP 1: output per GPU %v, want the runs' median 2050", v)
			}
		case tp == 2 && gpus == 2:
			if v, _ := r.raw.Metrics.Get(MOutputTputPerGPU); r.raw.Spread.N() != 1 || v != 1800 {
				t.Errorf("TP 2: %d runs, output per GPU %v; want 1 run, 3600 / 2 GPUs", r.raw.Spread.N(), v)
			}
		default:
			t.Errorf("a point of TP %d on %d GPUs", tp, gpus)
		}
		if r.conc != 8 || r.model != "Qwen3-8B" {
			t.Errorf("concurrency %d, model %q", r.conc, r.model)
		}
	}
	// `frontier check -v` names the client, the sweep, the run and its combination.
	rs, err := Describe(fsys, "data/", opt)
	if err != nil {
		t.Fatal(err)
	}
	var found bool
	for _, r := range rs {
		if strings.HasSuffix(r.File, tp2+"run=0.json") {
			found = true
			if r.Format != "vllm bench serve result" || r.Release != "vllm bench sweep, run 0 of "+strings.TrimSuffix(strings.TrimPrefix(tp2, "exp/"), "/") || r.Points != 1 {
				t.Errorf("%s: read as %q, release %q, %d points", r.File, r.Format, r.Release, r.Points)
			}
		}
	}
	if !found {
		t.Errorf("no report of %srun=0.json among %d", tp2, len(rs))
	}
}
