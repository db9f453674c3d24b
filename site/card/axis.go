package card

import (
	"math"
	"strconv"
	"strings"
)

// ticks are the values of an axis from 0 whose last one is at or above max: about n steps of
// 1, 2 or 5 times a power of ten, as a reader expects a chart's axis to be marked.
func ticks(max float64, n int) []float64 {
	if !(max > 0) || math.IsInf(max, 0) {
		return []float64{0, 1}
	}
	raw := max / float64(n)
	pow := math.Pow(10, math.Floor(math.Log10(raw)))
	step := 10 * pow
	for _, m := range []float64{1, 2, 2.5, 5} {
		if m*pow >= raw {
			step = m * pow
			break
		}
	}
	if !(step > 0) || max/step > 20 { // a max so small that its step underflows
		return []float64{0, 1}
	}
	var out []float64
	for i := 0; ; i++ {
		v := float64(i) * step
		out = append(out, v)
		if v >= max*(1-1e-9) || i > 20 {
			return out
		}
	}
}

// tickLabel writes v as its axis shows it: thousands as "k" (12k, 2.5k), with as many
// decimals as the axis' step needs, so that neighbouring labels differ.
func tickLabel(v float64, axis []float64) string {
	if v == 0 {
		return "0"
	}
	step := axis[1] - axis[0]
	div, suffix := 1.0, ""
	if axis[len(axis)-1] >= 10000 {
		div, suffix = 1000, "k"
	}
	decimals := 0
	for s := step / div; decimals < 6 && math.Abs(s-math.Round(s)) > 1e-9; s *= 10 {
		decimals++
	}
	out := strconv.FormatFloat(v/div, 'f', decimals, 64)
	if decimals > 0 {
		out = strings.TrimRight(strings.TrimRight(out, "0"), ".")
	} else if len(out) > 3 {
		out = out[:len(out)-3] + "," + out[len(out)-3:] // 1,000 to 9,000: from 10k on, "k"
	}
	return out + suffix
}
