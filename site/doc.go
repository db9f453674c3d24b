// Package site builds a Frontier site: Build takes the data folder, the templates and the
// config (Input, fs.FS in) and writes every file of the site to a Writer (files out); Builder
// does the same for the preview, rebuilding only what a save changed. It is the facade
// cmd/frontier uses, and the pipeline under it, in stage order:
//
//   - input (package input): walk the data folder, read each file's page, decode and validate;
//   - markdown (package markdown): render the author's pages and chart blocks;
//   - assemble (assemble.go, pointids.go): group datasets into pages and snapshots,
//     deduplicate points by id, compute each series' frontier (package pareto);
//   - chart and render (chartpage.go, home.go, render.go): chart options (package charts) and
//     html/template, one page at a time on all cores (pipeline.go);
//   - write (package output): into memory (Files) or a folder swapped in whole (DirWriter).
//
// Every problem with the author's input (data, markdown, config, templates) comes back as
// Problems, all of them at once, each naming its file and place. The packages below know
// nothing of this one; preview and links sit above it.
package site
