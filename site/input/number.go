package input

import "strconv"

// parseNumber is strconv.ParseFloat(string(raw), 64) for a JSON number as written (jsontext
// has checked its syntax), the same value and the same error, faster for the numbers data
// files are made of: a sign, at most 19 digits and a decimal point, no exponent (5210.25,
// 0.0102, 612). Those it reads as an integer of their digits divided by a power of ten: when
// the integer is at most 2^53 and the power at most 10^22, both are exact in a float64 and
// the one division is correctly rounded, which is what ParseFloat's result is too (Clinger's
// fast path, which ParseFloat itself takes for them after its general reading of the text).
// Reading a view's numbers was the largest part of decoding it (BenchmarkLoadDataset's CPU
// profile: strconv's readFloat, 13%). Anything else goes to ParseFloat.
func parseNumber(raw []byte) (float64, error) {
	if f, ok := simpleNumber(raw); ok {
		return f, nil
	}
	return strconv.ParseFloat(string(raw), 64)
}

// pow10 are the powers of ten a float64 holds exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
	1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// simpleNumber reads raw when it is -?digits[.digits] with at most 19 digits, their integer
// at most 2^53 and at most 22 of them after the point; ok is false for anything else.
func simpleNumber(raw []byte) (f float64, ok bool) {
	i, neg := 0, false
	if len(raw) > 0 && raw[0] == '-' {
		i, neg = 1, true
	}
	var mant uint64
	digits, frac, dot := 0, 0, false
	for ; i < len(raw); i++ {
		switch c := raw[i]; {
		case c >= '0' && c <= '9':
			if digits++; digits > 19 {
				return 0, false // mant could overflow
			}
			mant = mant*10 + uint64(c-'0')
			if dot {
				frac++
			}
		case c == '.' && !dot:
			dot = true
		default:
			return 0, false // an exponent, or not a number
		}
	}
	if digits == 0 || mant > 1<<53 || frac >= len(pow10) {
		return 0, false
	}
	f = float64(mant) / pow10[frac]
	if neg {
		f = -f
	}
	return f, true
}
