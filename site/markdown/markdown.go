package markdown

import (
	"bytes"
	"cmp"
	"fmt"
	"html"
	"net/url"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
	"go.abhg.dev/goldmark/frontmatter"
	"gopkg.in/yaml.v3"

	"github.com/frontier-bench/frontier/site/output"
	"github.com/frontier-bench/frontier/site/problem"
)

// MarkdownOptions is what rendering one markdown file needs to know about the rest of the site.
type MarkdownOptions struct {
	// BasePath prefixes every URL the page links to ("/" or "/repo/"), so the bundle works
	// under a GitHub Pages sub-path. "" means "/".
	BasePath string
	// DataDir is the data folder as problems name it ("data"): problems name the file
	// DataDir/rel, as the author sees it. "" names the file by rel alone.
	DataDir string
	// Page resolves another markdown file, by its slash path from the data folder
	// ("guides/setup.md"), to its site path without the base ("guides/setup/", "" for the home
	// page). ok false means no page is built from it (missing, or a draft), which makes a link
	// to it a build error. A notes file may resolve to its chart page's path.
	// Nil resolves every link with MarkdownURL, unchecked.
	Page func(rel string) (sitePath string, ok bool)
	// ReservedIDs are element ids the page template already uses ("chart", "nav"); a heading
	// that would get one of them gets a numbered id instead, so anchors never collide.
	ReservedIDs []string
}

// MarkdownPage is one rendered markdown file: its front matter, its body as HTML, and what the
// build must check or embed for it (the chart blocks).
type MarkdownPage struct {
	File string // as problems name it, e.g. "data/guides/setup.md"
	Rel  string // slash path from the data folder, e.g. "guides/setup.md"
	URL  string // site path without the base: "guides/setup/", "" for data/index.md

	// Title comes from the front matter, else the first level-1 heading, else the file name
	// (the folder's name for an index.md; "" for data/index.md, whose page is the home page).
	Title string
	// Description comes from the front matter, else the first paragraph, shortened.
	Description string
	Weight      int  // navigation order; see CompareMarkdownPages
	Draft       bool // left out of the build
	// Model and Sequence, when given, make the file notes shown on that chart page
	// instead of a page of its own.
	Model, Sequence string

	// HasH1 reports that the body has its own level-1 heading, so a template need not add one.
	HasH1 bool
	// HTML is the rendered body. Every piece of the author's text in it is escaped (raw HTML
	// shows as text), so a template may include it as template.HTML.
	HTML   string
	TOC    []Heading  // every heading, in document order
	Charts []ChartRef // every chart block, in document order
}

// Heading is one entry of a page's table of contents.
type Heading struct {
	Level int    // 1 to 6
	ID    string // the anchor, unique in the page
	Text  string // plain text, unescaped
}

// ChartRef is a chart block as the build needs it: where it is, for problems ("no data for
// this model and sequence"), which page's data to embed, and the view it opens.
type ChartRef struct {
	ChartBlock
	File     string // as problems name it
	Line     int    // the line of the opening ```chart fence
	Slug     string // the chart page's path without the base or trailing slash: "deepseek-v4-pro/8k-1k"
	Fragment string // ChartView.Fragment(), without '#'
}

// MarkdownURL is the site path (without the base) of the page built from a markdown file,
// given by its slash path from the data folder: "about.md" is "about/", "guides/setup.md" is
// "guides/setup/", "guides/index.md" is "guides/" and "index.md" is "" (the home page).
// Paths keep the author's spelling so a link reads like the file it came from.
func MarkdownURL(rel string) string {
	rel = strings.TrimPrefix(path.Clean("/"+rel), "/")
	dir, file := path.Split(rel)
	name := strings.TrimSuffix(file, path.Ext(file))
	if name == "index" {
		return dir
	}
	return dir + name + "/"
}

// CompareMarkdownPages orders pages for the navigation: by weight, then title, then URL.
// As in Hugo, weight 0 (or none) means "unweighted" and sorts after every weighted page, so an
// author can pin a few pages to the front without numbering all of them.
func CompareMarkdownPages(a, b *MarkdownPage) int {
	if (a.Weight == 0) != (b.Weight == 0) {
		if a.Weight == 0 {
			return 1
		}
		return -1
	}
	return cmp.Or(cmp.Compare(a.Weight, b.Weight), cmp.Compare(a.Title, b.Title), cmp.Compare(a.URL, b.URL))
}

// RenderMarkdown renders one markdown file, given by its slash path from the data folder.
// It reports every problem it finds (bad front matter, bad chart blocks, links to pages that do
// not exist), each with its file and line; the page is rendered as well as it can be even then,
// so a preview can still show it.
func RenderMarkdown(rel string, src []byte, opts MarkdownOptions) (*MarkdownPage, problem.Problems) {
	src = bytes.TrimPrefix(src, []byte("\ufeff")) // a BOM would hide the front matter
	r := &mdRun{
		src:   src,
		opts:  opts,
		base:  normalizeBasePath(opts.BasePath),
		lines: lineStarts(src),
		page:  &MarkdownPage{Rel: rel, URL: MarkdownURL(rel)},
	}
	r.page.File = rel
	if opts.DataDir != "" {
		r.page.File = path.Join(opts.DataDir, rel)
	}

	md := goldmark.New(
		goldmark.WithExtensions(
			extension.GFM,
			&frontmatter.Extender{Formats: []frontmatter.Format{frontmatter.YAML}},
		),
		goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(pageHTML{}, 100))),
	)
	pc := parser.NewContext()
	doc := md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))

	r.frontMatter(frontmatter.Get(pc))
	r.transform(doc)
	r.fillDefaults(doc)

	var buf bytes.Buffer
	if err := md.Renderer().Render(&buf, src, doc); err != nil {
		r.problem(0, "render: %v", err)
	}
	r.page.HTML = buf.String()
	r.ps.Sort()
	return r.page, r.ps
}

// mdRun is the state of rendering one file.
type mdRun struct {
	src   []byte
	opts  MarkdownOptions
	base  string
	lines []int // byte offset of the start of each line
	page  *MarkdownPage
	ps    problem.Problems
}

func (r *mdRun) problem(line int, format string, args ...any) {
	r.ps = append(r.ps, problem.Problem{File: r.page.File, Line: line, Msg: fmt.Sprintf(format, args...)})
}

func (r *mdRun) warning(line int, format string, args ...any) {
	r.ps = append(r.ps, problem.Problem{File: r.page.File, Line: line, Msg: fmt.Sprintf(format, args...), Warning: true})
}

// lineStarts indexes src's lines so a byte offset from the AST becomes a line number.
func lineStarts(src []byte) []int {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// lineAt is the 1-based line holding byte offset off.
func (r *mdRun) lineAt(off int) int {
	if off < 0 {
		return 0
	}
	return sort.Search(len(r.lines), func(i int) bool { return r.lines[i] > off })
}

// lineOf finds the line of a node: its own position, or its first line, or its parent's.
func (r *mdRun) lineOf(n ast.Node) int {
	for ; n != nil; n = n.Parent() {
		if p := n.Pos(); p >= 0 {
			return r.lineAt(p)
		}
		if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
			return r.lineAt(n.Lines().At(0).Start)
		}
	}
	return 0
}

func normalizeBasePath(p string) string {
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	if !strings.HasSuffix(p, "/") {
		p += "/"
	}
	return p
}

// frontMatterKeys are the keys a page's front matter may hold, for "unknown key" warnings.
var frontMatterKeys = []string{"title", "description", "weight", "draft", "model", "sequence"}

// yamlLineErr picks the line out of yaml.v3's syntax errors ("yaml: line 3: ...").
var yamlLineErr = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// frontMatter decodes the YAML front matter through yaml.Node rather than straight into a
// struct, so each wrong value is reported on its own line and the rest still apply.
func (r *mdRun) frontMatter(data *frontmatter.Data) {
	if !r.frontMatterClosed() {
		r.problem(1, "front matter is never closed (want a line --- after it)")
		return
	}
	if data == nil {
		return
	}
	// The YAML starts on the line after the opening ---.
	const offset = 1
	var doc yaml.Node
	if err := data.Decode(&doc); err != nil {
		msg := err.Error()
		line := 1
		if m := yamlLineErr.FindStringSubmatch(msg); m != nil {
			n, _ := strconv.Atoi(m[1])
			line, msg = n+offset, m[2]
		} else {
			msg = strings.TrimPrefix(msg, "yaml: ")
		}
		r.problem(line, "front matter: %s", msg)
		return
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return // empty front matter
	}
	m := doc.Content[0]
	if m.Kind == yaml.ScalarNode && m.Tag == "!!null" {
		return
	}
	if m.Kind != yaml.MappingNode {
		r.problem(m.Line+offset, "front matter: want key: value lines")
		return
	}
	p := r.page
	seen := map[string]int{} // key -> its line; yaml.Node keeps duplicates without a word
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		line := v.Line + offset
		if first, dup := seen[k.Value]; dup {
			r.problem(k.Line+offset, "front matter: %s given twice (first on line %d)", k.Value, first)
			continue
		}
		seen[k.Value] = k.Line + offset
		str := func(dst *string) {
			if v.Kind != yaml.ScalarNode {
				r.problem(line, "front matter: %s: want text", k.Value)
				return
			}
			if v.Tag != "!!null" {
				*dst = v.Value
			}
		}
		switch k.Value {
		case "title":
			str(&p.Title)
		case "description":
			str(&p.Description)
		case "model":
			str(&p.Model)
		case "sequence":
			str(&p.Sequence)
		case "weight":
			if v.Kind != yaml.ScalarNode || (v.Tag != "!!int" && v.Tag != "!!null") || v.Decode(&p.Weight) != nil {
				r.problem(line, "front matter: weight: want a whole number, got %q", v.Value)
			}
		case "draft":
			// yes/no/on/off as well as true/false: YAML 1.1 habits, as in chart blocks.
			t, err := parseToggle(v.Value)
			if v.Kind != yaml.ScalarNode || err != nil {
				r.problem(line, "front matter: draft: want true or false, got %q", v.Value)
			}
			p.Draft = t == ToggleOn
		default:
			r.warning(k.Line+offset, "front matter: unknown key %q ignored (known: %s)", k.Value, strings.Join(frontMatterKeys, ", "))
		}
	}
	p.Title = strings.TrimSpace(p.Title)
	p.Model, p.Sequence = strings.TrimSpace(p.Model), strings.TrimSpace(p.Sequence)
	if (p.Model == "") != (p.Sequence == "") {
		r.problem(m.Line+offset, "front matter: notes for a chart page need both model and sequence")
	}
}

// frontMatterClosed reports whether front matter opened on line 1 is closed again. Unclosed,
// the front matter extension would swallow the whole page without a word.
func (r *mdRun) frontMatterClosed() bool {
	delim := func(line []byte) int {
		line = bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
		if len(line) < 3 || len(bytes.Trim(line, "-")) != 0 {
			return 0
		}
		return len(line)
	}
	lines := bytes.SplitAfter(r.src, []byte("\n"))
	open := delim(lines[0])
	if open == 0 {
		return true
	}
	for _, l := range lines[1:] {
		if delim(l) == open {
			return true
		}
	}
	return false
}

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
		Fragment:   b.View.Fragment(),
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

// headingIDs gives headings ids that keep letters and digits of every script, so a Chinese
// heading gets a readable anchor ("方法-说明") where goldmark's default would drop it to
// "heading". It implements goldmark's parser.IDs. Ids depend only on the headings before them,
// so the same page always gets the same ids.
type headingIDs struct {
	used map[string]bool
}

var _ parser.IDs = (*headingIDs)(nil)

func newHeadingIDs(reserved []string) *headingIDs {
	s := &headingIDs{used: map[string]bool{}}
	for _, id := range reserved {
		s.used[id] = true
	}
	return s
}

// Generate lowercases the text, keeps letters, digits and combining marks, turns every run of
// anything else into one '-', and numbers repeats: "Setup", "Setup" give "setup", "setup-1".
func (s *headingIDs) Generate(value []byte, kind ast.NodeKind) []byte {
	var b strings.Builder
	dash := false
	for _, c := range string(value) {
		switch {
		case unicode.IsLetter(c) || unicode.IsDigit(c):
		case unicode.Is(unicode.M, c) && b.Len() > 0 && !dash:
			// a combining mark belongs to the letter before it (Devanagari vowel signs)
		default:
			dash = b.Len() > 0
			continue
		}
		if dash {
			b.WriteByte('-')
			dash = false
		}
		b.WriteRune(unicode.ToLower(c))
	}
	id := b.String()
	if id == "" {
		id = "section"
		if kind != ast.KindHeading {
			id = "id"
		}
	}
	if !s.used[id] {
		s.used[id] = true
		return []byte(id)
	}
	for i := 1; ; i++ {
		if c := id + "-" + strconv.Itoa(i); !s.used[c] {
			s.used[c] = true
			return []byte(c)
		}
	}
}

// Put marks an id as taken.
func (s *headingIDs) Put(value []byte) { s.used[string(value)] = true }

// kindChart is the AST kind of a chart block placeholder.
var kindChart = ast.NewNodeKind("FrontierChart")

// chartNode replaces a valid chart block in the tree.
type chartNode struct {
	ast.BaseBlock
	ref  ChartRef
	href string
}

func (n *chartNode) Kind() ast.NodeKind { return kindChart }

func (n *chartNode) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Slug": n.ref.Slug, "Fragment": n.ref.Fragment}, nil)
}

// pageHTML renders what Frontier does differently from goldmark's HTML renderer: headings with
// anchor links, raw HTML as visible text, and chart placeholders.
type pageHTML struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (pageHTML) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindHeading, renderHeading)
	reg.Register(ast.KindHTMLBlock, renderHTMLBlock)
	reg.Register(ast.KindRawHTML, renderRawHTML)
	reg.Register(kindChart, renderChart)
}

func renderHeading(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Heading)
	id := ""
	if v, ok := n.AttributeString("id"); ok {
		id, _ = v.(string)
	}
	if entering {
		fmt.Fprintf(w, `<h%d id="%s">`, n.Level, html.EscapeString(id))
		return ast.WalkContinue, nil
	}
	fmt.Fprintf(w, `<a class="anchor" href="#%s" aria-label="Link to this section">#</a></h%d>`+"\n", html.EscapeString(id), n.Level)
	return ast.WalkContinue, nil
}

// renderHTMLBlock shows an HTML block as code: the author sees it was not rendered, the reader
// sees what was meant. HTML comments are dropped, since authors use them for notes to themselves.
func renderHTMLBlock(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.HTMLBlock)
	if !entering || n.HTMLBlockType == ast.HTMLBlockType2 {
		return ast.WalkSkipChildren, nil
	}
	_, _ = w.WriteString(`<pre class="raw-html"><code>`)
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		_, _ = w.WriteString(html.EscapeString(string(seg.Value(src))))
	}
	if n.HasClosure() {
		_, _ = w.WriteString(html.EscapeString(string(n.ClosureLine.Value(src))))
	}
	_, _ = w.WriteString("</code></pre>\n")
	return ast.WalkSkipChildren, nil
}

// renderRawHTML shows inline HTML ("<b>") as the text the author typed.
func renderRawHTML(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	if raw := rawHTML(node.(*ast.RawHTML), src); !bytes.HasPrefix(raw, []byte("<!--")) {
		_, _ = w.WriteString(html.EscapeString(string(raw)))
	}
	return ast.WalkSkipChildren, nil
}

// rawHTML is the source text of an inline HTML node, which may span lines.
func rawHTML(n *ast.RawHTML, src []byte) []byte {
	var raw []byte
	for i := 0; i < n.Segments.Len(); i++ {
		seg := n.Segments.At(i)
		raw = append(raw, seg.Value(src)...)
	}
	return raw
}

// renderChart writes the placeholder the page script turns into a live chart: the data
// attributes say which page's data and view, the link opens the same view on the chart page.
func renderChart(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*chartNode)
	e := html.EscapeString
	fmt.Fprintf(w, `<figure class="chart-block" data-model="%s" data-sequence="%s" data-slug="%s" data-fragment="%s">`,
		e(n.ref.Model), e(n.ref.Sequence), e(n.ref.Slug), e(n.ref.Fragment))
	// The chart and its HTML legend (templates/script/legend.js), side by side or stacked.
	fmt.Fprintf(w, `<div class="chart-wrap"><div class="chart" style="height:%dpx"></div><div class="chart-legend"></div></div><figcaption>`, n.ref.Height)
	if n.ref.Title != "" {
		fmt.Fprintf(w, `<span class="chart-title">%s</span> `, e(n.ref.Title))
	}
	fmt.Fprintf(w, `<a href="%s">Open the full chart</a></figcaption></figure>`+"\n", e(n.href))
	return ast.WalkContinue, nil
}
