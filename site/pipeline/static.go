package pipeline

import (
	"fmt"
	"github.com/frontier-bench/frontier/site/page"
	"path"
	"strings"

	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/problem"

	"github.com/frontier-bench/frontier/site/markdown"
)

// checkStatic reports a copied file that would take the place of one the site generates.
func checkStatic(statics []input.StaticFile, pages []*page.Page, mds []*markdown.MarkdownPage, prefix string) problem.Problems {
	var ps problem.Problems
	taken := map[string]string{"assets": "the site's assets", "history": "the site's history files"}
	for _, p := range pages {
		taken[strings.TrimSuffix(p.Path, "/")] = "the chart page of " + p.Model + " " + p.Sequence
	}
	for _, m := range mds {
		if m.URL != "" && !m.IsNotes() {
			taken[strings.TrimSuffix(m.URL, "/")+"/index.html"] = "the page built from " + m.File
		}
	}
	for _, name := range []string{"index.html", "404.html", "sitemap.xml", "robots.txt"} {
		taken[name] = "the site's own " + name
	}
	for _, s := range statics {
		for dir := s.Name; dir != "."; dir = path.Dir(dir) {
			if what, ok := taken[dir]; ok {
				ps = append(ps, problem.Problem{File: prefix + s.Name, Msg: fmt.Sprintf("would take the place of %s: move or rename it", what)})
				break
			}
		}
	}
	return ps
}
