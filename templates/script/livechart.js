// A live chart, the chart page's and each chart block's: the one owner of a chart's state
// (snapshots loaded, view, legend selection, what the view computes to) and its ECharts
// instance. Everything else reads that state and asks it to change.

import { hasOwn } from "./format.js";
import { choices, compute } from "./model.js";
import { GLOBAL, buildOption, plotPoint } from "./option.js";
import { dateIn, defaultView, fragmentOf, parseView } from "./view.js";

export class LiveChart {
  // element holds the chart; page is the page data; base the option layout to draw over; url
  // what history paths are relative to; onChange, when given, runs after every change (the
  // chart page's controls and tables; a chart block has none and is read-only).
  constructor(element, page, base, url, onChange) {
    const dark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
    this.element = element;
    this.page = page;
    this.base = base;
    this.url = url;
    this.onChange = onChange || (() => {});
    this.readOnly = !onChange;
    this.snapshots = { [page.dates[0] || ""]: { date: page.dates[0] || "", series: page.series } };
    this.view = defaultView(page);
    this.selection = {}; // legend clicks since the view was last set: {series name: shown}
    this.computed = null;
    this.chart = echarts.init(element, dark ? "dark" : null);
    // Busy until the first draw is on screen (render below says when).
    element.setAttribute("aria-busy", "true");

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
      this.recompute();
      if (this.view.global) {
        const data = this.computed.global.map(([x, y]) => plotPoint(this.view, x, y));
        this.chart.setOption({ series: [{ id: "global", data }] });
      }
      this.onChange(this);
    });
    // "updated" comes after the lazy update's paint, and also when nothing needed repainting.
    const drawn = () => this.element.removeAttribute("aria-busy");
    this.chart.on("finished", drawn);
    this.chart.on("updated", drawn);
    // The toolbox's restore goes back to the last drawn view; legend clicks are undone with it.
    this.chart.on("restore", () => {
      this.selection = {};
      this.render();
    });
    let wasNarrow = this.narrow();
    let size = element.clientWidth + "x" + element.clientHeight;
    const resize = () => {
      // A ResizeObserver reports the size it starts with too: a redraw at the same size would
      // be a whole second chart update, on a phone's main thread the longest task after the
      // first draw.
      const now = element.clientWidth + "x" + element.clientHeight;
      if (now === size) return;
      size = now;
      if (this.narrow() !== wasNarrow) {
        wasNarrow = this.narrow();
        this.render();
      }
      this.chart.resize();
    };
    if (window.ResizeObserver) new ResizeObserver(resize).observe(element);
    else window.addEventListener("resize", resize);
  }

  narrow() {
    return this.element.clientWidth < 640;
  }

  // choices are the filters' values over every snapshot loaded so far.
  choices() {
    return choices(this.page, this.snapshots);
  }

  hasSnapshot(date) {
    return hasOwn(this.snapshots, date);
  }

  recompute() {
    this.computed = compute(this.page, this.snapshots[this.view.date], this.view, this.selection);
  }

  // setView makes view the one shown, legend clicks forgotten; render draws it.
  setView(view) {
    this.view = view;
    this.selection = {};
  }

  render() {
    this.recompute();
    const look = { fg: getComputedStyle(this.element).color || "#333", narrow: this.narrow(), readOnly: this.readOnly };
    const option = buildOption(this.page, this.computed, this.base, look);
    // lazyUpdate: the option's model is built now, but ECharts lays it out and paints it in
    // the next animation frame, a task of its own; on a phone the first draw is otherwise
    // one task of half a second. The chart says it is busy until the drawing is on screen
    // (what tests and tools wait for: browsertest.WaitChart).
    this.element.setAttribute("aria-busy", "true");
    this.chart.setOption(option, { notMerge: true, lazyUpdate: true });
    this.element.setAttribute("data-view", fragmentOf(this.page, this.view));
    this.onChange(this);
  }

  // replacePage swaps in a new build of the page's data (the preview after a save): older
  // snapshots and legend clicks are forgotten; open then applies the fragment again.
  replacePage(page) {
    this.page = page;
    this.snapshots = { [page.dates[0] || ""]: { date: page.dates[0] || "", series: page.series } };
    this.selection = {};
  }

  // loadSnapshot resolves to the snapshot of a date, fetching an older one from history
  // (relative to the page's URL) the first time.
  loadSnapshot(date) {
    if (this.hasSnapshot(date)) return Promise.resolve(this.snapshots[date]);
    const path = this.page.history && this.page.history[date];
    if (!path) return Promise.reject(new Error("no snapshot for " + date));
    return fetch(new URL(path, this.url)).then((res) => {
      if (!res.ok) throw new Error(res.status + " " + res.statusText);
      return res.json();
    }).then((history) => {
      if (history.cols && history.cols.join() !== this.page.cols.join()) throw new Error("history columns differ");
      this.snapshots[date] = { date, series: history.series || [] };
      return this.snapshots[date];
    });
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
    if (this.hasSnapshot(date)) apply();
    else this.loadSnapshot(date).then(apply, apply);
  }
}
