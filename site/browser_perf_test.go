package site_test

// Time to first chart: from navigation to the seed chart page's first ECharts `finished` event
// (the chart drawn, animation included), in a real headless Chromium. DESIGN.md's aim is under
// 500 ms on a 2-core machine; these report the figure and never assert on it.
//
//	go test -run TestTimeToFirstChart -v ./site/              # one cold load, logged
//	go test -run '^$' -bench TimeToFirstChart -benchtime 10x ./site/
//
// The harness pauses every request to check its host (internal/browsertest), which adds a
// little to each of the page's five requests; a static host serves them without that.

import (
	"bytes"
	"os"
	"testing"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
)

// firstChartHook wraps echarts.init before the page script runs, so the first `rendered` and
// `finished` events of the first chart are timed on the page's own clock (performance.now()
// counts from the start of navigation). It also notes when ECharts has been evaluated, which
// splits the time into loading ECharts and what the page script and the first draw take.
const firstChartHook = `<script>(function () {
  window.__echarts_ready = performance.now();
  var init = echarts.init;
  echarts.init = function () {
    var c = init.apply(this, arguments);
    ["rendered", "finished"].forEach(function (ev) {
      c.on(ev, function once() {
        c.off(ev, once);
        var k = "__first_" + ev;
        if (window[k] == null) window[k] = performance.now();
      });
    });
    return c;
  };
})();</script>
`

// firstChartTimes are the milliseconds from navigation start to each milestone of one load.
type firstChartTimes struct {
	ECharts, Rendered, Finished, DOMContentLoaded, Load float64
}

// firstChartSite builds the example site with the real ECharts and the hook in the seed page.
func firstChartSite(tb testing.TB) *site.Files {
	tb.Helper()
	echarts := testsite.RealECharts(tb)
	files := &site.Files{}
	if _, err := site.Build(site.Input{Data: os.DirFS("../data"), ECharts: echarts, Config: exampleConfig(tb)}, files); err != nil {
		tb.Fatal(err)
	}
	const page = "deepseek-v4-pro/8k-1k/index.html"
	html, _ := files.Get(page)
	at := bytes.Index(html, []byte(`<script src="/assets/frontier.`))
	if at < 0 || !bytes.Contains(html[:at], []byte(`<script src="/assets/echarts.`)) {
		tb.Fatalf("%s: want the ECharts script, then the page script", page)
	}
	hooked := append(append(append([]byte{}, html[:at]...), firstChartHook...), html[at:]...)
	files.WriteFile(page, hooked)
	return files
}

// loadFirstChart opens the seed page in a fresh tab (its own browser context: a cold cache, as
// a first visit) and reads the milestones once the first chart has finished.
func loadFirstChart(tb testing.TB, br *browsertest.Browser, root string) firstChartTimes {
	tb.Helper()
	p := br.Open(tb, root+"deepseek-v4-pro/8k-1k/")
	defer p.Close()
	p.WaitFor(`window.__first_finished != null`)
	var got firstChartTimes
	p.Eval(`(function () {
	  var n = performance.getEntriesByType("navigation")[0];
	  return {ECharts: window.__echarts_ready, Rendered: window.__first_rendered, Finished: window.__first_finished,
	          DOMContentLoaded: n.domContentLoadedEventEnd, Load: n.loadEventEnd};
	})()`, &got)
	return got
}

func TestTimeToFirstChart(t *testing.T) {
	br := browsertest.New(t)
	root := br.Serve(firstChartSite(t), "/")
	got := loadFirstChart(t, br, root)
	t.Logf("seed page, cold load: first chart finished at %.0f ms (ECharts evaluated %.0f ms, rendered %.0f ms; DOMContentLoaded %.0f ms, load %.0f ms); aim < 500 ms",
		got.Finished, got.ECharts, got.Rendered, got.DOMContentLoaded, got.Load)
}

// BenchmarkTimeToFirstChart reports the mean time to the first chart's `finished` event over
// b.N cold loads, as first-chart-ms (ns/op is the harness's time per load and means little).
func BenchmarkTimeToFirstChart(b *testing.B) {
	br := browsertest.New(b)
	root := br.Serve(firstChartSite(b), "/")
	var sum firstChartTimes
	for range b.N {
		got := loadFirstChart(b, br, root)
		sum.ECharts += got.ECharts
		sum.Finished += got.Finished
		sum.Rendered += got.Rendered
		sum.DOMContentLoaded += got.DOMContentLoaded
	}
	n := float64(b.N)
	b.ReportMetric(sum.Finished/n, "first-chart-ms")
	b.ReportMetric(sum.Rendered/n, "first-render-ms")
	b.ReportMetric(sum.ECharts/n, "echarts-ready-ms")
	b.ReportMetric(sum.DOMContentLoaded/n, "dcl-ms")
}
