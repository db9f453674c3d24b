// A point's detail (issue 47), bundled on its own (Makefile: DETAIL) into assets/detail.js,
// which the chart page fetches the first time a reader opens a point (detail-hook.js). It
// shows, in a modal dialog: every statistic the point's file gave per metric (TTFT, TPOT,
// ITL, E2E latency, interactivity) as marks on a scale with the numbers; the requests'
// histograms where the file held every request, with the statistics its summary lacked
// computed from them and said so; the run (file, client, version, image, settings, requests
// completed and failed, date, run link); the same configuration's other loads, which move the
// detail to them; and the point's evals and notes. Its data comes from the page data and the
// page's detail chunks (render/detail.go), each fetched once. Every string from the data
// reaches the DOM as text. Sections are drawn from optional fields (SECTIONS): a field the
// data does not carry draws nothing, and a new one is a new entry.

import { element } from "./dom.js";
import { httpsLink } from "./format.js";
import { formatNumber, num, t, table, useStrings } from "./i18n.js";
import { column, requestsOf, successText } from "./model.js";
import { countedEval, notesOf, scoreLines } from "./accuracy.js";

// FAMILIES are the metric families of a detail, in the order shown; STATS the statistics of
// each family's six values, in the catalog's order (mean, median, p90, p99, p99.9, std).
export const FAMILIES = ["ttft", "tpot", "itl", "e2el", "intvty"];
export const STATS = ["mean", "median", "p90", "p99", "p99.9", "std"];

// statRows are a point's rows of statistics: one a family the file or its requests give, each
// {family, marks: [{stat, value, computed}]} with the standard deviation apart (std), latencies
// in milliseconds. A value the file gives is never replaced by a computed one.
export function statRows(d) {
  const rows = [];
  const stats = (d && d.stats) || {};
  const computed = (d && d.requests && d.requests.computed) || {};
  for (const family of FAMILIES) {
    const own = stats[family] || [];
    const more = computed[family] || [];
    const scale = family === "intvty" ? 1 : 1000;
    const marks = [];
    let std = null;
    STATS.forEach((stat, i) => {
      const v = typeof own[i] === "number" ? own[i] : typeof more[i] === "number" ? more[i] : null;
      if (v == null) return;
      const mark = { stat, value: v * scale, computed: typeof own[i] !== "number" };
      if (stat === "std") std = mark;
      else marks.push(mark);
    });
    if (marks.length || std) rows.push({ family, unit: family === "intvty" ? "tok/s/user" : "ms", marks, std });
  }
  return rows;
}

// binEdges are a histogram's bins as [from, to] in milliseconds (bin k from lo spans
// 10^(k/per) to 10^((k+1)/per) seconds).
export function binEdges(h, per) {
  return h.counts.map((_, i) => [1000 * Math.pow(10, (h.lo + i) / per), 1000 * Math.pow(10, (h.lo + i + 1) / per)]);
}

// idAt is the id of the published point an ECharts click names (seriesIndex, dataIndex of a
// scatter series), or null (a frontier line, a reader's own run).
export function idAt(live, params) {
  if (!params || params.seriesType !== "scatter" || !live.computed) return null;
  const row = live.computed.rows[params.seriesIndex];
  if (!row || row.series.yours) return null;
  const point = row.series.points[row.shown[params.dataIndex]];
  return point ? String(point[column(live.page, "id")]) : null;
}

// idNear is the id of the published point drawn nearest to at (a click's viewport pixels) on
// the live chart, within 16 pixels, or null.
export function idNear(live, at) {
  const chart = live.chart;
  if (!chart || !live.computed || !at) return null;
  const r = live.element.getBoundingClientRect();
  const x = at[0] - r.left;
  const y = at[1] - r.top;
  let best = null;
  let most = 16 * 16;
  (chart.getOption().series || []).forEach((s, si) => {
    const row = live.computed.rows[si];
    if (s.type !== "scatter" || !row || !row.visible || row.series.yours) return;
    (s.data || []).forEach((d, di) => {
      const v = Array.isArray(d) ? d : d && d.value;
      const px = v ? chart.convertToPixel({ seriesIndex: si }, [Number(v[0]), Number(v[1])]) : null;
      if (!px) return;
      const dd = (px[0] - x) * (px[0] - x) + (px[1] - y) * (px[1] - y);
      if (dd < most) {
        most = dd;
        best = idAt(live, { seriesType: "scatter", seriesIndex: si, dataIndex: di });
      }
    });
  });
  return best;
}

// findPoint is where point id is in the page's newest snapshot: {si, i, series, point}, or null.
export function findPoint(page, id) {
  const c = column(page, "id");
  for (let si = 0; si < page.series.length; si++) {
    const s = page.series[si];
    const i = s.points.findIndex((p) => String(p[c]) === String(id));
    if (i >= 0) return { si, i, series: s, point: s.points[i] };
  }
  return null;
}

// findShown is where point id is in the snapshot the chart shows when that is an older one
// (the reader chose a date): {si, i, series, point, older: date}, or null. Its detail is what
// the page data knows of it; statistics, file and settings are the newest results' only.
export function findShown(live, id) {
  const date = live.view && live.view.date;
  const shown = date && live.snapshots && live.snapshots[date];
  if (!shown || shown.series === live.page.series) return null;
  const c = column(live.page, "id");
  for (let si = 0; si < shown.series.length; si++) {
    const s = shown.series[si];
    const i = s.points.findIndex((p) => String(p[c]) === String(id));
    if (i >= 0) return { si, i, series: s, point: s.points[i], older: shown.date || date };
  }
  return null;
}

// neighbours are the other loads of a point's configuration (its series): [{id, conc, rate,
// current}], by concurrency.
export function neighbours(page, at) {
  const c = column(page, "id");
  const conc = column(page, "conc");
  const rate = column(page, "request_rate");
  return at.series.points.map((p) => ({ id: String(p[c]), conc: p[conc], rate: rate >= 0 ? p[rate] : null, current: p === at.point }))
    .sort((a, b) => (a.conc || 0) - (b.conc || 0) || (a.rate || 0) - (b.rate || 0) || (a.id < b.id ? -1 : 1));
}

// whole writes a count (requests, a concurrency) as the page's language writes whole numbers.
const whole = (n) => formatNumber(n, { maximumFractionDigits: 0 });

// label is the page's name of a statistic, metric family or run field ([script.detail]).
let names = null;
const label = (key) => {
  names = names || table("detail.");
  return names[key] || key;
};

const loadText = (n) => (n.conc > 0 ? t("detail.conc", { n: whole(n.conc) }) : n.rate > 0 ? t("detail.rate", { n: num(n.rate) }) : t("detail.unlimited"));

// inflate fetches a detail chunk (stored gzipped, as the history's chunks: the host sends it as
// it is) and parses it.
function fetchChunk(url) {
  return fetch(url).then((res) => {
    if (!res.ok) throw new Error(res.status + " " + res.statusText);
    if (typeof DecompressionStream === "undefined") throw new Error(t("errors.cannotInflate", { url }));
    return new Response(res.body.pipeThrough(new DecompressionStream("gzip"))).json();
  });
}

const chunks = {}; // file -> promise of its points by id

function detailOf(live, at) {
  const index = live.page.detail;
  const file = index.files[index.chunk[at.si]];
  if (!chunks[file]) {
    chunks[file] = fetchChunk(new URL(file, location.href).href).then((data) => {
      const byID = {};
      for (const p of data.points) byID[String(p.id)] = p;
      return byID;
    });
    chunks[file].catch(() => delete chunks[file]);
  }
  return chunks[file].then((byID) => byID[String(at.point[column(live.page, "id")])] || {});
}

// place is where v sits on a row's scale, in percent: linear from 0 to the largest value, or
// logarithmic between the smallest and the largest when they are more than ten times apart
// (a p99.9 far out in the tail would otherwise press the rest into one corner).
export function place(v, values) {
  const hi = Math.max.apply(null, values);
  const lo = Math.min.apply(null, values);
  if (!(hi > 0)) return 0;
  if (lo > 0 && hi / lo > 10) return 4 + 92 * Math.log(v / lo) / Math.log(hi / lo);
  return 96 * v / hi;
}

// scale is one family's row drawn: a line, each statistic a tick on it (its name in its
// title), the numbers after it.
function scale(row) {
  const values = row.marks.map((m) => m.value);
  const line = element("span", { class: "pd-scale", "aria-hidden": "true" }, row.marks.map((m) =>
    element("span", { class: "pd-mark pd-" + m.stat.replace(".", ""), style: "left:" + place(m.value, values).toFixed(2) + "%", title: label(m.stat.replace(".", "")) })));
  const numbers = row.marks.map((m) => element("span", { class: "pd-num" }, [
    element("abbr", { text: label(m.stat.replace(".", "")) }), " " + num(m.value) + (m.computed ? "*" : "")]));
  if (row.std) numbers.push(element("span", { class: "pd-num" }, [element("abbr", { text: label("std") }), " " + num(row.std.value) + (row.std.computed ? "*" : "")]));
  return element("div", { class: "pd-row" }, [
    element("span", { class: "pd-name", text: label(row.family) + " (" + row.unit + ")" }), line,
    element("span", { class: "pd-nums" }, numbers)]);
}

// bars is a histogram's counts as a small SVG bar chart, each bar's height its count over the
// largest; an empty bin draws nothing.
function bars(counts) {
  const most = Math.max.apply(null, counts) || 1;
  const w = 100 / (counts.length || 1);
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 100 40");
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("class", "pd-hist");
  svg.setAttribute("aria-hidden", "true");
  counts.forEach((n, i) => {
    if (!n) return;
    const r = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    const height = 40 * n / most;
    r.setAttribute("x", (i * w + w * 0.1).toFixed(2));
    r.setAttribute("width", (w * 0.8).toFixed(2));
    r.setAttribute("y", (40 - height).toFixed(2));
    r.setAttribute("height", height.toFixed(2));
    svg.appendChild(r);
  });
  return svg;
}

// histogram is a small bar chart of a histogram (SVG), log scale by its bins.
function histogram(title, h, per) {
  const edges = binEdges(h, per);
  const svg = bars(h.counts);
  const total = h.counts.reduce((a, b) => a + b, 0);
  return element("figure", { class: "pd-histo" }, [svg,
    element("figcaption", { text: t("detail.histogram", { metric: title, n: whole(total), from: num(edges[0][0]), to: num(edges[edges.length - 1][1]) }) })]);
}

// lengths is a histogram of per-request token counts on its log-spaced bins (h.edges) with its
// fitted lognormal (render's LengthsDetail): the bars, then the fit's μ, σ, median and
// Kolmogorov–Smirnov distance, and the requests of 0 tokens, which no bin holds.
function lengths(title, h) {
  const svg = bars(h.counts);
  const caption = [t("detail.lengths", { metric: title, n: whole(h.n), from: num(h.edges[0]), to: num(h.edges[h.edges.length - 1]) })];
  if (typeof h.mu === "number") caption.push(" " + t("detail.lognormal", { mu: num(h.mu), sigma: num(h.sigma), median: whole(h.median), ks: num(h.ks) }));
  if (h.zero) caption.push(" " + t("detail.zeroTokens", { n: whole(h.zero) }));
  return element("figure", { class: "pd-histo" }, [svg, element("figcaption", { text: caption.join("") })]);
}

// agentic is an agentic point's own section (render's AgenticDetail): the cache hit rates side
// by side, then the KV cache, the requests, the deployment's facts and the lengths.
function agentic(a) {
  const pct = (v) => (typeof v === "number" ? num(v * 100) + "%" : "–");
  const rates = element("div", { class: "pd-rates" }, ["cacheTheoretical", "cacheGPU", "cacheCPU", "cacheExternal"].map((k, i) =>
    element("div", { class: "pd-rate" }, [element("b", { text: pct(a.cache[i]) }), " ", element("span", { class: "muted", text: label(k) })])));
  const items = [];
  const add = (key, value) => {
    if (value == null || value === "") return;
    items.push(element("dt", { text: label(key) }), element("dd", { text: String(value) }));
  };
  add("kvUsage", typeof a.kvUsage === "number" ? pct(a.kvUsage) : null);
  add("kvCapacity", typeof a.kvCapacity === "number" ? t("detail.tokens", { n: whole(a.kvCapacity) }) : null);
  add("profiled", typeof a.profiled === "number" ? whole(a.profiled) + (a.total ? " / " + whole(a.total) : "") : null);
  add("warmupDropped", typeof a.warmup === "number" ? whole(a.warmup) : null);
  add("errorDropped", typeof a.errors === "number" ? whole(a.errors) +
    (a.byError ? " (" + a.byError.map((e) => e[0] + ": " + whole(e[1])).join(", ") + ")" : "") : null);
  add("spec", a.spec ? String(a.spec).toUpperCase() : t("filters.none"));
  add("offload", a.offload ? a.offload + (a.backend ? " (" + a.backend + ")" : "") +
    (typeof a.dramGB === "number" ? ", " + t("detail.dram", { n: whole(a.dramGB) }) : "") : t("filters.none"));
  add("stages", a.prefillHW ? t("detail.stagesHW", { prefill: a.prefillHW, decode: a.decodeHW }) : a.disagg ? t("filters.disaggregated") : null);
  add("router", a.router);
  if (a.powerInvalid) add("power", t("detail.powerInvalid"));
  const out = [element("h3", { text: t("detail.agentic", { scenario: a.scenario }) }), rates, element("dl", { class: "pd-facts" }, items)];
  const hists = [a.isl ? lengths(t("detail.isl"), a.isl) : null, a.osl ? lengths(t("detail.osl"), a.osl) : null];
  if (a.isl || a.osl) out.push(element("div", { class: "pd-hists" }, hists));
  return out;
}

// RUN_FIGURES are the figures the runs table lists, by the detail data's names (render's
// runFigureKeys); LATENCY those in seconds, shown in milliseconds as the statistics are.
const RUN_FIGURES = ["tpPerGpu", "outputTputPerGpu", "inputTputPerGpu", "median_intvty", "median_ttft", "median_tpot", "median_e2el"];
const LATENCY = /_(ttft|tpot|e2el)$/;

// SECTIONS draw the detail, each [name, draw]: draw makes its nodes from what it needs of
// {live, at, d}, or nothing (null) when the point has none of it.
const SECTIONS = [
  ["statistics", function ({ d }) {
    const rows = statRows(d);
    const out = [element("h3", { text: t("detail.statistics") })];
    if (!rows.length) return out.concat(element("p", { text: t("detail.noStats") }));
    out.push(element("div", { class: "pd-stats" }, rows.map(scale)));
    if (rows.some((r) => r.marks.some((m) => m.computed) || (r.std && r.std.computed))) {
      out.push(element("p", { class: "muted", text: t("detail.computed", { n: whole(d.requests.n) }) }));
    }
    return out;
  }],
  ["agentic", function ({ d }) { return d.agentic ? agentic(d.agentic) : null; }],
  ["requests", function ({ d }) {
    const q = d.requests;
    if (!q || !(q.ttft || q.tpot)) return null;
    return [element("h3", { text: t("detail.requests", { n: whole(q.n) }) }), element("div", { class: "pd-hists" }, [
      q.ttft ? histogram(t("detail.ttft"), q.ttft, q.per) : null, q.tpot ? histogram(t("detail.tpot"), q.tpot, q.per) : null])];
  }],
  // The success line and the list of repeated runs come with the points that carry them
  // (d.success, d.runs): drawn here when they do.
  ["run", function ({ live, at, d }) {
    const page = live.page;
    const r = d.run || {};
    const at1 = (name) => (column(page, name) >= 0 ? at.point[column(page, name)] : null);
    const items = [];
    const add = (key, value, node) => {
      if (value == null || value === "") return;
      items.push(element("dt", { text: label(key) }), element("dd", {}, [node || String(value)]));
    };
    add("file", r.file, r.file ? element("code", { text: "data/" + r.file }) : null);
    add("client", r.client && r.version ? r.client + " " + r.version : r.client);
    add("image", r.image, r.image ? element("code", { text: r.image }) : null);
    add("topology", r.topology);
    add("date", at1("date"));
    const link = httpsLink(r.link || at1("runUrl"));
    const id = at1("run");
    add("run", link || id, link ? element("a", { href: link, rel: "noopener", text: id || link }) : null);
    if (typeof r.completed === "number") add("requestsCompleted", whole(r.completed));
    if (typeof r.failed === "number") add("requestsFailed", whole(r.failed));
    if (typeof r.completed === "number" && typeof r.failed === "number" && r.completed + r.failed > 0) {
      add("success", t("tooltip.success", { pct: successText(r.completed / (r.completed + r.failed)),
        completed: whole(r.completed), attempted: whole(r.completed + r.failed) }));
    } else {
      // An older snapshot's point has no run in the detail; the page data has its counts.
      const q = requestsOf(page, at.series, at.i);
      add("success", q ? t("tooltip.success", { pct: successText(q.completed / q.attempted), completed: whole(q.completed), attempted: whole(q.attempted) })
        : t("tooltip.successUnknown")); // drawn faded where others' success is known (option.js)
    }
    const out = [element("h3", { text: t("detail.runHeading") }), element("dl", { class: "pd-facts" }, items)];
    if (r.settings && r.settings.length) {
      out.push(element("details", { class: "pd-settings" }, [element("summary", { text: t("detail.settings", { n: r.settings.length }) }),
        element("dl", {}, [].concat.apply([], r.settings.map((s) => [element("dt", {}, [element("code", { text: s[0] })]),
          // A command line (AIPerf's cli_command, its unlisted options left out) reads as code.
          s[0] === "cli_command" ? element("dd", {}, [element("code", { text: s[1] })]) : element("dd", { text: s[1] })])))]));
    }
    return out;
  }],
  // A point made of several runs: each run with its own figures, the point's being their
  // medians.
  ["runs", function ({ d }) {
    const runs = d.runs;
    if (!runs || runs.length < 2) return null;
    const used = RUN_FIGURES.filter((k) => runs.some((r) => r.figures && typeof r.figures[k] === "number"));
    const counted = runs.some((r) => typeof r.attempted === "number");
    const head = element("tr", {}, [element("th", { scope: "col", text: label("runPlace") })]
      .concat(used.map((k) => element("th", { scope: "col", class: "num", text: label("fig_" + k) })),
        counted ? [element("th", { scope: "col", class: "num", text: label("runRequests") })] : []));
    const rows = runs.map((r) => {
      const link = httpsLink(r.link);
      const cells = [element("td", {}, [link ? element("a", { href: link, rel: "noopener", text: r.place }) : element("code", { text: r.place })])];
      for (const k of used) {
        const v = r.figures ? r.figures[k] : null;
        cells.push(element("td", { class: "num", text: typeof v !== "number" ? "" : LATENCY.test(k) ? num(v * 1000) : num(v) }));
      }
      if (counted) {
        cells.push(element("td", { class: "num", text: typeof r.attempted === "number"
          ? successText(r.completed / r.attempted) + " (" + whole(r.completed) + "/" + whole(r.attempted) + ")" : "" }));
      }
      return element("tr", {}, cells);
    });
    return [element("h3", { text: t("detail.runsHeading", { n: whole(runs.length) }) }),
      element("div", { class: "pd-runs" }, [element("table", {}, [element("thead", {}, [head]), element("tbody", {}, rows)])])];
  }],
  ["loads", function ({ live, at }) {
    const list = neighbours(live.page, at);
    if (list.length < 2) return null;
    return [element("h3", { text: t("detail.neighbours") }), element("ul", { class: "pd-loads" }, list.map((n) =>
      element("li", {}, [element("button", { type: "button", "data-pt": n.id, "aria-current": n.current ? "true" : null, text: loadText(n) })])))];
  }],
  ["evals", function ({ live, at }) {
    const page = live.page;
    const date = live.view ? live.view.date : "";
    const lines = scoreLines(page, at.point, date).filter((s) => countedEval(page, at.point, s.task, date)).map((s) => s.text)
      .concat(notesOf(page, at.point).map((n) => n.text));
    if (!lines.length) return null;
    return [element("h3", { text: t("detail.evals") }), element("ul", {}, lines.map((text) => element("li", { text })))];
  }],
];

// CSS is the dialog's style, added with it: the page's style.css, which every page loads,
// carries none of it. It fits a 360-px phone: the dialog takes the screen's width less a margin,
// scrolls inside itself, and its rows wrap.
const CSS = `
.point-detail{width:min(44rem,calc(100vw - 1rem));max-height:calc(100vh - 2rem);padding:0;border:1px solid var(--line);border-radius:var(--radius);background:var(--bg);color:var(--fg);box-sizing:border-box}
.point-detail::backdrop{background:rgba(0,0,0,.4)}
.pd-head{display:flex;gap:.5rem;align-items:flex-start;justify-content:space-between;padding:.75rem 1rem;border-bottom:1px solid var(--line);position:sticky;top:0;background:var(--bg)}
.pd-rates{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;margin:.25rem 0 .5rem}
.pd-head h2{font-size:1.05rem;margin:0;overflow-wrap:anywhere}
.pd-close{flex:none;white-space:nowrap}
.pd-body{padding:0 1rem 1rem}
.pd-body h3{font-size:.95rem;margin:1rem 0 .4rem}
.pd-row{display:grid;grid-template-columns:minmax(6rem,9rem) 1fr;gap:.15rem .75rem;align-items:center;margin:.5rem 0}
.pd-nums{grid-column:1/-1;display:flex;flex-wrap:wrap;gap:.2rem .8rem;font-variant-numeric:tabular-nums;font-size:.9rem}
.pd-nums abbr{color:var(--muted);text-decoration:none}
.pd-scale{position:relative;height:.9rem;border-bottom:2px solid var(--line)}
.pd-mark{position:absolute;bottom:-2px;width:2px;height:.9rem;margin-left:-1px;background:var(--accent)}
.pd-median{width:4px;margin-left:-2px;background:var(--fg)}
.pd-mean{background:var(--good)}
.pd-p99,.pd-p999{background:var(--warn)}
.pd-hists{display:flex;flex-wrap:wrap;gap:1rem}
.pd-histo{flex:1 1 14rem;margin:0}
.pd-hist{width:100%;height:4.5rem;fill:var(--accent);border-bottom:1px solid var(--line)}
.pd-histo figcaption{font-size:.85rem;color:var(--muted)}
.pd-facts,.pd-settings dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem .75rem;margin:0}
.pd-facts dd,.pd-settings dd{margin:0;overflow-wrap:anywhere}
.pd-runs{overflow-x:auto}
.pd-runs table{border-collapse:collapse;font-size:.85rem;font-variant-numeric:tabular-nums}
.pd-runs th,.pd-runs td{padding:.15rem .5rem;text-align:left;white-space:nowrap}
.pd-runs .num{text-align:right}
.pd-loads{display:flex;flex-wrap:wrap;gap:.4rem;list-style:none;padding:0;margin:0}
.pd-loads button[aria-current=true]{font-weight:bold;outline:2px solid var(--accent)}
tr[data-pt]{cursor:pointer}
`;

let dialog = null; // the one dialog, made on first open
let state = null; // {live, id, from, rowOf, set}

function make() {
  document.head.appendChild(element("style", { text: CSS }));
  dialog = element("dialog", { class: "point-detail", "aria-labelledby": "pd-title" }, [
    element("div", { class: "pd-head" }, [element("h2", { id: "pd-title" }), element("button", { type: "button", class: "pd-close", text: t("detail.close") })]),
    element("div", { class: "pd-body", role: "region", "aria-live": "polite" })]);
  document.body.appendChild(dialog);
  dialog.querySelector(".pd-close").addEventListener("click", () => dialog.close());
  // A click on the backdrop (outside the dialog's box) closes it, as Escape does.
  dialog.addEventListener("click", (e) => {
    if (e.target === dialog) {
      const r = dialog.getBoundingClientRect();
      if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) dialog.close();
    }
    const b = e.target.closest && e.target.closest("button[data-pt]");
    if (b && state) show(b.getAttribute("data-pt"), true);
  });
  dialog.addEventListener("close", () => {
    const s = state;
    state = null;
    if (!s) return;
    s.set("");
    // Focus returns to the point's row in the points table, or where it was, or (a point
    // the table does not show, chosen on the chart or by a link) to the chart.
    const row = s.rowOf(s.id);
    let back = row || s.from;
    if (!back && s.live.element) {
      back = s.live.element;
      if (!back.hasAttribute("tabindex")) back.setAttribute("tabindex", "-1");
    }
    if (back && back.focus) {
      back.focus();
      if (row && row.scrollIntoView) row.scrollIntoView({ block: "nearest" });
    }
  });
}

// show draws point id in the dialog; moved says a neighbour's button asked for it.
function show(id, moved) {
  const { live } = state;
  state.id = String(id);
  if (moved) state.set(state.id);
  const title = dialog.querySelector("#pd-title");
  const body = dialog.querySelector(".pd-body");
  const at = findPoint(live.page, id) || findShown(live, id);
  if (!at) {
    title.textContent = t("detail.title", { id });
    body.replaceChildren(element("p", { text: t("detail.notHere") }));
    return;
  }
  const s = at.series;
  const conc = at.point[column(live.page, "conc")];
  title.textContent = s.label + " · " + String(s.precision || "").toUpperCase() + " · " +
    (conc > 0 ? t("detail.conc", { n: whole(conc) }) : t("detail.title", { id }));
  body.replaceChildren(element("p", { class: "muted", text: t("detail.loading") }));
  Promise.all([at.older ? {} : detailOf(live, at), live.loadLight()]).then(([d]) => {
    if (!state || state.id !== String(id)) return;
    const parts = [];
    if (at.older) parts.push(element("p", { class: "muted pd-older", text: t("detail.older", { date: at.older, newest: live.page.dates[0] || "" }) }));
    for (const [name, draw] of SECTIONS) {
      const nodes = draw({ live, at, d });
      if (nodes) parts.push(element("section", { class: "pd-" + name }, nodes));
    }
    body.replaceChildren.apply(body, parts);
    if (moved) {
      const current = body.querySelector('button[aria-current="true"]');
      if (current) current.focus();
    }
  }, (e) => {
    if (state && state.id === String(id)) body.replaceChildren(element("p", { text: t("detail.failed", { error: e.message }) }));
  });
}

// addStrings adds the detail's strings to the page's: [script.detail] of the page's language,
// which no page carries in its #strings; the build puts them before this module as
// window.frontierDetailStrings. Without them the detail shows their keys.
let added = false;
function addStrings() {
  if (added) return;
  added = true;
  let page = {};
  const node = document.getElementById("strings");
  try {
    page = node ? JSON.parse(node.textContent) : {};
  } catch (e) {
    // a broken catalog shows every key
  }
  const more = window.frontierDetailStrings || {};
  for (const k of Object.keys(more)) page["detail." + k] = more[k];
  useStrings(page, document.documentElement.lang || "en");
  names = null;
}

// open shows the detail of the point a reader chose: options.id (pt= in the fragment),
// options.params (a click on the chart: ECharts' event), options.at (a click on the chart's
// picture before ECharts drew: where) or options.row (its row in the points table), with options.live (the page's LiveChart), rowOf(id) (the point's row in the points
// table, for focus to return to) and set(id) (the id shown, "" once closed, for the fragment).
function open(options) {
  const from = options.row || null;
  const id = options.row ? options.row.getAttribute("data-pt") : options.params ? idAt(options.live, options.params)
    : options.at ? idNear(options.live, options.at) : options.id;
  if (!id) return;
  addStrings();
  if (!dialog) make();
  state = { live: options.live, rowOf: options.rowOf, set: options.set, from, id: String(id) };
  state.set(state.id);
  show(id, false);
  if (!dialog.open) dialog.showModal();
  dialog.querySelector(".pd-close").focus();
}

if (typeof window !== "undefined") window.frontierDetail = { open };
