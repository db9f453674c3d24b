package render

// Cards carry only what their fonts can draw. Package card draws with Go's fonts, which have
// Latin, Greek and Cyrillic but no CJK glyphs: a Chinese string on a card would be a row of
// empty boxes. So the card's words come from the first of the site's languages whose
// catalog the fonts cover (cardCatalog: English on a site whose first language is zh), a
// model's name from the first language whose name for it they cover (cardModel), and
// whatever the data or the config still gives that they cannot draw loses those runes
// (fitCard), so that no card ever shows a box. Package card, which holds the fonts, says
// which runes they draw (card.Draws, card.Fit).

import (
	"maps"
	"slices"

	"github.com/frontier-bench/frontier/site/card"
	"github.com/frontier-bench/frontier/site/i18n"
)

// fitCard is s with every text on it drawable (card.Fit).
func fitCard(s card.Spec) card.Spec {
	for _, p := range []*string{&s.Title, &s.Subtitle, &s.Headline, &s.Footer, &s.XLabel, &s.YLabel} {
		*p = card.Fit(*p)
	}
	if len(s.Series) > 0 {
		s.Series = append([]card.Series(nil), s.Series...)
		for i := range s.Series {
			s.Series[i].Name = card.Fit(s.Series[i].Name)
		}
	}
	return s
}

// cardKeys are the catalog entries a card's words come from (the compare page's title and
// sentences: the chart and home cards' are Go's own English).
var cardKeys = []string{"compare.title", "compare.at", "compare.same", "compare.ratio", "compare.neither",
	"compare.one_short", "compare.cov_none", "compare.cov_one", "compare.cov_range", "compare.what_metric"}

// cardCatalog is the catalog a card is worded from: the first of the site's languages (the
// default first) whose card strings the card's fonts draw, else Frontier's English.
func (r *Renderer) cardCatalog() *i18n.Catalog {
	def := r
	if r.def != nil {
		def = r.def
	}
	cats := []*i18n.Catalog{def.cat}
	for _, m := range def.mirrors {
		cats = append(cats, m.cat)
	}
	for _, c := range cats {
		if c == nil {
			continue
		}
		ok := true
		for _, k := range cardKeys {
			if !card.Draws(c.Raw(k)) {
				ok = false
				break
			}
		}
		if ok {
			return c
		}
	}
	return english()
}

// cardModel is model as a card names it: as the data does when the card's fonts draw it,
// else its name in the first of the site's languages (then English) that gives one they draw
// ([models.KEY.names], KEY its key or its name), else the data's (fitCard then leaves out
// what cannot be drawn).
func (r *Renderer) cardModel(model string) string {
	if card.Draws(model) {
		return model
	}
	tags := []string{}
	for _, l := range r.langs {
		tags = append(tags, l.Tag)
	}
	tags = append(tags, "en")
	for _, k := range slices.Sorted(maps.Keys(r.in.Config.Models)) {
		if m := r.in.Config.Models[k]; k == model || m.Name == model {
			for _, tag := range tags {
				if n := m.Names[tag]; n != "" && card.Draws(n) {
					return n
				}
			}
		}
	}
	return model
}
