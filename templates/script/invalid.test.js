import assert from "node:assert/strict";
import test from "node:test";
import "./testdata/strings.js";
import { compute, isInvalid } from "./model.js";
import { tooltipHTML } from "./option.js";
import { pointColumns, shownCSV, shownPoints } from "./tables.js";
import { defaultView } from "./view.js";

// A page whose second point an MLPerf summary judged INVALID (PageData.Invalid holds its id).
function page(invalid) {
  return {
    metric: "outputTputPerGpu", cols: ["id", "x", "tpPerGpu", "outputTputPerGpu", "inputTputPerGpu", "conc", "tp", "date", "run"],
    metrics: [{ key: "outputTputPerGpu", label: "Output", unit: "tok/s/GPU", higher: true }],
    x: { label: "Interactivity", unit: "tok/s/user" }, dates: ["2026-01-02"], gpus: {}, refX: [], invalid,
    series: [{
      key: "b200_trt", name: "B200 (TRT)", label: "B200 (TRT)", gpu: "b200", precision: "fp4", color: "#123456",
      points: [[11, 40, 0, 1000, 0, 0, 8, "2026-01-02", ""], [12, 80, 0, 500, 0, 0, 8, "2026-01-02", ""]],
    }],
  };
}

function live(p) {
  const view = defaultView(p);
  return { page: p, view, computed: compute(p, { series: p.series }, view, {}) };
}

test("an invalid point says so in its tooltip, the points table and the shown CSV; a valid one does not", () => {
  const l = live(page([12]));
  const row = l.computed.rows[0];
  const tip = (id) => tooltipHTML(l.page, l.computed, { seriesIndex: 0, dataIndex: row.shown.findIndex((i) => row.series.points[i][0] === id), seriesType: "scatter" });
  assert.match(tip(12), /<b>Invalid run: its own benchmark client judged it invalid/);
  assert.doesNotMatch(tip(11), /Invalid run/);
  const columns = pointColumns(l, null);
  const result = columns.find((c) => c.key === "result");
  assert.ok(result, "a result column");
  const points = shownPoints(l, columns, null);
  assert.deepEqual(points.map((p) => [p.point[0], result.cell(p)]).sort(), [[11, ""], [12, "invalid"]]);
  const lines = shownCSV(l, columns, points).split("\r\n");
  assert.match(lines[0], /,runId,invalid$/);
  assert.deepEqual(lines.slice(1, -1).map((s) => s.split(",")[7] + ":" + s.split(",").pop()).sort(), ["11:false", "12:true"]);
});

test("a page without invalid points has no result column and data.csv's header", () => {
  for (const invalid of [undefined, []]) {
    const l = live(page(invalid));
    const columns = pointColumns(l, null);
    assert.ok(!columns.some((c) => c.key === "result"));
    assert.match(shownCSV(l, columns, shownPoints(l, columns, null)).split("\r\n")[0], /,runId$/);
  }
});

test("a reader's own invalid row is marked by the decoder's flag", () => {
  const p = page([]);
  const s = { yours: true, points: p.series[0].points, invalid: [false, true] };
  assert.equal(isInvalid(p, s, 0), false);
  assert.equal(isInvalid(p, s, 1), true);
});
