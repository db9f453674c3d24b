package render

// The compare pages' words: each reference interactivity as a sentence (which GPU gives more,
// and by how much, or which curve does not reach it), per dollar and per megawatt, the
// configurations a value comes from, what each curve covers, and the numbers as a sentence
// writes them. compare.go lays the pages out; comparecharts.go draws their charts.

import (
	"cmp"
	"github.com/frontier-bench/frontier/site/page"
	"math"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/compare"
	"github.com/frontier-bench/frontier/site/i18n"
)

// perUnit turns a reference read off two throughput curves into one of a derived quantity:
// each value through f (side 0 for a, 1 for b), and the ratio of what a reader gets per unit
// (tokens per dollar when lowerBetter, the value itself otherwise), a over b.
func perUnit(g compare.Ref, f func(y float64, side int) float64, lowerBetter bool) compare.Ref {
	out := compare.Ref{X: g.X, AConfigs: g.AConfigs, BConfigs: g.BConfigs}
	span := func(r *[2]float64, side int) *[2]float64 { // f may turn the range around (cost)
		if r == nil {
			return nil
		}
		lo, hi := f(r[0], side), f(r[1], side)
		return &[2]float64{min(lo, hi), max(lo, hi)}
	}
	if g.A != nil {
		v := f(*g.A, 0)
		out.A, out.ARange = &v, span(g.ARange, 0)
	}
	if g.B != nil {
		v := f(*g.B, 1)
		out.B, out.BRange = &v, span(g.BRange, 1)
	}
	if out.A != nil && out.B != nil && *out.A != 0 && *out.B != 0 {
		q := *out.A / *out.B
		if lowerBetter {
			q = *out.B / *out.A
		}
		out.Ratio = &q
	}
	return out
}

// metricWords is the page metric's name inside a sentence in r's language: the catalog's
// name of a built-in metric outside English (lang.go), else metricWords'.
func (r *Renderer) metricWords(p *page.Page) string { return metricWordsIn(r.cat, p) }

// metricWordsIn is metricWords in tr's language.
func metricWordsIn(tr *i18n.Catalog, p *page.Page) string {
	if _, ok := charts.YMetric(p.Metric.Key); ok && tr.Lang != "en" {
		if k := "metric." + p.Metric.Key + ".label"; tr.Has(k) {
			return tr.T(k)
		}
	}
	return metricWords(p)
}

// metricWords is the page metric's name inside a sentence: "total throughput per GPU".
func metricWords(p *page.Page) string {
	label := p.Metric.Label
	if m, ok := charts.YMetric(p.Metric.Key); ok {
		label = m.Label
	}
	if label == "" {
		return "value"
	}
	return strings.ToLower(label[:1]) + label[1:]
}

// answer words one reference: which GPU gives more and by how much ("At 50 tok/s/user, B200
// serves 1.9× the total throughput per GPU of MI355X: 5,210 against 2,740."), or which curve
// does not reach x. g.Ratio is how many times more a gives than b of what is compared.
// unit follows a value alone; pairUnit the second of two values compared.
func answer(tr *i18n.Catalog, g compare.Ref, a, b *gpuSide, what string, num func(float64) string, unit, pairUnit string) answerView {
	x := fmtX(g.X)
	at := tr.T("compare.at", "x", x)
	if a.p90 { // an agentic page's curves are at p90 interactivity (pageGPUs)
		at = tr.T("compare.at_p90", "x", x)
	}
	av := answerView{X: x}
	switch {
	case g.WithinSpread():
		// Repeated runs whose ranges overlap: no winner, whatever the medians say.
		av.Text = at + tr.T("compare.spread", "a", a.Label, "b", b.Label, "va", num(*g.A), "vb", num(*g.B), "unit", pairUnit)
	case g.A != nil && g.B != nil && g.Ratio != nil:
		hi, lo, vh, vl, q := a, b, *g.A, *g.B, *g.Ratio
		if q < 1 {
			hi, lo, vh, vl, q = b, a, *g.B, *g.A, 1/q
		}
		if fmtRatio(q) == "1.00" {
			av.Text = at + tr.T("compare.same", "a", a.Label, "b", b.Label, "va", num(*g.A), "vb", num(*g.B), "unit", pairUnit)
		} else {
			av.Text = at + tr.T("compare.ratio", "hi", hi.Label, "lo", lo.Label, "q", fmtRatio(q), "what", what, "vh", num(vh), "vl", num(vl), "unit", pairUnit)
		}
	case g.A == nil && g.B == nil:
		av.Text = at + tr.T("compare.neither", "ca", coverage(tr, a), "cb", coverage(tr, b))
	case g.A == nil:
		av.Text = at + tr.T("compare.one_short", "a", a.Label, "ca", coverage(tr, a), "b", b.Label, "v", num(*g.B), "unit", unit)
	default:
		av.Text = at + tr.T("compare.one_short", "a", b.Label, "ca", coverage(tr, b), "b", a.Label, "v", num(*g.A), "unit", unit)
	}
	var from []string
	if g.A != nil {
		from = append(from, tr.T("compare.from", "gpu", a.Label, "config", wordConfigs(tr, g.AConfigs)))
	}
	if g.B != nil {
		from = append(from, tr.T("compare.from", "gpu", b.Label, "config", wordConfigs(tr, g.BConfigs)))
	}
	if len(from) > 0 {
		av.Configs = strings.Join(from, tr.T("compare.from_sep")) + tr.T("compare.from_end")
	}
	return av
}

// localSide is g as r's language names its GPU ([gpus.KEY.names]); g itself when the config
// gives no such name.
func (r *Renderer) localSide(g *gpuSide) *gpuSide {
	n := r.gpuName(g.Key, g.Label)
	if n == g.Label {
		return g
	}
	c := *g
	c.Label = n
	return &c
}

// configNames maps each configuration of p's newest snapshot whose name r's language words
// differently (seriesName) to that name: the same for every compare page of p, so made once.
func (r *Renderer) configNames(p *page.Page) map[string]string {
	names := map[string]string{}
	for _, s := range p.Snapshots[0].Series {
		if n := r.seriesName(s); n != s.Name {
			names[s.Name] = n
		}
	}
	return names
}

// localRefs are refs with their configurations named as names (configNames) has them; refs
// themselves when no name changes.
func localRefs(names map[string]string, refs []compare.Ref) []compare.Ref {
	if len(names) == 0 {
		return refs
	}
	rename := func(cs []string) []string {
		out := make([]string, len(cs))
		for i, c := range cs {
			out[i] = cmp.Or(names[c], c)
		}
		return out
	}
	out := make([]compare.Ref, len(refs))
	for i, g := range refs {
		g.AConfigs, g.BConfigs = rename(g.AConfigs), rename(g.BConfigs)
		out[i] = g
	}
	return out
}

// wordConfigs names the configurations a value comes from in a sentence of tr's language:
// one, or the two around it joined by the catalog's compare.between ("A and B", "A 与 B").
func wordConfigs(tr *i18n.Catalog, cs []string) string {
	if len(cs) == 2 {
		return tr.T("compare.between", "a", cs[0], "b", cs[1])
	}
	return strings.Join(cs, "")
}

// dataConfigs is compare.json's aConfig (bConfig): a string, as it always was, so that a
// reader of the file keeps its type and the one-configuration value; two configurations are
// joined by " / ", not by a word. The file is written once for every language (a mirror links
// to the default language's), so no language's "and" belongs in it.
func dataConfigs(cs []string) string { return strings.Join(cs, " / ") }

// coverage says what interactivity a GPU's curve covers.
func coverage(tr *i18n.Catalog, g *gpuSide) string {
	lo, hi, ok := g.curve.Domain()
	switch {
	case !ok:
		return tr.T("compare.cov_none", "gpu", g.Label)
	case lo == hi:
		return tr.T("compare.cov_one", "gpu", g.Label, "x", fmtX3(lo))
	}
	return tr.T("compare.cov_range", "gpu", g.Label, "lo", fmtX3(lo), "hi", fmtX3(hi))
}

// fmtX3 is a measured interactivity in words: 3 significant digits.
func fmtX3(x float64) string {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 3, 64), 64)
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// fmtX is a reference interactivity as the config gives it, without an exponent.
func fmtX(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// fmtRatio is a ratio of at least 1 as a sentence gives it: two decimals near parity, one up
// to ten, none beyond.
func fmtRatio(q float64) string {
	switch {
	case q < 1.1:
		return strconv.FormatFloat(q, 'f', 2, 64)
	case q < 10:
		return strconv.FormatFloat(q, 'f', 1, 64)
	}
	return strconv.FormatFloat(q, 'f', 0, 64)
}

// fmtSentence is a value in a sentence: from 100 a whole number, grouped by thousands from
// 1,000 (the tables' fmtNum keeps a decimal and groups from 10,000, where columns align them);
// fmtNum below. overview.js's fmtWhole is its twin.
func fmtSentence(v float64) string {
	if math.Abs(v) < 100 {
		return fmtNum(v)
	}
	digits := strconv.FormatFloat(math.Abs(math.Round(v)), 'f', 0, 64)
	var b strings.Builder
	if v < 0 {
		b.WriteByte('-')
	}
	for i, c := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// fmtDollars is a cost: "$0.52".
func fmtDollars(v float64) string {
	if v < 0.1 {
		return "$" + strconv.FormatFloat(v, 'g', 2, 64)
	}
	return "$" + fmtSentence(v)
}
