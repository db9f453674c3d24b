package render

// An agentic page's point facts as filters (docs/chart-page.md, "An agentic point"):
// speculative decoding, KV offload and disaggregation are facts of each point there, not of its
// series (input's agentic.go), so the spec, offload and deploy filters of such a page keep or
// drop points, as the accuracy gate does, rather than series. The page data lists each agentic
// point's values (PageData.Facts), which the page script's model.js reads.

import (
	"slices"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/site/i18n"
)

// factLists are the filters an agentic point's facts answer, in the order of each Facts row
// after its id.
var factLists = []string{"spec", "offload", "deploy"}

// agenticFacts lists every agentic point of p's snapshots once, sorted by id: [id, speculative
// decoding ("none" for none), KV offload ("none" for none), deployment ("single-node" or
// "disaggregated")], lower case as the filters' values are. nil for a page of no agentic point.
func agenticFacts(p *Page) [][4]string {
	seen := map[int64]bool{}
	var out [][4]string
	for _, snap := range p.Snapshots {
		for _, s := range snap.Series {
			for _, pt := range s.Points {
				if !pt.IsAgentic() || seen[pt.ID] {
					continue
				}
				seen[pt.ID] = true
				a := pt.Raw.Agentic
				deploy := "single-node"
				if a.Disagg || pt.Raw.Topology.Split {
					deploy = "disaggregated"
				}
				out = append(out, [4]string{strconv.FormatInt(pt.ID, 10), cmpOr(strings.ToLower(a.Spec), "none"),
					cmpOr(strings.ToLower(a.Offload), "none"), deploy})
			}
		}
	}
	slices.SortFunc(out, func(a, b [4]string) int { return strings.Compare(a[0], b[0]) })
	return out
}

// factChoices are the values an agentic page's filter list offers, from its points' facts,
// sorted, each labelled as the series' facets are (facetOf).
func factChoices(tr *i18n.Catalog, facts [][4]string, list string) []choiceView {
	col := slices.Index(factLists, list) + 1
	var values []string
	for _, f := range facts {
		values = append(values, f[col])
	}
	slices.Sort(values)
	var out []choiceView
	for _, v := range slices.Compact(values) {
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
