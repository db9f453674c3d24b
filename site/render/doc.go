// Package render turns assembled chart pages, the author's markdown pages and the config into
// the files of the site: each chart page (its option from package charts, html/template, the
// page data the page script reads, its embed and downloads; its history, as dated rows, is
// package history's), then the home page, the markdown pages, the 404 page, the feed, the
// sitemap, robots.txt, llms.txt and the content-hashed assets. With a base URL that has a
// host, the home and each chart page also get their link-preview card (og:image), drawn by
// package card.
//
// Its contract: Pages in, files out to an output.Writer, nothing read but the templates (the
// site's own over the embedded ones) and what it is given. It knows nothing of data files or of
// how pages were assembled: package pipeline makes a Renderer (New), hands it each chart page
// as soon as it is assembled (Renderer.Chart, on all cores), then has it write the rest
// (Renderer.Render); an incremental build first asks it to copy the pages whose inputs have
// not changed (Renderer.StartReuse, Reuse, Kept). The same Pages and config give the same
// bytes. Every template problem, parsing or executing, comes back as problem.Problems naming
// the template file and line (templateProblems, the one place that reads template errors).
//
// The page model is package page's (page.Page, Snapshot, PageSeries): the pipeline fills it,
// render only reads it, but for what it keeps of a page between stages and builds (the home
// page's figures, KeepHeadlines; the overview's GPU values), which it holds in page.Page.Drawn,
// a value of its own type no other package reads. PageData and SeriesData (wire.go) are the JSON the page script reads, the one
// place its shape is written down (the history's files are package history's: history.Index
// and the files it names); HistoryData is the shape of one older date derived from the rows
// (history.SnapshotJSON).
//
// Each page kind is a file of its own, its name the kind's (chartpage.go, compare.go,
// overview.go, home.go, feed.go ...): `go doc ./site/render` and the folder list them.
// pipeline.go is what the pipeline calls besides Chart and Render.
package render
