package config

import (
	"slices"
	"strings"
	"testing"
)

func TestSLOPresetsAndPriceTiers(t *testing.T) {
	cfg, ps := ParseConfig("frontier.toml", []byte(`
[gpus.h100]
cost_per_hour = 2.5

[gpus.b200.cost]
hyperscaler = 6.25
neocloud = 3.9
rental = 2.7

[gpus.mi355x.cost]
neocloud = 2.9
hyperscaler = 5

[[slo]]
name = "MLPerf Server"
gate = "p99_ttft:2,p99_intvty:5"
description = "llama2-70b Server"
`))
	// mi355x lacks the rental tier: a warning that names the tier and the GPU, never an error.
	if len(ps) != 1 || !ps[0].Warning || !strings.Contains(ps[0].Msg, `"rental"`) || !strings.Contains(ps[0].Msg, "mi355x") {
		t.Fatalf("problems %v, want one warning naming the rental tier and mi355x", ps)
	}
	// The tiers in the order the file first names them, the first the default.
	if got := cfg.PriceTiers(); !slices.Equal(got, []string{"hyperscaler", "neocloud", "rental"}) {
		t.Errorf("tiers %v", got)
	}
	tiers := cfg.PriceTiers()
	for _, c := range []struct {
		gpu, tier string
		want      float64
		ok        bool
	}{
		{"b200", "", 6.25, true}, // the default tier
		{"b200", "rental", 2.7, true},
		{"mi355x", "rental", 0, false}, // no price in that tier
		{"h100", "rental", 2.5, true},  // one price holds in every tier
		{"h100", "", 2.5, true},        // ... the default too
		{"a100", "neocloud", 0, false}, // no [gpus] entry
		{"mi355x", "neocloud", 2.9, true},
	} {
		got, ok := cfg.GPUs[c.gpu].TierPrice(c.tier, tiers)
		if got != c.want || ok != c.ok {
			t.Errorf("%s in tier %q: %v %v, want %v %v", c.gpu, c.tier, got, ok, c.want, c.ok)
		}
	}
	if p := cfg.SLOPresets(); len(p) != 1 || p[0].Name != "MLPerf Server" || p[0].Gate != "p99_ttft:2,p99_intvty:5" || p[0].Description != "llama2-70b Server" {
		t.Errorf("presets %+v", p)
	}
}

func TestSLOBadPresetsAndPricesAreReported(t *testing.T) {
	_, ps := ParseConfig("frontier.toml", []byte(`
[gpus.b200.cost]
hyperscaler = -1

[[slo]]
name = "A"
gate = "p99_ttft:2,p99_tpot:0.2"

[[slo]]
name = "a"
gate = "p99_ttft:fast"

[[slo]]
name = "x:y"
gate = ""
`))
	want := []string{
		"frontier.toml: gpus.b200.cost.hyperscaler: want dollars per GPU-hour",
		`frontier.toml: slo[0].gate: "p99_tpot:0.2": no such metric`,
		`frontier.toml: slo[1].name: "a" is slo[0]'s name already`,
		`frontier.toml: slo[1].gate: "p99_ttft:fast": want a limit that is a number >= 0`,
		`frontier.toml: slo[2].name: "x:y": a name cannot hold ':'`,
		"frontier.toml: slo[2].gate: want terms METRIC:LIMIT",
	}
	var got []string
	for _, p := range ps {
		got = append(got, p.String())
	}
	all := strings.Join(got, "\n")
	for _, w := range want {
		if !strings.Contains(all, w) {
			t.Errorf("no problem %q in\n%s", w, all)
		}
	}
	if len(ps) != len(want) {
		t.Errorf("%d problems, want %d:\n%s", len(ps), len(want), all)
	}
}
