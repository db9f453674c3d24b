// The data model: a chart page's data (page.json or #page-data: cols, series of point rows,
// metrics, gpus) and what a view makes of it. Pure, so node --test runs it.

import { hasOwn, lower } from "./format.js";
import { LISTS } from "./view.js";
import * as pareto from "./pareto.js";

// column is the index of a named column in every point row, -1 when the page has none.
export const column = (page, name) => page.cols.indexOf(name);

export const metricOf = (page, key) => page.metrics.find((m) => m.key === key) || null;

const specOf = (series) => lower(series.spec) || "none";

// facet is the value a series has for a filter list.
export function facet(series, list) {
  switch (list) {
    case "gpus": return lower(series.gpu);
    case "vendors": return lower(series.vendor);
    case "frameworks": return lower(series.framework);
    case "spec": return specOf(series);
    default: return lower(series.precision);
  }
}

// facetLabel is how a filter's checkbox names that value.
export function facetLabel(page, series, list) {
  switch (list) {
    case "gpus": return (page.gpus[series.gpu] && page.gpus[series.gpu].label) || series.gpu;
    case "vendors": return series.vendor;
    case "frameworks": return (page.frameworks && page.frameworks[series.framework]) || series.framework;
    case "spec": return specOf(series) === "none" ? "None" : String(series.spec).toUpperCase();
    default: return String(series.precision).toUpperCase();
  }
}

// choices lists each filter's values ({value, label, color}) over the snapshots loaded so far
// ({date: {series}}), newest snapshot first, in series order.
export function choices(page, snapshots) {
  const lists = {};
  for (const list of LISTS) lists[list] = [];
  for (const date of Object.keys(snapshots).sort().reverse()) {
    for (const series of snapshots[date].series) {
      for (const list of LISTS) {
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
// Cost per million tokens = $/h / (tok/s * 3600) * 1e6; tokens per MW = tok/s / kW * 1000,
// both from the total token throughput per GPU.
export function yValues(page, key, series) {
  const gpu = page.gpus[series.gpu] || {};
  const total = column(page, "tpPerGpu");
  const own = column(page, key);
  return series.points.map((point) => {
    let y;
    if (key === "costPerMTok") y = gpu.costPerHour / (point[total] * 3600) * 1e6;
    else if (key === "tokPerMW") y = point[total] / gpu.kw * 1000;
    else y = own >= 0 ? point[own] : NaN;
    return typeof y === "number" && Number.isFinite(y) ? y : NaN;
  });
}

const byKey = (a, b) => (a.series.key < b.series.key ? -1 : a.series.key > b.series.key ? 1 : 0);

// bestRows are the computed rows that win "best per GPU" among those the filters pass: the
// best frontier for the metric (with its polarity) on each GPU, ties going to hwKey order.
export function bestRows(rows, higher) {
  const candidates = rows.filter((r) => r.pass).sort(byKey);
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
// and the global frontier over what is shown.
export function compute(page, snapshot, view, selection) {
  const metric = metricOf(page, view.y) || page.metrics[0];
  const xColumn = column(page, "x");
  const rows = snapshot.series.map((s) => {
    const xs = s.points.map((point) => point[xColumn]);
    const ys = yValues(page, metric.key, s);
    const front = metric.key === page.metric && s.frontier ? s.frontier : pareto.frontier(xs, ys, metric.higher);
    const pass = LISTS.every((list) => !view[list] || view[list].includes(facet(s, list)));
    return { series: s, xs, ys, front, pass, best: false };
  });
  if (view.best) for (const row of bestRows(rows, metric.higher)) row.best = true;
  const globalXs = [];
  const globalYs = [];
  for (const row of rows) {
    row.inView = row.pass && (!view.best || row.best);
    row.visible = row.pass && (hasOwn(selection, row.series.name) ? selection[row.series.name] : row.inView);
    row.onFront = {};
    for (const i of row.front) row.onFront[i] = true;
    row.shown = [];
    row.ys.forEach((y, i) => {
      if ((!view.optimal || row.onFront[i]) && !Number.isNaN(y)) row.shown.push(i);
    });
    if (row.visible) {
      for (const i of row.shown) {
        globalXs.push(row.xs[i]);
        globalYs.push(row.ys[i]);
      }
    }
  }
  const global = pareto.frontier(globalXs, globalYs, metric.higher).map((j) => [globalXs[j], globalYs[j]]);
  return { metric, rows, global, view };
}
