package site_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/corpus"
	"github.com/frontier-bench/frontier/site"
)

// TestYearScaleDetailChunks: on the year-scale page (internal/corpus: 100 configurations
// re-run weekly at 8 concurrencies, 800 points in the newest snapshot), a first open of a
// point's detail fetches one chunk of at most 60 KB gzipped (docs/development.md), whichever point, and
// the page data names every series' chunk.
func TestYearScaleDetailChunks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the year-scale corpus")
	}
	dir, err := corpus.CachedYear(filepath.Join(os.TempDir(), "frontier-bench-corpus"), 1, benchSeed)
	if err != nil {
		t.Fatal(err)
	}
	files := &site.Files{}
	if _, err := site.Build(site.Input{Data: os.DirFS(dir), Config: site.DefaultConfig(), ECharts: []byte("/* echarts */")}, files); err != nil {
		t.Fatal(err)
	}
	const page = "deepseek-r1-0528/1k-1k/"
	n, total := 0, 0
	for _, name := range files.Names() {
		if !strings.HasPrefix(name, page+"detail-") {
			continue
		}
		b, _ := files.Get(name)
		n++
		total += len(b)
		if len(b) > 60_000 {
			t.Errorf("%s is %d bytes gzipped: a first open would fetch more than 60 KB", name, len(b))
		}
		t.Logf("%s: %d bytes gzipped", name, len(b))
	}
	if n < 2 {
		t.Errorf("%d detail chunks for 800 points, want several", n)
	}
	html, _ := files.Get(page + "index.html")
	if !strings.Contains(string(html), `"detail":{"files":["detail-0.json.gz"`) {
		t.Errorf("the page data names no detail chunks")
	}
	t.Logf("%d chunks, %d bytes gzipped in all", n, total)
}
