package api

import (
	"github.com/frontier-bench/frontier/site/page"
	"testing"

	"github.com/frontier-bench/frontier/site/input"
)

func TestSchemaOfNamesEveryJSONFileKind(t *testing.T) {
	for name, want := range map[string]string{
		"api/v1/index.json":                                       "index",
		"api/v1/views/deepseek-v4-pro/8k-1k/fp4.json":             "view",
		"api/v1/history/deepseek-v4-pro/8k-1k.json":               "history",
		"api/v1/openapi.json":                                     "",
		"api/v1/schema/view.schema.json":                          "",
		"deepseek-v4-pro/8k-1k/data.json":                         "data",
		"zh/deepseek-v4-pro/8k-1k/page.json":                      "page",
		"deepseek-v4-pro/8k-1k/history/index.json":                "history-index",
		"deepseek-v4-pro/8k-1k/compare/b200-vs-b300/compare.json": "compare",
		"overview/overview.json":                                  "overview",
		"deepseek-v4-pro/8k-1k/data.csv":                          "",
		"deepseek-v4-pro/8k-1k/history/rows-0.json.gz":            "",
	} {
		if got := SchemaOf(name); got != want {
			t.Errorf("SchemaOf(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestRunIDIsANumberOnlyWhenItReadsBackTheSame(t *testing.T) {
	for in, want := range map[string]any{"": nil, "28078823761": int64(28078823761), "007": "007", "run-3": "run-3", "-0": "-0"} {
		if got := runID(in); got != want {
			t.Errorf("runID(%q) = %#v, want %#v", in, got, want)
		}
	}
}

// A view holds one precision's points only, and the series and hardware that have some.
func TestViewOfKeepsOnePrecision(t *testing.T) {
	p := &page.Page{Model: "M", Sequence: "1k/1k", Path: "m/1k-1k/", Precisions: []string{"fp4", "fp8"},
		Snapshots: []*page.Snapshot{{Date: "2026-01-02", Series: []*page.PageSeries{
			{Key: "b200@fp4", HWKey: "b200", GPU: "b200", Label: "B200", Precision: "fp4", Best: true,
				Points: []input.Point{{ID: 1, Precision: "fp4", X: 1, Y: 2}, {ID: 2, Precision: "fp4", X: 2, Y: 1}}, Frontier: []int{0, 1}},
			{Key: "h100@fp8", HWKey: "h100", GPU: "h100", Label: "H100", Precision: "fp8",
				Points: []input.Point{{ID: 3, Precision: "fp8", X: 1, Y: 1, RunID: "9"}}, Frontier: []int{0}},
		}}}}
	v := viewOf(p, []string{"fp8"})
	if len(v.Series) != 1 || v.Series[0].HWKey != "h100" || len(v.Hardware) != 1 || v.Hardware[0].Key != "h100" || v.Count != 1 {
		t.Fatalf("fp8 view: %+v", v)
	}
	if pt := v.Series[0].Points[0]; pt.ID != 3 || !pt.Frontier || pt.RunID != int64(9) {
		t.Errorf("fp8 point: %+v", pt)
	}
	v = viewOf(p, []string{"fp4"})
	if len(v.Series) != 1 || !v.Series[0].BestPerSku || !v.Series[0].Points[1].BestPerSku || v.Params.Date != "2026-01-02" {
		t.Errorf("fp4 view: %+v", v)
	}
}
