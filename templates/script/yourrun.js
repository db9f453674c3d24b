// "Your run": the reader's own result files drawn over the published chart. Its own bundle,
// templates/assets/yourrun.js (make deps), a content-hashed asset the chart page fetches only when
// a reader adds a file (yourrun-hook.js). Files are read in the browser (File.text) and never sent
// anywhere; nothing of them goes into the URL fragment. Each file is normalised by the build's
// rules (yourrun-decode.js); a bench-serve result without its context (GPU, GPU count, precision,
// ...) gets it from a small form, prefilled from the file's name and the page and remembered for
// the session. The rows become the reader's own series, one per configuration, in a colour and
// marker no published series uses; the leaders table reads them against the best published
// value, and a sentence under the chart says where they stand. Every string from a file reaches
// the page as text.

import { CONTEXT, FRAMEWORK_LABELS, GPUS, decode, hwKey, lengthOf, normFramework, normGPU, normPrecision, runIDOf, seriesLabel, topologyString } from "./yourrun-decode.js";
import { element } from "./dom.js";
import { fmtValue, t } from "./i18n.js";
import * as pareto from "./pareto.js";

// COLOR and SYMBOL are the reader's own: charts/style.go's palette has no such colour, and its
// markers are ECharts' named ones, never this star.
export const COLOR = "#ff00aa";
export const SYMBOL = "path://M12 1.5l3.09 6.26 6.91 1-5 4.87 1.18 6.88L12 17.27l-6.18 3.24L7 13.63 2 8.76l6.91-1z";

// MAX_BYTES is the largest file read, as the build reads no data file over 256 MiB.
const MAX_BYTES = 256 << 20;

// STORE is the session's remembered answers to the form (sessionStorage, this tab only).
const STORE = "frontier.yourRun.context";

// fieldLabel is the form's label of a context key (CONTEXT's).
const fieldLabel = (k) => ({
  gpu: t("yourrun.gpu"), gpus: t("yourrun.gpus"), framework: t("yourrun.framework"), precision: t("yourrun.precision"),
  isl: t("yourrun.isl"), osl: t("yourrun.osl"), model: t("yourrun.model"),
})[k];

function remembered() {
  try {
    return JSON.parse(sessionStorage.getItem(STORE) || "{}") || {};
  } catch (e) {
    return {};
  }
}

function remember(ctx) {
  try {
    sessionStorage.setItem(STORE, JSON.stringify(ctx));
  } catch (e) {
    // storage off: the form asks again next time
  }
}

// guess reads context from a file's name ("mi300x-sglang-fp8-tp8-conc4.json"), over what the
// session remembered, over the page (its model and sequence).
export function guess(name, page, session) {
  const ctx = Object.assign({}, session);
  const [isl, osl] = String(page.sequence || "").split("/").map(lengthOf);
  if (!ctx.isl && isl > 0) ctx.isl = isl;
  if (!ctx.osl && osl > 0) ctx.osl = osl;
  if (!ctx.model && page.model) ctx.model = page.model;
  const words = String(name).toLowerCase().split(/[^a-z0-9.]+/).filter(Boolean);
  const gpus = Object.keys(page.gpus || {}).concat(Object.keys(GPUS));
  for (const w of words) {
    if (gpus.includes(normGPU(w))) ctx.gpu = normGPU(w);
    else if (FRAMEWORK_LABELS[normFramework(w, false)[0]]) ctx.framework = normFramework(w, false)[0];
    else if (/^(fp4|fp8|bf16|fp16|int4|int8|mxfp4|nvfp4)$/.test(w)) ctx.precision = normPrecision(w);
    else if (/^(tp|gpus?)(\d+)$/.test(w)) ctx.gpus = Number(/\d+/.exec(w)[0]);
    else if (/^(\d+)gpus?$/.test(w)) ctx.gpus = Number(/\d+/.exec(w)[0]);
  }
  return ctx;
}

// newest keeps, of rows measuring the same configuration, topology and concurrency (a history
// file's dates), the newest, as the page's newest snapshot does; an undated row is the oldest.
export function newest(accepted) {
  const keep = new Map();
  for (const a of accepted) {
    const r = a.row;
    const id = [hwKey(r.gpu, r.framework, r.spec, r.disagg), r.precision, topologyString(r.topology), r.conc].join("\u0000");
    const had = keep.get(id);
    if (!had || r.date >= had.row.date) keep.set(id, a);
  }
  return accepted.filter((a) => {
    const r = a.row;
    return keep.get([hwKey(r.gpu, r.framework, r.spec, r.disagg), r.precision, topologyString(r.topology), r.conc].join("\u0000")) === a;
  });
}

// seriesOf turns accepted rows ({row, file}) into the reader's series in the page's columns.
export function seriesOf(page, accepted) {
  const groups = new Map();
  for (const a of newest(accepted)) {
    const r = a.row;
    const key = "yours:" + hwKey(r.gpu, r.framework, r.spec, r.disagg) + "@" + r.precision;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(a);
  }
  let id = 0;
  return Array.from(groups.keys()).sort().map((key) => {
    const items = groups.get(key).slice().sort((a, b) => (a.row.metrics.median_intvty || 0) - (b.row.metrics.median_intvty || 0));
    const r = items[0].row;
    const known = page.gpus && page.gpus[r.gpu];
    const gpuLabel = (known && known.label) || (GPUS[r.gpu] && GPUS[r.gpu][0]) || r.gpu.toUpperCase();
    const label = seriesLabel(gpuLabel, r.framework, r.spec, r.disagg);
    const points = items.map(({ row }) => page.cols.map((col) => {
      const m = row.metrics;
      switch (col) {
        case "id": return -(++id); // clear of the build's ids, which are never negative
        case "x": return m.median_intvty;
        case "tpPerGpu": return m.tput_per_gpu;
        case "outputTputPerGpu": return m.output_tput_per_gpu;
        case "inputTputPerGpu": return m.input_tput_per_gpu;
        case "conc": return row.conc;
        case "tp": return row.topology.tp;
        case "date": return row.date;
        case "run": return runIDOf(row.runUrl);
        case "topology": return topologyString(row.topology);
        case "image": return row.image;
        case "runUrl": return row.runUrl;
        default: return col in m ? m[col] : null;
      }
    }));
    return {
      key, name: t("yourrun.seriesName", { configuration: label + " " + r.precision.toUpperCase() }), hw: hwKey(r.gpu, r.framework, r.spec, r.disagg),
      gpu: r.gpu, vendor: (GPUS[r.gpu] && GPUS[r.gpu][1]) || "", framework: r.framework, spec: r.spec, precision: r.precision,
      label, color: COLOR, symbol: SYMBOL, dash: "solid", best: false, date: "", points,
      deploy: r.disagg ? "disaggregated" : "single-node", yours: true, files: items.map((a) => a.file),
    };
  });
}

// standing is where each of the reader's series stands: at each reference of the x axis, its
// frontier's value against the best published frontier's there, and whose that is.
export function standing(live) {
  const { rows, metric, axis } = live.computed;
  const page = live.page;
  const refs = (axis && axis.col !== "x" ? axis.refs : page.refX) || [];
  const unit = axis && axis.col !== "x" ? axis.unit : page.x.unit;
  const curve = (r) => pareto.monotone(r.front.map((i) => r.xs[i]), r.front.map((i) => r.ys[i]));
  const published = rows.filter((r) => r.visible && !r.series.yours).map((r) => ({ row: r, curve: curve(r) }));
  return rows.filter((r) => r.series.yours).map((r) => {
    const own = curve(r);
    const at = refs.map((x) => {
      const y = own.at(x);
      let top = null;
      for (const p of published) {
        const v = p.curve.at(x);
        if (v != null && (top == null || (metric.higher ? v > top.y : v < top.y))) top = { y: v, name: p.row.series.name };
      }
      return { x, y, best: top };
    }).filter((s) => s.y != null);
    return { name: r.series.name, metric, unit, at };
  });
}

// sentence is the line under the chart for one series' standing.
export function sentence(s) {
  const m = s.metric;
  if (!s.at.length) return t("yourrun.reachesNone", { name: s.name });
  const parts = s.at.map((a) => t("yourrun.at", { value: fmtValue(m, a.y), unit: m.unit, x: +a.x.toPrecision(6), xUnit: s.unit }) +
    (a.best ? t("yourrun.vsBest", { ratio: +(a.y / a.best.y).toFixed(2), best: a.best.name }) : t("yourrun.noneReaches")));
  const said = { name: s.name, parts: parts.join(t("yourrun.partSeparator")) };
  return m.higher ? t("yourrun.standing", said) : t("yourrun.standingLower", said);
}

// Controller holds the reader's files and draws them.
class Controller {
  constructor({ live, box, onDraw }) {
    this.live = live;
    this.box = box;
    this.files = []; // {name, text, result}
    this.alert = box.querySelector("#your-run-alert");
    this.where = box.querySelector("#your-run-where");
    this.formBox = box.querySelector("#your-run-form");
    this.remove = box.querySelector("#your-run-remove");
    this.remove.addEventListener("click", () => this.clear());
    onDraw(() => this.say());
  }

  // add reads files (File objects, or {name, text} for pasted JSON) and draws what they hold.
  add(files) {
    const read = (f) => {
      if (typeof f.text !== "function") return Promise.resolve(f.text);
      // The build's own limit for a data file: a bigger one is no benchmark result a reader made.
      if (f.size > MAX_BYTES) return Promise.reject(new Error(t("yourrun.tooBig")));
      return f.text();
    };
    return Promise.all(files.map((f) => read(f).then(
      (text) => ({ name: f.name || t("yourrun.pasted"), text }),
      (e) => ({ name: f.name, text: "", error: e.message })))).then((read) => {
      for (const f of read) {
        this.files = this.files.filter((g) => g.name !== f.name || f.name === t("yourrun.pasted")); // the same file again replaces it
        this.files.push(f);
        // Context always comes through the form (prefilled with the session's answers), so a
        // new file is never silently given another run's GPU.
        f.result = f.error ? null : decode(f.text, null);
      }
      this.update();
    });
  }

  // update redraws the reader's series, the alerts and the form from the files.
  update() {
    const page = this.live.page;
    const messages = [];
    const accepted = [];
    const pending = [];
    for (const f of this.files) {
      if (f.error) {
        messages.push(t("yourrun.unreadable", { file: f.name, error: f.error }));
        continue;
      }
      const r = f.result;
      for (const p of r.problems) messages.push(t("yourrun.problem", { file: f.name, problem: (p.path ? p.path + ": " : "") + p.msg }));
      for (const w of r.warnings || []) messages.push(t("yourrun.problem", { file: f.name, problem: w }));
      if (r.needs.length && !r.problems.length) pending.push(f);
      const others = new Set();
      for (const row of r.rows) {
        accepted.push({ row, file: f.name });
        if (row.model !== page.model || row.sequence !== page.sequence) others.add(row.model + " " + row.sequence);
      }
      for (const o of others) {
        messages.push(t("yourrun.otherPage", { file: f.name, other: o, page: page.model + " " + page.sequence }));
      }
    }
    this.alert.textContent = "";
    for (const m of messages) this.alert.append(element("p", { text: m }));
    this.form(pending);
    this.live.extra = seriesOf(page, accepted);
    this.remove.hidden = !this.files.length;
    this.live.interactive().catch(() => {});
    this.live.render();
    this.say();
  }

  // form asks for the context the pending files lack, prefilled; the answers are remembered.
  form(pending) {
    this.formBox.textContent = "";
    if (!pending.length) return;
    const needs = CONTEXT.filter((k) => pending.some((f) => f.result.needs.includes(k)));
    const ctx = guess(pending[0].name, this.live.page, remembered());
    const gpuList = element("datalist", { id: "your-run-gpu-list" }, Object.keys(GPUS).map((g) => element("option", { value: g })));
    const fields = needs.map((k) => {
      const num = k === "gpus" || k === "isl" || k === "osl";
      const input = element("input", {
        id: "your-run-" + k, name: k, required: true, type: num ? "number" : "text", min: num ? "1" : null, step: num ? "1" : null,
        list: k === "gpu" ? "your-run-gpu-list" : null, value: ctx[k] != null ? String(ctx[k]) : "",
      });
      return element("p", {}, [element("label", { for: "your-run-" + k, text: fieldLabel(k) }), " ", input]);
    });
    const names = pending.map((f) => f.name).join(t("list.separator"));
    // Four sentences: one file or several, one field or several.
    const said = { files: names, fields: needs.map((k) => fieldLabel(k).toLowerCase()).join(t("list.separator")) };
    const ask = pending.length > 1
      ? (needs.length > 1 ? t("yourrun.askFilesFields", said) : t("yourrun.askFiles", said))
      : (needs.length > 1 ? t("yourrun.askFields", said) : t("yourrun.ask", said));
    const form = element("form", { class: "your-run-form", "aria-label": t("yourrun.formLabel") }, [
      element("p", { text: ask }),
      gpuList,
    ].concat(fields, [element("button", { type: "submit", text: t("yourrun.draw") })]));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const answers = remembered();
      for (const k of needs) {
        const v = form.elements[k].value.trim();
        answers[k] = k === "gpus" || k === "isl" || k === "osl" ? Number(v) : v;
      }
      remember(answers);
      for (const f of pending) f.result = decode(f.text, answers);
      this.update();
    });
    this.formBox.append(form);
  }

  // say writes the sentence under the chart.
  say() {
    this.where.textContent = "";
    if (!this.live.computed || !this.live.extra.length) {
      this.where.hidden = true;
      return;
    }
    for (const s of standing(this.live)) this.where.append(element("p", { text: sentence(s) }));
    this.where.hidden = false;
  }

  clear() {
    this.files = [];
    this.alert.textContent = "";
    this.formBox.textContent = "";
    this.live.extra = [];
    this.remove.hidden = true;
    this.live.render();
    this.say();
  }
}

// The page's door (yourrun-hook.js) finds the controller here once the script has run.
if (typeof window !== "undefined") window.frontierYourRun = { init: (api) => new Controller(api) };
