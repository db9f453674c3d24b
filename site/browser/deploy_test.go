package browser_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
)

// deployedSite builds the example site (data/ plus the deploy tests' links page) for baseURL
// with the real ECharts, as `make build BASE_URL=...` would.
func deployedSite(t *testing.T, baseURL string) *site.Files {
	t.Helper()
	data := testsite.RealData(t)
	data["guides/links.md"] = &fstest.MapFile{Data: []byte(testsite.LinksPage)}
	cfg := exampleConfig(t)
	cfg.BaseURL = baseURL
	return buildForBrowser(t, data, cfg)
}

// chartSelector finds every chart of a page: the chart page's own and markdown chart blocks.
const chartSelector = "#chart, figure.chart-block .chart"

// TestDeployBrowserUnderSubPath serves the example site built for /repo/ under /repo/, as
// GitHub Pages serves a project site, and opens every page and a missing one: every chart
// draws, no request fails, and every request stays below /repo/.
func TestDeployBrowserUnderSubPath(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	files := deployedSite(t, "/repo/")
	root := b.Serve(files, "/repo/")
	if !strings.HasSuffix(root, "/repo/") {
		t.Fatalf("served at %s, want a URL ending in /repo/", root)
	}
	pages := []struct {
		path   string
		charts int // at least
	}{
		{"", 1}, // data/index.md has a chart block
		{"about/", 1},
		{"deepseek-v4-pro/8k-1k/", 1},
		{"guides/links/", 1},
		{"no/such/page/", 0}, // 404.html, served for a missing URL below the top
	}
	for _, pg := range pages {
		t.Run("repo/"+pg.path, func(t *testing.T) {
			t.Parallel()
			p := b.Open(t, root+pg.path)
			var n int
			p.Eval(fmt.Sprintf(`document.querySelectorAll(%q).length`, chartSelector), &n)
			if n < pg.charts {
				t.Errorf("%d charts on the page, want at least %d", n, pg.charts)
			}
			for i := range n {
				el := fmt.Sprintf(`document.querySelectorAll(%q)[%d]`, chartSelector, i)
				p.Eval(el+`.scrollIntoView(), true`, nil)
				// The reader's pointer reaches the chart: ECharts loads from under the sub-path.
				p.WaitFor(`(function (el) {
					var c = window.echarts && echarts.getInstanceByDom(el);
					if (!c) el.dispatchEvent(new PointerEvent("pointerover", {bubbles: true}));
					return c && c.getOption().series.length > 0 && el.querySelector("canvas");
				})(` + el + `)`)
			}
			var styled bool
			p.Eval(`Array.prototype.some.call(document.styleSheets, function (s) { return s.cssRules.length > 0; })`, &styled)
			if !styled {
				t.Error("the site's stylesheet did not load")
			}
			var urls []string
			p.Eval(`[location.href].concat(performance.getEntriesByType("resource").map(function (e) { return e.name; }))`, &urls)
			if len(urls) < 2 { // the page and at least its stylesheet
				t.Errorf("the page loaded only %v", urls)
			}
			for _, u := range urls {
				if !strings.HasPrefix(u, root) {
					t.Errorf("request outside /repo/: %s", u)
				}
			}
			errs := p.TakeErrors()
			for _, e := range errs {
				if pg.charts == 0 && strings.HasPrefix(e, "HTTP 404") && strings.HasSuffix(e, root+pg.path) {
					continue // the missing page itself: 404.html comes with status 404
				}
				t.Error(e)
			}
		})
	}
}
