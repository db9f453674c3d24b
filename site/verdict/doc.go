// Package verdict says whether a chart page's configurations got slower or faster between two
// builds, or between two dates of one page: each series' frontier read at the page's reference
// interactivities, old against new, and labelled regression, improvement, noise (within the
// threshold), insufficient (a reference the curves do not both reach), new or removed (a series
// on one side only), or, across dates, suspicious (a drop not yet repeated). docs/verdicts.md
// states the rule for readers.
//
// It knows no files, no HTTP and no HTML: `frontier diff`, the MCP server's diff tool and the
// history page hand it the two sides as plain values (Site, Page, Series) and write what it
// answers (Report, and its markdown in markdown.go). A frontier is read at an x by one rule,
// behind the seam in curve.go.
package verdict
