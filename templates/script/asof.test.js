import assert from "node:assert/strict";
import test from "node:test";
import { asOf, chunksFor, decodeChunk, snapshotAt, trendAt } from "./asof.js";
import { twins } from "./testdata/twins.js";

// The asOf cases of twins.json, which site/history's TestAsOfTwins holds Go's asOf to: rows are
// [series, slot, date], at maps a date to the indices of the rows shown on it.
test("asOf follows the shared cases", () => {
  for (const c of twins.asOf) {
    const rows = c.rows.map(([series, slot, date]) => ({ series, slot, date }));
    for (const [date, want] of Object.entries(c.at)) {
      assert.deepEqual(asOf(rows, date), want, c.name + " on " + JSON.stringify(date));
    }
  }
});

// Two chunks as site/history writes them: the second needs the first (b's row is older).
const history = {
  series: [{ key: "a" }, { key: "b", name: "B", gpu: "b200" }],
  chunks: [
    { from: "", to: "2026-01-01", file: "history/rows-0.json", rows: 3, needs: [] },
    { from: "2026-01-02", to: "2026-01-02", file: "history/rows-1.json", rows: 1, needs: [0] },
  ],
};
const cols = ["id", "x", "tpPerGpu", "date"];
// The page: "a" is in the newest snapshot, so the history names it by key alone.
const page = { cols, history, series: [{ key: "a", name: "A", gpu: "b200", points: [[1, 2, 3, ""]], frontier: [0], best: true }] };
const chunk0 = {
  cols, strCols: [3], strs: ["", "2026-01-01"], s: [0, 0, 1], k: [1, 2, 1], d: [0, 1, 1],
  c: [[11, 12, 21], [50, 10, 30], [100, 300, 200], [0, 1, 1]],
};
// chunk1's y column is written as the index of x's, whose values it has (site/history's chunk.go).
const chunk1 = { cols, strCols: [3], strs: ["2026-01-02"], s: [0], k: [1], d: [0], c: [[13], [60], 1, [0]] };

test("chunksFor names the chunk of the date and those it needs", () => {
  assert.deepEqual(chunksFor(history, "2026-01-01"), [0]);
  assert.deepEqual(chunksFor(history, "2026-03-01"), [0, 1]);
});

test("snapshotAt derives a date's series from the rows, in the build's order, with frontiers", () => {
  const rows = decodeChunk(chunk1).concat(decodeChunk(chunk0));
  const old = snapshotAt(page, rows, "2026-01-01");
  assert.deepEqual(old.series.map((s) => [s.key, s.points.map((p) => p[0]), s.frontier, s.date]),
    [["a", [12, 11], [0, 1], "2026-01-01"], ["b", [21], [0], "2026-01-01"]]);
  const now = snapshotAt(page, rows, "2026-01-02");
  assert.equal(now.series[0].name, "A", "a configuration named by key takes the page's fields");
  assert.equal(now.series[0].best, undefined);
  assert.deepEqual(now.series[0].points, [[12, 10, 300, "2026-01-01"], [13, 60, 60, "2026-01-02"]], "the undated row replaced, the other slot kept");
  assert.deepEqual(now.series[0].frontier, [0, 1]);
});

test("trendAt carries a configuration's value forward from its last change", () => {
  const table = { lines: [[[1, 5, null], [3, 7, 8]]] };
  assert.deepEqual([0, 1, 2, 3, 4].map((d) => trendAt(table, 0, d, 0)), [null, 5, 5, 7, 7]);
  assert.equal(trendAt(table, 0, 2, 1), null);
});
