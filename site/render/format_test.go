package render

import "testing"

func TestFmtChange(t *testing.T) {
	for _, c := range []struct {
		pct  float64
		want string
	}{
		{25, "+25%"}, {12.4, "+12%"}, {9.94, "+9.9%"}, {9.96, "+10%"}, {0.04, "±0%"}, {-0.04, "±0%"},
		{0, "±0%"}, {-3.45, "-3.5%"}, {-10, "-10%"}, {150, "+150%"}, {1, "+1%"},
	} {
		if got := fmtChange(c.pct); got != c.want {
			t.Errorf("fmtChange(%v) = %q, want %q", c.pct, got, c.want)
		}
	}
}
