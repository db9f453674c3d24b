package render

import (
	"math"
	"strconv"
	"strings"
)

// fmtNum shows a measurement as a reader reads it: 4 significant digits, at most 2 decimals,
// thousands grouped from 10,000 (tokens per MW run into millions), "" for NaN and infinities.
// The page script's fmtNum (templates/script/format.js) is its twin: the table the build
// writes and the one the script redraws must not differ (twins_test.go checks both).
func fmtNum(v float64) string {
	switch a := math.Abs(v); {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return ""
	case a >= 1e4:
		s := strconv.FormatFloat(v, 'f', 0, 64)
		digits := strings.TrimPrefix(s, "-")
		var b strings.Builder
		b.WriteString(s[:len(s)-len(digits)])
		for i, c := range digits {
			if i > 0 && (len(digits)-i)%3 == 0 {
				b.WriteByte(',')
			}
			b.WriteRune(c)
		}
		return b.String()
	case a >= 1000:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case a >= 100:
		return strconv.FormatFloat(v, 'f', 1, 64)
	default:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
}

// fmtChange writes a change in percent with its sign: one decimal below 10%, whole percents
// above, where a decimal would be noise. A change that rounds to nothing is "±0%".
func fmtChange(pct float64) string {
	digits := 1
	if math.Abs(pct) >= 9.95 {
		digits = 0
	}
	s := strconv.FormatFloat(pct, 'f', digits, 64)
	s = strings.TrimSuffix(s, ".0")
	switch {
	case s == "0" || s == "-0":
		return "±0%"
	case pct > 0:
		return "+" + s + "%"
	}
	return s + "%"
}
