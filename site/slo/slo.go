// Package slo is the service-level gate and its picks (issue 46): "slo=p99_ttft:2,p99_intvty:20"
// keeps the points whose p99 time to first token is at most 2 s and whose p99 interactivity is
// at least 20 tok/s/user, and the picks name, per GPU, the best measured point the gate keeps.
// The same rule runs in the page script (templates/script/slo.js); both are held to the cases
// of templates/script/testdata/slo.json, so the no-JavaScript picks, compare.json and the live
// page agree.
package slo

import (
	"cmp"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/charts"
)

// Metric is a statistic a gate may bound: an x-axis key of charts.XAxes or costPerMTok. Higher
// says which way is better, and so whether a limit is a floor (higher) or a ceiling.
type Metric struct {
	Key    string `json:"key"`
	Higher bool   `json:"higher"`
}

// Cost is the one y metric a gate may bound: dollars per million tokens at the price in force.
const Cost = "costPerMTok"

// Catalog lists the metrics a gate may bound, in the x-axis menu's order, cost last.
func Catalog() []Metric {
	out := make([]Metric, 0, len(charts.XAxes)+1)
	for _, a := range charts.XAxes {
		out = append(out, Metric{a.Key, a.Higher})
	}
	return append(out, Metric{Cost, false})
}

// Lookup finds a metric of the catalog by key, ignoring case.
func Lookup(key string) (Metric, bool) {
	for _, m := range Catalog() {
		if strings.EqualFold(m.Key, key) {
			return m, true
		}
	}
	return Metric{}, false
}

// Term is one bound: a metric's value must be at least Limit when Floor, at most Limit otherwise.
type Term struct {
	Metric string  `json:"metric"`
	Limit  float64 `json:"limit"`
	Floor  bool    `json:"floor"`
}

// Meets says whether a value meets the term (a NaN never does).
func (t Term) Meets(v float64) bool {
	if t.Floor {
		return v >= t.Limit
	}
	return v <= t.Limit
}

// String is the term as a link writes it, "p99_ttft:2".
func (t Term) String() string {
	return t.Metric + ":" + strconv.FormatFloat(t.Limit, 'f', -1, 64)
}

// Invalid is a part of a gate that was not understood, and why: "form" (not METRIC:LIMIT),
// "metric" (no such metric), "limit" (not a number >= 0), "preset" (no preset of that name).
type Invalid struct {
	Text   string `json:"text"`
	Reason string `json:"reason"`
}

// Preset is a named gate ([[slo]] in frontier.toml).
type Preset struct {
	Name        string
	Gate        string
	Description string
}

// limitText is what a limit may be written as: a plain decimal number, the same in Go and JS.
var limitText = regexp.MustCompile(`^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$`)

// Parse reads a gate: comma-separated METRIC:LIMIT terms, or the name of a preset (ignoring
// case), whose gate is read instead and whose name is returned. Each part it cannot read is
// reported and changes nothing; the terms are in the order written.
func Parse(value string, presets []Preset) (terms []Term, preset string, invalid []Invalid) {
	value = strings.TrimSpace(value)
	if value == "" {
		return nil, "", nil
	}
	if !strings.Contains(value, ":") {
		for _, p := range presets {
			if strings.EqualFold(p.Name, value) {
				terms, _, invalid = Parse(p.Gate, nil)
				return terms, p.Name, invalid
			}
		}
		return nil, "", []Invalid{{value, "preset"}}
	}
	for part := range strings.SplitSeq(value, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		key, limit, ok := strings.Cut(part, ":")
		if !ok || strings.Contains(limit, ":") {
			invalid = append(invalid, Invalid{part, "form"})
			continue
		}
		m, ok := Lookup(strings.TrimSpace(key))
		if !ok {
			invalid = append(invalid, Invalid{part, "metric"})
			continue
		}
		limit = strings.TrimSpace(limit)
		n, err := strconv.ParseFloat(limit, 64)
		if !limitText.MatchString(limit) || err != nil || math.IsInf(n, 0) {
			invalid = append(invalid, Invalid{part, "limit"})
			continue
		}
		terms = append(terms, Term{m.Key, n, m.Higher})
	}
	return terms, "", invalid
}

// Format writes terms as Parse reads them.
func Format(terms []Term) string {
	parts := make([]string, len(terms))
	for i, t := range terms {
		parts[i] = t.String()
	}
	return strings.Join(parts, ",")
}

// Check says whether a point passes every term, value giving its figure for a metric (false
// when it has none). A point that lacks a gated figure does not pass; missing names each such
// metric once, in the terms' order.
func Check(terms []Term, value func(metric string) (float64, bool)) (pass bool, missing []string) {
	pass = true
	for _, t := range terms {
		v, ok := value(t.Metric)
		if !ok || math.IsNaN(v) {
			if !slices.Contains(missing, t.Metric) {
				missing = append(missing, t.Metric)
			}
			pass = false
			continue
		}
		if !t.Meets(v) {
			pass = false
		}
	}
	return pass, missing
}

// Candidate is a point the picks choose among: its GPU, x and y, and whether the gate passed it.
type Candidate struct {
	GPU  string
	X, Y float64
	Pass bool
}

// Pick is a GPU's pick: Index into the candidates, -1 when none of its points passed (or none
// that passed has a figure to rank by).
type Pick struct {
	GPU   string
	Index int
}

// Picks chooses per GPU the best candidate that passed: the best y in its direction (yHigher),
// or with byX the best x; a tie goes to the better other value, then to the earlier candidate.
// No value is interpolated: a pick is a measured point. GPUs with a pick come first, best
// first (a tie by GPU key), then those without one, by key.
func Picks(cands []Candidate, byX, xHigher, yHigher bool) []Pick {
	rank := func(c Candidate) (float64, float64) {
		x, y := c.X, c.Y
		if !xHigher {
			x = -x
		}
		if !yHigher {
			y = -y
		}
		if byX {
			return x, y
		}
		return y, x
	}
	best := map[string]int{}
	var gpus []string
	for i, c := range cands {
		j, seen := best[c.GPU]
		if !seen {
			gpus = append(gpus, c.GPU)
			best[c.GPU] = -1
			j = -1
		}
		first, _ := rank(c)
		if !c.Pass || math.IsNaN(first) {
			continue
		}
		if j < 0 || better(rank, c, cands[j]) {
			best[c.GPU] = i
		}
	}
	out := make([]Pick, len(gpus))
	for i, g := range gpus {
		out[i] = Pick{g, best[g]}
	}
	slices.SortStableFunc(out, func(a, b Pick) int {
		if (a.Index < 0) != (b.Index < 0) {
			if a.Index < 0 {
				return 1
			}
			return -1
		}
		if a.Index >= 0 {
			ra, _ := rank(cands[a.Index])
			rb, _ := rank(cands[b.Index])
			if ra != rb {
				if ra > rb {
					return -1
				}
				return 1
			}
		}
		return cmp.Compare(a.GPU, b.GPU)
	})
	return out
}

// better says whether a ranks above b: the first value higher, else the second (a NaN second
// value never wins a tie).
func better(rank func(Candidate) (float64, float64), a, b Candidate) bool {
	a1, a2 := rank(a)
	b1, b2 := rank(b)
	if a1 != b1 {
		return a1 > b1
	}
	return a2 > b2 || (!math.IsNaN(a2) && math.IsNaN(b2))
}
