package preview

import (
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
)

// fakeECharts stands in for ECharts in builds whose pages no browser opens.
var fakeECharts = testsite.FakeECharts

// build builds a site from an inline data folder into memory.
func build(t *testing.T, data fstest.MapFS, cfg site.Config) (*site.Files, *site.Report, error) {
	t.Helper()
	files := &site.Files{}
	rep, err := site.Build(site.Input{Data: data, Config: cfg, ECharts: fakeECharts}, files)
	return files, rep, err
}

// seedFS is the example site's dataset alone.
func seedFS(t *testing.T) fstest.MapFS {
	return testsite.SeedFS(t)
}
