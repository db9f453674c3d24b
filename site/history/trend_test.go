package history

import (
	"encoding/json/v2"
	"math"
	"slices"
	"testing"

	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/page"
)

// TestTrendCellWritesWholeNumbersExactly: a date index or a whole value as it is, any other
// value to six significant digits, NaN as null.
func TestTrendCellWritesWholeNumbersExactly(t *testing.T) {
	cells := []trendCell{0, 63, 1234567, 1234.56789, 0.000123456789, trendCell(math.NaN()), trendCell(math.Inf(1))}
	b, err := json.Marshal(cells)
	if err != nil {
		t.Fatal(err)
	}
	var got []any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	want := []any{0.0, 63.0, 1234567.0, 1234.57, 0.000123457, nil, nil}
	if !slices.Equal(got, want) {
		t.Errorf("cells %s: %v, want %v", b, got, want)
	}
}

// TestTrendTableWritesAsReflectionDoes: the table's own encoder writes the bytes
// encoding/json/v2 writes of its fields by reflection, empty and nil parts and hostile
// metric names and dates included.
func TestTrendTableWritesAsReflectionDoes(t *testing.T) {
	type plain trendTable // the fields without the method
	nan := trendCell(math.NaN())
	tables := []trendTable{
		{},
		{Metric: "tpPerGpu", RefX: []float64{20, 50.5, 1e21}, Dates: []string{"2026-01-01", "2026-01-02"},
			Lines: [][][]trendCell{{{0, 1.5, nan}, {1, 1234.56789, 63}}, {}, nil}},
		{Metric: `</script><b>"x"&\u2028`, Dates: []string{"<d>", "é\x00"}, Lines: [][][]trendCell{{{0}}},
			GPUs: map[string][][]trendCell{`<gpu>"&`: {{0, 1.5, nan}}}},
	}
	for _, table := range tables {
		want, err := json.Marshal(plain(table))
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.Marshal(table)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("table %+v:\n got %s\nwant %s", table, got, want)
		}
	}
	if _, err := json.Marshal(trendTable{RefX: []float64{math.NaN()}}); err == nil {
		t.Error("a NaN reference: no error")
	}
}

// TestTrendGPULinesReadTheUnion: a GPU's line is the frontier of the union of its
// configurations' points as of each date (page.Curve), above the best of its configurations'
// own curves where one measured in the other's gap; a date changing no value writes no cell.
func TestTrendGPULinesReadTheUnion(t *testing.T) {
	pt := func(x, y float64) input.Point { return input.Point{X: x, TpPerGpu: y} }
	series := func(key, gpu string, pts ...input.Point) *page.PageSeries {
		return &page.PageSeries{Key: key, GPU: gpu, Points: pts}
	}
	states := [][]trendState{
		{{0, series("a", "b300", pt(10, 1000), pt(60, 200))}},
		{{1, series("b", "b300", pt(30, 800))}, {2, series("b", "b300", pt(30, 800))}},
		{{0, series("c", "b200", pt(10, 900), pt(50, 450))}},
	}
	got := trendFrom([]string{"d0", "d1", "d2"}, states, Metric{Key: "tpPerGpu", Higher: true}, []float64{30}, nil)
	own := float64(got.Lines[0][0][1]) // a's own curve at 30
	want := map[string][][]trendCell{
		"b300": {{0, trendCell(own)}, {1, 800}}, // d2 changes b's state but no value
		"b200": {{0, 675}},
	}
	if own >= 800 || own <= 0 {
		t.Fatalf("a's own value at 30 is %v: the case needs it below b's point of 800", own)
	}
	for gpu, w := range want {
		if g := got.GPUs[gpu]; !slices.EqualFunc(g, w, slices.Equal) {
			t.Errorf("%s: %v, want %v", gpu, g, w)
		}
	}
}
