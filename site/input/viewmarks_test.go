package input

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testsite"
)

// TestLoadDatasetReadsPointMarks: a view point's runs, range, requests and invalid mark become
// its Marks, the figures staying the view's; y's range is the view's metric's (tpPerGpu); a
// point that says none, or is of one run, has no spread.
func TestLoadDatasetReadsPointMarks(t *testing.T) {
	doc := testsite.Doc()
	testsite.Edit(t, doc, "series.0.points.0.runs", 3)
	testsite.Edit(t, doc, "series.0.points.0.range", map[string]any{
		"x": []any{9, 11}, "y": []any{950, 1050}, "outputTputPerGpu": []any{90, 110}, "ttft": []any{1, 2}})
	testsite.Edit(t, doc, "series.0.points.0.requests", map[string]any{"completed": 89, "attempted": 100, "success": 0.89})
	testsite.Edit(t, doc, "series.0.points.0.invalid", true)
	testsite.Edit(t, doc, "series.0.points.1.runs", 1)
	testsite.Edit(t, doc, "series.0.points.1.requests", map[string]any{"completed": 200, "attempted": 200})
	ds, ps := LoadDataset("data/x.json", testsite.Marshal(t, doc))
	if ds == nil || len(ps) > 0 {
		t.Fatalf("problems: %v", ps)
	}
	pt := &ds.Series[0].Points[0]
	if pt.Raw != nil || pt.X != 10 || pt.Y != 1000 || pt.TpPerGpu != 1000 {
		t.Errorf("point 1: raw %v, x %v, y %v, total %v; want no raw part and the view's figures", pt.Raw, pt.X, pt.Y, pt.TpPerGpu)
	}
	sp := pt.Spread()
	if sp == nil || sp.N() != 3 || len(sp.Runs) != 0 {
		t.Fatalf("point 1: spread %+v, want 3 runs, none of them listed", sp)
	}
	for _, c := range []struct {
		m      MetricID
		lo, hi float64
	}{{MMedianIntvty, 9, 11}, {MTputPerGPU, 950, 1050}, {MOutputTputPerGPU, 90, 110}} {
		if lo, hi, ok := sp.Range(c.m); !ok || lo != c.lo || hi != c.hi {
			t.Errorf("point 1: range of %s [%v, %v] (%v), want [%v, %v]", MetricNames[c.m], lo, hi, ok, c.lo, c.hi)
		}
	}
	if _, _, ok := sp.Range(MInputTputPerGPU); ok {
		t.Error("point 1: a range of input throughput, which the view does not give")
	}
	if q := pt.Requests(); q != (Requests{Completed: 89, Attempted: 100}) || !pt.Invalid() {
		t.Errorf("point 1: requests %+v, invalid %v; want 89 of 100, invalid", q, pt.Invalid())
	}
	one := &ds.Series[0].Points[1]
	if one.Spread() != nil || one.Spread().N() != 1 || one.Requests() != (Requests{Completed: 200, Attempted: 200}) || one.Invalid() {
		t.Errorf("point 2: spread %+v, requests %+v, invalid %v; want a single run of 200 of 200", one.Spread(), one.Requests(), one.Invalid())
	}
	if plain := &ds.Series[1].Points[0]; plain.Marks != nil {
		t.Errorf("point 3 says nothing of runs or requests, yet has marks %+v", plain.Marks)
	}
}

// TestLoadDatasetPointMarkProblems: a bad runs, range, requests or invalid is named by its
// JSON path; what the file says that cannot be shown as said is a warning.
func TestLoadDatasetPointMarkProblems(t *testing.T) {
	const f = "data/x.json: "
	const p = "series.0.points.0."
	tests := []struct {
		name    string
		changes map[string]any
		want    []string
		valid   bool
	}{
		{"no run", map[string]any{p + "runs": 0},
			[]string{f + "series[0].points[0].runs: want at least 1 run, got 0"}, false},
		{"runs as a string", map[string]any{p + "runs": "3"},
			[]string{f + `series[0].points[0].runs: want an integer, got "3"`}, false},
		{"range not a pair", map[string]any{p + "runs": 2, p + "range": map[string]any{"x": []any{9}}},
			[]string{f + "series[0].points[0].range.x: want [min, max], two numbers, got 1"}, false},
		{"range upside down", map[string]any{p + "runs": 2, p + "range": map[string]any{"x": []any{11, 9}}},
			[]string{f + "series[0].points[0].range.x: min 11 is above max 9"}, false},
		{"range of strings", map[string]any{p + "runs": 2, p + "range": map[string]any{"tpPerGpu": []any{"a", 2000}}},
			[]string{f + `series[0].points[0].range.tpPerGpu[0]: want a number, got "a"`}, false},
		{"range not an object", map[string]any{p + "runs": 2, p + "range": []any{1, 2}},
			[]string{f + "series[0].points[0].range: want an object, got an array"}, false},
		{"requests without attempted", map[string]any{p + "requests": map[string]any{"completed": 5}},
			[]string{f + "series[0].points[0].requests.attempted: missing required field"}, false},
		{"more completed than attempted", map[string]any{p + "requests": map[string]any{"completed": 120, "attempted": 100}},
			[]string{f + "series[0].points[0].requests.completed: 120 completed of 100 attempted: more than were sent"}, false},
		{"nothing attempted", map[string]any{p + "requests": map[string]any{"completed": 0, "attempted": 0}},
			[]string{f + "series[0].points[0].requests.attempted: want at least 1: a run that sent no request has no success to show"}, false},
		{"invalid as a string", map[string]any{p + "invalid": "yes"},
			[]string{f + `series[0].points[0].invalid: want true or false, got "yes"`}, false},
		{"success that disagrees", map[string]any{p + "requests": map[string]any{"completed": 89, "attempted": 100, "success": 0.5}},
			[]string{f + "series[0].points[0].requests.success: warning: 0.5 differs from completed / attempted (0.89); the counts are used"}, true},
		{"range of one run", map[string]any{p + "range": map[string]any{"x": []any{9, 11}}},
			[]string{f + "series[0].points[0].range: warning: a point of one run has no range (runs is 1 or absent): ignored"}, true},
		{"figure outside its range", map[string]any{p + "runs": 2, p + "range": map[string]any{"x": []any{11, 12}}},
			[]string{f + "series[0].points[0].range.x: warning: the point's 10 lies outside its range [11, 12]"}, true},
		{"y beside its metric's own", map[string]any{p + "runs": 2, p + "range": map[string]any{"y": []any{900, 1100}, "tpPerGpu": []any{950, 1050}}},
			[]string{f + "series[0].points[0].range.y: warning: differs from range.tpPerGpu; that one is used"}, true},
		{"unknown range keys and null marks are fine", map[string]any{p + "runs": nil, p + "invalid": nil, p + "requests": map[string]any{"completed": 1, "attempted": 1, "failed": 0},
			p + "range": map[string]any{"ttft": "whatever"}}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := testsite.Doc()
			for _, k := range slices.Sorted(maps.Keys(tt.changes)) {
				testsite.Edit(t, doc, k, tt.changes[k])
			}
			ds, ps := LoadDataset("data/x.json", testsite.Marshal(t, doc))
			got := testsite.ProblemLines(ps)
			if tt.want == nil {
				tt.want = []string{}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if (ds != nil) != tt.valid {
				t.Errorf("dataset returned = %v, want %v", ds != nil, tt.valid)
			}
		})
	}
}

// TestLoadDatasetPointMarkProblemsAllAtOnce: every bad mark of a file is reported together.
func TestLoadDatasetPointMarkProblemsAllAtOnce(t *testing.T) {
	doc := testsite.Doc()
	testsite.Edit(t, doc, "series.0.points.0.runs", -2)
	testsite.Edit(t, doc, "series.0.points.1.range", map[string]any{"x": []any{3, 1}})
	testsite.Edit(t, doc, "series.0.points.1.runs", 4)
	testsite.Edit(t, doc, "series.1.points.0.requests", map[string]any{"completed": 9, "attempted": 3})
	testsite.Edit(t, doc, "series.1.points.0.invalid", 1)
	ds, ps := LoadDataset("data/x.json", testsite.Marshal(t, doc))
	want := []string{
		"data/x.json: series[0].points[0].runs: must not be negative, got -2",
		"data/x.json: series[0].points[1].range.x: min 3 is above max 1",
		"data/x.json: series[1].points[0].invalid: want true or false, got 1",
		"data/x.json: series[1].points[0].requests.completed: 9 completed of 3 attempted: more than were sent",
	}
	if got := testsite.ProblemLines(ps); !slices.Equal(got, want) || ds != nil {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestLoadDatasetDuplicatesCompareMarks: a repeated point id with the same figures but other
// marks is a conflict, not a repeat.
func TestLoadDatasetDuplicatesCompareMarks(t *testing.T) {
	doc := testsite.Doc()
	same := testsite.Point(1, 10, 1000)
	same["invalid"] = true
	testsite.Edit(t, doc, "series.0.points.1", same)
	_, ps := LoadDataset("data/x.json", testsite.Marshal(t, doc))
	want := []string{"data/x.json: series[0].points[1].id: point 1 is also series[0].points[0], with different values"}
	if got := testsite.ProblemLines(ps); !slices.Equal(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
