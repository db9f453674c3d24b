package history

import (
	"cmp"
	"github.com/frontier-bench/frontier/site/page"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/output"
)

// Change is a changelog entry as a chart page shows it: under its trend chart, and as a marker
// on it for the configurations it names.
type Change struct {
	Date        string   `json:"date"`          // the changelog's date for it
	Description string   `json:"description"`   // what changed, as the changelog words it
	Link        string   `json:"link,omitzero"` // where to read more, when the changelog gives it
	Series      []string `json:"series"`        // keys of the page's configurations it names, sorted
	Names       string   `json:"-"`             // their legend names, for the list
}

// inferenceXModels are InferenceX's own model keys, by the display name the view format uses,
// so a changelog written for InferenceX ("dsr1-fp4-b200-sglang*") names this site's series.
var inferenceXModels = map[string]string{"DeepSeek-R1-0528": "dsr1"}

// configKeys are the names a changelog glob may give a configuration, as InferenceX writes
// configuration keys: <model>-<precision>-<gpu>-<framework>, lowercase, the model as this
// site's slug of it ("deepseek-r1-0528-fp4-b200-sglang") or as InferenceX's key ("dsr1-...").
// Speculative decoding adds its method ("-mtp"), which "...-sglang*" takes in and
// "...-sglang" leaves out.
func configKeys(model string, s *page.PageSeries) []string {
	rest := "-" + strings.ToLower(s.Precision+"-"+s.GPU+"-"+s.Framework)
	if sp := strings.ToLower(s.Spec); sp != "" && sp != "none" {
		rest += "-" + sp
	}
	keys := []string{output.Slug(model) + rest}
	if k, ok := inferenceXModels[model]; ok {
		keys = append(keys, k+rest)
	}
	return keys
}

// Changes are the changelog entries that name a configuration of page p in any snapshot,
// oldest first (by date, then in the changelog's order), each with the keys and names (the
// newest snapshot's) of the configurations it names.
func Changes(p *Page, changes []input.Change) []Change {
	if len(changes) == 0 {
		return nil
	}
	names := map[string]string{} // configuration key -> legend name, the newest snapshot's
	keys := map[string][]string{}
	for i := len(p.Snapshots) - 1; i >= 0; i-- {
		for j := range p.Snapshots[i].Series {
			s := p.Snapshots[i].Series[j]
			names[s.Key] = s.Name
			if keys[s.Key] == nil {
				keys[s.Key] = configKeys(p.Model, s)
			}
		}
	}
	var out []Change
	for _, c := range changes {
		var hit []string
		for k, ks := range keys {
			if slices.ContainsFunc(ks, c.Matches) {
				hit = append(hit, k)
			}
		}
		if len(hit) == 0 {
			continue
		}
		slices.Sort(hit)
		var ns []string
		for _, k := range hit {
			ns = append(ns, names[k])
		}
		slices.Sort(ns)
		out = append(out, Change{Date: c.Date, Description: c.Description, Link: c.Link, Series: hit, Names: strings.Join(ns, ", ")})
	}
	slices.SortStableFunc(out, func(a, b Change) int { return cmp.Compare(a.Date, b.Date) })
	return out
}
