package mcp

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/api"
	"github.com/frontier-bench/frontier/site/compare"
	"github.com/frontier-bench/frontier/site/fragment"
	"github.com/frontier-bench/frontier/site/render"
)

const compareDoc = "Two GPUs of a chart page compared as the site's compare page does: each GPU's frontier over all its configurations, " +
	"read at the page's reference interactivities, with the ratio a/b and the configurations each value comes from, plus the " +
	"compare page's sentences in lang (en or zh). A value is null where that GPU's frontier does not reach the reference. " +
	"url is the compare page; chart the chart page filtered to the two GPUs."

// CompareIn is compare's input.
type CompareIn struct {
	Page string `json:"page" jsonschema:"the page's path as list_pages gives it"`
	A    string `json:"a" jsonschema:"a GPU key of the page, e.g. b200"`
	B    string `json:"b" jsonschema:"another GPU key of the page, e.g. h200"`
	Lang string `json:"lang,omitempty" jsonschema:"the sentences' language: en (default) or zh"`
}

// CompareOut is compare's answer: compare.json's numbers, in the order asked.
type CompareOut struct {
	Page      string       `json:"page"`
	URL       string       `json:"url" jsonschema:"the compare page"`
	Chart     string       `json:"chart" jsonschema:"the chart page showing only the two GPUs"`
	Data      string       `json:"data" jsonschema:"the compare.json these numbers come from"`
	Date      string       `json:"date"`
	Metric    string       `json:"metric" jsonschema:"the metric compared (the page's)"`
	A         CompareSide  `json:"a"`
	B         CompareSide  `json:"b"`
	Refs      []CompareRef `json:"refs" jsonschema:"one per reference interactivity"`
	Sentences []Sentence   `json:"sentences" jsonschema:"the compare page's answers, one per reference, in lang"`
}

// Sentence is one answer of the compare page.
type Sentence struct {
	Text string `json:"text" jsonschema:"which GPU gives more and by how much, or which does not reach the reference"`
	From string `json:"from,omitempty" jsonschema:"the configurations the values come from"`
}

// CompareSide is one GPU compared.
type CompareSide struct {
	GPU   string `json:"gpu"`
	Label string `json:"label"`
}

// CompareRef is one reference interactivity read off both GPUs' frontiers.
type CompareRef struct {
	X       float64  `json:"x" jsonschema:"the reference interactivity (tok/s/user)"`
	A       *float64 `json:"a" jsonschema:"a's value; null where a's frontier does not reach x"`
	B       *float64 `json:"b"`
	Ratio   *float64 `json:"ratio" jsonschema:"a / b; null unless both are there"`
	AConfig string   `json:"aConfig,omitempty" jsonschema:"the configuration(s) a's value comes from, joined by ' / '"`
	BConfig string   `json:"bConfig,omitempty"`
	// ARange and BRange: a's and b's [min, max] over repeated runs, absent for single runs.
	ARange       *[2]float64 `json:"aRange,omitempty" jsonschema:"a's [min, max] over repeated runs; absent for a value of single runs"`
	BRange       *[2]float64 `json:"bRange,omitempty"`
	WithinSpread bool        `json:"withinSpread,omitempty" jsonschema:"true when a's and b's run-to-run ranges overlap: neither leads"`
}

// compareFile is compare.json as the renderer writes it.
type compareFile struct {
	Date   string       `json:"date"`
	Metric string       `json:"metric"`
	A      CompareSide  `json:"a"`
	B      CompareSide  `json:"b"`
	Refs   []CompareRef `json:"refs"`
}

// pairOf finds the compare pair of GPUs a and b on p (in either order); swapped when the
// file has b first.
func pairOf(p *api.IndexPage, a, b string) (pair api.IndexPair, swapped bool, err error) {
	var gpus []string
	for _, g := range p.GPUs {
		gpus = append(gpus, strings.ToLower(g))
	}
	for _, g := range []string{a, b} {
		if !slices.Contains(gpus, strings.ToLower(g)) {
			return pair, false, unknown("GPU", g, gpus, "the GPUs of "+pagePath(p))
		}
	}
	if strings.EqualFold(a, b) {
		return pair, false, fmt.Errorf("a and b are both %q: name two different GPUs of %s (%s)", a, pagePath(p), strings.Join(gpus, ", "))
	}
	for _, c := range p.Compare {
		switch {
		case strings.EqualFold(c.A, a) && strings.EqualFold(c.B, b):
			return c, false, nil
		case strings.EqualFold(c.A, b) && strings.EqualFold(c.B, a):
			return c, true, nil
		}
	}
	return pair, false, fmt.Errorf("%s has no compare page of %s and %s: only GPUs of its newest snapshot are compared", pagePath(p), a, b)
}

func (s *Site) compare(in CompareIn) (CompareOut, error) {
	lang := cmp.Or(strings.ToLower(strings.TrimSpace(in.Lang)), "en")
	if lang != "en" && lang != "zh" {
		return CompareOut{}, unknown("language", in.Lang, []string{"en", "zh"}, "")
	}
	p, err := s.page(in.Page)
	if err != nil {
		return CompareOut{}, err
	}
	pair, swapped, err := pairOf(p, in.A, in.B)
	if err != nil {
		return CompareOut{}, err
	}
	var doc compareFile
	if err := s.readJSON(pair.Data, &doc); err != nil {
		return CompareOut{}, err
	}
	if swapped {
		doc.A, doc.B = doc.B, doc.A
		for i, r := range doc.Refs {
			doc.Refs[i] = CompareRef{X: r.X, A: r.B, B: r.A, AConfig: r.BConfig, BConfig: r.AConfig, ARange: r.BRange, BRange: r.ARange, WithinSpread: r.WithinSpread}
			if r.A != nil && r.B != nil && *r.A != 0 {
				q := *r.B / *r.A // as compare.At divides, a over b
				doc.Refs[i].Ratio = &q
			}
		}
	}
	f, err := s.files(p)
	if err != nil {
		return CompareOut{}, err
	}
	// Each GPU's curve over every point of it, as the compare page's: only what it covers is
	// read from it here (the sentences' "reaches 12 to 80 tok/s/user"); the numbers are the file's.
	curve := func(gpu string) *compare.Curve {
		var pts []compare.Point
		for _, sr := range newest(f).series {
			if !strings.EqualFold(sr.gpu, gpu) {
				continue
			}
			for _, pt := range sr.points {
				if pt.X != nil && pt.Y != nil { // a point without the page's metric is on no curve
					pts = append(pts, compare.Point{X: *pt.X, Y: *pt.Y, Config: sr.name})
				}
			}
		}
		return compare.NewCurve(pts)
	}
	refs := make([]compare.Ref, len(doc.Refs))
	for i, r := range doc.Refs {
		refs[i] = compare.Ref{X: r.X, A: r.A, B: r.B, Ratio: r.Ratio, AConfigs: configs(r.AConfig), BConfigs: configs(r.BConfig), ARange: r.ARange, BRange: r.BRange}
	}
	label := ""
	for _, m := range f.data.Metrics {
		if m.Key == doc.Metric {
			label = m.Label
		}
	}
	p90 := f.data.DefaultX == charts.AgenticX // an agentic page's curves are at p90 interactivity
	words, err := render.CompareSentences(lang, doc.Metric, label,
		render.CompareGPU{Key: doc.A.GPU, Label: doc.A.Label, Curve: curve(doc.A.GPU), P90: p90},
		render.CompareGPU{Key: doc.B.GPU, Label: doc.B.Label, Curve: curve(doc.B.GPU), P90: p90}, refs)
	if err != nil {
		return CompareOut{}, err
	}
	sentences := make([]Sentence, len(words))
	for i, w := range words {
		sentences[i] = Sentence{w.Text, w.From}
	}
	page := s.link(pair.Page)
	if lang != "en" {
		page = s.langLink(pair.Page, lang)
	}
	return CompareOut{Page: pagePath(p), URL: page, Data: s.link(pair.Data),
		Chart: s.pageURL(p, fragment.View{GPUs: []string{strings.ToLower(doc.A.GPU), strings.ToLower(doc.B.GPU)}}),
		Date:  doc.Date, Metric: doc.Metric, A: doc.A, B: doc.B, Refs: doc.Refs, Sentences: sentences}, nil
}

// configs splits compare.json's configurations (joined by " / ") back into a list.
func configs(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, " / ")
}

// langLink is u (a page of the site) in the mirror of language lang, /<lang>/ after the
// site's home: where a site with that language has it (a site without it serves the default).
func (s *Site) langLink(u, lang string) string {
	idx, err := s.index()
	if err != nil {
		return s.link(u)
	}
	rest, ok := strings.CutPrefix(u, idx.Home)
	if !ok {
		return s.link(u)
	}
	if r, err := s.rel(idx.Home + lang + "/" + rest); err != nil {
		return s.link(u)
	} else if _, err := s.src.ReadFile(r + "index.html"); err != nil {
		return s.link(u) // a site without that language
	}
	return s.link(idx.Home + lang + "/" + rest)
}
