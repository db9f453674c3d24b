package browser_test

// Languages (issue 28) in a reader's browser: the example site built with languages = ["en",
// "zh"], its Chinese chart page read as a reader's browser shows it.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/browsertest"
)

// TestBrowserChineseChartPage opens /zh/deepseek-v4-pro/8k-1k/ of the example built in
// English and Chinese: <html lang="zh">, Chinese headings, hreflang alternates of both
// languages and x-default, a language switch to the English page, and a chart with the same
// series and points as the English page's.
func TestBrowserChineseChartPage(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := hostedSite(t, b) // the alternates are absolute URLs, written only with a host
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

// clippedJS lists, on the whole page, every control label, button, legend entry, table header
// and select whose text does not fit its box (scrollWidth past clientWidth by more than a
// pixel): a Chinese label cut short, or sticking out, by a box sized for English.
const clippedJS = `(() => {
  const out = [];
  for (const el of document.querySelectorAll("label, button, select, th, .chart-legend li, .chart-legend button, .ctl .title, nav a, .langs a")) {
    const cs = getComputedStyle(el);
    // Not shown, inline (no box of its own), or visually hidden for screen readers on purpose.
    if (!el.getClientRects().length || cs.display === "inline" || cs.clipPath !== "none" || el.clientWidth <= 1) continue;
    if (el.scrollWidth > el.clientWidth + 1) out.push(el.tagName.toLowerCase() + (el.className ? "." + el.className : "") + " " + JSON.stringify(el.textContent.trim().slice(0, 40)) + " " + el.scrollWidth + ">" + el.clientWidth);
  }
  return out;
})()`

// TestBrowserChineseLayout: the Chinese chart page, a Chinese page with history and the Chinese
// home, laid out in a CJK font on a 360-px phone and at 1400×900: never wider than the screen,
// no label, button, legend entry or table header cut or sticking out of its box, no chart text
// (axis names, title) over another, the snapshot menu's dates written the Chinese way
// (values still ISO, for the fragment's date=), and the home's markdown chart block in Chinese.
func TestBrowserChineseLayout(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := hostedSite(t, b)
	for _, d := range []browsertest.Device{browsertest.Phone, {Width: 1400, Height: 900}} {
		for _, path := range []string{"zh/deepseek-v4-pro/8k-1k/", "zh/deepseek-r1-0528/1k-1k/", "zh/"} {
			t.Run(fmt.Sprintf("%s@%d", path, d.Width), func(t *testing.T) {
				t.Parallel()
				p := b.OpenAs(t, root+path, d)
				defer p.Close()
				sel := chartSel
				if path == "zh/" {
					sel = ".chart-block .chart"
				}
				p.Eval(`document.querySelector(`+js(sel)+`).scrollIntoView({block: "center", behavior: "instant"})`, nil)
				p.WaitChart(sel)
				if path != "zh/" {
					showPoints(p)
				} else {
					// A markdown chart block draws the Chinese page's page.json: its names are Chinese.
					var yName string
					p.Eval(`echarts.getInstanceByDom(document.querySelector(`+js(sel)+`)).getOption().yAxis[0].name`, &yName)
					if !strings.Contains(yName, "每 GPU") {
						t.Errorf("the home's chart block names its y axis %q, want the Chinese name", yName)
					}
				}
				var got struct {
					Width, Inner int
					Clipped      []string
					Dates        []string
				}
				p.Eval(`({Width: document.documentElement.scrollWidth, Inner: innerWidth, Clipped: `+clippedJS+`,
  Dates: (() => {
    // The snapshot menu holds its older dates once a reader reaches for it (a press).
    const menu = document.getElementById("ctl-date");
    if (menu) menu.dispatchEvent(new Event("pointerdown"));
    return Array.from(document.querySelectorAll("#ctl-date option")).map((o) => o.value + "=" + o.textContent);
  })()})`, &got)
				if got.Width > got.Inner {
					t.Errorf("%d px wide on a %d-px screen", got.Width, got.Inner)
				}
				if len(got.Clipped) > 0 {
					t.Errorf("text that does not fit its box: %q", got.Clipped)
				}
				var boxes []textBox
				p.Eval(textBoxesJS+`(document.querySelector(`+js(sel)+`))`, &boxes)
				if len(boxes) < 3 {
					t.Errorf("%d texts in the chart, want its ticks and names", len(boxes))
				}
				if bad := overlaps(boxes); len(bad) > 0 {
					t.Errorf("chart texts overlap: %s", strings.Join(bad, "; "))
				}
				if path == "zh/deepseek-r1-0528/1k-1k/" {
					if len(got.Dates) < 2 {
						t.Fatalf("snapshot menu %q, want every date", got.Dates)
					}
					for _, o := range got.Dates {
						v, text, _ := strings.Cut(o, "=")
						y, m, _ := strings.Cut(v, "-")
						if len(v) != 10 || !strings.HasPrefix(text, y+"年"+strings.TrimPrefix(m[:2], "0")+"月") {
							t.Errorf("snapshot option %q: want an ISO value and a Chinese date", o)
						}
					}
				}
				p.NoErrors()
			})
		}
	}
}
