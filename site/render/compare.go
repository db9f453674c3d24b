package render

// Compare pages (/<model>/<sequence>/compare/<a>-vs-<b>/, with compare.json beside each) and
// the overview (/overview/): one GPU against another at the page's reference interactivities,
// and every GPU of every page against a reference GPU. The numbers come from package compare;
// this file words them, charts them and lays them out.

import (
	"cmp"
	"encoding/json/jsontext"
	"encoding/json/v2"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/compare"
	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/i18n"
	"github.com/frontier-bench/frontier/site/output"
)

// gpuSide is one GPU of a chart page's newest snapshot: every point of it, whatever the
// framework, precision or deployment, as one curve.
type gpuSide struct {
	Key   string // the GPU key of the data ("b200")
	Slug  string // its URL segment; pairs are ordered by it
	Label string // its display name ("B200")
	Color string
	curve *compare.Curve // on the page's metric
	tp    *compare.Curve // on total throughput per GPU, for cost and power
	line  jsontext.Value // its line on the curves' chart (lineData), once drawn (compareCharts)
}

// pageGPUs are the GPUs of p's newest snapshot in slug order, each with its curves. GPU keys
// that share a slug are one GPU: they would share the compare pages' paths too.
func pageGPUs(p *Page, curves bool) []*gpuSide {
	bySlug := map[string]*gpuSide{}
	pts := map[string][]compare.Point{}
	tps := map[string][]compare.Point{}
	for _, s := range p.Snapshots[0].Series {
		slug := output.Slug(s.GPU)
		if bySlug[slug] == nil {
			bySlug[slug] = &gpuSide{Key: s.GPU, Slug: slug, Label: gpuLabel(s), Color: charts.GPUColor(s.GPU)}
		}
		if !curves {
			continue
		}
		for _, pt := range s.Points {
			pts[slug] = append(pts[slug], compare.Point{X: pt.X, Y: pt.Y, Config: s.Name})
			tps[slug] = append(tps[slug], compare.Point{X: pt.X, Y: pt.TpPerGpu, Config: s.Name})
		}
	}
	out := make([]*gpuSide, 0, len(bySlug))
	for _, slug := range slices.Sorted(maps.Keys(bySlug)) {
		g := bySlug[slug]
		if curves {
			g.curve = compare.NewCurve(pts[slug])
			g.tp = g.curve
			if p.Metric.Key != "tpPerGpu" {
				g.tp = compare.NewCurve(tps[slug])
			}
		}
		out = append(out, g)
	}
	return out
}

// pairSlug is the compare page's folder name of two GPUs, the first in slug order first.
func pairSlug(a, b string) string {
	if b < a {
		a, b = b, a
	}
	return a + "-vs-" + b
}

// comparePaths are the site paths of p's compare pages, in order.
func comparePaths(p *Page) []string {
	gs := pageGPUs(p, false)
	var out []string
	for i, a := range gs {
		for _, b := range gs[i+1:] {
			out = append(out, p.Path+"compare/"+pairSlug(a.Slug, b.Slug)+"/")
		}
	}
	return out
}

// referenceXs are the interactivities the leaders table reads by default (xAxesFor's rule for
// the interactivity axis), which the compare pages and the overview read too.
func referenceXs(cfg config.Config) []float64 {
	if refs, ok := cfg.Reference[charts.DefaultX]; ok {
		return refs
	}
	return cfg.ReferenceX
}

// compareLink is one entry of a chart page's Compare menu.
type compareLink struct {
	Label, URL string
	a, b       string // the two GPUs' slugs
}

// compareLinks are the Compare menu of chart page p.
func (r *Renderer) compareLinks(p *Page) []compareLink {
	gs := pageGPUs(p, false)
	var out []compareLink
	for i, a := range gs {
		for _, b := range gs[i+1:] {
			out = append(out, compareLink{r.cat.T("compare.vs", "a", r.gpuName(a.Key, a.Label), "b", r.gpuName(b.Key, b.Label)), r.site.Base + p.Path + "compare/" + pairSlug(a.Slug, b.Slug) + "/", a.Slug, b.Slug})
		}
	}
	return out
}

// compareDoc is compare.json: the numbers the page words, as computed.
type compareDoc struct {
	Model    string       `json:"model"`
	Sequence string       `json:"sequence"`
	Date     string       `json:"date"`
	Metric   string       `json:"metric"`
	A        compareGPU   `json:"a"`
	B        compareGPU   `json:"b"`
	Refs     []compareRef `json:"refs"`
}

type compareGPU struct {
	GPU   string `json:"gpu"`
	Label string `json:"label"`
}

// compareRef is one reference interactivity: nulls where a curve does not cover x.
type compareRef struct {
	X       float64  `json:"x"`
	A       *float64 `json:"a"`
	B       *float64 `json:"b"`
	Ratio   *float64 `json:"ratio"`
	AConfig *string  `json:"aConfig"`
	BConfig *string  `json:"bConfig"`
}

// compareJSON is compare.json: d indented by two spaces, ending with a newline, as it is a
// file a reader opens as well as one a program reads.
func compareJSON(d *compareDoc) ([]byte, error) {
	js, err := json.Marshal(d, jsonOptions, jsontext.WithIndent("  "))
	if err != nil {
		return nil, err
	}
	return append(js, '\n'), nil
}

// compareView is what compare.html sees as .Compare.
type compareView struct {
	Model, Sequence, Date string
	ChartURL              string // the chart page
	FilteredURL           string // the chart page showing these two GPUs only
	A, B                  *gpuSide
	Metric                string // the metric's name in a sentence, "total throughput per GPU"
	Answers               []answerView
	Cost, Power           []answerView   // nil unless the config gives both GPUs' price (power)
	CostMissing           string         // why there are no cost (power) answers, for the reader
	Ranges                string         // the interactivity each curve covers
	Charts                jsontext.Value // compareCharts: both charts' layouts and data
	RatioNote             string         // why there is no ratio chart, when there is none
	Others                []compareLink
}

// answerView is one reference interactivity worded: the sentence and where its values come from.
type answerView struct {
	X       string
	Text    string
	Configs string
}

// renderCompares writes p's compare pages and their compare.json.
func (r *Renderer) renderCompares(w output.Writer, p *Page) error {
	gs := pageGPUs(p, true)
	if r.def == nil { // the overview's, once (a mirror's page may be drawn at the same time)
		p.gpuValues = valuesAt(gs, referenceXs(r.in.Config))
	}
	if len(gs) < 2 {
		return nil
	}
	links, names := r.compareLinks(p), r.configNames(p)
	for i, a := range gs {
		for _, b := range gs[i+1:] {
			if err := r.renderCompare(w, p, a, b, links, names); err != nil {
				return err
			}
		}
	}
	return nil
}

// renderCompare writes the compare page of GPUs a and b (a first in slug order) and its
// compare.json; links are the page's Compare menu, of which it lists those of a or b, and
// names the configurations' names in r's language (configNames).
func (r *Renderer) renderCompare(w output.Writer, p *Page, a, b *gpuSide, links []compareLink, names map[string]string) error {
	cfg := r.in.Config
	dir := p.Path + "compare/" + pairSlug(a.Slug, b.Slug) + "/"
	refs := referenceXs(cfg)
	got := compare.At(a.curve, b.curve, refs)

	doc := compareDoc{Model: p.Model, Sequence: p.Sequence, Date: p.Snapshots[0].Date, Metric: p.Metric.Key,
		A: compareGPU{a.Key, a.Label}, B: compareGPU{b.Key, b.Label}, Refs: make([]compareRef, len(got))}
	for i, g := range got {
		doc.Refs[i] = compareRef{X: g.X, A: g.A, B: g.B, Ratio: g.Ratio}
		if g.A != nil {
			c := dataConfigs(g.AConfigs)
			doc.Refs[i].AConfig = &c
		}
		if g.B != nil {
			c := dataConfigs(g.BConfigs)
			doc.Refs[i].BConfig = &c
		}
	}
	js, err := compareJSON(&doc)
	if err != nil {
		return err
	}
	if err := w.WriteFile(dir+"compare.json", js); err != nil {
		return err
	}

	// From here on the page's words: the GPUs and configurations as its language names them
	// ([gpus]/[frameworks] names; compare.json above keeps the data's). The card keeps the
	// data's sides (cardtext.go).
	ca, cb := a, b
	a, b = r.localSide(a), r.localSide(b)
	got = localRefs(names, got)
	metric := r.metricWords(p)
	tr := r.cat
	cv := &compareView{
		Model: p.Model, Sequence: p.Sequence, Date: doc.Date, A: a, B: b, Metric: metric,
		ChartURL:    r.site.Base + p.Path,
		FilteredURL: r.site.Base + p.Path + "#gpus=" + strings.ToLower(a.Key) + "," + strings.ToLower(b.Key),
		Ranges:      tr.T("compare.ranges", "ca", coverage(tr, a), "cb", coverage(tr, b)),
	}
	// The other comparisons of either GPU: all of the page's pairs would make every compare
	// page grow with the square of its GPUs (the chart page's Compare menu has them all).
	for _, l := range links {
		if l.URL != r.site.Base+dir && (l.a == a.Slug || l.b == a.Slug || l.a == b.Slug || l.b == b.Slug) {
			cv.Others = append(cv.Others, l)
		}
	}
	unit := r.pageMetric(p, true).Unit
	for _, g := range got {
		cv.Answers = append(cv.Answers, answer(tr, g, a, b, tr.T("compare.what_metric", "metric", metric), fmtSentence, " "+unit, ""))
	}
	ga, gb := cfg.GPUs[a.Key], cfg.GPUs[b.Key]
	if ga.CostPerHour > 0 && gb.CostPerHour > 0 {
		// Tokens per dollar compared; the values shown are what a million tokens cost.
		for _, g := range localRefs(names, compare.At(a.tp, b.tp, refs)) {
			c := perUnit(g, func(y float64, side int) float64 {
				return []float64{ga.CostPerHour, gb.CostPerHour}[side] / (y * 3600) * 1e6
			}, true)
			cv.Cost = append(cv.Cost, answer(tr, c, a, b, tr.T("compare.what_dollar"), fmtDollars, tr.T("compare.unit_dollar"), tr.T("compare.unit_dollar")))
		}
	}
	if ga.KW > 0 && gb.KW > 0 {
		for _, g := range localRefs(names, compare.At(a.tp, b.tp, refs)) {
			c := perUnit(g, func(y float64, side int) float64 {
				return y / []float64{ga.KW, gb.KW}[side] * 1000
			}, false)
			cv.Power = append(cv.Power, answer(tr, c, a, b, tr.T("compare.what_mw"), fmtSentence, " tok/s/MW", " tok/s/MW"))
		}
	}
	switch {
	case cv.Cost == nil && cv.Power == nil:
		cv.CostMissing = tr.T("compare.missing_both")
	case cv.Cost == nil:
		cv.CostMissing = tr.T("compare.missing_dollar")
	case cv.Power == nil:
		cv.CostMissing = tr.T("compare.missing_mw")
	}
	if cv.Charts, cv.RatioNote, err = compareCharts(tr, p, a, b, metric, unit); err != nil {
		return err
	}

	title := tr.T("compare.title", "a", a.Label, "b", b.Label, "model", r.modelName(p.Model), "sequence", p.Sequence)
	desc := ""
	if len(cv.Answers) > 0 {
		desc = cv.Answers[0].Text
	}
	v := r.view(dir, title, desc)
	v.Compare = cv
	if r.def != nil {
		v.DataDir = r.site.Root + dir // a mirror links to the default language's compare.json
	}
	v.HasCharts = true
	cardTitle, cardDesc := title, desc
	if ct := r.cardCatalog(); ct != tr && r.cardsOn() {
		// The page's language is one the card's fonts cannot draw (cardtext.go).
		cardTitle = ct.T("compare.title", "a", ca.Label, "b", cb.Label, "model", r.cardModel(p.Model), "sequence", p.Sequence)
		cardDesc = ""
		if raw := compare.At(ca.curve, cb.curve, refs); len(raw) > 0 {
			what := ct.T("compare.what_metric", "metric", metricWordsIn(ct, p))
			cardDesc = answer(ct, raw[0], ca, cb, what, fmtSentence, " "+r.pageMetric(p, false).Unit, "").Text
		}
	}
	if v.Card, err = r.compareCard(w, p, dir, cardTitle, cardDesc, ca, cb); err != nil {
		return err
	}
	return r.execute(w, "compare", dir+"index.html", v)
}

// perUnit turns a reference read off two throughput curves into one of a derived quantity:
// each value through f (side 0 for a, 1 for b), and the ratio of what a reader gets per unit
// (tokens per dollar when lowerBetter, the value itself otherwise), a over b.
func perUnit(g compare.Ref, f func(y float64, side int) float64, lowerBetter bool) compare.Ref {
	out := compare.Ref{X: g.X, AConfigs: g.AConfigs, BConfigs: g.BConfigs}
	if g.A != nil {
		v := f(*g.A, 0)
		out.A = &v
	}
	if g.B != nil {
		v := f(*g.B, 1)
		out.B = &v
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
func (r *Renderer) metricWords(p *Page) string { return metricWordsIn(r.cat, p) }

// metricWordsIn is metricWords in tr's language.
func metricWordsIn(tr *i18n.Catalog, p *Page) string {
	if _, ok := charts.YMetric(p.Metric.Key); ok && tr.Lang != "en" {
		if k := "metric." + p.Metric.Key + ".label"; tr.Has(k) {
			return tr.T(k)
		}
	}
	return metricWords(p)
}

// metricWords is the page metric's name inside a sentence: "total throughput per GPU".
func metricWords(p *Page) string {
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
	av := answerView{X: x}
	switch {
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
func (r *Renderer) configNames(p *Page) map[string]string {
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

// Samples drawn of each curve over its range, besides its knots: enough for a smooth line
// between knots (the curve is monotone between them), few enough that thousands of compare
// pages stay a small part of a build.
const curveSamples = 24

// compareLayouts are the two charts' layouts, the same on every compare page: go-echarts
// builds them once (charts.LineLayout), and each page carries them beside its own data
// (compareCharts), which the page script puts in (versus.js). Building both options per page
// through go-echarts and escaping them was half of what the compare pages cost a build.
var compareLayouts = sync.OnceValues(func() (jsontext.Value, error) {
	curves, err := charts.LineLayout(charts.LineChart{ID: "versus-chart", Lines: []charts.Line{
		{Color: "#888", Dash: "solid", Marked: true}, {Color: "#888", Dash: "dashed", Marked: true}}})
	if err != nil {
		return nil, err
	}
	ratio, err := charts.LineLayout(charts.LineChart{ID: "ratio-chart", Lines: []charts.Line{
		{Color: "#0b6bcb", Dash: "solid"}, {Color: "#8a94a3", Dash: "dotted", Width: 1}}})
	if err != nil {
		return nil, err
	}
	return marshalJSON(struct {
		Curves jsontext.Value `json:"versus-chart"`
		Ratio  jsontext.Value `json:"ratio-chart"`
	}{curves, ratio})
})

// compareChartsDoc is what a compare page carries for versus.js (#compare-charts): the two
// layouts, and each chart's own part; no ratio chart where the curves share no interactivity.
type compareChartsDoc struct {
	Layouts jsontext.Value `json:"layouts"`
	Charts  struct {
		Curves chartData  `json:"versus-chart"`
		Ratio  *chartData `json:"ratio-chart,omitzero"`
	} `json:"charts"`
}

// chartData is one compare chart's own part, which versus.js puts into its layout: the axes'
// names, the screen-reader description, and per line (in the layout's order) its name, colour,
// the points it joins and the measured points marked on it (lineData), each line encoded.
type chartData struct {
	X     string           `json:"x"`
	Y     string           `json:"y"`
	Aria  string           `json:"aria"`
	Lines []jsontext.Value `json:"lines"`
}

// lineData is one line of a compare chart.
type lineData struct {
	Name   string      `json:"name"`
	Color  string      `json:"color"`
	Points chartPoints `json:"points"`
	Marks  chartPoints `json:"marks"`
}

// chartPoints are a line's points, written as [[x,y],...] with every number rounded to what a
// reader can see (charts.Round6), non-finite points left out.
type chartPoints [][2]float64

// MarshalJSONTo writes the points (see chartPoints).
func (ps chartPoints) MarshalJSONTo(enc *jsontext.Encoder) error {
	if err := enc.WriteToken(jsontext.BeginArray); err != nil {
		return err
	}
	for _, p := range ps {
		if math.IsNaN(p[0]) || math.IsInf(p[0], 0) || math.IsNaN(p[1]) || math.IsInf(p[1], 0) {
			continue
		}
		for _, t := range [...]jsontext.Token{jsontext.BeginArray, jsontext.Float(charts.Round6(p[0])), jsontext.Float(charts.Round6(p[1])), jsontext.EndArray} {
			if err := enc.WriteToken(t); err != nil {
				return err
			}
		}
	}
	return enc.WriteToken(jsontext.EndArray)
}

// compareCharts is the JSON of a compare page's two charts (compareChartsDoc): both GPUs'
// curves, and their ratio over the interactivity both reach (left out, with a note, when they
// share none). A GPU's line is encoded once and kept with it (gpuSide.line): the line is the
// same in each of the GPU's pairs, and formatting its numbers again on every page was a sixth
// of what drawing a compare page's charts cost.
func compareCharts(tr *i18n.Catalog, p *Page, a, b *gpuSide, metric, unit string) (out jsontext.Value, note string, err error) {
	var doc compareChartsDoc
	if doc.Layouts, err = compareLayouts(); err != nil {
		return nil, "", err
	}
	xName := cmp.Or(p.XAxis.Label, "Interactivity (tok/s/user)")
	if tr.Lang != "en" {
		xName = tr.T("xaxis." + charts.DefaultX + ".axis") // the data's own name is English
	}
	line := func(g *gpuSide, name string) (jsontext.Value, error) {
		if g.line != nil && name == g.Label {
			return g.line, nil
		}
		l := lineData{Name: name, Color: g.Color}
		var knots []float64
		for _, k := range g.curve.Knots() {
			knots = append(knots, k.X)
			l.Marks = append(l.Marks, [2]float64{k.X, k.Y})
		}
		if lo, hi, ok := g.curve.Domain(); ok {
			l.Points = compare.Sample(lo, hi, curveSamples, knots, compare.Value(g.curve))
		}
		js, err := marshalJSON(&l)
		if err == nil && name == g.Label {
			g.line = js // drawn once per GPU: it is the same in each of its pairs
		}
		return js, err
	}
	yName := firstRune(metric, unicode.ToUpper)
	if unit != "" {
		yName += " (" + unit + ")"
	}
	nameB := b.Label
	if nameB == a.Label {
		nameB += " (" + b.Key + ")" // two labels alike: the legend goes by name
	}
	la, err := line(a, a.Label)
	if err != nil {
		return nil, "", err
	}
	lb, err := line(b, nameB)
	if err != nil {
		return nil, "", err
	}
	doc.Charts.Curves = chartData{X: xName, Y: yName, Lines: []jsontext.Value{la, lb},
		Aria: tr.T("compare.curves_aria", "metric", metric, "a", a.Label, "b", b.Label)}
	lo, hi, ok := compare.Overlap(a.curve, b.curve)
	if !ok || lo == hi {
		note = tr.T("compare.no_ratio")
	} else {
		var knots []float64
		for _, g := range []*gpuSide{a, b} {
			for _, k := range g.curve.Knots() {
				knots = append(knots, k.X)
			}
		}
		lines := []lineData{
			{Name: a.Label + " ÷ " + b.Label, Color: "#0b6bcb", Points: compare.Sample(lo, hi, curveSamples, knots, compare.Ratio(a.curve, b.curve))},
			{Name: tr.T("compare.parity"), Color: "#8a94a3", Points: chartPoints{{lo, 1}, {hi, 1}}},
		}
		ratio := &chartData{X: xName, Y: a.Label + " ÷ " + b.Label + " (×)",
			Aria: tr.T("compare.ratio_chart_aria", "a", a.Label, "b", b.Label, "metric", metric, "lo", fmtX3(lo), "hi", fmtX3(hi))}
		for i := range lines {
			js, err := marshalJSON(&lines[i])
			if err != nil {
				return nil, "", err
			}
			ratio.Lines = append(ratio.Lines, js)
		}
		doc.Charts.Ratio = ratio
	}
	if out, err = marshalJSON(&doc); err != nil {
		return nil, "", err
	}
	return out, note, nil
}
