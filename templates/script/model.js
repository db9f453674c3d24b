// The data model: a chart page's data (page.json or #page-data: cols, series of point rows,
// metrics, gpus) and what a view makes of it. Pure, so node --test runs it.

import { COST_BASE, hasOwn, isCost, lower } from "./format.js";
import { t } from "./i18n.js";
import { LISTS, xAxisOf } from "./view.js";
import * as pareto from "./pareto.js";
import { gateMask } from "./accuracy.js";
import { sloMask, sloPicks, tierOf } from "./slo.js";

// column is the index of a named column in every point row, -1 when the page has none.
export const column = (page, name) => page.cols.indexOf(name);

// isInvalid reports whether point i of series s is one its own benchmark client judged invalid
// (an MLPerf "Result is : INVALID"): a published point by the page's ids (PageData.Invalid), a
// reader's own by the decoder's row (s.invalid, one flag a point).
export function isInvalid(page, s, i) {
  if (s.yours) return !!(s.invalid && s.invalid[i]);
  if (!page.invalid || !page.invalid.length) return false;
  return page.invalid.includes(s.points[i][column(page, "id")]);
}

// hasInvalid reports whether any series of rows ({series}) holds an invalid point.
export const hasInvalid = (page, rows) =>
  rows.some((r) => (r.series.yours ? (r.series.invalid || []).some(Boolean) : r.series.points.some((_, i) => isInvalid(page, r.series, i))));

// byId is a page's per-point list (page.spread, page.requests: entries with an id) as a Map by
// id, made once per page.
const indexes = new WeakMap();
function byId(page, key) {
  let m = indexes.get(page);
  if (!m) indexes.set(page, (m = {}));
  if (!m[key]) m[key] = new Map((Array.isArray(page[key]) ? page[key] : []).map((e) => [e.id, e]));
  return m[key];
}

const idOf = (page, s, i) => s.points[i][column(page, "id")];

// spreadOf is point i of series s's repeated runs ({runs, lo, hi}: their number and each
// column's least and greatest value; PageData.Spread), null for a point of one run.
export function spreadOf(page, s, i) {
  if (s.yours || !Array.isArray(page.spread) || !page.spread.length) return null;
  return byId(page, "spread").get(idOf(page, s, i)) || null;
}

// requestsOf is point i of series s's requests as its client counted them ({completed,
// attempted}; PageData.Requests, or for the reader's own run the decoder's), null when its file
// does not say (success unknown).
export function requestsOf(page, s, i) {
  if (s.yours) return (s.requests && s.requests[i]) || null; // the reader's own: the decoder's counts (yourrun.js)
  if (!Array.isArray(page.requests) || !page.requests.length) return null;
  const q = byId(page, "requests").get(idOf(page, s, i));
  return q && q.attempted > 0 ? q : null;
}

// isShortfall reports whether point i of series s completed fewer of its requests than the
// site's minSuccess: it is drawn hollow. A point whose success is unknown is not.
export function isShortfall(page, s, i) {
  const q = requestsOf(page, s, i);
  return !!q && typeof page.minSuccess === "number" && q.completed / q.attempted < page.minSuccess;
}

// isFaded reports whether point i of series s is drawn faded: its success is unknown, on a
// page that also has points whose client counted their requests (PageData.FadeUnknown). A
// reader's own run is drawn as its file says.
export function isFaded(page, s, i) {
  return !!page.fadeUnknown && !s.yours && !requestsOf(page, s, i);
}

// successText is a success ratio as the pages write it, Go's input.SuccessText's twin: one
// decimal, never rounded up to 100%.
export const successText = (ratio) => (Math.floor(ratio * 1000 + 1e-9) / 10).toFixed(1) + "%";

// rangeOf is a spread's [lo, hi] of a column, null when it has none.
function rangeOf(sp, col) {
  const lo = sp && sp.lo ? sp.lo[col] : undefined;
  const hi = sp && sp.hi ? sp.hi[col] : undefined;
  return typeof lo === "number" && typeof hi === "number" && Number.isFinite(lo) && Number.isFinite(hi) ? [lo, hi] : null;
}

// xRange is a spread's range on an x axis, null where the runs give none (concurrency is the
// same for every run).
export const xRange = (axis, sp) => rangeOf(sp, axis.col);

// yRange is a spread's range of metric key for a point of series s: a column's, or a derived
// metric's from the total throughput's range with the view's prices (yValues), ordered low to
// high; null where there is none.
export function yRange(page, key, s, sp, view) {
  if (isCost(key) || key === "tokPerMW") {
    const r = rangeOf(sp, isCost(key) ? COST_BASE[key] : "tpPerGpu");
    if (!r) return null;
    const f = isCost(key) ? ((tp) => price(page, view, "cost", s.gpu) / (tp * 3600) * 1e6) : ((tp) => tp / price(page, view, "kw", s.gpu) * 1000);
    const ys = [f(r[0]), f(r[1])].sort((a, b) => a - b);
    return ys.every(Number.isFinite) ? ys : null;
  }
  return rangeOf(sp, key);
}

// metricName is a metric's one name, with its unit, the same in the menu, the axis title, the
// tooltip and the tables (charts.YMetrics, or frontier.toml's [metrics] over it).
export const metricName = (m) => m.axis || m.label + " (" + m.unit + ")";

// fillLater puts into a page's newest points the columns its #page-data left out (page.later:
// the metrics only the column chooser shows) from columns.json.gz's data, one array of their
// values a point, series by series in page.series' order; then page.later is gone.
export function fillLater(page, data) {
  if (!page.later) return;
  fillColumns(page, page.later, data);
  delete page.later;
}

// fillRest does for page.rest (on a page with history, every other column after tp, which its
// points end before) what fillLater does for page.later, from rest.json.gz's data.
export function fillRest(page, data) {
  if (!page.rest) return;
  fillColumns(page, page.rest, data);
  delete page.rest;
}

function fillColumns(page, index, data) {
  const file = index.file.replace(/^.*\//, "");
  if (data.cols.join() !== index.cols.join() || data.series.length !== page.series.length) throw new Error(file + " does not match the page");
  const at = data.cols.map((name) => column(page, name));
  page.series.forEach((s, i) => {
    const rows = data.series[i];
    if (rows.length !== s.points.length) throw new Error(file + " does not match the page");
    s.points.forEach((point, j) => at.forEach((c, k) => { point[c] = rows[j][k]; }));
  });
}

export const metricOf = (page, key) => page.metrics.find((m) => m.key === key) || null;

const specOf = (series) => lower(series.spec) || "none";

// facet is the value a series has for a filter list.
export function facet(series, list) {
  switch (list) {
    case "gpus": return lower(series.gpu);
    case "vendors": return lower(series.vendor);
    case "frameworks": return lower(series.framework);
    case "spec": return specOf(series);
    case "deploy": return lower(series.deploy);
    case "offload": return "none"; // a point's fact, never a series' (FACT_LISTS)
    default: return lower(series.precision);
  }
}

// FACT_LISTS are the filters an agentic page's point facts answer (render's agenticfacts.go):
// there speculative decoding, KV offload and disaggregation are facts of each point, so these
// filters keep or drop points, not series. page.facts is {values: [spec, offload, deploy value
// lists], points: per series of the newest snapshot, per point, an index into each list}.
export const FACT_LISTS = ["spec", "offload", "deploy"];

// pointFacts is a point's facts ({list: value}) on an agentic page, null where unknown (not an
// agentic page, or a series not of the newest snapshot).
function pointFacts(page, series, i) {
  const f = page.facts;
  const si = f ? page.series.indexOf(series) : -1;
  const codes = si >= 0 && f.points[si] ? f.points[si][i] : null;
  if (!codes) return null;
  const out = {};
  FACT_LISTS.forEach((l, k) => { out[l] = f.values[k][codes[k]]; });
  return out;
}

// factMask is which points of a series an agentic page's spec, offload and deploy filters keep
// ([boolean]), or null where they keep every point (no such filter on, or not agentic).
export function factMask(page, series, view) {
  if (!page.facts || series.yours || !FACT_LISTS.some((l) => view[l])) return null;
  return series.points.map((p, i) => {
    const f = pointFacts(page, series, i);
    return !f || FACT_LISTS.every((l) => !view[l] || view[l].includes(f[l]));
  });
}

// deployLabel names a deployment as the filter shows it (Go's deployLabel).
export function deployLabel(d) {
  switch (lower(d)) {
    case "single-node": return t("filters.singleNode");
    case "disaggregated": return t("filters.disaggregated");
    case "": return t("filters.unknown");
    default: return d;
  }
}

// price is what the view uses for a GPU's $/GPU-hour (key "cost") or kW ("kw"): the reader's
// value from the fragment, else the config's; NaN when neither gives one.
export function price(page, view, key, gpu) {
  const own = view && view[key];
  if (own && hasOwn(own, lower(gpu))) return own[lower(gpu)];
  const g = page.gpus[gpu] || {};
  // A GPU priced in tiers has the view's tier's price (none when it lacks that tier); one
  // priced once has that price in every tier (slo.js' tierOf).
  const tier = key === "cost" && g.costs ? tierOf(page, view) : "";
  const v = key === "cost" ? (tier ? g.costs[tier] : g.costPerHour) : g.kw;
  return typeof v === "number" && v > 0 ? v : NaN;
}

// priceText is a price as the form shows it: price's value, "" when there is none.
export function priceText(page, view, key, gpu) {
  const v = price(page, view, key, gpu);
  return Number.isNaN(v) ? "" : String(v);
}

// facetLabel is how a filter's checkbox names that value.
export function facetLabel(page, series, list) {
  switch (list) {
    case "gpus": return (page.gpus[series.gpu] && page.gpus[series.gpu].label) || series.gpu;
    case "vendors": return series.vendor;
    case "frameworks": return (page.frameworks && page.frameworks[series.framework]) || series.framework;
    case "spec": return specOf(series) === "none" ? t("filters.none") : String(series.spec).toUpperCase();
    case "deploy": return deployLabel(series.deploy);
    case "offload": return t("filters.none");
    default: return String(series.precision).toUpperCase();
  }
}

// factLabel is how a filter names a point fact's value (the twin of render's factChoices).
function factLabel(list, value) {
  if (list === "deploy") return deployLabel(value);
  if (value === "none") return t("filters.none");
  return list === "spec" ? value.toUpperCase() : value;
}

// choices lists each filter's values ({value, label, color}) over the snapshots loaded so far
// ({date: {series}}), newest snapshot first, in series order.
export function choices(page, snapshots) {
  const lists = {};
  for (const list of LISTS) lists[list] = [];
  const facts = page.facts;
  if (facts) { // an agentic page: its points' facts, sorted as the build lists them
    FACT_LISTS.forEach((list, k) => {
      lists[list] = facts.values[k].map((value) => ({ value, label: factLabel(list, value), color: "" }));
    });
  }
  for (const date of Object.keys(snapshots).sort().reverse()) {
    for (const series of snapshots[date].series) {
      for (const list of LISTS) {
        if (facts && FACT_LISTS.includes(list)) continue;
        const value = facet(series, list);
        if (lists[list].some((c) => c.value === value)) continue;
        const gpu = list === "gpus" && page.gpus[series.gpu];
        lists[list].push({ value, label: facetLabel(page, series, list), color: gpu ? gpu.color : "" });
      }
    }
  }
  return lists;
}

// yValues is the chosen metric for every point of a series; NaN where it cannot be computed.
// Cost per million tokens = $/h / (tok/s * 3600) * 1e6, of all, output or input tokens by the
// throughput per GPU it divides (COST_BASE); tokens per MW = tok/s / kW * 1000 of the total;
// with the view's prices (the reader's, else the config's).
export function yValues(page, key, series, view) {
  const cost = price(page, view, "cost", series.gpu);
  const kw = price(page, view, "kw", series.gpu);
  const total = column(page, "tpPerGpu");
  const base = isCost(key) ? column(page, COST_BASE[key]) : -1;
  const own = column(page, key);
  return series.points.map((point) => {
    let y;
    if (base >= 0) y = cost / (point[base] * 3600) * 1e6;
    else if (key === "tokPerMW") y = point[total] / kw * 1000;
    else y = own >= 0 ? point[own] : NaN;
    return typeof y === "number" && Number.isFinite(y) ? y : NaN;
  });
}

// LINE_STEPS is how many segments a cost frontier's line is drawn with between two of its
// points: the throughput line between them, mapped through price / throughput, is a curve.
const LINE_STEPS = 8;

// frontierCurve is how a row's frontier is read at an x (at: null outside its points' x range)
// and drawn (line: [x, y] in x order). A cost or tokens per MW is never a frontier of its own:
// it is the throughput's frontier (the same points, since the metric is monotone in it) read at
// x and mapped through the GPU's price or kW (Go's page.Derived), so cost × throughput is the
// price along the whole curve and the line is the throughput's line mapped. Any other metric
// is its own frontier, read by the monotone curve (Go's page.Curve).
export function frontierCurve(page, view, key, series, xs, ys, front) {
  const fx = front.map((i) => xs[i]);
  const knots = front.map((i) => [xs[i], ys[i]]);
  const base = isCost(key) ? column(page, COST_BASE[key]) : key === "tokPerMW" ? column(page, "tpPerGpu") : -1;
  if (base < 0) {
    const curve = pareto.monotone(fx, front.map((i) => ys[i]));
    return { at: curve.at, line: knots };
  }
  const cost = price(page, view, "cost", series.gpu);
  const kw = price(page, view, "kw", series.gpu);
  const of = isCost(key) ? (tp) => cost / (tp * 3600) * 1e6 : (tp) => tp / kw * 1000;
  const tps = front.map((i) => series.points[i][base]);
  const curve = pareto.monotone(fx, tps);
  const at = (x) => {
    const tp = curve.at(x);
    const y = tp == null ? NaN : of(tp);
    return Number.isFinite(y) ? y : null;
  };
  if (!isCost(key)) return { at, line: knots }; // tokens per MW is the throughput scaled: straight stays straight
  const line = [];
  knots.forEach((k, j) => {
    line.push(k);
    if (j + 1 === knots.length) return;
    const [x0, x1, t0, t1] = [fx[j], fx[j + 1], tps[j], tps[j + 1]];
    for (let step = 1; step < LINE_STEPS; step++) {
      const w = step / LINE_STEPS;
      line.push([x0 + (x1 - x0) * w, of(t0 + (t1 - t0) * w)]);
    }
  });
  return { at, line };
}

// xValues is the chosen x axis for every point of a series; NaN where a point lacks it.
export function xValues(page, axis, series) {
  const col = column(page, axis.col);
  return series.points.map((point) => {
    const x = col >= 0 ? point[col] : NaN;
    return typeof x === "number" && Number.isFinite(x) ? x : NaN;
  });
}

const byKey = (a, b) => (a.series.key < b.series.key ? -1 : a.series.key > b.series.key ? 1 : 0);

// bestRows are the computed rows that win "best per GPU" among those the filters pass: the
// best frontier for the metric (with its polarity) on each GPU, ties going to hwKey order.
export function bestRows(rows, higher) {
  const candidates = rows.filter((r) => r.pass && !r.series.yours).sort(byKey);
  const winners = pareto.bestPerGPU(candidates.map((r) => ({
    gpu: r.series.gpu,
    x: r.front.map((i) => r.xs[i]),
    y: r.front.map((i) => r.ys[i]),
  })), higher);
  return Object.keys(winners).map((gpu) => candidates[winners[gpu]]);
}

// compute works out what a view shows of a snapshot: per series (a row) its y values,
// frontier (for the metric, with its polarity), whether the filters pass it, whether it is
// shown (filters, best per GPU, legend clicks in selection: {name: shown}) and which points;
// and the global frontier over what is shown. The accuracy gate (view.acc) takes its points out
// of each series first (row.gated counts them), and so does the service-level gate (view.slo:
// row.slo says which points it passed and which gated statistics each series lacks); picks are
// the gate's picks per GPU (slo.js' sloPicks), null without a gate.
export function compute(page, snapshot, view, selection) {
  const metric = metricOf(page, view.y) || page.metrics[0];
  const axis = xAxisOf(page, view.x);
  // The build's frontier is for the data's own metric on the default x axis; any other pair
  // of axes gets the frontier in their directions.
  const own = metric.key === page.metric && axis.col === "x";
  const rows = snapshot.series.map((s) => {
    const xs = xValues(page, axis, s);
    const ys = yValues(page, metric.key, s, view);
    const measured = ys.some((y) => !Number.isNaN(y));
    // The accuracy gate, here and only here: a point it removes has no x and no y from now on,
    // so no frontier, best per GPU, global frontier, table or sentence can count it.
    const keep = gateMask(page, s, view);
    const gated = keep ? keep.filter((k) => !k).length : 0;
    if (gated) keep.forEach((k, i) => { if (!k) xs[i] = ys[i] = NaN; });
    // An agentic page's fact filters, likewise: a point whose speculative decoding, offload or
    // deployment the view leaves out has no x and no y (it is no configuration of the view).
    const facts = factMask(page, s, view);
    const dropped = facts ? facts.filter((k) => !k).length : 0;
    if (dropped) facts.forEach((k, i) => { if (!k) xs[i] = ys[i] = NaN; });
    // The service-level gate (slo.js), likewise, before any frontier: a point it removes has
    // no y (its x stays, so the x axis' note does not count it as lacking the axis).
    const slo = sloMask(page, s, view, (key) => yValues(page, key, s, view), (axis) => xValues(page, axis, s));
    if (slo) slo.pass.forEach((ok, i) => { if (!ok) ys[i] = NaN; });
    const front = own && s.frontier && !gated && !dropped && !slo ? s.frontier : pareto.frontierDir(xs, ys, axis.higher, metric.higher);
    // The reader's own run passes every filter: it is what they came to compare.
    const pass = !!s.yours || LISTS.every((list) => !view[list] || page.facts && FACT_LISTS.includes(list) || view[list].includes(facet(s, list)));
    const curve = frontierCurve(page, view, metric.key, s, xs, ys, front);
    return { series: s, xs, ys, front, curve, pass, best: false, measured, gated, slo };
  });
  if (view.best) for (const row of bestRows(rows, metric.higher)) row.best = true;
  const globalXs = [];
  const globalYs = [];
  for (const row of rows) {
    row.inView = row.pass && (!view.best || row.best || !!row.series.yours);
    row.visible = row.pass && (hasOwn(selection, row.series.name) ? selection[row.series.name] : row.inView);
    // hidden: a legend click took it out (the leaders table's GPU value leaves it out too).
    row.hidden = hasOwn(selection, row.series.name) && !selection[row.series.name];
    row.onFront = {};
    for (const i of row.front) row.onFront[i] = true;
    row.shown = [];
    row.ys.forEach((y, i) => {
      if ((!view.optimal || row.onFront[i]) && !Number.isNaN(y) && !Number.isNaN(row.xs[i])) row.shown.push(i);
    });
    if (row.visible && !row.series.yours) { // the global frontier is the published one
      for (const i of row.shown) {
        globalXs.push(row.xs[i]);
        globalYs.push(row.ys[i]);
      }
    }
  }
  const global = pareto.frontierDir(globalXs, globalYs, axis.higher, metric.higher).map((j) => [globalXs[j], globalYs[j]]);
  // Series the metric has no value for (no price for the GPU, power not measured), which the
  // filters would show: a note under the chart names them.
  const missing = rows.filter((r) => r.inView && !r.measured).map((r) => r.series.name);
  return { metric, axis, rows, global, view, missing, picks: sloPicks(rows, view, axis, metric) };
}
