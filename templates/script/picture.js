// The chart as a picture: the same ECharts option the live chart gets, drawn as one SVG by
// the page script alone. A chart page shows this first, so that a phone is not blocked for
// half a second evaluating ECharts and drawing with it before the reader has done anything;
// ECharts is loaded when the reader reaches for the chart (livechart.js). The picture holds
// what the option shows: the grid, both axes with ECharts' nice ticks, every series the legend
// selection shows (frontier lines under their points); the legend is HTML beside it
// (legend.js), the same for the picture and for ECharts. It has no tooltip, zoom or toolbox;
// those come with ECharts.

import { safeColor } from "./format.js";

const SVG = "http://www.w3.org/2000/svg";
const FONT = 12; // px, ECharts' default label size
const CHAR = 6.6; // the average width of a label character at that size, px
const first = (value) => [].concat(value)[0];

// colorOf is a colour from the option: the data's hex colours, or the page's own rgb() text
// colour that the global frontier is drawn in.
const colorOf = (c) => (/^rgba?\([\d.,\s%]+\)$/.test(c) ? c : safeColor(c));

// node makes an SVG element with attributes; text from the data goes in as a text node.
function node(tag, attrs, text) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value != null) el.setAttribute(key, value);
  }
  if (text != null) el.textContent = text;
  return el;
}

// size is an option's length: a number of pixels, "64", or "68%" of whole.
function size(value, whole, fallback) {
  if (value == null || value === "") return fallback;
  const s = String(value);
  return s.endsWith("%") ? (parseFloat(s) / 100) * whole : Number(s) || 0;
}

// niceStep is ECharts' rounded interval for a span split in about n parts: 1, 2, 3 or 5 times
// a power of ten.
export function niceStep(span, n) {
  const raw = span / n;
  const exp = Math.pow(10, Math.floor(Math.log10(raw)));
  const f = raw / exp;
  const nf = f < 1.5 ? 1 : f < 2.5 ? 2 : f < 4 ? 3 : f < 7 ? 5 : 10;
  return nf * exp;
}

// scaleOf is an axis' mapping from data to a 0..1 fraction, with its ticks: a value axis from
// zero (ECharts' default) or its data's minimum when that is negative, widened to whole steps;
// a log axis over the data widened by a quarter each way, ticked at powers of ten.
export function scaleOf(values, log) {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v == null || !isFinite(v) || (log && !(v > 0))) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (lo > hi) {
    lo = log ? 1 : 0;
    hi = log ? 10 : 1;
  }
  if (log) {
    const a = Math.log10(lo / 1.25);
    const b = Math.log10(hi * 1.25);
    const step = Math.max(1, Math.round(niceStep(b - a || 1, 5)));
    const ticks = [];
    for (let k = Math.ceil(a); k <= b; k += step) ticks.push(Math.pow(10, k));
    return { at: (v) => (Math.log10(v) - a) / (b - a || 1), ticks };
  }
  lo = Math.min(0, lo);
  if (hi === lo) hi = lo + 1;
  const step = niceStep(hi - lo, 5);
  const min = Math.floor(lo / step) * step;
  const max = Math.ceil(hi / step) * step;
  const ticks = [];
  // Rounded to the step's digits, so that 0.1 + 0.2 labels as 0.3.
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  for (let v = min; v <= max + step / 2; v += step) ticks.push(+v.toFixed(digits) || 0);
  return { at: (v) => (v - min) / (max - min), ticks };
}

// SYMBOLS are ECharts' marker shapes as path data around (x, y), r half the marker's size.
const SYMBOLS = {
  circle: (x, y, r) => `M${x - r},${y}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`,
  rect: (x, y, r) => `M${x - r},${y - r}h${2 * r}v${2 * r}h${-2 * r}Z`,
  triangle: (x, y, r) => `M${x},${y - r}L${x + r},${y + r}H${x - r}Z`,
  diamond: (x, y, r) => `M${x},${y - r}L${x + r},${y}L${x},${y + r}L${x - r},${y}Z`,
  arrow: (x, y, r) => `M${x},${y - r}L${x + 0.8 * r},${y + r}L${x},${y + 0.5 * r}L${x - 0.8 * r},${y + r}Z`,
  pin: (x, y, r) => `M${x},${y + r}L${x - 0.7 * r},${y}A${0.8 * r},${0.8 * r} 0 1,1 ${x + 0.7 * r},${y}Z`,
};
SYMBOLS.roundRect = SYMBOLS.rect;
SYMBOLS.emptyCircle = SYMBOLS.circle;

const round = (v) => Math.round(v * 10) / 10;

// markers is one path of a series' markers at the given pixel points.
function markers(symbol, r, points) {
  const shape = SYMBOLS[symbol] || SYMBOLS.circle;
  return points.map(([x, y]) => shape(round(x), round(y), r)).join("");
}

// paint is the fill and outline of a series' item style.
function paint(style) {
  const s = style || {};
  const fill = s.color === "transparent" ? "none" : safeColor(s.color);
  return { fill, stroke: s.borderColor ? safeColor(s.borderColor) : null, "stroke-width": s.borderWidth || null, opacity: s.opacity == null ? null : s.opacity };
}

// dashOf is an ECharts line type as an SVG dash array.
function dashOf(type) {
  if (Array.isArray(type)) return type.join(" ");
  return type === "dashed" ? "6 4" : type === "dotted" ? "2 3" : null;
}

// drawPicture draws option as an SVG of element's size and returns it, for the caller to put
// in the element. fg is the page's text colour.
export function drawPicture(element, option, fg) {
  const width = element.clientWidth;
  const height = element.clientHeight;
  const svg = node("svg", {
    class: "chart-picture", width, height, viewBox: `0 0 ${width} ${height}`,
    "aria-hidden": "true", "font-size": FONT, fill: fg,
  });
  const grid = first(option.grid) || {};
  const left = size(grid.left, width, 64);
  const right = width - size(grid.right, width, 16);
  const top = size(grid.top, height, 40);
  const bottom = height - size(grid.bottom, height, 52);
  const legend = first(option.legend) || {};
  const selected = legend.selected || {};
  const shown = (option.series || []).filter((s) => selected[s.name] !== false);
  const xAxis = first(option.xAxis) || {};
  const yAxis = first(option.yAxis) || {};
  const values = (i) => shown.flatMap((s) => (s.data || []).map((p) => (p && !Array.isArray(p) ? p.value : p)).map((p) => p && p[i]));
  const sx = scaleOf(values(0), xAxis.type === "log");
  const sy = scaleOf(values(1), yAxis.type === "log");
  const px = (v) => left + sx.at(v) * (right - left);
  const py = (v) => bottom - sy.at(v) * (bottom - top);
  const label = (axis, v) => {
    const f = axis.axisLabel && axis.axisLabel.formatter;
    return typeof f === "function" ? String(f(v)) : String(v);
  };

  // The grid: a line per tick, the x axis, the labels (an x label that would overlap the one
  // before it is left out, as hideOverlap does) and the axes' names.
  const axes = node("g", { "fill-opacity": 0.75 });
  const lines = node("g", { stroke: fg, "stroke-opacity": 0.15, "stroke-width": 1 });
  for (const v of sy.ticks) {
    const y = round(py(v)) + 0.5;
    lines.append(node("line", { x1: left, x2: right, y1: y, y2: y }));
    axes.append(node("text", { x: left - 8, y: y + 4, "text-anchor": "end" }, label(yAxis, v)));
  }
  let lastEnd = -Infinity;
  for (const v of sx.ticks) {
    const x = round(px(v));
    lines.append(node("line", { x1: x + 0.5, x2: x + 0.5, y1: top, y2: bottom }));
    const text = label(xAxis, v);
    const half = (text.length * CHAR) / 2;
    if (x - half < lastEnd + 4) continue;
    lastEnd = x + half;
    axes.append(node("text", { x, y: bottom + 18, "text-anchor": "middle" }, text));
  }
  lines.append(node("line", { x1: left, x2: right, y1: bottom + 0.5, y2: bottom + 0.5, "stroke-opacity": 0.5 }));
  if (xAxis.name) {
    axes.append(node("text", { x: (left + right) / 2, y: bottom + (xAxis.nameGap || 30) + 6, "text-anchor": "middle", "data-kind": "name" }, xAxis.name));
  }
  if (yAxis.name && yAxis.nameLocation === "end") {
    // Across the top of the plot, from the axis, as ECharts draws it with align "left".
    axes.append(node("text", { x: left, y: top - (yAxis.nameGap || 12) - 3, "text-anchor": "start", "data-kind": "name" }, yAxis.name));
  } else if (yAxis.name) {
    const x = left - (yAxis.nameGap || 52);
    const y = (top + bottom) / 2;
    axes.append(node("text", { x, y, "text-anchor": "middle", transform: `rotate(-90 ${x} ${y})`, "data-kind": "name" }, yAxis.name));
  }
  svg.append(lines, axes);
  const title = first(option.title);
  if (title && title.text) {
    svg.append(node("text", {
      x: size(title.left, width, 12), y: size(title.top, height, 8) + 16, "font-size": 18, "font-weight": "bold", "data-kind": "name",
    }, String(title.text)));
  }

  // Lines under points, as the option's z orders them.
  const inPlot = (p) => p && p[0] != null && p[1] != null;
  const plot = node("g", {});
  for (const s of shown.filter((s) => s.type === "line")) {
    // A line broken by a gap ([null, null]: a series of whiskers) is one polyline a piece.
    const pieces = [[]];
    for (const p of s.data || []) {
      if (p && p[0] == null && p[1] == null) pieces.push([]);
      else if (inPlot(p)) pieces[pieces.length - 1].push(round(px(p[0])) + "," + round(py(p[1])));
    }
    const style = s.lineStyle || {};
    for (const points of pieces) {
      if (points.length < 2) continue;
      plot.append(node("polyline", {
        points: points.join(" "), fill: "none", stroke: colorOf(style.color || (s.itemStyle || {}).color || fg),
        "stroke-width": style.width || 2, "stroke-dasharray": dashOf(style.type), "stroke-opacity": style.opacity,
        "stroke-linejoin": "round",
      }));
    }
  }
  for (const s of shown.filter((s) => s.type === "scatter")) {
    // A point with its own item style (one under minSuccess, drawn hollow; one of unknown
    // success, faded) is a path of its own.
    const own = (s.data || []).filter((p) => p && !Array.isArray(p) && inPlot(p.value));
    const points = (s.data || []).filter((p) => Array.isArray(p) && inPlot(p)).map(([x, y]) => [px(x), py(y)]);
    if (points.length) plot.append(node("path", Object.assign({ d: markers(s.symbol, (s.symbolSize || 8) / 2, points) }, paint(s.itemStyle))));
    for (const p of own) {
      plot.append(node("path", Object.assign({ d: markers(s.symbol, (s.symbolSize || 8) / 2, [[px(p.value[0]), py(p.value[1])]]), "data-kind": p.itemStyle.opacity != null ? "faded" : "hollow" }, paint(p.itemStyle))));
    }
  }
  svg.append(plot);
  // The legend is the page's, in HTML beside the chart (legend.js).
  return svg;
}
