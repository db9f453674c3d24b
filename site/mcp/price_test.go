package mcp

import (
	"math"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/site/render"
)

// The example prices B200 in three tiers ([gpus.b200.cost] hyperscaler = 6.25, neocloud = 3.9,
// rental = 2.7) and no other GPU: best_at's costPerMTok is then B200's alone, and scales with the
// tier's price.
func TestBestAtCostFollowsTheTierAndTheSitesPrices(t *testing.T) {
	cs := connect(t, NewSource("example", exampleSite(t)))
	page := "/deepseek-v4-pro/8k-1k/"
	var hyper, rental BestOut
	call(t, cs, "best_at", map[string]any{"page": page, "at": 40, "y": "costPerMTok"}, &hyper)
	call(t, cs, "best_at", map[string]any{"page": page, "at": 40, "y": "costPerMTok", "tier": "rental"}, &rental)
	if hyper.Higher || hyper.URL != page+"#y=costPerMTok" || !strings.HasSuffix(rental.URL, "#y=costPerMTok&tier=rental") {
		t.Errorf("cost: higher %v, urls %q and %q", hyper.Higher, hyper.URL, rental.URL)
	}
	leader := func(out BestOut, gpu string) *Leader {
		for i := range out.Leaders {
			if out.Leaders[i].GPU == gpu {
				return &out.Leaders[i]
			}
		}
		t.Fatalf("no leader for %s in %+v", gpu, out.Leaders)
		return nil
	}
	for _, l := range hyper.Leaders {
		if l.GPU != "b200" && l.Value != nil {
			t.Errorf("%s has no price on the example, but a cost of %v", l.GPU, *l.Value)
		}
	}
	h, r := leader(hyper, "b200"), leader(rental, "b200")
	if h.Value == nil || r.Value == nil {
		t.Fatalf("B200's cost at 40 tok/s/user: hyperscaler %v, rental %v", h.Value, r.Value)
	}
	if got, want := *r.Value / *h.Value, 2.7/6.25; math.Abs(got-want) > 1e-5*want { // the leaders read points rounded to 6 significant digits
		t.Errorf("rental/hyperscaler cost = %v, want the prices' ratio %v", got, want)
	}
	if msg := callErr(t, cs, "best_at", map[string]any{"page": page, "at": 40, "y": "costPerMTok", "tier": "spot"}); !strings.Contains(msg, `unknown price tier "spot"`) || !strings.Contains(msg, "hyperscaler, neocloud, rental") {
		t.Errorf("an unknown tier: %s", msg)
	}
}

// The costs of a million output and of a million input tokens divide the GPU-hour's price by
// the output and the input throughput, as the page script does; a point without the
// throughput (a LoadGen run counts no input tokens) has no such cost.
func TestWithPricesCostsEachTokenKind(t *testing.T) {
	price, kw := 3.6, 1.2
	d := pageData{GPUs: map[string]render.GPUData{"b200": {CostPerHour: &price, KW: &kw}}}
	snap := &snapshot{series: []*series{{gpu: "b200", points: []Point{
		{Metrics: map[string]float64{"tpPerGpu": 1000, "outputTputPerGpu": 100, "inputTputPerGpu": 900}},
		{Metrics: map[string]float64{"outputTputPerGpu": 50}},
	}}}}
	got := withPrices(d, snap, "").series[0].points
	want := []map[string]float64{
		{"costPerMTok": 1, "costPerMOutputTok": 10, "costPerMInputTok": 1e6 / 900 / 1000, "tokPerMW": 1000 / 1.2 * 1000},
		{"costPerMOutputTok": 20},
	}
	for i, w := range want {
		for _, k := range []string{"costPerMTok", "costPerMOutputTok", "costPerMInputTok", "tokPerMW"} {
			v, ok := got[i].Metrics[k]
			wv, wok := w[k]
			if ok != wok || ok && math.Abs(v-wv) > 1e-9*wv {
				t.Errorf("point %d: %s = %v (%v), want %v (%v)", i, k, v, ok, wv, wok)
			}
		}
	}
	if _, ok := snap.series[0].points[0].Metrics["costPerMTok"]; ok {
		t.Error("withPrices changed the cached snapshot")
	}
}

func TestSLOPicksGateOnCostAtTheTiersPrice(t *testing.T) {
	cs := connect(t, NewSource("example", exampleSite(t)))
	page := "/deepseek-v4-pro/8k-1k/"
	var loose, rental SLOOut
	call(t, cs, "slo_picks", map[string]any{"page": page, "gate": "costPerMTok:1000"}, &loose)
	call(t, cs, "slo_picks", map[string]any{"page": page, "gate": "costPerMTok:1000", "tier": "rental"}, &rental)
	for _, out := range []SLOOut{loose, rental} {
		for _, pk := range out.Picks {
			if (pk.Pick != nil) != (pk.GPU == "b200") {
				t.Errorf("%s: pick %v under a cost gate, where only B200 has a price", pk.GPU, pk.Pick)
			}
		}
		if out.Missing["costPerMTok"] == 0 {
			t.Errorf("the unpriced GPUs' points are not counted as lacking a cost: %v", out.Missing)
		}
	}
	if !strings.HasSuffix(rental.URL, "#slo=costPerMTok:1000&tier=rental") {
		t.Errorf("url %q", rental.URL)
	}
}
