// Package templates holds Frontier's page templates and static assets, embedded in the binary
// so that one file is a complete site generator. A site's own templates/ folder overrides any
// of these files by name.
//
// vendor/ holds echarts.min.js, the parts of ECharts the pages use (vendor/echarts.entry.js)
// bundled by `make deps` from the pinned npm package, and echarts.version, its version. Both are
// committed, so that `go install` gives a complete binary without Node.js; CI checks that
// regenerating them changes no byte. A binary built from a tree without the bundle finds
// ECharts' own dist build in the site's node_modules instead. vendor/ also holds Go's
// wasm_exec.js (and Go's licence), which runs "your run"'s decoder, assets/yourrun.wasm.gz.
package templates

import (
	"embed"
	"io/fs"
	"strings"
)

// FS holds the *.html templates, assets/ (style, page script, icon), vendor/ (ECharts) and
// i18n/ (one catalog of reader-facing strings per language).
//
//go:embed *.html assets vendor i18n
var FS embed.FS

// EChartsFile is where `make deps` puts ECharts inside FS.
const EChartsFile = "vendor/echarts.min.js"

// EChartsVersion is the version of the ECharts bundle in FS, or "" when the binary was built
// without one.
func EChartsVersion() string {
	if _, err := fs.Stat(FS, EChartsFile); err != nil {
		return ""
	}
	b, err := fs.ReadFile(FS, "vendor/echarts.version")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}
