package site

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/problem"
	"github.com/frontier-bench/frontier/site/render"
)

func buildMedians(t *testing.T, lack ...string) (*Files, pageData) {
	t.Helper()
	fsys, toml := testsite.Medians(lack...)
	cfg, ps := ParseConfig("frontier.toml", toml)
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	files, report, err := build(t, fsys, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if report != nil && len(report.Warnings) > 0 {
		t.Errorf("warnings: %v", report.Warnings)
	}
	b, ok := files.Get(testsite.MediansPage + "page.json")
	if !ok {
		t.Fatal("no qwen3-8b/1k-1k/page.json")
	}
	var pd pageData
	if err := json.Unmarshal(b, &pd); err != nil {
		t.Fatal(err)
	}
	return files, pd
}

// pageData is what these tests read of page.json.
type pageData struct {
	render.PageData
	Series []struct {
		render.SeriesData
		Points [][]any `json:"points"`
	} `json:"series"`
}

// cell is column name of a point, NaN when it is null.
func (pd pageData) cell(pt []any, name string) float64 {
	i := slices.Index(pd.Cols, name)
	if v, ok := pt[i].(float64); ok && i >= 0 {
		return v
	}
	return math.NaN()
}

// TestXAxisOfferedWhenSomePointsLackIt: one AIPerf run reports no median TTFT. The median
// TTFT axis is still offered (the other points have it); that point has no value there, not
// its mean or p99 in its place, and keeps its place on every axis it has.
func TestXAxisOfferedWhenSomePointsLackIt(t *testing.T) {
	t.Parallel()
	files, pd := buildMedians(t, "h100/c16")
	var keys []string
	for _, x := range pd.XAxes {
		keys = append(keys, x.Key)
	}
	if want := []string{"median_intvty", "p90_intvty", "p99_intvty", "median_ttft", "p90_ttft", "p99_ttft", "median_e2el", "p90_e2el", "p99_e2el", "conc"}; !slices.Equal(keys, want) {
		t.Errorf("x axes %v, want %v", keys, want)
	}
	lacking, having := 0, 0
	// Every column: page.json leaves those only the column chooser shows to columns.json.gz.
	rows := fullPageRows(t, files, testsite.MediansPage)
	for i, s := range pd.Series {
		for _, pt := range rows[i] {
			conc := pd.cell(pt, "conc")
			med, mean, p99 := pd.cell(pt, "median_ttft"), pd.cell(pt, "mean_ttft"), pd.cell(pt, "p99_ttft")
			if math.IsNaN(pd.cell(pt, "x")) || math.IsNaN(p99) || math.IsNaN(mean) {
				t.Errorf("%s at %v: interactivity, mean and p99 TTFT %v %v %v: want every figure the file gives", s.Name, conc, pd.cell(pt, "x"), mean, p99)
			}
			if strings.HasPrefix(s.Name, "H100") && conc == 16 {
				lacking++
				if !math.IsNaN(med) {
					t.Errorf("%s at %v: median TTFT %v, want none: the file reports no median", s.Name, conc, med)
				}
				continue
			}
			having++
			if want := (50 + conc) / 1000; math.Abs(med-want) > 1e-9 {
				t.Errorf("%s at %v: median TTFT %v, want the file's p50, %v s", s.Name, conc, med, want)
			}
		}
	}
	if lacking != 1 || having != 4 {
		t.Errorf("%d points lack a median TTFT and %d have it, want 1 and 4", lacking, having)
	}
	page, _ := files.Get(testsite.MediansPage + "index.html")
	if !strings.Contains(string(page), `<option value="median_ttft">`) {
		t.Error("the page's x axis menu does not offer the median TTFT")
	}
	csv, _ := files.Get(testsite.MediansPage + "data.csv")
	if !strings.Contains(string(csv), "median_ttft") {
		t.Error("data.csv has no median_ttft column")
	}
}

// TestXAxisNotOfferedWhenNoPointHasIt: when no run reports a median TTFT, the page offers no
// median TTFT axis, and still offers the p99 TTFT every run reports.
func TestXAxisNotOfferedWhenNoPointHasIt(t *testing.T) {
	t.Parallel()
	_, pd := buildMedians(t, "h100/c4", "h100/c8", "h100/c16", "b200/c4", "b200/c8")
	var keys []string
	for _, x := range pd.XAxes {
		keys = append(keys, x.Key)
	}
	if slices.Contains(keys, "median_ttft") || !slices.Contains(keys, "p99_ttft") || slices.Contains(pd.Cols, "median_ttft") {
		t.Errorf("x axes %v, cols %v: want p99 TTFT and no median TTFT", keys, pd.Cols)
	}
}

// buildNoMedianTPOT builds testsite.NoMedianTPOT(lack...): it returns the files, the report and
// the build's error.
func buildNoMedianTPOT(t *testing.T, lack ...string) (*Files, *Report, error) {
	t.Helper()
	fsys, toml := testsite.NoMedianTPOT(lack...)
	cfg, ps := ParseConfig("frontier.toml", toml)
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	return build(t, fsys, cfg)
}

// TestPointWithoutMedianTPOTKept: one AIPerf run gives no median TPOT. Its point is kept with
// every other figure (median TTFT, p90 interactivity, throughput) and has no median
// interactivity: null x in page.json and data.json, an empty cell in data.csv, no frontier, no
// point in the inference view (where x is required), [null, y] in the chart's option; the
// build warns, naming the file.
func TestPointWithoutMedianTPOTKept(t *testing.T) {
	t.Parallel()
	const file = "data/aiperf/h100/c16/profile_export_aiperf.json"
	files, report, err := buildNoMedianTPOT(t, "h100/c16")
	if err != nil {
		t.Fatal(err)
	}
	if report == nil || len(report.Warnings) != 1 || !strings.HasPrefix(report.Warnings[0].String(), file+": inter_token_latency.p50: warning: no median time per output token (the file gives its mean, p90, p99, std only)") {
		t.Errorf("warnings %v: want one naming %s and what it gives", report.Warnings, file)
	}
	b, _ := files.Get(testsite.MediansPage + "page.json")
	var pd pageData
	if err := json.Unmarshal(b, &pd); err != nil {
		t.Fatal(err)
	}
	rows := fullPageRows(t, files, testsite.MediansPage)
	lacking := 0
	for i, s := range pd.Series {
		for j, pt := range rows[i] {
			conc := pd.cell(pt, "conc")
			x, ttft, p90 := pd.cell(pt, "x"), pd.cell(pt, "median_ttft"), pd.cell(pt, "p90_intvty")
			if math.IsNaN(ttft) || math.IsNaN(p90) || math.IsNaN(pd.cell(pt, "tpPerGpu")) {
				t.Errorf("%s at %v: median TTFT %v, p90 interactivity %v: want every figure the file gives", s.Name, conc, ttft, p90)
			}
			if !strings.HasPrefix(s.Name, "H100") || conc != 16 {
				if math.IsNaN(x) {
					t.Errorf("%s at %v: no x", s.Name, conc)
				}
				continue
			}
			lacking++
			if !math.IsNaN(x) || pt[slices.Index(pd.Cols, "x")] != nil {
				t.Errorf("%s at %v: x %v, want null: the file gives no median TPOT", s.Name, conc, x)
			}
			if slices.Contains(s.Frontier, j) {
				t.Errorf("%s: frontier %v holds the point with no x (%d)", s.Name, s.Frontier, j)
			}
		}
	}
	if lacking != 1 {
		t.Fatalf("%d points lack x, want 1", lacking)
	}

	var data struct {
		Series []struct {
			Name   string `json:"name"`
			Points []struct {
				X           *float64 `json:"x"`
				Concurrency int64    `json:"concurrency"`
				Frontier    bool     `json:"frontier"`
			} `json:"points"`
		} `json:"series"`
	}
	dj, _ := files.Get(testsite.MediansPage + "data.json")
	if err := json.Unmarshal(dj, &data); err != nil {
		t.Fatal(err)
	}
	nulls := 0
	for _, s := range data.Series {
		for _, p := range s.Points {
			if p.X == nil {
				nulls++
				if p.Concurrency != 16 || p.Frontier {
					t.Errorf("data.json: %s at %d: x null, frontier %t", s.Name, p.Concurrency, p.Frontier)
				}
			}
		}
	}
	if nulls != 1 {
		t.Errorf("data.json: %d points with x null, want 1", nulls)
	}
	csv, _ := files.Get(testsite.MediansPage + "data.csv")
	if n := strings.Count(string(csv), ",16,,,"); n != 1 { // concurrency 16, no TP (not stated), no x
		t.Errorf("data.csv: %d rows at concurrency 16 with an empty x, want 1:\n%s", n, csv)
	}
	if strings.Contains(string(csv), "NaN") {
		t.Errorf("data.csv writes NaN:\n%s", csv)
	}

	var view struct {
		Count  int `json:"count"`
		Series []struct {
			Points []struct {
				Concurrency int64 `json:"concurrency"`
			} `json:"points"`
		} `json:"series"`
	}
	vj, ok := files.Get("api/v1/views/qwen3-8b/1k-1k/fp8.json")
	if !ok {
		t.Fatal("no inference view")
	}
	if err := json.Unmarshal(vj, &view); err != nil {
		t.Fatal(err)
	}
	if view.Count != 4 {
		t.Errorf("the view holds %d points, want the 4 with a median interactivity", view.Count)
	}

	page, _ := files.Get(testsite.MediansPage + "index.html")
	var opt struct {
		Series []struct {
			Type string  `json:"type"`
			Data [][]any `json:"data"`
		} `json:"series"`
	}
	if err := json.Unmarshal(scriptJSON(t, page, "chart-option"), &opt); err != nil {
		t.Fatal(err)
	}
	scatter, nullX := 0, 0
	for _, s := range opt.Series {
		for _, d := range s.Data {
			if s.Type == "scatter" {
				scatter++
			}
			if d[0] == nil {
				nullX++
				if s.Type != "scatter" {
					t.Errorf("a %s series holds a point with no x", s.Type)
				}
			}
		}
	}
	if scatter != 5 || nullX != 1 {
		t.Errorf("the chart's option holds %d points, %d with no x: want every point, one as [null, y]", scatter, nullX)
	}
}

// TestNoPointWithMedianTPOT: when no run of a page gives a median TPOT (runs that did not
// stream), the page is built all the same (it was refused before issue 44): it opens on median
// E2E latency, the first axis all its points have, draws them and their frontiers there, keeps
// the interactivity axis after it, and the build warns, naming the page.
func TestNoPointWithMedianTPOT(t *testing.T) {
	t.Parallel()
	files, rep, err := buildNoMedianTPOT(t, "h100/c4", "h100/c8", "h100/c16", "b200/c4", "b200/c8")
	if err != nil {
		t.Fatal(err)
	}
	want := "data/aiperf/b200/c4/profile_export_aiperf.json: warning: no point of the page Qwen3-8B 1k/1k has a median interactivity"
	if !slices.ContainsFunc(rep.Warnings, func(p problem.Problem) bool { return strings.HasPrefix(p.String(), want) }) {
		t.Errorf("warnings %v, want one starting %q", rep.Warnings, want)
	}
	b, _ := files.Get(testsite.MediansPage + "page.json")
	var pd pageData
	if err := json.Unmarshal(b, &pd); err != nil {
		t.Fatal(err)
	}
	if len(pd.XAxes) < 2 || pd.XAxes[0].Key != "median_e2el" || pd.DefaultX != "median_e2el" || !slices.ContainsFunc(pd.XAxes, func(x render.XAxisData) bool { return x.Col == "x" }) {
		t.Errorf("x axes %+v, default %q: want median E2E latency first and the default, interactivity still offered", pd.XAxes, pd.DefaultX)
	}
	if pd.X.Label == "" || !strings.Contains(pd.X.Label, "nteractivity") {
		t.Errorf("the page's own x is named %q, want interactivity's name", pd.X.Label)
	}
	html, _ := files.Get(testsite.MediansPage + "index.html")
	var opt struct {
		Series []struct {
			Type string      `json:"type"`
			Data [][]float64 `json:"data"`
		} `json:"series"`
	}
	if err := json.Unmarshal(testsite.ScriptJSON(t, html, "chart-option"), &opt); err != nil {
		t.Fatal(err)
	}
	drawn, lines := 0, 0
	for _, s := range opt.Series {
		for _, d := range s.Data {
			if s.Type == "scatter" && len(d) == 2 && d[0] > 0 {
				drawn++
			}
			if s.Type == "line" {
				lines++
			}
		}
	}
	if drawn == 0 || lines == 0 {
		t.Errorf("the chart's option draws %d points and %d frontier points on median E2E latency, want them all", drawn, lines)
	}
}
