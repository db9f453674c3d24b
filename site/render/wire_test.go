package render

import (
	"encoding/json/jsontext"
	"encoding/json/v2"
	"math"
	"testing"
	"unicode/utf8"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/input"
)

// FuzzPointsJSON checks the values PointsJSON writes for a point, as the page script and
// page.json's readers decode them: the id, the four measurements rounded to what a reader can
// see (charts.Round6), concurrency, TP, date and run id, each point one array; and that a
// page with history (light) ends each point after TP.
func FuzzPointsJSON(f *testing.F) {
	f.Add(int64(1), 3.2867501036848155, 10672.443754896221, 1e-7, 2e21, int64(64), int64(8), "2026-07-31", "28000000123")
	f.Add(int64(-5), 0.0, -0.0, 123456789.123456789, 5e-324, int64(0), int64(0), "", "run <1> & \"2\"\u2028\xff")
	f.Add(int64(math.MaxInt64), math.MaxFloat64, 1e21, 999999.5, 1234567.0, int64(math.MinInt64), int64(1), "</script>", "\x00\\")
	f.Fuzz(func(t *testing.T, id int64, x, tp, out, in float64, conc, tpSize int64, date, run string) {
		for _, v := range []float64{x, tp, out, in} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Skip("the load stage accepts only finite numbers")
			}
		}
		pt := input.Point{ID: id, X: x, TpPerGpu: tp, OutputTputPerGpu: out, InputTputPerGpu: in, Concurrency: conc, TP: tpSize, Date: date, RunID: run}
		for _, light := range []bool{false, true} {
			b, err := marshalJSON(PointsJSON{pts: []input.Point{pt, pt}, light: light})
			if err != nil {
				t.Fatal(err)
			}
			// Points sharing a memo write the same bytes, the first time and from the memo.
			type held struct {
				P PointsJSON `json:"p"`
			}
			memo := new(jsontext.Value)
			for range 2 {
				m, err := marshalJSON(held{PointsJSON{pts: []input.Point{pt, pt}, light: light, memo: memo}})
				if err != nil {
					t.Fatal(err)
				}
				if want := `{"p":` + string(b) + `}`; string(m) != want {
					t.Fatalf("with a memo %s, want %s", m, want)
				}
			}
			var got [][]jsontext.Value
			if err := json.Unmarshal(b, &got); err != nil {
				t.Fatalf("%v: %s", err, b)
			}
			wantLen := len(pointColumns)
			if light {
				wantLen = 7
			}
			if len(got) != 2 {
				t.Fatalf("%d points, want 2: %s", len(got), b)
			}
			for i, row := range got {
				if len(row) != wantLen {
					t.Fatalf("point %d has %d columns, want %d: %s", i, len(row), wantLen, b)
				}
				var gotID, gotConc, gotTP int64
				for j, dst := range map[int]*int64{0: &gotID, 5: &gotConc, 6: &gotTP} {
					if err := json.Unmarshal(row[j], dst); err != nil {
						t.Fatalf("point %d column %s: %v", i, pointColumns[j], err)
					}
				}
				wantConc := conc
				if conc <= 0 {
					wantConc = 0 // no concurrency (a run by request rate): null
					if string(row[5]) != "null" {
						t.Errorf("point %d: conc %d written %s, want null", i, conc, row[5])
					}
				}
				wantTP := tpSize
				if tpSize <= 0 {
					wantTP = 0 // no tensor parallelism given (an SGLang line without server_info): null
					if string(row[6]) != "null" {
						t.Errorf("point %d: tp %d written %s, want null", i, tpSize, row[6])
					}
				}
				if gotID != id || gotConc != wantConc || gotTP != wantTP {
					t.Errorf("point %d: id, conc, tp = %d, %d, %d, want %d, %d, %d", i, gotID, gotConc, gotTP, id, wantConc, wantTP)
				}
				for j, v := range []float64{x, tp, out, in} {
					var g float64
					if err := json.Unmarshal(row[1+j], &g); err != nil {
						t.Fatalf("point %d column %s: %v", i, pointColumns[1+j], err)
					}
					if want := charts.Round6(v); g != want || math.Signbit(g) != math.Signbit(want) {
						t.Errorf("point %d column %s = %v, want %v (Round6 of %v)", i, pointColumns[1+j], g, want, v)
					}
				}
				if light {
					continue
				}
				for j, want := range []string{date, run} {
					var g string
					if err := json.Unmarshal(row[7+j], &g); err != nil {
						t.Fatalf("point %d column %s: %v", i, pointColumns[7+j], err)
					}
					if utf8.ValidString(want) && g != want {
						t.Errorf("point %d column %s = %q, want %q", i, pointColumns[7+j], g, want)
					}
				}
			}
			if !utf8.Valid(b) {
				t.Errorf("not valid UTF-8: %q", b)
			}
		}
	})
}
