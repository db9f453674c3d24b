package render

import (
	"cmp"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/output"
)

// inferenceXModels are InferenceX's own model keys, by the display name the view format uses,
// so a changelog written for InferenceX ("dsr1-fp4-b200-sglang*") names this site's series.
var inferenceXModels = map[string]string{"DeepSeek-R1-0528": "dsr1"}

// configKeys are the names a changelog glob may give a series, as InferenceX writes
// configuration keys: <model>-<precision>-<gpu>-<framework>, lowercase, the model as this
// site's slug of it ("deepseek-r1-0528-fp4-b200-sglang") or as InferenceX's key ("dsr1-...").
// Speculative decoding adds its method ("-mtp"), which "...-sglang*" takes in and
// "...-sglang" leaves out.
func configKeys(model string, s *PageSeries) []string {
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

// pageChanges are the changelog entries that name a series of the page in any snapshot,
// oldest first (by date, then in file order).
func pageChanges(p *Page, changes []input.Change) []ChangeData {
	if len(changes) == 0 {
		return nil
	}
	names := map[string]string{} // series key -> legend name, the newest snapshot's
	keys := map[string][]string{}
	for i := len(p.Snapshots) - 1; i >= 0; i-- {
		for _, s := range p.Snapshots[i].Series {
			names[s.Key] = s.Name
			if keys[s.Key] == nil {
				keys[s.Key] = configKeys(p.Model, s)
			}
		}
	}
	var out []ChangeData
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
		out = append(out, ChangeData{Date: c.Date, Description: c.Description, Link: c.Link, Series: hit, Names: strings.Join(ns, ", ")})
	}
	slices.SortStableFunc(out, func(a, b ChangeData) int { return cmp.Compare(a.Date, b.Date) })
	return out
}
