package compare

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// ptr is v's address, for Ref fields that are nil where a curve has no value.
func ptr(v float64) *float64 { return &v }

// line is a hand-made frontier: points on y = 1000 - 10x at the given x, all of config cfg.
func line(cfg string, xs ...float64) []Point {
	var out []Point
	for _, x := range xs {
		out = append(out, Point{X: x, Y: 1000 - 10*x, Config: cfg})
	}
	return out
}

func TestCurveIsTheFrontierOfEveryPointWhateverItsConfig(t *testing.T) {
	pts := []Point{
		{X: 10, Y: 900, Config: "B200 (SGLang)"},
		{X: 10, Y: 800, Config: "B200 (vLLM)"}, // beaten at the same x
		{X: 20, Y: 700, Config: "B200 (vLLM)"},
		{X: 15, Y: 600, Config: "B200 (TRTLLM)"}, // beaten by (20, 700)
		{X: 40, Y: 300, Config: "B200 (TRTLLM)"},
		{X: 0, Y: 5000, Config: "B200 (bad)"}, // no interactivity: never on a frontier
	}
	c := NewCurve(pts)
	var got []string
	for _, k := range c.Knots() {
		got = append(got, k.Config)
	}
	want := []string{"B200 (SGLang)", "B200 (vLLM)", "B200 (TRTLLM)"}
	if len(got) != len(want) {
		t.Fatalf("knots %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("knots %v, want %v", got, want)
		}
	}
	lo, hi, ok := c.Domain()
	if !ok || lo != 10 || hi != 40 {
		t.Errorf("domain %v..%v %v, want 10..40", lo, hi, ok)
	}
}

func TestAtKnotsIsExactAndNamesItsConfig(t *testing.T) {
	c := NewCurve(append(line("A1", 10, 20), line("A2", 30)...))
	for _, tc := range []struct {
		x    float64
		y    float64
		conf string
	}{
		{10, 900, "A1"},
		{20, 800, "A1"},
		{30, 700, "A2"},
		{15, 850, "A1"},    // a straight frontier stays straight
		{25, 750, "A1,A2"}, // between two configurations' knots: both, for the caller to word
	} {
		y, confs, ok := c.At(tc.x)
		conf := strings.Join(confs, ",")
		if !ok || math.Abs(y-tc.y) > 1e-9 || conf != tc.conf {
			t.Errorf("At(%v) = %v %q %v, want %v %q", tc.x, y, conf, ok, tc.y, tc.conf)
		}
	}
}

func TestNeverExtrapolated(t *testing.T) {
	c := NewCurve(line("A", 10, 20, 30))
	for _, x := range []float64{9.999, 30.001, 0, math.NaN(), math.Inf(1)} {
		if y, conf, ok := c.At(x); ok {
			t.Errorf("At(%v) = %v %q, want no value outside 10..30", x, y, conf)
		}
	}
	empty := NewCurve(nil)
	if _, _, ok := empty.Domain(); ok {
		t.Error("a curve without points has a domain")
	}
	if _, _, ok := empty.At(10); ok {
		t.Error("a curve without points has a value")
	}
}

func TestRatiosAtReferenceInteractivities(t *testing.T) {
	// a: y = 1000 - 10x over 10..60; b: half of it over 20..100 (y = 500 - 5x up to 60, then flat-ish).
	a := NewCurve(line("A", 10, 30, 60))
	var bp []Point
	for _, x := range []float64{20, 40, 60} {
		bp = append(bp, Point{X: x, Y: (1000 - 10*x) / 2, Config: "B"})
	}
	bp = append(bp, Point{X: 100, Y: 100, Config: "B fast"})
	b := NewCurve(bp)

	refs := At(a, b, []float64{5, 20, 40, 60, 100})
	want := []Ref{
		{X: 5}, // neither reaches 5
		{X: 20, A: ptr(800), B: ptr(400), Ratio: ptr(2), AConfigs: []string{"A"}, BConfigs: []string{"B"}},
		{X: 40, A: ptr(600), B: ptr(300), Ratio: ptr(2), AConfigs: []string{"A"}, BConfigs: []string{"B"}},
		{X: 60, A: ptr(400), B: ptr(200), Ratio: ptr(2), AConfigs: []string{"A"}, BConfigs: []string{"B"}},
		{X: 100, B: ptr(100), BConfigs: []string{"B fast"}}, // a does not reach 100: no ratio
	}
	for i, w := range want {
		g := refs[i]
		if g.X != w.X || !same(g.A, w.A) || !same(g.B, w.B) || !same(g.Ratio, w.Ratio) || !slices.Equal(g.AConfigs, w.AConfigs) || !slices.Equal(g.BConfigs, w.BConfigs) {
			t.Errorf("ref %v: got %s, want %s", w.X, show(g), show(w))
		}
	}
}

func TestRatioIsAOverBUnrounded(t *testing.T) {
	a := NewCurve([]Point{{X: 50, Y: 5210, Config: "A"}})
	b := NewCurve([]Point{{X: 50, Y: 2740, Config: "B"}})
	r := At(a, b, []float64{50})[0]
	if r.Ratio == nil || *r.Ratio != 5210.0/2740.0 {
		t.Fatalf("ratio %v, want 5210/2740 exactly", r.Ratio)
	}
	if back := At(b, a, []float64{50})[0]; back.Ratio == nil || *back.Ratio != 2740.0/5210.0 {
		t.Fatalf("reversed ratio %v, want 2740/5210", back.Ratio)
	}
}

func TestOverlapAndSample(t *testing.T) {
	a := NewCurve(line("A", 10, 30, 60))
	b := NewCurve(line("B", 20, 40, 90))
	lo, hi, ok := Overlap(a, b)
	if !ok || lo != 20 || hi != 60 {
		t.Fatalf("overlap %v..%v %v, want 20..60", lo, hi, ok)
	}
	if _, _, ok := Overlap(NewCurve(line("A", 1, 2)), NewCurve(line("B", 3, 4))); ok {
		t.Error("disjoint curves overlap")
	}
	pts := Sample(lo, hi, 5, []float64{30, 40, 5, 95}, Ratio(a, b))
	var xs []float64
	for _, p := range pts {
		xs = append(xs, p[0])
		if math.Abs(p[1]-1) > 1e-9 { // the same line: ratio 1 everywhere
			t.Errorf("ratio at %v = %v, want 1", p[0], p[1])
		}
	}
	want := []float64{20, 30, 40, 50, 60} // 20, 30, 40, 50, 60 sampled; 30 and 40 repeat; 5 and 95 outside
	if len(xs) != len(want) {
		t.Fatalf("sampled x %v, want %v", xs, want)
	}
	for i := range want {
		if xs[i] != want[i] {
			t.Fatalf("sampled x %v, want %v", xs, want)
		}
	}
	// A value read outside a curve's domain is left out, not drawn as zero.
	if got := Sample(0, 100, 3, nil, Value(a)); len(got) != 1 || got[0] != [2]float64{50, 500} {
		t.Errorf("samples at 0, 50, 100 of a curve over 10..60: %v, want only 50", got)
	}
}

func same(a, b *float64) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return math.Abs(*a-*b) <= 1e-9*math.Max(1, math.Abs(*b))
}

func show(r Ref) string {
	f := func(p *float64) string {
		if p == nil {
			return "nil"
		}
		return fmt.Sprint(*p)
	}
	return fmt.Sprintf("{x %v a %s b %s ratio %s %q/%q}", r.X, f(r.A), f(r.B), f(r.Ratio), r.AConfigs, r.BConfigs)
}
