package history

import (
	"encoding/json/v2"
	"math"
	"slices"
	"testing"
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
		{Metric: `</script><b>"x"&\u2028`, Dates: []string{"<d>", "é\x00"}, Lines: [][][]trendCell{{{0}}}},
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
