package markdown

// The HTML Frontier writes differently from goldmark's renderer: headings with anchor links, raw
// HTML as visible text, and chart placeholders.

import (
	"bytes"
	"fmt"
	"html"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

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
