package pipeline

import (
	"encoding/json"
	"github.com/frontier-bench/frontier/site/page"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/output"
	"github.com/frontier-bench/frontier/site/problem"
)

// The names the pipeline's tests use for what lives in the packages below it, as package site
// spells them, so that a test reads the same here and there.
type (
	Input      = config.Input
	Config     = config.Config
	Files      = output.Files
	Page       = page.Page
	PageSeries = page.PageSeries
	Problems   = problem.Problems
)

// DefaultConfig is the configuration of a site without frontier.toml.
func DefaultConfig() Config { return config.DefaultConfig() }

// fakeECharts stands in for ECharts in builds whose pages no browser opens.
var fakeECharts = testsite.FakeECharts

// build builds a site from an inline data folder into memory.
func build(t *testing.T, data fstest.MapFS, cfg Config) (*Files, *Report, error) {
	t.Helper()
	files := &Files{}
	rep, err := Build(Input{Data: data, Config: cfg, ECharts: fakeECharts}, files)
	return files, rep, err
}

// seedFS is the example site's data folder.
func seedFS(t *testing.T) fstest.MapFS { return testsite.SeedFS(t) }

// scriptJSON returns the JSON inside <script type="application/json" id="ID"> of a page.
func scriptJSON(t *testing.T, html []byte, id string) []byte { return testsite.ScriptJSON(t, html, id) }

// jsonString is s as a JSON string.
func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
