import assert from "node:assert/strict";
import test from "node:test";
import "./testdata/strings.js";
import { changeRows, defaultRef, fmtPct, refIn, trendGateNote, trendLines, trendPartialNote, trendScale, verdictNote, verdictText } from "./trend.js";
import { catalog } from "./testdata/strings.js";
import { useStrings } from "./i18n.js";
import { compareIn, overlayName } from "./overlay.js";
import { defaultView } from "./view.js";

// A page with three snapshots, newest first as #page-data lists them; b300 exists only in the
// newest, and b200's frontier reaches x = 50 only from the middle date on.
const page = {
  metric: "tpPerGpu",
  cols: ["id", "x", "tpPerGpu"],
  metrics: [{ key: "tpPerGpu", higher: true }],
  dates: ["2026-03-01", "2026-02-01", "2026-01-01"],
  refX: [20, 50, 100],
  gpus: { b200: { label: "B200", color: "#111111" }, b300: { label: "B300", color: "#222222" } },
  series: [],
};
// The build's trend table of tpPerGpu for that history (site/history's trend tables):
// per configuration, the dates it changed on with its value at 20, 50 and 100.
page.history = {
  series: [
    { key: "b200_a", name: "B200_A", gpu: "b200", framework: "x", spec: "", precision: "fp4" },
    { key: "b200_b", name: "B200_B", gpu: "b200", framework: "x", spec: "", precision: "fp4" },
    { key: "b300_a", name: "B300_A", gpu: "b300", framework: "x", spec: "", precision: "fp4" },
  ],
};
const table = {
  metric: "tpPerGpu",
  refX: [20, 50, 100],
  dates: ["2026-01-01", "2026-02-01", "2026-03-01"],
  lines: [
    [[0, 833.3, null, null], [1, 1000, 750, null], [2, 1200, 950, null]],
    [[2, 980, 920, null]],
    [[2, 3000, 1500, null]],
  ],
  // Per GPU, the frontier of the union of its configurations' points (site/history's gpuLines):
  // on the newest date B200's union passes above both its configurations' own at 50.
  gpus: {
    b200: [[0, 833.3, null, null], [1, 1000, 750, null], [2, 1200, 990, null]],
    b300: [[2, 3000, 1500, null]],
  },
};

test("the reference defaults to 50 and follows ref= in the fragment when the page has it", () => {
  assert.equal(defaultRef(page), 50);
  assert.equal(defaultRef({ refX: [20, 100] }), 20);
  assert.equal(refIn(page, "#ref=100&best=1"), 100);
  assert.equal(refIn(page, "#ref=70"), 50);
  assert.equal(refIn(page, "#ref=abc"), 50);
});

test("trendLines reads each date's frontier at the reference, never extrapolating", () => {
  const t = trendLines(page, table, defaultView(page), {}, 50);
  assert.deepEqual(t.dates, ["2026-01-01", "2026-02-01", "2026-03-01"]);
  const byKey = Object.fromEntries(t.lines.map((l) => [l.key, l.values]));
  assert.deepEqual(byKey.b200_a, [null, 750, 950], "the oldest frontier does not reach 50");
  assert.deepEqual(byKey.b200_b, [null, null, 920], "nothing before its first row");
  assert.deepEqual(byKey.b300_a, [null, null, 1500]);
  assert.deepEqual(t.lines.map((l) => l.group), ["B200", "B200", "B300"], "the legend groups a configuration under its GPU");
  // At 100 no frontier reaches: no line at all.
  assert.equal(trendLines(page, table, defaultView(page), {}, 100).lines.length, 0);
});

test("with best per GPU, one line per GPU; hidden configurations stay out", () => {
  const best = Object.assign(defaultView(page), { best: true });
  const t = trendLines(page, table, best, {}, 50);
  assert.deepEqual(t.lines.map((l) => l.name), ["B200", "B300"]);
  assert.deepEqual(t.lines.map((l) => l.group), ["", ""], "a GPU's line needs no GPU heading");
  assert.deepEqual(t.lines[0].values, [null, 750, 990], "B200: its frontier over all its configurations, not its best configuration's 950");
  assert.deepEqual(t.partial, []);
  const hidden = trendLines(page, table, defaultView(page), { B300_A: false }, 50);
  assert.ok(!hidden.lines.some((l) => l.key === "b300_a"));
  // With one of B200's configurations hidden the table has no union of the rest: its line is
  // the best of the shown one, and the note names it.
  const part = trendLines(page, table, best, { B200_B: false }, 50);
  assert.deepEqual(part.lines[0].values, [null, 750, 950]);
  assert.deepEqual(part.partial, ["B200"]);
  assert.match(trendPartialNote(part), /best of their shown configurations.*: B200\.$/);
  assert.equal(trendPartialNote(t), "");
});

test("a value holds from its configuration's change until the next one", () => {
  const carried = Object.assign({}, table, { lines: [[[0, 1, 2, 3]], [], []] });
  assert.deepEqual(trendLines(page, carried, defaultView(page), {}, 50).lines[0].values, [2, 2, 2]);
});

test("cost and power scale the table's $1/h and 1 kW values by the view's prices", () => {
  const gpus = { b200: { label: "B200", costPerHour: 4 }, b300: { label: "B300", kw: 2 } };
  const p = Object.assign({}, page, { gpus, metrics: [{ key: "costPerMTok", higher: false }, { key: "tokPerMW", higher: true }] });
  assert.equal(trendScale(p, { cost: { b200: 5 } }, "costPerMTok", "b200"), 5, "the reader's price first");
  assert.equal(trendScale(p, {}, "costPerMTok", "b200"), 4);
  assert.ok(Number.isNaN(trendScale(p, {}, "costPerMTok", "b300")), "no price: no value");
  assert.equal(trendScale(p, {}, "tokPerMW", "b300"), 0.5);
  // The union's cost at $1/h (lower is better: below both configurations' own 950 and 920).
  const cost = Object.assign({}, table, { metric: "costPerMTok", gpus: { b200: [[1, null, 750, null], [2, null, 900, null]], b300: table.gpus.b300 } });
  const t = trendLines(p, cost, { best: true }, {}, 50);
  assert.deepEqual(t.lines.map((l) => l.name), ["B200"], "B300 has no price");
  assert.deepEqual(t.lines[0].values, [null, 3000, 3600], "the GPU's union on each date, at its price");
});

test("changeRows compares a baseline date with the newest", () => {
  const t = { dates: ["d1", "d2", "d3"], lines: [{ key: "a", name: "A", values: [100, null, 125] }, { key: "b", name: "B", values: [null, 10, 20] }] };
  assert.deepEqual(changeRows(t, "d1").map((r) => r.pct), [25, null]);
  assert.deepEqual(changeRows(t, "d2").map((r) => r.pct), [null, 100]);
});

test("changeRows labels each change by the page's [verdict] rule, and the note says the rule", () => {
  const t = { dates: ["d1", "d2", "d3"], lines: [
    { key: "a", name: "A", values: [100, 90, 89] }, { key: "b", name: "B", values: [100, 100, 90] },
    { key: "c", name: "C", values: [100, 101, 102] }, { key: "d", name: "D", values: [null, 10, 20] }] };
  assert.deepEqual(changeRows(t, "d1", true, { threshold: 3, consecutive: 2 }).map((r) => r.verdict),
    ["regression", "suspicious", "noise", "insufficient"]);
  assert.deepEqual(changeRows(t, "d1", false, { threshold: 3, consecutive: 1 }).map((r) => r.verdict),
    ["improvement", "improvement", "noise", "insufficient"], "lower is better: a fall improves");
  assert.deepEqual(changeRows(t, "d1").map((r) => r.verdict), ["", "", "", ""], "no rule: no verdicts");
  assert.equal(verdictText("suspicious"), "suspicious");
  assert.match(verdictNote({ threshold: 3, consecutive: 2 }), /±3%.*2 dates in a row/);
  assert.match(verdictNote({ threshold: 5, consecutive: 1 }), /±5%/);
  assert.equal(verdictNote(undefined), "");
});

test("fmtPct writes a change as Go's fmtChange does", () => {
  for (const [pct, want] of [[25, "+25%"], [9.94, "+9.9%"], [9.96, "+10%"], [0.04, "±0%"], [-3.45, "-3.5%"], [null, ""]]) {
    assert.equal(fmtPct(pct), want, String(pct));
  }
});

test("compareIn keeps the page's dates other than the one shown, newest first", () => {
  assert.deepEqual(compareIn(page, "#compare=2026-01-01,2026-02-01,1999-01-01,2026-01-01", "2026-03-01"), ["2026-02-01", "2026-01-01"]);
  assert.deepEqual(compareIn(page, "#compare=2026-03-01", "2026-03-01"), []);
  assert.deepEqual(compareIn(page, "", "2026-03-01"), []);
  assert.equal(overlayName("MI300X (sglang)", "2026-01-14"), "MI300X (sglang) 2026-01-14");
});

test("the trend says it does not apply the accuracy gate while one is on, in each language", () => {
  const acc = Object.assign({}, page, { accuracy: { tasks: [{ key: "gsm8k", label: "<b>GSM8K</b>" }], evals: [], notes: [] } });
  const gate = { task: "gsm8k", min: 0.9, all: false };
  assert.equal(trendGateNote(acc, Object.assign(defaultView(acc), { acc: null })), "");
  assert.equal(trendGateNote(page, Object.assign(defaultView(page), { acc: gate })), "", "a page without evals has no gate to speak of");
  assert.equal(trendGateNote(acc, Object.assign(defaultView(acc), { acc: gate })),
    "The trend and the change table do not apply the accuracy gate (<b>GSM8K</b> ≥ 90%): they read each date's frontier of every configuration's points.");
  useStrings(catalog("zh"), "zh");
  try {
    assert.match(trendGateNote(acc, Object.assign(defaultView(acc), { acc: Object.assign({}, gate, { all: true }) })), /^趋势图和变化表未应用准确率门槛（<b>GSM8K<\/b> ≥ 90%（仅已评测））/);
  } finally {
    useStrings(catalog("en"), "en");
  }
});

test("the trend says it does not apply the service level while one is on", () => {
  const slo = { terms: [{ metric: "p99_ttft", limit: 2, floor: false }] };
  assert.equal(trendGateNote(page, Object.assign(defaultView(page), { slo: null })), "");
  assert.equal(trendGateNote(page, Object.assign(defaultView(page), { slo: { terms: [] } })), "");
  const note = trendGateNote(page, Object.assign(defaultView(page), { slo }));
  assert.match(note, /^The trend and the change table do not apply the service level \(.*p99_ttft.*≤ 2.*\)/);
});

// The trend table of a site with repeated runs (site/history writes a state whose frontier
// comes from points run more than once as [dateIndex, values..., spreads...], the spreads in
// percent): the change table widens its threshold by them, as frontier diff does.
test("the change table widens the threshold by the trend table's run-to-run spreads", () => {
  const spread = Object.assign({}, table, {
    lines: [
      [[0, 1000, 800, null], [2, 900, 720, null, 12.5, 4, 0]], // -10% at 20 and 50, the newest state run 4 times
      [[0, 1000, 800, null], [2, 900, 720, null]], // the same drop, single runs
      [[0, 1000, 800, null], [1, 1000, 700, null, 0, 20, 0], [2, 1000, 690, null]], // the middle state scatters at 50
    ],
  });
  const rows = (ref, rule) => changeRows(trendLines(page, spread, defaultView(page), {}, ref), "2026-01-01", true, rule)
    .map((r) => r.key + ":" + r.verdict);
  assert.deepEqual(rows(20, { threshold: 3, consecutive: 1 }), ["b200_a:noise", "b200_b:regression", "b300_a:noise"],
    "a 10% drop inside runs scattering 12.5% is noise; the same drop of single runs a regression");
  assert.deepEqual(rows(50, { threshold: 3, consecutive: 1 }), ["b200_a:regression", "b200_b:regression", "b300_a:regression"],
    "a 4% scatter does not cover a 10% drop; the middle date's scatter does not reach the newest");
  assert.deepEqual(rows(50, { threshold: 3, consecutive: 2 }), ["b200_a:suspicious", "b200_b:suspicious", "b300_a:suspicious"],
    "two dates wanted: the middle date is unchanged for b200, inside its own scatter for b300");
  assert.deepEqual(trendLines(page, spread, defaultView(page), {}, 50).lines.map((l) => l.values),
    [[800, 800, 720], [800, 800, 720], [800, 700, 690]], "the spreads after the values do not change them");
  const plain = changeRows(trendLines(page, table, defaultView(page), {}, 20), "2026-01-01", true, { threshold: 3, consecutive: 1 });
  assert.deepEqual(plain.map((r) => r.verdict), ["improvement", "insufficient", "insufficient"], "a table without spreads: the threshold as set");
});
