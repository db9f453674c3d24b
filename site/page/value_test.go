package page

import (
	"math"
	"testing"
)

// A GPU's curve is the frontier of the union of its configurations' points: where one
// configuration's curve crosses a gap in which another measured, the GPU's value is read through
// the other's point, not the higher of the two configurations' own curves.
func TestGPUValueIsTheUnionsFrontier(t *testing.T) {
	ax, ay := []float64{10, 90}, []float64{5000, 1000} // one configuration, a wide gap
	bx, by := []float64{50}, []float64{2000}           // another, measured inside that gap
	a, okA := ValueAt(ax, ay, true, true, 50)
	if !okA || a != 3000 {
		t.Fatalf("configuration a at 50 = %v, %v; want its straight line's 3000", a, okA)
	}
	c := NewCurve(append(ax, bx...), append(ay, by...), true, true)
	got, ok := c.At(50)
	if !ok || got != 2000 {
		t.Errorf("GPU at 50 = %v, %v; want 2000, the other configuration's knot", got, ok)
	}
	if lo, hi, ok := c.Around(50); !ok || lo != 2 || hi != 2 {
		t.Errorf("Around(50) = %d, %d, %v; want the knot of index 2", lo, hi, ok)
	}
	if lo, hi, ok := c.Around(30); !ok || lo != 0 || hi != 2 {
		t.Errorf("Around(30) = %d, %d, %v; want 0 and 2", lo, hi, ok)
	}
	if _, ok := c.At(95); ok {
		t.Error("At(95) has a value beyond the last knot; a frontier is never extrapolated")
	}
	if _, _, ok := c.Around(5); ok {
		t.Error("Around(5) is inside; want outside the domain")
	}
}

// The knots are rounded as the page data writes them, so Go and the page script read one value.
func TestCurveRoundsItsKnots(t *testing.T) {
	got, ok := ValueAt([]float64{20.0000004}, []float64{1234.5678}, true, true, 20)
	if !ok || got != 1234.57 {
		t.Errorf("ValueAt = %v, %v; want 1234.57 at the rounded knot 20", got, ok)
	}
}

// Lower-is-better metrics (a cost) take the lower frontier; NaN figures take no part.
func TestCurveDirections(t *testing.T) {
	xs := []float64{10, 10, 20, 30}
	ys := []float64{4, 2, math.NaN(), 3}
	c := NewCurve(xs, ys, true, false)
	if got := c.Knots(); len(got) != 2 || got[0] != 1 || got[1] != 3 {
		t.Errorf("knots = %v; want [1 3]", got)
	}
	if y, ok := c.At(20); !ok || y != 2.5 {
		t.Errorf("At(20) = %v, %v; want 2.5", y, ok)
	}
}

// A cost read off a frontier is the price over the throughput read there, at every x, not only
// at the measured points; a cost's own curve breaks that identity between them.
func TestDerivedCostIsPriceOverThroughputAlongTheCurve(t *testing.T) {
	const price = 5.5
	cost := func(tp float64) float64 { return price / (tp * 3600) * 1e6 }
	xs := []float64{12, 30, 48, 95, 160}
	tps := []float64{9800, 7400, 5100, 1300, 150}
	costs := make([]float64, len(tps))
	for i, tp := range tps {
		costs[i] = cost(tp)
	}
	d := NewDerived(xs, tps, true, cost)
	own := NewCurve(xs, costs, true, false)
	moved := false
	for x := 12.0; x <= 160; x += 0.5 {
		c, ok := d.At(x)
		tp, _ := d.Throughput().At(x)
		if !ok || math.Abs(c*tp*3600/1e6/price-1) > 1e-12 {
			t.Fatalf("at %v: cost %v × throughput %v is not the price", x, c, tp)
		}
		o, _ := own.At(x)
		moved = moved || math.Abs(o/c-1) > 1e-3
	}
	if !moved {
		t.Error("the cost's own curve agrees with the derived one everywhere; the test shows nothing")
	}
	for i, x := range xs { // the measured points keep their cost
		if c, _ := d.At(x); math.Abs(c/Round(costs[i])-1) > 1e-5 {
			t.Errorf("at the point %v: %v, want %v", x, c, costs[i])
		}
	}
	if _, ok := NewDerived(xs, tps, true, func(float64) float64 { return math.NaN() }).At(30); ok {
		t.Error("a GPU without a price has a cost")
	}
}
