package site

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testsite"
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
	_, pd := buildMedians(t, "h100/c4", "h100/c8", "h100/c16", "b200/c4", "b200/c8")
	var keys []string
	for _, x := range pd.XAxes {
		keys = append(keys, x.Key)
	}
	if slices.Contains(keys, "median_ttft") || !slices.Contains(keys, "p99_ttft") || slices.Contains(pd.Cols, "median_ttft") {
		t.Errorf("x axes %v, cols %v: want p99 TTFT and no median TTFT", keys, pd.Cols)
	}
}
