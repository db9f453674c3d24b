// The compare page's charts (templates/compare.html): both GPUs' curves and their ratio. The
// page's <script type="application/json" id="compare-charts"> holds, by element id, each
// chart's layout (built once for every compare page by go-echarts: axes, grid, legend, the
// series' styles, each series named by its line's index) and the page's own data (axis names,
// and per line its name, colour, points and marks), which fillLayout puts together. A chart
// is drawn as a picture first (picture.js), and ECharts takes over when the reader reaches
// for it, as on chart pages. Names reach tooltips through escapeHTML.

import { escapeHTML } from "./format.js";
import { compact, num } from "./i18n.js";
import { initECharts, loadECharts, whenReached } from "./livechart.js";
import { drawPicture } from "./picture.js";

// fmtRatio is a ratio in a tooltip: "1.93×".
export const fmtRatio = (v) => (Number.isFinite(v) ? v.toFixed(2) + "×" : "");

// fillLayout is the option of one chart: its layout with the page's data put in. A series of
// the layout named "i" takes the name and colour of data.lines[i], and its points (a line) or
// marks (a scatter series).
export function fillLayout(layout, data) {
  const option = JSON.parse(JSON.stringify(layout));
  const lines = data.lines || [];
  option.color = lines.map((l) => l.color);
  option.legend = Object.assign({}, option.legend, { data: lines.map((l) => l.name) });
  option.series = (option.series || []).filter((s) => lines[+s.name]).map((s) => {
    const l = lines[+s.name];
    const out = Object.assign({}, s, {
      name: l.name,
      data: s.type === "scatter" ? l.marks : l.points,
      itemStyle: Object.assign({}, s.itemStyle, { color: l.color }),
    });
    if (s.lineStyle) out.lineStyle = Object.assign({}, s.lineStyle, { color: l.color });
    return out;
  });
  const named = (axes, name) => [].concat(axes || [{}]).map((a) => Object.assign({}, a, { name }));
  option.xAxis = named(option.xAxis, data.x);
  option.yAxis = named(option.yAxis, data.y);
  if (data.aria) option.aria = { enabled: true, label: { enabled: true, description: data.aria } };
  return option;
}

// withFormatters attaches what the option from Go cannot hold (no functions in it): axis
// labels and the tooltip, which lists each line's value at the x under the pointer.
export function withFormatters(option, ratio) {
  const value = ratio ? fmtRatio : num;
  const axis = (a, f) => [].concat(a || [{}]).map((x) => Object.assign({}, x, { axisLabel: { hideOverlap: true, formatter: f } }));
  return Object.assign({}, option, {
    xAxis: axis(option.xAxis, (v) => compact(v)),
    yAxis: axis(option.yAxis, (v) => (ratio ? v + "×" : compact(v))),
    tooltip: Object.assign({}, option.tooltip, {
      trigger: "axis",
      confine: true,
      formatter: (params) => tooltipHTML([].concat(params), value),
    }),
  });
}

// tooltipHTML is the tooltip at one x: its interactivity, then each line's value there.
export function tooltipHTML(params, value) {
  const lines = params.filter((p) => p.seriesType === "line" && Array.isArray(p.value));
  if (!lines.length) return "";
  let html = escapeHTML(String(+Number(lines[0].value[0]).toFixed(2)) + " tok/s/user");
  for (const p of lines) html += "<br>" + (p.marker || "") + escapeHTML(p.seriesName) + ": " + escapeHTML(value(p.value[1]));
  return html;
}

// initVersusCharts draws every compare chart of the page; on other pages it does nothing.
export function initVersusCharts() {
  const source = document.getElementById("compare-charts");
  if (!source) return;
  const all = JSON.parse(source.textContent);
  for (const element of document.querySelectorAll(".versus-chart")) {
    const layout = all.layouts[element.id];
    const data = all.charts[element.id];
    if (!layout || !data) continue;
    const option = withFormatters(fillLayout(layout, data), element.id === "ratio-chart");
    let chart = null;
    let picture = null;
    let size = "";
    const draw = () => {
      const now = element.clientWidth + "x" + element.clientHeight;
      if (now === size) return;
      size = now;
      if (chart) {
        chart.resize();
        return;
      }
      const svg = drawPicture(element, option, getComputedStyle(element).color || "#333");
      if (picture) picture.replaceWith(svg);
      else element.append(svg);
      picture = svg;
    };
    element.setAttribute("aria-busy", "true");
    draw();
    element.removeAttribute("aria-busy");
    if (window.ResizeObserver) new ResizeObserver(draw).observe(element);
    whenReached([element], () => {
      loadECharts().then(() => {
        element.setAttribute("aria-busy", "true");
        chart = initECharts(element);
        const drawn = () => {
          element.removeAttribute("aria-busy");
          if (picture) {
            picture.remove();
            picture = null;
          }
        };
        chart.on("finished", drawn);
        chart.setOption(option);
      }, () => {});
    });
  }
}
