package browser_test

// The chart page as a reader's browser measures it (docs/development.md, "Performance"):
// layout shift, main-thread blocking, element count, and width on a 360-px phone. The layout
// shift and blocking time come from PerformanceObservers started before the page's own
// scripts; the benchmark reports the blocking time with the CPU slowed 4×, a mid-range phone.
//
//	go test ./site/browser/ -run 'TestBrowserPhone|TestBrowserSteady' -v
//	go test -run '^$' -bench BlockingTime -benchtime 3x ./site/browser/

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/site"
)

// observeJS records, from the first byte, the layout shifts not caused by input (CLS) and the
// main thread's long tasks, for measureJS to sum.
const observeJS = `(function () {
  window.__cls = 0; window.__tasks = [];
  try {
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (e) { if (!e.hadRecentInput) window.__cls += e.value; });
    }).observe({ type: "layout-shift", buffered: true });
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (e) { window.__tasks.push({start: e.startTime, duration: e.duration}); });
    }).observe({ type: "longtask", buffered: true });
  } catch (e) {}
})();`

// measureJS reads what observeJS recorded and the document. Total blocking time is the
// metric's usual definition (Lighthouse's): each long task's part after the first contentful
// paint, less 50 ms; the window here runs on to the moment of measuring, past the page's
// time to interactive. TBTAll counts from navigation instead, the tasks before the first
// paint too.
const measureJS = `(() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const fcp = paint ? paint.startTime : 0;
  let tbt = 0, all = 0, longest = 0;
  for (const t of window.__tasks || []) {
    const end = t.start + t.duration;
    all += Math.max(0, t.duration - 50);
    longest = Math.max(longest, t.duration);
    if (end > fcp) tbt += Math.max(0, end - Math.max(t.start, fcp) - 50);
  }
  return {CLS: window.__cls || 0, TBT: tbt, TBTAll: all, Longest: longest, FCP: fcp,
    Elements: document.getElementsByTagName("*").length,
    Width: document.documentElement.scrollWidth,
    ChartHeight: (document.getElementById("chart") || {}).offsetHeight || 0};
})()`

// pageMeasure is what a reader's browser measured on one page once it settled.
type pageMeasure struct {
	CLS, TBT, TBTAll float64
	Longest, FCP     float64
	Elements         int
	Width            int // the document's scroll width, CSS pixels
	ChartHeight      int
}

// measure waits for the page's chart (when it has one) as a reader sees it before touching
// anything, and a quiet moment, then reads the observers and the document.
func measure(t testing.TB, p *browsertest.Page, chart bool) pageMeasure {
	t.Helper()
	if chart {
		p.WaitDrawn(chartSel)
	}
	// A quiet second: work the page deferred (idle callbacks, a lazily built table) has run.
	p.Eval(`new Promise(function (r) { setTimeout(r, 1000); })`, nil)
	var m pageMeasure
	p.Eval(measureJS, &m)
	return m
}

// examplePages are the site paths of every HTML page of the shared example site (exampleSite),
// embeds included.
func examplePages(t testing.TB, b *browsertest.Browser) (*site.Files, string, []string) {
	files, root := exampleSite(t, b)
	var pages []string
	for _, name := range files.Names() {
		if strings.HasSuffix(name, ".html") {
			pages = append(pages, strings.TrimSuffix(name, "index.html"))
		}
	}
	slices.Sort(pages)
	return files, root, pages
}

// steadyDevices are the screens a page's steadiness is measured on: the desktop and a 360-px
// phone, each observing layout shifts and long tasks from before the page's own scripts.
var steadyDevices = []struct {
	name string
	dev  browsertest.Device
}{
	{"wide", browsertest.Device{Init: observeJS}},
	{"phone", browsertest.Device{Width: browsertest.Phone.Width, Height: browsertest.Phone.Height, Mobile: true, Init: observeJS}},
}

// TestBrowserSteadySeedPage: the seed chart page does not move once drawn, wide or on a phone,
// and holds at most 800 elements before any interaction; its chart is a picture until the
// reader reaches for it, and ECharts then draws over it without moving anything either.
func TestBrowserSteadySeedPage(t *testing.T) {
	// Not side by side with the other tests (t.Parallel), as the steadiness a reader meets is
	// measured on a browser that loads nothing else.
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	for _, d := range steadyDevices {
		t.Run(d.name, func(t *testing.T) {
			p := b.OpenAs(t, root+seedPage, d.dev)
			m := measure(t, p, true)
			t.Logf("%s: CLS %.3f, TBT %.0f ms (longest task %.0f ms), %d elements, width %d px, chart %d px tall",
				d.name, m.CLS, m.TBT, m.Longest, m.Elements, m.Width, m.ChartHeight)
			if m.CLS > 0.02 {
				t.Errorf("cumulative layout shift %.3f, want at most 0.02", m.CLS)
			}
			if m.Elements > 800 {
				t.Errorf("%d elements, want at most 800", m.Elements)
			}
			var before struct {
				ECharts bool
				Picture int
			}
			p.Eval(`({ECharts: typeof echarts !== "undefined", Picture: document.querySelectorAll("#chart svg.chart-picture").length})`, &before)
			if before.ECharts || before.Picture != 1 {
				t.Errorf("before any interaction: ECharts loaded %v, %d pictures in the chart; want no ECharts and one picture", before.ECharts, before.Picture)
			}
			p.WaitChart(chartSel) // the reader's pointer reaches the chart: ECharts loads and draws
			after := measure(t, p, true)
			var pictures int
			p.Eval(`document.querySelectorAll("#chart svg.chart-picture").length`, &pictures)
			t.Logf("%s, interactive: CLS %.3f, TBT %.0f ms (longest task %.0f ms), %d elements", d.name, after.CLS, after.TBT, after.Longest, after.Elements)
			if after.CLS > 0.02 {
				t.Errorf("cumulative layout shift %.3f once ECharts drew, want at most 0.02", after.CLS)
			}
			if pictures != 0 {
				t.Errorf("%d pictures left under ECharts' chart, want none", pictures)
			}
			p.NoErrors()
		})
	}
}

// TestBrowserSteadyRawPage: the raw results' page does not move either, wide or on a phone,
// its points table (and the column chooser above it, which is in the server HTML) included:
// the reader scrolls to the table, it is built, and nothing shifts.
func TestBrowserSteadyRawPage(t *testing.T) {
	// Not side by side with the other tests (t.Parallel): see TestBrowserSteadySeedPage.
	b := browsertest.New(t)
	files, root := exampleSite(t, b)
	var html string
	if got, ok := files.Get(rawPage + "index.html"); !ok || !strings.Contains(string(got), `id="column-chooser"`) {
		t.Fatalf("/%s: no column chooser in the server HTML", rawPage)
	} else {
		html = string(got)
	}
	for _, d := range steadyDevices {
		t.Run(d.name, func(t *testing.T) {
			p := b.OpenAs(t, root+rawPage, d.dev)
			before := measure(t, p, true)
			var chooserTop float64
			p.Eval(`document.getElementById("column-chooser").getBoundingClientRect().top + scrollY`, &chooserTop)
			showPoints(p)
			after := measure(t, p, false)
			var ticked []string
			p.Eval(`[...document.querySelectorAll("#column-chooser input:checked")].map((i) => i.value)`, &ticked)
			var top float64
			p.Eval(`document.getElementById("column-chooser").getBoundingClientRect().top + scrollY`, &top)
			t.Logf("%s: CLS %.3f after the first view, %.3f after the points table; chooser at %.0f px, %.0f px after",
				d.name, before.CLS, after.CLS, chooserTop, top)
			if after.CLS > 0.02 {
				t.Errorf("cumulative layout shift %.3f, want at most 0.02", after.CLS)
			}
			if top != chooserTop {
				t.Errorf("the column chooser moved from %.0f px to %.0f px when the table was built", chooserTop, top)
			}
			// The boxes ticked in the server HTML are the columns the table shows.
			for _, name := range ticked {
				if !strings.Contains(html, `value="`+name+`" checked`) {
					t.Errorf("column %s ticked, but not in the server HTML", name)
				}
			}
			var headers []string
			p.Eval(`[...document.querySelectorAll("#points thead th")].map((th) => th.textContent)`, &headers)
			for _, want := range []string{"Topology", "median_ttft", "median_e2el"} {
				if !slices.Contains(headers, want) {
					t.Errorf("points table columns %v lack the default %s", headers, want)
				}
			}
			p.NoErrors()
		})
	}
}

// TestBrowserPhoneEveryPage: at 360×740, no page of the example site is wider than the screen,
// and a chart is at least 320 px tall. The pages are opened side by side (a subtest each), as
// each waits a quiet second.
func TestBrowserPhoneEveryPage(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root, pages := examplePages(t, b)
	for _, path := range pages {
		t.Run("/"+path, func(t *testing.T) {
			t.Parallel()
			p := b.OpenAs(t, root+path, browsertest.Phone)
			var hasChart bool
			p.Eval(`!!document.querySelector("#chart")`, &hasChart)
			m := measure(t, p, hasChart)
			if m.Width > 360 {
				t.Errorf("/%s: %d px wide on a 360-px phone", path, m.Width)
			}
			if hasChart && m.ChartHeight < 320 {
				t.Errorf("/%s: chart %d px tall on a phone, want at least 320", path, m.ChartHeight)
			}
			p.Close()
		})
	}
}

// BenchmarkBlockingTime reports the seed chart page's total blocking time with the CPU slowed
// 4×, from navigation until the page settled, as a reader who has not touched the page yet
// meets it: the median over b.N cold loads (tbt-ms, as Lighthouse advises for a metric this
// noisy: one load in ten can double it on a shared machine) and the mean (tbt-mean-ms), and
// the mean counted from navigation rather than the first paint (tbt-all-ms).
func BenchmarkBlockingTime(b *testing.B) {
	br := browsertest.New(b)
	_, root := exampleSite(b, br)
	var tbts []float64
	var all, longest, fcp float64
	for range b.N {
		p := br.OpenAs(b, root+seedPage, browsertest.Device{CPUSlowdown: 4, Init: observeJS})
		m := measure(b, p, true)
		tbts = append(tbts, m.TBT)
		all += m.TBTAll
		longest += m.Longest
		fcp += m.FCP
		p.Close()
	}
	slices.Sort(tbts)
	var sum float64
	for _, v := range tbts {
		sum += v
	}
	b.ReportMetric(tbts[len(tbts)/2], "tbt-ms")
	b.ReportMetric(sum/float64(b.N), "tbt-mean-ms")
	b.ReportMetric(all/float64(b.N), "tbt-all-ms")
	b.ReportMetric(fcp/float64(b.N), "fcp-ms")
	b.ReportMetric(longest/float64(b.N), "longest-task-ms")
	// One more load, traced (tracing slows the page a little, so it is not counted above):
	// what the long tasks that remain spend their time on.
	b.StopTimer()
	p := br.OpenAs(b, root+seedPage, browsertest.Device{CPUSlowdown: 4, Init: observeJS, Trace: true})
	measure(b, p, true)
	tasks := p.LongTasks()
	slices.SortFunc(tasks, func(x, y browsertest.LongTask) int { return cmp.Compare(y.Duration, x.Duration) })
	// The longest three: a benchmark's log keeps 10 lines, over its runs (b.N = 1, then more).
	for _, task := range tasks[:min(len(tasks), 3)] {
		b.Logf("long task %s", task)
	}
	p.Close()
}

// TestBrowserManyConfigurationsOpenOnBestPerGPU: a page of more than 12 configurations opens on
// best per GPU, through the legend selection (the option still holds every series), and
// best=0 in the fragment shows them all.
func TestBrowserManyConfigurationsOpenOnBestPerGPU(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	files, root := controlsShared(t, b)
	d := readPageJSON(t, files, seedPage+"page.json")
	if len(d.Series) <= 12 {
		t.Fatalf("the fixture page has %d configurations, want more than 12", len(d.Series))
	}

	p := b.Open(t, root+seedPage)
	waitView(p, chartSel, "")
	st := p.ChartState(chartSel)
	if n, _ := countPoints(st, "scatter"); n != len(d.Series) {
		t.Errorf("%d scatter series in the option, want every one of the page's %d", n, len(d.Series))
	}
	if got, want := visibleScatter(st), namesWhere(d, func(s pageSeries) bool { return s.Best }); len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("visible %v, want the best per GPU %v", got, want)
	}
	var checked bool
	p.Eval(`document.querySelector('input[name="best"]').checked`, &checked)
	if !checked {
		t.Error("the Best per GPU box is not ticked")
	}
	// Unticking it shows every configuration, and the fragment says so.
	clickControl(p, `input[name="best"]`)
	waitView(p, chartSel, "best=0")
	if got := visibleScatter(p.ChartState(chartSel)); len(got) != len(d.Series) {
		t.Errorf("after unticking best: %d visible, want all %d", len(got), len(d.Series))
	}
	var hash string
	p.Eval(`location.hash`, &hash)
	if hash != "#best=0" {
		t.Errorf("fragment %q, want #best=0", hash)
	}

	// The example page (11 configurations) opens as before, on every one.
	_, ex := exampleSite(t, b)
	p2 := b.Open(t, ex+seedPage)
	waitView(p2, chartSel, "")
	if got := visibleScatter(p2.ChartState(chartSel)); len(got) != 11 {
		t.Errorf("example page: %d visible, want all 11", len(got))
	}
}

// TestBrowserEmbed: /<model>/<sequence>/embed/ is the chart alone, in the view its fragment
// names, filling its frame, noindex; the chart page's "Copy embed code" gives the <iframe>.
func TestBrowserEmbed(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	frag := "gpus=b300&log=1"

	p := b.Open(t, root+seedPage+"embed/#"+frag)
	waitView(p, chartSel, frag)
	var got struct {
		Nav, Tables, Forms, NoIndex, Canonical int
		ChartH, ViewH                          float64
		Open                                   string
	}
	p.Eval(`({Nav: document.querySelectorAll("nav, header, footer").length, Tables: document.querySelectorAll("table").length,
	  Forms: document.querySelectorAll("form").length, NoIndex: document.querySelectorAll('meta[name="robots"][content="noindex"]').length,
	  Canonical: document.querySelectorAll('link[rel="canonical"]').length,
	  ChartH: document.getElementById("chart").getBoundingClientRect().height, ViewH: innerHeight,
	  Open: document.getElementById("embed-open").getAttribute("href")})`, &got)
	if got.Nav+got.Tables+got.Forms != 0 || got.NoIndex != 1 || got.Canonical != 0 {
		t.Errorf("embed: %d nav/header/footer, %d tables, %d forms, %d noindex, %d canonical; want the chart alone, noindex", got.Nav, got.Tables, got.Forms, got.NoIndex, got.Canonical)
	}
	if got.ChartH < got.ViewH*0.8 {
		t.Errorf("embed chart %.0f px tall in a %.0f px frame, want it to fill the frame", got.ChartH, got.ViewH)
	}
	if got.Open != "../#"+frag {
		t.Errorf("the embed's link to its page is %q, want ../#%s", got.Open, frag)
	}
	if vis := visibleScatter(p.ChartState(chartSel)); len(vis) == 0 || !strings.HasPrefix(vis[0], "B300") {
		t.Errorf("embed shows %v, want only B300", vis)
	}

	page := b.Open(t, root+seedPage+"#"+frag)
	waitView(page, chartSel, frag)
	page.Click("#copy-embed")
	var code string
	page.WaitFor(`document.getElementById("embed-code").value !== ""`)
	page.Eval(`document.getElementById("embed-code").value`, &code)
	want := `<iframe src="` + root + seedPage + `embed/#` + strings.ReplaceAll(frag, "&", "&amp;") + `"`
	if !strings.HasPrefix(code, want) || !strings.Contains(code, `title="`) {
		t.Errorf("embed code %q, want it to start %q and carry a title", code, want)
	}
}

// TestBrowserPhoneLegendByTouch: on a 360-px touch screen, tapping a legend entry hides its
// series and tapping it again shows it.
func TestBrowserPhoneLegendByTouch(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	p := b.OpenAs(t, root+seedPage, browsertest.Phone)
	waitView(p, chartSel, "")
	const name = "B300 (TRTLLM, MTP)"
	p.TapLegend(chartSel, name)
	if st := p.ChartState(chartSel); st.IsSelected(name) {
		t.Errorf("after a tap, %q is still shown", name)
	}
	p.TapLegend(chartSel, name)
	if st := p.ChartState(chartSel); !st.IsSelected(name) {
		t.Errorf("after a second tap, %q is still hidden", name)
	}
}

// TestPrecisionsLookDifferent: on a page with FP4 and FP8 data, the series of one
// configuration in the two precisions differ in marker fill or line style, in the page data
// the script draws from and in the legend's marker (the scatter's itemStyle).
func TestPrecisionsLookDifferent(t *testing.T) {
	t.Parallel()
	data, cfg := controlsFixture(t)
	files := buildForBrowser(t, data, cfg)
	raw, ok := files.Get(seedPage + "page.json")
	if !ok {
		t.Fatal("no page.json")
	}
	var page struct {
		Series []struct {
			HW, Precision, Dash, Fill string
			Hollow                    bool
		} `json:"series"`
	}
	if err := json.Unmarshal(raw, &page); err != nil {
		t.Fatal(err)
	}
	looks := map[string]map[string]string{} // hw -> precision -> look
	for _, s := range page.Series {
		if looks[s.HW] == nil {
			looks[s.HW] = map[string]string{}
		}
		looks[s.HW][s.Precision] = fmt.Sprintf("dash=%s fill=%s hollow=%v", s.Dash, s.Fill, s.Hollow)
	}
	pairs := 0
	for hw, byPrecision := range looks {
		if fp4, fp8 := byPrecision["fp4"], byPrecision["fp8"]; fp4 != "" && fp8 != "" {
			pairs++
			if fp4 == fp8 {
				t.Errorf("%s: FP4 and FP8 look the same: %s", hw, fp4)
			}
		}
	}
	if pairs == 0 {
		t.Fatal("the fixture has no configuration in both FP4 and FP8")
	}
}

// TestBrowserEveryDistinctionVisible: on the raw results' page, the series of one GPU and
// framework that differ in precision or speculative decoding (FP4/FP8 × MTP/none) differ in
// the marker ECharts draws, which is what the legend shows and what a point off the frontier
// has, and in the frontier line, which has no markers.
func TestBrowserEveryDistinctionVisible(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	files, root := exampleSite(t, b)
	p := b.Open(t, root+rawPage+"#best=0")
	waitView(p, chartSel, "best=0")
	p.WaitChart(chartSel)
	d := readPageJSON(t, files, rawPage+"page.json")
	var drawn []struct {
		Name, Type, Marker, Line string
	}
	// The marker as drawn: the series' visual style, which the legend's icon is drawn from.
	p.Eval(`(() => { const c = echarts.getInstanceByDom(document.querySelector(`+js(chartSel)+`));
  const model = c.getModel();
  return c.getOption().series.map((s, i) => {
    const st = model.getSeriesByIndex(i).getData().getVisual("style") || {};
    const ls = s.lineStyle || {};
    return { Name: String(s.name), Type: s.type,
      Marker: s.symbol + " fill=" + st.fill + " stroke=" + (st.lineWidth ? st.stroke : "none"),
      Line: String(ls.type) + " " + ls.color };
  }); })()`, &drawn)
	type look struct{ marker, line string }
	looks := map[string]*look{}
	for _, s := range drawn {
		l := looks[s.Name]
		if l == nil {
			l = &look{}
			looks[s.Name] = l
		}
		if s.Type == "scatter" {
			l.marker = s.Marker
		} else {
			l.line = s.Line
		}
	}
	groups := map[string][]pageSeries{} // GPU and framework -> its series
	for _, s := range d.Series {
		k := s.GPU + " " + s.Framework
		groups[k] = append(groups[k], s)
	}
	full := 0
	for k, ss := range groups {
		if len(ss) == 4 {
			full++
		}
		for i, a := range ss {
			for _, c := range ss[i+1:] {
				la, lc := looks[a.Name], looks[c.Name]
				if la == nil || lc == nil {
					t.Fatalf("%s: %s or %s not in the chart's option", k, a.Name, c.Name)
				}
				if la.marker == lc.marker {
					t.Errorf("%s: %s and %s have the same marker (%s)", k, a.Name, c.Name, la.marker)
				}
				if la.line == lc.line {
					t.Errorf("%s: %s and %s have the same line (%s)", k, a.Name, c.Name, la.line)
				}
			}
		}
	}
	if full == 0 {
		t.Fatal("no GPU and framework with all four of FP4/FP8 × MTP/none on the raw page")
	}
	p.NoErrors()
}

// pictureLines are the picture's frontier lines, in the order it drew them, each point in CSS
// pixels from the viewport's top left.
const pictureLines = `(() => {
  const svg = document.querySelector("#chart svg.chart-picture");
  const r = svg.getBoundingClientRect();
  return [...svg.querySelectorAll("polyline")].map((l) =>
    l.getAttribute("points").split(" ").map((p) => p.split(",").map(Number)).map(([x, y]) => [r.left + x, r.top + y]));
})()`

// TestBrowserPictureIsEChartsChart: the picture a chart page shows before ECharts is the chart
// ECharts then draws: every frontier line the view shows, each point within 3 px of where
// ECharts puts it (the same grid, the same axes and ticks), linear and log, wide and on a phone.
func TestBrowserPictureIsEChartsChart(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	for _, c := range []struct {
		name, page, hash string
		dev              browsertest.Device
	}{
		{"wide", seedPage, "", browsertest.Device{}},
		{"phone", seedPage, "", browsertest.Phone},
		{"log, best per GPU", seedPage, "#log=1&logx=1&best=1", browsertest.Device{}},
		{"raw results, median TTFT", rawPage, "#x=median_ttft&best=0", browsertest.Device{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p := b.OpenAs(t, root+c.page+c.hash, c.dev)
			p.WaitDrawn(chartSel)
			var picture [][][2]float64
			p.Eval(pictureLines, &picture)
			st := p.ChartState(chartSel) // reaches for the chart: ECharts draws over the picture
			var lines [][][2]float64
			for _, s := range st.Series {
				if s.Type == "line" && s.Visible && len(s.Pixels) >= 2 {
					lines = append(lines, s.Pixels)
				}
			}
			if len(picture) != len(lines) || len(lines) == 0 {
				t.Fatalf("the picture has %d frontier lines, ECharts %d", len(picture), len(lines))
			}
			worst := 0.0
			for i, line := range lines {
				if len(picture[i]) != len(line) {
					t.Errorf("line %d: %d points in the picture, %d in ECharts", i, len(picture[i]), len(line))
					continue
				}
				for j := range line {
					worst = max(worst, browsertest.Distance(picture[i][j], line[j]))
				}
			}
			t.Logf("%d lines; the farthest point is %.1f px from ECharts'", len(lines), worst)
			if worst > 3 {
				t.Errorf("a picture point is %.1f px from where ECharts draws it, want within 3", worst)
			}
			p.NoErrors()
		})
	}
}

// TestBrowserChartWithoutECharts: when ECharts cannot be loaded (the host lost the file), a
// reader reaching for the chart keeps its picture and the status line says why, naming the
// script; nothing is left busy.
func TestBrowserChartWithoutECharts(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	built, _ := exampleSite(t, b)
	files := &site.Files{}
	for _, name := range built.Names() {
		if !strings.Contains(name, "echarts.") {
			data, _ := built.Get(name)
			files.WriteFile(name, data)
		}
	}
	p := b.Open(t, b.Serve(files, "/")+seedPage)
	p.WaitDrawn(chartSel)
	p.Eval(`document.getElementById("chart").dispatchEvent(new PointerEvent("pointerover", {bubbles: true})), true`, nil)
	p.WaitFor(`document.getElementById("view-status").textContent.includes("could not be loaded")`)
	status := p.Text("#view-status")
	var st struct {
		Pictures int
		Busy     bool
	}
	p.Eval(`({Pictures: document.querySelectorAll("#chart svg.chart-picture").length, Busy: document.getElementById("chart").getAttribute("aria-busy") === "true"})`, &st)
	if !strings.Contains(status, "/assets/echarts.") || st.Pictures != 1 || st.Busy {
		t.Errorf("status %q, %d pictures, busy %v; want the script named, the picture kept, not busy", status, st.Pictures, st.Busy)
	}
	errs := p.TakeErrors()
	if len(errs) == 0 || !strings.Contains(strings.Join(errs, "\n"), "echarts.") {
		t.Errorf("want the failed ECharts request among the page's errors, got %v", errs)
	}
}
