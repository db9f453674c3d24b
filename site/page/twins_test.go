package page

import (
	"bytes"
	"encoding/json"
	"math"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/site/input"
)

// tableScript runs the page script's copies of the metrics' roles over stdin's page: for each
// key, yValues (model.js: a column's value or a priced metric from its throughput), the
// frontier's value at each x (model.js frontierCurve), trendScale (trend.js: what a trend
// table at $1 and 1 kW is scaled by), and the reader's own points in the page's columns
// (yourrun.js seriesOf: a column from the decoder's catalog names), the runs' range of a point
// (model.js yRange); and COST_BASE (format.js).
const tableScript = `
import { pathToFileURL } from "node:url";
const dir = process.argv[1];
const load = (name) => import(pathToFileURL(dir + "/" + name).href);
await load("testdata/strings.js");
const { COST_BASE } = await load("format.js");
const { yValues, yRange, frontierCurve } = await load("model.js");
const pareto = await load("pareto.js");
const { trendScale } = await load("trend.js");
const { seriesOf } = await load("yourrun.js");
let input = "";
process.stdin.on("data", (d) => { input += d; });
process.stdin.on("end", () => {
  const { page, keys, lower, at, row } = JSON.parse(input);
  const series = page.series[0];
  const xs = series.points.map((p) => p[page.cols.indexOf("x")]);
  const out = { costBase: COST_BASE, y: {}, at: {}, scale: {}, range: {} };
  const sp = { lo: {}, hi: {} }; // a point of several runs: each column from its value to twice it
  page.cols.forEach((c, j) => { sp.lo[c] = series.points[0][j]; sp.hi[c] = 2 * series.points[0][j]; });
  keys.forEach((key, i) => {
    const ys = yValues(page, key, series, {});
    out.y[key] = ys.map((v) => Number.isFinite(v) ? v : null);
    const front = pareto.frontier(xs, ys, !lower[i]);
    const curve = frontierCurve(page, {}, key, series, xs, ys, front);
    out.at[key] = at.map((x) => { const v = curve.at(x); return Number.isFinite(v) ? v : null; });
    out.scale[key] = trendScale(page, {}, key, series.gpu);
    out.range[key] = yRange(page, key, series, sp, {});
  });
  out.yours = seriesOf(page, [{ row, file: "a.json" }])[0].points[0];
  process.stdout.write(JSON.stringify(out));
});
`

// TestPageScriptReadsTheTable checks the page script's copies of Metrics' roles against the
// table, both ways (page.go's package doc says why they are checked, not generated): every
// y metric's values and frontier as model.js computes them from a page of every column, its
// trend's scale, format.js' COST_BASE, and yourrun.js' columns from the decoder's names.
func TestPageScriptReadsTheTable(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		testenv.Unavailable(t, "node not found; install Node.js to compare the page script with Metrics: %v", err)
	}
	const price, kw = 2.5, 1.25
	cols := []string{"id"}
	for _, m := range Metrics {
		if m.By == Measured {
			cols = append(cols, m.Key)
		}
	}
	value := func(p, c int) float64 { return float64(1000*(4-p)+37*c) + 0.5 } // every column its own
	points := make([][]float64, 4)
	for p := range points {
		points[p] = []float64{float64(p + 1)}
		for c := 1; c < len(cols); c++ {
			points[p] = append(points[p], value(p, c))
		}
		points[p][slices.Index(cols, "x")] = float64(10 * (p + 1))
	}
	row := map[string]float64{} // the decoder's point: catalog names
	for c, key := range cols[1:] {
		m, _ := MetricOf(key)
		row[input.MetricNames[m.Input]] = value(0, c+1)
	}
	var keys []string
	var lower []bool
	for _, m := range Metrics {
		if m.Y {
			keys, lower = append(keys, m.Key), append(lower, m.Lower)
		}
	}
	at := []float64{10, 15, 25, 40}
	in, _ := json.Marshal(map[string]any{
		"page": map[string]any{"cols": cols, "gpus": map[string]any{"b200": map[string]float64{"costPerHour": price, "kw": kw}},
			"series": []any{map[string]any{"gpu": "b200", "points": points}}},
		"keys": keys, "lower": lower, "at": at,
		"row": map[string]any{"hw": "b200_sglang", "gpu": "b200", "precision": "fp8", "label": "B200", "metrics": row},
	})
	cmd := exec.Command(node, "--input-type=module", "-e", tableScript, filepath.Join("..", "..", "templates", "script"))
	cmd.Stdin = bytes.NewReader(in)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.Bytes())
	}
	var js struct {
		CostBase map[string]string     `json:"costBase"`
		Y        map[string][]*float64 `json:"y"`
		At       map[string][]*float64 `json:"at"`
		Scale    map[string]float64    `json:"scale"`
		Yours    []any                 `json:"yours"`
		Range    map[string][]float64  `json:"range"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &js); err != nil {
		t.Fatalf("decode node output: %v", err)
	}
	checkCostBase(t, js.CostBase)
	xs := make([]float64, len(points))
	for p := range points {
		xs[p] = points[p][slices.Index(cols, "x")]
	}
	for _, m := range Metrics {
		if !m.Y {
			continue
		}
		constant, scale, col := price, 1.0, m.Key
		switch m.By {
		case Cost:
			scale, col = price, m.Base
		case PerMW:
			constant, scale, col = kw, 1/kw, m.Base
		}
		want := make([]float64, len(points))
		for p := range points {
			want[p] = points[p][slices.Index(cols, col)]
			if m.Priced() {
				want[p] = m.Of(constant, want[p])
			}
			if got := js.Y[m.Key][p]; got == nil || !near(*got, want[p]) {
				t.Errorf("yValues(%s)[%d] = %v; want %v", m.Key, p, show(got), want[p])
			}
		}
		if js.Scale[m.Key] != scale {
			t.Errorf("trendScale(%s) = %v; want %v (the GPU's price, 1/kW, or 1 for a measured metric)", m.Key, js.Scale[m.Key], scale)
		}
		checkFrontier(t, m, xs, want, points, cols, constant, at, js.At[m.Key])
		lo, hi := want[0], 2*points[0][slices.Index(cols, col)] // the runs' range of the first point
		if m.Priced() {
			lo, hi = min(lo, m.Of(constant, hi)), max(lo, m.Of(constant, hi))
		}
		if r := js.Range[m.Key]; len(r) != 2 || !near(r[0], lo) || !near(r[1], hi) {
			t.Errorf("yRange(%s) = %v; want [%v %v]", m.Key, r, lo, hi)
		}
	}
	for c, key := range cols {
		if key == "id" {
			continue
		}
		if got, ok := js.Yours[c].(float64); !ok || got != value(0, c) {
			t.Errorf("yourrun.js' column %s = %v; want the decoder's %s, %v", key, js.Yours[c], input.MetricNames[mustMetric(key).Input], value(0, c))
		}
	}
}

// checkCostBase: format.js' COST_BASE names every Cost row of the table, by its Base, and
// nothing else.
func checkCostBase(t *testing.T, js map[string]string) {
	t.Helper()
	want := map[string]string{}
	for _, m := range Metrics {
		if m.By == Cost {
			want[m.Key] = m.Base
		}
	}
	for k, v := range want {
		if js[k] != v {
			t.Errorf("format.js COST_BASE[%s] = %q; want %q (page.Metrics)", k, js[k], v)
		}
	}
	for k := range js {
		if _, ok := want[k]; !ok {
			t.Errorf("format.js COST_BASE names %s, which page.Metrics does not price as a cost", k)
		}
	}
}

// checkFrontier: the script's frontier of m at each x is Go's, a priced metric's read along
// its throughput's curve (Derived), any other's its own curve.
func checkFrontier(t *testing.T, m Metric, xs, ys []float64, points [][]float64, cols []string, constant float64, at []float64, js []*float64) {
	t.Helper()
	var curve interface{ At(float64) (float64, bool) }
	if m.Priced() {
		tps := make([]float64, len(points))
		for p := range points {
			tps[p] = points[p][slices.Index(cols, m.Base)]
		}
		curve = NewDerived(xs, tps, true, func(tp float64) float64 { return m.Of(constant, tp) })
	} else {
		curve = NewCurve(xs, ys, true, !m.Lower)
	}
	for i, x := range at {
		want, ok := curve.At(x)
		if got := js[i]; (got != nil) != ok || (ok && !near(*got, want)) {
			t.Errorf("%s's frontier at %v: the script's %v, Go's %v (%v)", m.Key, x, show(got), want, ok)
		}
	}
}

// near: the script's and Go's arithmetic agree to the last bits.
func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Max(math.Abs(a), math.Abs(b)) }

// show is a figure of the script's output, "null" where it gave none.
func show(v *float64) any {
	if v == nil {
		return "null"
	}
	return *v
}

func mustMetric(key string) Metric {
	m, _ := MetricOf(key)
	return m
}
