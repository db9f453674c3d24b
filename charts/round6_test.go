package charts

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/frontier-bench/frontier/internal/decimal"
)

// TestRound6IsParseFloatOfSixDigits: Round6 is strconv.ParseFloat of v written to 6
// significant digits, to the bit (the sign of zero too), over values of every magnitude, the
// ones decimal.Simple reads and the ones with an exponent that it hands on.
func TestRound6IsParseFloatOfSixDigits(t *testing.T) {
	want := func(v float64) float64 {
		r, err := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 6, 64), 64)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	vals := []float64{1, -1, 0.5, 3.2867501036848155, 10672.443754896221, 999999.5, 999999.4,
		0.0001, 0.00009999995, 123456.5, 0.1, 0.3, 2.675, 1e-300, 1e300, math.MaxFloat64, 5e-324,
		-0.000123456789, 100, 1e5, 1e6, 1e15, 1e16}
	r := rand.New(rand.NewPCG(3, 4))
	read := 0
	for range 200000 {
		v := r.Float64() * math.Pow(10, float64(r.IntN(16)-7))
		if r.IntN(2) == 0 {
			v = -v
		}
		vals = append(vals, v)
	}
	for _, v := range vals {
		if _, ok := decimal.Simple(strconv.AppendFloat(nil, v, 'g', 6, 64)); ok {
			read++
		}
		if got, w := Round6(v), want(v); math.Float64bits(got) != math.Float64bits(w) {
			t.Errorf("Round6(%v) = %v, want %v", v, got, w)
		}
	}
	if read < len(vals)/2 {
		t.Errorf("decimal.Simple read %d of %d", read, len(vals))
	}
}
