package render

import (
	"github.com/frontier-bench/frontier/site/page"
	"math"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/slo"
)

// sloData is the site's presets and tiers for a chart page's data, nil when it has neither.
func sloData(cfg config.Config) *SLOData {
	tiers := cfg.PriceTiers()
	if len(cfg.SLO) == 0 && len(tiers) == 0 {
		return nil
	}
	d := &SLOData{Tiers: tiers}
	for _, s := range cfg.SLO {
		d.Presets = append(d.Presets, PresetData{Name: s.Name, Gate: s.Gate, Description: s.Description})
	}
	return d
}

// defaultPrice is a GPU's $/GPU-hour in the default tier (or its one price), nil for none: the
// price the page opens with. A GPU with one price keeps it as written, 0 included.
func defaultPrice(g config.GPUConfig, cfg config.Config) *float64 {
	if len(g.Cost) == 0 {
		return &g.CostPerHour
	}
	v, ok := g.TierPrice("", cfg.PriceTiers())
	if !ok {
		return nil
	}
	return &v
}

// gpuPick is one GPU's pick under a gate at build time (slo.Picks over a snapshot's points, as
// the page script's picks are over the default view): Point is nil when none of its points
// meets the gate. Values are the gated statistics of the point, in the terms' order.
type gpuPick struct {
	GPU    string
	Series *page.PageSeries
	Point  *input.Point
	X, Y   float64
	Values []float64
}

// sloValue is a point's figure for a gated metric as the page data writes it (rounded to what a
// reader sees, charts.Round6), so that the build's picks are the page script's: median
// interactivity is the point's x, concurrency its own, cost per million tokens from the price
// in the default tier, any other x axis the raw result's statistic.
func sloValue(pt *input.Point, metric string, price float64, priced bool) (float64, bool) {
	switch metric {
	case charts.DefaultX, charts.AgenticX:
		if pt.IsAgentic() == (metric == charts.AgenticX) { // the point's own x (input.Point.IsAgentic)
			return charts.Round6(pt.X), !math.IsNaN(pt.X)
		}
	case "conc":
		return float64(pt.Concurrency), pt.Concurrency > 0 // a run by request rate has none
	case slo.Cost:
		tp := charts.Round6(pt.TpPerGpu)
		v := page.CostPerMTok(price, tp)
		return v, priced && tp > 0 && !math.IsInf(v, 0) && !math.IsNaN(v)
	}
	m, ok := input.MetricByName(metric)
	if !ok || pt.Raw == nil {
		return 0, false
	}
	v, ok := pt.Raw.Metrics.Get(m)
	return charts.Round6(v), ok && !math.IsNaN(v)
}

// snapshotPicks are the picks of a snapshot under terms: per GPU its point with the best y (the
// page's metric, in its direction) among those that meet every term; x is the default axis.
func snapshotPicks(snap *page.Snapshot, terms []slo.Term, cfg config.Config, yHigher bool) []gpuPick {
	type at struct {
		s  *page.PageSeries
		pt *input.Point
	}
	var cands []slo.Candidate
	var where []at
	tiers := cfg.PriceTiers()
	for _, s := range snap.Series {
		price, priced := cfg.GPUs[s.GPU].TierPrice("", tiers)
		for i := range s.Points {
			pt := &s.Points[i]
			pass, _ := slo.Check(terms, func(m string) (float64, bool) { return sloValue(pt, m, price, priced) })
			x, y := charts.Round6(pt.X), charts.Round6(pt.Y)
			cands = append(cands, slo.Candidate{GPU: s.GPU, X: x, Y: y, Pass: pass && !math.IsNaN(x) && !math.IsNaN(y)})
			where = append(where, at{s, pt})
		}
	}
	first := map[string]*page.PageSeries{}
	for _, s := range snap.Series {
		if first[s.GPU] == nil {
			first[s.GPU] = s
		}
	}
	var out []gpuPick
	for _, p := range slo.Picks(cands, false, true, yHigher) {
		g := gpuPick{GPU: p.GPU, Series: first[p.GPU]}
		if p.Index >= 0 {
			w := where[p.Index]
			g.Series, g.Point, g.X, g.Y = w.s, w.pt, cands[p.Index].X, cands[p.Index].Y
			price, priced := cfg.GPUs[p.GPU].TierPrice("", tiers)
			for _, t := range terms {
				v, _ := sloValue(w.pt, t.Metric, price, priced)
				g.Values = append(g.Values, v)
			}
		}
		out = append(out, g)
	}
	return out
}

// sloSection is the SLO section of a chart page (slo.html): the presets, and each preset's
// picks computed at build time for readers without JavaScript.
type sloSection struct {
	Presets []PresetData
	Picks   []presetTable
}

// presetTable is one preset's picks as a table.
type presetTable struct {
	Caption        string
	XLabel, YLabel string
	Terms          []string // each gated statistic's name
	Span           int      // the columns after the GPU's, for a row without a pick
	Rows           []pickRow
	Notes          []string // how many points lack which gated statistic (lackingNotes)
}

// pickRow is one GPU's row of a presetTable.
type pickRow struct {
	GPU, Config string
	None        bool
	NoneText    string // why a row has no pick: no point meets the gate, or none can be judged
	Conc        int64
	Date, X, Y  string
	Stats       []string // each gated statistic beside its limit
}

// termLabel is a gated metric's name in the page's language.
func (r *Renderer) termLabel(metric string) string {
	if metric == slo.Cost {
		return r.cat.T("metric." + slo.Cost + ".label")
	}
	return r.cat.T("xaxis." + metric + ".label")
}

// limitText is a term's limit with its unit ("≤ 2 s", "≥ 5 tok/s/user", "≤ $0.5").
func (r *Renderer) limitText(t slo.Term) string {
	op := "≤ "
	if t.Floor {
		op = "≥ "
	}
	limit := r.cat.Number(strconv.FormatFloat(t.Limit, 'f', -1, 64)) // as written in the gate
	if t.Metric == slo.Cost {
		return op + "$" + limit
	}
	return op + limit + " " + r.cat.T("xaxis."+t.Metric+".unit")
}

// sloFigure writes a gated metric's value, dollars for cost, with the unit when unit.
func (r *Renderer) sloFigure(metric string, v float64, unit bool) string {
	if metric == slo.Cost {
		return "$" + r.cat.Number(fmtNum(v))
	}
	s := r.cat.Number(fmtNum(v))
	if unit {
		s += " " + r.cat.T("xaxis."+metric+".unit")
	}
	return s
}

// gatePhrase is a gate in words: "Time to first token, p99 ≤ 2 s, Interactivity, p99 ≥ 5 tok/s/user".
func (r *Renderer) gatePhrase(terms []slo.Term) string {
	parts := make([]string, len(terms))
	for i, t := range terms {
		parts[i] = r.termLabel(t.Metric) + " " + r.limitText(t)
	}
	return strings.Join(parts, r.cat.T("script.list.separator"))
}

// sloSectionOf is a chart page's SLO section, nil when the site has no presets and no tiers. A
// preset no point of snap can be judged on (each lacks a gated statistic) is neither offered nor
// answered on the page: that it cannot be judged is not that nothing meets it.
func (r *Renderer) sloSectionOf(snap *page.Snapshot, cfg config.Config, metric MetricData, xLabel string) *sloSection {
	d := sloData(cfg)
	if d == nil {
		return nil
	}
	sec := &sloSection{}
	for _, p := range cfg.SLOPresets() {
		terms, _, invalid := slo.Parse(p.Gate, nil)
		if len(terms) > 0 && len(invalid) == 0 && reachOf(snap, "", terms, cfg).Judged == 0 {
			continue
		}
		sec.Presets = append(sec.Presets, PresetData{Name: p.Name, Gate: p.Gate, Description: p.Description})
		if len(terms) == 0 || len(invalid) > 0 {
			continue
		}
		tab := presetTable{
			Caption: r.cat.T("slo.nojs_caption", "name", p.Name, "gate", r.gatePhrase(terms), "metric", metric.Label),
			XLabel:  xLabel, YLabel: metric.Axis, Span: 5 + len(terms),
			Notes: r.lackingNotes(reachOf(snap, "", terms, cfg), terms),
		}
		for _, t := range terms {
			tab.Terms = append(tab.Terms, r.termLabel(t.Metric))
		}
		for _, g := range snapshotPicks(snap, terms, cfg, metric.Higher) {
			row := pickRow{GPU: r.gpuName(g.GPU, gpuLabel(g.Series)), None: g.Point == nil}
			if g.Point == nil {
				row.NoneText = r.cat.T("slo.none")
				if reach := reachOf(snap, g.GPU, terms, cfg); reach.Judged == 0 {
					row.NoneText = r.cat.T("slo.none_unjudged", "metrics", r.unjudged(reach, terms))
				}
			} else {
				row.Config, row.Conc, row.Date = r.seriesName(g.Series), g.Point.Concurrency, g.Point.Date
				row.X, row.Y = r.cat.Number(fmtNum(g.X)), r.cat.Number(fmtNum(g.Y))
				for i, t := range terms {
					row.Stats = append(row.Stats, r.cat.T("script.slo.value", "value", r.sloFigure(t.Metric, g.Values[i], false), "limit", r.limitText(t)))
				}
			}
			tab.Rows = append(tab.Rows, row)
		}
		sec.Picks = append(sec.Picks, tab)
	}
	return sec
}

// gateReach is how far a gate can be judged on some points: how many there are, how many have
// every gated statistic (Judged), and how many lack each term's metric, in the terms' order. A
// point that lacks a gated statistic is not judged: it neither meets nor fails the gate
// (docs/service-levels.md).
type gateReach struct {
	Total, Judged int
	Lacking       []int
}

// reachOf is a gate's reach over the points of snap on GPU gpu ("" for every GPU), each figure
// as the picks read it (sloValue).
func reachOf(snap *page.Snapshot, gpu string, terms []slo.Term, cfg config.Config) gateReach {
	g := gateReach{Lacking: make([]int, len(terms))}
	tiers := cfg.PriceTiers()
	for _, s := range snap.Series {
		if gpu != "" && s.GPU != gpu {
			continue
		}
		price, priced := cfg.GPUs[s.GPU].TierPrice("", tiers)
		for i := range s.Points {
			g.Total++
			judged := true
			for k, t := range terms {
				if _, ok := sloValue(&s.Points[i], t.Metric, price, priced); !ok {
					g.Lacking[k]++
					judged = false
				}
			}
			if judged {
				g.Judged++
			}
		}
	}
	return g
}

// lackingMap is Lacking by metric key, nil when no point lacks any.
func (g gateReach) lackingMap(terms []slo.Term) map[string]int {
	var m map[string]int
	for k, t := range terms {
		if g.Lacking[k] > 0 {
			if m == nil {
				m = map[string]int{}
			}
			m[t.Metric] = g.Lacking[k]
		}
	}
	return m
}

// unjudged names the gated statistics no point of g gives, in the terms' order.
func (r *Renderer) unjudged(g gateReach, terms []slo.Term) string {
	var names []string
	for k, t := range terms {
		if g.Lacking[k] == g.Total {
			names = append(names, r.termLabel(t.Metric))
		}
	}
	return strings.Join(names, r.cat.T("script.list.separator"))
}

// lackingNotes say, for each gated statistic some points of g lack, how many: those points are
// not judged, which a reader must not take for failing.
func (r *Renderer) lackingNotes(g gateReach, terms []slo.Term) []string {
	var out []string
	for k, t := range terms {
		if n := g.Lacking[k]; n > 0 {
			out = append(out, r.cat.T("slo.lacking", "n", r.cat.Number(strconv.Itoa(n)), "total", r.cat.Number(strconv.Itoa(g.Total)), "metric", r.termLabel(t.Metric)))
		}
	}
	return out
}
