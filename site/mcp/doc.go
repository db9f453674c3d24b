// Package mcp serves a built Frontier site to AI agents over the Model Context Protocol: the
// tools of `frontier mcp` (list_pages, get_points, best_at, compare, slo_picks, get_evals,
// history, diff), each with a JSON Schema for its input and its output.
//
// It reads only the site's published files, starting from /api/v1/index.json and following
// the URLs that file gives (the views, data.json, page.json, compare.json, the history and the
// evaluations, every one described by /api/v1/openapi.json), through a Source: a folder (an
// fs.FS) or a published site's URL (HTTP, restricted to that URL's path). It fetches lazily,
// keeps what it fetched for the session and never writes anything.
//
// Its answers are the site's own numbers, computed by the code that built them: frontiers by
// package pareto, a frontier read at an x by page.Curve (the one rule of every page: a GPU
// across all its configurations, a configuration on its own), the compare numbers read from
// compare.json and worded by package render's compare sentences,
// an older date's view by history.SnapshotJSON. Every answer carries the URL of the page, with
// the fragment (fragment.View's writer, the page script's twin) that shows the same view.
//
// Each tool is a file of its own, named for what it answers (points.go is get_points, slo.go
// slo_picks, evals.go get_evals ...); source.go reads the site, server.go registers the tools.
package mcp
