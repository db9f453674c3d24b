package browsertest

import (
	"fmt"
	"math"
	"strconv"
)

// The chart helpers read an ECharts instance through its public face: getInstanceByDom,
// getOption, convertToPixel, containPixel, dispatchAction. Where a reader's view has no public
// API (which series the legend filters out, where a legend item is drawn, whether an animation
// is still running) they use ECharts' long-stable model and zrender objects: getModel(),
// getViewOfComponentModel(), getZr(). Those live in the helpers below, so an ECharts upgrade
// that moves them breaks here, in one place, with a clear error.

// chartPrelude defines chart(sel), which finds the ECharts instance on the element or throws.
const chartPrelude = `
const chartOf = (sel) => {
  const el = document.querySelector(sel);
  if (!el) throw new Error("no element matches " + sel);
  if (typeof echarts === "undefined") throw new Error("ECharts is not loaded");
  const c = echarts.getInstanceByDom(el);
  if (!c) throw new Error("no chart on " + sel);
  return c;
};
const valueOf = (d) => {
  const v = (d !== null && typeof d === "object" && !Array.isArray(d)) ? d.value : d;
  return Array.isArray(v) ? [Number(v[0]), Number(v[1])] : [null, v == null ? null : Number(v)];
};
const originOf = (c) => {
  const root = (c.getZr().painter && c.getZr().painter.getViewportRoot && c.getZr().painter.getViewportRoot()) || c.getDom();
  const r = root.getBoundingClientRect();
  return [r.left, r.top];
};
`

// ChartState is a chart's live state as ECharts holds it: what a reader sees, not what the
// page embedded.
type ChartState struct {
	Series []SeriesState `json:"series"` // in the option's order
	// Selected is the legend's selection (legend.selected); a name it lacks is selected.
	Selected map[string]bool `json:"selected"`
}

// SeriesState is one series of the chart.
type SeriesState struct {
	Name string `json:"name"`
	Type string `json:"type"` // "scatter", "line", ...
	// Points are the series' data values [x, y], in the option's order.
	Points [][2]float64 `json:"points"`
	// Pixels are where the points are drawn, in CSS pixels from the viewport's top left (as
	// Hover takes them), for a page scrolled as it was when the state was read.
	Pixels [][2]float64 `json:"pixels"`
	// InPlot says, per point, whether it lies inside the plot area (not zoomed away).
	InPlot []bool `json:"inPlot"`
	// Visible is false when the legend filters the series out.
	Visible bool `json:"visible"`
}

// Find returns the series with this name and type.
func (c ChartState) Find(name, typ string) (SeriesState, bool) {
	for _, s := range c.Series {
		if s.Name == name && s.Type == typ {
			return s, true
		}
	}
	return SeriesState{}, false
}

// IsSelected reports whether the legend shows name.
func (c ChartState) IsSelected(name string) bool {
	sel, ok := c.Selected[name]
	return !ok || sel
}

// WaitChart makes the chart on the element matching sel interactive, as a reader's pointer
// reaching for it does (a chart page draws a picture first and loads ECharts then), and waits
// until the element holds an ECharts instance that has finished drawing, animations included,
// and is not aria-busy (a page that draws its chart over several tasks, and a chart page that
// sets its other parts up after its picture, says so until the last one).
func (p *Page) WaitChart(sel string) {
	p.t.Helper()
	p.WaitFor(`(() => {
  const el = document.querySelector(` + jsString(sel) + `);
  if (!el) return false;
  const c = typeof echarts !== "undefined" && echarts.getInstanceByDom(el);
  if (!c) {
    // Again on every try: a chart block's script listens only once its page data came.
    el.dispatchEvent(new PointerEvent("pointerover", {bubbles: true}));
    return false;
  }
  if (el.getAttribute("aria-busy") === "true") return false;
  const a = c.getZr().animation;
  return !a || !a.isFinished || a.isFinished();
})()`)
}

// WaitDrawn waits until the element matching sel shows a chart, ECharts' or the picture a
// page draws before ECharts, without reaching for it, and is not aria-busy (its page is set
// up): what a reader sees who has not touched the page yet.
func (p *Page) WaitDrawn(sel string) {
	p.t.Helper()
	p.WaitFor(`(() => {
  const el = document.querySelector(` + jsString(sel) + `);
  if (!el || el.getAttribute("aria-busy") === "true") return false;
  return !!el.querySelector("svg.chart-picture") || (typeof echarts !== "undefined" && !!echarts.getInstanceByDom(el));
})()`)
}

// ChartState reads the live state of the chart on the element matching sel, after waiting for
// it (see WaitChart).
func (p *Page) ChartState(sel string) ChartState {
	p.t.Helper()
	p.WaitChart(sel)
	var st ChartState
	p.Eval(`(() => {`+chartPrelude+`
  const c = chartOf(`+jsString(sel)+`);
  const opt = c.getOption();
  const model = c.getModel && c.getModel();
  const shown = model && model.getCurrentSeriesIndices ? new Set(model.getCurrentSeriesIndices()) : null; // after the legend's filter
  const legend = (opt.legend || [])[0] || {};
  const selected = legend.selected || {};
  const [ox, oy] = originOf(c);
  return {
    selected: selected,
    series: (opt.series || []).map((s, i) => {
      const points = (s.data || []).map(valueOf);
      const pixels = [], inPlot = [];
      for (const v of points) {
        let px = null;
        try { px = c.convertToPixel({seriesIndex: i}, v); } catch (e) {}
        const ok = Array.isArray(px) && isFinite(px[0]) && isFinite(px[1]);
        pixels.push(ok ? [ox + px[0], oy + px[1]] : [null, null]);
        inPlot.push(ok && c.containPixel({seriesIndex: i}, px));
      }
      return {
        name: s.name == null ? "" : String(s.name), type: String(s.type),
        points: points, pixels: pixels, inPlot: inPlot,
        visible: shown ? shown.has(i) : selected[s.name] !== false,
      };
    }),
  };
})()`, &st)
	return st
}

// Tooltip is the text of the chart's visible tooltip, or "" when none shows.
func (p *Page) Tooltip(sel string) string {
	p.t.Helper()
	var s string
	p.Eval(tooltipJS(sel), &s)
	return s
}

func tooltipJS(sel string) string {
	return `(() => {` + chartPrelude + `
  const c = chartOf(` + jsString(sel) + `);
  const dom = c.getDom();
  // ECharts' HTML tooltips are the only elements it marks domBelongToZr; one inside the chart's
  // element is this chart's, one elsewhere (appendTo) is taken as a fallback.
  const tips = [...document.querySelectorAll("div")].filter((d) => d.domBelongToZr);
  tips.sort((a, b) => dom.contains(b) - dom.contains(a));
  for (const d of tips) {
    const cs = getComputedStyle(d);
    if (cs.display === "none" || cs.visibility === "hidden") continue;
    const text = d.innerText.trim();
    if (text) return text;
  }
  return "";
})()`
}

// HoverPoint moves the mouse onto point i of the scatter series named name, as a reader would,
// and returns the tooltip's text once it shows. The mouse first leaves the chart and the old
// tooltip hides, so the text is this point's. The point must be inside the plot and not under
// another series' point (choose one with ChartState's Pixels).
func (p *Page) HoverPoint(sel, name string, i int) string {
	p.t.Helper()
	p.WaitChart(sel)
	var at struct {
		X, Y   float64
		Inside bool
	}
	p.Eval(`(() => {`+chartPrelude+`
  const c = chartOf(`+jsString(sel)+`);
  c.getDom().scrollIntoView({block: "center", inline: "nearest", behavior: "instant"});
  const opt = c.getOption();
  const idx = (opt.series || []).findIndex((s) => s.name === `+jsString(name)+` && s.type === "scatter");
  if (idx < 0) throw new Error("no scatter series named " + `+jsString(name)+`);
  const data = opt.series[idx].data || [];
  if (`+strconv.Itoa(i)+` >= data.length) throw new Error("series has only " + data.length + " points");
  const px = c.convertToPixel({seriesIndex: idx}, valueOf(data[`+strconv.Itoa(i)+`]));
  const [ox, oy] = originOf(c);
  return {X: ox + px[0], Y: oy + px[1], Inside: c.containPixel({seriesIndex: idx}, px)};
})()`, &at)
	if !at.Inside {
		p.t.Fatalf("browsertest: point %d of %q is outside the plot", i, name)
	}
	p.Hover(1, 1) // off the chart: the tooltip hides after ECharts' hideDelay
	p.WaitFor(`(` + tooltipJS(sel) + `) === ""`)
	p.Hover(at.X, at.Y)
	if err := p.waitFor(`(` + tooltipJS(sel) + `) !== ""`); err != nil {
		p.t.Fatalf("browsertest: hovering point %d of %q at (%.0f, %.0f) shows no tooltip: %v", i, name, at.X, at.Y, err)
	}
	return p.Tooltip(sel)
}

// ClickLegend clicks the legend entry named name with a real mouse click on its pixel (the
// page's HTML legend, the .chart-legend beside the chart, scrolled to the entry first), and
// waits for the chart to redraw.
func (p *Page) ClickLegend(sel, name string) {
	p.t.Helper()
	x, y := p.legendItem(sel, name)
	p.ClickXY(x, y)
	p.WaitChart(sel)
}

// TapLegend is ClickLegend with a finger: a touch on the legend entry, on a page opened as a
// touch device (OpenAs with Mobile).
func (p *Page) TapLegend(sel, name string) {
	p.t.Helper()
	x, y := p.legendItem(sel, name)
	p.Tap(x, y)
	p.WaitChart(sel)
}

// legendItem is the middle of the HTML legend's entry named name, in viewport pixels, after
// scrolling it into view; it fails when the entry is not what the pointer would hit there.
func (p *Page) legendItem(sel, name string) (x, y float64) {
	p.t.Helper()
	p.WaitChart(sel)
	var at struct {
		X, Y float64
		Hit  bool
	}
	p.Eval(`(() => {
  const el = document.querySelector(`+jsString(sel)+`);
  const box = el && Array.from(el.parentElement.children).find((c) => c.classList.contains("chart-legend"));
  if (!box) throw new Error("no HTML legend beside " + `+jsString(sel)+`);
  const name = `+jsString(name)+`;
  const button = Array.from(box.querySelectorAll("button[data-name]")).find((b) => b.getAttribute("data-name") === name);
  if (!button) throw new Error("no legend entry named " + name);
  // A phone's legend folds the entries past its foot behind a count (legend.js): a reader
  // unfolds it first.
  const more = box.classList.contains("folded") && box.querySelector(".legend-more");
  if (more && button.getBoundingClientRect().bottom > more.getBoundingClientRect().top) more.click();
  button.scrollIntoView({block: "center", inline: "nearest", behavior: "instant"});
  const r = button.getBoundingClientRect();
  const x = r.left + Math.min(r.width / 2, 40), y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {X: x, Y: y, Hit: !!hit && button.contains(hit)};
})()`, &at)
	if !at.Hit {
		p.t.Fatalf("browsertest: legend entry %q is not under the pointer at (%.0f, %.0f)", name, at.X, at.Y)
	}
	return at.X, at.Y
}

// Distance is the distance between two pixels, for choosing points far from their neighbours.
func Distance(a, b [2]float64) float64 {
	return math.Hypot(a[0]-b[0], a[1]-b[1])
}

// String describes a series for test messages.
func (s SeriesState) String() string {
	return fmt.Sprintf("%s %q (%d points, visible %v)", s.Type, s.Name, len(s.Points), s.Visible)
}
