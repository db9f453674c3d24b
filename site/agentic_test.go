package site

import (
	"encoding/json"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testsite"
)

// agenticFS is a data folder of the agentic results the project writes (site/input/testdata/
// agentic): a nested and a flat aggregate and API rows, all of DeepSeek-R1-0528's agentic-coding
// scenario, beside one fixed-length bench-serve run of the same model.
func agenticFS(t *testing.T) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{}
	for _, name := range []string{"agg_v1.json", "agg_v0.json", "api_rows.json"} {
		b, err := os.ReadFile("input/testdata/agentic/" + name)
		if err != nil {
			t.Fatal(err)
		}
		fsys["agentic/"+name] = testsite.MapFile(b, 1)
	}
	return fsys
}

// TestAgenticPage (issue 53 item 2): agentic results make a page of their own per model and
// scenario, named for the scenario (never a sequence such as 0/0), opening on p90
// interactivity with p50/p75/p95, TTFT and E2E in the x menu, its series by GPU and framework
// (speculative decoding is a point's fact), and the cache rates among data.csv's columns.
func TestAgenticPage(t *testing.T) {
	t.Parallel()
	files, rep, err := build(t, agenticFS(t), Config{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Points != 3 {
		t.Errorf("%d points, want 3", rep.Points)
	}
	const dir = "deepseek-r1-0528/agentic-coding/"
	b, ok := files.Get(dir + "page.json")
	if !ok {
		t.Fatalf("no %spage.json: %v", dir, files.Names())
	}
	var pd pageData
	if err := json.Unmarshal(b, &pd); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, x := range pd.XAxes {
		keys = append(keys, x.Key)
	}
	if pd.DefaultX != "p90_intvty" || pd.XAxes[0].Col != "x" {
		t.Errorf("default x %q (column %q), want p90_intvty as the points' x", pd.DefaultX, pd.XAxes[0].Col)
	}
	for _, k := range []string{"median_intvty", "p75_intvty", "p95_intvty", "median_ttft", "p90_ttft", "median_e2el"} {
		if !slices.Contains(keys, k) {
			t.Errorf("x axes %v lack %s", keys, k)
		}
	}
	var series []string
	for _, s := range pd.Series {
		series = append(series, s.Key)
	}
	slices.Sort(series)
	if want := []string{"b200_vllm", "h200_sglang", "mi355x_sglang"}; !slices.Equal(series, want) {
		t.Errorf("series %v, want %v: speculative decoding is a point's fact, not a series", series, want)
	}
	for _, s := range pd.Series {
		if s.Key == "b200_vllm" && pd.cell(s.Points[0], "x") != 40 {
			t.Errorf("b200 point x %v, want its p90 interactivity 40", pd.cell(s.Points[0], "x"))
		}
	}
	html, _ := files.Get(dir + "index.html")
	if !strings.Contains(string(html), "agentic coding") || strings.Contains(string(html), "0/0") {
		t.Error("the page's title does not name the scenario, or names a sequence 0/0")
	}
	csv, _ := files.Get(dir + "data.csv")
	head, _, _ := strings.Cut(string(csv), "\n")
	for _, col := range []string{"theoretical_cache_hit_rate", "server_gpu_cache_hit_rate", "kv_cache_pool_tokens", "requests_error_dropped", "p95_intvty"} {
		if !strings.Contains(head, col) {
			t.Errorf("data.csv's header lacks %s: %s", col, head)
		}
	}
}

// TestAgenticInferenceView: an inference view of agentic results (params.sequence
// agentic-traces, xAxis.field p90_intvty, as InferenceX's views write them) is the model's
// agentic coding page, opening on p90 interactivity, never a page "agentic-traces".
func TestAgenticInferenceView(t *testing.T) {
	t.Parallel()
	seed := string(testsite.SeedJSON(t))
	view := strings.Replace(seed, `"sequence": "8k/1k"`, `"sequence": "agentic-traces"`, 1)
	view = strings.Replace(view, `"field": "median_intvty"`, `"field": "p90_intvty"`, 1)
	if view == seed || !strings.Contains(view, `"field": "p90_intvty"`) {
		t.Fatal("the seed's params or xAxis are not spelled as this test expects")
	}
	files, _, err := build(t, fstest.MapFS{"view.json": testsite.MapFile([]byte(view), 1)}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	b, ok := files.Get("deepseek-v4-pro/agentic-coding/page.json")
	if !ok {
		t.Fatalf("no agentic-coding page: %v", files.Names())
	}
	var pd pageData
	if err := json.Unmarshal(b, &pd); err != nil {
		t.Fatal(err)
	}
	if pd.DefaultX != "p90_intvty" || pd.XAxes[0].Col != "x" {
		t.Errorf("default x %q", pd.DefaultX)
	}
}

// TestAgenticComparePageSaysP90: a compare page of an agentic page states its pair at p90
// interactivity, the page's x.
func TestAgenticComparePageSaysP90(t *testing.T) {
	t.Parallel()
	cfg, ps := ParseConfig("frontier.toml", nil) // the default reference interactivities
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	files, _, err := build(t, agenticFS(t), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files.Names() {
		if strings.HasPrefix(name, "deepseek-r1-0528/agentic-coding/compare/") && strings.HasSuffix(name, "/index.html") {
			b, _ := files.Get(name)
			if !strings.Contains(string(b), "tok/s/user of p90 interactivity, ") {
				i := strings.Index(string(b), "tok/s/user")
				t.Errorf("%s does not state its pair at p90 interactivity: %.200s", name, string(b)[max(i-100, 0):])
			}
			return
		}
	}
	t.Fatalf("no compare page of the agentic page: %v", files.Names())
}

// TestAgenticOverviewTableOfItsOwn (issue 53 item 5): the overview sets agentic pages apart, in
// a table of their own read at p90 interactivity and saying so, never as one more row beside
// the fixed-length pages read at median interactivity; in Chinese too.
func TestAgenticOverviewTableOfItsOwn(t *testing.T) {
	t.Parallel()
	fsys := agenticFS(t)
	maps.Copy(fsys, testsite.VersusData())
	cfg, ps := ParseConfig("frontier.toml", nil) // the default reference interactivities
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	cfg.Languages = []string{"en", "zh"}
	files, _, err := build(t, fsys, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, heading, caption, title string }{
		{"overview/index.html", ">Agentic scenarios</h2>", " at p90 interactivity <span class=\"x-label\">", "tok/s/user at p90 interactivity"},
		{"zh/overview/index.html", ">智能体场景</h2>", " 的百分比，p90 交互性 <span class=\"x-label\">", "p90 交互性 "},
	} {
		b, ok := files.Get(c.name)
		if !ok {
			t.Fatalf("no %s", c.name)
		}
		page := string(b)
		fixed, agentic, ok := strings.Cut(page, `<table id="overview-agentic"`)
		if !ok {
			t.Fatalf("%s has no agentic table", c.name)
		}
		if !strings.Contains(fixed, `<table id="overview"`) || !strings.Contains(fixed, "1k/1k") || strings.Contains(fixed, "agentic-coding/") {
			t.Errorf("%s: the fixed-length table should hold the 1k/1k page and no agentic page", c.name)
		}
		agentic, _, _ = strings.Cut(agentic, "</table>")
		if !strings.Contains(agentic, "agentic-coding/") || strings.Contains(agentic, "1k-1k/") {
			t.Errorf("%s: the agentic table should hold the agentic page only:\n%s", c.name, agentic)
		}
		for _, want := range []string{c.caption, c.title} {
			if !strings.Contains(agentic, want) {
				t.Errorf("%s: the agentic table lacks %q:\n%s", c.name, want, agentic)
			}
		}
		if !strings.Contains(fixed, c.heading) {
			t.Errorf("%s lacks the heading %q", c.name, c.heading)
		}
	}
	b, _ := files.Get("overview/overview.json")
	if !strings.Contains(string(b), `"url":"/deepseek-r1-0528/agentic-coding/","agentic":true`) {
		t.Errorf("overview.json does not mark the agentic page: %s", b)
	}
}

// agenticTwoDates is the example's agentic results (data/agentic-coding/) on their date and
// again a month before, each point's throughput 10% lower then: a page with history.
func agenticTwoDates(t *testing.T) fstest.MapFS {
	t.Helper()
	dir := filepath.Join(testsite.Root(), "data", "agentic-coding")
	fsys := fstest.MapFS{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		name := "agentic-coding/" + filepath.ToSlash(rel)
		fsys[name] = testsite.MapFile(b, 1)
		old := strings.ReplaceAll(string(b), `"date": "2026-11-30"`, `"date": "2026-10-30"`)
		old = regexp.MustCompile(`"(tput_per_gpu|total)": ([0-9.]+)`).ReplaceAllStringFunc(old, func(m string) string {
			k, v, _ := strings.Cut(m, ": ")
			f, _ := strconv.ParseFloat(v, 64)
			return k + ": " + strconv.FormatFloat(f*0.9, 'f', 3, 64)
		})
		fsys[strings.TrimSuffix(name, ".json")+"-older.json"] = testsite.MapFile([]byte(old), 1)
		return err
	})
	if err != nil || len(fsys) == 0 {
		t.Fatalf("the example's agentic files: %v", err)
	}
	return fsys
}

// TestAgenticPageAsAnyPage (issue 53 item 5): an agentic page with two dates has its history,
// its leaders table, the home page's headline, the feed, llms.txt and its card, each saying where they
// read it at p90 interactivity (its points' x), in English and Chinese.
func TestAgenticPageAsAnyPage(t *testing.T) {
	t.Parallel()
	cfg := hostConfig()
	cfg.Languages = []string{"en", "zh"}
	files, _, err := build(t, agenticTwoDates(t), cfg)
	if err != nil {
		t.Fatal(err)
	}
	const dir = "deepseek-v4-pro/agentic-coding/"
	var pd struct{ Dates []string }
	if err := json.Unmarshal(mustGet(t, files, dir+"page.json"), &pd); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(pd.Dates, []string{"2026-11-30", "2026-10-30"}) {
		t.Errorf("dates %v, want both, newest first", pd.Dates)
	}
	mustGet(t, files, dir+"history/index.json")
	for _, c := range []struct{ name, want string }{
		{dir + "index.html", "marks the best GPU of each column. Its columns are p90 interactivity.</caption>"},
		{"zh/" + dir + "index.html", "标记每列最佳的 GPU。 各列为 P90 交互性。</caption>"},
		{"index.html", " tok/s/user of p90 interactivity, <span class=\"who\">"},
		{"zh/index.html", "（P90 交互性 "},
		{"llms.txt", "tok/s/user of p90 interactivity the best is "},
		{"feed.xml", "tok/s/GPU at 50 tok/s/user of p90 interactivity, B300"},
		{"zh/feed.xml", "P90 交互性 50 tok/s/user 时最高为 "},
	} {
		if b := mustGet(t, files, c.name); !strings.Contains(string(b), c.want) {
			t.Errorf("%s lacks %q", c.name, c.want)
		}
	}
	home := string(mustGet(t, files, "index.html"))
	if i := strings.Index(home, `<p class="headline">`); i < 0 || !strings.Contains(home[i:], `<span class="change `) {
		t.Error("the home page's headline does not say how the figure moved since the older date")
	}
	cardOf(t, files, dir+"index.html") // an absolute og:image under the base URL, a 1200×630 PNG
	if alt := metas(t, mustGet(t, files, dir+"index.html"))["og:image:alt"]; !strings.Contains(alt, "of p90 interactivity") {
		t.Errorf("the card's headline %q does not say p90 interactivity", alt)
	}
}
