// The chart page's text beside the chart, each kept in step with the view: the best-per-GPU
// list, the leaders table, the points table with its "shown points" CSV, and the status line.

import { csvCell, escapeHTML, isCost, runHTML, safeColor } from "./format.js";
import { fmtValue, num, t, tHTML } from "./i18n.js";
import { element } from "./dom.js";
import { renderAxisNote } from "./axisnote.js";
import { bestRows, column, frontierCurve, hasInvalid, isInvalid, metricName, spreadOf, yRange } from "./model.js";
import * as pareto from "./pareto.js";
import { pickedSet } from "./sloview.js";
import { accuracyOf, countedEval, gateText, noteHTML, notesOf, rowAccuracy, scoreLines, scoreHTML, tasksOf } from "./accuracy.js";

// lowerFirst is a name inside a sentence: "Token throughput" as "token throughput".
const lowerFirst = (s) => s.charAt(0).toLowerCase() + s.slice(1);

// renderBest lists the "Best per GPU" winners of the chosen metric (its polarity too), among
// the series the filters pass, in the shown snapshot.
export function renderBest(live, list, note) {
  const { rows, metric } = live.computed;
  const winners = bestRows(rows, metric.higher).map((r) => r.series).sort((a, b) => (a.gpu < b.gpu ? -1 : a.gpu > b.gpu ? 1 : 0));
  list.textContent = "";
  for (const series of winners) {
    const swatch = element("span", { class: "swatch" });
    swatch.style.background = series.color;
    list.appendChild(element("li", {}, [swatch, series.name]));
  }
  if (note) note.textContent = t("best.note", { metric: lowerFirst(metric.label) });
}

// renderLeaders is the leaders table: each shown frontier read off at the x axis' reference
// values (interactivity: the page's refX; a latency: its own, from [reference] in the config
// or charts.XAxes), the best of each column marked.
export function renderLeaders(live, box) {
  box.innerHTML = leadersHTML(live.page, live.computed);
}

// leaderGroups are the leaders table's rows: per GPU (in the order its first shown
// configuration comes in) its value at each reference, the frontier of the union of the
// frontier points of all its configurations the filters pass and the legend does not hide,
// shown or not (best per GPU shows one configuration's row, never a smaller GPU value: Go's
// page.Curve, docs/chart-page.md), then its shown configurations each read off its own
// frontier; the reader's own runs stand alone where they come.
function leaderGroups(page, computed, refs) {
  const metric = computed.metric;
  const higherX = !computed.axis || computed.axis.higher !== false;
  const out = [];
  const gpus = {};
  for (const row of computed.rows.filter((r) => r.visible)) {
    const config = { row, values: refs.map((x) => row.curve.at(x)) };
    if (row.series.yours) {
      out.push({ yours: config });
      continue;
    }
    if (!gpus[row.series.gpu]) out.push((gpus[row.series.gpu] = { gpu: row.series.gpu, configs: [] }));
    gpus[row.series.gpu].configs.push(config);
  }
  for (const g of out.filter((g) => g.gpu !== undefined)) {
    const members = computed.rows.filter((r) => r.pass && !r.hidden && !r.series.yours && r.series.gpu === g.gpu);
    const knots = members.flatMap((row) => row.front.map((i) => ({ x: row.xs[i], y: row.ys[i], series: row.series, i })));
    const xs = knots.map((k) => k.x);
    const ys = knots.map((k) => k.y);
    const front = pareto.frontierDir(xs, ys, higherX, metric.higher);
    // A cost or tokens per MW is read off the union's throughput (frontierCurve): one series of
    // the union's points, on the GPU whose price they share.
    const union = { gpu: g.gpu, points: knots.map((k) => k.series.points[k.i]) };
    const curve = frontierCurve(page, computed.view || {}, metric.key, union, xs, ys, front);
    g.values = refs.map((x) => curve.at(x));
    g.ranges = leaderRanges(page, computed, front.map((i) => knots[i]), refs, g.values);
  }
  return out;
}

// leadersHTML is the leaders table of a computed view as HTML, every string escaped: Go's
// leadersHTML writes the same for the default view (twins.json's leaders cases hold both).
export function leadersHTML(page, computed) {
  const metric = computed.metric;
  const axis = computed.axis || { col: "x", refs: page.refX, unit: page.x.unit };
  const refs = (axis.col === "x" ? page.refX : axis.refs) || [];
  const groups = leaderGroups(page, computed, refs);
  const gpus = groups.filter((g) => g.gpu !== undefined);
  // The best GPU of each column: the reader's own run is read against it.
  const best = refs.map((x, j) => {
    let top = null;
    for (const { values } of gpus) {
      const y = values[j];
      if (y != null && (top == null || (metric.higher ? y > top : y < top))) top = y;
    }
    return top;
  });
  if (!groups.length) return '<p class="empty">' + tHTML("leaders.empty") + "</p>";
  // A column whose best value is within run-to-run spread of another GPU's calls no best: each
  // value within the best's spread says so instead (Go's leadersHTML).
  const spread = refs.map((x, j) => {
    const top = gpus.find((g) => g.values[j] != null && g.values[j] === best[j]);
    if (!top) return null;
    const near = gpus.filter((g) => g !== top && g.values[j] != null && withinSpread(best[j], top.ranges[j], g.values[j], g.ranges[j]));
    return near.length ? new Set([top].concat(near)) : null;
  });
  // The metric's one name; a name that says its direction already is not told it twice (Go's leadersHTML).
  const name = metricName(metric);
  const caption = / is better$/.test(name) ? name : (metric.higher ? t("leaders.higherBetter", { metric: name }) : t("leaders.lowerBetter", { metric: name }));
  const cell = (y, j, lead, within) => {
    if (y == null) return '<td class="num"></td>';
    return '<td class="num' + (lead ? ' lead" title="' + tHTML("leaders.bestAt", { axis: axis.col === "x" ? tHTML("leaders.interactivity") : escapeHTML(lowerFirst(axis.label)) }) : "") + '" data-value="' + escapeHTML(String(y)) + '">' +
      (lead ? '<span class="mark" aria-hidden="true">★ </span>' : "") + escapeHTML(fmtValue(metric, y)) + (lead ? '<span class="vh">' + tHTML("leaders.best") + "</span>" : "") +
      (within ? ' <small class="spread">' + tHTML("leaders.withinSpread") + "</small>" : "") + "</td>";
  };
  const configRow = ({ row, values }) => {
    let html = '<tr data-series="' + escapeHTML(row.series.key) + '"' + (row.series.yours ? ' class="yours"' : "") + '><th scope="row"><span class="swatch" style="background-color:' +
      safeColor(row.series.color) + '"></span>' + escapeHTML(row.series.name) + "</th>";
    values.forEach((y, j) => {
      html += !row.series.yours || y == null ? cell(y, j, false, false)
        : '<td class="num" data-value="' + escapeHTML(String(y)) + '">' + escapeHTML(fmtValue(metric, y)) +
          (best[j] ? " <small>" + tHTML("leaders.ofBest", { ratio: escapeHTML(+(y / best[j]).toFixed(2)) }) + "</small>" : "") + "</td>";
    });
    if (accuracyOf(page)) {
      // The configuration's accuracy over the points it shows, and their notes (issue 36).
      const acc = rowAccuracy(page, row, computed.view ? computed.view.date : "");
      html += "<td>" + escapeHTML(acc.text) + (acc.low ? ' <b class="acc-low" title="' + tHTML("accuracy.lowTitle") + '">⚠</b>' : "") + acc.notes.map((n) => "<br>ⓘ " + noteHTML(n)).join("") + "</td>";
    }
    return html + "</tr>";
  };
  // An agentic page's columns are p90 interactivity, its points' x (Go's leadersHTML).
  const p90 = axis.col === "x" && page.defaultX === "p90_intvty" ? " " + tHTML("leaders.atP90") : "";
  let html = '<table class="data leaders-table"><caption>' + tHTML("leaders.caption", { metric: escapeHTML(caption), star: '<span aria-hidden="true">★</span>' }) + p90 +
    '</caption><thead><tr><th scope="col">' + tHTML("table.configuration") + "</th>" +
    refs.map((x) => '<th scope="col" class="num">' + escapeHTML(+x.toPrecision(6)) + " " + escapeHTML(axis.col === "x" ? page.x.unit : axis.unit) + "</th>").join("") +
    (accuracyOf(page) ? '<th scope="col">' + tHTML("accuracy.column") + "</th>" : "") + "</tr></thead>";
  for (const g of groups) {
    if (g.yours) {
      html += "<tbody>" + configRow(g.yours) + "</tbody>";
      continue;
    }
    // One body per GPU: its row, then its configurations' (a row group to assistive technology).
    const info = page.gpus[g.gpu] || {};
    html += '<tbody><tr class="gpu" data-gpu="' + escapeHTML(g.gpu) + '"><th scope="rowgroup"><span class="swatch" style="background-color:' + safeColor(info.color || "") + '"></span>' +
      tHTML("leaders.gpuRow", { gpu: escapeHTML(info.label || g.gpu) }) + "</th>" +
      g.values.map((y, j) => cell(y, j, y != null && y === best[j] && !spread[j], !!(spread[j] && spread[j].has(g)))).join("") +
      (accuracyOf(page) ? "<td></td>" : "") + "</tr>" + g.configs.map(configRow).join("") + "</tbody>";
  }
  return html + "</table>";
}

// leaderRanges are a GPU row's ranges over repeated runs at refs, from its frontier's knots
// ({x, y, series, i}): at a knot its own, between two knots the value less and plus their
// distances to their ranges' ends, weighted by x (Go's compare.Curve.RangeAt); null where
// neither knot was run more than once.
function leaderRanges(page, computed, front, refs, values) {
  const knots = front.map((k) => ({ x: k.x, y: k.y, r: yRange(page, computed.metric.key, k.series, spreadOf(page, k.series, k.i), computed.view || {}) }))
    .sort((a, b) => a.x - b.x);
  if (!knots.some((k) => k.r)) return refs.map(() => null);
  const span = (k) => k.r || [k.y, k.y];
  return refs.map((x, j) => {
    const y = values[j];
    if (y == null) return null;
    const at = knots.findIndex((k) => k.x >= x);
    if (at < 0) return null;
    const b = knots[at];
    if (b.x === x || at === 0) return b.r;
    const a = knots[at - 1];
    if (!a.r && !b.r) return null;
    const w = (x - a.x) / (b.x - a.x);
    return [y - ((1 - w) * (a.y - span(a)[0]) + w * (b.y - span(b)[0])), y + ((1 - w) * (span(a)[1] - a.y) + w * (span(b)[1] - b.y))];
  });
}

// withinSpread is Go's render.withinSpread: one value at least has a range, and the ranges
// (a single run's value its own) overlap.
function withinSpread(a, ra, b, rb) {
  if (!ra && !rb) return false;
  const x = ra || [a, a];
  const y = rb || [b, b];
  return x[0] <= y[1] && y[0] <= x[1];
}

// BASE_COLUMNS are the point columns the table shows by name; any other column of page.cols
// (raw results: topology, image and every metric the rows measured) is one more column a reader
// may choose (optionalColumns).
const BASE_COLUMNS = ["id", "x", "tpPerGpu", "outputTputPerGpu", "inputTputPerGpu", "conc", "tp", "date", "run", "runUrl"];

// defaultCols are the optional columns shown until the reader chooses, as the build states them
// (site/render's defaultColumns): a few, not all.
const defaultCols = (page) => page.defaultCols || [];

// optionalColumns are the columns of page.cols beyond the base ones, as {name, title, num}.
function optionalColumns(page) {
  return page.cols.filter((name) => !BASE_COLUMNS.includes(name)).map((name) => ({
    name,
    title: name === "topology" ? t("table.topology") : name === "image" ? t("table.image") : name,
    num: name !== "topology" && name !== "image",
  }));
}

// syncChooser makes the column chooser (server HTML) offer the optional columns of page, after
// the preview brought a new build of it: a new column gets a box, ticked when it is one of the
// defaults, and a column no longer there loses its box.
export function syncChooser(chooser, page) {
  const fieldset = chooser.querySelector("fieldset");
  const columns = optionalColumns(page);
  const names = new Set(columns.map((c) => c.name));
  const offered = new Set();
  for (const input of chooser.querySelectorAll("input[name=col]")) {
    if (names.has(input.value)) offered.add(input.value);
    else input.parentElement.remove();
  }
  for (const c of columns) {
    if (offered.has(c.name)) continue;
    const box = element("input", { type: "checkbox", name: "col", value: c.name, checked: defaultCols(page).includes(c.name) });
    fieldset.append(element("label", {}, [box, " " + c.title]));
  }
}

// pointColumns are the points table's columns, the chosen metric added when it is derived,
// then the optional columns chosen (a set of names; null for the page's defaultCols).
// Each reads its cell from a shown point {row, i, point}.
export function pointColumns(live, chosen) {
  const page = live.page;
  const metric = live.computed.metric;
  const at = (name) => {
    const i = column(page, name);
    return (p) => p.point[i];
  };
  // A throughput the run did not measure (LoadGen counts no input tokens) is null: an empty
  // cell, sorted last as another missing number is, never 0.
  const figure = (name) => {
    const i = column(page, name);
    return (p) => (typeof p.point[i] === "number" ? p.point[i] : NaN);
  };
  const xCol = column(page, "x");
  // A throughput's column is headed with the metric's one name (metricName).
  const nameOf = (key, fallback) => {
    const m = page.metrics.find((x) => x.key === key);
    return m ? metricName(m) : fallback;
  };
  const columns = [
    { title: t("table.configuration"), key: "series", cell: (p) => p.row.series.name },
    { title: t("table.precision"), key: "precision", cell: (p) => String(p.row.series.precision).toUpperCase() },
    { title: t("table.concurrency"), key: "concurrency", num: true, whole: true, cell: at("conc") },
    { title: t("table.tp"), key: "tp", num: true, whole: true, cell: at("tp") },
    // null for a point with no median interactivity: sorted last, as another missing number is
    { title: page.x.label, key: "x", num: true, cell: (p) => (typeof p.point[xCol] === "number" ? p.point[xCol] : NaN) },
    { title: nameOf("tpPerGpu", "Total tok/s/GPU"), key: "tpPerGpu", num: true, cell: figure("tpPerGpu") },
    { title: nameOf("outputTputPerGpu", "Output tok/s/GPU"), key: "outputTputPerGpu", num: true, cell: figure("outputTputPerGpu") },
    { title: nameOf("inputTputPerGpu", "Input tok/s/GPU"), key: "inputTputPerGpu", num: true, cell: figure("inputTputPerGpu") },
  ];
  if (column(page, metric.key) < 0) {
    columns.push({ title: metricName(metric), key: metric.key, num: true, metric: true, cell: (p) => p.row.ys[p.i] });
  }
  const runUrl = at("runUrl");
  columns.push(
    { title: t("table.frontier"), key: "frontier", cell: (p) => (p.row.onFront[p.i] ? t("table.yes") : "") },
    { title: t("table.date"), key: "date", cell: at("date") });
  // A page with a run its own client judged invalid says which, in a column of its own.
  if (hasInvalid(page, live.computed.rows)) {
    columns.push({ title: t("table.result"), key: "result", cell: (p) => (isInvalid(page, p.row.series, p.i) ? t("table.invalid") : "") });
  }
  for (const c of optionalColumns(page)) {
    if (!(chosen ? chosen.has(c.name) : defaultCols(page).includes(c.name))) continue;
    const i = column(page, c.name);
    columns.push({ title: c.title, key: "col:" + c.name, num: c.num, cell: (p) => (p.point[i] == null ? (c.num ? NaN : "") : p.point[i]) });
  }
  columns.push({ title: t("table.run"), key: "runId", cell: at("run"), html: (p) => runHTML(p.point[column(page, "run")], runUrl(p)) });
  // Accuracy (issue 36): a column a task (its counted score for the view's date, sorted by it;
  // "not evaluated" says so), and the notes when the page has any.
  const date = live.view.date;
  tasksOf(page).forEach((task, k) => {
    const line = (p) => scoreLines(page, p.point, date)[k];
    columns.push({ title: task.label || task.key, key: "acc:" + task.key, num: true, cell: (p) => line(p).score, html: (p) => scoreHTML(line(p)) });
  });
  const acc = accuracyOf(page);
  if (acc && acc.notes && acc.notes.length) {
    columns.push({ title: t("accuracy.notes"), key: "notes", cell: (p) => notesOf(page, p.point).map((n) => n.text).join(" "),
      html: (p) => notesOf(page, p.point).map(noteHTML).join("<br>") });
  }
  return columns;
}

// shownPoints are the points of the visible series, in the table's sort ({key, dir}) if any,
// else in series order; a sort keeps equal cells in series order.
export function shownPoints(live, columns, sort) {
  const points = [];
  for (const row of live.computed.rows) {
    if (row.visible) for (const i of row.shown) points.push({ row, i, point: row.series.points[i] });
  }
  const by = sort && columns.find((c) => c.key === sort.key);
  if (by) {
    points.forEach((p, n) => { p.n = n; });
    points.sort((a, b) => {
      const x = by.cell(a);
      const y = by.cell(b);
      const order = by.num
        ? (isNaN(x) ? Infinity : x) - (isNaN(y) ? Infinity : y)
        : String(x).localeCompare(String(y), "en", { numeric: true });
      return (order || a.n - b.n) * (sort.dir === "descending" && order ? -1 : 1);
    });
  }
  return points;
}

// renderPoints fills the points table (sorted by sort, {key, dir} or null), its count, and
// the link that downloads the shown points as CSV.
export function renderPoints(live, sort, table, link, count, chosen) {
  const page = live.page;
  const metric = live.computed.metric;
  const columns = pointColumns(live, chosen || null);
  const points = shownPoints(live, columns, sort);
  const head = "<tr>" + columns.map((c) => {
    const sorted = sort && sort.key === c.key;
    return '<th scope="col"' + (c.num ? ' class="num"' : "") + (sorted ? ' aria-sort="' + sort.dir + '"' : "") +
      '><button type="button" data-sort="' + escapeHTML(c.key) + '">' + escapeHTML(c.title) + "</button></th>";
  }).join("") + "</tr>";
  // A published point's row opens its detail (detail-hook.js): Enter on it, or a click. The
  // rows are one stop of the tab order (the first; the arrow keys move between them).
  const idCol = page.detail ? column(page, "id") : -1;
  let stop = 0;
  const opens = (p) => (idCol >= 0 && !p.row.series.yours ? ' data-pt="' + escapeHTML(p.point[idCol]) + '" tabindex="' + (stop++ ? -1 : 0) + '"' : "");
  const body = points.map((p) => '<tr data-series="' + escapeHTML(p.row.series.key) + '"' + (p.row.series.yours ? ' class="yours"' : "") + opens(p) + ">" + columns.map((c) => {
    if (c.html) return "<td>" + c.html(p) + "</td>";
    const v = c.cell(p);
    return "<td" + (c.num ? ' class="num"' : "") + ">" + escapeHTML(c.metric ? fmtValue(metric, v) : c.whole ? v : c.num ? num(v) : v) + "</td>";
  }).join("") + "</tr>").join("");
  table.tHead.innerHTML = head;
  table.tBodies[0].innerHTML = body;
  count.textContent = t("table.pointsShown", { shown: points.length, total: live.computed.rows.reduce((n, r) => n + r.series.points.length, 0) });

  const csv = shownCSV(live, columns, points);
  if (link.href && link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  link.download = page.slug.replace(/[^a-z0-9-]+/gi, "-") + "-shown.csv";
}

// shownCSV is the "shown points" download: the points of the table as it is sorted, with
// data.csv's columns, the measured ones headed as the table heads them. On a page with evals,
// per task the eval that counts for the view's date (score, standard error, n, date, run link;
// "no eval" in the score cell where there is none, never a blank) and the notes, " | " between
// them, as data.csv has them.
export function shownCSV(live, columns, points) {
  const page = live.page;
  const metric = live.computed.metric;
  const derived = column(page, metric.key) < 0;
  // The measured columns are headed as the table heads them (the one name of each quantity,
  // as data.csv's header); the others keep data.csv's keys.
  const title = (key) => columns.find((c) => c.key === key).title;
  const acc = accuracyOf(page);
  const tasks = tasksOf(page).map((task) => task.key);
  const header = ["series", "hwKey", "gpu", "vendor", "framework", "specMethod", "precision", "id", "concurrency", "tp", title("x"),
    title("tpPerGpu"), title("outputTputPerGpu"), title("inputTputPerGpu")].concat(derived ? [metricName(metric)] : [], ["frontier", "date", "runId"]);
  // "invalid", as data.csv has it, only where the table shows the result column.
  const invalid = columns.some((c) => c.key === "result");
  if (invalid) header.push("invalid");
  if (acc) {
    for (const task of tasks) for (const c of ["score", "se", "n", "date", "run"]) header.push(task + " " + c);
    header.push("notes");
  }
  // With a service level, whether each point is its GPU's pick (sloview.js).
  const picked = live.computed.picks ? pickedSet(live.computed) : null;
  if (picked) header.push("slo pick");
  const lines = [header];
  const date = live.view.date;
  for (const { row, i, point } of points) {
    const s = row.series;
    const at = (name) => point[column(page, name)];
    const line = [s.name, s.hw, s.gpu, s.vendor, s.framework, s.spec, s.precision, at("id"), at("conc"), at("tp"), at("x"),
      at("tpPerGpu"), at("outputTputPerGpu"), at("inputTputPerGpu")].concat(derived ? [row.ys[i]] : [],
      [row.onFront[i] ? "true" : "false", at("date"), at("run")]);
    if (invalid) line.push(isInvalid(page, s, i) ? "true" : "false");
    if (acc) {
      for (const task of tasks) {
        const e = countedEval(page, point, task, date);
        if (!e) line.push("no eval", "", "", "", "");
        else line.push(e.score, typeof e.se === "number" ? e.se : "", e.n > 0 ? e.n : "", e.date || "", e.run || "");
      }
      line.push(notesOf(page, point).map((n) => n.text).join(" | "));
    }
    if (picked) line.push(picked.has(s.key + "#" + i) ? "true" : "false");
    lines.push(line);
  }
  return lines.map((line) => line.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

// renderStatus is the line that says what the view shows.
export function renderStatus(live, out) {
  const { rows } = live.computed;
  const shown = rows.filter((r) => r.visible);
  const points = shown.reduce((n, r) => n + r.shown.length, 0);
  // One short line (Go's setViewState): the metric's name, which says when lower is better, is
  // in the menu above it; the date only when it is not the newest (the heading has that).
  const date = live.view.date && live.view.date !== live.page.dates[0] ? t("status.asOf", { date: live.view.date }) : "";
  // The accuracy gate says what it took out of the configurations the filters pass.
  const gate = live.view.acc ? t("accuracy.status", { gate: gateText(live.page, live.view.acc),
    removed: rows.reduce((n, r) => n + (r.pass ? r.gated || 0 : 0), 0) }) : "";
  out.textContent = t("status.shown", { shown: shown.length, total: rows.length, points }) + gate + date +
    (live.failed ? t("status.pictureOnly", { error: live.failed }) : "");
  renderMissing(live);
  renderAxisNote(live);
}

// renderMissing is the note under the chart that names the series the metric leaves out (no
// price for the GPU, not measured), with the way to bring the priced ones back. It is made the
// first time a view needs it, so a page that never does has no empty paragraph.
function renderMissing(live) {
  const { metric, missing } = live.computed;
  let note = document.getElementById("chart-note");
  if (!note && !(missing && missing.length)) return;
  if (!note) {
    note = element("p", { id: "chart-note", class: "chart-note", role: "note" });
    live.element.parentNode.insertBefore(note, live.element.nextSibling);
  }
  note.hidden = !missing.length;
  if (!missing.length) return;
  // Cost and power of all tokens divide the total throughput: on a page with none
  // (page.noTotal) that is why. Of input tokens, a page without a total has no input either.
  const priced = isCost(metric.key) || metric.key === "tokPerMW";
  const why = live.page.noTotal && priced && metric.key !== "costPerMOutputTok" ? t("missing.noTotal")
    : priced
    ? t("missing.noPrice", { price: isCost(metric.key) ? t("controls.costPerHour") : t("controls.kw"), prices: t("controls.prices") })
    : t("missing.notMeasured");
  note.textContent = t("missing.note", { metric: lowerFirst(metric.label), why, series: missing.join(t("list.separator")) });
}
