// Package render turns assembled chart pages, the author's markdown pages and the config into
// the files of the site: chart options (package charts) through html/template, the home page,
// the feed, the sitemap, the downloads (data.json, data.csv) and the content-hashed assets.
//
// Its contract: Pages in, files out to an output.Writer, nothing read but the templates (the
// site's own over the embedded ones) and what it is given. It knows nothing of data files or of
// how pages were assembled (package pipeline drives it, one chart page at a time as each is
// assembled, then Render for the rest); the same Pages and config give the same bytes. Every
// template problem, parsing or executing, comes back as problem.Problems naming the template
// file and line (templateProblems, the one place that reads template errors).
//
// Page, Snapshot and PageSeries are the page model both sides share: the pipeline fills them,
// render only reads them (but for the headlines it keeps on a Page, KeepHeadlines).
package render
