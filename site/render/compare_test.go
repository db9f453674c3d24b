package render

import (
	"bytes"
	"encoding/json/v2"
	"github.com/frontier-bench/frontier/site/page"
	"html/template"
	"maps"
	"math"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/site/compare"
)

// TestCompareChartsDrawEachGPUsLineOnce: a GPU's line, drawn once and kept for each of its
// pairs, reads the same on every compare page, named by its label, or by label and key where
// the other GPU has the same label (the legend goes by name).
func TestCompareChartsDrawEachGPUsLineOnce(t *testing.T) {
	side := func(key, label string, ys ...float64) *gpuSide {
		var pts []compare.Point
		for i, y := range ys {
			pts = append(pts, compare.Point{X: float64(10 * (i + 1)), Y: y, Config: label + " cfg"})
		}
		return &gpuSide{Key: key, Slug: key, Label: label, Color: "#123456", curve: compare.NewCurve(pts)}
	}
	a, b, c := side("h100", "H100", 900, 500, 100), side("h100-nvl", "H100", 800, 600, 200), side("mi300x", "MI300X <x>", 700, 400, 300)
	p := &page.Page{}
	type charts struct {
		Charts map[string]struct {
			Lines []struct {
				Name   string       `json:"name"`
				Points [][2]float64 `json:"points"`
				Marks  [][2]float64 `json:"marks"`
			} `json:"lines"`
		} `json:"charts"`
	}
	draw := func(x, y *gpuSide) charts {
		t.Helper()
		doc, _, err := compareCharts(english(), p, x, y, "throughput", "tok/s/GPU")
		if err != nil {
			t.Fatal(err)
		}
		js, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		var out charts
		if err := json.Unmarshal(js, &out); err != nil {
			t.Fatalf("%v: %s", err, js)
		}
		return out
	}
	ab, ac, bc := draw(a, b), draw(a, c), draw(b, c)
	names := func(cs charts) []string {
		var out []string
		for _, l := range cs.Charts["versus-chart"].Lines {
			out = append(out, l.Name)
		}
		return out
	}
	for _, tc := range []struct {
		cs   charts
		want [2]string
	}{{ab, [2]string{"H100", "H100 (h100-nvl)"}}, {ac, [2]string{"H100", "MI300X <x>"}}, {bc, [2]string{"H100", "MI300X <x>"}}} {
		if got := names(tc.cs); len(got) != 2 || got[0] != tc.want[0] || got[1] != tc.want[1] {
			t.Errorf("versus lines %q, want %q", got, tc.want)
		}
	}
	lineOf := func(cs charts, i int) string {
		b, _ := json.Marshal(cs.Charts["versus-chart"].Lines[i].Points)
		m, _ := json.Marshal(cs.Charts["versus-chart"].Lines[i].Marks)
		return string(b) + string(m)
	}
	if lineOf(ab, 0) != lineOf(ac, 0) || lineOf(ac, 1) != lineOf(bc, 1) || lineOf(ab, 1) != lineOf(bc, 0) {
		t.Errorf("a GPU's line differs between its pairs")
	}
	if len(ab.Charts["versus-chart"].Lines[0].Marks) != 3 || len(ab.Charts["versus-chart"].Lines[0].Points) == 0 {
		t.Errorf("H100's line: %d marks, %d points", len(ab.Charts["versus-chart"].Lines[0].Marks), len(ab.Charts["versus-chart"].Lines[0].Points))
	}
}

// TestCompareJSONValues: compare.json, decoded, holds the document's values: hostile and
// non-ASCII strings, numbers of every size, nulls where a curve does not reach, no refs at
// all; indented by two spaces and ending with a newline, the same bytes on every encoding.
func TestCompareJSONValues(t *testing.T) {
	hostile := "</script><!-- & \"q\" \\ \u2028 \u00e9 中 \xff \x01"
	f := func(v float64) *float64 { return &v }
	s := func(v string) *string { return &v }
	docs := []compareDoc{
		{},
		{Refs: []compareRef{}},
		{Model: hostile, Sequence: "1k/1k", Date: "2026-01-02", Metric: "tpPerGpu",
			A: compareGPU{"b200", hostile}, B: compareGPU{hostile, "MI355X"},
			Refs: []compareRef{
				{X: 20, A: f(5210.123456789), B: f(2740), Ratio: f(5210.123456789 / 2740), AConfig: s(hostile), BConfig: s("MI355X (vLLM) FP4")},
				{X: 1e-7, A: nil, B: f(1e21), Ratio: nil, AConfig: nil, BConfig: s("")},
				{X: math.MaxFloat64, A: f(-0.000001), B: nil, Ratio: nil, AConfig: s("x"), BConfig: nil},
				{},
			}},
	}
	valid := func(s string) string { return strings.ToValidUTF8(s, "\uFFFD") }
	for i, d := range docs {
		b, err := compareJSON(&d)
		if err != nil {
			t.Fatal(err)
		}
		if again, _ := compareJSON(&d); !bytes.Equal(b, again) {
			t.Errorf("doc %d: two encodings differ", i)
		}
		if !bytes.HasPrefix(b, []byte("{\n  \"model\": ")) || !bytes.HasSuffix(b, []byte("\n}\n")) {
			t.Errorf("doc %d: want an object indented by two spaces and a newline, got\n%s", i, b)
		}
		// Every member, nulls included, decoded as it was meant.
		var got struct {
			Model    string            `json:"model"`
			Sequence string            `json:"sequence"`
			Date     string            `json:"date"`
			Metric   string            `json:"metric"`
			A        compareGPU        `json:"a"`
			B        compareGPU        `json:"b"`
			Refs     *[]map[string]any `json:"refs"`
		}
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("doc %d: %v\n%s", i, err, b)
		}
		if got.Model != valid(d.Model) || got.Sequence != d.Sequence || got.Date != d.Date || got.Metric != d.Metric ||
			got.A.GPU != d.A.GPU || got.A.Label != valid(d.A.Label) || got.B.GPU != valid(d.B.GPU) || got.B.Label != d.B.Label {
			t.Errorf("doc %d: %+v, want %+v", i, got, d)
		}
		if (got.Refs == nil) != (d.Refs == nil) || got.Refs != nil && len(*got.Refs) != len(d.Refs) {
			t.Fatalf("doc %d: refs %v, want %v", i, got.Refs, d.Refs)
		}
		for j, r := range d.Refs {
			g := (*got.Refs)[j]
			num := func(v *float64) any {
				if v == nil {
					return nil
				}
				return *v
			}
			str := func(v *string) any {
				if v == nil {
					return nil
				}
				return valid(*v)
			}
			want := map[string]any{"x": r.X, "a": num(r.A), "b": num(r.B), "ratio": num(r.Ratio), "aConfig": str(r.AConfig), "bConfig": str(r.BConfig)}
			if !maps.Equal(g, want) {
				t.Errorf("doc %d ref %d: %v, want %v", i, j, g, want)
			}
		}
	}
}

// TestOtherComparisonsWrittenOnceReadAsInline: the other comparisons a compare page lists,
// each written once per chart page by compare.html's "compare-other" (otherItems), are the
// bytes the list's own markup, escaped by html/template where it stands, gave for the same
// links, hostile labels and URLs included.
func TestOtherComparisonsWrittenOnceReadAsInline(t *testing.T) {
	r, _, _ := accuracySite(t, nil)
	links := []compareLink{
		{Label: "B200 vs H100", URL: "/m/1k/compare/b200-vs-h100/"},
		{Label: `</li><script>alert(1)</script> & "q" 'a' +`, URL: `javascript:alert(1)`},
		{Label: "x\u2028y é 中文", URL: `/a b/"q"/<x>/?p=1&q='2'#f`},
	}
	if err := r.otherItems(links); err != nil {
		t.Fatal(err)
	}
	inline := template.Must(template.New("list").Parse("<ul>\n{{- range .}}\n<li><a href=\"{{.URL}}\">{{.Label}}</a></li>\n{{- end}}\n</ul>"))
	items := template.Must(template.New("list").Parse("<ul>\n{{- range .}}\n{{.Item}}\n{{- end}}\n</ul>"))
	var want, got bytes.Buffer
	if err := inline.Execute(&want, links); err != nil {
		t.Fatal(err)
	}
	if err := items.Execute(&got, links); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Errorf("written once:\n%s\ninline:\n%s", &got, &want)
	}
	if strings.Contains(got.String(), "<script>") || strings.Contains(got.String(), "javascript:") {
		t.Errorf("a hostile link reached the page as markup: %s", &got)
	}
}
