// The chart page's history section (templates/history.html): every visible configuration's
// value at a reference interactivity on every snapshot date, read off that date's frontier
// with the leaders table's monotone interpolation and never extrapolated (the build's trend
// table of the metric shown, fetched when the section nears the screen); the changelog's
// entries as markers; and the change table from a baseline date to the newest. The reference
// is kept in the URL fragment as ref=X; the view (metric, filters, best per GPU, legend
// clicks) is the main chart's.

import { accuracyOf, gateText } from "./accuracy.js";
import { gatePhrase } from "./sloview.js";
import { element, lazyOptions, setSelectValue } from "./dom.js";
import { csvCell, escapeHTML, hasOwn, isCost, safeColor } from "./format.js";
import { seriesMeta, trendAt } from "./asof.js";
import { fetchJSON, initECharts } from "./livechart.js";
import { renderLegend } from "./legend.js";
import { fmtValue, t, tHTML } from "./i18n.js";
import { facet, metricName, metricOf, price } from "./model.js";
import { LISTS, fragmentPairs } from "./view.js";
import { since, spreadAt } from "./verdict.js";

// defaultRef is the reference a page opens with: 50 tok/s/user when the leaders table has it.
export function defaultRef(page) {
  const refs = page.refX || [];
  return refs.includes(50) ? 50 : refs[0];
}

// refIn is the reference a fragment asks for, the default when it names none of the page's.
export function refIn(page, hash) {
  const pair = fragmentPairs(hash).find(([key]) => key === "ref");
  const x = pair ? Number(pair[1]) : NaN;
  return (page.refX || []).includes(x) ? x : defaultRef(page);
}

// trendScale is what a trend table's value is multiplied by for the view: the view's price
// for cost (the table is at $1 per GPU-hour), one over its kW for tokens per MW (at 1 kW), 1
// for a measured metric; NaN where the view has no price for the GPU.
export function trendScale(page, view, key, gpu) {
  if (isCost(key)) return price(page, view, "cost", gpu);
  if (key === "tokPerMW") return 1 / price(page, view, "kw", gpu);
  return 1;
}

// trendLines works out the lines of the trend from the build's trend table of the view's
// metric (history/trend-<metric>.json): per date (oldest first), each configuration the view
// shows (filters, legend clicks), its frontier read at ref. With best per GPU on, a line is a
// GPU: on each date its value, the frontier of the union of all its configurations' points
// (the table's gpus, site/history; docs/chart-page.md, "The trend"). The table holds that union
// for all of a GPU's configurations only: where the view hides some of them, the GPU's line is
// the best of its shown configurations' values, and partial names the GPU (trendPartialNote).
// Lines with no point at all are left out. Returns {dates, lines: [{key, name, color, values:
// [y or null per date], spreads: [the value's run-to-run range in percent per date, 0 for single
// runs: verdict.js's spreadAt]}], partial: [GPU names]}.
export function trendLines(page, table, view, selection, ref) {
  const dates = table.dates;
  const r = table.refX.indexOf(ref);
  const metric = metricOf(page, table.metric) || page.metrics[0];
  const better = metric.higher ? (a, b) => a > b : (a, b) => a < b;
  const lines = new Map();
  const hides = new Set(); // the GPUs the view hides a configuration of
  page.history.series.forEach((_, i) => {
    const s = seriesMeta(page, i);
    const pass = LISTS.every((list) => !view[list] || view[list].includes(facet(s, list)));
    if (!pass || (hasOwn(selection, s.name) && !selection[s.name])) hides.add(s.gpu);
  });
  page.history.series.forEach((_, i) => {
    const s = seriesMeta(page, i);
    const pass = LISTS.every((list) => !view[list] || view[list].includes(facet(s, list)));
    if (!pass || (hasOwn(selection, s.name) && !selection[s.name]) || r < 0) return;
    const key = view.best ? s.gpu : s.key;
    const whole = view.best && !hides.has(s.gpu) && table.gpus && table.gpus[s.gpu];
    if (!lines.has(key)) {
      const gpu = page.gpus[s.gpu] || {};
      // group: the legend's heading (the GPU), none when each line is a GPU already.
      lines.set(key, { key, name: view.best ? gpu.label || s.gpu : s.name, group: view.best ? "" : gpu.label || s.gpu,
        color: view.best ? gpu.color : s.color, values: dates.map(() => null), spreads: dates.map(() => 0), whole: !!whole });
    } else if (whole) {
      return; // the GPU's line is read once, off its union
    }
    const line = lines.get(key);
    const scale = trendScale(page, view, table.metric, s.gpu);
    // A GPU's union is a line of its own in the table's gpus, read as a configuration's is.
    const from = whole ? { refX: table.refX, lines: [table.gpus[s.gpu]] } : table;
    dates.forEach((_, d) => {
      const v = trendAt(from, whole ? 0 : i, d, r);
      if (v == null) return;
      const y = v * scale;
      if (!Number.isFinite(y)) return;
      if (line.values[d] == null || better(y, line.values[d])) {
        line.values[d] = y;
        line.spreads[d] = spreadAt(from, whole ? 0 : i, d, r); // the change table's threshold widens by it
      }
    });
  });
  // A configuration no date's frontier reaches ref with has nothing to draw.
  const sorted = [...lines.values()].filter((l) => l.values.some((v) => v != null)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const partial = view.best ? sorted.filter((l) => !l.whole).map((l) => l.name) : [];
  for (const l of sorted) delete l.whole;
  return { dates, lines: sorted, partial };
}

// trendPartialNote says which GPUs' lines are the best of their shown configurations rather
// than their frontier over all of them (trendLines' partial); "" when none.
export function trendPartialNote(trend) {
  return trend && trend.partial && trend.partial.length ? t("trend.partial", { gpus: trend.partial.join(", ") }) : "";
}

// trendGateNote says, while the view's accuracy gate or service-level gate is on, that the
// trend and the change table do not follow it; "" without a gate. Their values are read off
// each date's frontier of every point, precomputed per metric (history/trend-<metric>.json): a
// gate the reader may set to any task and score, or any limits, would need the frontier of
// every subset of points it can keep.
export function trendGateNote(page, view) {
  const notes = [];
  const gate = view && view.acc;
  if (gate && accuracyOf(page)) notes.push(t("trend.ungated", { gate: gateText(page, gate) }));
  const slo = view && view.slo;
  if (slo && slo.terms && slo.terms.length) notes.push(t("trend.unslo", { gate: gatePhrase(page, slo.terms) }));
  return notes.join(" ");
}

// changeRows are the change table's rows: each line's value on the baseline date and the
// newest date, the change in percent (null where either is missing), and with rule (the page's
// [verdict]: {threshold, consecutive}) its verdict (verdict.js) for a metric better higher or not,
// the threshold widened by the line's repeated runs' spreads as frontier diff widens it.
export function changeRows(trend, baseline, higher, rule) {
  const b = trend.dates.indexOf(baseline);
  const n = trend.dates.length - 1;
  return trend.lines.map((line) => {
    const from = b >= 0 ? line.values[b] : null;
    const to = line.values[n];
    const pct = from != null && to != null && from !== 0 ? (to / from - 1) * 100 : null;
    const verdict = rule ? since(line.values, b, higher, rule, line.spreads) : "";
    return { key: line.key, name: line.name, color: line.color, from, to, pct, verdict };
  });
}

// verdictText is a verdict as the change table words it; "" for none.
export function verdictText(v) {
  const words = {
    regression: t("verdict.regression"), suspicious: t("verdict.suspicious"), improvement: t("verdict.improvement"),
    noise: t("verdict.noise"), insufficient: t("verdict.insufficient"),
  };
  return words[v] || "";
}

// verdictNote says the change table's rule under it.
export function verdictNote(rule) {
  if (!rule) return "";
  return rule.consecutive > 1 ? t("verdict.ruleConsecutive", { threshold: rule.threshold, consecutive: rule.consecutive })
    : t("verdict.rule", { threshold: rule.threshold });
}

// fmtPct is a change as the home page writes it (Go's fmtChange): one decimal below 10%.
export function fmtPct(pct) {
  if (pct == null) return "";
  const s = Math.abs(pct) >= 9.95 ? pct.toFixed(0) : pct.toFixed(1).replace(/\.0$/, "");
  if (s === "0" || s === "-0") return "±0%";
  return (pct > 0 ? "+" : "") + s + "%";
}

const COLUMNS = ["name", "from", "to", "pct", "verdict"];

export class Trend {
  // live is the main chart; box holds the trend chart, controls the reference and baseline
  // menus, table the change table; onRef runs when the reader picks another reference.
  constructor(live, box, controls, table, onRef) {
    this.live = live;
    this.box = box;
    this.table = table;
    this.page = live.page;
    this.ref = refIn(this.page, location.hash);
    this.baseline = this.page.dates[this.page.dates.length - 1];
    this.sort = null; // {key, dir}
    this.near = false; // the section has neared the screen: its table is worth fetching
    this.tables = {}; // trend tables by metric key: {key: {table} or {promise}}
    this.trend = null;
    // The legend is HTML, as the main chart's (legend.js), in its own box beside the chart; an
    // entry shows or hides its line in this chart only (the main chart's legend decides which
    // configurations the trend has at all).
    this.legendBox = document.getElementById("trend-legend");
    this.hidden = new Set(); // names of the lines the reader hid here
    this.chart = null;
    if (window.IntersectionObserver) {
      const near = new IntersectionObserver((entries) => {
        if (!entries.some((en) => en.isIntersecting)) return;
        near.disconnect();
        this.near = true;
        this.update();
        live.interactive().catch(() => {});
      }, { rootMargin: "200px 0px" });
      near.observe(box);
    } else {
      this.near = true;
      live.interactive().catch(() => {});
    }
    this.refMenu = element("select", { id: "trend-ref", "aria-label": t("trend.reference") });
    for (const x of this.page.refX || []) {
      this.refMenu.append(element("option", { value: String(x), text: x + " " + this.page.x.unit }));
    }
    this.baseMenu = element("select", { id: "trend-baseline", "aria-label": t("trend.baseline") });
    // The baseline's dates come when the reader reaches for the menu (lazyOptions).
    lazyOptions(this.baseMenu, [this.baseline, this.baseline], () => this.page.dates.slice(1).map((d) => [d, d]));
    this.csv = element("a", { id: "change-csv", href: "#", text: t("trend.download") });
    controls.append(element("label", {}, [t("trend.at"), this.refMenu]), " · ", element("label", {}, [t("trend.since"), this.baseMenu]), " · ", this.csv);
    // The trend tables are the frontiers of every point (built in Go, one per metric): the
    // accuracy gate is not applied to them, and the page says so while a gate is on.
    this.gateNote = element("p", { id: "trend-gate", class: "trend-gate muted", hidden: true });
    controls.after(this.gateNote);
    this.refMenu.addEventListener("change", () => {
      this.ref = Number(this.refMenu.value);
      if (onRef) onRef();
      this.update();
    });
    this.baseMenu.addEventListener("change", () => {
      this.baseline = this.baseMenu.value;
      this.renderTable();
    });
    this.csv.addEventListener("click", (e) => {
      e.preventDefault();
      this.download();
    });
    table.addEventListener("click", (e) => {
      const button = e.target.closest && e.target.closest("button[data-sort]");
      if (!button) return;
      const key = button.getAttribute("data-sort");
      this.sort = { key, dir: this.sort && this.sort.key === key && this.sort.dir === "ascending" ? "descending" : "ascending" };
      this.renderTable();
      const again = table.querySelector('button[data-sort="' + key + '"]');
      if (again) again.focus();
    });
    // The trend is drawn by ECharts, which the page loads when the reader reaches for a chart
    // or nears this one. Asked last: when ECharts is there already (the reader reached for the
    // main chart while the page was still being set up), fn runs at once, and update needs the
    // menus above.
    live.whenInteractive(() => {
      this.chart = initECharts(box);
      this.update();
    });
  }

  // fragmentPart is the reference as the fragment keeps it, "" for the default.
  fragmentPart() {
    return this.ref === defaultRef(this.page) ? "" : "ref=" + encodeURIComponent(this.ref);
  }

  // readHash takes the reference from a fragment (the reader edited the address).
  readHash(hash) {
    this.ref = refIn(this.page, hash);
  }

  // update redraws the trend and the table for the main chart's current view, fetching the
  // trend table of its metric first.
  update() {
    this.refMenu.value = String(this.ref);
    setSelectValue(this.baseMenu, this.baseline);
    const live = this.live;
    const note = trendGateNote(live.page, live.view);
    this.gateNote.textContent = note;
    this.gateNote.hidden = !note;
    if (this.page !== live.page) {
      // The preview server swapped in a new build of the page: its tables are new too.
      this.page = live.page;
      this.tables = {};
    }
    if (!this.near || !live.computed || !this.page.history) return;
    const key = live.computed.metric.key;
    const file = this.page.history.trend[key];
    if (!file) return;
    const entry = this.tables[key];
    if (!entry) {
      const tables = this.tables;
      tables[key] = { promise: fetchJSON(new URL(file, live.url)) };
      tables[key].promise.then((table) => {
        tables[key] = { table };
        if (tables === this.tables) this.update();
      }, () => {
        delete tables[key];
      });
      return;
    }
    if (!entry.table) return;
    this.metric = live.computed.metric;
    this.trend = trendLines(this.page, entry.table, live.view, live.selection, this.ref);
    const partial = trendPartialNote(this.trend);
    if (partial) {
      this.gateNote.textContent = [note, partial].filter(Boolean).join(" ");
      this.gateNote.hidden = false;
    }
    this.draw();
    this.renderTable();
  }

  // draw sets the chart's option (once ECharts is in) and redraws the HTML legend from it.
  draw() {
    const option = this.option();
    if (this.chart) this.chart.setOption(option, { notMerge: true });
    if (!this.legendBox) return;
    const groups = new Map(this.trend.lines.map((l) => [l.name, l.group]));
    renderLegend(this.legendBox, option, (name) => groups.get(name) || "", (name) => {
      if (this.hidden.has(name)) this.hidden.delete(name);
      else this.hidden.add(name);
      this.draw();
    });
  }

  option() {
    const { dates, lines } = this.trend;
    const metric = this.metric;
    const unit = this.page.x.unit;
    const series = lines.map((line) => ({
      name: line.name, type: "line", showSymbol: true, symbolSize: 6, connectNulls: false,
      data: dates.map((d, i) => [d, line.values[i]]),
      itemStyle: { color: safeColor(line.color) }, lineStyle: { color: safeColor(line.color), width: 2 },
    }));
    // The changelog's entries that name a shown configuration, as markers along the x axis.
    const shown = new Set(this.live.computed.rows.filter((r) => r.visible).map((r) => r.series.key));
    const changes = (this.page.changes || []).filter((c) => c.series.some((k) => shown.has(k)));
    if (changes.length) {
      series.push({
        name: t("trend.changes"), type: "scatter", symbol: "triangle", symbolSize: 11, z: 4,
        data: changes.map((c) => ({ value: [c.date, 0], change: c })),
        itemStyle: { color: getComputedStyle(this.box).color || "#555" },
      });
    }
    const selected = {};
    for (const s of series) selected[s.name] = !this.hidden.has(s.name);
    return {
      animation: false,
      backgroundColor: "transparent",
      // The legend is HTML beside the chart (draw); ECharts' own, hidden, keeps the selection.
      // The y axis' name has the row above the plot to itself (the reference interactivity is
      // in the menu above and in the tooltip).
      grid: { left: 64, right: 16, top: 32, bottom: 36 },
      legend: { show: false, data: series.map((s) => s.name), selected },
      xAxis: { type: "time", name: "", axisLabel: { hideOverlap: true } },
      yAxis: { type: "value", name: metricName(metric), nameLocation: "end", nameGap: 10, nameTextStyle: { align: "left", verticalAlign: "bottom" }, min: 0 },
      tooltip: {
        trigger: "item", confine: true,
        formatter: (p) => {
          if (p.data && p.data.change) { // the changelog's markers
            const c = p.data.change;
            return escapeHTML(c.date) + "<br>" + escapeHTML(c.description);
          }
          return escapeHTML(p.seriesName) + "<br>" + escapeHTML(p.value[0]) + ": " + escapeHTML(fmtValue(metric, p.value[1])) + " " + escapeHTML(metric.unit) +
            tHTML("trend.atRef", { ref: escapeHTML(this.ref + " " + unit) });
        },
      },
      series,
    };
  }

  rows() {
    const rows = changeRows(this.trend, this.baseline, this.metric.higher, this.page.verdict);
    if (this.sort) {
      const { key, dir } = this.sort;
      const sign = dir === "ascending" ? 1 : -1;
      rows.sort((a, b) => {
        const x = a[key];
        const y = b[key];
        if (x == null || y == null) return x == null ? (y == null ? 0 : 1) : -1; // blanks last
        return (x < y ? -1 : x > y ? 1 : 0) * sign;
      });
    }
    return rows;
  }

  renderTable() {
    if (!this.trend) return;
    const metric = this.metric;
    const newest = this.trend.dates[this.trend.dates.length - 1];
    const titles = [t("table.configuration"), this.baseline, newest, t("trend.change"), t("verdict.h")];
    let html = '<table class="data change-table"><caption>' +
      tHTML("trend.caption", { metric: escapeHTML(metricName(metric)), ref: escapeHTML(this.ref + " " + this.page.x.unit) }) + "</caption><thead><tr>";
    COLUMNS.forEach((key, i) => {
      const sorted = this.sort && this.sort.key === key ? ' aria-sort="' + this.sort.dir + '"' : "";
      html += '<th scope="col"' + (i && key !== "verdict" ? ' class="num"' : "") + sorted + '><button type="button" data-sort="' + key + '">' + escapeHTML(titles[i]) + "</button></th>";
    });
    html += "</tr></thead><tbody>";
    for (const r of this.rows()) {
      html += '<tr data-key="' + escapeHTML(r.key) + '"><th scope="row"><span class="swatch" style="background-color:' + safeColor(r.color) + '"></span>' +
        escapeHTML(r.name) + "</th>" +
        '<td class="num">' + escapeHTML(fmtValue(metric, r.from)) + '</td><td class="num">' + escapeHTML(fmtValue(metric, r.to)) +
        '</td><td class="num" data-value="' + escapeHTML(r.pct == null ? "" : String(r.pct)) + '">' + escapeHTML(fmtPct(r.pct)) +
        '</td><td class="verdict" data-verdict="' + escapeHTML(r.verdict) + '">' + escapeHTML(verdictText(r.verdict)) + "</td></tr>";
    }
    const note = verdictNote(this.page.verdict);
    this.table.innerHTML = html + "</tbody></table>" + (note ? '<p class="muted verdict-note">' + escapeHTML(note) + "</p>" : "");
  }

  // csvText is the change table as shown (order included), full precision.
  csvText() {
    const newest = this.trend.dates[this.trend.dates.length - 1];
    const lines = [["configuration", "reference_x", "baseline_date", "baseline", "newest_date", "newest", "change_pct", "verdict"].join(",")];
    for (const r of this.rows()) {
      lines.push([r.name, this.ref, this.baseline, r.from, newest, r.to, r.pct, r.verdict].map((v) => csvCell(v == null ? "" : v)).join(","));
    }
    return lines.join("\n") + "\n";
  }

  download() {
    if (!this.trend) return;
    const a = element("a", { download: this.page.slug.replace(/[^a-z0-9-]+/gi, "-") + "-change.csv" });
    a.href = URL.createObjectURL(new Blob([this.csvText()], { type: "text/csv" }));
    document.body.appendChild(a);
    a.click();
    a.remove();
  }
}
