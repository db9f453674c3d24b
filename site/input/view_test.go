package input

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testsite"
)

// ---- The seed ----

func TestLoadDatasetSeed(t *testing.T) {
	ds, ps := LoadDataset("data/deepseek-v4-pro_8k-1k_fp4.json", testsite.SeedJSON(t))
	if len(ps) > 0 {
		t.Fatalf("problems:\n%v", ps)
	}
	if ds == nil {
		t.Fatal("no dataset")
	}
	points, frontier := 0, 0
	for _, s := range ds.Series {
		points += len(s.Points)
		for _, p := range s.Points {
			if p.Frontier {
				frontier++
			}
		}
	}
	gotCounts := [4]int{len(ds.Series), points, frontier, len(ds.Hardware)}
	if want := [4]int{11, 120, 102, 11}; gotCounts != want {
		t.Errorf("series, points, frontier flags, hardware = %v, want %v", gotCounts, want)
	}
	got := []string{ds.Model, ds.Sequence, ds.Date, strings.Join(ds.Precisions, ","), ds.Path}
	want := []string{"DeepSeek-V4-Pro", "8k/1k", "2026-07-31", "fp4", ""}
	if !slices.Equal(got, want) {
		t.Errorf("model, sequence, date, precisions, path = %q, want %q", got, want)
	}
	wantMetric := Metric{Key: "tpPerGpu", Label: "Token Throughput per Chip (tok/s/chip)",
		LabelZh: "每芯片 token 吞吐量（tok/s/chip）", Unit: "tok/s/chip"}
	if ds.Metric != wantMetric {
		t.Errorf("metric = %+v, want %+v", ds.Metric, wantMetric)
	}
	wantX := XAxis{Mode: "interactivity", Field: "median_intvty", Label: "Interactivity (tok/s/user)"}
	if ds.XAxis != wantX {
		t.Errorf("xAxis = %+v, want %+v", ds.XAxis, wantX)
	}
	if want := (Hardware{Key: "b300_sglang", Label: "B300 (SGLang)", Vendor: "NVIDIA"}); ds.Hardware[0] != want {
		t.Errorf("hardware[0] = %+v, want %+v", ds.Hardware[0], want)
	}
	s := ds.Series[0]
	gotS := []string{s.HWKey, s.GPU, s.Framework, s.SpecMethod, s.Label, s.Vendor, s.Deployment}
	wantS := []string{"b300_sglang", "b300", "sglang", "none", "B300 (SGLang)", "NVIDIA", "single-node"}
	if !slices.Equal(gotS, wantS) || s.BestPerSku {
		t.Errorf("series[0] = %q bestPerSku %v, want %q false", gotS, s.BestPerSku, wantS)
	}
	wantP := Point{ID: 429921, Precision: "fp4", X: 3.2867501036848155, Y: 10672.443754896221,
		Concurrency: 4096, TP: 64, Date: "2026-06-26", RunID: "28078823761", Frontier: true,
		TpPerGpu: 10672.443754896221, OutputTputPerGpu: 1185.5670221305759, InputTputPerGpu: 9486.876732765646}
	if s.Points[0] != wantP {
		t.Errorf("series[0].points[0] =\n%+v, want\n%+v", s.Points[0], wantP)
	}
}

func TestLoadDatasetTestDocIsValid(t *testing.T) {
	ds, ps := LoadDataset("data/x.json", testsite.Marshal(t, testsite.Doc()))
	if len(ps) > 0 || ds == nil {
		t.Fatalf("problems:\n%v", ps)
	}
	if got, want := ds.Series[1].SpecMethod, "mtp"; got != want {
		t.Errorf("specMethod = %q, want %q", got, want)
	}
}

// ---- One test per class of problem, with the exact text ----

func TestLoadDatasetProblems(t *testing.T) {
	const f = "data/x.json: "
	type change struct {
		path string
		v    any
	}
	raw := testsite.RawJSON
	tests := []struct {
		name    string
		changes []change
		want    []string
		valid   bool // the dataset survives: only warnings
	}{
		{"number given as a string", []change{{"series.0.points.1.y", "fast"}},
			[]string{f + `series[0].points[1].y: want a number, got "fast"`}, false},
		{"NaN as a string is a type error", []change{{"series.0.points.0.x", "NaN"}},
			[]string{f + `series[0].points[0].x: want a number, got "NaN"`}, false},
		{"number too big for a float", []change{{"series.1.points.0.y", raw("1e999")}},
			[]string{f + `series[1].points[0].y: number 1e999 is out of range`}, false},
		{"negative x", []change{{"series.0.points.0.x", -2.5}},
			[]string{f + `series[0].points[0].x: must not be negative, got -2.5`}, false},
		{"negative y", []change{{"series.0.points.0.y", -1}},
			[]string{f + `series[0].points[0].y: must not be negative, got -1`}, false},
		{"negative metric", []change{{"series.0.points.0.metrics.inputTputPerGpu", -3}},
			[]string{f + `series[0].points[0].metrics.inputTputPerGpu: must not be negative, got -3`}, false},
		{"required number is null", []change{{"series.0.points.0.x", nil}},
			[]string{f + `series[0].points[0].x: want a number, got null`}, false},
		{"optional fields may be null", []change{{"series.0.points.0.concurrency", nil},
			{"series.0.points.0.runId", nil}, {"series.0.vendor", nil}, {"metric.unit", nil}}, nil, true},
		{"fractional id", []change{{"series.0.points.0.id", 1.5}},
			[]string{f + `series[0].points[0].id: want an integer, got 1.5`}, false},
		{"integral id in exponent form is fine", []change{{"series.0.points.0.id", raw("1e3")}}, nil, true},
		{"id too big", []change{{"series.0.points.0.id", raw("99999999999999999999")}},
			[]string{f + `series[0].points[0].id: integer 99999999999999999999 is out of range`}, false},
		{"negative concurrency", []change{{"series.0.points.0.concurrency", -4}},
			[]string{f + `series[0].points[0].concurrency: must not be negative, got -4`}, false},
		{"id as a string", []change{{"series.0.points.0.id", "7"}},
			[]string{f + `series[0].points[0].id: want an integer, got "7"`}, false},
		{"string given as a number", []change{{"params.model", 42}},
			[]string{f + `params.model: want a string, got 42`}, false},
		{"empty required string", []change{{"series.1.gpu", " "}},
			[]string{f + `series[1].gpu: must not be empty`}, false},
		{"object given as an array", []change{{"params", []any{}}},
			[]string{f + `params: want an object, got an array`}, false},
		{"array given as an object", []change{{"series.0.points", map[string]any{}}},
			[]string{f + `series[0].points: want an array, got an object`}, false},
		{"boolean given as a string", []change{{"series.0.points.0.frontier", "yes"}},
			[]string{f + `series[0].points[0].frontier: want true or false, got "yes"`}, false},
		{"run id of the wrong type", []change{{"series.0.points.0.runId", true}},
			[]string{f + `series[0].points[0].runId: want a number, a string or null, got true`}, false},
		{"long values are shortened", []change{{"params.date", strings.Repeat("x", 60)}},
			[]string{f + `params.date: want a date as YYYY-MM-DD, got "` + strings.Repeat("x", 39) + `…"`}, false},
		{"date in another format", []change{{"series.0.points.0.date", "2026/07/01"}},
			[]string{f + `series[0].points[0].date: want a date as YYYY-MM-DD, got "2026/07/01"`}, false},
		{"date that does not exist", []change{{"params.date", "2026-02-29"}},
			[]string{f + `params.date: want a date as YYYY-MM-DD, got "2026-02-29"`}, false},
		{"missing required fields", []change{{"params.model", testsite.Deleted}, {"xAxis.label", testsite.Deleted},
			{"series.0.points.1.precision", testsite.Deleted}, {"hardware.1", map[string]any{"vendor": "AMD"}}},
			[]string{ // in file order (the encoder sorts keys)
				f + `hardware[1].key: missing required field`,
				f + `hardware[1].label: missing required field`,
				f + `params.model: missing required field`,
				f + `series[0].points[1].precision: missing required field`,
				f + `series[1].hwKey: "b300_trt" is not in hardware[]`,
				f + `xAxis.label: missing required field`,
			}, false},
		{"missing top-level sections", []change{{"metric", testsite.Deleted}, {"hardware", testsite.Deleted}},
			[]string{
				f + `metric: missing required field`,
				f + `hardware: missing required field`,
				f + `series[0].hwKey: "b200_vllm" is not in hardware[]`,
				f + `series[1].hwKey: "b300_trt" is not in hardware[]`,
			}, false},
		{"hwKey missing from hardware", []change{{"series.1.hwKey", "h100_sglang"}},
			[]string{f + `series[1].hwKey: "h100_sglang" is not in hardware[]`}, false},
		{"hardware key given twice", []change{{"hardware.1.key", "b200_vllm"}},
			[]string{
				f + `hardware[1].key: hardware key "b200_vllm" is also hardware[0]`,
				f + `series[1].hwKey: "b300_trt" is not in hardware[]`,
			}, false},
		{"same id, different values", []change{{"series.1.points.0.id", 1}},
			[]string{f + `series[1].points[0].id: point 1 is also series[0].points[0], with different values`}, false},
		{"same id, same values", []change{{"series.0.points.1", testsite.Point(1, 10, 1000)}},
			[]string{f + `series[0].points[1].id: warning: point 1 repeats series[0].points[0] exactly; kept once`}, true},
		{"same values in another series is a conflict", []change{{"series.1.points.0", testsite.Point(1, 10, 1000)}},
			[]string{f + `series[1].points[0].id: point 1 is also series[0].points[0], with different values`}, false},
		{"another view", []change{{"view", "table"}, {"params", testsite.Deleted}},
			[]string{f + `view: want "inference", got "table"`}, false},
		{"another api version", []change{{"apiVersion", "v2"}, {"series.0.points.0.x", "bad"}},
			[]string{f + `apiVersion: want "v1", got "v2"`}, false},
		{"no series is a warning", []change{{"series", []any{}}},
			[]string{f + `series: warning: no series: this file adds nothing to the site`}, true},
		{"no points is a warning", []change{{"series.1.points", []any{}}},
			[]string{f + `series[1].points: warning: no points`}, true},
		{"y disagrees with its metric", []change{{"series.1.points.0.metrics.tpPerGpu", 1400}},
			[]string{f + `series[1].points[0].y: warning: 1500 differs from metrics.tpPerGpu (1400)`}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := testsite.Doc()
			for _, c := range tt.changes {
				testsite.Edit(t, doc, c.path, c.v)
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

func TestLoadDatasetKeepsOneOfIdenticalDuplicates(t *testing.T) {
	doc := testsite.Doc()
	testsite.Edit(t, doc, "series.0.points.1", testsite.Point(1, 10, 1000))
	ds, _ := LoadDataset("data/x.json", testsite.Marshal(t, doc))
	if ds == nil {
		t.Fatal("no dataset")
	}
	if got := len(ds.Series[0].Points); got != 1 {
		t.Errorf("series[0] has %d points, want 1", got)
	}
}

func TestLoadDatasetReportsEveryProblem(t *testing.T) {
	doc := testsite.Doc()
	testsite.Edit(t, doc, "params.sequence", 8)
	testsite.Edit(t, doc, "series.0.points.0.y", "fast")
	testsite.Edit(t, doc, "series.0.points.1.x", -1)
	testsite.Edit(t, doc, "series.0.points.1.tp", 2.5)
	testsite.Edit(t, doc, "series.1.hwKey", "mi355x_sglang")
	testsite.Edit(t, doc, "series.1.points.0.metrics", "none")
	ds, ps := LoadDataset("data/x.json", testsite.Marshal(t, doc))
	want := []string{
		"data/x.json: params.sequence: want a string, got 8",
		`data/x.json: series[0].points[0].y: want a number, got "fast"`,
		"data/x.json: series[0].points[1].tp: want an integer, got 2.5",
		"data/x.json: series[0].points[1].x: must not be negative, got -1",
		`data/x.json: series[1].hwKey: "mi355x_sglang" is not in hardware[]`,
		`data/x.json: series[1].points[0].metrics: want an object, got "none"`,
	}
	if got := testsite.ProblemLines(ps); !slices.Equal(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if ds != nil {
		t.Error("a dataset with errors was returned")
	}
}

func TestLoadDatasetTextProblems(t *testing.T) {
	// Cases the JSON encoder cannot write: keys given twice, escapes, other formats.
	tests := []struct {
		name, in string
		want     []string
	}{
		{"not an object", `[1, 2]`, []string{"data/x.json: want an object, got an array"}},
		{"some other JSON file", `{"name": "pkg", "version": "1.0.0"}`, []string{
			`data/x.json: view: missing required field (want "inference")`,
			`data/x.json: apiVersion: missing required field (want "v1")`,
		}},
		{"field given twice", `{"view": "inference", "view": "inference", "apiVersion": "v1",
			"params": {"model": "M", "sequence": "1k/1k", "date": "2026-01-01"}, "metric": {"key": "tpPerGpu"},
			"xAxis": {"label": "x"}, "hardware": [], "series": []}`, []string{
			`data/x.json: view: warning: given twice; the last one counts`,
			`data/x.json: series: warning: no series: this file adds nothing to the site`,
		}},
		{"view of the wrong type", `{"view": 1, "apiVersion": "v1", "params": 1}`, []string{
			`data/x.json: view: want a string, got 1`,
		}},
		{"points given twice: the last one counts", `{"view": "inference", "apiVersion": "v1",
			"params": {"model": "M", "sequence": "1k/1k", "date": "2026-01-01"}, "metric": {"key": "tpPerGpu"},
			"xAxis": {"label": "x"}, "hardware": [{"key": "h", "label": "H"}], "series": [{"hwKey": "h", "gpu": "g",
			"framework": "f", "label": "H", "points": [{"id": 1, "x": 1, "y": 2, "precision": "fp8"}, {"id": 2, "x": 1, "y": "bad", "precision": "fp8"}],
			"points": [{"id": 2, "x": 1, "y": -2, "precision": "fp8"}]}]}`, []string{
			`data/x.json: series[0].points[1].y: want a number, got "bad"`,
			`data/x.json: series[0].points: warning: given twice; the last one counts`,
			`data/x.json: series[0].points[0].y: must not be negative, got -2`,
		}},
		{"escaped key and value", `{"vi\u0065w": "infer\u0065nce", "apiVersion": "v1", "params": 1}`, []string{
			`data/x.json: metric: missing required field`, // missing fields sit at the object's start
			`data/x.json: xAxis: missing required field`,
			`data/x.json: hardware: missing required field`,
			`data/x.json: series: missing required field`,
			`data/x.json: params: want an object, got 1`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ps := LoadDataset("data/x.json", []byte(tt.in))
			if got := testsite.ProblemLines(ps); !slices.Equal(got, tt.want) {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestLoadDatasetSyntaxErrors(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"empty file", "", "data/x.json:1:1: unexpected end of JSON input"},
		{"truncated", "{\n  \"view\": \"inference\",\n  \"series\": [\n", "data/x.json:4:1: unexpected end of JSON input"},
		{"truncated string", `{"view": "infer`, "data/x.json:1:16: unexpected end of JSON input"},
		{"missing colon", "{\n  \"a\": 1,\n  \"b\" 2}", "data/x.json:3:7: invalid character '2' after object key"},
		{"trailing comma", "{\"a\": [1, 2,]}", "data/x.json:1:13: invalid character ']' looking for beginning of value"},
		{"missing comma", "{\"a\": 1\n \"b\": 2}", "data/x.json:2:2: invalid character '\"' after object key:value pair"},
		{"bad literal", `{"a": tru}`, "data/x.json:1:10: invalid character '}' in literal true (expecting 'e')"},
		{"column counts characters", "{\"label\": \"每芯片\" x}", "data/x.json:1:17: invalid character 'x' after object key:value pair"},
		{"newline in string", "{\"a\": \"x\ny\"}", `data/x.json:1:9: invalid character '\n' in string literal`},
		{"bad escape", `{"a": "\q"}`, "data/x.json:1:9: invalid character 'q' in string escape code"},
		{"bad number", `{"a": -x}`, "data/x.json:1:8: invalid character 'x' in numeric literal"},
		{"leading zero", `{"a": 01}`, "data/x.json:1:8: invalid character '1' after object key:value pair"},
		{"second value", "{}\n{}", "data/x.json:2:1: invalid character '{' after top-level value"},
		{"NaN literal", `{"a": NaN}`, "data/x.json:1:7: invalid character 'N' looking for beginning of value"},
		{"too deep", strings.Repeat("[", maxDepth+1), fmt.Sprintf("data/x.json:1:%d: exceeded max depth of 10000 nested objects and arrays", maxDepth+1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ds, ps := LoadDataset("data/x.json", []byte(tt.in))
			if got := testsite.ProblemLines(ps); !slices.Equal(got, []string{tt.want}) {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), tt.want)
			}
			if ds != nil {
				t.Error("a dataset was returned")
			}
		})
	}
}

func TestLoadDatasetSyntaxErrorsMatchEncodingJSON(t *testing.T) {
	// Our messages follow encoding/json's, so authors who know one know the other. (Since Go
	// 1.27 encoding/json words a bad escape its own way, "invalid escape sequence `\q` in
	// string"; authors keep the wording they know, which TestLoadDatasetSyntaxErrors holds.)
	for _, in := range []string{`{"a": tru}`, `{"a" 1}`, `[1,]`, `{} x`, `{"a": 1 "b"}`} {
		err := json.Unmarshal([]byte(in), new(any))
		var se *json.SyntaxError
		if !errors.As(err, &se) {
			t.Fatalf("%s: encoding/json says %v", in, err)
		}
		_, ps := LoadDataset("x", []byte(in))
		if len(ps) != 1 || ps[0].Msg != se.Error() {
			t.Errorf("%s: got %v, encoding/json says %q", in, ps, se.Error())
		}
	}
}

func TestLoadDatasetRunID(t *testing.T) {
	tests := []struct {
		v    any
		want string
	}{
		{json.RawMessage("28078823761"), "28078823761"},
		{json.RawMessage("2.8e10"), "2.8e10"},
		{"run-7", "run-7"},
		{"caf\u00e9", "café"},
		{nil, ""},
		{testsite.Deleted, ""},
	}
	for _, tt := range tests {
		doc := testsite.Doc()
		testsite.Edit(t, doc, "series.0.points.0.runId", tt.v)
		ds, ps := LoadDataset("data/x.json", testsite.Marshal(t, doc))
		if ds == nil {
			t.Fatalf("runId %v: %v", tt.v, ps)
		}
		if got := ds.Series[0].Points[0].RunID; got != tt.want {
			t.Errorf("runId %v = %q, want %q", tt.v, got, tt.want)
		}
	}
}

func TestLoadDatasetStringEscapes(t *testing.T) {
	in := `{"view": "inference", "apiVersion": "v1",
		"params": {"model": "A\"B\\C\/D\u00e9\ud83d\ude00\ud83d", "sequence": "1k/1k", "date": "2026-01-01"},
		"metric": {"key": "tpPerGpu", "label": "` + "\xff" + `"}, "xAxis": {"label": "x"}, "hardware": [], "series": []}`
	ds, _ := LoadDataset("x", []byte(in))
	if ds == nil {
		t.Fatal("no dataset")
	}
	var want struct {
		Params struct{ Model string }
		Metric struct{ Label string }
	}
	if err := json.Unmarshal([]byte(in), &want); err != nil {
		t.Fatal(err)
	}
	if ds.Model != want.Params.Model || ds.Metric.Label != want.Metric.Label {
		t.Errorf("model, label = %q, %q; encoding/json gives %q, %q", ds.Model, ds.Metric.Label, want.Params.Model, want.Metric.Label)
	}
}

func TestLoadDatasetMetricsFallback(t *testing.T) {
	// absent stands for a metric the point lacks (NaN), which no == matches.
	const absent = -1
	metrics := func(ds *Dataset) [][3]float64 {
		got := [][3]float64{}
		for _, s := range ds.Series {
			for _, p := range s.Points {
				m := [3]float64{p.TpPerGpu, p.OutputTputPerGpu, p.InputTputPerGpu}
				for i, v := range m {
					if math.IsNaN(v) {
						m[i] = absent
					}
				}
				got = append(got, m)
			}
		}
		return got
	}
	tests := []struct {
		name    string
		metric  string // metric.key
		changes map[string]any
		want    [][3]float64
		warns   []string
	}{
		{"the dataset's own metric comes from y", "tpPerGpu", map[string]any{
			"series.0.points.0.metrics": testsite.Deleted,
			"series.0.points.1.metrics": map[string]any{"outputTputPerGpu": 80, "inputTputPerGpu": 700},
			"series.1.points.0.metrics": testsite.Deleted,
		}, [][3]float64{{1000, absent, absent}, {800, 80, 700}, {1500, absent, absent}}, []string{
			"data/x.json: series[0].points[0].metrics.outputTputPerGpu: warning: missing here and in 1 more points, so absent: they are not shown on that metric",
			"data/x.json: series[0].points[0].metrics.inputTputPerGpu: warning: missing here and in 1 more points, so absent: they are not shown on that metric",
		}},
		{"the total is output plus input", "costPerMTok", map[string]any{
			"series.0.points.1.metrics": map[string]any{"outputTputPerGpu": 80, "inputTputPerGpu": 700},
		}, [][3]float64{{1000, 100, 900}, {780, 80, 700}, {1500, 150, 1350}}, []string{}},
		{"input is the total less output", "outputTputPerGpu", map[string]any{
			"series.0.points.0.y":       100,
			"series.0.points.0.metrics": map[string]any{"tpPerGpu": 1000},
		}, [][3]float64{{1000, 100, 900}, {800, 80, 720}, {1500, 150, 1350}}, []string{
			"data/x.json: series[0].points[1].y: warning: 800 differs from metrics.outputTputPerGpu (80)",
			"data/x.json: series[1].points[0].y: warning: 1500 differs from metrics.outputTputPerGpu (150)",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := testsite.Doc()
			testsite.Edit(t, doc, "metric.key", tt.metric)
			for p, v := range tt.changes {
				testsite.Edit(t, doc, p, v)
			}
			ds, ps := LoadDataset("data/x.json", testsite.Marshal(t, doc))
			if got := testsite.ProblemLines(ps); !slices.Equal(got, tt.warns) {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.warns, "\n"))
			}
			if ds == nil {
				t.Fatal("no dataset")
			}
			if got := metrics(ds); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("tpPerGpu, output, input = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestLoadDatasetDoesNotKeepTheInput(t *testing.T) {
	// Load reuses its read buffer across files, so a dataset must own its strings.
	b := testsite.SeedJSON(t)
	ds, _ := LoadDataset("x", b)
	for i := range b {
		b[i] = 'z'
	}
	if ds.Model != "DeepSeek-V4-Pro" || ds.Series[0].Points[0].RunID != "28078823761" || ds.Series[0].Label != "B300 (SGLang)" {
		t.Errorf("dataset changed with its input: %q %q %q", ds.Model, ds.Series[0].Points[0].RunID, ds.Series[0].Label)
	}
}

// ---- Benchmarks ----

func BenchmarkLoadDataset(b *testing.B) {
	data := testsite.SeedJSON(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if ds, ps := LoadDataset("x", data); ds == nil {
			b.Fatal(ps)
		}
	}
}

// BenchmarkDecodeReencodeBaseline is the yardstick of docs/development.md's performance budget on one file:
// decode the seed with encoding/json and encode it again.
func BenchmarkDecodeReencodeBaseline(b *testing.B) {
	data := testsite.SeedJSON(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
		if _, err := json.Marshal(v); err != nil {
			b.Fatal(err)
		}
	}
}
