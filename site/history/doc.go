// Package history keeps a chart page's history: every row the page ever measured, stored once,
// from which any date's view is derived by the as-of rule, and the tables the trend chart and
// the change table read, so that what a reader downloads grows with what the view shows, not
// with the number of dates.
//
// What it takes in: a Page, one chart page (package page's page.Page: its snapshots, newest
// first, each a date and its configurations' points) with the page's point columns, the
// metrics the page offers and the reference interactivities; and the changelog's entries
// (input.Change). What it gives out: Write writes the files below beside the page and
// returns the Index the page data carries; Changes picks the changelog entries that name the
// page's configurations; SnapshotJSON reads a built page's history back and derives one date's
// view, for tests and tools that read it without a browser. It knows nothing of HTML,
// templates or languages: package render draws the pages and calls it.
//
// The files, beside the page (the Index names them):
//
//	history/index.json              the Index: every configuration (Config), the chunks, the
//	                                trend tables; the page's link to every row it measured
//	history/rows-<n>.json.gz        the rows, oldest first, cut at date boundaries into chunks
//	                                of about 800 rows, columnar (see Chunk), so a view fetches
//	                                only the chunks its date needs (Chunk.Needs)
//	history/trend-<metric>.json.gz  per configuration, on each date its rows changed, its
//	                                value at each reference interactivity (null where its
//	                                frontier does not reach it): the trend chart and the change
//	                                table, for one metric, without any row; and per GPU
//	                                the same for the frontier of the union of all its
//	                                configurations' points (best per GPU's line)
//
// A trend table reads {"metric": "tpPerGpu", "refX": [20, 50, ...], "dates": [oldest, ...],
// "lines": [[[dateIndex, v20, v50, ...], ...], ...], "gpus": {"b200": [[dateIndex, ...], ...]}},
// one line per configuration of the Index in its order and one per GPU by its key;
// "costPerMTok" is at $1 per GPU-hour and "tokPerMW" at 1 kW per GPU. A state whose frontier
// comes from repeated runs goes on with its run-to-run range at each reference in percent, by
// which the change table widens its threshold as `frontier diff` does (docs/verdicts.md); one
// of single runs ends with its values. Metrics
// whose tables would be equal (input and output throughput on a 1k/1k page) share one file,
// named by the first of them: the index names it for each (trendshare.go).
//
// The as-of rule (package input's rawsnap.go): on a date, each configuration shows, for each
// slot (one topology and concurrency of raw results; a whole dataset of the inference view),
// the rows of the newest date on or before it; an undated row is older than every date. asOf
// is the rule in Go; the page script's templates/script/asof.js is its twin, both held to the
// asOf cases of templates/script/testdata/twins.json (asof_test.go here, asof.test.js there).
//
// The JSON goes through encoding/json/v2 and jsontext, map keys sorted: the same page gives
// the same bytes. In an incremental build (the preview), a Cache keeps the derived pieces
// (gzipped chunks, trend tables and cells) by the digest of what each was made from, so a save
// re-derives only what it changed.
//
// One job per file: page.go (what it takes in), write.go (Write and the Cache), rows.go (the rows, each once), asof.go
// (the rule), chunk.go (a chunk's columnar JSON), trend.go (the trend tables), trendshare.go
// (one table for equal metrics), index.go (the Index and what it names), snapshot.go (a date's
// view read back), changes.go (the changelog).
package history
