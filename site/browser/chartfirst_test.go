package browser_test

import (
	"encoding/csv"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"

	"github.com/frontier-bench/frontier/internal/browsertest"
)

// The chart first (issue 25): the chart in the first screen, every legend name whole, one name
// per metric, nothing wider than the screen, no chart text over another. Measured as a reader's
// browser lays the page out: bounding boxes and computed styles.

// chartFirstScreens are the screens the chart must start in the top 45% of.
var chartFirstScreens = []browsertest.Device{
	{Width: 360, Height: 740, Mobile: true},
	{Width: 390, Height: 844, Mobile: true},
	{Width: 1400, Height: 900},
}

// chartFirstPages are the seed page and the example's 58-configuration page.
var chartFirstPages = []string{"deepseek-v4-pro/8k-1k/", "deepseek-r1-0528/1k-1k/"}

// firstScreen is where the page's parts are, in viewport pixels, before any scrolling.
type firstScreen struct {
	ChartTop, TitleBottom, StatusBottom float64
	StatusLines                         float64 // the view summary's height in lines
	Width                               int     // the document's scroll width
	PanelOpen                           bool
	ChartTopOpen                        float64 // the chart's top with the filters panel open
	PanelBottom                         float64
	Expanded                            string // the filters button's aria-expanded
}

const firstScreenJS = `(() => {
  const top = (sel) => document.querySelector(sel).getBoundingClientRect().top;
  const bottom = (sel) => document.querySelector(sel).getBoundingClientRect().bottom;
  const status = document.getElementById("view-status");
  return {ChartTop: top("#chart"), TitleBottom: bottom("h1"), StatusBottom: bottom("#view-status"),
    StatusLines: status.getBoundingClientRect().height / parseFloat(getComputedStyle(status).lineHeight),
    Width: document.documentElement.scrollWidth};
})()`

// TestBrowserChartInFirstScreen: on the seed page and the 58-configuration page, at 360×740,
// 390×844 and 1400×900, the chart's top is in the top 45% of the viewport, below the title and
// the one-line view summary, and the page is no wider than the screen. The filters panel opens
// without moving the chart, says so with aria-expanded, and Escape closes it with the focus
// back on its button.
func TestBrowserChartInFirstScreen(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	for _, path := range chartFirstPages {
		for _, d := range chartFirstScreens {
			t.Run(fmt.Sprintf("%s@%dx%d", path, d.Width, d.Height), func(t *testing.T) {
				t.Parallel()
				p := b.OpenAs(t, root+path, d)
				defer p.Close()
				p.WaitDrawn(chartSel)
				var s firstScreen
				p.Eval(firstScreenJS, &s)
				t.Logf("chart top %.0f px of %d (limit %.0f)", s.ChartTop, d.Height, 0.45*float64(d.Height))
				if limit := 0.45 * float64(d.Height); s.ChartTop > limit {
					t.Errorf("chart starts at %.0f px, want within the top 45%% (%.0f px)", s.ChartTop, limit)
				}
				if s.TitleBottom > s.ChartTop || s.StatusBottom > s.ChartTop {
					t.Errorf("title (bottom %.0f) and view summary (bottom %.0f) should be above the chart (top %.0f)", s.TitleBottom, s.StatusBottom, s.ChartTop)
				}
				if int64(s.Width) > d.Width {
					t.Errorf("page %d px wide on a %d-px screen", s.Width, d.Width)
				}
				if got := p.Text("#view-status"); got == "" || s.StatusLines > 1.5 {
					t.Errorf("view summary %q takes %.1f lines, want one", got, s.StatusLines)
				}

				p.Click("#filters-button")
				var open firstScreen
				p.Eval(`(() => {
  const panel = document.getElementById("filters-panel");
  return {PanelOpen: !panel.hidden && panel.getBoundingClientRect().height > 0,
    ChartTopOpen: document.getElementById("chart").getBoundingClientRect().top,
    Expanded: document.getElementById("filters-button").getAttribute("aria-expanded")};
})()`, &open)
				if !open.PanelOpen || open.Expanded != "true" {
					t.Errorf("after a click on Filters: panel open %v, aria-expanded %q", open.PanelOpen, open.Expanded)
				}
				if open.ChartTopOpen != s.ChartTop {
					t.Errorf("opening the filters moved the chart from %.0f to %.0f px", s.ChartTop, open.ChartTopOpen)
				}
				// Keyboard: into the panel, then Escape closes it and gives the focus back.
				p.Eval(`document.querySelector("#filters-panel input").focus()`, nil)
				p.Press(kb.Escape)
				var closed struct {
					Hidden  bool
					Focused string
					Exp     string
				}
				p.Eval(`({Hidden: document.getElementById("filters-panel").hidden, Focused: document.activeElement.id,
  Exp: document.getElementById("filters-button").getAttribute("aria-expanded")})`, &closed)
				if !closed.Hidden || closed.Focused != "filters-button" || closed.Exp != "false" {
					t.Errorf("after Escape: panel hidden %v, focus on %q, aria-expanded %q; want hidden, the button, false", closed.Hidden, closed.Focused, closed.Exp)
				}
			})
		}
	}
}

// legendState is the HTML legend as a reader sees it.
type legendState struct {
	Names     []string // each entry's text, in order
	Groups    []string // the group headings
	Cut       []string // entries whose text is wider or taller than its box
	Ellipsis  []string // entries styled to cut their text
	BoxWide   bool     // the legend box itself scrolls sideways
	Rect      [4]float64
	ChartRect [4]float64
	Option    []string // the chart option's legend names (ECharts' or the picture's)
}

// legendStateJS is the state of the main chart's legend; legendStateOf(box, chart) that of
// any chart's (ids).
const legendStateJS = legendStateFn + `("chart-legend", "chart")`

func legendStateOf(box, chart string) string {
	return legendStateFn + "(" + js(box) + "," + js(chart) + ")"
}

const legendStateFn = `((boxID, chartID) => {
  const box = document.getElementById(boxID);
  const rect = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
  const out = {Names: [], Groups: [], Cut: [], Ellipsis: [], BoxWide: box.scrollWidth > box.clientWidth,
    Rect: rect(box), ChartRect: rect(document.getElementById(chartID)), Option: []};
  for (const h of box.querySelectorAll(".group")) out.Groups.push(h.textContent);
  for (const b of box.querySelectorAll("button[data-name]")) {
    const text = b.querySelector(".name");
    out.Names.push(text.textContent);
    if (text.scrollWidth > text.clientWidth || b.scrollWidth > b.clientWidth || text.scrollHeight > text.clientHeight + 1) out.Cut.push(text.textContent);
    const cs = getComputedStyle(text);
    if (cs.textOverflow === "ellipsis" || getComputedStyle(b).textOverflow === "ellipsis") out.Ellipsis.push(text.textContent);
  }
  const c = typeof echarts !== "undefined" && echarts.getInstanceByDom(document.getElementById(chartID));
  if (c && c.getOption().legend) out.Option = c.getOption().legend[0].data.map((d) => typeof d === "object" ? d.name : d);
  return out;
})`

// TestBrowserLegendIsHTMLAndWhole: the legend is text in the page, grouped by GPU, each
// entry's text its chart series' name verbatim, none cut short (its scroll size within its
// box), at 360 px and 1400 px. It has the same names and the same place before and after
// ECharts takes over, and a click on an entry hides its series as ECharts' legend did.
func TestBrowserLegendIsHTMLAndWhole(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	for _, path := range chartFirstPages {
		for _, d := range []browsertest.Device{browsertest.Phone, {Width: 1400, Height: 900}} {
			t.Run(fmt.Sprintf("%s@%d", path, d.Width), func(t *testing.T) {
				t.Parallel()
				p := b.OpenAs(t, root+path, d)
				defer p.Close()
				p.WaitDrawn(chartSel)
				var before legendState
				p.Eval(legendStateJS, &before)
				if len(before.Names) == 0 || len(before.Groups) == 0 {
					t.Fatalf("the picture's legend has %d entries in %d groups", len(before.Names), len(before.Groups))
				}
				if len(before.Cut) > 0 || len(before.Ellipsis) > 0 || before.BoxWide {
					t.Errorf("legend names cut short: %q; styled with an ellipsis: %q; box scrolls sideways: %v", before.Cut, before.Ellipsis, before.BoxWide)
				}
				p.WaitChart(chartSel)
				var after legendState
				p.Eval(legendStateJS, &after)
				if strings.Join(after.Names, "\n") != strings.Join(after.Option, "\n") {
					t.Errorf("legend entries %q, want the chart option's legend names %q verbatim", after.Names, after.Option)
				}
				if strings.Join(after.Names, "\n") != strings.Join(before.Names, "\n") || after.Rect != before.Rect || after.ChartRect != before.ChartRect {
					t.Errorf("ECharts' takeover changed the legend: %v at %v, chart at %v; before %v at %v, chart at %v",
						len(after.Names), after.Rect, after.ChartRect, len(before.Names), before.Rect, before.ChartRect)
				}
				// A click on the first shown entry hides its series; a second shows it again.
				var name string
				p.Eval(`document.querySelector('#chart-legend button[aria-pressed="true"]').getAttribute("data-name")`, &name)
				p.ClickLegend(chartSel, name)
				if p.ChartState(chartSel).IsSelected(name) {
					t.Errorf("%q still shown after a click on its legend entry", name)
				}
				var pressed string
				p.Eval(`Array.from(document.querySelectorAll("#chart-legend button")).find((b) => b.getAttribute("data-name") === `+js(name)+`).getAttribute("aria-pressed")`, &pressed)
				if pressed != "false" {
					t.Errorf("%q: aria-pressed %q after hiding it, want false", name, pressed)
				}
				p.ClickLegend(chartSel, name)
				if !p.ChartState(chartSel).IsSelected(name) {
					t.Errorf("%q hidden after a second click on its legend entry", name)
				}
			})
		}
	}
}

// textBoxesJS collects the text boxes of a chart, in page pixels: ECharts' own texts (the
// zrender display list's text elements, each with its painted rectangle: axis names, tick
// labels, title) for a live chart, the SVG's text elements (getBBox through the screen matrix)
// for a picture (whose axis names and title say data-kind="name"). Each is {Text, Kind, R: [x, y, w, h]}; Kind is "name" for an axis name or
// the title, "label" otherwise.
const textBoxesJS = `((el) => {
  const out = [];
  const c = typeof echarts !== "undefined" && echarts.getInstanceByDom(el);
  if (c) {
    const opt = c.getOption();
    const names = new Set([].concat(opt.xAxis || [], opt.yAxis || []).map((a) => a.name).concat([].concat(opt.title || []).map((t) => t.text)).filter(Boolean));
    const r0 = el.getBoundingClientRect();
    for (const d of c.getZr().storage.getDisplayList(true)) {
      if (d.ignore || d.invisible || !(d.type === "tspan" || d.type === "text")) continue;
      const text = d.style && d.style.text;
      if (!text) continue;
      // The glyphs' box (getPaintRect adds a margin for strokes and shadows).
      const r = d.getBoundingRect().clone();
      const m = d.getComputedTransform();
      if (m) r.applyTransform(m);
      if (!r.width || !r.height) continue;
      out.push({Text: String(text), Kind: names.has(String(text)) ? "name" : "label", R: [r0.left + r.x, r0.top + r.y, r.width, r.height]});
    }
    return out;
  }
  for (const t of el.querySelectorAll("svg.chart-picture text")) {
    const r = t.getBoundingClientRect();
    if (!r.width) continue;
    out.push({Text: t.textContent, Kind: t.getAttribute("data-kind") === "name" ? "name" : "label", R: [r.left, r.top, r.width, r.height]});
  }
  return out;
})`

type textBox struct {
	Text, Kind string
	R          [4]float64
}

// overlaps are the pairs of a chart's texts that overlap where one of them is an axis name or
// the title (tick labels are ECharts' to space: hideOverlap), by more than a pixel each way.
func overlaps(boxes []textBox) []string {
	var out []string
	for i, a := range boxes {
		for _, b := range boxes[i+1:] {
			if a.Kind != "name" && b.Kind != "name" {
				continue
			}
			w := min(a.R[0]+a.R[2], b.R[0]+b.R[2]) - max(a.R[0], b.R[0])
			h := min(a.R[1]+a.R[3], b.R[1]+b.R[3]) - max(a.R[1], b.R[1])
			if w > 1 && h > 1 {
				out = append(out, fmt.Sprintf("%q %v over %q %v", a.Text, a.R, b.Text, b.R))
			}
		}
	}
	return out
}

// TestBrowserChartTextsDoNotOverlap: in every chart of the example site (the main chart as
// picture and as ECharts, the trend chart, the chart blocks of the markdown page and the home,
// the embed, a compare page's two charts),
// no axis name or title overlaps another text of the same chart, at 360 px and at 1400 px.
// The legend is HTML, outside the chart, so it cannot.
func TestBrowserChartTextsDoNotOverlap(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	pages := []struct {
		path string
		sels []string
	}{
		{"deepseek-v4-pro/8k-1k/", []string{"#chart"}},
		{"deepseek-r1-0528/1k-1k/", []string{"#chart", "#trend"}},
		{"deepseek-r1-0528/1k-1k/embed/", []string{"#chart"}},
		{"about/", []string{".chart-block .chart"}},
		{"", []string{".chart-block .chart"}},
		{"deepseek-r1-0528/1k-1k/compare/b200-vs-b300/", []string{"#versus-chart", "#ratio-chart"}},
	}
	for _, pg := range pages {
		for _, d := range []browsertest.Device{browsertest.Phone, {Width: 1400, Height: 900}} {
			t.Run(fmt.Sprintf("%s@%d", pg.path, d.Width), func(t *testing.T) {
				t.Parallel()
				p := b.OpenAs(t, root+pg.path, d)
				defer p.Close()
				for _, sel := range pg.sels {
					var n int
					p.Eval(`document.querySelectorAll(`+js(sel)+`).length`, &n)
					if n == 0 {
						t.Fatalf("no %s on the page", sel)
					}
					for i := range n {
						one := fmt.Sprintf(`document.querySelectorAll(%s)[%d]`, js(sel), i)
						if sel == "#chart" {
							// The picture first, as a reader meets it.
							p.WaitDrawn(sel)
							var boxes []textBox
							p.Eval(textBoxesJS+`(`+one+`)`, &boxes)
							if bad := overlaps(boxes); len(bad) > 0 {
								t.Errorf("%s picture: %s", sel, strings.Join(bad, "; "))
							}
						}
						p.Eval(one+`.scrollIntoView({block: "center", behavior: "instant"})`, nil)
						p.Eval(one+`.setAttribute("data-probe", "`+fmt.Sprint(i)+`")`, nil)
						probe := fmt.Sprintf(`[data-probe="%d"]`, i)
						if sel == "#trend" {
							// The trend's instance exists before its table arrives (fetched when the
							// section comes near): wait for the option it draws.
							p.WaitFor(`(() => { const c = typeof echarts !== "undefined" && echarts.getInstanceByDom(document.getElementById("trend")); const o = c && c.getOption(); return !!(o && o.series && o.series.length); })()`)
						} else {
							p.WaitChart(probe)
						}
						var boxes []textBox
						p.Eval(textBoxesJS+`(`+one+`)`, &boxes)
						if len(boxes) < 3 {
							t.Errorf("%s[%d]: %d texts found in the chart, want its ticks and names", sel, i, len(boxes))
						}
						if bad := overlaps(boxes); len(bad) > 0 {
							t.Errorf("%s[%d]: %s", sel, i, strings.Join(bad, "; "))
						}
						p.Eval(one+`.removeAttribute("data-probe")`, nil)
					}
				}
			})
		}
	}
}

// TestBrowserHostileStringsFitAPhone: with the hostile corpus' strings (long words, scripts,
// right-to-left overrides) every page of that site is at most 360 px wide on a 360-px phone,
// and no element anywhere cuts its text with an ellipsis; at 1400 px likewise.
func TestBrowserHostileStringsFitAPhone(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	files, root := hostileShared(t, b)
	var pages []string
	for _, name := range files.Names() {
		if strings.HasSuffix(name, ".html") {
			pages = append(pages, strings.TrimSuffix(name, "index.html"))
		}
	}
	for _, path := range pages {
		t.Run("/"+path, func(t *testing.T) {
			t.Parallel()
			// Loaded on the phone, then its window widened, as a reader's is.
			p := b.OpenAs(t, root+path, browsertest.Phone)
			var hasChart bool
			p.Eval(`!!document.querySelector("#chart")`, &hasChart)
			if hasChart {
				p.WaitDrawn(chartSel)
			}
			hostilePageFits(t, p, path, browsertest.Phone)
			wide := browsertest.Device{Width: 1400, Height: 900}
			p.Resize(wide)
			hostilePageFits(t, p, path, wide)
			p.Close()
		})
	}
}

// hostilePageFits checks page p of the hostile site on device d: no wider than its screen,
// no text cut by an ellipsis.
func hostilePageFits(t *testing.T, p *browsertest.Page, path string, d browsertest.Device) {
	t.Helper()
	var inner int64
	if p.Eval(`innerWidth`, &inner); inner != d.Width {
		t.Fatalf("/%s: the window is %d px wide, want %d", path, inner, d.Width)
	}
	var got struct {
		Width          int
		Ellipsis, Wide []string
	}
	p.Eval(`(() => {
  const cut = [];
  const wide = [];
  for (const el of document.querySelectorAll("body *")) {
    if (getComputedStyle(el).textOverflow === "ellipsis" && el.scrollWidth > el.clientWidth) cut.push(el.tagName + "." + el.className);
    const r = el.getBoundingClientRect();
    // An element past the right edge, or a word sticking out of its element, names the culprit.
    const range = document.createRange();
    range.selectNodeContents(el);
    const t = range.getBoundingClientRect();
    if ((r.right > innerWidth + 0.5 || t.right > innerWidth + 0.5) && !el.closest(".table-wrap, svg") && getComputedStyle(el).position !== "absolute") wide.push(el.tagName + "." + el.className + " " + Math.round(Math.max(r.right, t.right)));
  }
  return {Width: document.documentElement.scrollWidth, Ellipsis: cut, Wide: wide};
})()`, &got)
	if int64(got.Width) > d.Width {
		t.Errorf("/%s: %d px wide on a %d-px screen: %q", path, got.Width, d.Width, got.Wide)
	}
	if len(got.Ellipsis) > 0 {
		t.Errorf("/%s@%d: text cut by an ellipsis in %q", path, d.Width, got.Ellipsis)
	}
}

// TestBrowserOneNameForTheMetric: the chosen metric has one name in the metric menu, the y
// axis' title, the tooltip, the leaders table's caption, the points table's header and the
// CSV headers (the shown points' and data.csv), for a
// measured metric (total and output throughput) and a derived one (cost per million tokens at
// the reader's price).
func TestBrowserOneNameForTheMetric(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	for _, frag := range []string{"", "#y=outputTputPerGpu", "#y=costPerMTok&cost=b200:5.5"} {
		p := b.Open(t, root+"deepseek-v4-pro/8k-1k/"+frag)
		p.WaitChart(chartSel)
		showPoints(p)
		var got struct {
			Menu, Axis, Tooltip, Leaders string
			Headers                      []string
		}
		p.Eval(`(() => {
  const menu = document.getElementById("ctl-y");
  const c = echarts.getInstanceByDom(document.getElementById("chart"));
  const opt = c.getOption();
  // The tooltip of the first point shown (the formatter reads the view, not the option).
  let tip = "";
  opt.series.forEach((x, s) => {
    if (!tip && x.type === "scatter") tip = opt.tooltip[0].formatter({seriesIndex: s, dataIndex: 0, seriesType: "scatter", seriesName: x.name});
  });
  const div = document.createElement("div");
  div.innerHTML = tip;
  return {Menu: menu.options[menu.selectedIndex].textContent, Axis: opt.yAxis[0].name, Tooltip: div.textContent,
    Leaders: document.querySelector("#leaders caption").textContent,
    Headers: Array.from(document.querySelectorAll("#points thead th")).map((th) => th.textContent.replace(/ [▲▼]$/, ""))};
})()`, &got)
		name := got.Menu
		if name == "" || got.Axis != name {
			t.Errorf("%q: menu says %q, y axis %q", frag, name, got.Axis)
		}
		if !strings.Contains(got.Tooltip, name) {
			t.Errorf("%q: tooltip %q does not name the metric %q", frag, got.Tooltip, name)
		}
		if !strings.HasPrefix(got.Leaders, name) {
			t.Errorf("%q: leaders caption %q does not start with %q", frag, got.Leaders, name)
		}
		if !containsString(got.Headers, name) {
			t.Errorf("%q: points table headers %q have no %q", frag, got.Headers, name)
		}
		// The CSV headers: the shown points' download for every metric, data.csv beside the
		// page for a measured one (a derived metric has no column there).
		for _, link := range []string{`document.getElementById("shown-csv-link").href`, `"data.csv"`} {
			if link == `"data.csv"` && strings.Contains(frag, "costPerMTok") {
				continue
			}
			var text string
			p.Eval(`fetch(`+link+`).then((r) => r.text())`, &text)
			head, err := csv.NewReader(strings.NewReader(text)).Read()
			if err != nil {
				t.Fatalf("%q: %s: %v", frag, link, err)
			}
			if !containsString(head, name) {
				t.Errorf("%q: %s header %q has no %q", frag, link, head, name)
			}
		}
		p.Close()
	}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestBrowserTrendLegendIsHTMLAndWhole: with all 58 configurations shown, the trend chart's
// legend is HTML as the main chart's,
// each entry its line's name verbatim, grouped by GPU, none cut short, its box clear of every
// text the trend draws (the y axis' name above all), at 360 px and 1400 px; a click on an entry
// hides its line and a second shows it again.
func TestBrowserTrendLegendIsHTMLAndWhole(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	for _, d := range []browsertest.Device{browsertest.Phone, {Width: 1400, Height: 900}} {
		t.Run(fmt.Sprint(d.Width), func(t *testing.T) {
			t.Parallel()
			// Every configuration (best=0): its lines grouped under their GPUs.
			p := b.OpenAs(t, root+"deepseek-r1-0528/1k-1k/#best=0", d)
			defer p.Close()
			p.Eval(`document.getElementById("trend").scrollIntoView({block: "center", behavior: "instant"})`, nil)
			p.WaitFor(`(() => { const c = typeof echarts !== "undefined" && echarts.getInstanceByDom(document.getElementById("trend")); const o = c && c.getOption(); return !!(o && o.series && o.series.length); })()`)
			var st legendState
			p.Eval(legendStateOf("trend-legend", "trend"), &st)
			if len(st.Names) < 2 || len(st.Groups) == 0 {
				t.Fatalf("the trend's legend has %d entries in %d groups", len(st.Names), len(st.Groups))
			}
			if strings.Join(st.Names, "\n") != strings.Join(st.Option, "\n") {
				t.Errorf("trend legend entries %q, want the trend option's legend names %q verbatim", st.Names, st.Option)
			}
			if len(st.Cut) > 0 || len(st.Ellipsis) > 0 || st.BoxWide {
				t.Errorf("trend legend names cut short: %q; styled with an ellipsis: %q; box scrolls sideways: %v", st.Cut, st.Ellipsis, st.BoxWide)
			}
			var boxes []textBox
			p.Eval(textBoxesJS+`(document.getElementById("trend"))`, &boxes)
			l := st.Rect
			for _, tb := range boxes {
				w := min(l[0]+l[2], tb.R[0]+tb.R[2]) - max(l[0], tb.R[0])
				h := min(l[1]+l[3], tb.R[1]+tb.R[3]) - max(l[1], tb.R[1])
				if w > 1 && h > 1 {
					t.Errorf("the trend's %q %v lies under its legend %v", tb.Text, tb.R, l)
				}
			}
			name := st.Names[0]
			entry := `Array.from(document.querySelectorAll("#trend-legend button")).find((b) => b.getAttribute("data-name") === ` + js(name) + `)`
			shown := `echarts.getInstanceByDom(document.getElementById("trend")).getOption().legend[0].selected[` + js(name) + `] !== false`
			var on bool
			var pressed string
			for _, want := range []bool{false, true} {
				p.Eval(entry+`.click()`, nil)
				p.Eval(shown, &on)
				p.Eval(entry+`.getAttribute("aria-pressed")`, &pressed)
				if on != want || pressed != fmt.Sprint(want) {
					t.Errorf("after a click on %q: line shown %v, aria-pressed %q; want %v", name, on, pressed, want)
				}
			}
		})
	}
}

// TestBrowserEChartsPrefetchedAfterFirstPaint: the seed page fetches ECharts ahead of the
// reader, but only after its first paint and its load event, so that the download never
// competes with the first screen.
func TestBrowserEChartsPrefetchedAfterFirstPaint(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	p := b.OpenAs(t, root+"deepseek-v4-pro/8k-1k/", browsertest.Phone)
	defer p.Close()
	p.WaitFor(`performance.getEntriesByType("resource").some((e) => e.name.includes("/assets/echarts."))`)
	var got struct{ Fetch, Paint, Load float64 }
	p.Eval(`({Fetch: performance.getEntriesByType("resource").find((e) => e.name.includes("/assets/echarts.")).startTime,
  Paint: performance.getEntriesByName("first-contentful-paint")[0].startTime,
  Load: performance.getEntriesByType("navigation")[0].loadEventStart})`, &got)
	if got.Fetch < got.Paint || got.Fetch < got.Load {
		t.Errorf("ECharts fetched at %.0f ms, before the first paint (%.0f ms) or the load event (%.0f ms)", got.Fetch, got.Paint, got.Load)
	}
	var chart bool
	p.Eval(`typeof echarts !== "undefined"`, &chart)
	if chart {
		t.Error("the prefetch evaluated ECharts before the reader reached for the chart")
	}
}
