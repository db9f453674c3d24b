package render

// An agentic page's point facts as filters (docs/chart-page.md, "An agentic point"):
// speculative decoding, KV offload and disaggregation are facts of each point there, not of its
// series (input's agentic.go), so the spec, offload and deploy filters of such a page keep or
// drop points, as the accuracy gate does, rather than series. The page data lists each agentic
// point's values (PageData.Facts), which the page script's model.js reads.

import (
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/site/i18n"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/page"
)

// factLists are the filters an agentic point's facts answer, in FactsData.Values' order.
var factLists = []string{"spec", "offload", "deploy"}

// agenticFacts is the facts of the agentic points of snap (the page's newest snapshot, in
// PageData.Series' order); nil for a page of no agentic point.
func agenticFacts(snap *page.Snapshot) *FactsData {
	factOf := func(pt *input.Point) [3]string {
		a := pt.Raw.Agentic
		deploy := "single-node"
		if a.Disagg || pt.Raw.Topology.Split {
			deploy = "disaggregated"
		}
		return [3]string{cmpOr(strings.ToLower(a.Spec), "none"), cmpOr(strings.ToLower(a.Offload), "none"), deploy}
	}
	d := &FactsData{}
	any := false
	for _, s := range snap.Series {
		for i := range s.Points {
			if pt := &s.Points[i]; pt.IsAgentic() {
				any = true
				for k, v := range factOf(pt) {
					d.Values[k] = append(d.Values[k], v)
				}
			}
		}
	}
	if !any {
		return nil
	}
	for k := range d.Values {
		slices.Sort(d.Values[k])
		d.Values[k] = slices.Compact(d.Values[k])
	}
	for _, s := range snap.Series {
		row := make([][3]int, len(s.Points))
		for i := range s.Points {
			if pt := &s.Points[i]; pt.IsAgentic() {
				for k, v := range factOf(pt) {
					row[i][k] = slices.Index(d.Values[k], v)
				}
			}
		}
		d.Points = append(d.Points, row)
	}
	return d
}

// factChoices are the values an agentic page's filter list offers, from its points' facts,
// sorted, each labelled as the series' facets are (facetOf).
func factChoices(tr *i18n.Catalog, facts *FactsData, list string) []choiceView {
	var out []choiceView
	for _, v := range facts.Values[slices.Index(factLists, list)] {
		label := strings.ToUpper(v)
		switch {
		case list == "deploy":
			label = deployLabel(v)
		case list == "offload" && v != "none":
			label = v
		}
		if k := "facet." + list + "." + v; (v == "none" || list == "deploy") && tr.Has(k) {
			label = tr.T(k)
		}
		out = append(out, choiceView{v, label, ""})
	}
	return out
}
