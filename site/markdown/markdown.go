package markdown

// Rendering one markdown file (RenderMarkdown): goldmark parses it with the front matter
// (frontmatter.go), one walk over the tree resolves links and chart blocks (transform.go), and
// Frontier's own node renderers write the HTML (html.go). mdRun is one file's render, with its
// problems and their lines.

import (
	"bytes"
	"cmp"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/frontier-bench/frontier/site/problem"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
	"go.abhg.dev/goldmark/frontmatter"
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
	Fragment string // View.String(), without '#'
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
