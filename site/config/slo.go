package config

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/frontier-bench/frontier/site/slo"
)

// SLOConfig is one [[slo]] entry: a named service-level gate ("MLPerf Server", gate
// "p99_ttft:2,p99_intvty:5"), offered on every chart page as a one-click choice (slo=NAME)
// and stated on the compare pages, compare.json and the home page.
type SLOConfig struct {
	Name        string `toml:"name"`
	Gate        string `toml:"gate"`
	Description string `toml:"description"`
}

// SLOPresets are the [[slo]] entries as package slo reads them.
func (c Config) SLOPresets() []slo.Preset {
	out := make([]slo.Preset, len(c.SLO))
	for i, s := range c.SLO {
		out[i] = slo.Preset{Name: s.Name, Gate: s.Gate, Description: s.Description}
	}
	return out
}

// PriceTiers are the names of the GPUs' price tiers ([gpus.b200.cost] hyperscaler = 6.25, ...),
// the default first: in the order frontier.toml first names them (TierOrder), else sorted.
// None when every GPU has one price (cost_per_hour).
func (c Config) PriceTiers() []string {
	if len(c.TierOrder) > 0 {
		return c.TierOrder
	}
	set := map[string]bool{}
	for _, g := range c.GPUs {
		for k := range g.Cost {
			set[k] = true
		}
	}
	return slices.Sorted(maps.Keys(set))
}

// TierPrice is a GPU's $/GPU-hour in a tier ("" for the default): its price in that tier when
// it has tiers (none when it lacks the tier), else its one price in every tier. ok is false
// when it has no price.
func (g GPUConfig) TierPrice(tier string, tiers []string) (float64, bool) {
	if len(g.Cost) == 0 {
		return g.CostPerHour, g.CostPerHour > 0
	}
	if tier == "" && len(tiers) > 0 {
		tier = tiers[0]
	}
	v, ok := g.Cost[tier]
	return v, ok && v > 0
}

// tierOrder lists the tier names of [gpus.*.cost] tables in the order the file first names
// them, from the keys toml.Decode met.
func tierOrder(md toml.MetaData) []string {
	var out []string
	for _, k := range md.Keys() {
		if len(k) == 4 && k[0] == "gpus" && k[2] == "cost" && !slices.Contains(out, k[3]) {
			out = append(out, k[3])
		}
	}
	return out
}

// validateSLO checks the presets (a name that is not a gate's term, unique ignoring case; a
// gate every term of which reads) and the price tiers (numbers >= 0; a tier some GPUs with
// tiers lack is a warning: they have no cost in that tier).
func (c *Config) validateSLO(name string) Problems {
	var ps Problems
	bad := func(path string, warn bool, format string, args ...any) {
		ps = append(ps, Problem{File: name, Path: path, Msg: fmt.Sprintf(format, args...), Warning: warn})
	}
	seen := map[string]int{}
	for i, s := range c.SLO {
		path := fmt.Sprintf("slo[%d]", i)
		key := strings.ToLower(strings.TrimSpace(s.Name))
		switch j, dup := seen[key]; {
		case key == "":
			bad(path+".name", false, "want a name such as \"MLPerf Server\"")
		case strings.ContainsAny(key, ":,&#="):
			bad(path+".name", false, "%q: a name cannot hold ':', ',', '&', '#' or '=' (it is written in links as slo=NAME)", s.Name)
		case dup:
			bad(path+".name", false, "%q is slo[%d]'s name already", s.Name, j)
		default:
			seen[key] = i
		}
		terms, _, invalid := slo.Parse(s.Gate, nil)
		for _, x := range invalid {
			bad(path+".gate", false, "%q: %s", x.Text, invalidWhy[x.Reason])
		}
		if len(terms) == 0 && len(invalid) == 0 {
			bad(path+".gate", false, "want terms METRIC:LIMIT such as \"p99_ttft:2,p99_intvty:5\"")
		}
	}
	tiers := c.PriceTiers()
	for _, k := range slices.Sorted(maps.Keys(c.GPUs)) {
		g := c.GPUs[k]
		for _, tier := range slices.Sorted(maps.Keys(g.Cost)) {
			if v := g.Cost[tier]; v < 0 || math.IsInf(v, 0) || math.IsNaN(v) {
				bad("gpus."+k+".cost."+tier, false, "want dollars per GPU-hour, a number >= 0, got %v", v)
			}
		}
	}
	for _, tier := range tiers {
		var lack []string
		for _, k := range slices.Sorted(maps.Keys(c.GPUs)) {
			if g := c.GPUs[k]; len(g.Cost) > 0 {
				if _, ok := g.Cost[tier]; !ok {
					lack = append(lack, k)
				}
			}
		}
		if len(lack) > 0 {
			bad("gpus", true, "price tier %q: %s %s no price in it, so no cost in that tier", tier, strings.Join(lack, ", "), map[bool]string{true: "has", false: "have"}[len(lack) == 1])
		}
	}
	return ps
}

// invalidWhy says why a gate's term was not read, by slo.Invalid's reason.
var invalidWhy = map[string]string{
	"form":   "not METRIC:LIMIT",
	"metric": "no such metric (want an x-axis key such as p99_ttft or median_intvty, or costPerMTok)",
	"limit":  "want a limit that is a number >= 0",
	"preset": "not METRIC:LIMIT",
}
