// Package site builds a Frontier site: Build takes the data folder, the templates and the
// config (Input, fs.FS in) and writes every file of the site to a Writer (files out); Builder
// does the same for the preview, rebuilding only what a save changed. It is the small facade
// cmd/frontier uses, over the packages that do the work, in stage order:
//
//   - config (package config): frontier.toml, and the Input a build reads;
//   - input (package input): walk the data folder, read each file's page, decode and validate;
//   - markdown (package markdown): render the author's pages and chart blocks;
//   - the pipeline (package pipeline): group datasets into pages and snapshots, deduplicate
//     points by id, compute each series' frontier (package pareto), one page at a time on all
//     cores, handing each to the renderer as soon as it is assembled;
//   - render (package render): chart options (package charts), html/template, the home page,
//     the feed, the sitemap, the downloads and the content-hashed assets;
//   - write (package output): into memory (Files) or a folder swapped in whole (DirWriter).
//
// Every problem with the author's input (data, markdown, config, templates) comes back as
// Problems, all of them at once, each naming its file and place. The packages below know
// nothing of this one; preview and links sit above it.
package site
