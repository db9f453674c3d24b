// The overlay of earlier dates on the main chart (compare=DATE,DATE in the fragment): each
// visible configuration's frontier and points as of that date, computed with the same view
// as the snapshot picker would show it, drawn beside the current ones, lighter and dashed,
// named "<configuration> <date>". Earlier snapshots load on demand, as the picker's do.

import { element, lazyOptions } from "./dom.js";
import { escapeHTML, safeColor } from "./format.js";
import { compute } from "./model.js";
import { t } from "./i18n.js";
import { plotPoint, tooltipHTML } from "./option.js";
import { fragmentPairs } from "./view.js";

// compareIn is the dates a fragment asks to overlay: the page's, other than the one shown,
// each once, newest first.
export function compareIn(page, hash, shown) {
  const pair = fragmentPairs(hash).find(([key]) => key === "compare");
  const asked = pair ? pair[1].split(",").map((d) => d.trim()) : [];
  return page.dates.filter((d) => d !== shown && asked.includes(d));
}

// overlayName is an overlaid series' name: the configuration's and the date, as in the fragment.
export const overlayName = (name, date) => name + " " + date;

export class Overlay {
  // live is the main chart; box holds the date picker; onChange runs when the reader adds or
  // removes a date (to write the fragment).
  constructor(live, box, onChange) {
    this.live = live;
    this.page = live.page;
    this.dates = [];
    this.onChange = onChange;
    this.overlays = []; // [{name, date, row, computed}], as last drawn
    this.picker = element("select", { id: "compare-add", "aria-label": t("compare.label") });
    this.chips = element("span", { class: "compare-chips" });
    box.append(element("div", { class: "compare" }, [element("label", {}, [t("compare.overlay"), this.picker]), " ", this.chips]));
    this.picker.addEventListener("change", () => {
      const d = this.picker.value;
      if (d && !this.dates.includes(d)) this.set(this.page.dates.filter((x) => x === d || this.dates.includes(x)));
    });
    this.chips.addEventListener("click", (e) => {
      const button = e.target.closest && e.target.closest("button[data-date]");
      if (button) this.set(this.dates.filter((d) => d !== button.getAttribute("data-date")));
    });
  }

  // set overlays these dates. The live chart redraws from scratch and apply then adds the
  // overlays to it: series removed by a merge would leave holes in getOption's list.
  set(dates) {
    this.dates = dates;
    if (this.onChange) this.onChange();
    this.live.render();
  }

  readHash(hash) {
    this.dates = compareIn(this.page, hash, "");
  }

  fragmentPart() {
    const dates = this.dates.filter((d) => d !== this.live.view.date);
    return dates.length ? "compare=" + dates.map(encodeURIComponent).join(",") : "";
  }

  renderControls() {
    const shown = this.live.view.date;
    // The earlier dates come when the reader reaches for the menu (lazyOptions).
    const prompt = ["", t("compare.earlier")];
    const dates = this.dates;
    lazyOptions(this.picker, prompt, () => [prompt].concat(this.page.dates.filter((d) => d !== shown && !dates.includes(d)).map((d) => [d, d])));
    this.chips.textContent = "";
    for (const d of this.dates) {
      if (d === shown) continue;
      this.chips.append(element("button", { type: "button", class: "chip", "data-date": d, "aria-label": t("compare.remove", { date: d }), text: d + " ×" }));
    }
  }

  // apply draws the overlays over the main chart as the live chart last drew it; an earlier
  // date not loaded yet is fetched first.
  apply() {
    this.renderControls();
    const live = this.live;
    const dates = this.dates.filter((d) => d !== live.view.date);
    const missing = dates.filter((d) => !live.hasSnapshot(d));
    if (missing.length) {
      Promise.all(missing.map((d) => live.loadSnapshot(d).catch(() => null))).then(() => this.apply());
      return;
    }
    if (!live.computed) return;
    const current = live.computed;
    const shownNames = new Set(current.rows.filter((r) => r.visible).map((r) => r.series.name));
    // The view as of that date: the same metric, filters and best per GPU; a configuration the
    // reader hid in the legend stays hidden.
    const selection = {};
    for (const r of current.rows) if (!r.visible) selection[r.series.name] = false;
    const drawn = new Set(this.overlays.map((o) => o.name));
    this.overlays = [];
    for (const date of dates) {
      const computed = compute(this.page, live.snapshots[date], Object.assign({}, live.view, { date }), selection);
      computed.rows.forEach((row, index) => {
        if (row.visible && (shownNames.has(row.series.name) || !current.rows.some((r) => r.series.name === row.series.name))) {
          this.overlays.push({ name: overlayName(row.series.name, date), date, row, index, computed });
        }
      });
    }
    // Nothing to overlay, and nothing overlaid to take away: the chart stays as the live chart
    // drew it. (Setting its series again anyway was a second full update of ECharts after
    // every render, forced at once and as long as the render itself.)
    if (!this.overlays.length && !drawn.size) return;
    // Overlays are ECharts' to draw: the picture before it shows the view alone.
    if (!live.chart) {
      if (this.overlays.length) live.interactive().catch(() => {});
      return;
    }
    const option = live.chart.getOption();
    const base = (option.series || []).filter((s) => s && !String(s.id || "").startsWith("compare:"));
    const series = base.slice();
    const view = live.view;
    for (const o of this.overlays) {
      const color = safeColor(o.row.series.color);
      series.push({
        id: "compare:scatter:" + o.name, name: o.name, type: "scatter", symbol: o.row.series.symbol, symbolSize: 8,
        data: o.row.shown.map((i) => plotPoint(view, o.row.xs[i], o.row.ys[i])),
        itemStyle: { color, opacity: 0.45 },
      });
      series.push({
        id: "compare:line:" + o.name, name: o.name, type: "line", smooth: false, showSymbol: false, z: 1, silent: true,
        data: o.row.curve.line.map(([x, y]) => plotPoint(view, x, y)),
        itemStyle: { color }, lineStyle: { color, width: 1.5, type: "dashed", opacity: 0.55 },
      });
    }
    const legend = Object.assign({}, option.legend[0]);
    const baseNames = (legend.data || []).map((d) => (typeof d === "object" ? d.name : d)).filter((n) => !drawn.has(n));
    legend.data = baseNames.concat(this.overlays.map((o) => o.name));
    legend.selected = Object.assign({}, legend.selected);
    for (const o of this.overlays) legend.selected[o.name] = true;
    const tooltip = Object.assign({}, option.tooltip[0], {
      formatter: (params) => {
        const o = this.overlays.find((x) => x.name === params.seriesName);
        if (!o) return tooltipHTML(this.page, live.computed, params);
        const html = tooltipHTML(this.page, o.computed, Object.assign({}, params, { seriesIndex: o.index }));
        return html && "<b>" + escapeHTML(o.date) + "</b><br>" + html;
      },
    });
    live.chart.setOption({ series, legend: [legend], tooltip: [tooltip] }, { replaceMerge: ["series"] });
    live.drawLegend({ series, legend: [legend] });
  }
}
