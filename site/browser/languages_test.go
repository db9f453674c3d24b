package browser_test

// Languages (issue 28) in a reader's browser: the example site built with languages = ["en",
// "zh"], its Chinese chart page read as a reader's browser shows it.

import (
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
)

// TestBrowserChineseChartPage opens /zh/deepseek-v4-pro/8k-1k/ of the example built in
// English and Chinese: <html lang="zh">, Chinese headings, hreflang alternates of both
// languages and x-default, a language switch to the English page, and a chart with the same
// series and points as the English page's.
func TestBrowserChineseChartPage(t *testing.T) {
	b := browsertest.New(t)
	cfg, ps := site.ParseConfig("frontier.toml", testsite.ExampleConfig(t))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	cfg.Languages = []string{"en", "zh"}
	cfg.BaseURL = "https://bench.example/" // the alternates are absolute URLs, written only with a host
	root := b.Serve(buildForBrowser(t, testsite.ExampleData(t), cfg), "/")
	const page = "deepseek-v4-pro/8k-1k/"

	zh := b.Open(t, root+"zh/"+page)
	var lang, h2s, alternates, sw string
	zh.Eval(`document.documentElement.lang`, &lang)
	if lang != "zh" {
		t.Errorf("<html lang> = %q, want zh", lang)
	}
	zh.Eval(`[...document.querySelectorAll("main h2")].map((h) => h.textContent).join("|")`, &h2s)
	for _, want := range []string{"每 GPU 最佳配置", "参考交互性下的领先者", "数据点"} {
		if !strings.Contains(h2s, want) {
			t.Errorf("headings %q lack %q", h2s, want)
		}
	}
	zh.Eval(`[...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => l.hreflang + "=" + new URL(l.href).pathname).join(" ")`, &alternates)
	if want := "en=/" + page + " zh=/zh/" + page + " x-default=/" + page; alternates != want {
		t.Errorf("alternates %q, want %q", alternates, want)
	}
	zh.Eval(`(() => { const a = document.querySelector('.langs a[hreflang="en"]'); return a ? new URL(a.href).pathname + " " + a.lang : ""; })()`, &sw)
	if want := "/" + page + " en"; sw != want {
		t.Errorf("the switch's English link: %q, want %q", sw, want)
	}
	zhState := zh.ChartState("#chart")
	zh.NoErrors()

	en := b.Open(t, root+page)
	enState := en.ChartState("#chart")
	en.NoErrors()
	if len(zhState.Series) == 0 || len(zhState.Series) != len(enState.Series) {
		t.Fatalf("zh chart has %d series, en %d", len(zhState.Series), len(enState.Series))
	}
	for i, s := range zhState.Series {
		e := enState.Series[i]
		if s.Name != e.Name || s.Type != e.Type || len(s.Points) != len(e.Points) {
			t.Errorf("series %d: zh %s, en %s", i, s, e)
		}
	}

	// The switch keeps the bar one row: the Chinese chart is in a phone's first screen too.
	for _, d := range chartFirstScreens {
		p := b.OpenAs(t, root+"zh/"+page, d)
		p.WaitDrawn(chartSel)
		var s firstScreen
		p.Eval(firstScreenJS, &s)
		if limit := 0.45 * float64(d.Height); s.ChartTop > limit || int64(s.Width) > d.Width {
			t.Errorf("zh at %dx%d: chart top %.0f px (limit %.0f), page %d px wide", d.Width, d.Height, s.ChartTop, limit, s.Width)
		}
		p.Close()
	}
}
