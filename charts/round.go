package charts

import (
	"math"
	"strconv"

	"github.com/frontier-bench/frontier/internal/decimal"
)

// Round6 rounds v to 6 significant decimal digits, the most a reader can see on a chart
// or in a tooltip, so pages carry "3.28675" rather than "3.2867501036848155".
// The result is the float64 nearest to the rounded decimal, so encoding/json (and
// JavaScript) print it with at most 6 digits. NaN, infinities and zero come back unchanged.
// The site package uses it for the page data too, so the chart option and the table agree.
func Round6(v float64) float64 {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	// strconv rounds the exact binary value correctly (half to even on true ties);
	// a multiply-round-divide would be off by one ulp now and then and print 17 digits.
	var buf [32]byte
	b := strconv.AppendFloat(buf[:0], v, 'g', 6, 64)
	if r, ok := decimal.Simple(b); ok { // most values: no exponent
		return r
	}
	r, err := strconv.ParseFloat(string(b), 64)
	if err != nil { // cannot happen: AppendFloat writes a valid float
		return v
	}
	return r
}
