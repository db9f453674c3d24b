package pipeline

import (
	"fmt"
	"github.com/frontier-bench/frontier/site/page"
	"maps"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/fragment"
	"github.com/frontier-bench/frontier/site/problem"
	"github.com/frontier-bench/frontier/site/render"
	"github.com/frontier-bench/frontier/site/slo"
)

// preset is one [[presets]] entry and where frontier.toml has it, for its problems.
type preset struct {
	config.PresetConfig
	file string
	at   int // its index in [[presets]]
	// slo and tiers are the site's [[slo]] presets and price tiers, which slo= and tier= name.
	slo   []slo.Preset
	tiers []string
}

// presetsByPage lists cfg's presets by the chart page path they name, and reports those
// whose page no dataset makes, with the pages there are.
func presetsByPage(cfg config.Config, file string, pages []*page.Page) (map[string][]preset, problem.Problems) {
	var ps problem.Problems
	var paths []string
	for _, p := range pages {
		paths = append(paths, "/"+p.Path)
	}
	out := map[string][]preset{}
	for i, c := range cfg.Presets {
		path := c.PresetPath()
		if !slices.Contains(paths, "/"+path) {
			ps = append(ps, problem.Problem{File: file, Path: fmt.Sprintf("presets[%d].page", i),
				Msg: fmt.Sprintf("preset %q: no chart page %q (the pages: %s)", c.Name, c.Page, strings.Join(paths, ", "))})
			continue
		}
		out[path] = append(out[path], preset{c, file, i, cfg.SLOPresets(), cfg.PriceTiers()})
	}
	return out, ps
}

// checkPreset checks a preset's fragment against its page p once p is assembled: every part one
// the chart page reads (fragment.Parse), and its values ones the page has.
func checkPreset(pr preset, p *page.Page) problem.Problems {
	var ps problem.Problems
	bad := func(format string, args ...any) {
		ps = append(ps, problem.Problem{File: pr.file, Path: fmt.Sprintf("presets[%d].fragment", pr.at),
			Msg: fmt.Sprintf("preset %q: ", pr.Name) + fmt.Sprintf(format, args...)})
	}
	v, errs := fragment.Parse(pr.Fragment)
	for _, e := range errs {
		bad("%v", e)
	}
	for _, msg := range render.CheckView(p, v) {
		bad("%s", msg)
	}
	for _, o := range []struct {
		key, val string
	}{
		{"vendors", strings.Join(v.Vendors, ",")}, {"deploy", strings.Join(v.Deploy, ",")},
		{"cost", strings.Join(v.Cost, ",")}, {"kw", strings.Join(v.KW, ",")},
		{"slo", v.SLO}, {"tier", v.Tier}, {"compare", strings.Join(v.Compare, ",")},
	} {
		if o.val == "" {
			continue
		}
		if msg := checkOther(pr, p, o.key, o.val); msg != "" {
			bad("%s=%s: %s", o.key, o.val, msg)
		}
	}
	return ps
}

// checkOther checks the value of one of the chart page's keys beyond a chart block's view
// against page p and the site's presets and tiers, as the page script reads it: "" when the
// page would show what the link says, else why not. fragment.Parse has read its form.
func checkOther(pr preset, p *page.Page, key, val string) string {
	have := func(of func(s *page.PageSeries) string) map[string]bool {
		m := map[string]bool{}
		for _, snap := range p.Snapshots {
			for _, s := range snap.Series {
				m[strings.ToLower(of(s))] = true
			}
		}
		return m
	}
	list := func(m map[string]bool) string { return strings.Join(slices.Sorted(maps.Keys(m)), ", ") }
	switch key {
	case "tier":
		if !slices.ContainsFunc(pr.tiers, func(t string) bool { return strings.EqualFold(t, val) }) {
			if len(pr.tiers) == 0 {
				return "the site prices no GPU in tiers ([gpus.KEY.cost])"
			}
			return "no such price tier (the tiers: " + strings.Join(pr.tiers, ", ") + ")"
		}
	case "slo":
		_, _, invalid := slo.Parse(val, pr.slo)
		for _, v := range invalid {
			if v.Reason == "preset" {
				var names []string
				for _, s := range pr.slo {
					names = append(names, s.Name)
				}
				return fmt.Sprintf("%q is no [[slo]] preset (the presets: %s)", v.Text, strings.Join(names, ", "))
			}
			return fmt.Sprintf("%q: want METRIC:LIMIT terms (%s)", v.Text, v.Reason)
		}
	case "vendors", "deploy":
		m := have(func(s *page.PageSeries) string { return s.Vendor })
		if key == "deploy" {
			m = have(func(s *page.PageSeries) string { return s.Deployment })
		}
		for v := range strings.SplitSeq(val, ",") {
			if !m[v] {
				return fmt.Sprintf("%s %s has no %q (it has %s)", p.Model, p.Sequence, v, list(m))
			}
		}
	case "cost", "kw":
		gpus := have(func(s *page.PageSeries) string { return s.GPU })
		for term := range strings.SplitSeq(val, ",") {
			if gpu, _, _ := strings.Cut(term, ":"); !gpus[gpu] {
				return fmt.Sprintf("%s %s has no GPU %q (it has %s)", p.Model, p.Sequence, gpu, list(gpus))
			}
		}
	case "compare":
		for d := range strings.SplitSeq(val, ",") {
			if !slices.ContainsFunc(p.Snapshots, func(s *page.Snapshot) bool { return s.Date == d }) {
				return fmt.Sprintf("%s %s has no snapshot of %q", p.Model, p.Sequence, d)
			}
		}
	}
	return ""
}
