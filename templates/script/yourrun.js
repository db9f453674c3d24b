// "Your run": the reader's own result files drawn over the published chart. Its own bundle,
// templates/assets/yourrun.js (make deps), a content-hashed asset the chart page fetches only when
// a reader adds a file (yourrun-hook.js). Files are read in the browser (File.arrayBuffer) and
// never sent anywhere; nothing of them goes into the URL fragment. Each file is decoded by the
// build's own readers, compiled to WebAssembly (cmd/frontier-wasm: assets/yourrun.wasm.gz, with
// Go's wasm_exec.js), which this module fetches the first time a reader adds a file: the same
// formats, figures and problems as `frontier check`, its problems in the page's language. A
// result without its context (GPU, GPU count, precision, ...) gets it from a small form,
// prefilled from the file's name and the page and remembered for the session. The rows become
// the reader's own series, one per configuration, in a colour and marker no published series
// uses; the leaders table reads them against the best published value, and a sentence under the
// chart says where they stand. Every string from a file reaches the page as text.

import { element } from "./dom.js";
import { fmtValue, t, table } from "./i18n.js";

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

// CONTEXT are the context keys a result may lack, in the order the decoder reports them.
const CONTEXT = ["gpu", "gpus", "framework", "precision", "isl", "osl", "model"];

// lengthOf reads one side of a sequence ("8k" or "625") back as tokens; NaN when it is neither.
function lengthOf(side) {
  const m = /^(\d+)(k?)$/i.exec(String(side).trim());
  return m ? Number(m[1]) * (m[2] ? 1024 : 1) : NaN;
}

// guess is the form's prefill: what the decoder read in the file's name (named: gpu, framework,
// precision, gpus), over what the session remembered, over the page (its model and sequence).
export function guess(named, page, session) {
  const ctx = Object.assign({}, session);
  const [isl, osl] = String(page.sequence || "").split("/").map(lengthOf);
  if (!ctx.isl && isl > 0) ctx.isl = isl;
  if (!ctx.osl && osl > 0) ctx.osl = osl;
  const model = page.modelId || page.model; // as results name it, not as the page's language does
  if (!ctx.model && model) ctx.model = model;
  return Object.assign(ctx, named);
}

// checkStrings are the page's strings the decoder words a file's problems with
// ([script.yourrun.check]: cmd/frontier-wasm/messages.go matches the readers' English against
// them).
const checkStrings = () => table("yourrun.check.");

// loadScript resolves once the classic script at url has run.
function loadScript(url) {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.onload = resolve;
    script.onerror = () => reject(new Error(t("errors.yourRunFailed", { url })));
    document.head.appendChild(script);
  });
}

// loadDecoder fetches Go's wasm_exec.js and the decoder (stored gzipped, so that any host serves
// it small; inflated while it compiles), starts it, and resolves to its function once the
// decoder has set it. A performance mark, "frontier-yourrun-decoder", says when.
function loadDecoder(box) {
  const url = box.getAttribute("data-wasm");
  return loadScript(box.getAttribute("data-wasm-exec")).then(() => fetch(url)).then((res) => {
    if (!res.ok) throw new Error(t("errors.yourRunFailed", { url }));
    if (typeof DecompressionStream === "undefined") throw new Error(t("errors.cannotInflate", { url }));
    const wasm = new Response(res.body.pipeThrough(new DecompressionStream("gzip")), { headers: { "Content-Type": "application/wasm" } });
    const go = new window.Go();
    const compiled = WebAssembly.instantiateStreaming
      ? WebAssembly.instantiateStreaming(wasm, go.importObject)
      : wasm.arrayBuffer().then((b) => WebAssembly.instantiate(b, go.importObject));
    return compiled.then(({ instance }) => {
      go.run(instance); // runs until main waits for calls: frontierReadRun is set by then
      if (typeof window.frontierReadRun !== "function") throw new Error(t("errors.yourRunFailed", { url }));
      if (performance.mark) performance.mark("frontier-yourrun-decoder");
      return window.frontierReadRun;
    });
  });
}

// newest keeps, of rows of the same identity (the decoder's: configuration, topology and
// concurrency; a history file's dates), the newest, as the page's newest snapshot does; an
// undated row is the oldest.
export function newest(accepted) {
  const keep = new Map();
  for (const a of accepted) {
    const had = keep.get(a.row.identity);
    if (!had || a.row.date >= had.row.date) keep.set(a.row.identity, a);
  }
  return accepted.filter((a) => keep.get(a.row.identity) === a);
}

// seriesOf turns accepted rows ({row, file}: the decoder's rows, cmd/frontier-wasm/read.go) into
// the reader's series in the page's columns.
export function seriesOf(page, accepted) {
  const groups = new Map();
  for (const a of newest(accepted)) {
    const r = a.row;
    const key = "yours:" + r.hw + "@" + r.precision;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(a);
  }
  let id = 0;
  // The metric the page's x column holds: median interactivity, or p90 on an agentic page
  // (its first x axis, the one whose column is "x").
  const xAxis = (page.xAxes || []).find((a) => a.col === "x");
  const xKey = xAxis ? xAxis.key : "median_intvty";
  return Array.from(groups.keys()).sort().map((key) => {
    const items = groups.get(key).slice().sort((a, b) => (a.row.metrics[xKey] || 0) - (b.row.metrics[xKey] || 0));
    const r = items[0].row;
    const label = r.label; // with the page's GPU labels, which the decoder was given
    const points = items.map(({ row }) => page.cols.map((col) => {
      const m = row.metrics;
      switch (col) {
        case "id": return -(++id); // clear of the build's ids, which are never negative
        case "x": return xKey in m ? m[xKey] : null; // none when the file gives no such TPOT statistic
        // null for a throughput the file did not measure (LoadGen counts no input tokens), never 0
        case "tpPerGpu": return "tput_per_gpu" in m ? m.tput_per_gpu : null;
        case "outputTputPerGpu": return "output_tput_per_gpu" in m ? m.output_tput_per_gpu : null;
        case "inputTputPerGpu": return "input_tput_per_gpu" in m ? m.input_tput_per_gpu : null;
        case "conc": return row.conc;
        case "tp": return row.tp;
        case "date": return row.date;
        case "run": return row.run;
        case "topology": return row.topology;
        case "image": return row.image;
        case "runUrl": return row.runUrl;
        default: return col in m ? m[col] : null;
      }
    }));
    return {
      key, name: t("yourrun.seriesName", { configuration: label + " " + r.precision.toUpperCase() }), hw: r.hw,
      gpu: r.gpu, vendor: r.vendor, framework: r.framework, spec: r.spec, precision: r.precision,
      label, color: COLOR, symbol: SYMBOL, dash: "solid", best: false, date: "", points,
      deploy: r.disagg ? "disaggregated" : "single-node", yours: true, files: items.map((a) => a.file),
      invalid: items.map((a) => !!a.row.invalid),
      // The client's request counts per point, null where the file does not say (model.js' requestsOf).
      requests: items.map((a) => (a.row.attempted > 0 ? { completed: a.row.completed, attempted: a.row.attempted } : null)),
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
  const curve = (r) => r.curve; // model.js frontierCurve: a cost is its throughput's curve mapped
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
    this.files = []; // {name, bytes, result}
    this.loading = null; // the promise of the decoder, once asked for
    this.decoder = null; // frontierReadRun, once loaded
    this.strings = null; // checkStrings()
    this.alert = box.querySelector("#your-run-alert");
    this.where = box.querySelector("#your-run-where");
    this.formBox = box.querySelector("#your-run-form");
    this.remove = box.querySelector("#your-run-remove");
    this.remove.addEventListener("click", () => this.clear());
    onDraw(() => this.say());
  }

  // decode reads file f (its bytes) through the decoder, with the form's answers (run; null
  // before the reader gave any) as a [[runs]] entry gives them to the build.
  decode(f, run) {
    const page = this.live.page;
    return this.decoder(f.name, f.bytes, { run, gpus: page.gpus || {}, models: page.modelAliases || {}, strings: this.strings });
  }

  // add reads files (File objects, or {name, text} for pasted JSON) and draws what they hold. The
  // decoder is fetched the first time; a file read while it loads waits for it.
  add(files) {
    const read = (f) => {
      if (typeof f.arrayBuffer !== "function") return Promise.resolve(new TextEncoder().encode(f.text));
      // The build's own limit for a data file: a bigger one is no benchmark result a reader made.
      if (f.size > MAX_BYTES) return Promise.reject(new Error(t("yourrun.tooBig")));
      return f.arrayBuffer().then((b) => new Uint8Array(b));
    };
    if (!this.loading) {
      this.live.interactive().catch(() => {}); // ECharts loads beside the decoder, not after it
      this.loading = loadDecoder(this.box).then((fn) => {
        this.decoder = fn;
        this.strings = checkStrings();
      });
      this.loading.catch(() => {
        this.loading = null; // the next file tries again
      });
    }
    return Promise.all([this.loading].concat(files.map((f) => read(f).then(
      (bytes) => ({ name: f.name || t("yourrun.pasted"), bytes }),
      (e) => ({ name: f.name, bytes: null, error: e.message }))))).then(([, ...read]) => {
      for (const f of read) {
        this.files = this.files.filter((g) => g.name !== f.name || f.name === t("yourrun.pasted")); // the same file again replaces it
        this.files.push(f);
        // Context always comes through the form (prefilled with the session's answers), so a
        // new file is never silently given another run's GPU.
        f.result = f.error ? null : this.decode(f, null);
      }
      this.update();
    }, (e) => {
      this.alert.textContent = "";
      this.alert.append(element("p", { text: t("yourrun.notRead", { error: e.message }) }));
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
      // Each problem as `frontier check` prints it, in the page's language.
      for (const m of r.messages) messages.push(m);
      if (r.needs.length && !r.messages.length) pending.push(f);
      const others = new Set();
      for (const row of r.rows) {
        accepted.push({ row, file: f.name });
        if (row.model !== (page.modelId || page.model) || row.sequence !== page.sequence) others.add(row.model + " " + row.sequence);
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
    const ctx = guess(pending[0].result.guess, this.live.page, remembered());
    const gpuList = element("datalist", { id: "your-run-gpu-list" }, pending[0].result.gpus.map((g) => element("option", { value: g })));
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
      // The files get the answers to what they lack, and only those: an answer remembered for
      // another file must not override what these files say or suggest (a backend naming its
      // server), as a [[runs]] entry for other files would not.
      const answers = {};
      for (const k of needs) {
        const v = form.elements[k].value.trim();
        answers[k] = k === "gpus" || k === "isl" || k === "osl" ? Number(v) : v;
      }
      remember(Object.assign(remembered(), answers));
      for (const f of pending) f.result = this.decode(f, answers);
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
