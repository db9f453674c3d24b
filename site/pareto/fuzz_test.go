package pareto

import (
	"math"
	"testing"
)

// fuzzPoints turns fuzz bytes into points on a coarse grid (pairs of int8 / 4), so ties,
// duplicates, zero and negative x come up often, plus one raw point that can be anything,
// NaN and infinities included.
func fuzzPoints(data []byte, ex, ey float64) (xs, ys []float64) {
	for i := 0; i+1 < len(data); i += 2 {
		xs = append(xs, float64(int8(data[i]))/4)
		ys = append(ys, float64(int8(data[i+1]))/4)
	}
	return append(xs, ex), append(ys, ey)
}

func FuzzFrontier(f *testing.F) {
	f.Add([]byte{4, 8, 8, 4, 8, 4, 0, 100}, 1.0, 1.0, true)
	f.Add([]byte{4, 4, 4, 4, 12, 1, 255, 9}, math.Inf(1), math.NaN(), false)
	f.Add([]byte{}, 0.0, -1.0, true)
	f.Fuzz(func(t *testing.T, data []byte, ex, ey float64, higherY bool) {
		if len(data) > 512 { // the brute-force check is quadratic
			data = data[:512]
		}
		xs, ys := fuzzPoints(data, ex, ey)
		checkFrontier(t, xs, ys, higherY, Frontier(xs, ys, higherY))
		checkFrontierDir(t, xs, ys, false, higherY, FrontierDir(xs, ys, false, higherY))
	})
}

func FuzzMonotone(f *testing.F) {
	f.Add([]byte{4, 100, 8, 50, 12, 50, 16, 0}, 20.0, -3.0, 5.0)
	f.Add([]byte{4, 1, 4, 2, 8, 255, 2, 3}, math.NaN(), 1.0, 4.0)
	f.Add([]byte{}, 1.0, 1.0, 1.0)
	f.Add([]byte{0, 0}, 1e-300, 1e300, 1e-301)
	f.Fuzz(func(t *testing.T, data []byte, ex, ey, q float64) {
		xs, ys := fuzzPoints(data, ex, ey)
		m := NewMonotone(xs, ys)
		for i := 1; i < len(m.xs); i++ {
			if !(m.xs[i-1] < m.xs[i]) {
				t.Fatalf("knots not strictly increasing: %v", m.xs)
			}
		}
		lo, hi, has := m.Domain()
		if y, ok := m.At(q); ok != (has && q >= lo && q <= hi) {
			t.Fatalf("At(%v) = %v, %v on domain [%v, %v] (has knots: %v)", q, y, ok, lo, hi, has)
		}
		for i := range m.xs {
			if y, ok := m.At(m.xs[i]); !ok || y != m.ys[i] {
				t.Fatalf("At(knot %v) = %v, %v; want %v", m.xs[i], y, ok, m.ys[i])
			}
			if i == 0 {
				continue
			}
			x0, x1 := m.xs[i-1], m.xs[i]
			ylo, yhi := min(m.ys[i-1], m.ys[i]), max(m.ys[i-1], m.ys[i])
			for _, x := range []float64{x0 + (x1-x0)/3, x0 + (x1-x0)/2, x1 - (x1-x0)/7, q} {
				if !(x > x0 && x < x1) {
					continue
				}
				if y, ok := m.At(x); !ok || y < ylo || y > yhi {
					t.Fatalf("At(%v) = %v, %v; want a value in [%v, %v] between knots %v and %v", x, y, ok, ylo, yhi, x0, x1)
				}
			}
		}
	})
}
