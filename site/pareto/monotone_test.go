package pareto

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestMonotoneAt(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	type query struct {
		x      float64
		want   float64
		wantOK bool
	}
	tests := []struct {
		name    string
		xs, ys  []float64
		queries []query
	}{
		{"no knots: defined nowhere", nil, nil, []query{{0, 0, false}, {1, 0, false}}},
		{"one knot: defined at its x only", []float64{2}, []float64{7},
			[]query{{2, 7, true}, {math.Nextafter(2, 3), 0, false}, {math.Nextafter(2, 1), 0, false}}},
		{"two knots: the straight line", []float64{1, 3}, []float64{1, 5},
			[]query{{1, 1, true}, {1.5, 2, true}, {2, 3, true}, {3, 5, true}, {0.5, 0, false}, {3.5, 0, false}}},
		// Hand-computed: secants 1 and 3, so the middle tangent is 2*min(1, 3, |2|/2) = 2 and
		// the ends (3*1-2)/2 = 0.5 and (3*3-2)/2 = 3.5; d3's Bezier through the same tangents
		// gives 0.3125 at x = 0.5 as well.
		{"three knots: Steffen tangents", []float64{0, 1, 2}, []float64{0, 1, 4},
			[]query{{0.5, 0.3125, true}, {1, 1, true}, {1.5, 2.3125, true}}},
		{"local extremum: flat tangent, no overshoot", []float64{0, 1, 2}, []float64{0, 1, 0},
			[]query{{0.5, 0.6875, true}, {1, 1, true}, {1.5, 0.6875, true}}},
		{"unsorted input, equal x keeps the first", []float64{3, 1, 2, 1}, []float64{9, 1, 4, 7},
			[]query{{1, 1, true}, {2, 4, true}, {3, 9, true}}},
		{"non-finite knots are dropped", []float64{1, nan, 2, 3, inf}, []float64{1, 5, 2, nan, 4},
			[]query{{1.5, 1.5, true}, {2, 2, true}, {2.5, 0, false}}},
		{"NaN x is outside", []float64{1, 2}, []float64{1, 2}, []query{{nan, 0, false}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := NewMonotone(tt.xs, tt.ys)
			for _, q := range tt.queries {
				got, ok := m.At(q.x)
				if ok != q.wantOK || (ok && math.Abs(got-q.want) > 1e-12*math.Abs(q.want)) {
					t.Errorf("At(%v) = %v, %v; want %v, %v", q.x, got, ok, q.want, q.wantOK)
				}
			}
		})
	}
}

func TestMonotoneIsExactAtKnots(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 100 {
		xs, ys := increasing(r, 2+r.IntN(20))
		m := NewMonotone(xs, ys)
		for i := range xs {
			if got, ok := m.At(xs[i]); !ok || got != ys[i] {
				t.Fatalf("At(knot %v) = %v, %v; want %v, true", xs[i], got, ok, ys[i])
			}
		}
	}
}

// increasing draws n knots with strictly increasing x and frontier-like y: falling, with
// flat runs and steep drops.
func increasing(r *rand.Rand, n int) (xs, ys []float64) {
	x, y := 1+r.Float64(), 1e4*(1+r.Float64())
	for range n {
		xs = append(xs, x)
		ys = append(ys, y)
		x += math.Exp(r.Float64()*6 - 3)
		switch r.IntN(4) {
		case 0: // flat
		case 1:
			y *= 0.1 * r.Float64()
		default:
			y *= r.Float64()
		}
	}
	return xs, ys
}

// TestMonotonePreservesMonotonicity samples the curve finely through monotone (falling) data
// and through data with extrema: the curve never rises where the data falls, and never leaves
// the range of the two knots around it.
func TestMonotonePreservesMonotonicity(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for c := range 200 {
		xs, ys := increasing(r, 3+r.IntN(15))
		if c%2 == 1 { // zigzag: every interior knot an extremum or a plateau end
			for i := range ys {
				if i%2 == 1 {
					ys[i] = ys[i] * (1 + 3*r.Float64())
				}
			}
		}
		m := NewMonotone(xs, ys)
		for i := 1; i < len(xs); i++ {
			lo, hi := min(ys[i-1], ys[i]), max(ys[i-1], ys[i])
			prev := ys[i-1]
			for k := 1; k <= 64; k++ {
				x := xs[i-1] + (xs[i]-xs[i-1])*float64(k)/64
				y, ok := m.At(x)
				if !ok {
					t.Fatalf("At(%v) not ok inside [%v, %v]", x, xs[0], xs[len(xs)-1])
				}
				if y < lo || y > hi {
					t.Fatalf("At(%v) = %v overshoots [%v, %v] between knots %d and %d", x, y, lo, hi, i-1, i)
				}
				slack := 1e-12 * hi
				if (ys[i] <= ys[i-1] && y > prev+slack) || (ys[i] >= ys[i-1] && y < prev-slack) {
					t.Fatalf("At(%v) = %v after %v: not monotone between knots %v and %v", x, y, prev, ys[i-1], ys[i])
				}
				prev = y
			}
		}
	}
}

func TestValueAt(t *testing.T) {
	xs, ys := []float64{10, 20, 40}, []float64{300, 200, 50}
	tests := []struct {
		x      float64
		want   float64
		wantOK bool
	}{
		{9.99, 0, false},
		{10, 300, true},
		{20, 200, true},
		{40, 50, true},
		{41, 0, false},
	}
	for _, tt := range tests {
		got, ok := ValueAt(xs, ys, tt.x)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("ValueAt(%v) = %v, %v; want %v, %v", tt.x, got, ok, tt.want, tt.wantOK)
		}
	}
	if y, ok := ValueAt(xs, ys, 30); !ok || y <= 50 || y >= 200 {
		t.Errorf("ValueAt(30) = %v, %v; want a value strictly between 50 and 200", y, ok)
	}
}

func TestMonotoneDomain(t *testing.T) {
	if _, _, ok := NewMonotone(nil, nil).Domain(); ok {
		t.Error("Domain of an empty curve is ok, want not ok")
	}
	lo, hi, ok := NewMonotone([]float64{5, 2, 9}, []float64{1, 2, 3}).Domain()
	if lo != 2 || hi != 9 || !ok {
		t.Errorf("Domain() = %v, %v, %v; want 2, 9, true", lo, hi, ok)
	}
}

func benchSeries() (xs, ys []float64) {
	r := rand.New(rand.NewPCG(9, 10))
	xs, ys = increasing(r, 1000)
	return xs, ys
}

func BenchmarkNewMonotone(b *testing.B) {
	xs, ys := benchSeries()
	b.ReportAllocs()
	for b.Loop() {
		NewMonotone(xs, ys)
	}
}

func BenchmarkMonotoneAt(b *testing.B) {
	xs, ys := benchSeries()
	m := NewMonotone(xs, ys)
	lo, hi := xs[0], xs[len(xs)-1]
	qs := make([]float64, 1024)
	for i := range qs {
		qs[i] = lo + (hi-lo)*float64(i)/float64(len(qs)-1)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		m.At(qs[i&1023])
		i++
	}
}
