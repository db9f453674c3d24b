// A live chart, the chart page's and each chart block's: the one owner of a chart's state
// (snapshots loaded, view, legend selection, what the view computes to) and its drawing.
// Everything else reads that state and asks it to change. A chart is drawn first as a
// picture (picture.js) by the page script alone; ECharts, a tenth of a megabyte to evaluate
// and half a second of a phone's main thread to lay out, is loaded and takes over when the
// reader reaches for the chart (a pointer over it, a touch, focus) or a part of the page needs
// it (interactive below).

import { chunksFor, decodeChunk, snapshotAt } from "./asof.js";
import { hasOwn } from "./format.js";
import { echartsLocale, t } from "./i18n.js";
import { choices, compute, fillLater, fillRest } from "./model.js";
import { GLOBAL, buildOption, plotPoint } from "./option.js";
import { drawPicture } from "./picture.js";
import { renderLegend } from "./legend.js";
import { legendMarks } from "./accuracy.js";
import { nextTask } from "./tasks.js";
import { dateIn, defaultView, fragmentOf, parseView } from "./view.js";

let loading = null; // the promise of ECharts' script, once asked for

// echartsSrc is the ECharts script the page names (data-echarts on its page script), or "".
function echartsSrc() {
  const named = document.querySelector("script[data-echarts]");
  return named ? named.getAttribute("data-echarts") : "";
}

// prefetchECharts fetches ECharts' script into the cache once the page has loaded and painted
// its first screen, so that a reader who reaches for a chart waits for its evaluation only.
// Not before: a download started while the page paints its first screen competes with it (on
// a slow phone Lighthouse counted it against the largest paint, 2.3 s instead of 1.1 s; on a
// busy one the first paint can come after the load event). A browser without paint timing
// prefetches after the load event.
export function prefetchECharts() {
  const src = echartsSrc();
  if (!src || typeof echarts !== "undefined") return;
  let loaded = document.readyState === "complete";
  const painted = () => !window.PerformanceObserver || !(PerformanceObserver.supportedEntryTypes || []).includes("paint") ||
    performance.getEntriesByName("first-contentful-paint").length > 0;
  let done = false;
  const add = () => {
    if (done || !loaded || !painted()) return;
    done = true;
    const link = document.createElement("link");
    link.rel = "prefetch";
    link.as = "script";
    link.href = src;
    document.head.appendChild(link);
  };
  if (!loaded) {
    window.addEventListener("load", () => {
      loaded = true;
      add();
    }, { once: true });
  }
  if (!painted()) {
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      add();
    });
    observer.observe({ type: "paint" });
  }
  add();
}

// loadECharts resolves once the global echarts exists: at once when a script tag brought it,
// else by adding the script the page names (echartsSrc; prefetched by then, as a rule).
export function loadECharts() {
  if (typeof echarts !== "undefined") return Promise.resolve();
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      const src = echartsSrc();
      if (!src) throw new Error(t("errors.noECharts"));
      const script = document.createElement("script");
      script.src = src;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(t("errors.echartsFailed", { url: src })));
      document.head.appendChild(script);
    });
    loading.catch(() => {
      loading = null; // the next call tries again (the PNG button, an overlay, the trend)
    });
  }
  return loading;
}

// initECharts makes an ECharts instance on element, in the reader's colour scheme.
export function initECharts(element) {
  const dark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
  return echarts.init(element, dark ? "dark" : null, { locale: echartsLocale() });
}

// REACH are the events that say a reader reaches for a chart.
const REACH = ["pointerover", "pointerdown", "touchstart", "focusin"];

// whenReached runs fn once, at the first event on any of targets that says the reader reaches
// for what they hold (a pointer over it, a touch, keyboard focus).
export function whenReached(targets, fn) {
  const reach = () => {
    for (const target of targets) {
      for (const type of REACH) target.removeEventListener(type, reach);
    }
    fn();
  };
  for (const target of targets) {
    for (const type of REACH) target.addEventListener(type, reach, { passive: true });
  }
}

// fetchJSON resolves to the JSON at url; a file stored gzipped (".gz": the history's chunks
// and trend tables) is inflated here, since a host sends it as it is.
export function fetchJSON(url) {
  return fetch(url).then((res) => {
    if (!res.ok) throw new Error(res.status + " " + res.statusText);
    if (!/\.gz$/.test(new URL(url, location.href).pathname)) return res.json();
    if (typeof DecompressionStream === "undefined") throw new Error(t("errors.cannotInflate", { url }));
    return new Response(res.body.pipeThrough(new DecompressionStream("gzip"))).json();
  });
}

export class LiveChart {
  // element holds the chart; page is the page data; base the option layout to draw over; url
  // what history paths are relative to; onChange, when given, runs after every change (the
  // chart page's controls and tables; a chart block has none and is read-only).
  constructor(element, page, base, url, onChange) {
    this.element = element;
    this.page = page;
    this.base = base;
    this.url = url;
    this.onChange = onChange || (() => {});
    this.readOnly = !onChange;
    this.snapshots = { [page.dates[0] || ""]: { date: page.dates[0] || "", series: page.series } };
    this.chunks = {}; // history chunks fetched or being fetched: {file: promise of rows}
    this.later = null; // the fetch of page.later's columns, once asked for: {page, promise}
    this.rest = null; // the fetch of page.rest's columns, likewise
    this.view = defaultView(page);
    this.selection = {}; // legend clicks since the view was last set: {series name: shown}
    this.computed = null;
    // The reader's own series (yourrun.js), drawn after every snapshot's own; never in the fragment.
    this.extra = [];
    this.chart = null; // the ECharts instance, once interactive
    this.picture = null; // the SVG drawn until then
    this.next = null; // the picture render() has queued: {option, fg}
    this.failed = ""; // why ECharts could not be loaded, if it could not
    this.ready = null; // the promise of the ECharts instance, once asked for
    this.waiting = []; // what runs with the ECharts instance when it comes (whenInteractive)
    // The HTML legend (legend.js): the box beside the chart in the same .chart-wrap, if any.
    const wrap = element.parentElement;
    this.legendBox = wrap ? Array.from(wrap.children).find((c) => c.classList.contains("chart-legend")) || null : null;
    this.legendOption = null; // the option the legend was last drawn from
    this.drawing = false; // a drawing is on its way to the screen
    this.settingUp = false; // the page around the chart is being set up (busyUntil)
    // Busy until the first drawing is on screen (render below says when).
    this.busy();
    // this.failed says why a load failed, in the status line.
    whenReached([element], () => this.interactive().catch(() => {}));

    // The size is the ResizeObserver's to report (its first report is the size it starts
    // with): reading it here would lay the page out before the browser's first frame does.
    let wasNarrow = null;
    let size = null;
    const resize = () => {
      // A redraw at the same size would be a whole second chart update, on a phone's main
      // thread the longest task after the first draw.
      const now = element.clientWidth + "x" + element.clientHeight;
      if (now === size) return;
      const first = size === null;
      size = now;
      if (first) {
        wasNarrow = this.narrow();
        return;
      }
      if (this.narrow() !== wasNarrow || !this.chart) {
        wasNarrow = this.narrow();
        if (this.computed) this.render();
      }
      if (this.chart) this.chart.resize();
    };
    if (window.ResizeObserver) new ResizeObserver(resize).observe(element);
    else window.addEventListener("resize", resize);
  }

  // interactive resolves to the ECharts instance, loading ECharts and drawing the current view
  // with it the first time; the picture is taken away once ECharts has drawn over it.
  interactive() {
    if (this.ready) return this.ready;
    // A page with history draws its first picture from part of its data (page.rest):
    // ECharts' tooltips read the rest, fetched alongside.
    this.ready = Promise.all([loadECharts(), this.loadLight()]).then(() => {
      this.chart = initECharts(this.element);
      this.wire();
      for (const fn of this.waiting.splice(0)) fn(this.chart);
      if (this.computed) this.render();
      return this.chart;
    }, (e) => {
      this.ready = null;
      this.failed = e.message;
      if (this.computed) this.onChange(this);
      throw e;
    });
    return this.ready;
  }

  // whenInteractive runs fn with the ECharts instance once there is one.
  whenInteractive(fn) {
    if (this.chart) fn(this.chart);
    else this.waiting.push(fn);
  }

  // wire listens to the new ECharts instance.
  wire() {
    // A legend click shows or hides one series: the global frontier and the tables follow
    // without redrawing the rest, so zoom and legend scrolling stay where the reader left them.
    this.chart.on("legendselectchanged", (e) => {
      if (e.name === GLOBAL) {
        this.view.global = !!e.selected[GLOBAL];
        this.selection = {};
        this.render();
        return;
      }
      this.selection[e.name] = !!e.selected[e.name];
      if (this.legendOption) {
        const legend = [].concat(this.legendOption.legend)[0];
        legend.selected = Object.assign({}, legend.selected, e.selected);
        this.drawLegend(this.legendOption);
      }
      this.recompute();
      if (this.view.global) {
        const data = this.computed.global.map(([x, y]) => plotPoint(this.view, x, y));
        this.chart.setOption({ series: [{ id: "global", data }] });
      }
      this.onChange(this);
    });
    // "updated" comes after the lazy update's paint, and also when nothing needed repainting.
    const drawn = () => {
      this.idle();
      if (this.picture) {
        this.picture.remove();
        this.picture = null;
      }
    };
    this.chart.on("finished", drawn);
    this.chart.on("updated", drawn);
    // The toolbox's restore goes back to the last drawn view; legend clicks are undone with it.
    this.chart.on("restore", () => {
      this.selection = {};
      this.render();
    });
  }

  narrow() {
    return this.element.clientWidth < 640;
  }

  // busy says a drawing is on its way (aria-busy: what tests and tools wait on); idle that it
  // is on screen. The chart stays busy while its page is set up too (busyUntil), so that once
  // it is not, everything the page offers is there.
  busy() {
    this.drawing = true;
    this.element.setAttribute("aria-busy", "true");
  }

  idle() {
    this.drawing = false;
    if (!this.settingUp) this.element.removeAttribute("aria-busy");
  }

  // busyUntil keeps the chart busy, drawn or not, until setUp (a promise) settles.
  busyUntil(setUp) {
    this.settingUp = true;
    this.element.setAttribute("aria-busy", "true");
    const done = () => {
      this.settingUp = false;
      if (!this.drawing) this.idle();
    };
    setUp.then(done, done);
  }

  // drawLegend draws the HTML legend of option (its legend's names and selection, the series'
  // marks) in the legend box; the compare overlay calls it too, with the series it adds.
  drawLegend(option) {
    this.legendOption = option;
    if (this.legendBox) renderLegend(this.legendBox, option, (name) => this.groupOf(name), (name) => this.toggle(name), (name) => this.marksOf(name));
  }

  // marksOf are the accuracy marks of a series name's legend entry (accuracy.js' legendMarks).
  marksOf(name) {
    const row = this.computed && this.computed.rows.find((r) => r.series.name === name);
    return row ? legendMarks(this.page, row, this.view.date) : [];
  }

  // groupOf is the legend group of a series name: its GPU's label (an overlay's name is its
  // configuration's and a date).
  groupOf(name) {
    const s = this.page.series.find((x) => x.name === name || name.startsWith(x.name + " "));
    if (!s) return "";
    const gpu = this.page.gpus && this.page.gpus[s.gpu];
    return (gpu && gpu.label) || s.gpu || "";
  }

  // toggle shows or hides a series, as a click on ECharts' legend does: through ECharts, which
  // the click has started loading; a picture whose ECharts cannot load redraws itself.
  toggle(name) {
    this.interactive().then((chart) => chart.dispatchAction({ type: "legendToggleSelect", name }), () => {
      if (name === GLOBAL) {
        this.view.global = !this.view.global;
        this.selection = {};
      } else {
        const legend = this.legendOption ? [].concat(this.legendOption.legend)[0] : {};
        this.selection[name] = !!(legend.selected && legend.selected[name] === false);
      }
      this.render();
    });
  }

  // choices are the filters' values over every snapshot loaded so far.
  choices() {
    return choices(this.page, this.snapshots);
  }

  hasSnapshot(date) {
    return hasOwn(this.snapshots, date);
  }

  recompute() {
    const shown = this.snapshots[this.view.date];
    const snapshot = this.extra.length ? { date: shown.date, series: shown.series.concat(this.extra) } : shown;
    this.computed = compute(this.page, snapshot, this.view, this.selection);
  }

  // setView makes view the one shown, legend clicks forgotten; render draws it.
  setView(view) {
    this.view = view;
    this.selection = {};
  }

  render() {
    this.recompute();
    const look = { fg: getComputedStyle(this.element).color || "#333", narrow: this.narrow(), readOnly: this.readOnly };
    this.element.setAttribute("data-view", fragmentOf(this.page, this.view));
    if (this.chart) {
      const option = buildOption(this.page, this.computed, this.base, look);
      // lazyUpdate: the option's model is built now, but ECharts lays it out and paints it in
      // the next animation frame, a task of its own. The chart says it is busy until the
      // drawing is on screen (what tests and tools wait for: browsertest.WaitChart).
      this.busy();
      this.chart.setOption(option, { notMerge: true, lazyUpdate: true });
      this.drawLegend(option);
      this.onChange(this);
      return;
    }
    // The picture: the view is worked out now (the page reads it at once), then drawn in tasks
    // of its own (drawPictureInTasks). Renders before the picture is drawn draw only the last.
    const queued = this.next;
    this.next = { look, gen: (queued ? queued.gen : 0) + 1 };
    if (!queued) this.drawPictureInTasks();
  }

  // drawPictureInTasks draws the view render worked out as a picture: the option, the picture
  // and its legend each in a task of its own (on a phone each is a few dozen milliseconds,
  // together long enough to be felt), the picture first since it is what the reader looks
  // at, then the page's update. A render meanwhile starts the drawing over; ECharts may come
  // first (the reader reached for the chart), and has drawn the view then.
  async drawPictureInTasks() {
    this.busy();
    for (;;) {
      const gen = this.next.gen;
      const stale = () => !!this.chart || this.next.gen !== gen;
      await nextTask();
      if (this.chart) break;
      const option = buildOption(this.page, this.computed, this.base, this.next.look);
      await nextTask();
      if (stale()) continue;
      const svg = drawPicture(this.element, option, this.next.look.fg);
      if (this.picture) this.picture.replaceWith(svg);
      else this.element.append(svg);
      this.picture = svg;
      await nextTask();
      if (stale()) continue;
      this.drawLegend(option);
      this.next = null;
      this.idle();
      await nextTask();
      this.onChange(this);
      return;
    }
    this.next = null;
  }

  // replacePage swaps in a new build of the page's data (the preview after a save): older
  // snapshots and legend clicks are forgotten; open then applies the fragment again.
  replacePage(page) {
    this.page = page;
    this.snapshots = { [page.dates[0] || ""]: { date: page.dates[0] || "", series: page.series } };
    this.chunks = {};
    this.selection = {};
  }

  // loadSnapshot resolves to the snapshot of a date, deriving an older one from the page's
  // history rows (asof.js): the chunks it needs are fetched (relative to the page's URL) once.
  loadSnapshot(date) {
    if (this.hasSnapshot(date)) return Promise.resolve(this.snapshots[date]);
    const history = this.page.history;
    if (!history || !this.page.dates.includes(date)) return Promise.reject(new Error(t("errors.noSnapshot", { date })));
    const page = this.page;
    return Promise.all(chunksFor(history, date).map((c) => this.loadChunk(c))).then((chunks) => {
      if (this.page !== page) throw new Error(t("errors.rebuilt"));
      this.snapshots[date] = snapshotAt(page, [].concat(...chunks), date);
      return this.snapshots[date];
    });
  }

  // loadLater resolves once the newest points hold the columns #page-data left out
  // (page.later), fetched once from the file beside the page (model.js's fillLater).
  loadLater() {
    const page = this.page;
    if (!page.later) return Promise.resolve();
    if (!this.later || this.later.page !== page) {
      const promise = fetchJSON(new URL(page.later.file, this.url)).then((data) => fillLater(page, data));
      this.later = { page, promise };
      promise.catch(() => { if (this.later && this.later.promise === promise) this.later = null; });
    }
    return this.later.promise;
  }

  // loadLight resolves once a page whose #page-data holds only what the first picture draws
  // (a page with history: page.rest) has the rest of its columns, fetched once; at once on any
  // other page. It never fails: without the file the page goes on, those cells empty.
  loadLight() {
    const page = this.page;
    if (!page.rest) return Promise.resolve();
    if (!this.rest || this.rest.page !== page) {
      const promise = fetchJSON(new URL(page.rest.file, this.url)).then((data) => fillRest(page, data)).catch(() => {
        delete page.rest;
      });
      this.rest = { page, promise };
    }
    return this.rest.promise;
  }

  // loadChunk resolves to the rows of one history chunk, fetched once.
  loadChunk(c) {
    const chunk = this.page.history.chunks[c];
    if (!this.chunks[chunk.file]) {
      this.chunks[chunk.file] = fetchJSON(new URL(chunk.file, this.url)).then((data) => {
        if (data.cols.join() !== this.page.cols.join()) throw new Error(t("errors.historyColumns"));
        return decodeChunk(data);
      });
      this.chunks[chunk.file].catch(() => delete this.chunks[chunk.file]);
    }
    return this.chunks[chunk.file];
  }

  // open applies a fragment and calls done, at once when it names no older snapshot (so the
  // chart is drawn before the page's load event), else once the snapshot has loaded or failed.
  open(hash, done) {
    const apply = () => {
      const view = parseView(this.page, this.choices(), hash);
      if (!this.hasSnapshot(view.date)) view.date = this.page.dates[0] || "";
      this.setView(view);
      done();
    };
    const date = dateIn(this.page, hash);
    // A view other than the first picture reads every column (loadLight).
    const light = this.page.rest && String(hash).replace(/^#/, "") !== "";
    if (this.hasSnapshot(date) && !light) apply();
    else if (this.hasSnapshot(date)) this.loadLight().then(apply);
    else Promise.all([this.loadSnapshot(date), this.loadLight()]).then(apply, apply);
  }
}
