// The chart page's wiring: the live chart, its form, tables and buttons, and the URL
// fragment that holds the view (docs/chart-page.md), so a copied link opens the same view. The build
// lays the page out as the default view shows it (form, status line, leaders table); this
// enhances what is there rather than inserting it, so nothing moves. The points table is
// built once, when the reader gets near it: before that its no-JavaScript copy sits inert in
// a <noscript>. The embed page (/<model>/<sequence>/embed/) is the same chart with none of
// the rest.

import { element } from "./dom.js";
import { t } from "./i18n.js";
import { LiveChart, whenReached } from "./livechart.js";
import { GLOBAL } from "./option.js";
import { buildControls, enhanceControls, filterSummary, readForm, syncForm, wirePanel } from "./controls.js";
import { renderBest, renderLeaders, renderPoints, renderStatus, syncChooser } from "./tables.js";
import { Trend } from "./trend.js";
import { Overlay } from "./overlay.js";
import { LISTS, defaultView, fragmentOf } from "./view.js";
import { initYourRun } from "./yourrun-hook.js";
import { initDetail } from "./detail-hook.js";
import { inTasks, nextTask } from "./tasks.js";
import { accuracyOf } from "./accuracy.js";
import { initSLO } from "./sloview.js";

// readJSON is the content of a <script type="application/json"> element, null without one.
export function readJSON(id) {
  const node = document.getElementById(id);
  return node ? JSON.parse(node.textContent) : null;
}

// initChartPage sets up a chart page or its embed and reports true; on other pages it does
// nothing and reports false. Its listeners are wired at once; its chart's picture comes first,
// the first thing the reader sees; the rest of the page's work (the form made live, history,
// tables) after it, a step a task (tasks.js), and then the steps after, the page script's
// other parts. The chart is busy (aria-busy) until the last step has run.
export function initChartPage(after) {
  const chartElement = document.getElementById("chart");
  const form = document.getElementById("controls");
  const base = readJSON("chart-option");
  const page = readJSON("page-data");
  if (!chartElement || !base || !page) return false;
  const box = document.getElementById("points-box");
  const leaders = document.getElementById("leaders");
  const bestList = document.querySelector("section.best ul");
  const bestNote = document.getElementById("best-note");
  const status = document.getElementById("view-status") || element("p");
  const csvLink = document.getElementById("shown-csv-link") || element("a");
  const count = document.querySelector("#shown-csv .count") || element("span");
  const embedOpen = document.getElementById("embed-open");
  let table = null; // the points table, once built
  let sort = null; // the points table's order: {key, dir}, or null for series order
  let chosen = null; // the optional columns the reader chose (a Set of names); null: the defaults
  // The column chooser (raw results' pages) is in the server HTML: the boxes ticked there
  // are the columns shown (a browser may restore a reader's earlier ticks).
  const chooser = document.getElementById("column-chooser");
  const read = () => new Set(Array.from(chooser.querySelectorAll("input[name=col]:checked"), (i) => i.value));
  let trend = null; // the history section (trend.js), on pages with two or more snapshots
  let overlay = null; // earlier dates overlaid on the chart (overlay.js), on those pages too
  let detail = null; // the door to a point's detail (detail-hook.js), on pages with details

  const points = () => {
    if (!box) return;
    // The table shows every column: a page with history fetches the ones its data left out.
    if (live.page.rest) {
      live.loadLight().then(points);
      return;
    }
    if (!live.computed) live.recompute(); // a reader quicker than the first drawing
    if (!table) {
      table = element("table", { id: "points", class: "data" }, [element("thead"), element("tbody")]);
      box.appendChild(table);
    }
    renderPoints(live, sort, table, csvLink, count, chosen);
    // A chosen column #page-data left out (a browser restored the tick): fetch it, then again.
    const later = live.page.later;
    if (chosen && later && later.cols.some((name) => chosen.has(name))) live.loadLater().then(points, () => {});
  };
  let first = true; // the first drawing is yet to come
  let firstDrawn = null;
  const drawnOnce = new Promise((resolve) => {
    firstDrawn = resolve;
  });
  const drawn = []; // what runs after each drawing (yourrun.js's sentence under the chart)
  let controlsWired = false; // the form is the live one (wireControls)
  const syncControls = () => {
    if (!form || !controlsWired) return;
    syncForm(live, form);
    const summary = document.getElementById("filter-summary");
    if (summary) summary.textContent = filterSummary(live);
  };
  const live = new LiveChart(chartElement, page, base, location.href, () => {
    // The build wrote the form, leaders, best list and status line for the default view: on
    // its first drawing they stay as they are (rewriting them is a task and a layout on a
    // phone's main thread, for the same text).
    // A page with evals or notes has them in its leaders and status line: the script writes those.
    const asBuilt = first && fragmentOf(live.page, live.view) === "" && !live.computed.missing.length && !live.failed && !live.extra.length && !accuracyOf(live.page);
    first = false;
    if (!asBuilt) {
      syncControls();
      if (leaders) renderLeaders(live, leaders);
      if (bestList) renderBest(live, bestList, bestNote);
      renderStatus(live, status);
    }
    if (table) points();
    if (overlay) overlay.apply();
    if (trend) trend.update();
    for (const fn of drawn) fn(live);
    firstDrawn();
  });
  const writeHash = () => {
    const extra = [overlay ? overlay.fragmentPart() : "", trend ? trend.fragmentPart() : "", detail ? detail.fragmentPart() : ""];
    const fragment = [fragmentOf(live.page, live.view)].concat(extra).filter(Boolean).join("&");
    history.replaceState(history.state, "", fragment ? "#" + fragment : location.pathname + location.search);
    if (embedOpen) embedOpen.href = "../" + (fragment ? "#" + fragment : "");
  };
  const show = (view) => {
    // Another view reads every column: a page with history fetches the ones its data left out.
    if (live.page.rest) {
      live.loadLight().then(() => show(view));
      return;
    }
    if (view.date === live.view.date || live.hasSnapshot(view.date)) {
      live.setView(view);
      writeHash();
      live.render();
      return;
    }
    status.textContent = t("status.loadingSnapshot", { date: view.date });
    live.loadSnapshot(view.date).then(() => {
      live.setView(view);
      buildControls(live, form); // an older snapshot may bring new GPUs or frameworks
      writeHash();
      live.render();
    }, (e) => {
      syncForm(live, form);
      status.textContent = t("status.snapshotFailed", { date: view.date, error: e.message });
    });
  };
  const open = () => {
    if (trend) trend.readHash(location.hash);
    if (overlay) overlay.readHash(location.hash);
    if (detail && !first) detail.readHash(location.hash);
    live.open(location.hash, () => {
      if (form && controlsWired) enhanceControls(live, form);
      // The view worked out and drawn in the next task: on a phone, the form's check and the
      // view's work are a few dozen milliseconds each.
      nextTask().then(() => {
        live.render();
        if (embedOpen) writeHash();
      });
    });
  };
  // The legend's "Global frontier" entry is a control too (LiveChart redraws for it first).
  live.whenInteractive((chart) => chart.on("legendselectchanged", (e) => {
    if (e.name === GLOBAL) writeHash();
  }));
  // A reader reaching for the controls or the buttons over the chart will want the chart
  // interactive: ECharts loads while they choose.
  // live.failed says why a load failed, in the status line.
  whenReached([form, chartElement.closest("figure")].filter(Boolean), () => live.interactive().catch(() => {}));
  window.addEventListener("hashchange", open);

  // What answers the reader in the first screen is wired at once, so that no click or choice
  // is lost (listeners only: a fraction of a millisecond); the work is done in steps after the
  // first picture, each in a task of its own.
  const wireControls = () => {
    if (!form) return;
    wirePanel(form);
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
    // A price typed in recomputes the chart at once, not only when the field loses focus.
    form.addEventListener("input", (e) => {
      if (e.target.name === "cost" || e.target.name === "kw") show(readForm(live, form));
    });
  };
  // The form the build wrote made the live one (for a long history, its older dates added),
  // showing the view drawn if that is not the one it was written for.
  const makeFormLive = () => {
    if (!form) return;
    const bar = form.firstElementChild;
    enhanceControls(live, form);
    controlsWired = true;
    if (form.firstElementChild !== bar || fragmentOf(live.page, live.view) !== "" || live.extra.length) syncControls();
  };
  const wireButtons = () => {
    const onClick = (id, handler) => {
      const button = document.getElementById(id);
      if (button) button.addEventListener("click", handler);
    };
    onClick("reset-view", () => show(defaultView(live.page)));
    onClick("download-png", () => {
      live.interactive().then((chart) => {
        const a = element("a", { download: live.page.slug.replace(/[^a-z0-9-]+/gi, "-") + ".png" });
        a.href = chart.getDataURL({
          type: "png", pixelRatio: 2, backgroundColor: getComputedStyle(document.body).backgroundColor || "#fff",
          excludeComponents: ["toolbox", "dataZoom"],
        });
        document.body.appendChild(a);
        a.click();
        a.remove();
      }, () => {});
    });
    const copy = (text, ok, fallback) => {
      const done = (copied) => {
        status.textContent = copied ? ok : fallback;
      };
      if (navigator.clipboard) navigator.clipboard.writeText(text).then(() => done(true), () => done(false));
      else done(false);
    };
    onClick("copy-link", () => copy(location.href, t("share.copied"), t("share.copyFailed")));
    onClick("copy-embed", () => {
      const code = embedCode(location.href, document.title);
      const field = document.getElementById("embed-code");
      if (field) {
        field.value = code;
        field.parentElement.hidden = false;
        field.select();
      }
      copy(code, t("share.embedCopied"), t("share.embedCopyFailed"));
    });
  };
  // The history section and the overlay of earlier dates, on pages with two or more snapshots;
  // they read the fragment the first drawing was made from, and follow it from now on.
  const wireHistory = () => {
    const trendBox = document.getElementById("trend");
    if (!trendBox || page.dates.length < 2) return;
    const controls = document.getElementById("trend-controls");
    overlay = new Overlay(live, controls, writeHash);
    trend = new Trend(live, trendBox, controls, document.getElementById("change-table"), writeHash);
    overlay.readHash(location.hash);
    if (live.computed) {
      overlay.apply();
      trend.update();
    }
  };
  const wireTables = () => {
    if (chooser) {
      chosen = read();
      chooser.addEventListener("change", () => {
        chosen = read();
        if (table) points();
      });
      // The metrics #page-data leaves out (page.later) come when the reader opens the chooser.
      chooser.addEventListener("toggle", () => {
        if (chooser.open) live.loadLater().catch(() => {});
      });
    }
    // The shown points' CSV is made from the table, so a click builds it first if need be; the
    // browser reads the link's address after this handler.
    csvLink.addEventListener("click", () => {
      if (!table) points();
    });
    if (!box) return;
    box.addEventListener("click", (e) => {
      const button = e.target.closest && e.target.closest("button[data-sort]");
      if (!button) return;
      const key = button.getAttribute("data-sort");
      sort = { key, dir: sort && sort.key === key && sort.dir === "ascending" ? "descending" : "ascending" };
      points();
      const again = box.querySelector('button[data-sort="' + key + '"]');
      if (again) again.focus();
    });
    // Built once, when the reader nears it: hundreds of rows are most of a page's elements.
    if (window.IntersectionObserver) {
      const near = new IntersectionObserver((entries) => {
        if (entries.some((en) => en.isIntersecting)) {
          near.disconnect();
          if (!table) points();
        }
      }, { rootMargin: "400px 0px" });
      near.observe(box);
    } else {
      points();
    }
  };

  wireControls();
  wireButtons();
  // The points table's row of a point, built if need be, for focus to return to from its detail.
  const rowOf = (id) => {
    if (!table) points();
    return table ? table.querySelector('tr[data-pt="' + id + '"]') : null;
  };
  detail = initDetail(live, box, rowOf, writeHash);
  if (detail) drawnOnce.then(() => detail.readHash(location.hash));
  initYourRun(live, (fn) => drawn.push(fn));
  initSLO(live, (fn) => drawn.push(fn), show);
  // The first draw after the browser's next frame has laid the page out (so that reading the
  // chart's size lays nothing out again), in tasks of its own (open, LiveChart.render); the
  // rest of the page once it is on screen, in the order the reader meets it.
  requestAnimationFrame(() => nextTask().then(open));
  live.busyUntil(drawnOnce.then(() => inTasks([makeFormLive, wireHistory, wireTables].concat(after || []))));
  // The preview server (frontier serve) updates the page in place after a save that changed
  // only its data: same view, same fragment, no reload.
  window.frontierChartPage = {
    update(next) {
      live.replacePage(next);
      if (chooser) {
        syncChooser(chooser, next);
        chosen = read();
      }
      open();
      const meta = document.querySelector(".page-head .meta");
      if (meta) {
        const points = next.series.reduce((n, s) => n + s.points.length, 0);
        const date = next.dates[0] || "";
        meta.textContent = t("page.meta", { configurations: next.series.length, points });
        meta.append(element("time", { datetime: date, text: date }));
        if (next.dates.length > 1) meta.append(t("page.historySince", { date: next.dates[next.dates.length - 1] }));
      }
    },
  };
  return true;
}

// embedCode is the <iframe> that shows the chart of the page at href in its current view.
export function embedCode(href, title) {
  const url = new URL(href);
  const src = new URL("embed/", url.origin + url.pathname).href + url.hash;
  const attr = (v) => String(v).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return '<iframe src="' + attr(src) + '" title="' + attr(title) + '" width="100%" height="480" style="border:0" loading="lazy"></iframe>';
}
