import assert from "node:assert/strict";
import test from "node:test";
import { changeRows, defaultRef, fmtPct, refIn, trendLines } from "./trend.js";
import { compareIn, overlayName } from "./compare.js";
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
const s = (key, gpu, points) => ({ key, name: key.toUpperCase(), gpu, framework: "x", spec: "", precision: "fp4", points });
const snapshots = {
  "2026-01-01": { series: [s("b200_a", "b200", [[1, 10, 1000], [2, 40, 500]])] },
  "2026-02-01": { series: [s("b200_a", "b200", [[3, 10, 1200], [4, 60, 600]])] },
  "2026-03-01": {
    series: [s("b200_a", "b200", [[5, 10, 1400], [6, 60, 800]]), s("b200_b", "b200", [[7, 10, 1000], [8, 60, 900]]),
      s("b300_a", "b300", [[9, 20, 3000], [10, 80, 1000]])],
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
  const t = trendLines(page, snapshots, defaultView(page), {}, 50);
  assert.deepEqual(t.dates, ["2026-01-01", "2026-02-01", "2026-03-01"]);
  const byKey = Object.fromEntries(t.lines.map((l) => [l.key, l.values]));
  assert.equal(byKey.b200_a[0], null, "the oldest frontier ends at x = 40, before 50");
  assert.ok(byKey.b200_a[1] > 600 && byKey.b200_a[1] < 1200);
  assert.ok(byKey.b200_a[2] > 800 && byKey.b200_a[2] < 1400);
  assert.deepEqual(byKey.b200_b.slice(0, 2), [null, null]);
  assert.ok(byKey.b300_a[2] > 1000 && byKey.b300_a[2] < 3000);
  // At 100 no frontier reaches: no line at all.
  assert.equal(trendLines(page, snapshots, defaultView(page), {}, 100).lines.length, 0);
});

test("with best per GPU, one line per GPU; hidden configurations stay out", () => {
  const best = Object.assign(defaultView(page), { best: true });
  const t = trendLines(page, snapshots, best, {}, 50);
  assert.deepEqual(t.lines.map((l) => l.name), ["B200", "B300"]);
  const hidden = trendLines(page, snapshots, defaultView(page), { B300_A: false }, 50);
  assert.ok(!hidden.lines.some((l) => l.key === "b300_a"));
});

test("changeRows compares a baseline date with the newest", () => {
  const t = { dates: ["d1", "d2", "d3"], lines: [{ key: "a", name: "A", values: [100, null, 125] }, { key: "b", name: "B", values: [null, 10, 20] }] };
  assert.deepEqual(changeRows(t, "d1").map((r) => r.pct), [25, null]);
  assert.deepEqual(changeRows(t, "d2").map((r) => r.pct), [null, 100]);
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
