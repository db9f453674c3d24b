package render

import (
	"github.com/frontier-bench/frontier/site/page"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/slo"
)

// comparePreset is one [[slo]] preset in compare.json: each GPU's pick under it (the point
// with the page's best metric among those that meet every term, as the chart page's picks),
// null for a GPU none of whose points meets it, and the leader's value over the other's.
type comparePreset struct {
	Name  string       `json:"name"`
	Gate  string       `json:"gate"`
	A     *comparePick `json:"a"`
	B     *comparePick `json:"b"`
	Ratio *float64     `json:"ratio"` // the better value over the worse, in the metric's direction; null without both
	Lead  *string      `json:"lead"`  // the GPU key whose pick is better; null without both or on a tie
	// Lacking counts, per gated statistic, the points of the two GPUs that do not give it: they
	// are not judged (neither meeting nor failing the gate). Absent when every point gives each.
	Lacking map[string]int `json:"lacking,omitempty"`
}

// comparePick is a GPU's pick: its configuration, point, x (median interactivity) and y (the
// page's metric), and each gated statistic with its limit, in the gate's order.
type comparePick struct {
	Config      string       `json:"config"`
	Point       int64        `json:"point"`
	Concurrency int64        `json:"concurrency,omitzero"` // absent for a run by request rate
	Date        string       `json:"date"`
	X           float64      `json:"x"`
	Y           float64      `json:"y"`
	Values      []pickedTerm `json:"values"`
}

// pickedTerm is a gated statistic of a pick beside its term.
type pickedTerm struct {
	Metric string  `json:"metric"`
	Value  float64 `json:"value"`
	Limit  float64 `json:"limit"`
	Floor  bool    `json:"floor"`
}

// comparePresets are the site's presets' picks for GPUs a and b of p's newest snapshot, and
// a sentence for each in r's language. A GPU none of whose points has every gated statistic
// cannot be judged, which its sentence says instead of "no point meets it", and a preset
// neither GPU can be judged on is left out (docs/service-levels.md).
func (r *Renderer) comparePresets(p *page.Page, a, b *gpuSide) ([]comparePreset, []string) {
	cfg := r.in.Config
	if len(cfg.SLO) == 0 {
		return nil, nil
	}
	metric := r.pageMetric(p, true)
	var out []comparePreset
	var words []string
	for _, preset := range cfg.SLOPresets() {
		terms, _, invalid := slo.Parse(preset.Gate, nil)
		if len(terms) == 0 || len(invalid) > 0 {
			continue
		}
		snap := p.Snapshots[0]
		ra, rb := reachOf(snap, a.Key, terms, cfg), reachOf(snap, b.Key, terms, cfg)
		if ra.Judged == 0 && rb.Judged == 0 {
			continue
		}
		cp := comparePreset{Name: preset.Name, Gate: slo.Format(terms)}
		for _, g := range snapshotPicks(p.Snapshots[0], terms, cfg, metric.Higher) {
			if g.Point == nil || (g.GPU != a.Key && g.GPU != b.Key) {
				continue
			}
			pick := &comparePick{Config: g.Series.Key, Point: g.Point.ID, Concurrency: g.Point.Concurrency, Date: g.Point.Date, X: g.X, Y: g.Y}
			for i, t := range terms {
				pick.Values = append(pick.Values, pickedTerm{t.Metric, g.Values[i], t.Limit, t.Floor})
			}
			if g.GPU == a.Key {
				cp.A = pick
			} else {
				cp.B = pick
			}
		}
		la, lb := r.gpuName(a.Key, a.Label), r.gpuName(b.Key, b.Label)
		gate := r.gatePhrase(terms)
		value := func(pk *comparePick) string { return r.cat.Number(fmtNum(pk.Y)) + " " + metric.Unit }
		switch {
		case cp.A != nil && cp.B != nil:
			lead, label := a.Key, la
			if cp.B.Y != cp.A.Y && (cp.B.Y > cp.A.Y) == metric.Higher {
				lead, label = b.Key, lb
			}
			if cp.A.Y != cp.B.Y {
				cp.Lead = &lead
			}
			hi, lo := max(cp.A.Y, cp.B.Y), min(cp.A.Y, cp.B.Y)
			ratioText := "1"
			if lo > 0 {
				ratio := hi / lo
				cp.Ratio = &ratio
				ratioText = r.cat.Number(strconv.FormatFloat(ratio, 'f', 2, 64))
			}
			words = append(words, r.cat.T("slo.compare", "name", preset.Name, "gate", gate, "a", la, "va", value(cp.A), "b", lb, "vb", value(cp.B), "lead", label, "ratio", ratioText))
		case cp.A != nil && rb.Judged == 0:
			words = append(words, r.cat.T("slo.compare_one_unjudged", "name", preset.Name, "gate", gate, "a", la, "va", value(cp.A), "b", lb, "metrics", r.unjudged(rb, terms)))
		case cp.A != nil:
			words = append(words, r.cat.T("slo.compare_one", "name", preset.Name, "gate", gate, "a", la, "va", value(cp.A), "b", lb))
		case cp.B != nil && ra.Judged == 0:
			words = append(words, r.cat.T("slo.compare_one_unjudged", "name", preset.Name, "gate", gate, "a", lb, "va", value(cp.B), "b", la, "metrics", r.unjudged(ra, terms)))
		case cp.B != nil:
			words = append(words, r.cat.T("slo.compare_one", "name", preset.Name, "gate", gate, "a", lb, "va", value(cp.B), "b", la))
		case ra.Judged == 0:
			words = append(words, r.cat.T("slo.compare_mixed", "name", preset.Name, "gate", gate, "a", lb, "b", la, "metrics", r.unjudged(ra, terms)))
		case rb.Judged == 0:
			words = append(words, r.cat.T("slo.compare_mixed", "name", preset.Name, "gate", gate, "a", la, "b", lb, "metrics", r.unjudged(rb, terms)))
		default:
			words = append(words, r.cat.T("slo.compare_none", "name", preset.Name, "gate", gate))
		}
		// Points that lack a gated statistic were not judged: the sentence says how many.
		both := gateReach{Total: ra.Total + rb.Total, Lacking: make([]int, len(terms))}
		for k := range terms {
			both.Lacking[k] = ra.Lacking[k] + rb.Lacking[k]
		}
		if notes := r.lackingNotes(both, terms); len(notes) > 0 {
			words[len(words)-1] += " " + strings.Join(notes, " ")
		}
		cp.Lacking = both.lackingMap(terms)
		out = append(out, cp)
	}
	return out, words
}

// presetLead is a [[slo]] preset's leader on a chart page: the GPU whose pick has the best
// value of the page's metric (Series nil when no point meets the preset).
type presetLead struct {
	Name   string
	GPU    string
	Series *page.PageSeries
	Y      float64
}

// presetLeads are the leaders of chart page p's newest snapshot under each [[slo]] preset, a
// preset none of whose points has every gated statistic left out. The pipeline reads them
// before it lets go of the raw points' statistics (KeepHeadlines); pageLeads after.
func (r *Renderer) presetLeads(p *page.Page) []presetLead {
	cfg := r.in.Config
	if len(cfg.SLO) == 0 || len(p.Snapshots) == 0 {
		return nil
	}
	higher := r.pageMetric(p, false).Higher
	var out []presetLead
	for _, preset := range cfg.SLOPresets() {
		terms, _, invalid := slo.Parse(preset.Gate, nil)
		if len(terms) == 0 || len(invalid) > 0 || !measures(p.Snapshots[0], terms, cfg) {
			continue
		}
		l := presetLead{Name: preset.Name}
		if picks := snapshotPicks(p.Snapshots[0], terms, cfg, higher); len(picks) > 0 && picks[0].Point != nil {
			l.GPU, l.Series, l.Y = picks[0].GPU, picks[0].Series, picks[0].Y
		}
		out = append(out, l)
	}
	return out
}

// homeLeads say, for each [[slo]] preset, which GPU leads on chart page p, for its card on
// the home page.
func (r *Renderer) homeLeads(p *page.Page) []string {
	leads := kept(p).leads
	if leads == nil {
		leads = r.presetLeads(p)
	}
	unit := r.pageMetric(p, true).Unit
	var out []string
	for _, l := range leads {
		if l.Series == nil {
			out = append(out, r.cat.T("slo.home_none", "name", l.Name))
			continue
		}
		out = append(out, r.cat.T("slo.home", "name", l.Name, "gpu", r.gpuName(l.GPU, gpuLabel(l.Series)), "value", r.cat.Number(fmtNum(l.Y))+" "+unit))
	}
	return out
}

// measures says whether a point of snap has every statistic terms bound.
func measures(snap *page.Snapshot, terms []slo.Term, cfg config.Config) bool {
	tiers := cfg.PriceTiers()
	for _, s := range snap.Series {
		price, priced := cfg.GPUs[s.GPU].TierPrice("", tiers)
		for i := range s.Points {
			if _, missing := slo.Check(terms, func(m string) (float64, bool) { return sloValue(&s.Points[i], m, price, priced) }); len(missing) == 0 {
				return true
			}
		}
	}
	return false
}
