// Package site builds a Frontier site: Build takes an Input (the data folder and the site's
// templates as fs.FS, the config, the ECharts script) and writes every file of the site to a
// Writer (files out); a Builder does the same again and again for the preview, redrawing only
// the chart pages a save changed. It is the small facade cmd/frontier and package preview use:
// each name here is an alias of the package that does the work, which are, in stage order:
//
//   - config (package config): frontier.toml over the defaults, and the Input a build reads;
//   - input (package input): walk the data folder, decode and validate every benchmark file
//     (InferenceX views and raw results), the changelog and the static files;
//   - markdown (package markdown): the author's pages, their chart blocks and chart notes;
//   - the pipeline (package pipeline): group the files into chart pages, then on all cores
//     assemble each (snapshots, points deduplicated by id, every series' frontier through
//     package pareto) and hand it to the renderer as soon as it is ready;
//   - render (package render): each chart page (options from package charts, html/template,
//     the page data the page script reads, the downloads), then the home page, the markdown
//     pages, the feed, the sitemap and the content-hashed assets;
//   - write (package output): into memory (Files, an fs.FS) or into a folder swapped in whole
//     (DirWriter).
//
// Every problem with the author's input (data, markdown, config, templates) comes back as
// Problems (package problem), all of them at once, each naming its file and place. None of the
// packages above imports this one; package preview, the live preview, is built on it.
package site
