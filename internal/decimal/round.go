package decimal

import (
	"math"
	"strconv"
)

// Round6 rounds v to 6 significant decimal digits, the most a reader can see on a chart
// or in a tooltip, so pages carry "3.28675" rather than "3.2867501036848155".
// The result is the float64 nearest to the rounded decimal, so encoding/json (and
// JavaScript) print it with at most 6 digits. NaN, infinities and zero come back unchanged.
// charts.Round6 and page.Round are it: the chart option, the page data and every value read
// off a frontier agree.
func Round6(v float64) float64 {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	if r, ok := round6Fast(v); ok {
		return r
	}
	// strconv rounds the exact binary value correctly (half to even on true ties).
	var buf [32]byte
	b := strconv.AppendFloat(buf[:0], v, 'g', 6, 64)
	if r, ok := Simple(b); ok { // most values: no exponent
		return r
	}
	r, err := strconv.ParseFloat(string(b), 64)
	if err != nil { // cannot happen: AppendFloat writes a valid float
		return v
	}
	return r
}

// log10of2Q20 is log10(2) in units of 2^-20, rounded down.
const log10of2Q20 = 315652

// pow10 are the powers of ten a float64 holds exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
	1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// round6Fast is Round6 by arithmetic, for the values it can do exactly (ok false for the rest,
// which strconv rounds). v scaled by an exact power of ten into [1e5, 1e6) is one correctly
// rounded multiplication or division away from the exact product, off by at most 6e-11; unless
// its fraction is that near a half, it rounds to the same six-digit integer n as the exact
// value does. n and the power both exact, n divided (or multiplied) by the power is correctly
// rounded: the float64 nearest the six-digit decimal, which is what parsing its digits gives.
func round6Fast(v float64) (float64, bool) {
	a := math.Abs(v)
	if !(a >= 1e-16 && a < 1e27) {
		return 0, false
	}
	// a is in [2^e2, 2^(e2+1)) (normal: a >= 1e-16); e2 times log10(2), floored, is
	// floor(log10(a)) or one less, corrected below: 5 minus it is the scale's exponent.
	e2 := int(math.Float64bits(a)>>52) - 1023
	k := 5 - (e2*log10of2Q20)>>20
	for range 3 {
		p, ok := scale6(a, k)
		if !ok {
			return 0, false
		}
		switch {
		case p >= 1e6:
			k--
			continue
		case p < 1e5:
			k++
			continue
		}
		n := math.Floor(p)
		if f := p - n; math.Abs(f-0.5) < 1e-6 {
			return 0, false // too near a tie to tell from the product
		} else if f > 0.5 {
			n++
		}
		var r float64
		if k >= 0 {
			r = n / pow10[k]
		} else {
			r = n * pow10[-k]
		}
		return math.Copysign(r, v), true
	}
	return 0, false
}

// scale6 is a times 10^k, rounded once; ok false where 10^k is not exact.
func scale6(a float64, k int) (float64, bool) {
	switch {
	case k >= 0 && k < len(pow10):
		return a * pow10[k], true
	case k < 0 && -k < len(pow10):
		return a / pow10[-k], true
	}
	return 0, false
}
