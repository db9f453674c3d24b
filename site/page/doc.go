// Package page is what a chart page is, apart from how any consumer writes it: the page model
// (Page, its Snapshots and their PageSeries) and the one rule every consumer reads a frontier at
// an x with (docs/chart-page.md, "A frontier's value at an interactivity": Curve, Derived,
// Round), which the leaders table, the compare pages, the overview, the home page's headline,
// the service-level picks, the history's trend, the cards, the API and every `frontier mcp`
// tool share.
//
// Its contract: package pipeline assembles a Page; every other package only reads it. It
// imports no renderer and no html/template, so the renderer (package render), the history, the
// data API (package api) and `frontier mcp` each import it and none of them imports another to
// know what a page is.
//
// One field is not the model's: Page.Drawn is the renderer's own state of the page (the home
// page's figures and leaders, the overview's GPU values), opaque here. It lives on the page
// rather than in a table the renderer keeps because its lifetime is the page's: the preview's
// Builder hands an unchanged page back as the same Page on the next build, with a new
// Renderer, and the figures it read then still hold; a table keyed by page would have to be
// carried from Renderer to Renderer and pruned of the pages a build drops.
//
// It holds the page data's JSON types that are pure data (wire.go) and data.json's shape
// (Downloads): `frontier mcp` reads a built site's page.json and data.json through them, the
// renderer writes through them or, where writing needs its own state, through types whose
// shape they are (TestDownloadsReadsData in package site checks data.json's).
//
// And it holds Metrics, the one table of the page's y metrics and columns and their roles:
// the input metric each reads or how it is derived, whether every page offers it, whether it
// is priced and by which throughput, and whether lower is better. The page script keeps its
// own copies of the roles (format.js COST_BASE, model.js' tokens per MW), checked against the
// table by a twins test under node (TestPageScriptReadsTheTable) rather than generated from it:
// a generated module would change the committed bundle, and so every built site's script, each
// time the generator's output did, while the test costs nothing at build time, needs no step
// in `make deps`, and checks the script's behaviour (the values yValues computes for every
// row), not only its constants.
package page
