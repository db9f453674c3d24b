package render

import (
	"fmt"
	"github.com/frontier-bench/frontier/site/page"
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/site/fragment"
	"github.com/frontier-bench/frontier/site/markdown"
	"github.com/frontier-bench/frontier/site/problem"

	"github.com/frontier-bench/frontier/site/output"
)

// reservedIDs are the element ids the templates use themselves; headings never take them.
var reservedIDs = []string{"main", "chart", "controls", "leaders", "points", "page-data", "chart-option",
	"best-h", "leaders-h", "points-h", "models-h", "presets-h", "shown-csv"}

// AttachNotes puts notes on their chart pages and checks that every chart block and notes
// file names a model and sequence with data, and that no page takes another's path. Chart
// blocks are checked against their page's series once it is assembled (CheckView).
func AttachNotes(pages []*page.Page, mds []*markdown.MarkdownPage) problem.Problems {
	var ps problem.Problems
	byPath := map[string]*page.Page{}
	for _, p := range pages {
		byPath[p.Path] = p
	}
	for _, m := range mds {
		if m.IsNotes() {
			p := byPath[output.Slug(m.Model)+"/"+output.Slug(m.Sequence)+"/"]
			if p == nil {
				ps = append(ps, problem.Problem{File: m.File, Line: 1,
					Msg: fmt.Sprintf("notes for model %q, sequence %q, but no dataset has that model and sequence", m.Model, m.Sequence)})
				continue
			}
			if p.Notes != "" {
				ps = append(ps, problem.Problem{File: m.File, Line: 1, Msg: fmt.Sprintf("a second notes file for %s %s", p.Model, p.Sequence)})
			}
			p.Notes += m.HTML
		} else if p := byPath[m.URL]; p != nil {
			ps = append(ps, problem.Problem{File: m.File, Msg: fmt.Sprintf("this page and the chart page of %s %s both take the path /%s", p.Model, p.Sequence, m.URL)})
		} else if first, _, _ := strings.Cut(m.URL, "/"); reserved[first] {
			ps = append(ps, problem.Problem{File: m.File, Msg: fmt.Sprintf("the path /%s is the site's own: rename the file", m.URL)})
		}
		for _, c := range m.Charts {
			if byPath[c.Slug+"/"] == nil {
				ps = append(ps, problem.Problem{File: c.File, Line: c.Line,
					Msg: fmt.Sprintf("chart block: no dataset has model %q and sequence %q", c.Model, c.Sequence)})
			}
		}
	}
	return ps
}

// ChartBlocks lists the markdown pages' chart blocks by the path of the chart page they show.
func ChartBlocks(mds []*markdown.MarkdownPage) map[string][]markdown.ChartRef {
	m := map[string][]markdown.ChartRef{}
	for _, md := range mds {
		for _, c := range md.Charts {
			m[c.Slug+"/"] = append(m[c.Slug+"/"], c)
		}
	}
	return m
}

// navigation lists the markdown pages in the site's menu, in CompareMarkdownPages order.
func navigation(mds []*markdown.MarkdownPage, base string) []navItem {
	var nav []navItem
	for _, m := range mds {
		if m.IsNotes() || m.URL == "" {
			continue
		}
		// Escaped here: html/template only normalises a URL, and a file named "q&a #2?.md"
		// would otherwise link to "/q&a " with the rest taken as a query and a fragment.
		nav = append(nav, navItem{Title: m.Title, URL: (&url.URL{Path: base + m.URL}).EscapedPath(), Path: m.URL})
	}
	return nav
}

// CheckView reports the parts of a chart block's view that the page cannot show: filter values
// no series has, a snapshot date the page lacks. A view that matches nothing would draw an
// empty chart, which an author would rather hear about at build time.
func CheckView(p *page.Page, v fragment.View) []string {
	var msgs []string
	have := map[string]map[string]bool{"gpus": {}, "frameworks": {}, "spec": {}, "precisions": {}}
	for _, snap := range p.Snapshots {
		for _, s := range snap.Series {
			have["gpus"][strings.ToLower(s.GPU)] = true
			have["frameworks"][strings.ToLower(s.Framework)] = true
			have["spec"][strings.ToLower(s.Spec)] = true
			have["precisions"][strings.ToLower(s.Precision)] = true
		}
	}
	for _, f := range []struct {
		key  string
		vals []string
	}{{"gpus", v.GPUs}, {"frameworks", v.Frameworks}, {"spec", v.Spec}, {"precisions", v.Precisions}} {
		for _, val := range f.vals {
			if !have[f.key][val] {
				msgs = append(msgs, fmt.Sprintf("%s: %s %s has no %q (it has %s)", f.key, p.Model, p.Sequence, val, strings.Join(slices.Sorted(maps.Keys(have[f.key])), ", ")))
			}
		}
	}
	if v.Date != "" && !slices.Contains(p.Dates(), v.Date) {
		msgs = append(msgs, fmt.Sprintf("date: %s %s has no snapshot of %s (it has %s)", p.Model, p.Sequence, v.Date, strings.Join(p.Dates(), ", ")))
	}
	return msgs
}
