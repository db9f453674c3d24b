package markdown

// The walk over a parsed page: chart blocks become chart nodes, links to other markdown files
// become page links, and a page without a title or description gets one from its body.

import (
	"bytes"
	"net/url"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/frontier-bench/frontier/site/output"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"
)

// transform walks the document once: heading ids, chart blocks, links. It changes the tree
// after the walk, since goldmark's walker does not allow replacing the node it stands on.
func (r *mdRun) transform(doc ast.Node) {
	ids := newHeadingIDs(r.opts.ReservedIDs)
	var charts []*ast.FencedCodeBlock
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			t := plainText(n, r.src)
			id := string(ids.Generate([]byte(t), ast.KindHeading))
			n.SetAttributeString("id", id)
			r.page.TOC = append(r.page.TOC, Heading{Level: n.Level, ID: id, Text: t})
		case *ast.FencedCodeBlock:
			if string(n.Language(r.src)) == "chart" {
				charts = append(charts, n)
			}
		case *ast.Link:
			n.Destination = r.link(n, n.Destination)
		case *ast.Image:
			n.Destination = r.link(n, n.Destination)
		}
		return ast.WalkContinue, nil
	})
	for _, n := range charts {
		r.chart(n)
	}
}

// chart parses a chart block and, when it is valid, replaces it with the placeholder node.
// A block with mistakes stays a code block: the build fails on it anyway, and a preview then
// shows the author what they wrote.
func (r *mdRun) chart(n *ast.FencedCodeBlock) {
	fence := r.lineAt(n.Info.Segment.Start)
	var body []byte
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		body = append(body, seg.Value(r.src)...)
	}
	b, errs := ParseChartBlock(body)
	for _, e := range errs {
		r.problem(fence+e.Line, "chart block: %s", e.Msg)
	}
	if len(errs) > 0 {
		return
	}
	ref := ChartRef{
		ChartBlock: b,
		File:       r.page.File,
		Line:       fence,
		Slug:       output.Slug(b.Model) + "/" + output.Slug(b.Sequence),
		Fragment:   b.View.String(),
	}
	r.page.Charts = append(r.page.Charts, ref)
	href := r.base + ref.Slug + "/"
	if ref.Fragment != "" {
		href += "#" + ref.Fragment
	}
	c := &chartNode{ref: ref, href: href}
	n.Parent().ReplaceChild(n.Parent(), n, c)
}

// link rewrites a link destination the way the author reads it in their editor or on GitHub:
// relative to the markdown file's folder in the data tree. A link to another .md file becomes
// that page's URL; a link starting with '/' is from the site's root; both get the base path.
// Fragments and queries are kept. External links (any scheme or host) are left alone; goldmark
// itself blanks javascript:, vbscript: and data: (other than images) URLs.
func (r *mdRun) link(n ast.Node, dest []byte) []byte {
	// goldmark keeps a destination as written and resolves entities and backslash escapes
	// only when rendering; resolve them first so "&#106;avascript:" is seen for what it is.
	d := string(util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(dest))))
	if d == "" || strings.HasPrefix(d, "#") {
		return dest
	}
	u, err := url.Parse(d)
	if err != nil || u.Scheme != "" || u.Host != "" || strings.HasPrefix(d, "//") || u.Opaque != "" {
		return dest
	}
	if u.Path == "" {
		return dest // "?query" only
	}
	p := u.Path
	if !strings.HasPrefix(p, "/") {
		p = path.Join(path.Dir(r.page.Rel), p)
	}
	target := strings.TrimPrefix(path.Clean("/"+p), "/")
	if p != "/" && (strings.HasPrefix(path.Clean(p), "../") || path.Clean(p) == "..") {
		r.problem(r.lineOf(n), "link %s leaves the data folder", d)
		return dest
	}
	var sitePath string
	if strings.EqualFold(path.Ext(target), ".md") {
		sp, ok := MarkdownURL(target), true
		if r.opts.Page != nil {
			sp, ok = r.opts.Page(target)
		}
		if !ok {
			r.problem(r.lineOf(n), "link %s: no page is built from %s", d, target)
			return dest
		}
		sitePath = sp
	} else {
		sitePath = target
		if strings.HasSuffix(u.Path, "/") && target != "" {
			sitePath += "/"
		}
	}
	out := url.URL{Path: r.base + sitePath, RawQuery: u.RawQuery, Fragment: u.Fragment, RawFragment: u.RawFragment}
	// Escape what goldmark will resolve again when rendering, so the URL comes out as built.
	return []byte(strings.NewReplacer(`\`, `\\`, "&", "&amp;").Replace(out.String()))
}

// fillDefaults gives a page without a title or description in its front matter one from its
// body, so every page has a <title> and a meta description.
func (r *mdRun) fillDefaults(doc ast.Node) {
	p := r.page
	for _, h := range p.TOC {
		if h.Level == 1 {
			p.HasH1 = true
			if p.Title == "" {
				p.Title = h.Text
			}
			break
		}
	}
	if p.Title == "" && p.URL != "" { // the home page's intro takes the site's title
		name := strings.TrimSuffix(path.Base(p.Rel), path.Ext(p.Rel))
		if name == "index" {
			name = path.Base(path.Dir(p.Rel))
		}
		p.Title = name
	}
	if p.Description == "" {
		for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
			if c.Kind() == ast.KindParagraph {
				p.Description = shorten(plainText(c, r.src), 160)
				break
			}
		}
	}
	p.Description = strings.TrimSpace(p.Description)
}

// shorten cuts s to at most max runes at a word boundary, marking the cut with an ellipsis.
func shorten(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	rs := []rune(s)[:max-1]
	cut := string(rs)
	if i := strings.LastIndexByte(cut, ' '); i > max/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,.;:") + "…"
}

// plainText is the text a reader sees in a node: entities and backslash escapes resolved,
// markup dropped, raw HTML as typed (it shows as text).
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			v := c.Value(src)
			if c.Parent() == nil || c.Parent().Kind() != ast.KindCodeSpan {
				v = util.UnescapePunctuations(util.ResolveEntityNames(util.ResolveNumericReferences(v)))
			}
			b.Write(v)
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.AutoLink:
			b.Write(c.Label(src))
		case *ast.RawHTML:
			// shown as typed (see renderRawHTML), so part of the text; comments are not shown
			if raw := rawHTML(c, src); !bytes.HasPrefix(raw, []byte("<!--")) {
				b.Write(raw)
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String())
}
