import assert from "node:assert/strict";
import test from "node:test";
import "./testdata/strings.js";
import { binEdges, findPoint, findShown, idAt, neighbours, place, statRows } from "./detail.js";
import { ptIn } from "./detail-hook.js";

const page = {
  cols: ["id", "x", "tpPerGpu", "outputTputPerGpu", "inputTputPerGpu", "conc", "tp", "date", "run"],
  series: [
    { key: "a", label: "B200 (vLLM)", points: [[11, 50, 1, 1, 1, 64, 8, "", ""], [10, 90, 1, 1, 1, 4, 8, "", ""], [12, 70, 1, 1, 1, 16, 8, "", ""]] },
    { key: "b", label: "MI355X (SGLang)", points: [[20, 40, 1, 1, 1, 32, 8, "", ""]] },
  ],
};

test("ptIn: the point id of a fragment's pt=, else empty", () => {
  assert.equal(ptIn("#pt=42"), "42");
  assert.equal(ptIn("#x=p90_ttft&pt=7872404572476261&log=1"), "7872404572476261");
  assert.equal(ptIn("#x=p90_ttft"), "");
  assert.equal(ptIn("#pt=abc"), "");
  assert.equal(ptIn("#opt=4"), "");
  assert.equal(ptIn(""), "");
});

test("statRows: the file's own statistics, computed ones only where the file lacks them, latencies in ms", () => {
  const d = {
    stats: { ttft: [0.5, 0.4, null, 0.9, null, 0.1], intvty: [null, 50, null, null, null, null] },
    requests: { n: 100, computed: { ttft: [null, 0.3, 0.8, null, 1.2, null], itl: [0.01, 0.004, null, null, null, null] } },
  };
  const rows = statRows(d);
  assert.deepEqual(rows.map((r) => r.family), ["ttft", "itl", "intvty"]);
  const ttft = rows[0];
  assert.equal(ttft.unit, "ms");
  assert.deepEqual(ttft.marks.map((m) => [m.stat, m.value, m.computed]),
    [["mean", 500, false], ["median", 400, false], ["p90", 800, true], ["p99", 900, false], ["p99.9", 1200, true]]);
  assert.deepEqual([ttft.std.value, ttft.std.computed], [100, false]);
  assert.equal(rows[2].unit, "tok/s/user");
  assert.deepEqual(rows[2].marks.map((m) => m.value), [50]);
  assert.deepEqual(statRows({}), []);
  assert.deepEqual(statRows(undefined), []);
});

test("binEdges: a log-scale bin's span in ms", () => {
  const edges = binEdges({ lo: -3, counts: [1, 2] }, 10);
  assert.ok(Math.abs(edges[0][0] - 1000 * Math.pow(10, -0.3)) < 1e-9);
  assert.ok(Math.abs(edges[1][1] - 1000 * Math.pow(10, -0.1)) < 1e-9);
  assert.equal(edges[0][1], edges[1][0]);
});

test("findPoint and neighbours: the configuration's other loads, by concurrency", () => {
  const at = findPoint(page, "12");
  assert.equal(at.si, 0);
  assert.equal(at.i, 2);
  assert.equal(findPoint(page, 99), null);
  assert.deepEqual(neighbours(page, at).map((n) => [n.id, n.conc, n.current]), [["10", 4, false], ["12", 16, true], ["11", 64, false]]);
  assert.deepEqual(neighbours(page, findPoint(page, 20)).map((n) => n.id), ["20"]);
});

test("findShown: a point of the older snapshot the chart shows, with its date; none on the newest", () => {
  const older = { date: "2026-06-12", series: [{ key: "a", label: "B200 (vLLM)", points: [[31, 45, 1, 1, 1, 64, 8, "", ""], [32, 80, 1, 1, 1, 8, 8, "", ""]] }] };
  const live = { page, view: { date: "2026-06-12" }, snapshots: { "2026-07-12": { date: "2026-07-12", series: page.series }, "2026-06-12": older } };
  assert.equal(findPoint(page, "32"), null, "not in the newest snapshot");
  const at = findShown(live, "32");
  assert.equal(at.older, "2026-06-12");
  assert.equal(at.point, older.series[0].points[1]);
  assert.deepEqual(neighbours(page, at).map((n) => [n.id, n.current]), [["32", true], ["31", false]]);
  assert.equal(findShown(live, "11"), null, "a newest point is findPoint's");
  assert.equal(findShown(Object.assign({}, live, { view: { date: "2026-07-12" } }), "32"), null, "on the newest snapshot, no older point");
});

test("idAt: a click on a published scatter point names its id; a line or a reader's run none", () => {
  const live = { page, computed: { rows: [{ series: page.series[0], shown: [1, 2] }, { series: { yours: true, points: [[1]] }, shown: [0] }] } };
  assert.equal(idAt(live, { seriesType: "scatter", seriesIndex: 0, dataIndex: 1 }), "12");
  assert.equal(idAt(live, { seriesType: "line", seriesIndex: 0, dataIndex: 1 }), null);
  assert.equal(idAt(live, { seriesType: "scatter", seriesIndex: 1, dataIndex: 0 }), null);
  assert.equal(idAt(live, { seriesType: "scatter", seriesIndex: 5, dataIndex: 0 }), null);
});

test("place: a linear scale from 0, or a log one for a long tail", () => {
  assert.equal(place(50, [50, 100]), 48);
  assert.equal(place(100, [50, 100]), 96);
  assert.equal(place(1, [1, 1000]), 4);
  assert.equal(place(1000, [1, 1000]), 96);
  assert.ok(Math.abs(place(31.6227766, [1, 1000]) - 50) < 1e-6);
  assert.equal(place(0, [0, 0]), 0);
});
