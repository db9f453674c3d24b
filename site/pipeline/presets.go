package pipeline

import (
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/markdown"
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

// viewKeys are the fragment keys a chart block's view holds, checked against the page
// (markdown.ParseFragment, render.CheckView); otherKeys the chart page's other keys
// (DESIGN.md), whose values checkOther checks as the page script reads them.
var (
	viewKeys  = []string{"y", "x", "date", "gpus", "frameworks", "spec", "precisions", "log", "best", "optimal"}
	otherKeys = []string{"logx", "vendors", "deploy", "offload", "compare", "cost", "kw", "global", "acc", "slo", "pick", "tier", "pt"}
)

// presetsByPage lists cfg's presets by the chart page path they name, and reports those
// whose page no dataset makes, with the pages there are.
func presetsByPage(cfg config.Config, file string, pages []*render.Page) (map[string][]preset, problem.Problems) {
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

// checkPreset checks a preset's fragment against its page p once p is assembled: every key
// one the chart page reads, and the view's values ones the page has.
func checkPreset(pr preset, p *render.Page) problem.Problems {
	var ps problem.Problems
	bad := func(format string, args ...any) {
		ps = append(ps, problem.Problem{File: pr.file, Path: fmt.Sprintf("presets[%d].fragment", pr.at),
			Msg: fmt.Sprintf("preset %q: ", pr.Name) + fmt.Sprintf(format, args...)})
	}
	var view []string
	for part := range strings.SplitSeq(pr.Fragment, "&") {
		if part == "" {
			continue
		}
		k, val, _ := strings.Cut(part, "=")
		switch {
		case slices.Contains(viewKeys, k):
			view = append(view, part)
		case !slices.Contains(otherKeys, k):
			bad("unknown key %q (the chart page reads %s)", k, strings.Join(append(slices.Clone(viewKeys), otherKeys...), ", "))
		default:
			if dec, err := url.PathUnescape(val); err == nil {
				val = dec
			}
			if msg := checkOther(pr, p, k, val); msg != "" {
				bad("%s=%s: %s", k, val, msg)
			}
		}
	}
	v, err := markdown.ParseFragment(strings.Join(view, "&"))
	if err != nil {
		bad("%v", err)
		return ps
	}
	for _, msg := range render.CheckView(p, v) {
		bad("%s", msg)
	}
	return ps
}

// checkOther checks the value of one of the chart page's keys beyond a chart block's view, as
// the page script reads it, against page p and the site's presets and tiers: "" when the page
// would show what the link says, else why not.
func checkOther(pr preset, p *render.Page, key, val string) string {
	have := func(of func(s *render.PageSeries) string) map[string]bool {
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
	case "logx", "global":
		if val != "0" && val != "1" {
			return "want 1 or 0"
		}
	case "pick":
		if val != "x" && val != "y" {
			return "want x (the picks rank by x) or y"
		}
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
		m := have(func(s *render.PageSeries) string { return s.Vendor })
		if key == "deploy" {
			m = have(func(s *render.PageSeries) string { return s.Deployment })
		}
		for v := range strings.SplitSeq(val, ",") {
			if !m[strings.ToLower(v)] {
				return fmt.Sprintf("%s %s has no %q (it has %s)", p.Model, p.Sequence, v, list(m))
			}
		}
	case "cost", "kw":
		gpus := have(func(s *render.PageSeries) string { return s.GPU })
		for term := range strings.SplitSeq(val, ",") {
			gpu, num, ok := strings.Cut(term, ":")
			n, err := strconv.ParseFloat(num, 64)
			if !ok || err != nil || n < 0 {
				return fmt.Sprintf("%q: want GPU:PRICE, e.g. b200:5.5", term)
			}
			if !gpus[strings.ToLower(gpu)] {
				return fmt.Sprintf("%s %s has no GPU %q (it has %s)", p.Model, p.Sequence, gpu, list(gpus))
			}
		}
	case "compare":
		for d := range strings.SplitSeq(val, ",") {
			if !slices.ContainsFunc(p.Snapshots, func(s *render.Snapshot) bool { return s.Date == d }) {
				return fmt.Sprintf("%s %s has no snapshot of %q", p.Model, p.Sequence, d)
			}
		}
	case "acc":
		if val == "off" {
			return ""
		}
		task, min, ok := strings.Cut(val, ":")
		n, err := strconv.ParseFloat(min, 64)
		if !ok || task == "" || err != nil || n < 0 || n > 1 {
			return "want TASK:MIN with MIN a score from 0 to 1, e.g. gsm8k:0.9, or off"
		}
	case "pt":
		if _, err := strconv.ParseInt(val, 10, 64); err != nil {
			return "want a point's id, a whole number"
		}
	}
	return ""
}
