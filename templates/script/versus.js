// The compare page's charts (templates/compare.html): both GPUs' curves and their ratio. Each
// element .versus-chart has its ECharts option, built by the build, in a
// <script type="application/json" id="<element id>-option">; it is drawn as a picture first
// (picture.js), and ECharts takes over when the reader reaches for it, as on chart pages.
// Names reach tooltips through escapeHTML (echarts.format.encodeHTML once ECharts is there).

import { compactNumber, escapeHTML, fmtNum } from "./format.js";
import { initECharts, loadECharts, whenReached } from "./livechart.js";
import { drawPicture } from "./picture.js";

// fmtRatio is a ratio in a tooltip: "1.93×".
export const fmtRatio = (v) => (Number.isFinite(v) ? v.toFixed(2) + "×" : "");

// withFormatters attaches what the option from Go cannot hold (no functions in it): axis
// labels and the tooltip, which lists each line's value at the x under the pointer.
export function withFormatters(option, ratio) {
  const value = ratio ? fmtRatio : fmtNum;
  const axis = (a, f) => [].concat(a || [{}]).map((x) => Object.assign({}, x, { axisLabel: { hideOverlap: true, formatter: f } }));
  return Object.assign({}, option, {
    xAxis: axis(option.xAxis, (v) => compactNumber(v)),
    yAxis: axis(option.yAxis, (v) => (ratio ? v + "×" : compactNumber(v))),
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
  for (const element of document.querySelectorAll(".versus-chart")) {
    const source = document.getElementById(element.id + "-option");
    if (!source) continue;
    const option = withFormatters(JSON.parse(source.textContent), element.id === "ratio-chart");
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
