package site

import (
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/site/input"
)

// reservedIDs are the element ids the templates use themselves; headings never take them.
var reservedIDs = []string{"main", "chart", "controls", "leaders", "points", "page-data", "chart-option",
	"best-h", "leaders-h", "points-h", "models-h", "shown-csv"}

// LoadMarkdown renders every *.md below the data folder, drafts left out. Links between
// markdown files are resolved against the set of pages that will exist.
func LoadMarkdown(fsys fs.FS, prefix, basePath string) ([]*MarkdownPage, Problems) {
	var ps Problems
	type source struct {
		rel string
		src []byte
	}
	var srcs []source
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			ps = append(ps, Problem{File: prefix + p, Msg: err.Error()})
			return nil
		}
		if p != "." && input.Hidden(d.Name()) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() || path.Ext(p) != ".md" {
			return nil
		}
		b, msg := readPage(fsys, p)
		if msg != "" {
			ps = append(ps, Problem{File: prefix + p, Msg: msg})
			return nil
		}
		srcs = append(srcs, source{p, b})
		return nil
	})
	if err != nil {
		ps = append(ps, Problem{File: prefix, Msg: err.Error()})
	}

	// First pass without links, to learn which files are pages, drafts or notes.
	first := make([]*MarkdownPage, len(srcs))
	for i, s := range srcs {
		first[i], _ = RenderMarkdown(s.rel, s.src, MarkdownOptions{DataDir: strings.TrimSuffix(prefix, "/"), BasePath: basePath})
	}
	targets := map[string]string{}
	for _, m := range first {
		if m == nil || m.Draft {
			continue
		}
		if m.Model != "" || m.Sequence != "" {
			targets[m.Rel] = Slug(m.Model) + "/" + Slug(m.Sequence) + "/"
		} else {
			targets[m.Rel] = m.URL
		}
	}
	opts := MarkdownOptions{
		DataDir:     strings.TrimSuffix(prefix, "/"),
		BasePath:    basePath,
		ReservedIDs: reservedIDs,
		Page: func(rel string) (string, bool) {
			u, ok := targets[rel]
			return u, ok
		},
	}
	var pages []*MarkdownPage
	for _, s := range srcs {
		m, mps := RenderMarkdown(s.rel, s.src, opts)
		if m != nil && m.Draft {
			continue // a draft is not built, so its unfinished state fails nothing
		}
		ps = append(ps, mps...)
		if m != nil {
			pages = append(pages, m)
		}
	}
	slices.SortFunc(pages, CompareMarkdownPages)
	return pages, ps
}

// maxMarkdownSize bounds a markdown page. It is far below a dataset's limit because rendering
// takes about thirty times a page's size in memory, and no page a person writes comes near it.
const maxMarkdownSize = 8 << 20

// readPage reads a markdown file, refusing what the data loader refuses too: a file over
// the size limit (goldmark needs many times a file's size, so a stray 300 MiB file took
// gigabytes) and anything but a regular file (reading a named pipe blocks forever).
func readPage(fsys fs.FS, p string) ([]byte, string) {
	fi, err := fs.Stat(fsys, p)
	switch {
	case err != nil:
		return nil, "cannot read: " + input.ErrText(err)
	case !fi.Mode().IsRegular():
		return nil, "not a regular file"
	case fi.Size() > maxMarkdownSize:
		return nil, fmt.Sprintf("file is %.1f MiB, over the %d MiB limit for a page", float64(fi.Size())/(1<<20), maxMarkdownSize>>20)
	}
	b, err := fs.ReadFile(fsys, p)
	if err != nil {
		return nil, "cannot read: " + input.ErrText(err)
	}
	return b, ""
}

// isNotes reports a markdown file that annotates a chart page rather than being a page.
func (m *MarkdownPage) isNotes() bool { return m.Model != "" || m.Sequence != "" }

// attachNotes puts notes on their chart pages and checks that every chart block and notes
// file names a model and sequence with data, and that no page takes another's path. Chart
// blocks are checked against their page's series once it is assembled (checkView).
func attachNotes(pages []*Page, mds []*MarkdownPage) Problems {
	var ps Problems
	byPath := map[string]*Page{}
	for _, p := range pages {
		byPath[p.Path] = p
	}
	for _, m := range mds {
		if m.isNotes() {
			p := byPath[Slug(m.Model)+"/"+Slug(m.Sequence)+"/"]
			if p == nil {
				ps = append(ps, Problem{File: m.File, Line: 1,
					Msg: fmt.Sprintf("notes for model %q, sequence %q, but no dataset has that model and sequence", m.Model, m.Sequence)})
				continue
			}
			if p.Notes != "" {
				ps = append(ps, Problem{File: m.File, Line: 1, Msg: fmt.Sprintf("a second notes file for %s %s", p.Model, p.Sequence)})
			}
			p.Notes += m.HTML
		} else if p := byPath[m.URL]; p != nil {
			ps = append(ps, Problem{File: m.File, Msg: fmt.Sprintf("this page and the chart page of %s %s both take the path /%s", p.Model, p.Sequence, m.URL)})
		} else if first, _, _ := strings.Cut(m.URL, "/"); reserved[first] {
			ps = append(ps, Problem{File: m.File, Msg: fmt.Sprintf("the path /%s is the site's own: rename the file", m.URL)})
		}
		for _, c := range m.Charts {
			if byPath[c.Slug+"/"] == nil {
				ps = append(ps, Problem{File: c.File, Line: c.Line,
					Msg: fmt.Sprintf("chart block: no dataset has model %q and sequence %q", c.Model, c.Sequence)})
			}
		}
	}
	return ps
}

// chartBlocks lists the markdown pages' chart blocks by the path of the chart page they show.
func chartBlocks(mds []*MarkdownPage) map[string][]ChartRef {
	m := map[string][]ChartRef{}
	for _, md := range mds {
		for _, c := range md.Charts {
			m[c.Slug+"/"] = append(m[c.Slug+"/"], c)
		}
	}
	return m
}

// navigation lists the markdown pages in the site's menu, in CompareMarkdownPages order.
func navigation(mds []*MarkdownPage, base string) []navItem {
	var nav []navItem
	for _, m := range mds {
		if m.isNotes() || m.URL == "" {
			continue
		}
		// Escaped here: html/template only normalises a URL, and a file named "q&a #2?.md"
		// would otherwise link to "/q&a " with the rest taken as a query and a fragment.
		nav = append(nav, navItem{Title: m.Title, URL: (&url.URL{Path: base + m.URL}).EscapedPath(), Path: m.URL})
	}
	return nav
}

// checkView reports the parts of a chart block's view that the page cannot show: filter values
// no series has, a snapshot date the page lacks. A view that matches nothing would draw an
// empty chart, which an author would rather hear about at build time.
func checkView(p *Page, v ChartView) []string {
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
				msgs = append(msgs, fmt.Sprintf("%s: %s %s has no %q (it has %s)", f.key, p.Model, p.Sequence, val, strings.Join(sortedKeys(have[f.key]), ", ")))
			}
		}
	}
	if v.Date != "" && !slices.Contains(p.dates(), v.Date) {
		msgs = append(msgs, fmt.Sprintf("date: %s %s has no snapshot of %s (it has %s)", p.Model, p.Sequence, v.Date, strings.Join(p.dates(), ", ")))
	}
	return msgs
}
