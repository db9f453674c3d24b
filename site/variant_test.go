package site

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/internal/testsite"
)

// kubeconVariants are the folders of inference-perf's KubeCon NA 2025 sweep: five setups of
// vLLM on one H100, each a sweep of 7 constant-rate stages (issue 54).
var kubeconVariants = []string{"vllm", "vllm+batch_size", "vllm+chunking_and_prefix_caching", "vllm+quantization", "vllm+v0_engine"}

// kubeconFolder is a data folder of the sweep's real files at their own paths.
func kubeconFolder(t *testing.T) fstest.MapFS {
	fsys := fstest.MapFS{}
	const root = "inference-perf/kubecon-na-2025/"
	fsys[root+"config.yaml"] = testsite.MapFile(testenv.SharedFile(t, "public/clients/"+root+"config.yaml"), 1)
	for _, v := range kubeconVariants {
		for n := range 7 {
			rel := fmt.Sprintf("%s%s/stage_%d_lifecycle_metrics.json", root, v, n)
			fsys[rel] = testsite.MapFile(testenv.SharedFile(t, "public/clients/"+rel), 1)
		}
	}
	return fsys
}

// The five vLLM setups of one H100 in the KubeCon sweep, each given its variant by a [[runs]]
// entry, are five series of 7 points each, with their own keys, labels and frontiers: no
// stage of one setup is a repeated run of another's at the same rate. The variant reaches
// data.csv's series and hwKey columns and the API views' hwKey; the compare data still
// counts every variant as the one GPU.
func TestRunsVariantKeepsConfigurationsApart(t *testing.T) {
	t.Parallel()
	toml := `
[[runs]]
path = "inference-perf/*/*/*"
gpu = "h100"
gpus = 1
framework = "vllm"
precision = "bf16"
`
	for _, v := range kubeconVariants[1:] {
		toml += fmt.Sprintf("\n[[runs]]\npath = %q\nvariant = %q\n", "inference-perf/kubecon-na-2025/"+v+"/*", strings.TrimPrefix(v, "vllm+"))
	}
	cfg, ps := ParseConfig("frontier.toml", []byte(toml))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	files, rep, err := build(t, kubeconFolder(t), cfg)
	if err != nil {
		t.Fatalf("the build failed: %v", err)
	}
	for _, w := range rep.Warnings {
		if strings.Contains(w.Msg, "repeated runs") || strings.Contains(w.Msg, "variant") {
			t.Errorf("runs of two setups taken for repeated runs: %v", w)
		}
	}
	type series struct {
		Key, HWKey, Name, GPU string
		Points                []json.RawMessage
	}
	var got []series
	var pages []string
	for _, name := range files.Names() {
		if strings.Count(name, "/") != 2 || path.Base(name) != "data.json" {
			continue
		}
		pages = append(pages, path.Dir(name))
		b, _ := files.Get(name)
		var d struct{ Series []series }
		if err := json.Unmarshal(b, &d); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got = append(got, d.Series...)
	}
	if len(pages) != 1 {
		t.Fatalf("pages %v, want one (one model and sequence)", pages)
	}
	want := map[string]string{
		"h100_vllm":                              "H100 (vLLM)",
		"h100_vllm__batch-size":                  "H100 (vLLM, batch_size)",
		"h100_vllm__chunking-and-prefix-caching": "H100 (vLLM, chunking_and_prefix_caching)",
		"h100_vllm__quantization":                "H100 (vLLM, quantization)",
		"h100_vllm__v0-engine":                   "H100 (vLLM, v0_engine)",
	}
	if len(got) != len(want) {
		t.Errorf("%d series, want %d (one per setup)", len(got), len(want))
	}
	for _, s := range got {
		if want[s.Key] != s.Name || s.HWKey != s.Key || s.GPU != "h100" {
			t.Errorf("series key %q hwKey %q name %q gpu %q; want one of %v on h100", s.Key, s.HWKey, s.Name, s.GPU, want)
		}
		if len(s.Points) != 7 {
			t.Errorf("%s: %d points, want 7 (one per stage)", s.Key, len(s.Points))
		}
	}
	b, _ := files.Get(pages[0] + "/data.csv")
	recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil || len(recs) == 0 {
		t.Fatalf("data.csv: %v", err)
	}
	rows := map[string]int{}
	for _, r := range recs[1:] {
		rows[r[slices.Index(recs[0], "series")]+" "+r[slices.Index(recs[0], "hwKey")]]++
	}
	for k, label := range want {
		if n := rows[label+" "+k]; n != 7 {
			t.Errorf("data.csv: %d rows of series %q (%s), want 7; rows %v", n, label, k, rows)
		}
	}
	var views []string
	for _, name := range files.Names() {
		if strings.HasPrefix(name, "api/") && strings.HasSuffix(name, ".json") {
			if b, _ := files.Get(name); strings.Contains(string(b), `"hwKey":"h100_vllm__v0-engine"`) {
				views = append(views, name)
			}
		}
	}
	if len(views) == 0 {
		t.Error("no API view names the series h100_vllm__v0-engine")
	}
}

// Without variants the five setups are one series, and their first stages, all at 1 request/s,
// are taken for repeated runs: their figures lie close (a low rate is the same on every setup),
// but they come from five folders, which the build names, with the fix: a [[runs]] variant.
func TestRepeatedRunsFromFoldersNameTheVariantFix(t *testing.T) {
	t.Parallel()
	cfg, ps := ParseConfig("frontier.toml", []byte(`
[[runs]]
path = "inference-perf/*/*/*"
gpu = "h100"
gpus = 1
framework = "vllm"
precision = "bf16"
`))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	_, rep, err := build(t, kubeconFolder(t), cfg)
	if err != nil {
		t.Fatalf("the build failed: %v", err)
	}
	var got []string
	for _, w := range rep.Warnings {
		if strings.Contains(w.Msg, "repeated runs from the folders") {
			got = append(got, w.String())
		}
	}
	want := "1 point(s), the first at 1 requests/s, are repeated runs from the folders inference-perf/kubecon-na-2025/vllm+batch_size/, "
	if len(got) != 1 || !strings.Contains(got[0], want) || !strings.Contains(got[0], "give each its own variant in a [[runs]] entry of frontier.toml") {
		t.Errorf("warnings %q, want one containing %q and the fix", got, want)
	}
}

// A variant is data: whatever it holds stays text wherever it lands (every page has the markup
// shape of its twin of a benign variant, and no handler or script of its own; every JSON file
// parses), and its key is a slug.
func TestVariantEscaped(t *testing.T) {
	t.Parallel()
	site := func(variant string) *Files {
		cfg, ps := ParseConfig("frontier.toml", []byte(fmt.Sprintf(`
[[runs]]
path = "inference-perf/*/*/*"
gpu = "h100"
gpus = 1
framework = "vllm"
precision = "bf16"

[[runs]]
path = "inference-perf/kubecon-na-2025/vllm+batch_size/*"
variant = %q
`, variant)))
		if len(ps) > 0 {
			t.Fatal(ps)
		}
		files, _, err := build(t, kubeconFolder(t), cfg)
		if err != nil {
			t.Fatalf("the build failed: %v", err)
		}
		return files
	}
	files := site(`</script><img src=x onerror=alert(1)>"'`)
	if d := shapeDiff(siteShapes(files), siteShapes(site("benign"))); d != "same" {
		t.Errorf("the variant changed the markup: %s", d)
	}
	shown := false
	for _, name := range files.Names() {
		b, _ := files.Get(name)
		if strings.HasSuffix(name, ".html") {
			for _, msg := range pageFindings(name, b) {
				t.Error(msg)
			}
		}
		if strings.HasSuffix(name, ".json") && !json.Valid(b) {
			t.Errorf("%s: not JSON", name)
		}
		if strings.HasSuffix(name, ".html") && strings.Contains(string(b), "<img src=x") {
			t.Errorf("%s holds the variant unescaped", name)
		}
		shown = shown || strings.Contains(string(b), "h100_vllm__script-img-src-x-onerror-alert-1")
	}
	if !shown {
		t.Error("no file names the variant's slugged key")
	}
}
