package decimal

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestRound6IsParseFloatOfSixDigits: Round6 is strconv.ParseFloat of v written to 6
// significant digits, to the bit (the sign of zero too), over values of every magnitude, the
// ones Simple reads and the ones with an exponent that it hands on.
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
	// Halves at the sixth digit (near ties, or exact ones like 123456.5) and the neighbours of
	// powers of ten, where the arithmetic path must hand on or scale right.
	for range 50000 {
		n := float64(100000+r.IntN(900000)) + 0.5
		j := r.IntN(40) - 20
		vals = append(vals, n*math.Pow(10, float64(j)), n/math.Pow(10, float64(-j)))
	}
	for j := -30; j <= 30; j++ {
		p := math.Pow(10, float64(j))
		vals = append(vals, p, math.Nextafter(p, 0), math.Nextafter(p, math.Inf(1)),
			p*0.9999995, p*0.99999949999, p*0.99999950001)
	}
	for _, v := range vals {
		if _, ok := Simple(strconv.AppendFloat(nil, v, 'g', 6, 64)); ok {
			read++
		}
		if got, w := Round6(v), want(v); math.Float64bits(got) != math.Float64bits(w) {
			t.Errorf("Round6(%v) = %v, want %v", v, got, w)
		}
	}
	if read < 100000 { // half the random values, at the least
		t.Errorf("Simple read %d of %d", read, len(vals))
	}
}

// BenchmarkRound6 rounds values of the magnitudes the pages carry.
func BenchmarkRound6(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	vals := make([]float64, 1024)
	for i := range vals {
		vals[i] = r.Float64() * math.Pow(10, float64(r.IntN(10)-4))
	}
	var sum float64
	for i := 0; b.Loop(); i++ {
		sum += Round6(vals[i%len(vals)])
	}
	_ = sum
}
