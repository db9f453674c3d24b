// Package markdown renders the author's pages: every data/<path>.md through goldmark (GFM,
// heading ids, YAML front matter; raw HTML shown as text, never run) into a MarkdownPage, links
// to other .md files made page links, and each ```chart block parsed into a ChartBlock whose
// ChartView is the same view state the chart page keeps in its URL fragment.
//
// Its contract: a file's bytes in, the page and every problem with its line out, all at once.
// It knows nothing of datasets or of the site's templates; which model and sequence a block
// names is checked by the build, which knows the pages.
package markdown
