// Package decimal reads the decimal numbers Frontier meets most, a sign, digits and a point
// with no exponent, without strconv's general reading of the text: 5210.25 in a data file,
// 3.28675 from a value rounded to six digits. It gives what strconv.ParseFloat gives, to the
// bit; anything it does not read goes to strconv.
//
// Such a number is an integer m of its digits over 10^k, k the digits after the point, and
// m/10^k correctly rounded is ParseFloat's result too. Reading a view's numbers was the largest
// part of decoding it (site/input's BenchmarkLoadDataset: 13% of its CPU in strconv), and
// Round6, which runs for every number of every page, history row and trend cell, spent half its
// time there. Round6 lives here, below charts, so that site/page, which rounds the knots of
// every frontier with it, needs no chart library.
package decimal

import (
	"math"
	"math/bits"
	"strconv"
)

// Parse is strconv.ParseFloat(string(b), 64): the same value and the same error.
func Parse(b []byte) (float64, error) {
	if f, ok := Simple(b); ok {
		return f, nil
	}
	return strconv.ParseFloat(string(b), 64)
}

// Simple reads b when it is -?digits[.digits] with at most 19 digits (leading zeros count),
// and ok is false for anything else: an exponent, more digits, or not a number.
func Simple(b []byte) (f float64, ok bool) {
	i, neg := 0, false
	if len(b) > 0 && b[0] == '-' {
		i, neg = 1, true
	}
	var m uint64
	digits, k, dot := 0, 0, false
	for ; i < len(b); i++ {
		switch c := b[i]; {
		case c >= '0' && c <= '9':
			if digits++; digits > 19 {
				return 0, false // m could overflow
			}
			m = m*10 + uint64(c-'0')
			if dot {
				k++
			}
		case c == '.' && !dot:
			dot = true
		default:
			return 0, false
		}
	}
	if digits == 0 {
		return 0, false
	}
	f = quotient(m, k)
	if neg {
		f = -f
	}
	return f, true
}

// pow5 are the powers of five up to 5^19: a number of at most 19 digits has at most 19 after
// its point.
var pow5 = func() (t [20]uint64) {
	t[0] = 1
	for i := 1; i < len(t); i++ {
		t[i] = t[i-1] * 5
	}
	return t
}()

// quotient is m/10^k rounded to the nearest float64, ties to even, for k at most 19.
//
// When m is at most 2^53 and 10^k at most 10^22, both are exact in a float64 and their one
// division is correctly rounded (Clinger's fast path). Otherwise 10^k is 5^k·2^k, and 5^k is
// below 2^63: m·2^s/5^k is divided in integers (bits.Div64), s chosen so that the quotient q
// has 63 or 64 bits, and q is rounded to 53 bits with the remainder as the sticky bit, then
// scaled by 2^-(s+k), which is exact: the value is at least 10^-19, far from subnormal.
func quotient(m uint64, k int) float64 {
	if m == 0 {
		return 0
	}
	if m <= 1<<53 && k <= 22 {
		return float64(m) / math.Pow10(k)
	}
	d := pow5[k]
	// m·2^s/d lies in [2^62, 2^64). Here m is over 2^53 (54 bits or more) and d below 2^45
	// (k is at most 19), so s is 0 to 54 and m·2^s fits in 128 bits, its top half below d.
	s := 63 - bits.Len64(m) + bits.Len64(d)
	q, r := bits.Div64(m>>(64-s), m<<s, d) // m>>64 is 0
	drop := uint(bits.Len64(q) - 53)       // 10 or 11 bits below the 53 kept
	mant := q >> drop
	rest, half := q&(1<<drop-1), uint64(1)<<(drop-1)
	if rest > half || rest == half && (r != 0 || mant&1 == 1) {
		mant++ // may reach 2^53, which is still exact
	}
	return math.Ldexp(float64(mant), int(drop)-s-k)
}
