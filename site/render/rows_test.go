package render

import (
	"html/template"
	"strings"
	"testing"
)

// rowTemplate is the points table's row as chart.html would write it with a range over .Rows
// (without the end tags HTML implies).
var rowTemplate = template.Must(template.New("rows").Parse(`{{range .}}
<tr><td>{{.Name}}<td>{{.Precision}}<td>{{if gt .Concurrency 0}}{{.Concurrency}}{{else}}{{.Rate}}{{end}}<td>{{if gt .TP 0}}{{.TP}}{{end}}<td>{{.X}}<td>{{.Total}}<td>{{.Output}}<td>{{.Input}}<td>{{if .Frontier}}yes{{end}}<td>{{.Date}}{{if .Raw}}<td>{{.Topology}}<td>{{.Image}}{{end}}{{if .Link}}<td><a href="{{.Link}}" rel="nofollow noopener">{{.RunID}}</a>{{else}}<td>{{.RunID}}{{end}}
{{- end}}`))

// FuzzRowsHTML checks that rowsHTML escapes any strings exactly as html/template does.
func FuzzRowsHTML(f *testing.F) {
	f.Add("b200_trt@fp4", "B200 (TRT) FP4", "FP4", "12.5", "2026-07-31", "123", true)
	f.Add(`"><script>alert(1)</script>`, "a+b & 'c' <d>", "\x00", "-1", "\u2028", "\xff\xfe", false)
	f.Fuzz(func(t *testing.T, series, name, precision, x, date, run string, frontier bool) {
		rows := []rowView{{Series: series, Name: name, Precision: precision, Concurrency: 64, TP: 8,
			X: x, Total: x, Output: name, Input: series, Frontier: frontier, Date: date, RunID: run}}
		if frontier { // a raw row too: topology, image and the run as a link
			rows[0].Raw, rows[0].Topology, rows[0].Image, rows[0].Link = true, name, precision, "https://x/"+series
		}
		rows = append(rows, rows[0])
		rows[1].Concurrency, rows[1].Rate = 0, x // a run by request rate: its rate in the cell
		rows[1].TP = 0                           // a file that gives no TP: an empty cell
		var want strings.Builder
		if err := rowTemplate.Execute(&want, rows); err != nil {
			t.Fatal(err)
		}
		if got := string(rowsHTML(rows)); got != want.String() {
			t.Fatalf("rowsHTML gives\n%s\nhtml/template gives\n%s", got, want.String())
		}
	})
}
