package charts

// shortDecimal reads b, as strconv.AppendFloat writes a float to 6 significant digits, when it
// is -?digits[.digits] with at most 15 digits (no exponent: from 1e-4 to under 1e6), and gives
// what strconv.ParseFloat gives: the integer of its digits, below 10^15 and so exact in a
// float64, over a power of ten at most 10^15, exact too, and the one division correctly rounded
// (Clinger's fast path, which ParseFloat itself takes for them after its general reading of the
// text). Round6 runs for every number of every page, history row and trend cell; this halves
// its cost. ok is false for anything else, which goes to ParseFloat.
func shortDecimal(b []byte) (f float64, ok bool) {
	i, neg := 0, false
	if len(b) > 0 && b[0] == '-' {
		i, neg = 1, true
	}
	var m uint64
	digits, k, dot := 0, 0, false
	for ; i < len(b); i++ {
		switch c := b[i]; {
		case c >= '0' && c <= '9':
			if digits++; digits > 15 {
				return 0, false
			}
			m = m*10 + uint64(c-'0')
			if dot {
				k++
			}
		case c == '.' && !dot:
			dot = true
		default:
			return 0, false // an exponent
		}
	}
	if digits == 0 {
		return 0, false
	}
	f = float64(m) / pow10[k]
	if neg {
		f = -f
	}
	return f, true
}

// pow10 are the powers of ten up to 10^15, each exact in a float64.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15}
