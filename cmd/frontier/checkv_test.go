package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// loadGenServer is a LoadGen summary of a Server run, written for this test in LoadGen's layout.
const loadGenServer = `================================================
MLPerf Results Summary
================================================
SUT name : PySUT
Scenario : Server
Mode     : PerformanceOnly
Completed tokens per second: 4000.00
Result is : VALID
================================================
Additional Stats
================================================
50.00 percentile first token latency (ns)   : 300000000
50.00 percentile time to output token (ns)   : 25000000
================================================
Test Parameters Used
================================================
target_qps : 10
`

// TestCheckVerboseListsWhatEachFileGave: `frontier check -v` on a site of a bench-serve file and
// two LoadGen summaries, with [[runs]] entries for their context, lists per file what it was read
// as, its points, which context came from the file and which from [[runs]], and what it lacked.
func TestCheckVerboseListsWhatEachFileGave(t *testing.T) {
	root := t.TempDir()
	data := filepath.Join(root, "data")
	write := func(name, text string) {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("data/runs/b200.json", `{"max_concurrency": 4, "total_token_throughput": 100, "output_throughput": 40, "median_tpot_ms": 10,
		"model_id": "dsr1", "date": "20260101-120000"}`)
	write("data/mlperf/Server/mlperf_log_summary.txt", loadGenServer)
	write("data/mlperf/Offline/mlperf_log_summary.txt", strings.Replace(loadGenServer, "Scenario : Server", "Scenario : Offline", 1))
	write("data/mlperf/notes.txt", "MLPerf runs of the week\n")
	write("frontier.toml", `
[[runs]]
path = "runs/*.json"
gpu = "b200"
gpus = 8
framework = "vllm"
precision = "fp8"
isl = 1024
osl = 1024

[[runs]]
path = "mlperf/*/mlperf_log_summary.txt"
model = "dsr1"
gpu = "h200"
gpus = 8
framework = "trt"
precision = "fp8"
isl = 1024
osl = 1024
date = "2026-01-02"
`)
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"check", "-v", "--data", data, "--config", filepath.Join(root, "frontier.toml")}, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("check -v exited %d:\n%s", code, stderr.String())
	}
	got := stdout.String()
	for _, want := range []string{
		filepath.Join(data, "mlperf/Offline/mlperf_log_summary.txt") + `
  read as: MLPerf LoadGen summary, Offline scenario
  points: 0
  lacked: TTFT, TPOT and request latencies (an Offline run): no point
  problems: 0 errors, 1 warning (below)
`,
		filepath.Join(data, "mlperf/Server/mlperf_log_summary.txt") + `
  read as: MLPerf LoadGen summary, Server scenario
  points: 1
  context from the file: nothing
  context from [[runs]]: model, gpu, gpus, framework, precision, isl, osl, date
  lacked: total and input throughput (LoadGen counts no input tokens)
`,
		filepath.Join(data, "runs/b200.json") + `
  read as: vllm bench serve result
  points: 1
  context from the file: model, date
  context from [[runs]]: gpu, gpus, framework, precision, isl, osl
  lacked: nothing
`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("stdout lacks\n%s\nin\n%s", want, got)
		}
	}
	if strings.Contains(got, "notes.txt") {
		t.Errorf("a text file of notes is listed:\n%s", got)
	}
	if !strings.Contains(stderr.String(), "mlperf_log_summary.txt:5: warning: an Offline run") {
		t.Errorf("stderr lacks the Offline warning:\n%s", stderr.String())
	}
	// Without -v, only the summary line.
	stdout.Reset()
	stderr.Reset()
	run(context.Background(), []string{"check", "--data", data, "--config", filepath.Join(root, "frontier.toml")}, &stdout, &stderr)
	if strings.Contains(stdout.String(), "read as:") {
		t.Errorf("check without -v lists files:\n%s", stdout.String())
	}
}
