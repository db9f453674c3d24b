package compare

import "testing"

// A curve of points of repeated runs reads their range with the value: a knot's own at its x,
// and between knots the value less and plus the knots' distances to their ranges' ends,
// weighted as a straight line. Two values whose ranges overlap are within run-to-run spread.
func TestRangeAtAndWithinSpread(t *testing.T) {
	a := NewCurve([]Point{{X: 10, Y: 100, Config: "a", Lo: 90, Hi: 110}, {X: 30, Y: 50, Config: "a"}})
	if lo, hi, ok := a.RangeAt(10); !ok || lo != 90 || hi != 110 {
		t.Errorf("at the knot: %v %v %v", lo, hi, ok)
	}
	y, _, _ := a.At(20)
	if lo, hi, ok := a.RangeAt(20); !ok || lo != y-5 || hi != y+5 {
		t.Errorf("half way: [%v, %v] around %v, want ±5", lo, hi, y)
	}
	if _, _, ok := a.RangeAt(30); ok {
		t.Error("a knot of one run has a range")
	}
	if _, _, ok := a.RangeAt(40); ok {
		t.Error("a range outside the domain")
	}
	single := NewCurve([]Point{{X: 10, Y: 105, Config: "b"}, {X: 30, Y: 40, Config: "b"}})
	refs := At(a, single, []float64{10, 30})
	if !refs[0].WithinSpread() {
		t.Errorf("105 within [90, 110] is not within spread: %+v", refs[0])
	}
	if refs[1].WithinSpread() {
		t.Errorf("single runs at 50 and 40 are within spread: %+v", refs[1])
	}
	far := NewCurve([]Point{{X: 10, Y: 200, Config: "c", Lo: 150, Hi: 250}})
	if r := At(a, far, []float64{10})[0]; r.WithinSpread() {
		t.Errorf("[90, 110] and [150, 250] overlap: %+v", r)
	}
}
