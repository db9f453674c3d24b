package render

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/input"
)

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
