package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/verdict"
)

// The two dates of testsite.TwoDates.
const diffDay1, diffDay2 = "2026-07-31", "2026-08-07"

// writeFiles writes each name's data under dir and returns dir.
func writeFiles(t *testing.T, dir string, files map[string][]byte) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// changeTable is the history page's change table in Go: from the page's built trend table of
// tpPerGpu, each configuration's verdict at each reference from the older date to the newer,
// under rule, by Rule.Since (the twin of the page script's since, verdicts.json holding both)
// over the values and spreads the page script reads (trendAt, spreadAt: a state of repeated
// runs has its spreads after its values). Keyed as `frontier
// diff` keys a change: hwKey, precision, x.
func changeTable(t *testing.T, out, page string, rule verdict.Rule) map[[3]any]verdict.Verdict {
	t.Helper()
	var idx struct {
		Series []struct{ Key, HW, Precision string } `json:"series"`
		Trend  map[string]string                     `json:"trend"`
	}
	if err := json.Unmarshal(must(os.ReadFile(filepath.Join(out, page, "history", "index.json"))), &idx); err != nil {
		t.Fatal(err)
	}
	gz := must(os.ReadFile(filepath.Join(out, page, idx.Trend["tpPerGpu"])))
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		RefX   []float64      `json:"refX"`
		Dates  []string       `json:"dates"`
		Lines  [][][]*float64 `json:"lines"`
		Spread [][4]float64   `json:"spread"`
	}
	if err := json.Unmarshal(must(io.ReadAll(zr)), &table); err != nil {
		t.Fatal(err)
	}
	if len(table.Dates) != 2 || table.Dates[0] != diffDay1 || table.Dates[1] != diffDay2 {
		t.Fatalf("trend dates %v, want %s and %s", table.Dates, diffDay1, diffDay2)
	}
	t.Logf("trend table of tpPerGpu: %d bytes gzipped", len(gz))
	refs := len(table.RefX)
	got := map[[3]any]verdict.Verdict{}
	for i, s := range idx.Series {
		for r, x := range table.RefX {
			values, sp := []float64{math.NaN(), math.NaN()}, []float64{0, 0}
			for d := range values {
				for _, cell := range table.Lines[i] {
					if int(*cell[0]) > d {
						break
					}
					values[d] = math.NaN()
					if v := cell[1+r]; v != nil {
						values[d] = *v
					}
					sp[d] = 0 // a state of single runs ends with its values
					if len(cell) > 1+refs+r && cell[1+refs+r] != nil {
						sp[d] = *cell[1+refs+r]
					}
				}
			}
			got[[3]any{s.HW, s.Precision, x}] = rule.Since(values, sp, 0, true).Verdict
		}
	}
	return got
}

// TestDiffAgreesWithTheHistoryChangeTable: a site with two dates of one page, and `frontier
// diff` of the two dates' data, give every configuration the same verdict at every reference
// both read a value at: a 15% drop is a regression, a 10% rise an improvement, a 6% drop
// inside repeated runs scattering 12% noise (the threshold widened on both sides), the same
// drop with runs scattering 2% a regression, an unchanged configuration noise.
func TestDiffAgreesWithTheHistoryChangeTable(t *testing.T) {
	day1, day2 := testsite.TwoDates(t)
	root := t.TempDir()
	old := writeFiles(t, filepath.Join(root, "old", "data"), map[string][]byte{"seed.json": day1})
	nw := writeFiles(t, filepath.Join(root, "new", "data"), map[string][]byte{"seed.json": day2})
	both := writeFiles(t, filepath.Join(root, "both", "data"), map[string][]byte{"day1.json": day1, "day2.json": day2})

	code, js, stderr := runCode("diff", "--format", "json", old, nw)
	if code != exitOK {
		t.Fatalf("diff: status %d: %s", code, stderr)
	}
	var rep verdict.Report
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(root, "public")
	if code, _, stderr := runCode("build", "--data", both, "--out", out); code != exitOK {
		t.Fatalf("build: status %d: %s", code, stderr)
	}
	page := "deepseek-v4-pro/8k-1k"
	table := changeTable(t, out, page, verdict.DefaultRule())

	compared := 0
	want := testsite.TwoDatesVerdicts
	seen := map[string]bool{}
	for _, c := range rep.Changes {
		if c.Page != "/"+page+"/" || c.Old == nil || c.New == nil {
			continue // a reference outside a frontier: the diff's insufficient, the table's blank
		}
		v, ok := table[[3]any{c.Series, c.Precision, c.X}]
		if !ok {
			t.Errorf("%s %s at %v: in the diff, not in the change table", c.Series, c.Precision, c.X)
			continue
		}
		compared++
		if v != c.Verdict {
			t.Errorf("%s %s at %v: diff says %s (%+.2f%% against ±%.2f%%), the change table %s", c.Series, c.Precision, c.X, c.Verdict, *c.Change, c.Threshold, v)
		}
		if w, ok := want[c.Series]; ok {
			seen[c.Series] = true
			if string(c.Verdict) != w {
				t.Errorf("%s at %v: %s (%+.2f%% against ±%.2f%%), want %s", c.Series, c.X, c.Verdict, *c.Change, c.Threshold, w)
			}
		}
	}
	if compared < 20 || len(seen) != len(want) {
		t.Errorf("compared %d changes, saw %v of %v: want every configuration at the references its frontiers reach", compared, seen, want)
	}
}

// TestDiffBuiltSitesOfOtherURLsAndLanguages: `frontier diff OLD NEW` on two built site folders
// that differ in base URL, languages and presets compares the same pages (a Chinese page is
// not a page of its own), finds the 15% drop, and links each row to NEW's page, on NEW's base
// URL, filtered to the configuration (the fragment site/fragment writes).
func TestDiffBuiltSitesOfOtherURLsAndLanguages(t *testing.T) {
	day1, day2 := testsite.TwoDates(t)
	root := t.TempDir()
	build := func(name, toml string, data []byte) string {
		dir := filepath.Join(root, name)
		writeFiles(t, dir, map[string][]byte{"frontier.toml": []byte(toml)})
		writeFiles(t, filepath.Join(dir, "data"), map[string][]byte{"seed.json": data})
		out := filepath.Join(dir, "public")
		if code, _, stderr := runCode("build", "--data", filepath.Join(dir, "data"), "--out", out); code != exitOK {
			t.Fatalf("build %s: status %d: %s", name, code, stderr)
		}
		return out
	}
	old := build("old", "baseURL = \"https://old.example/bench/\"\n", day1)
	nw := build("new", `baseURL = "https://new.example/"
languages = ["en", "zh"]

[[presets]]
name = "B200 vs B300, best per GPU"
page = "/deepseek-v4-pro/8k-1k/"
fragment = "gpus=b200,b300&best=1"
`, day2)

	code, md, stderr := runCode("diff", old, nw)
	if code != exitOK {
		t.Fatalf("diff: status %d: %s", code, stderr)
	}
	for _, want := range []string{
		"| regression | [/deepseek-v4-pro/8k-1k/](<https://new.example/deepseek-v4-pro/8k-1k/#gpus=b200&frameworks=vllm&spec=none&precisions=fp4>) | B200 (vLLM) (b200\\_vllm fp4) |",
		"| improvement | [/deepseek-v4-pro/8k-1k/](<https://new.example/deepseek-v4-pro/8k-1k/#gpus=b300&frameworks=trt&spec=none&precisions=fp4>)",
		"0 new, 0 removed",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
	for _, bad := range []string{"old.example", "/zh/"} {
		if strings.Contains(md, bad) {
			t.Errorf("markdown names %q: rows link to NEW's English pages:\n%s", bad, md)
		}
	}
	// NEW by URL: only index.json and the views are fetched, and the rows link to the pages at
	// the site's own base URL, as its index.json gives them.
	var mu sync.Mutex
	var fetched []string
	files := http.FileServer(http.Dir(nw))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		fetched = append(fetched, r.URL.Path)
		mu.Unlock()
		files.ServeHTTP(w, r)
	}))
	defer srv.Close()
	code, md, stderr = runCode("diff", old, srv.URL+"/")
	if code != exitOK {
		t.Fatalf("diff by URL: status %d: %s", code, stderr)
	}
	if !strings.Contains(md, "(<https://new.example/deepseek-v4-pro/8k-1k/#gpus=b200&frameworks=vllm&spec=none&precisions=fp4>)") {
		t.Errorf("diff by URL: rows do not link to NEW's pages:\n%s", md)
	}
	if len(fetched) < 2 {
		t.Errorf("diff by URL fetched %v: want index.json and the view", fetched)
	}
	for _, p := range fetched {
		if p != "/api/v1/index.json" && !strings.HasPrefix(p, "/api/v1/views/") {
			t.Errorf("diff by URL fetched %s: want only index.json and the views", p)
		}
	}

	// The other way round: the links are OLD's now the older build is NEW.
	if _, md, _ := runCode("diff", nw, old); !strings.Contains(md, "(<https://old.example/bench/deepseek-v4-pro/8k-1k/#gpus=b200&") {
		t.Errorf("NEW on old.example: rows do not link there:\n%s", md)
	}
}
