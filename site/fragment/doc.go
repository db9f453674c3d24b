// Package fragment is the chart page's view as its URL fragment (docs/chart-page.md, "The view
// and its URL fragment"): View holds every key the page script reads, Parse reads a fragment
// and View.String writes one, in the page script's key order and escaping, so the same view
// gives the same link from Go and from templates/script/view.js. Chart blocks (site/markdown),
// frontier.toml's presets (site/pipeline), `frontier mcp`'s answers, compare pages, the
// overview and the feed all write their links through it.
//
// It is named for the string it reads and writes: "view" already names the inference-view
// format (site/input) and the data API's views (site/api). It knows no page: whether a page has
// a GPU, a snapshot or a price tier is its caller's check (render.CheckView and the presets'
// checks), as the page script's reader ignores what its page lacks.
//
// # Adding a key
//
// A key the page script reads is one field of View and one line of keys (fragment.go), at the
// place the script writes it: a text, a list or a flag, with the reader that checks a value
// and, where the script escapes a value otherwise than encodeURIComponent, its escaper. The
// twins tests then hold it to the script: twins_test.go fails until the key has a case in
// templates/script/testdata/twins.json that both sides read, and js_test.go, which runs the
// script under node, fails while view.js's LISTS, FLAGS or PRICES name a key the table lacks,
// and for any view or link the two write differently.
package fragment
