package mcp

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/site/fragment"
	"github.com/frontier-bench/frontier/site/slo"
)

const sloPicksDoc = "Each GPU's pick under a service-level gate, exactly as the chart page's picks table gives it (the same rule, " +
	"package slo, runs in the page script): the GPU's best measured point among those that meet every term, never an interpolated one. " +
	"gate is the chart page's slo= value: comma-separated METRIC:LIMIT terms (e.g. \"p99_ttft:2,p99_intvty:20\") or the name of one of " +
	"the site's presets (list_pages gives a page's slo_presets). For a metric where lower is better (p99_ttft, median_e2el: seconds) " +
	"LIMIT is a ceiling, where higher is better (median_intvty, p99_intvty: tok/s/user) a floor. pick \"y\" (default) ranks by the " +
	"page's metric, \"x\" by the page's default x axis. A point lacking a gated statistic is not judged: it neither meets nor fails " +
	"the gate, and missing counts such points by statistic. pick is null for a GPU none of whose points meets it; its judged (of points) " +
	"says whether any could be judged at all, and unjudged is set when no point of the page gives every gated statistic, so the service " +
	"level cannot be judged there (never read that as \"nothing meets it\"). url opens the chart with the same gate."

// SLOIn is slo_picks' input.
type SLOIn struct {
	Page   string   `json:"page" jsonschema:"the page's path as list_pages gives it"`
	Gate   string   `json:"gate,omitempty" jsonschema:"the slo= value: METRIC:LIMIT terms separated by commas, or a preset's name"`
	Limits []string `json:"limits,omitempty" jsonschema:"the same terms as a list, e.g. [\"p99_ttft:2\", \"median_intvty:20\"], added to gate"`
	Pick   string   `json:"pick,omitempty" jsonschema:"y (default): the best page metric; x: the best default x"`
	Tier   string   `json:"tier,omitempty" jsonschema:"for a costPerMTok term: the price tier (the site's [gpus.*.cost] names); default the first"`
	Date   string   `json:"date,omitempty" jsonschema:"a snapshot date; default the newest"`
}

// SLOOut is slo_picks' answer.
type SLOOut struct {
	Page    string         `json:"page"`
	URL     string         `json:"url" jsonschema:"the chart page with the same gate (slo= fragment)"`
	Date    string         `json:"date"`
	Preset  string         `json:"preset,omitempty" jsonschema:"the preset's name when gate named one"`
	Gate    []SLOTerm      `json:"gate"`
	Metric  string         `json:"metric" jsonschema:"the metric a pick is the best of (the page's metric, or its default x with pick x)"`
	Missing map[string]int `json:"missing,omitempty" jsonschema:"points not judged for lacking a gated statistic, by statistic: they neither meet nor fail the gate"`
	// Unjudged, when no point of the page gives every gated statistic, says so: the gate cannot
	// be judged on the page, which is not that nothing meets it.
	Unjudged string    `json:"unjudged,omitempty" jsonschema:"set when no point gives every gated statistic: the service level cannot be judged on this page"`
	Picks    []SLOPick `json:"picks" jsonschema:"one per GPU, best first; GPUs with no point meeting the gate last"`
}

// SLOTerm is one limit as read.
type SLOTerm struct {
	Metric string  `json:"metric"`
	Limit  float64 `json:"limit"`
	Bound  string  `json:"bound" jsonschema:"max (a ceiling: lower is better) or min (a floor)"`
}

// SLOPick is one GPU's pick.
type SLOPick struct {
	GPU   string `json:"gpu"`
	Label string `json:"label"`
	Pick  *Point `json:"pick" jsonschema:"the best point meeting every limit; null when none does"`
	// Judged and Points: how many of the GPU's points give every gated statistic, of how many.
	// A null pick with judged 0 means the gate cannot be judged on the GPU, not that it fails.
	Judged int `json:"judged" jsonschema:"the GPU's points that give every gated statistic (only they are judged)"`
	Points int `json:"points" jsonschema:"the GPU's points"`
}

// gateOf reads a gate as the chart page's slo= does (slo.Parse, with the page's presets),
// the list form's terms added; a term it cannot read is an error that says why and lists the
// metrics a gate may bound.
func gateOf(d pageData, in SLOIn) ([]slo.Term, string, error) {
	var presets []slo.Preset
	var names []string
	if d.SLO != nil {
		for _, p := range d.SLO.Presets {
			presets = append(presets, slo.Preset{Name: p.Name, Gate: p.Gate, Description: p.Description})
			names = append(names, p.Name)
		}
	}
	value := strings.TrimSpace(in.Gate)
	if len(in.Limits) > 0 {
		if value != "" && !strings.Contains(value, ":") {
			return nil, "", fmt.Errorf("gate %q names a preset: give either a preset or limits, not both", in.Gate)
		}
		for _, l := range in.Limits {
			if l = strings.TrimSpace(l); !strings.Contains(l, ":") {
				return nil, "", fmt.Errorf("gate: %q: want METRIC:LIMIT, e.g. p99_ttft:2", l)
			}
			value = strings.Trim(value+","+l, ",")
		}
	}
	terms, preset, invalid := slo.Parse(value, presets)
	var keys []string
	for _, m := range slo.Catalog() {
		keys = append(keys, m.Key)
	}
	if len(invalid) > 0 {
		var why []string
		for _, v := range invalid {
			switch v.Reason {
			case "preset":
				why = append(why, fmt.Sprintf("%q is no preset of this site (presets: %s)", v.Text, orNone(names)))
			case "metric":
				why = append(why, fmt.Sprintf("%q: no such metric (metrics: %s)", v.Text, strings.Join(keys, ", ")))
			case "limit":
				why = append(why, fmt.Sprintf("%q: the limit must be a plain number >= 0", v.Text))
			default:
				why = append(why, fmt.Sprintf("%q: want METRIC:LIMIT, e.g. p99_ttft:2", v.Text))
			}
		}
		return nil, "", fmt.Errorf("gate: %s", strings.Join(why, "; "))
	}
	if len(terms) == 0 {
		return nil, "", fmt.Errorf("gate is required: METRIC:LIMIT terms, e.g. \"p99_ttft:2,p99_intvty:20\", or a preset (%s)", orNone(names))
	}
	return terms, preset, nil
}

// orNone joins names, or says there are none.
func orNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

func (s *Site) sloPicks(in SLOIn) (SLOOut, error) {
	p, err := s.page(in.Page)
	if err != nil {
		return SLOOut{}, err
	}
	f, err := s.files(p)
	if err != nil {
		return SLOOut{}, err
	}
	snap, err := s.snapshotAt(f, in.Date)
	if err != nil {
		return SLOOut{}, err
	}
	terms, preset, err := gateOf(f.data, in)
	if err != nil {
		return SLOOut{}, err
	}
	tier, err := tierOf(f.data, in.Tier)
	if err != nil {
		return SLOOut{}, err
	}
	if priced(f.data.Metric) || slices.ContainsFunc(terms, func(t slo.Term) bool { return priced(t.Metric) }) {
		snap = withPrices(f.data, snap, tier)
	}
	byX := false
	switch strings.ToLower(strings.TrimSpace(in.Pick)) {
	case "", "y":
	case "x":
		byX = true
	default:
		return SLOOut{}, fmt.Errorf("pick %q: want y (the best page metric) or x (the best default x)", in.Pick)
	}
	xcol := map[string]string{}
	xHigher := true
	for _, a := range f.data.XAxes {
		xcol[a.Key] = a.Col
		if a.Key == f.data.DefaultX {
			xHigher = a.Higher
		}
	}
	gate := make([]SLOTerm, len(terms))
	for i, t := range terms {
		gate[i] = SLOTerm{Metric: t.Metric, Limit: t.Limit, Bound: map[bool]string{true: "min", false: "max"}[t.Floor]}
	}
	// The gate as the page script writes it (sloFragment): a preset by its name, else the terms.
	v := fragment.View{SLO: cmp.Or(preset, slo.Format(terms)), Tier: tier}
	if snap.date != f.data.Dates[0] {
		v.Date = snap.date
	}
	if byX {
		v.Pick = "x"
	}
	u := s.pageURL(p, v)
	metric := f.data.Metric
	if byX {
		metric = f.data.DefaultX
	}
	out := SLOOut{Page: pagePath(p), URL: u, Date: snap.date, Preset: preset, Gate: gate, Metric: metric, Picks: []SLOPick{}}
	var cands []slo.Candidate
	var pts []*Point
	judged, points := map[string]int{}, map[string]int{}
	for _, sr := range snap.series {
		for i := range sr.points {
			pt := &sr.points[i]
			pass, missing := slo.Check(terms, func(m string) (float64, bool) { return value(pt, cmp.Or(xcol[m], m)) })
			points[sr.gpu]++
			if len(missing) == 0 {
				judged[sr.gpu]++
			}
			for _, m := range missing {
				if out.Missing == nil {
					out.Missing = map[string]int{}
				}
				out.Missing[m]++
			}
			x := math.NaN()
			if pt.X != nil {
				x = *pt.X
			}
			cands = append(cands, slo.Candidate{GPU: sr.gpu, X: x, Y: pt.y(), Pass: pass && pt.Y != nil})
			pts = append(pts, pt)
		}
	}
	for _, pk := range slo.Picks(cands, byX, xHigher, higher(f.data, f.data.Metric)) {
		label := cmp.Or(f.data.GPUs[pk.GPU].Label, pk.GPU)
		sp := SLOPick{GPU: pk.GPU, Label: label, Judged: judged[pk.GPU], Points: points[pk.GPU]}
		if pk.Index >= 0 {
			c := *pts[pk.Index]
			sp.Pick = &c
		}
		out.Picks = append(out.Picks, sp)
	}
	if total := len(pts); total > 0 && len(judged) == 0 {
		var none []string
		for _, t := range terms {
			if out.Missing[t.Metric] == total && !slices.Contains(none, t.Metric) {
				none = append(none, t.Metric)
			}
		}
		out.Unjudged = fmt.Sprintf("no point gives %s: the service level cannot be judged on this page", strings.Join(none, ", "))
		if len(none) == 0 {
			out.Unjudged = "no point gives every gated statistic: the service level cannot be judged on this page"
		}
	}
	return out, nil
}
