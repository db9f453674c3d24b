package page

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/input"
)

// tableProblems is what is wrong with a table of metrics: a row without its roles, or roles
// that contradict each other or the axes (charts.YMetrics).
func tableProblems(ms []Metric) []string {
	var out []string
	bad := func(m Metric, f string, args ...any) {
		out = append(out, fmt.Sprintf("%q: ", m.Key)+fmt.Sprintf(f, args...))
	}
	find := func(key string) (Metric, bool) {
		i := slices.IndexFunc(ms, func(m Metric) bool { return m.Key == key })
		if i < 0 {
			return Metric{}, false
		}
		return ms[i], true
	}
	var ys []string
	for i, m := range ms {
		if slices.IndexFunc(ms[:i], func(o Metric) bool { return o.Key == m.Key }) >= 0 {
			bad(m, "two rows")
		}
		switch m.By {
		case Measured:
			if m.Input >= input.NumMetrics {
				bad(m, "Input %d is not in the catalog", m.Input)
			} else if !m.Viewed() && m.Key != input.MetricNames[m.Input] {
				bad(m, "a raw metric's key is its catalog name; Input names %q", input.MetricNames[m.Input])
			}
			if m.Base != "" {
				bad(m, "a measured metric is made of no Base")
			}
		case Cost, PerMW:
			if b, ok := find(m.Base); !ok || !b.Y || !b.Viewed() {
				bad(m, "Base %q is not a throughput column of the table", m.Base)
			}
			if m.Viewed() || m.Input != 0 {
				bad(m, "a priced metric reads no field and no input metric")
			}
		default:
			bad(m, "no By: say whether it is Measured, a Cost or PerMW")
		}
		if !m.Y && (m.Always || m.Lower || !m.Viewed()) {
			bad(m, "only a column of the view may be off the y menu, and it has no y roles")
		}
		if m.Y {
			ys = append(ys, m.Key)
			a, ok := charts.YMetric(m.Key)
			switch {
			case !ok:
				bad(m, "a y metric charts.YMetrics does not name (its label, unit and menu place)")
			case a.Higher == m.Lower:
				bad(m, "Lower is %v; charts.YMetrics says Higher is %v", m.Lower, a.Higher)
			}
		}
	}
	var axes []string
	for _, a := range charts.YMetrics {
		axes = append(axes, a.Key)
	}
	if !slices.Equal(ys, axes) {
		out = append(out, fmt.Sprintf("the y metrics %v are not charts.YMetrics' %v, in menu order", ys, axes))
	}
	return out
}

// Every row of the table has its roles, and the table's y metrics are the axes', in order.
func TestEveryMetricHasItsRoles(t *testing.T) {
	for _, p := range tableProblems(Metrics) {
		t.Error(p)
	}
	x, ok := MetricOf("x")
	if !ok || input.MetricNames[x.Input] != charts.DefaultX {
		t.Errorf("the column x reads %v; want the default x axis %s", x.Input, charts.DefaultX)
	}
}

// A metric added without its roles, or with roles that contradict the axes, is refused.
func TestARowWithoutItsRolesIsRefused(t *testing.T) {
	for _, c := range []struct {
		name string
		row  Metric
		want string
	}{
		{"no rule", Metric{Key: "p95_itl", Y: true, Lower: true}, "no By"},
		{"no input", Metric{Key: "p95_itl", By: Measured, Y: true, Lower: true}, "catalog name"},
		{"no base", Metric{Key: "costPerMRequest", By: Cost, Y: true, Always: true, Lower: true}, "not a throughput column"},
		{"twice", Metric{Key: "avg_power_w", By: Measured, Input: input.MAvgPowerW, Y: true, Lower: true}, "two rows"},
		{"not on the axes", Metric{Key: "joules_per_input_token", By: Measured, Input: input.MJoulesPerInputToken, Y: true}, "charts.YMetrics does not name"},
	} {
		got := strings.Join(tableProblems(append(slices.Clone(Metrics), c.row)), "\n")
		if !strings.Contains(got, c.want) {
			t.Errorf("%s: problems %q; want one saying %q", c.name, got, c.want)
		}
	}
	flipped := slices.Clone(Metrics)
	i := slices.IndexFunc(flipped, func(m Metric) bool { return m.Key == "costPerMTok" })
	flipped[i].Lower = false
	if got := strings.Join(tableProblems(flipped), "\n"); !strings.Contains(got, "Higher is false") {
		t.Errorf("a cost that is not lower-is-better: problems %q", got)
	}
}

// The lookups read the table: a catalog metric's column, a throughput's catalog metric, and a
// priced metric's value.
func TestLookupsReadTheTable(t *testing.T) {
	if got := ColumnOf(input.MMedianIntvty); got != "x" {
		t.Errorf("ColumnOf(median interactivity) = %q; want x", got)
	}
	if got := ColumnOf(input.MOutputTputPerGPU); got != "outputTputPerGpu" {
		t.Errorf("ColumnOf(output throughput) = %q", got)
	}
	if got := ColumnOf(input.MAvgPowerW); got != "avg_power_w" {
		t.Errorf("ColumnOf(power) = %q; want the catalog's name", got)
	}
	if m, ok := Throughput("inputTputPerGpu"); !ok || m != input.MInputTputPerGPU {
		t.Errorf("Throughput(inputTputPerGpu) = %v, %v", m, ok)
	}
	for _, key := range []string{"x", "costPerMTok", "avg_power_w", "nope"} {
		if _, ok := Throughput(key); ok {
			t.Errorf("Throughput(%q) is a throughput", key)
		}
	}
	cost, _ := MetricOf("costPerMOutputTok")
	if got := cost.Of(3.6, 1000); got != 1 || cost.Base != "outputTputPerGpu" {
		t.Errorf("cost of output tokens at $3.6/h and 1000 tok/s = %v by %s; want $1 by output throughput", got, cost.Base)
	}
	mw, _ := MetricOf("tokPerMW")
	if got := mw.Of(1.25, 1000); got != 800000 || !mw.Priced() {
		t.Errorf("tokens per MW at 1.25 kW and 1000 tok/s = %v", got)
	}
}
