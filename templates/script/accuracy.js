// Accuracy beside throughput (issue 36): a chart page's evals and notes (page.accuracy, with the
// point columns "evals" and "notes" that index into them), the as-of rule that picks the eval
// counting for a view's date, and the accuracy gate ("only configurations scoring at least MIN on
// TASK", acc=TASK:MIN[:all] in the link). compute (model.js) applies the gate in one place, before
// any frontier, best per GPU or global frontier is worked out, so nothing the page computes can
// miss it. Pure, so node --test runs it; strings come out as text, escaped where they land.

import { escapeHTML, httpsLink, lower, runHTML } from "./format.js";
import { t, tHTML } from "./i18n.js";

// accuracyOf is the page's accuracy data ({tasks, gate, evals, notes}), null when it has none.
export const accuracyOf = (page) => (page && page.accuracy && Array.isArray(page.accuracy.tasks) ? page.accuracy : null);

// tasksOf are the page's eval tasks [{key, label, metric}], none without accuracy.
export const tasksOf = (page) => (accuracyOf(page) ? page.accuracy.tasks : []);

// taskLabel is a task's name as the page shows it: its label, else its key.
export function taskLabel(page, key) {
  const task = tasksOf(page).find((x) => x.key === key);
  return (task && task.label) || String(key);
}

const indicesAt = (page, point, name) => {
  const c = page.cols.indexOf(name);
  const v = c >= 0 ? point[c] : null;
  return Array.isArray(v) ? v : [];
};

// countedEval is the eval that counts for point on task for a view of date (the as-of rule: the
// newest dated on or before it, a tie going to the later in accuracy.evals; every eval when date
// is ""), null when there is none.
export function countedEval(page, point, task, date) {
  const acc = accuracyOf(page);
  if (!acc) return null;
  let best = -1;
  for (const i of indicesAt(page, point, "evals")) {
    const e = acc.evals[i];
    if (!e || e.task !== task || typeof e.score !== "number") continue;
    const d = String(e.date || "");
    if (date && d > date) continue;
    const bestDate = best < 0 ? "" : String(acc.evals[best].date || "");
    if (best < 0 || d > bestDate || (d === bestDate && i > best)) best = i;
  }
  return best < 0 ? null : acc.evals[best];
}

// notesOf are the notes that match point ([{text, link}]).
export function notesOf(page, point) {
  const acc = accuracyOf(page);
  if (!acc || !Array.isArray(acc.notes)) return [];
  return indicesAt(page, point, "notes").map((i) => acc.notes[i]).filter((n) => n && typeof n.text === "string");
}

// defaultGate is the site's gate (frontier.toml's [accuracy]) in its plain form, null when off.
export function defaultGate(page) {
  const acc = accuracyOf(page);
  const g = acc && acc.gate;
  if (!g || !tasksOf(page).some((x) => x.key === g.task) || !validMin(g.min)) return null;
  return { task: g.task, min: g.min, all: false };
}

const validMin = (min) => typeof min === "number" && Number.isFinite(min) && min >= 0 && min <= 1;

// parseGate reads a link's acc value: "off" (null), or TASK:MIN with :all after it for the
// second choice; undefined when it is not one of those for this page (the part is ignored).
export function parseGate(page, value) {
  if (!accuracyOf(page)) return undefined;
  if (lower(value) === "off") return null;
  const parts = String(value).split(":");
  if (parts.length < 2 || parts.length > 3 || (parts.length === 3 && lower(parts[2]) !== "all")) return undefined;
  const task = tasksOf(page).find((x) => lower(x.key) === lower(parts[0].trim()));
  const min = parts[1].trim() === "" ? NaN : Number(parts[1]);
  if (!task || !validMin(min)) return undefined;
  return { task: task.key, min, all: parts.length === 3 };
}

// sameGate says whether two gates (or nulls) are the same.
export const sameGate = (a, b) => (!a || !b ? !a && !b : a.task === b.task && a.min === b.min && !!a.all === !!b.all);

// gateFragment is the acc part of a link for a view's gate, "" when it is the page's default.
export function gateFragment(page, gate) {
  if (sameGate(gate, defaultGate(page))) return "";
  if (!gate) return "acc=off";
  return "acc=" + encodeURIComponent(gate.task) + ":" + gate.min + (gate.all ? ":all" : "");
}

// gateMask says which points of a series the view's gate keeps (an array of booleans), null when
// no gate applies: none set, a page without accuracy, or the reader's own run (which passes
// every filter). A point is kept when its counted score on the task is at least min, or when it
// has no eval for the task and the gate is not the "only evaluated" one.
export function gateMask(page, series, view) {
  const gate = view && view.acc;
  if (!gate || !accuracyOf(page) || series.yours) return null;
  return series.points.map((point) => {
    const e = countedEval(page, point, gate.task, view.date || "");
    return e ? e.score >= gate.min : !gate.all;
  });
}

// pct writes a fraction as percent with one decimal ("95.8").
export const pct = (v) => (v * 100).toFixed(1);

// minText writes a gate's min as the form and sentences show it, in percent ("90", "95.5").
export const minText = (min) => String(+(min * 100).toFixed(4));

// scoreLines are a point's lines, one a task of the page ({task, text, score, low, run, date}): "GSM8K 95.8% ± 1.1" (± 1.96 standard errors, in
// points of percent; without the ± when the eval gives no standard error), or "GSM8K: not
// evaluated". low says the eval is marked far below the others of its model and task.
export function scoreLines(page, point, date) {
  return tasksOf(page).map((task) => {
    const label = task.label || task.key;
    const e = countedEval(page, point, task.key, date);
    if (!e) return { task: task.key, text: t("accuracy.notEvaluated", { task: label }), score: NaN, low: false };
    const text = typeof e.se === "number" && Number.isFinite(e.se)
      ? t("accuracy.scoreSE", { task: label, score: pct(e.score), pm: (1.96 * e.se * 100).toFixed(1) })
      : t("accuracy.score", { task: label, score: pct(e.score) });
    return { task: task.key, text, score: e.score, low: !!e.low, run: e.run || "", date: e.date || "" };
  });
}

// gateText is the gate as a phrase: "GSM8K ≥ 90%", with " (evaluated only)" for the second choice.
export function gateText(page, gate) {
  return t("accuracy.gate", { task: taskLabel(page, gate.task), min: minText(gate.min) }) + (gate.all ? t("accuracy.gateAll") : "");
}

// legendMarks are the marks a series' legend entry carries, from the points of its row: a low
// eval ({kind: "low", text: "GSM8K 0.0%"}, the lowest per task, whatever the gate) and the notes
// matching any of its points ({kind: "note", text}); [] for none.
export function legendMarks(page, row, date) {
  if (!accuracyOf(page)) return [];
  const marks = [];
  for (const task of tasksOf(page)) {
    let low = null;
    for (const point of row.series.points) {
      const e = countedEval(page, point, task.key, date);
      if (e && e.low && (!low || e.score < low.score)) low = e;
    }
    if (low) marks.push({ kind: "low", text: t("accuracy.score", { task: task.label || task.key, score: pct(low.score) }) });
  }
  const texts = [];
  for (const point of row.series.points) {
    for (const n of notesOf(page, point)) if (!texts.includes(n.text)) texts.push(n.text);
  }
  for (const text of texts) marks.push({ kind: "note", text });
  return marks;
}

// tooltipLines are a point's tooltip lines as HTML, every string from the data escaped: a line a
// task ("GSM8K 95.8% ± 1.1", "GSM8K: not evaluated"; a low eval marked), then its notes, each
// with its link.
export function tooltipLines(page, point, date) {
  const lines = scoreLines(page, point, date).map(scoreHTML);
  for (const n of notesOf(page, point)) lines.push("ⓘ " + noteHTML(n));
  return lines;
}

// noteHTML is a note's text, escaped, and its link (https only) after it.
export const noteHTML = (n) => escapeHTML(n.text) + (httpsLink(n.link) ? " " + runHTML(t("accuracy.noteLink"), n.link) : "");

// scoreHTML is a task's cell of the points table: the score line, a low eval marked.
export const scoreHTML = (s) => escapeHTML(s.text) + (s.low ? ' <b class="acc-low">⚠ ' + tHTML("accuracy.low") + "</b>" : "");

// rowAccuracy is a leaders table row's accuracy (a configuration's frontier read off at the
// reference values mixes its points): per task the range of the counted scores of the points
// it shows ("GSM8K 93.1–95.8%"), saying when some or all of them are not evaluated; then the
// notes of those points, and whether a score is a low eval. As text, to be escaped.
export function rowAccuracy(page, row, date) {
  let low = false; // one of the scores is a low eval
  const parts = tasksOf(page).map((task) => {
    const label = task.label || task.key;
    let lo = Infinity;
    let hi = -Infinity;
    let none = 0;
    for (const i of row.shown) {
      const e = countedEval(page, row.series.points[i], task.key, date);
      if (!e) none++;
      else {
        if (e.low) low = true;
        lo = Math.min(lo, e.score);
        hi = Math.max(hi, e.score);
      }
    }
    if (lo > hi) return t("accuracy.notEvaluated", { task: label });
    const score = pct(lo) === pct(hi) ? pct(lo) : t("accuracy.range", { lo: pct(lo), hi: pct(hi) });
    return t("accuracy.score", { task: label, score }) + (none ? t("accuracy.someUnevaluated") : "");
  });
  const notes = [];
  for (const i of row.shown) {
    for (const n of notesOf(page, row.series.points[i])) if (!notes.includes(n)) notes.push(n);
  }
  return { text: parts.join(t("list.separator")), notes, low };
}
