package render

import (
	"fmt"
	"github.com/frontier-bench/frontier/site/page"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/compare"
	"github.com/frontier-bench/frontier/site/i18n"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/templates"
)

// CompareGPU is one side of a compare page as its sentences name it: the GPU's key and label,
// and its curve on the page's metric (for what interactivity it covers).
type CompareGPU struct {
	Key, Label string
	Curve      *compare.Curve
	// P90 marks a GPU of an agentic page, whose curve is at p90 interactivity: the sentences
	// say so, as its compare page does (compare.at_p90).
	P90 bool
}

// CompareSentence is one answer of a compare page: the sentence, and the configurations its
// values come from in words ("" when neither GPU reaches the reference).
type CompareSentence struct {
	Text, From string
}

// CompareSentences are a compare page's answers, one per reference of refs, in language
// lang (a shipped catalog: "en", "zh"), worded by the same code as the page's: which GPU gives
// more of the metric (metricKey, metricLabel as the data names a metric the charts do not
// know) and by how much, or which curve does not reach the reference, then the configurations
// each value comes from. For tools that read compare.json and answer in words (the MCP
// server); the site's own [gpus] names and catalog overrides are not applied.
func CompareSentences(lang, metricKey, metricLabel string, a, b CompareGPU, refs []compare.Ref) ([]CompareSentence, error) {
	langs := []string{"en"}
	if lang != "en" {
		langs = append(langs, lang) // English is the fallback of a string another catalog lacks
	}
	set, ps := i18n.Load(langs, i18n.Sources{Shipped: templates.FS})
	if len(ps.Errors()) > 0 {
		return nil, fmt.Errorf("unknown language %q: Frontier ships en and zh", lang)
	}
	tr := set.Langs[len(set.Langs)-1]
	p := &page.Page{Metric: input.Metric{Key: metricKey, Label: metricLabel}}
	unit := ""
	if m, ok := charts.YMetric(metricKey); ok {
		unit = m.Unit
		if k := "metric." + metricKey + ".unit"; tr.Has(k) {
			unit = tr.T(k)
		}
	}
	ga := &gpuSide{Key: a.Key, Label: a.Label, curve: a.Curve, p90: a.P90}
	gb := &gpuSide{Key: b.Key, Label: b.Label, curve: b.Curve, p90: b.P90}
	what := tr.T("compare.what_metric", "metric", metricWordsIn(tr, p))
	out := make([]CompareSentence, 0, len(refs))
	for _, g := range refs {
		av := answer(tr, g, ga, gb, what, fmtSentence, " "+unit, "")
		out = append(out, CompareSentence{av.Text, av.Configs})
	}
	return out, nil
}
