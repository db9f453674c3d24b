package render

import (
	"bytes"
	"encoding/json"
	"html/template"
	"math"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/charts"

	"github.com/frontier-bench/frontier/site/input"
)

func TestFrameworkLabel(t *testing.T) {
	for _, tc := range []struct{ label, fw, want string }{
		{"B200 (TRTLLM, MTP)", "trt", "TRTLLM"},
		{"B300 (SGLang)", "sglang", "SGLang"},
		{"MI355X", "vllm", "vllm"},
		{"H100 ()", "trt", "trt"},
		{"X (, MTP)", "sglang", "sglang"},
	} {
		if got := frameworkLabel(&PageSeries{Label: tc.label, Framework: tc.fw}); got != tc.want {
			t.Errorf("frameworkLabel(%q, %q) = %q, want %q", tc.label, tc.fw, got, tc.want)
		}
	}
}

// FuzzPointsJSON checks that PointsJSON encodes a point exactly as encoding/json encodes the
// same values boxed in [][]any, which is what the page script and page.json readers were
// written against.
func FuzzPointsJSON(f *testing.F) {
	f.Add(int64(1), 3.2867501036848155, 10672.443754896221, 1e-7, 2e21, int64(64), int64(8), "2026-07-31", "28000000123")
	f.Add(int64(-5), 0.0, -0.0, 123456789.123456789, 5e-324, int64(0), int64(0), "", "run <1> & \"2\"\u2028\xff")
	f.Fuzz(func(t *testing.T, id int64, x, tp, out, in float64, conc, tpSize int64, date, run string) {
		for _, v := range []float64{x, tp, out, in} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Skip("the load stage accepts only finite numbers")
			}
		}
		pt := input.Point{ID: id, X: x, TpPerGpu: tp, OutputTputPerGpu: out, InputTputPerGpu: in, Concurrency: conc, TP: tpSize, Date: date, RunID: run}
		got, err := json.Marshal(PointsJSON{pts: []input.Point{pt, pt}})
		if err != nil {
			t.Fatal(err)
		}
		row := []any{id, charts.Round6(x), charts.Round6(tp), charts.Round6(out), charts.Round6(in), conc, tpSize, date, run}
		want, err := json.Marshal([][]any{row, row})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("PointsJSON gives\n%s\nencoding/json gives\n%s", got, want)
		}
	})
}

// rowTemplate is the points table's row as chart.html wrote it with a range over .Rows.
var rowTemplate = template.Must(template.New("rows").Parse(`{{range .}}
<tr data-series="{{.Series}}"><td>{{.Name}}</td><td>{{.Precision}}</td><td class="num">{{.Concurrency}}</td><td class="num">{{.TP}}</td><td class="num">{{.X}}</td><td class="num">{{.Total}}</td><td class="num">{{.Output}}</td><td class="num">{{.Input}}</td><td>{{if .Frontier}}yes{{end}}</td><td>{{.Date}}</td>{{if .Raw}}<td>{{.Topology}}</td><td>{{.Image}}</td>{{end}}{{if .Link}}<td><a href="{{.Link}}" rel="nofollow noopener">{{.RunID}}</a></td>{{else}}<td>{{.RunID}}</td>{{end}}</tr>
{{- end}}`))

// FuzzRowsHTML checks that rowsHTML escapes any strings exactly as html/template does.
func FuzzRowsHTML(f *testing.F) {
	f.Add("b200_trt@fp4", "B200 (TRT) FP4", "FP4", "12.5", "2026-07-31", "123", true)
	f.Add(`"><script>alert(1)</script>`, "a+b & 'c' <d>", "\x00", "-1", "\u2028", "\xff\xfe", false)
	f.Fuzz(func(t *testing.T, series, name, precision, x, date, run string, frontier bool) {
		rows := []rowView{{Series: series, Name: name, Precision: precision, Concurrency: 64, TP: -8,
			X: x, Total: x, Output: name, Input: series, Frontier: frontier, Date: date, RunID: run}}
		if frontier { // a raw row too: topology, image and the run as a link
			rows[0].Raw, rows[0].Topology, rows[0].Image, rows[0].Link = true, name, precision, "https://x/"+series
		}
		rows = append(rows, rows[0])
		var want strings.Builder
		if err := rowTemplate.Execute(&want, rows); err != nil {
			t.Fatal(err)
		}
		if got := string(rowsHTML(rows)); got != want.String() {
			t.Fatalf("rowsHTML gives\n%s\nhtml/template gives\n%s", got, want.String())
		}
	})
}
