// The chart page's wiring: the live chart, its form, tables and buttons, and the URL
// fragment that holds the view (DESIGN.md), so a copied link opens the same view.

import { element } from "./dom.js";
import { LiveChart } from "./livechart.js";
import { GLOBAL } from "./option.js";
import { buildControls, readForm, syncForm } from "./controls.js";
import { renderBest, renderLeaders, renderPoints, renderStatus } from "./tables.js";
import { LISTS, defaultView, fragmentOf } from "./view.js";

// readJSON is the content of a <script type="application/json"> element, null without one.
export function readJSON(id) {
  const node = document.getElementById(id);
  return node ? JSON.parse(node.textContent) : null;
}

// initChartPage wires up a chart page; on other pages it does nothing.
export function initChartPage() {
  const chartElement = document.getElementById("chart");
  const form = document.getElementById("controls");
  const base = readJSON("chart-option");
  const page = readJSON("page-data");
  if (!chartElement || !base || !page) return;
  const figure = chartElement.closest("figure");
  if (figure) figure.hidden = false; // hidden without JavaScript, where the chart cannot be drawn
  const table = document.getElementById("points");
  const leaders = document.getElementById("leaders");
  const bestList = document.querySelector("section.best ul");
  const bestNote = document.getElementById("best-note");
  const status = document.getElementById("view-status") || element("p");
  const csvLink = element("a", { id: "shown-csv-link", href: "#", text: "Download shown points (CSV)" });
  const count = element("span", { class: "count" });
  const holder = document.getElementById("shown-csv");
  if (holder) {
    holder.textContent = " · ";
    holder.append(csvLink, " · ", count);
  }
  let sort = null; // the points table's order: {key, dir}, or null for series order

  const live = new LiveChart(chartElement, page, base, location.href, () => {
    if (form) syncForm(live, form);
    if (leaders) renderLeaders(live, leaders);
    if (bestList) renderBest(live, bestList, bestNote);
    if (table && table.tBodies[0]) renderPoints(live, sort, table, csvLink, count);
    renderStatus(live, status);
  });
  const writeHash = () => {
    const fragment = fragmentOf(page, live.view);
    history.replaceState(history.state, "", fragment ? "#" + fragment : location.pathname + location.search);
  };
  const show = (view) => {
    if (view.date === live.view.date || live.hasSnapshot(view.date)) {
      live.setView(view);
      writeHash();
      live.render();
      return;
    }
    status.textContent = "Loading the " + view.date + " snapshot…";
    live.loadSnapshot(view.date).then(() => {
      live.setView(view);
      buildControls(live, form); // an older snapshot may bring new GPUs or frameworks
      writeHash();
      live.render();
    }, (e) => {
      syncForm(live, form);
      status.textContent = "Could not load the " + view.date + " snapshot (" + e.message + ").";
    });
  };
  const open = () => {
    live.open(location.hash, () => {
      if (form) buildControls(live, form);
      live.render();
    });
  };
  // The legend's "Global frontier" entry is a control too (LiveChart redraws for it first).
  live.chart.on("legendselectchanged", (e) => {
    if (e.name === GLOBAL) writeHash();
  });
  if (form) {
    form.addEventListener("submit", (e) => e.preventDefault());
    form.addEventListener("change", (e) => {
      const target = e.target;
      // A filter keeps at least one value: unticking the last would leave an empty chart.
      if (LISTS.includes(target.name) && !form.querySelector('input[name="' + target.name + '"]:checked')) {
        target.checked = true;
        return;
      }
      show(readForm(live, form));
    });
  }
  const onClick = (id, handler) => {
    const button = document.getElementById(id);
    if (button) button.addEventListener("click", handler);
  };
  onClick("reset-view", () => show(defaultView(page)));
  onClick("download-png", () => {
    const a = element("a", { download: page.slug.replace(/[^a-z0-9-]+/gi, "-") + ".png" });
    a.href = live.chart.getDataURL({
      type: "png", pixelRatio: 2, backgroundColor: getComputedStyle(document.body).backgroundColor || "#fff",
      excludeComponents: ["toolbox", "dataZoom"],
    });
    document.body.appendChild(a);
    a.click();
    a.remove();
  });
  onClick("copy-link", () => {
    const done = (ok) => {
      status.textContent = ok ? "Link copied: it opens this view." : "Copy the address bar: it holds this view.";
    };
    if (navigator.clipboard) navigator.clipboard.writeText(location.href).then(() => done(true), () => done(false));
    else done(false);
  });
  const bar = document.querySelector(".chart-bar");
  if (bar) bar.hidden = false;
  if (table) {
    table.addEventListener("click", (e) => {
      const button = e.target.closest && e.target.closest("button[data-sort]");
      if (!button) return;
      const key = button.getAttribute("data-sort");
      sort = { key, dir: sort && sort.key === key && sort.dir === "ascending" ? "descending" : "ascending" };
      renderPoints(live, sort, table, csvLink, count);
      const again = table.querySelector('button[data-sort="' + key + '"]');
      if (again) again.focus();
    });
  }
  window.addEventListener("hashchange", open);
  open();
}
