package pipeline

import (
	"fmt"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/markdown"
	"github.com/frontier-bench/frontier/site/problem"
	"github.com/frontier-bench/frontier/site/render"
)

// preset is one [[presets]] entry and where frontier.toml has it, for its problems.
type preset struct {
	config.PresetConfig
	file string
	at   int // its index in [[presets]]
}

// viewKeys are the fragment keys a chart block's view holds, checked against the page
// (markdown.ParseFragment, render.CheckView); otherKeys the chart page's other keys
// (DESIGN.md), accepted as the page script reads them.
var (
	viewKeys  = []string{"y", "x", "date", "gpus", "frameworks", "spec", "precisions", "log", "best", "optimal"}
	otherKeys = []string{"logx", "vendors", "deploy", "compare", "cost", "kw", "global", "acc", "slo", "pick", "tier", "pt"}
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
		out[path] = append(out[path], preset{c, file, i})
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
		k, _, _ := strings.Cut(part, "=")
		switch {
		case slices.Contains(viewKeys, k):
			view = append(view, part)
		case !slices.Contains(otherKeys, k):
			bad("unknown key %q (the chart page reads %s)", k, strings.Join(append(slices.Clone(viewKeys), otherKeys...), ", "))
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
