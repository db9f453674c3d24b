package testsite

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testenv"
)

// The real site: the example's seed and markdown pages with real third-party files beside them
// (InferenceX API and agg rows, bench-serve runs, other clients' files), read from the shared
// folder beside the repository (testenv.SharedDir) since no file copied from another
// repository lives in the project, and eval rows the tests write themselves (DSR1Evals). Tests
// that assert on pages built from real raw results build this site; tests that need only "the
// example" build the repository's data/.

// realFiles maps each real file's place below the real site's data folder to its place below
// the shared folder.
var realFiles = map[string]string{
	"raw/inferencex-api/dsr1_1k1k_latest.json":                           "raw/inferencex-api/dsr1_1k1k_latest.json",
	"raw/inferencex-api/dsr1_1k1k_history.json":                          "raw/inferencex-api/dsr1_1k1k_history.json",
	"raw/inferencex-agg/agg_bmk.json":                                    "raw/inferencex-agg/agg_bmk.json",
	"raw/clients/aiperf/profile_export_aiperf.json":                      "public/clients/aiperf/ai-dynamo__aiperf__examples_run1_profile_export_aiperf.json",
	"raw/clients/guidellm/qwen3-4b-thinking-concurrent4_benchmarks.json": "public/clients/guidellm/danielkorat__guidellm-bench__qwen3-4b-thinking-concurrent4_benchmarks.json",
	"raw/clients/sglang/qwen3-8b-h100-tp8-c100.jsonl":                    "public/clients/sglang/Scicom__llm-benchmaq__qwen3-8b-h100-tp8-c100.jsonl",
}

// realServeDirs are the shared folders of bench-serve runs, each laid out below raw/ as it is.
var realServeDirs = []string{"raw/bench-serve/mi300x-sglang-fp8", "raw/bench-serve/mi325x-sglang-fp8"}

// realRuns is the real site's frontier.toml part that gives its files the context they lack.
const realRuns = `
# The MI300X bench-serve files were saved without --metadata: their context is given here, by a
# glob over their path below data/. Files that carry their own keys (the MI325X runs) need no
# entry; their keys would win over one.
[[runs]]
path = "raw/bench-serve/mi300x-sglang-fp8/*.json"
gpu = "mi300x"
gpus = 8
framework = "sglang"
precision = "fp8"
isl = 1024
osl = 1024

# An SGLang bench_serving line of Qwen3-8B at 100 concurrent requests on 8 H100s at tp 8. The
# line carries no date: the one given stands for the day it was committed.
[[runs]]
path = "raw/clients/sglang/*.jsonl"
date = "2026-03-12"
model = "Qwen/Qwen3-8B"
gpu = "h100"
gpus = 8
framework = "sglang"
precision = "bf16"

# A GuideLLM report (4 concurrent streams) of vLLM on 4 Intel XPUs at tp 4, FP8, from the
# publisher's run name; the report names the model and the strategy itself.
[[runs]]
path = "raw/clients/guidellm/*.json"
gpu = "intel-xpu"
gpus = 4
framework = "vllm"
precision = "fp8"

[gpus.intel-xpu]
label = "Intel XPU"
vendor = "Intel"

# AIPerf's own example export (gpt-oss-20b, 100 concurrent requests). Its repository does not say
# what served it: one deployment of unstated GPUs, counted as one.
[[runs]]
path = "raw/clients/aiperf/*.json"
gpu = "unstated"
gpus = 1
framework = "vllm"
precision = "fp4"

[gpus.unstated]
label = "GPU not stated"
vendor = "Unknown"
`

// RealData is the real site's data folder as an fstest.MapFS: the example's seed view and
// markdown pages (from the repository's data/) and the real files of realFiles and
// realServeDirs (from the shared folder). Without the shared folder the test skips locally
// and fails in CI.
func RealData(t testing.TB) fstest.MapFS {
	t.Helper()
	shared := testenv.SharedDir(t)
	data := fstest.MapFS{}
	dir := filepath.Join(Root(), "data")
	err := fs.WalkDir(os.DirFS(dir), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if strings.Contains(p, "restated") || !strings.HasSuffix(p, ".md") && p != "deepseek-v4-pro_8k-1k_fp4.json" {
			return nil // the example's restated files, and their page's note, are not the real site's
		}
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
		data[p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	read := func(to, from string) {
		b, err := os.ReadFile(filepath.Join(shared, filepath.FromSlash(from)))
		if err != nil {
			testenv.Unavailable(t, "the shared test file %s: %v", from, err)
		}
		data[to] = &fstest.MapFile{Data: b}
	}
	data["evals/dsr1-gsm8k.json"] = &fstest.MapFile{Data: DSR1Evals(exampleEvalRows...)}
	for to, from := range realFiles {
		read(to, from)
	}
	for _, d := range realServeDirs {
		es, err := os.ReadDir(filepath.Join(shared, filepath.FromSlash(d)))
		if err != nil {
			testenv.Unavailable(t, "the shared test folder %s: %v", d, err)
		}
		for _, e := range es {
			read(path.Join(d, e.Name()), path.Join(d, e.Name()))
		}
	}
	return data
}

// RealConfig is the real site's frontier.toml: the repository's, with its [[runs]] tables
// (which describe the example's own files) and the GPU tables realRuns gives replaced by
// realRuns. Every other setting (languages, presets, service levels, prices) stays the
// example's.
func RealConfig(t testing.TB) []byte {
	t.Helper()
	var out []string
	skip := false
	for _, line := range strings.Split(string(ExampleConfig(t)), "\n") {
		if h := strings.TrimSpace(line); strings.HasPrefix(h, "[") {
			skip = h == "[[runs]]" || h == "[gpus.intel-xpu]" || h == "[gpus.unstated]"
		}
		if !skip {
			out = append(out, line)
		}
	}
	return []byte(strings.Join(out, "\n") + "\n" + realRuns)
}

// CopyReal writes the real site (RealData and RealConfig) to dir/data and dir/frontier.toml,
// and returns dir/data.
func CopyReal(t testing.TB, dir string) string {
	t.Helper()
	data := filepath.Join(dir, "data")
	if err := os.CopyFS(data, RealData(t)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "frontier.toml"), RealConfig(t), 0o644); err != nil {
		t.Fatal(err)
	}
	return data
}
