package pareto

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/frontier-bench/frontier/internal/testenv"
)

// twinScript runs the page script's pareto module (templates/script/pareto.js) on the cases
// read from stdin and writes what it computed to stdout, in the same shapes as twinCase and
// twinResult.
const twinScript = `
import { pathToFileURL } from "node:url";
const P = await import(pathToFileURL(process.argv[1]).href);
let input = "";
process.stdin.on("data", (d) => { input += d; });
process.stdin.on("end", () => {
  const cases = JSON.parse(input);
  const out = cases.map((c) => {
    // Go writes empty slices as null; the page always passes arrays.
    c.xs = c.xs || []; c.ys = c.ys || []; c.queries = c.queries || []; c.cands = c.cands || [];
    const m = P.monotone(c.xs, c.ys);
    return {
      frontier: c.lowerX ? P.frontierDir(c.xs, c.ys, false, c.higherY) : P.frontier(c.xs, c.ys, c.higherY),
      at: c.queries.map((q) => m.at(q)),
      valueAt: c.queries.map((q) => P.valueAt(c.xs, c.ys, q)),
      best: P.bestPerGPU(c.cands.map((k) => ({gpu: k.GPU, x: k.X || [], y: k.Y || []})), c.higherY),
    };
  });
  process.stdout.write(JSON.stringify(out));
});
`

type twinCase struct {
	Name    string      `json:"-"`
	XS      []float64   `json:"xs"`
	YS      []float64   `json:"ys"`
	HigherY bool        `json:"higherY"`
	LowerX  bool        `json:"lowerX"` // lower x is better: FrontierDir(xs, ys, false, higherY)
	Queries []float64   `json:"queries"`
	Cands   []Candidate `json:"cands"`
}

type twinResult struct {
	Frontier []int          `json:"frontier"`
	At       []*float64     `json:"at"` // null where the curve is undefined
	ValueAt  []*float64     `json:"valueAt"`
	Best     map[string]int `json:"best"`
}

// TestJavaScriptTwin checks that templates/script/pareto.js, which the chart page uses to
// recompute frontiers and best-per-GPU in the browser, agrees with this package: the same
// frontier indices, the same best series, interpolated values within 1e-9 relative (they are
// normally bit-identical; Go may fuse multiply-adds on some CPUs, JavaScript never does).
func TestJavaScriptTwin(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		testenv.Unavailable(t, "node not found; install Node.js to compare pareto.js with Go: %v", err)
	}
	script, err := filepath.Abs(filepath.Join("..", "..", "templates", "script", "pareto.js"))
	if err != nil {
		t.Fatal(err)
	}
	cases := append(seedTwinCases(t), randomTwinCases()...)
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "--input-type=module", "-e", twinScript, script)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.Bytes())
	}
	var got []twinResult
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("decode node output: %v", err)
	}
	if len(got) != len(cases) {
		t.Fatalf("node returned %d results for %d cases", len(got), len(cases))
	}
	for k, c := range cases {
		js := got[k]
		if want := FrontierDir(c.XS, c.YS, !c.LowerX, c.HigherY); !slices.Equal(js.Frontier, want) {
			t.Errorf("%s: frontier: js %v, go %v", c.Name, js.Frontier, want)
		}
		m := NewMonotone(c.XS, c.YS)
		for i, q := range c.Queries {
			want, ok := m.At(q)
			compareValue(t, c.Name, "monotone.at", q, js.At[i], want, ok)
			compareValue(t, c.Name, "valueAt", q, js.ValueAt[i], want, ok)
		}
		if want := BestPerGPU(c.Cands, c.HigherY); !maps.Equal(js.Best, want) {
			t.Errorf("%s: bestPerGPU: js %v, go %v", c.Name, js.Best, want)
		}
	}
}

func compareValue(t *testing.T, name, fn string, x float64, js *float64, want float64, ok bool) {
	t.Helper()
	switch {
	case (js != nil) != ok:
		t.Errorf("%s: %s(%v): js defined = %v, go ok = %v", name, fn, x, js != nil, ok)
	case ok && math.Abs(*js-want) > 1e-9*max(math.Abs(*js), math.Abs(want)):
		t.Errorf("%s: %s(%v): js %v, go %v", name, fn, x, *js, want)
	}
}

// seedTwinCases is one case per seed series (its points, both y directions, queries at its
// knots, between them and outside), the best-per-GPU input of the whole seed riding along.
func seedTwinCases(t *testing.T) []twinCase {
	cands, series := seedCandidates(t)
	var cases []twinCase
	for _, s := range series {
		xs, ys := s.xy()
		for _, higherY := range []bool{true, false} {
			cases = append(cases, twinCase{
				Name: "seed " + s.HWKey, XS: xs, YS: ys, HigherY: higherY,
				Queries: queriesFor(xs, 50), Cands: cands,
			})
		}
	}
	return cases
}

// randomTwinCases draws point sets (with ties, duplicates and x <= 0 half the time) and
// best-per-GPU inputs built from their frontiers.
func randomTwinCases() []twinCase {
	r := rand.New(rand.NewPCG(11, 12))
	var cases []twinCase
	for k := range 200 {
		xs, ys := randomPoints(r, r.IntN(25))
		c := twinCase{Name: fmt.Sprintf("random %d", k), XS: xs, YS: ys, HigherY: r.IntN(3) > 0,
			LowerX: k%2 == 1, Queries: queriesFor(xs, 20)}
		for range r.IntN(8) {
			fx, fy := randomPoints(r, 1+r.IntN(12))
			cand := Candidate{GPU: []string{"b200", "b300", "mi355x"}[r.IntN(3)]}
			for _, i := range Frontier(fx, fy, c.HigherY) {
				cand.X = append(cand.X, fx[i])
				cand.Y = append(cand.Y, fy[i])
			}
			c.Cands = append(c.Cands, cand)
		}
		cases = append(cases, c)
	}
	return cases
}

// queriesFor returns every x in xs, n evenly spaced x from a little below the smallest to a
// little above the largest, and a few far outside.
func queriesFor(xs []float64, n int) []float64 {
	qs := append([]float64{-1, 0, 1e9}, xs...)
	if len(xs) == 0 {
		return qs
	}
	lo, hi := slices.Min(xs), slices.Max(xs)
	pad := (hi - lo) / 10
	for i := range n {
		qs = append(qs, lo-pad+(hi-lo+2*pad)*float64(i)/float64(n-1))
	}
	return qs
}
