import assert from "node:assert/strict";
import test from "node:test";
import "./testdata/strings.js";
import { countedEval, gateFragment, legendMarks, parseGate, rowAccuracy, scoreLines, tooltipLines } from "./accuracy.js";
import { gateOfForm } from "./controls.js";
import { bestRows, compute } from "./model.js";
import { tooltipHTML } from "./option.js";
import { leadersHTML, pointColumns, shownCSV, shownPoints } from "./tables.js";
import { twins } from "./testdata/twins.js";
import { defaultView, fragmentOf, parseView } from "./view.js";

const COLS = ["id", "x", "tpPerGpu", "conc", "tp", "date", "run", "evals", "notes"];

// pageOf is a chart page's data in the contract's shape from a twins.json gate case.
function pageOf(c) {
  return {
    metric: "tpPerGpu", cols: COLS, metrics: [{ key: "tpPerGpu", label: "Total", unit: "tok/s/GPU", higher: true }],
    x: { label: "Interactivity", unit: "tok/s/user" }, dates: [c.date], gpus: {}, refX: [],
    accuracy: { tasks: [{ key: c.gate.task, label: c.gate.task.toUpperCase() }], evals: JSON.parse(JSON.stringify(c.evals)), notes: [] },
    series: c.series.map((s) => ({
      key: s.key, name: s.key, gpu: s.gpu, precision: "fp4",
      points: s.points.map((p) => [p.id, p.x, p.y, 1, 8, c.date, "", p.evals, null]),
    })),
  };
}

const ids = (row, indices) => indices.map((i) => row.series.points[i][0]);

test("the gate keeps, and takes out of every frontier, what the shared cases say", () => {
  assert.ok(twins.gate.length >= 4);
  for (const c of twins.gate) {
    const page = pageOf(c);
    const view = Object.assign(defaultView(page), { acc: c.gate });
    const computed = compute(page, { series: page.series }, view, {});
    const kept = {};
    const front = {};
    for (const row of computed.rows) {
      kept[row.series.key] = ids(row, row.shown);
      front[row.series.key] = ids(row, row.front).sort();
    }
    assert.deepEqual(kept, c.want.kept, c.name + ": kept");
    const wantFront = {};
    for (const [k, v] of Object.entries(c.want.frontier)) wantFront[k] = v.slice().sort();
    assert.deepEqual(front, wantFront, c.name + ": frontier");
    const best = {};
    for (const row of bestRows(computed.rows, true)) best[row.series.gpu] = row.series.key;
    assert.deepEqual(best, c.want.best, c.name + ": best per GPU");
    const all = computed.rows.flatMap((r) => r.series.points);
    const global = computed.global.map(([x, y]) => all.find((p) => p[1] === x && p[2] === y)[0]).sort();
    assert.deepEqual(global, c.want.global.slice().sort(), c.name + ": global frontier");
  }
});

test("without a gate every point counts, whatever its score", () => {
  const c = twins.gate[0];
  const page = pageOf(c);
  const computed = compute(page, { series: page.series }, defaultView(page), {});
  assert.deepEqual(ids(computed.rows[0], computed.rows[0].shown), [1000, 1001, 1002]);
  assert.deepEqual(computed.rows[2].gated, 0);
});

test("a gated series drops the build's frontier, is not called unmeasured, and the reader's run is never gated", () => {
  const page = pageOf(twins.gate[0]);
  page.series[0].frontier = [0, 1, 2]; // the build's, a2 on it
  const yours = { key: "yours", name: "Your run", gpu: "b200", yours: true, points: [["y1", 5, 500, 1, 8, "", "", [1], null]] };
  page.series.push(yours);
  const view = Object.assign(defaultView(page), { acc: { task: "gsm8k", min: 0.9, all: true } });
  const computed = compute(page, { series: page.series }, view, {});
  assert.deepEqual(ids(computed.rows[0], computed.rows[0].front), [1000, 1002]);
  assert.equal(computed.rows[0].gated, 1);
  assert.equal(computed.rows[2].gated, 2);
  assert.deepEqual(computed.missing, []);
  assert.deepEqual(ids(computed.rows[3], computed.rows[3].shown), ["y1"]);
});

test("the gate in the link: acc=TASK:MIN[:all], acc=off, the site default left out", () => {
  const page = pageOf(twins.gate[0]);
  const lists = {};
  for (const k of ["gpus", "vendors", "frameworks", "spec", "precisions", "deploy"]) lists[k] = [];
  assert.equal(defaultView(page).acc, null);
  const v = parseView(page, lists, "#acc=GSM8K:0.9:all");
  assert.deepEqual(v.acc, { task: "gsm8k", min: 0.9, all: true });
  assert.equal(fragmentOf(page, v), "acc=gsm8k:0.9:all");
  assert.equal(fragmentOf(page, parseView(page, lists, "#acc=gsm8k:0.955")), "acc=gsm8k:0.955");
  for (const bad of ["acc=mmlu:0.9", "acc=gsm8k:1.5", "acc=gsm8k:", "acc=gsm8k:x", "acc=gsm8k:0.9:some", "acc=gsm8k"]) {
    assert.equal(parseView(page, lists, "#" + bad).acc, null, bad);
  }
  // A site default: the plain link is it; off must be said.
  page.accuracy.gate = { task: "gsm8k", min: 0.8 };
  assert.deepEqual(defaultView(page).acc, { task: "gsm8k", min: 0.8, all: false });
  assert.equal(fragmentOf(page, defaultView(page)), "");
  const off = parseView(page, lists, "#acc=off");
  assert.equal(off.acc, null);
  assert.equal(fragmentOf(page, off), "acc=off");
  assert.equal(parseView(page, lists, "#acc=gsm8k:0.7:x").acc.min, 0.8, "a bad part keeps the default");
  // A page without accuracy ignores the key.
  const plain = Object.assign({}, page, { accuracy: undefined });
  assert.equal(parseGate(plain, "gsm8k:0.9"), undefined);
  assert.equal(parseView(plain, lists, "#acc=gsm8k:0.9").acc, null);
  assert.equal(gateFragment(plain, null), "");
});

test("the form's gate: ticked or not, its percent read as a fraction", () => {
  const page = pageOf(twins.gate[0]);
  const live = { page, view: defaultView(page) };
  const form = (checked, min, all) => ({ elements: { acc: { checked }, accmin: { value: min }, acctask: { value: "gsm8k" }, accall: { checked: all } } });
  assert.equal(gateOfForm(live, form(false, "90", false), null), null);
  assert.deepEqual(gateOfForm(live, form(true, "33.3", true), null), { task: "gsm8k", min: 0.333, all: true });
  assert.deepEqual(gateOfForm(live, form(true, "", false), null), { task: "gsm8k", min: 0.9, all: false });
  assert.deepEqual(gateOfForm(live, form(true, "140", false), null).min, 0.9);
  assert.equal(gateOfForm(live, { elements: {} }, "kept"), "kept");
});

// hostile is a page whose task label, note text and links try to break out of the HTML.
function hostile() {
  const page = pageOf(twins.gate[0]);
  page.accuracy.tasks = [{ key: "gsm8k", label: "<img src=x onerror=alert(1)>" }];
  page.accuracy.evals[0].run = "https://example.org/run";
  page.accuracy.notes = [{ text: "</script><b>broken</b> & \"quoted\"", link: "javascript:alert(1)" }, { text: "Known issue", link: "https://example.org/issue?a=1&b=2" }];
  page.series[0].points[0][8] = [0, 1];
  return page;
}

test("the tooltip gives each task's score with its 95% interval, says not evaluated, and escapes the data", () => {
  const page = pageOf(twins.gate[0]);
  page.accuracy.tasks[0].label = "GSM8K";
  page.accuracy.evals[0] = { task: "gsm8k", score: 0.958, se: 0.0056, date: "2026-05-01" };
  const point = page.series[0].points[0];
  assert.deepEqual(scoreLines(page, point, "2026-05-10").map((s) => s.text), ["GSM8K 95.8% ± 1.1"]);
  assert.deepEqual(scoreLines(page, page.series[1].points[0], "2026-05-10").map((s) => s.text), ["GSM8K: not evaluated"]);
  assert.deepEqual(tooltipLines(page, page.series[0].points[1], "2026-05-10"), ["GSM8K 0.0% ± 1.2 <b class=\"acc-low\">⚠ far below the others</b>"]);
  delete page.accuracy.evals[0].se;
  assert.deepEqual(scoreLines(page, point, "2026-05-10").map((s) => s.text), ["GSM8K 95.8%"]);
  assert.deepEqual(scoreLines(page, point, "2026-04-30").map((s) => s.text), ["GSM8K: not evaluated"], "an eval after the view's date");

  const bad = hostile();
  const computed = compute(bad, { series: bad.series }, defaultView(bad), {});
  const html = tooltipHTML(bad, computed, { seriesIndex: 0, dataIndex: 0, seriesType: "scatter" });
  assert.ok(!/<img|<\/script>|<b>broken|javascript:/.test(html), html);
  assert.match(html, /&lt;img src=x onerror=alert\(1\)&gt; 95\.0% ± 1\.2/);
  assert.match(html, /ⓘ &lt;\/script&gt;&lt;b&gt;broken&lt;\/b&gt; &amp; &quot;quoted&quot;<br>/);
  assert.match(html, /ⓘ Known issue <a href="https:\/\/example\.org\/issue\?a=1&amp;b=2" target="_blank" rel="nofollow noopener">more<\/a>$/);
});

test("the leaders table has the configurations' accuracy and notes, escaped", () => {
  const bad = hostile();
  const computed = compute(bad, { series: bad.series }, defaultView(bad), {});
  const html = leadersHTML(bad, computed);
  assert.match(html, /<th scope="col">Accuracy<\/th><\/tr>/);
  assert.match(html, /<td>&lt;img src=x onerror=alert\(1\)&gt; 0\.0–95\.0% <b class="acc-low" title="Scored far below the other configurations of this model on this task">⚠<\/b><br>ⓘ &lt;\/script&gt;/);
  assert.match(html, /mi355x_sglang<\/th><td>&lt;img src=x onerror=alert\(1\)&gt; 0\.0% <b class="acc-low" [^>]*>⚠<\/b><\/td>/);
  assert.match(html, /b200_vllm<\/th><td>&lt;img src=x onerror=alert\(1\)&gt; 93\.0% \(some points not evaluated\)<\/td>/);
  assert.ok(!/<img|<b>broken|javascript:/.test(html));
  const row = computed.rows[1]; // b1 unevaluated, b2 at 93%
  assert.equal(rowAccuracy(bad, row, "2026-05-10").text, "<img src=x onerror=alert(1)> 93.0% (some points not evaluated)");
  const none = { series: { points: [["n1", 1, 1, 1, 8, "", "", null, null]] }, shown: [0] };
  assert.deepEqual(rowAccuracy(bad, none, "2026-05-10"), { text: "<img src=x onerror=alert(1)>: not evaluated", notes: [], low: false });
});

test("the shown points' CSV has data.csv's accuracy columns for the points the gate keeps, and says no eval", () => {
  const page = hostile();
  page.accuracy.tasks[0].key = "=gsm8k"; // a task a spreadsheet would run
  for (const e of page.accuracy.evals) e.task = "=gsm8k";
  const view = Object.assign(defaultView(page), { acc: { task: "=gsm8k", min: 0.9, all: false } });
  const computed = compute(page, { series: page.series }, view, {});
  const live = { page, view, computed };
  const columns = pointColumns(live, null);
  const lines = shownCSV(live, columns, shownPoints(live, columns, null)).split("\r\n");
  assert.match(lines[0], /,frontier,date,runId,'=gsm8k score,'=gsm8k se,'=gsm8k n,'=gsm8k date,'=gsm8k run,notes$/);
  const byId = {};
  for (const line of lines.slice(1, -1)) byId[line.split(",")[7]] = line;
  assert.deepEqual(Object.keys(byId).sort(), ["1000", "1002", "1003", "1004"], "the gate's points only (1001, 1005, 1006 score 0.0)");
  assert.match(byId[1000], /,0\.95,0\.006,1319,2026-05-01,https:\/\/example\.org\/run,"<\/script><b>broken<\/b> & ""quoted"" \| Known issue"$/);
  assert.match(byId[1002], /,0\.95,0\.006,1319,2026-05-01,https:\/\/example\.org\/run,$/);
  assert.match(byId[1003], /,no eval,,,,,$/);
  assert.match(byId[1004], /,0\.93,0\.006,1319,2026-05-01,,$/);

  const plain = pageOf(twins.gate[0]);
  delete plain.accuracy;
  plain.cols = COLS.slice(0, 7);
  const bare = compute(plain, { series: plain.series }, defaultView(plain), {});
  const plainLive = { page: plain, view: defaultView(plain), computed: bare };
  const plainColumns = pointColumns(plainLive, null);
  const head = shownCSV(plainLive, plainColumns, shownPoints(plainLive, plainColumns, null)).split("\r\n")[0];
  assert.ok(head.endsWith(",frontier,date,runId"), "a page without evals has no accuracy columns: " + head);
});

test("the legend marks a low eval with its score and a note, whatever the gate", () => {
  const page = hostile();
  page.accuracy.tasks[0].label = "GSM8K";
  const computed = compute(page, { series: page.series }, defaultView(page), {});
  assert.deepEqual(legendMarks(page, computed.rows[0], "2026-05-10"), [
    { kind: "low", text: "GSM8K 0.0%" },
    { kind: "note", text: "</script><b>broken</b> & \"quoted\"" },
    { kind: "note", text: "Known issue" }]);
  assert.deepEqual(legendMarks(page, computed.rows[1], "2026-05-10"), []);
  assert.deepEqual(legendMarks(pageOf(twins.gate[0]), computed.rows[2], "2026-05-01"), [], "the low eval is after the date");
  assert.equal(countedEval(page, page.series[2].points[0], "gsm8k", "").score, 0);
});

test("the as-of rule: the newest eval on or before the date, a tie to the later in the evals list whatever the point's order", () => {
  const page = pageOf(twins.gate[0]);
  page.accuracy.evals = [
    { task: "gsm8k", score: 0.1, date: "2026-05-01" }, { task: "gsm8k", score: 0.2, date: "2026-05-01" },
    { task: "gsm8k", score: 0.3, date: "2026-04-01" }, { task: "gsm8k", score: 0.4, date: "2026-06-01" }, { task: "mmlu", score: 0.5, date: "2026-05-02" }];
  const point = ["p", 1, 1, 1, 8, "", "", [1, 3, 0, 2, 4], null];
  assert.equal(countedEval(page, point, "gsm8k", "2026-05-15").score, 0.2);
  assert.equal(countedEval(page, point, "gsm8k", "2026-04-15").score, 0.3);
  assert.equal(countedEval(page, point, "gsm8k", "2026-03-15"), null);
  assert.equal(countedEval(page, point, "gsm8k", "").score, 0.4);
  assert.equal(countedEval(page, point, "mmlu", "2026-05-15").score, 0.5);
});
