package site

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

// TestCompareSaysWithinRunToRunSpread: two GPUs, each run twice at two concurrencies. Where
// their repeated runs' throughput ranges overlap (at 50 tok/s/user: B200 5,000 to 5,100, H100
// 5,050 to 5,150) the compare page calls no winner and says they are within run-to-run
// spread, in both languages; where they do not (at 100 tok/s/user) it gives the ratio.
func TestCompareSaysWithinRunToRunSpread(t *testing.T) {
	serve := func(conc int, tpotMS, total float64) *fstest.MapFile {
		return &fstest.MapFile{Data: fmt.Appendf(nil, `{"model_id": "org/Spread-1B", "max_concurrency": %d, "completed": 100, "num_prompts": 100,
"total_token_throughput": %g, "output_throughput": %g, "median_tpot_ms": %g, "median_ttft_ms": 100}`, conc, total, total/2, tpotMS)}
	}
	data := fstest.MapFS{
		"b200/c8-run1.json": serve(8, 20, 5000), "b200/c8-run2.json": serve(8, 20, 5100),
		"b200/c4-run1.json": serve(4, 10, 3000), "b200/c4-run2.json": serve(4, 10, 3100),
		"h100/c8-run1.json": serve(8, 20, 5050), "h100/c8-run2.json": serve(8, 20, 5150),
		"h100/c4-run1.json": serve(4, 10, 1000), "h100/c4-run2.json": serve(4, 10, 1100),
	}
	cfg, ps := ParseConfig("frontier.toml", []byte(`
languages = ["en", "zh"]
referenceInteractivity = [50, 100]

[[runs]]
path = "b200/*.json"
gpu = "b200"
gpus = 1
framework = "vllm"
precision = "fp8"
isl = 1024
osl = 1024

[[runs]]
path = "h100/*.json"
gpu = "h100"
gpus = 1
framework = "vllm"
precision = "fp8"
isl = 1024
osl = 1024
`))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	files, _, err := build(t, data, cfg)
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, name := range files.Names() {
		if !strings.HasSuffix(name, "/compare/b200-vs-h100/index.html") {
			continue
		}
		found++
		b, _ := files.Get(name)
		html := string(b)
		zh := strings.HasPrefix(name, "zh/")
		spread, ratio := "B200 and H100 are within run-to-run spread of each other, so neither leads: 5,050 against 5,100", "B200 serves 2.9×"
		if zh {
			spread, ratio = "B200 与 H100 的差距在多次运行的波动范围之内，不分高下", "B200 的"
		}
		if !strings.Contains(html, spread) {
			t.Errorf("%s: no %q", name, spread)
		}
		if !strings.Contains(html, ratio) {
			t.Errorf("%s: where the ranges do not overlap, no ratio %q", name, ratio)
		}
		if !zh && strings.Contains(html, "H100 serves 1.0") {
			t.Errorf("%s: calls a winner within the runs' spread", name)
		}
	}
	if found != 2 {
		t.Errorf("%d compare pages of B200 and H100, want one per language", found)
	}
	// compare.json says so too, with both ranges, for programs and frontier mcp.
	js, _ := files.Get("spread-1b/1k-1k/compare/b200-vs-h100/compare.json")
	for want, n := range map[string]int{`"aRange": [`: 2, `"bRange": [`: 2, `"withinSpread": true`: 1} {
		if strings.Count(string(js), want) != n {
			t.Errorf("compare.json: want %s %d times (within spread at 50 tok/s/user only):\n%s", want, n, js)
		}
	}

	// The chart page's leaders table, as the build writes it: no best at 50 tok/s/user, where
	// the two configurations' runs overlap, each value saying so; B200 the best at 100.
	for _, name := range []string{"spread-1b/1k-1k/index.html", "zh/spread-1b/1k-1k/index.html"} {
		b, ok := files.Get(name)
		if !ok {
			t.Fatalf("no %s: %v", name, files.Names())
		}
		html := string(b)
		i := strings.Index(html, `<table class="data leaders-table">`)
		j := strings.Index(html[i:], "</table>")
		table := html[i : i+j]
		within := "within run-to-run spread"
		if strings.HasPrefix(name, "zh/") {
			within = "在多次运行的波动范围内"
		}
		if n := strings.Count(table, within); n != 2 {
			t.Errorf("%s: %d values within run-to-run spread in the leaders table, want 2:\n%s", name, n, table)
		}
		if n := strings.Count(table, `class="mark"`); n != 1 {
			t.Errorf("%s: %d bests marked, want 1 (at 100 tok/s/user):\n%s", name, n, table)
		}
	}
}
