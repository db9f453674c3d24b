// The ECharts option of a computed view: series, legend, axes and the tooltip formatter.
// docs/development.md: the option JSON from Go holds no functions; formatters are attached here, and
// every string from the data reaches the tooltip through escapeHTML.

import { escapeHTML, isCost, runHTML, safeColor } from "./format.js";
import { compact, fmtValue, num, t, tHTML } from "./i18n.js";
import { column, isFaded, isInvalid, isShortfall, metricName, requestsOf, spreadOf, successText, xRange, yRange } from "./model.js";
import { tooltipLines } from "./accuracy.js";

// GLOBAL names the global frontier's series and legend entry.
export const GLOBAL = "Global frontier";

const clone = (value) => JSON.parse(JSON.stringify(value));
const first = (value) => [].concat(value)[0];

// blockBase is the layout of a chart without a Go-built option (a markdown chart block), the
// same as charts.Options' but without title, toolbox and zoom: a block is read, not explored.
// twins.json's blockBase section says which values it shares with Options and which are its own.
export function blockBase() {
  return {
    animation: false,
    aria: { enabled: true },
    grid: [{ left: 64, right: 200, top: 24, bottom: 52 }],
    legend: {
      type: "scroll", show: true, orient: "vertical", right: 8, top: 24, height: "80%", itemGap: 6,
      textStyle: { width: 150, overflow: "truncate" }, tooltip: { show: true },
    },
    tooltip: { show: true, trigger: "item" },
    xAxis: [{ type: "value", nameLocation: "middle", nameGap: 30 }],
    yAxis: [{ type: "value", nameLocation: "middle", nameGap: 52 }],
  };
}

// loadHTML is a point's load and TP for its tooltip: its concurrency, or for a run by request
// rate (no concurrency), its rate; a run with neither limit says so. A point whose file gives
// no TP (null) says none, never "TP 0". at reads a column.
export function loadHTML(at) {
  const tp = typeof at("tp") === "number" ? escapeHTML(at("tp")) : null;
  if (typeof at("conc") === "number") {
    const concurrency = escapeHTML(at("conc"));
    return tp === null ? tHTML("tooltip.concurrency", { concurrency }) : tHTML("tooltip.concurrencyTP", { concurrency, tp });
  }
  if (typeof at("request_rate") === "number") {
    const rate = escapeHTML(num(at("request_rate")));
    return tp === null ? tHTML("tooltip.rate", { rate }) : tHTML("tooltip.rateTP", { rate, tp });
  }
  return tp === null ? tHTML("tooltip.unlimited") : tHTML("tooltip.unlimitedTP", { tp });
}

// tooltipHTML is a scatter point's tooltip: label, precision, concurrency, TP, x, every
// throughput, the chosen metric when it is derived, date and run, and on a page with evals or
// notes, the point's accuracy and notes.
export function tooltipHTML(page, computed, params) {
  const row = computed.rows[params.seriesIndex];
  if (!row || params.seriesType !== "scatter") return "";
  const i = row.shown[params.dataIndex];
  const point = row.series.points[i];
  const metric = computed.metric;
  if (!point) return "";
  const at = (name) => point[column(page, name)];
  const lines = [
    '<span style="display:inline-block;width:10px;height:10px;border-radius:50%;margin-right:6px;background:' +
      safeColor(row.series.color) + '"></span><b>' + escapeHTML(row.series.label) + "</b> · " +
      escapeHTML(String(row.series.precision).toUpperCase()),
    loadHTML(at),
  ];
  // A run its own client judged invalid is kept, and says so first.
  if (isInvalid(page, row.series, i)) lines.splice(1, 0, "<b>" + tHTML("tooltip.invalid") + "</b>");
  // Repeated runs: their number, and each figure below with its range (min to max).
  const sp = spreadOf(page, row.series, i);
  if (sp) lines.push("<b>" + tHTML("tooltip.runs", { n: escapeHTML(sp.runs) }) + "</b>");
  const range = (r, f) => (r && r[0] !== r[1] ? tHTML("tooltip.range", { lo: escapeHTML(f(r[0])), hi: escapeHTML(f(r[1])) }) : "");
  const colRange = (col) => range(sp && sp.lo && typeof sp.lo[col] === "number" ? [sp.lo[col], sp.hi[col]] : null, num);
  // A point whose file gives no median TPOT has no median interactivity (null): no line for it.
  if (typeof at("x") === "number") lines.push(escapeHTML(page.x.label) + ": <b>" + escapeHTML(num(at("x"))) + "</b>" + colRange("x"));
  // Another x axis: its value too, with its statistic and unit.
  const axis = computed.axis;
  if (axis && axis.col !== "x") lines.push(escapeHTML(axis.label) + ": <b>" + escapeHTML(num(row.xs[i])) + "</b> " + escapeHTML(axis.unit) + range(xRange(axis, sp), num));
  // Every throughput, each under its one name (metricName).
  for (const [key, short] of [["tpPerGpu", "Total (tok/s/GPU)"], ["outputTputPerGpu", "Output (tok/s/GPU)"], ["inputTputPerGpu", "Input (tok/s/GPU)"]]) {
    const m = page.metrics.find((x) => x.key === key);
    // One the run did not measure (null: LoadGen counts no input tokens) has no line, as x has none.
    if (typeof at(key) === "number") lines.push(escapeHTML(m ? metricName(m) : short) + ": <b>" + escapeHTML(num(at(key))) + "</b>" + colRange(key));
  }
  if (!/PerGpu$/.test(metric.key)) {
    // A derived or measured metric: its value, unit and direction.
    lines.push(escapeHTML(metricName(metric)) + ": <b>" + escapeHTML(fmtValue(metric, row.ys[i])) + "</b> " + escapeHTML(metric.unit) +
      range(yRange(page, metric.key, row.series, sp, computed.view || {}), (v) => fmtValue(metric, v)) +
      (metric.higher ? tHTML("tooltip.higherBetter") : tHTML("tooltip.lowerBetter")));
  }
  // Failed requests, from the client's own counts; a file that does not count them says so.
  {
    const q = requestsOf(page, row.series, i);
    if (!q) lines.push(tHTML("tooltip.successUnknown"));
    else {
      const vars = { pct: escapeHTML(successText(q.completed / q.attempted)), completed: escapeHTML(q.completed), attempted: escapeHTML(q.attempted) };
      lines.push(isShortfall(page, row.series, i)
        ? "<b>" + tHTML("tooltip.successLow", Object.assign(vars, { min: escapeHTML(successText(page.minSuccess)) })) + "</b>"
        : tHTML("tooltip.success", vars));
    }
  }
  // Raw results add their topology, serving image and the run's page.
  if (at("topology")) lines.push(tHTML("tooltip.topology", { topology: escapeHTML(at("topology")) }));
  if (at("image")) lines.push(tHTML("tooltip.image", { image: escapeHTML(at("image")) }));
  lines.push(tHTML("tooltip.dateRun", { date: escapeHTML(at("date")), run: runHTML(at("run"), at("runUrl")) }));
  // Accuracy (issue 36): each task's counted score for the view's date, or "not evaluated"; notes.
  lines.push(...tooltipLines(page, point, computed.view ? computed.view.date : ""));
  if (row.series.files) lines.push("<b>" + tHTML("tooltip.yourRun") + "</b>" + tHTML("tooltip.fromFile", { file: escapeHTML(row.series.files[i]) }));
  return lines.join("<br>");
}

// markerStyle is charts.markerStyle's twin: a filled marker, a hollow one (speculative
// decoding), or a light one inside an outline of its colour (8-bit and wider precisions).
// color is the series' colour, safe (safeColor).
export function markerStyle(s, color) {
  if (s.hollow) return { color: "transparent", borderColor: lineColor(s, color), borderWidth: 1.5 };
  if (s.fill) return { color: safeColor(s.fill), borderColor: color, borderWidth: 1.5 };
  return { color };
}

// lineColor is charts.Style.LineColor's twin: a hollow marker's tint (speculative decoding at
// 8 bits or wider) is its outline and its line's colour.
const lineColor = (s, color) => (s.hollow && s.fill ? safeColor(s.fill) : color);

// shortfallStyle is the item style of a point under the site's minSuccess: hollow in the
// series' colour, dotted where the series' own markers are hollow already.
const shortfallStyle = (s, color) => ({ color: "transparent", borderColor: lineColor(s, color), borderWidth: 1.5, borderType: s.hollow ? "dotted" : "solid" });

// UNKNOWN_OPACITY is a faded marker's: a point whose success is unknown on a page where
// others' is known (PageData.FadeUnknown), neither hollow nor full.
export const UNKNOWN_OPACITY = 0.4;

// GAP ends a whisker: ECharts breaks a line at an empty point (connectNulls false), and so
// does the picture (picture.js).
const GAP = [null, null];

// whiskerData is a row's whiskers as one line series' data: for each shown point of several
// runs, a segment across its x range at its y and one along its y range at its x, each
// followed by GAP. A point of one run, or a range that is one value, has none.
function whiskerData(page, computed, row) {
  const { view, metric, axis } = computed;
  const out = [];
  for (const i of row.shown) {
    const sp = spreadOf(page, row.series, i);
    if (!sp) continue;
    const x = row.xs[i];
    const y = row.ys[i];
    const xr = axis ? xRange(axis, sp) : null;
    const yr = yRange(page, metric.key, row.series, sp, view);
    if (xr && xr[0] !== xr[1]) out.push(plotPoint(view, xr[0], y), plotPoint(view, xr[1], y), GAP);
    if (yr && yr[0] !== yr[1]) out.push(plotPoint(view, x, yr[0]), plotPoint(view, x, yr[1]), GAP);
  }
  return out;
}

// lineStyle is charts.lineStyle's twin: a frontier line in its colour, solid, dashed or dotted.
export const lineStyle = (s, color) =>
  ({ color: lineColor(s, color), width: 2, type: s.dash === "dashed" || s.dash === "dotted" ? s.dash : "solid" });

// plotPoint is [x, y] as a chart draws it: null where a log axis cannot show the value.
export const plotPoint = (view, x, y) => [view.logx && !(x > 0) ? null : x, view.log && !(y > 0) ? null : y];

// axisOption is an axis over the base's: linear or log, named, labels compact. A log axis
// hugs the data rather than widening to whole decades.
function axisOption(base, log, name, money) {
  const axisLabel = {
    hideOverlap: true,
    formatter: (v) => (money ? "$" : "") + compact(v),
    showMinLabel: !log,
    showMaxLabel: !log,
  };
  return Object.assign({}, first(base), {
    type: log ? "log" : "value",
    name,
    axisLabel,
    min: log ? (extent) => extent.min / 1.25 : null,
    max: log ? (extent) => extent.max * 1.25 : null,
  });
}

// buildOption is the ECharts option of a computed view over a base layout (the Go-built
// option on a chart page): one scatter series per series and a same-named line through its
// frontier, scatters first (the legend draws each entry from the first series of its name),
// then the global frontier. Every series of the snapshot stays in the option; the filters
// leave theirs out of the legend, and the legend selection hides what the view does not show.
// look is {fg: the page's text colour, narrow: a phone-width chart, readOnly: a chart block}.
export function buildOption(page, computed, base, look) {
  const { view, metric } = computed;
  const option = clone(base);
  const scatters = [];
  const lines = [];
  const names = [];
  const selected = {};
  const whiskers = [];
  for (const row of computed.rows) {
    const s = row.series;
    const fill = safeColor(s.color);
    scatters.push({
      name: s.name, type: "scatter", symbol: s.symbol, symbolSize: s.yours ? 13 : 8,
      // A point under the site's minSuccess is drawn hollow (dotted on a series drawn hollow);
      // one whose success is unknown, on a page that has points of known success, faded.
      data: row.shown.map((i) => {
        const p = plotPoint(view, row.xs[i], row.ys[i]);
        if (isShortfall(page, s, i)) return { value: p, itemStyle: shortfallStyle(s, fill) };
        return isFaded(page, s, i) ? { value: p, itemStyle: Object.assign(markerStyle(s, fill), { opacity: UNKNOWN_OPACITY }) } : p;
      }),
      itemStyle: markerStyle(s, fill),
    });
    const w = whiskerData(page, computed, row);
    if (w.length) {
      whiskers.push({
        id: "spread:" + s.name, name: s.name, type: "line", smooth: false, showSymbol: false, z: 1, silent: true, connectNulls: false,
        data: w, itemStyle: { color: fill }, lineStyle: { color: lineColor(s, fill), width: 1.25, opacity: 0.7 },
      });
    }
    lines.push({
      name: s.name, type: "line", smooth: false, showSymbol: false, z: 1, silent: true,
      data: row.curve.line.map(([x, y]) => plotPoint(view, x, y)),
      itemStyle: { color: fill },
      lineStyle: lineStyle(s, fill),
    });
    if (look.readOnly ? row.inView : row.pass) names.push(s.name);
    selected[s.name] = row.visible;
  }
  // Whiskers under the frontier lines, which tests and tools find by name as the last line.
  option.series = scatters.concat(whiskers, lines);
  if (view.global) {
    option.series.push({
      id: "global", name: GLOBAL, type: "line", showSymbol: false, z: 3, silent: true,
      data: computed.global.map(([x, y]) => plotPoint(view, x, y)),
      itemStyle: { color: look.fg },
      lineStyle: { color: look.fg, width: 2.5, type: [7, 4], opacity: 0.85 },
    });
    names.push(GLOBAL);
    selected[GLOBAL] = true;
  }
  // The legend is the page's, in HTML (legend.js): ECharts' own is kept for its selection
  // state and drawn nowhere, so the plot has the chart's whole width.
  option.legend = Object.assign({}, Array.isArray(option.legend) ? option.legend[0] : option.legend, { data: names, selected, show: false });
  // The y axis' name reads across the top of the plot, under the title (as Our World in Data's
  // and the FT's charts have it): along the axis it would be longer than a short chart is tall.
  const title = first(option.title);
  const top = (title && title.text ? 36 : 0) + 32;
  option.grid = [Object.assign({}, first(option.grid), look.narrow ? { left: 52, right: 16, top } : { right: 24, top })];
  // The grid's margins hold the axis labels and names already: ECharts' own fitting
  // (outerBounds) would lay every tick label out twice on each draw, a third of the first one.
  option.grid = [].concat(option.grid).map((g) => Object.assign({}, g, { outerBoundsMode: "none" }));
  option.xAxis = [axisOption(option.xAxis, view.logx, computed.axis ? computed.axis.axis : page.x.label, false)];
  option.yAxis = [axisOption(option.yAxis, view.log, metricName(metric), isCost(metric.key))];
  Object.assign(option.yAxis[0], { nameLocation: "end", nameGap: 12, nameTextStyle: { align: "left", verticalAlign: "bottom" } });
  option.tooltip = Object.assign({}, first(option.tooltip), {
    // enterable, so that a reader can reach the run's link in the tooltip.
    trigger: "item", confine: true, enterable: true, formatter: (params) => tooltipHTML(page, computed, params),
  });
  // The toolbox's titles (the chart page's, from Go's option) in the page's language.
  const feature = (first(option.toolbox) || {}).feature || {};
  if (feature.saveAsImage) feature.saveAsImage.title = t("chart.savePNG");
  if (feature.restore) feature.restore.title = t("chart.resetZoom");
  option.backgroundColor = "transparent";
  return option;
}
