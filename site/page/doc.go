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
package page
