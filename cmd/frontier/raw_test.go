package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/internal/testsite"
)

// TestRawResultProblemsFromTheCommandLine: check and build report every problem of the raw
// files at once, each naming its file and place, exit 1, and build writes nothing.
func TestRawResultProblemsFromTheCommandLine(t *testing.T) {
	root := t.TempDir()
	data := testsite.CopyReal(t, root)
	write := func(name, text string) {
		p := filepath.Join(data, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("runs/x.json", `{"max_concurrency": 4, "total_token_throughput": 100, "output_throughput": 40, "median_tpot_ms": 0,
		"model_id": "dsr1", "gpu": "b200", "gpus": "8", "framework": "vllm", "precision": "fp8", "isl": "1024", "osl": "1024"}`)
	write("runs/y.json", `{"max_concurrency": 4, "total_token_throughput": 100, "output_throughput": 40, "median_tpot_ms": 10,
		"model_id": "dsr1", "gpu": "b200", "framework": "vllm", "precision": "fp8", "isl": "1024", "osl": "1024"}`)
	rows := make([]string, 13)
	for i := range rows {
		v := "10"
		if i == 12 {
			v = `"fast"`
		}
		rows[i] = `{"hardware": "b200", "framework": "vllm", "precision": "fp8", "model": "dsr1", "isl": 1024, "osl": 1024, "conc": ` +
			string(rune('1'+i%9)) + `, "decode_tp": ` + string(rune('1'+i/9)) + `, "metrics": {"tput_per_gpu": ` + v + `, "median_intvty": 5}, "date": "2026-01-01"}`
	}
	write("rows.json", "["+strings.Join(rows, ",\n")+"]")

	want := []string{
		filepath.Join(data, "runs/x.json") + ": median_tpot_ms: must be greater than 0\n",
		filepath.Join(data, "rows.json") + `: [12].metrics.tput_per_gpu: want a number, got "fast"` + "\n",
		filepath.Join(data, "runs/y.json") + ": no gpus: give it in the file or in a [[runs]] entry of frontier.toml\n",
	}
	out := filepath.Join(root, "public")
	for _, args := range [][]string{{"check", "--data", data}, {"build", "--data", data, "--out", out}} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), args, &stdout, &stderr); code != exitProblems {
			t.Errorf("%s exited %d, want %d:\n%s", args[0], code, exitProblems, stderr.String())
		}
		for _, w := range want {
			if !strings.Contains(stderr.String(), w) {
				t.Errorf("%s: stderr lacks %q:\n%s", args[0], w, stderr.String())
			}
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a failed build wrote %s (%v)", out, err)
	}

	// Without the example's frontier.toml, its MI300X runs lack their context: the message
	// says which key and where it could be given.
	if err := os.Remove(filepath.Join(root, "frontier.toml")); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"runs/x.json", "runs/y.json", "rows.json"} {
		os.Remove(filepath.Join(data, f))
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"check", "--data", data}, &stdout, &stderr); code != exitProblems {
		t.Errorf("check without frontier.toml exited %d", code)
	}
	// The folder's five files lack the same keys: said once for the folder (FoldLacking).
	if w := filepath.Join(data, "raw/bench-serve/mi300x-sglang-fp8") + "/*: no gpus in 5 files: give it in the files or in a [[runs]] entry of frontier.toml\n"; !strings.Contains(stderr.String(), w) {
		t.Errorf("stderr lacks %q:\n%s", w, stderr.String())
	}
}

// TestCheckNamesAClientFileLackingContext: an AIPerf export and an SGLang sweep without their
// GPU and framework are named by check with what they lack and the [[runs]] line that gives it;
// with that line in frontier.toml they build.
func TestCheckNamesAClientFileLackingContext(t *testing.T) {
	root := t.TempDir()
	data := testsite.CopyReal(t, root)
	aiperf := testenv.SharedFile(t, "public/clients/aiperf/ai-dynamo__aiperf__examples_run1_profile_export_aiperf.json")
	if err := os.MkdirAll(filepath.Join(data, "aiperf"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(data, "aiperf", "run1.json"), aiperf, 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"check", "--data", data}, &stdout, &stderr); code != exitProblems {
		t.Fatalf("check exited %d, want %d:\n%s", code, exitProblems, stderr.String())
	}
	file := filepath.Join(data, "aiperf", "run1.json")
	for _, w := range []string{
		file + ": no gpu: give it in the file or in a [[runs]] entry of frontier.toml\n",
		file + `: warning: add to frontier.toml: [[runs]] path = "aiperf/run1.json", gpu = "…", gpus = N, framework = "…", precision = "…"` + "\n",
	} {
		if !strings.Contains(stderr.String(), w) {
			t.Errorf("stderr lacks %q:\n%s", w, stderr.String())
		}
	}

	cfg := filepath.Join(root, "frontier.toml") // the real site's, with the [[runs]] line added
	toml := string(testsite.RealConfig(t)) + "\n[[runs]]\npath = \"aiperf/*.json\"\ngpu = \"h100\"\ngpus = 1\nframework = \"vllm\"\nprecision = \"bf16\"\nisl = 1024\n"
	if err := os.WriteFile(cfg, []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	out := filepath.Join(root, "public")
	if code := run(context.Background(), []string{"build", "--data", data, "--config", cfg, "--out", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("build exited %d:\n%s", code, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(out, "gpt-oss-20b", "1k-250", "index.html")); err != nil {
		t.Errorf("no page for the AIPerf run: %v", err)
	}
}
