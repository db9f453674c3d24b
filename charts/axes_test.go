package charts

import (
	"strings"
	"testing"
)

// TestAxesCatalog: keys are unique across both lists (a link's x= and y= never mean two
// things), every axis name carries its unit, and a lower-is-better y metric says so in its
// axis name, where a reader looks.
func TestAxesCatalog(t *testing.T) {
	seen := map[string]bool{}
	for _, a := range append(append([]Axis{}, XAxes...), YMetrics...) {
		if seen[a.Key] {
			t.Errorf("key %q twice", a.Key)
		}
		seen[a.Key] = true
		if a.Label == "" || !strings.Contains(a.Axis, "("+a.Unit+")") {
			t.Errorf("%s: axis name %q lacks its unit %q, or no label", a.Key, a.Axis, a.Unit)
		}
	}
	for _, m := range YMetrics {
		if !m.Higher && !strings.HasSuffix(m.Axis, "lower is better") {
			t.Errorf("%s: axis name %q does not say lower is better", m.Key, m.Axis)
		}
	}
	if a, ok := XAxis(DefaultX); !ok || !a.Higher || len(a.Refs) == 0 {
		t.Errorf("default x %q: %+v, %v", DefaultX, a, ok)
	}
	for _, k := range []string{"p99_ttft", "median_e2el", "conc"} {
		if a, ok := XAxis(k); !ok || a.Higher {
			t.Errorf("%s: %+v, %v: want a lower-is-better axis", k, a, ok)
		}
	}
	if _, ok := YMetric("joules_per_output_token"); !ok {
		t.Error("no joules_per_output_token")
	}
}
