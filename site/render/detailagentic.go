package render

// An agentic point's detail (docs/chart-page.md, "An agentic point"): what InferenceX's agentic
// results measure beyond a fixed-length run's, for the detail dialog's agentic section
// (templates/script/detail.js): the cache hit rates side by side, the KV cache, the request
// accounting, the offload, the stages' hardware and the router, and the per-request input and
// output lengths with their lognormal fit where the run's records were read.

import (
	"github.com/frontier-bench/frontier/site/input"
)

// AgenticDetail is an agentic point's own section of its detail. Rates are fractions; every
// field absent where the result does not give it.
type AgenticDetail struct {
	Scenario string `json:"scenario"`
	// Cache is the hit rates, each null where not measured, in the order theoretical, GPU,
	// CPU (offload), external.
	Cache      []*float64 `json:"cache"`
	KVUsage    *float64   `json:"kvUsage,omitempty"`
	KVCapacity *float64   `json:"kvCapacity,omitempty"` // tokens
	// The requests: profiled, sent in all (warmup included), dropped as warmup and as errors,
	// and the errors by category ([name, count]).
	Profiled *int64         `json:"profiled,omitempty"`
	Total    *int64         `json:"total,omitempty"`
	Warmup   *float64       `json:"warmup,omitempty"`
	Errors   *float64       `json:"errors,omitempty"`
	ByError  [][2]any       `json:"byError,omitempty"`
	Spec     string         `json:"spec,omitempty"`
	Offload  string         `json:"offload,omitempty"`
	Backend  string         `json:"backend,omitempty"`
	DRAMGB   *float64       `json:"dramGB,omitempty"`
	Disagg   bool           `json:"disagg,omitempty"`
	Prefill  string         `json:"prefillHW,omitempty"`
	Decode   string         `json:"decodeHW,omitempty"`
	Router   string         `json:"router,omitempty"`
	Power    bool           `json:"powerInvalid,omitempty"` // power_valid was 0: no power figures
	ISL      *LengthsDetail `json:"isl,omitempty"`
	OSL      *LengthsDetail `json:"osl,omitempty"`
}

// LengthsDetail is a histogram of per-request token counts on log-spaced bins (Edges, one more
// than Counts) with its fitted lognormal: Mu and Sigma of ln tokens, its Median in tokens, and
// its Kolmogorov–Smirnov distance KS to the requests. Zero counts the requests of 0 tokens,
// which no bin holds.
type LengthsDetail struct {
	Edges  []float64 `json:"edges"`
	Counts []int64   `json:"counts"`
	N      int64     `json:"n"`
	Zero   int64     `json:"zero,omitempty"`
	Mu     *float64  `json:"mu"`
	Sigma  *float64  `json:"sigma"`
	Median *float64  `json:"median"`
	KS     *float64  `json:"ks"`
}

// agenticDetail is raw's agentic section; nil for a point that is not agentic.
func agenticDetail(raw *input.RawPoint) *AgenticDetail {
	a := raw.Agentic
	if a == nil {
		return nil
	}
	get := func(m input.MetricID) *float64 {
		if v, ok := raw.Metrics.Get(m); ok {
			return round4(v)
		}
		return nil
	}
	d := &AgenticDetail{Scenario: a.Scenario, Spec: a.Spec, Offload: a.Offload, Backend: a.Backend.String(),
		Disagg: a.Disagg, Prefill: a.PrefillHW, Decode: a.DecodeHW, Router: a.Router.String(), Power: a.PowerInvalid,
		Cache:   []*float64{get(input.MTheoreticalCacheHit), get(input.MGPUCacheHit), get(input.MCPUCacheHit), get(input.MExternalCacheHit)},
		KVUsage: get(input.MKVCacheUsage), KVCapacity: get(input.MKVCacheCapacity),
		Warmup: get(input.MWarmupDropped), Errors: get(input.MErrorDropped), DRAMGB: get(input.MCPUDRAMGB)}
	if a.Profiled > 0 {
		d.Profiled = &a.Profiled
	}
	if a.Total > 0 {
		d.Total = &a.Total
	}
	for _, c := range a.Errors {
		d.ByError = append(d.ByError, [2]any{c.Name, c.N})
	}
	d.ISL, d.OSL = lengthsDetail(a.ISL), lengthsDetail(a.OSL)
	return d
}

func lengthsDetail(l *input.Lengths) *LengthsDetail {
	if l == nil {
		return nil
	}
	d := &LengthsDetail{Edges: l.Edges, Counts: l.Counts, N: l.N, Zero: l.Zero}
	if l.N > 0 {
		d.Mu, d.Sigma, d.Median, d.KS = round4(l.Mu), round4(l.Sigma), round4(l.Median()), round4(l.KS)
	}
	return d
}
