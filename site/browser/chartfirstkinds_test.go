package browser_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
)

// ownExampleSite is the repository's own example (data/ with frontier.toml), as `make build`
// builds it, shared by the tests of one run.
func ownExampleSite(t testing.TB, b *browsertest.Browser) (*site.Files, string) {
	t.Helper()
	echarts, cfg := testsite.RealECharts(t), ownExampleConfig(t)
	return browsertest.Shared(b, t, "own-example", "/", func() (*site.Files, error) {
		files := &site.Files{}
		_, err := site.Build(site.Input{Data: os.DirFS("../../data"), ECharts: echarts, Config: cfg}, files)
		return files, err
	})
}

// chartFirstKinds are a page of each kind that has a chart, with the chart's element: the
// chart page (plain, and with an overlay of an earlier date), a compare page, the embed, and
// an agentic page and its compare page.
var chartFirstKinds = []struct{ path, chart string }{
	{"deepseek-v4-pro/8k-1k/", "#chart"},
	{"deepseek-v4-pro-restated/8k-1k/#compare=2026-06-12", "#chart"},
	{"deepseek-v4-pro/8k-1k/compare/b200-vs-b300/", "#versus-chart"},
	{"deepseek-v4-pro/8k-1k/embed/", "#chart"},
	{"deepseek-v4-pro/agentic-coding/", "#chart"},
	{"deepseek-v4-pro/agentic-coding/compare/b200-vs-b300/", "#versus-chart"},
}

// TestBrowserChartFirstOnEveryPageKind: on the example as `make build` builds it, each page
// kind's chart starts in the top 45% of a 360×740 and a 390×844 phone and of a 1400×900
// screen, and the page is no wider than the screen.
func TestBrowserChartFirstOnEveryPageKind(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := ownExampleSite(t, b)
	for _, k := range chartFirstKinds {
		t.Run(k.path, func(t *testing.T) {
			t.Parallel()
			p := b.OpenAs(t, root+k.path, chartFirstScreens[0])
			defer p.Close()
			p.WaitDrawn(k.chart)
			for _, d := range chartFirstScreens {
				p.Resize(d)
				var got struct{ Top, Width float64 }
				p.Eval(fmt.Sprintf(`({Top: document.querySelector(%q).getBoundingClientRect().top + scrollY, Width: document.documentElement.scrollWidth})`, k.chart), &got)
				t.Logf("%dx%d: chart top %.0f px (limit %.0f)", d.Width, d.Height, got.Top, 0.45*float64(d.Height))
				if limit := 0.45 * float64(d.Height); got.Top > limit {
					t.Errorf("%dx%d: the chart starts at %.0f px, want within the top 45%% (%.0f px)", d.Width, d.Height, got.Top, limit)
				}
				if int64(got.Width) > d.Width {
					t.Errorf("%dx%d: the page is %.0f px wide", d.Width, d.Height, got.Width)
				}
			}
			p.NoErrors()
		})
	}
}

// legendFold is what a phone's reader sees of the main chart's legend: how many entries there
// are, how many lie wholly inside the box's visible area, what the count at its foot says,
// and whether the box scrolls inside itself.
type legendFold struct {
	Entries, Visible int
	Covered          int // entries in reach whose foot the count covers (none: the tap means the count)
	More             string
	Scrolls          bool
}

const legendFoldJS = `(() => {
  const box = document.getElementById("chart-legend");
  const more = box.querySelector(".legend-more");
  const r = box.getBoundingClientRect();
  const foot = more && box.classList.contains("folded") ? more.getBoundingClientRect().top : r.bottom;
  const entries = [...box.querySelectorAll("button[data-name]")];
  const visible = entries.filter((e) => { const b = e.getBoundingClientRect(); return b.top >= r.top - 1 && b.bottom <= foot + 1 && b.height > 0; });
  const covered = entries.filter((e) => { const b = e.getBoundingClientRect(); return getComputedStyle(e).visibility !== "hidden" && b.top < r.bottom && b.bottom > foot + 1; });
  return {Entries: entries.length, Visible: visible.length, Covered: more && box.classList.contains("folded") ? covered.length : 0, More: more ? more.textContent : "",
    Scrolls: getComputedStyle(box).overflowY !== "visible" && box.scrollHeight > box.clientHeight + 1 && !box.classList.contains("folded")};
})()`

// TestBrowserPhoneLegendShowsEveryEntry: on a 390-px phone the seed page's 11 configurations
// do not fit the legend's box under the chart. Those out of sight are folded behind a count
// at the box's foot ("+N more: show all 11"), with N the entries a reader cannot see, never
// behind a box that scrolls with no sign of it; the count unfolds the box to show every entry,
// and the state survives ECharts taking over from the picture. On a wide screen the legend
// beside the chart is left as it is.
func TestBrowserPhoneLegendShowsEveryEntry(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := ownExampleSite(t, b)
	p := b.OpenAs(t, root+"deepseek-v4-pro/8k-1k/", chartFirstScreens[1])
	defer p.Close()
	p.WaitDrawn(chartSel)
	var folded legendFold
	p.Eval(legendFoldJS, &folded)
	t.Logf("folded: %+v", folded)
	if folded.Entries != 11 {
		t.Fatalf("the legend has %d entries, want the seed page's 11", folded.Entries)
	}
	if folded.Scrolls {
		t.Error("the legend's box scrolls inside itself")
	}
	if folded.Covered != 0 {
		t.Errorf("%d entries in reach lie under the count, a tap target it covers (Lighthouse's target-size)", folded.Covered)
	}
	if hidden := folded.Entries - folded.Visible; hidden == 0 || folded.More != fmt.Sprintf("+%d more: show all 11", hidden) {
		t.Errorf("%d of 11 entries out of sight, the count says %q", hidden, folded.More)
	}
	p.Click("#chart-legend .legend-more")
	var open legendFold
	p.Eval(legendFoldJS, &open)
	if open.Visible != 11 || open.Scrolls || open.More != "Show fewer" {
		t.Errorf("unfolded: %+v, want all 11 in sight, no inner scrolling, and a Show fewer button", open)
	}
	p.WaitChart(chartSel) // reaches for it: ECharts takes over and draws the legend again
	var live legendFold
	p.Eval(legendFoldJS, &live)
	if live.Visible != 11 {
		t.Errorf("after ECharts took over: %+v, want the legend still unfolded", live)
	}
	p.Resize(chartFirstScreens[2])
	var wide legendFold
	p.Eval(legendFoldJS, &wide)
	if wide.More != "" {
		t.Errorf("on a wide screen the legend has a count %q, want none", wide.More)
	}
	p.NoErrors()
}
