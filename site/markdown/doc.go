// Package markdown renders the author's pages: LoadMarkdown takes every data/<path>.md (drafts
// left out) through goldmark (GFM, heading ids readable in any script, YAML front matter; raw
// HTML shown as text, never run) into a MarkdownPage, with links to other .md files made page
// links (a link to a page that is not built is an error) and each ```chart block parsed into a
// ChartBlock whose View (site/fragment) is the same view state the chart page keeps in its URL
// fragment.
//
// Its contract: a file's bytes in, the page and every problem with its line out, all at once.
// It knows nothing of datasets or of the site's templates; which model and sequence a block
// names is checked by the build, which knows the pages.
//
// RenderMarkdown (markdown.go) renders one file: the front matter (frontmatter.go), one walk over
// the parsed tree for links, chart blocks and the title and description defaults
// (transform.go), heading ids (headingids.go), and Frontier's own HTML for headings, raw HTML
// and chart placeholders (html.go). chartblock.go parses a chart block; pages.go reads the
// folder.
package markdown
