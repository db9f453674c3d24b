package render

// Compare pages (/<model>/<sequence>/compare/<a>-vs-<b>/, with compare.json beside each): one
// GPU against another at the page's reference interactivities; the overview (overview.go)
// reads every GPU of every page against a reference GPU. The numbers come from package
// compare; this file pairs a page's GPUs, writes compare.json and lays the pages out,
// comparewords.go words the numbers and comparecharts.go charts them.

import (
	"encoding/json/jsontext"
	"encoding/json/v2"
	"github.com/frontier-bench/frontier/site/page"
	"html/template"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/compare"
	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/fragment"
	"github.com/frontier-bench/frontier/site/input"
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
	// p90 marks a GPU of an agentic page, whose curves are at p90 interactivity (its points'
	// x): the sentences say so (compare.at_p90).
	p90 bool
}

// pageGPUs are the GPUs of p's newest snapshot in slug order, each with its curves. GPU keys
// that share a slug are one GPU: they would share the compare pages' paths too.
func pageGPUs(p *page.Page, curves bool) []*gpuSide {
	bySlug := map[string]*gpuSide{}
	pts := map[string][]compare.Point{}
	tps := map[string][]compare.Point{}
	for _, s := range p.Snapshots[0].Series {
		slug := output.Slug(s.GPU)
		if bySlug[slug] == nil {
			bySlug[slug] = &gpuSide{Key: s.GPU, Slug: slug, Label: gpuLabel(s), Color: charts.GPUColor(s.GPU), p90: p.XAxis.Field == charts.AgenticX}
		}
		if !curves {
			continue
		}
		for _, pt := range s.Points {
			if p.Accuracy.Removes(pt.ID) || !pt.HasX() {
				continue // below the site's accuracy gate (compareacc.go), or no median interactivity to compare at
			}
			// A point of repeated runs brings the ranges of its throughput and of the page's metric
			// (a raw page's is a throughput: total, or output where no run counted input).
			var lo, hi, ylo, yhi float64
			if sp := pt.Spread(); sp != nil {
				lo, hi, _ = sp.Range(input.MTputPerGPU)
				if m, ok := throughputMetric(p.Metric.Key); ok {
					ylo, yhi, _ = sp.Range(m)
				}
			}
			tps[slug] = append(tps[slug], compare.Point{X: pt.X, Y: pt.TpPerGpu, Config: s.Name, Lo: lo, Hi: hi})
			pts[slug] = append(pts[slug], compare.Point{X: pt.X, Y: pt.Y, Config: s.Name, Lo: ylo, Hi: yhi})
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
func comparePaths(p *page.Page) []string {
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
	// Item is the link as a compare page lists it among the other comparisons, written by
	// compare.html's "compare-other" (otherItems): html/template's own escaping, done once per
	// chart page and language instead of on each of the page's compare pages that lists it.
	Item template.HTML
}

// compareLinks are the Compare menu of chart page p.
func (r *Renderer) compareLinks(p *page.Page) []compareLink {
	gs := pageGPUs(p, false)
	var out []compareLink
	for i, a := range gs {
		for _, b := range gs[i+1:] {
			out = append(out, compareLink{Label: r.cat.T("compare.vs", "a", r.gpuName(a.Key, a.Label), "b", r.gpuName(b.Key, b.Label)),
				URL: r.site.Base + p.Path + "compare/" + pairSlug(a.Slug, b.Slug) + "/", a: a.Slug, b: b.Slug})
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
	// SLO are the [[slo]] presets' picks for the two GPUs (compareslo.go), absent without presets.
	SLO []comparePreset `json:"slo,omitempty"`
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
	// ARange and BRange are a's and b's ranges over repeated runs at x (compare.Ref), absent
	// for values of single runs; WithinSpread says they overlap, so that neither leads.
	ARange       *[2]float64 `json:"aRange,omitempty"`
	BRange       *[2]float64 `json:"bRange,omitempty"`
	WithinSpread bool        `json:"withinSpread,omitzero"`
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
	Cost, Power           []answerView // nil unless the config gives both GPUs' price (power)
	CostMissing           string       // why there are no cost (power) answers, for the reader
	NoTotal               string       // the same on a page with no total throughput (Page.NoTotal)
	Ranges                string       // the interactivity each curve covers
	Charts                any          // both charts' layouts and data (compareChartsDoc), through escapedJSON
	RatioNote             string       // why there is no ratio chart, when there is none
	Others                []compareLink
	// OtherItems are the Others' Items, each after a newline: the menu's entries in one
	// action rather than one each (a compare page lists a dozen), html/template's own output.
	OtherItems template.HTML
	Gate       string        // that the page follows the site's accuracy gate, "" when it has none
	Accuracy   []string      // each GPU's scores per task, when both have one (compareacc.go)
	Notes      []compareNote // frontier.toml's notes about either GPU's configurations
	SLO        []string      // each [[slo]] preset's picks of the two GPUs, in a sentence
}

// answerView is one reference interactivity worded: the sentence and where its values come from.
type answerView struct {
	X       string
	Text    string
	Configs string
}

// renderCompares writes p's compare pages and their compare.json.
func (r *Renderer) renderCompares(w output.Writer, p *page.Page) error {
	defer r.timeJob(JobCompare, time.Now())
	gs := pageGPUs(p, true)
	if r.def == nil { // the overview's, once (a mirror's page may be drawn at the same time)
		keep(p).gpuValues = valuesAt(gs, referenceXs(r.in.Config))
	}
	if len(gs) < 2 {
		return nil
	}
	links, names := r.compareLinks(p), r.configNames(p)
	if err := r.otherItems(links); err != nil {
		return err
	}
	for i, a := range gs {
		for _, b := range gs[i+1:] {
			if err := r.renderCompare(w, p, a, b, links, names); err != nil {
				return err
			}
		}
	}
	return nil
}

// otherItems writes each link's Item with compare.html's "compare-other", where the compare
// template has one (a site's own compare.html may not: its pages then list the links as it
// writes them).
func (r *Renderer) otherItems(links []compareLink) error {
	t := r.tmpl["compare"].Lookup("compare-other")
	if t == nil {
		return nil
	}
	var b strings.Builder
	for i := range links {
		b.Reset()
		if err := t.Execute(&b, &links[i]); err != nil {
			return r.templateProblems(err)
		}
		links[i].Item = template.HTML(b.String())
	}
	return nil
}

// renderCompare writes the compare page of GPUs a and b (a first in slug order) and its
// compare.json; links are the page's Compare menu, of which it lists those of a or b, and
// names the configurations' names in r's language (configNames).
func (r *Renderer) renderCompare(w output.Writer, p *page.Page, a, b *gpuSide, links []compareLink, names map[string]string) error {
	cfg := r.in.Config
	dir := p.Path + "compare/" + pairSlug(a.Slug, b.Slug) + "/"
	refs := referenceXs(cfg)
	got := compare.At(a.curve, b.curve, refs)

	doc := compareDoc{Model: p.Model, Sequence: p.Sequence, Date: p.Snapshots[0].Date, Metric: p.Metric.Key,
		A: compareGPU{a.Key, a.Label}, B: compareGPU{b.Key, b.Label}, Refs: make([]compareRef, len(got))}
	for i, g := range got {
		doc.Refs[i] = compareRef{X: g.X, A: g.A, B: g.B, Ratio: g.Ratio, ARange: g.ARange, BRange: g.BRange, WithinSpread: g.WithinSpread()}
		if g.A != nil {
			c := dataConfigs(g.AConfigs)
			doc.Refs[i].AConfig = &c
		}
		if g.B != nil {
			c := dataConfigs(g.BConfigs)
			doc.Refs[i].BConfig = &c
		}
	}
	presets, presetWords := r.comparePresets(p, a, b)
	doc.SLO = presets
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
		FilteredURL: r.site.Base + p.Path + "#" + fragment.View{GPUs: []string{strings.ToLower(a.Key), strings.ToLower(b.Key)}}.String(),
		Ranges:      tr.T("compare.ranges", "ca", coverage(tr, a), "cb", coverage(tr, b)),
		Gate:        gateSentence(tr, cfg.Gate(), cfg.TaskLabel),
		Accuracy:    compareAccuracy(tr, p, a, b, cfg.TaskLabel),
		Notes:       compareNotes(p, a, b, r.site.Lang),
		SLO:         presetWords,
	}
	// The other comparisons of either GPU: all of the page's pairs would make every compare
	// page grow with the square of its GPUs (the chart page's Compare menu has them all).
	for _, l := range links {
		if l.URL != r.site.Base+dir && (l.a == a.Slug || l.b == a.Slug || l.a == b.Slug || l.b == b.Slug) {
			cv.Others = append(cv.Others, l)
		}
	}
	var items strings.Builder
	for _, l := range cv.Others {
		items.WriteString("\n")
		items.WriteString(string(l.Item))
	}
	cv.OtherItems = template.HTML(items.String())
	unit := r.pageMetric(p, true).Unit
	for _, g := range got {
		cv.Answers = append(cv.Answers, answer(tr, g, a, b, tr.T("compare.what_metric", "metric", metric), fmtSentence, " "+unit, ""))
	}
	ga, gb := cfg.GPUs[a.Key], cfg.GPUs[b.Key]
	// The default tier's prices (the first of [gpus.*.cost]), or each GPU's one price.
	pa, aok := ga.TierPrice("", cfg.PriceTiers())
	pb, bok := gb.TierPrice("", cfg.PriceTiers())
	if p.NoTotal {
		// Cost and power divide the total throughput, which no point of the page has: say so,
		// rather than that a curve does not reach (compare.no_total).
		aok, bok, ga.KW = false, false, 0
		cv.NoTotal = tr.T("compare.no_total")
	}
	if aok && bok {
		// Tokens per dollar compared; the values shown are what a million tokens cost.
		for _, g := range localRefs(names, compare.At(a.tp, b.tp, refs)) {
			c := perUnit(g, func(y float64, side int) float64 {
				return page.CostPerMTok([]float64{pa, pb}[side], y)
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
	case p.NoTotal:
	case cv.Cost == nil && cv.Power == nil:
		cv.CostMissing = tr.T("compare.missing_both")
	case cv.Cost == nil:
		cv.CostMissing = tr.T("compare.missing_dollar")
	case cv.Power == nil:
		cv.CostMissing = tr.T("compare.missing_mw")
	}
	charts, note, err := compareCharts(tr, p, a, b, metric, unit)
	if err != nil {
		return err
	}
	cv.Charts, cv.RatioNote = escapedJSON(charts), note

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
	ct := tr
	if r.cardsOn() { // which catalog a card takes its words from is asked only with cards
		ct = r.cardCatalog()
	}
	if ct != tr {
		// The page's language is one the card's fonts cannot draw (cardtext.go).
		cardTitle = ct.T("compare.title", "a", ca.Label, "b", cb.Label, "model", r.cardModel(p.Model), "sequence", p.Sequence)
		cardDesc = ""
		if raw := compare.At(ca.curve, cb.curve, refs); len(raw) > 0 {
			what := ct.T("compare.what_metric", "metric", metricWordsIn(ct, p))
			cardDesc = answer(ct, raw[0], ca, cb, what, fmtSentence, " "+r.pageMetric(p, false).Unit, "").Text
		}
	}
	// The card is a job of its own (writeCard times it): not the compare page's.
	t0 := time.Now()
	v.Card, err = r.compareCard(w, p, dir, cardTitle, cardDesc, ca, cb)
	r.jobNanos[JobCompare].Add(-int64(time.Since(t0)))
	if err != nil {
		return err
	}
	return r.execute(w, "compare", dir+"index.html", v)
}
