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
