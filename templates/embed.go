// Package templates holds Frontier's page templates and static assets, embedded in the binary
// so that one file is a complete site generator. A site's own templates/ folder overrides any
// of these files by name.
//
// vendor/ receives echarts.min.js from `make deps`: the parts of ECharts the pages use
// (vendor/echarts.entry.js), bundled from the pinned npm package and never committed. A binary
// built before that finds ECharts' own dist build in the site's node_modules instead.
package templates

import "embed"

// FS holds the *.html templates, assets/ (style, page script, icon) and vendor/ (ECharts, when installed).
//
//go:embed *.html assets vendor
var FS embed.FS

// EChartsFile is where `make deps` puts ECharts inside FS.
const EChartsFile = "vendor/echarts.min.js"
