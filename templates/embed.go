// Package templates holds Frontier's page templates and static assets, embedded in the binary
// so that one file is a complete site generator. A site's own templates/ folder overrides any
// of these files by name.
//
// vendor/ receives echarts.common.min.js from `make deps` (it is never committed); a binary
// built before that finds ECharts in the site's node_modules instead.
package templates

import "embed"

// FS holds the *.html templates, assets/ (style, page script, icon) and vendor/ (ECharts, when installed).
//
//go:embed *.html assets vendor
var FS embed.FS

// EChartsFile is where `make deps` puts ECharts inside FS.
const EChartsFile = "vendor/echarts.common.min.js"
