import assert from "node:assert/strict";
import test from "node:test";
import "./testdata/strings.js";
import { bestRows, choices, column, compute, deployLabel, facet, fillLater, fillRest, yValues } from "./model.js";
import { twins } from "./testdata/twins.js";
import { LISTS, defaultView } from "./view.js";

// A page as #page-data holds one: points are rows of cols.
const page = {
  metric: "tpPerGpu",
  cols: ["id", "x", "tpPerGpu", "outputTputPerGpu"],
  metrics: [
    { key: "tpPerGpu", higher: true },
    { key: "outputTputPerGpu", higher: true },
    { key: "costPerMTok", higher: false },
    { key: "tokPerMW", higher: true },
  ],
  dates: ["2026-05-01"],
  gpus: { b200: { label: "B200", color: "#111111", costPerHour: 3.6, kw: 1.2 }, mi355x: { label: "MI355X", color: "#222222" } },
  frameworks: { vllm: "vLLM" },
  series: [
    { key: "b200_trt", name: "B200 (TRT)", gpu: "b200", vendor: "NVIDIA", framework: "trt", spec: "", precision: "fp4",
      points: [[1, 10, 1000, 100], [2, 20, 800, 80], [3, 30, 900, 90]] },
    { key: "b200_vllm", name: "B200 (vLLM)", gpu: "b200", vendor: "NVIDIA", framework: "vllm", spec: "mtp", precision: "fp4",
      points: [[4, 10, 2000, 200], [5, 40, 500, 50]] },
    { key: "mi355x_vllm", name: "MI355X (vLLM)", gpu: "mi355x", vendor: "AMD", framework: "vllm", spec: "", precision: "fp8",
      points: [[6, 15, 1500, 150], [7, 25, NaN, 10]] },
  ],
};
const snapshot = { series: page.series };

test("column finds a named column", () => {
  assert.equal(column(page, "x"), 1);
  assert.equal(column(page, "costPerMTok"), -1);
});

test("facet gives a series' value for each filter, spec none when it has none", () => {
  const s = page.series[0];
  assert.deepEqual(["gpus", "vendors", "frameworks", "spec", "precisions"].map((list) => facet(s, list)), ["b200", "nvidia", "trt", "none", "fp4"]);
  assert.equal(facet(page.series[1], "spec"), "mtp");
});

test("choices lists each filter's values once, in series order, newest snapshot first", () => {
  const older = { series: [{ gpu: "b300", vendor: "NVIDIA", framework: "sglang", spec: "", precision: "fp8" }] };
  const lists = choices(page, { "2026-05-01": snapshot, "2026-04-01": older });
  assert.deepEqual(lists.gpus, [
    { value: "b200", label: "B200", color: "#111111" },
    { value: "mi355x", label: "MI355X", color: "#222222" },
    { value: "b300", label: "b300", color: "" },
  ]);
  assert.deepEqual(lists.frameworks.map((c) => c.label), ["trt", "vLLM", "sglang"]);
  assert.deepEqual(lists.spec.map((c) => [c.value, c.label]), [["none", "None"], ["mtp", "MTP"]]);
  assert.deepEqual(lists.precisions.map((c) => c.label), ["FP4", "FP8"]);
});

test("yValues derives cost and energy from the total throughput, NaN where it cannot", () => {
  const s = page.series[0];
  assert.deepEqual(yValues(page, "tpPerGpu", s), [1000, 800, 900]);
  assert.deepEqual(yValues(page, "costPerMTok", s).map((v) => +v.toFixed(6)), [1, 1.25, +(1e6 / 900 / 1000).toFixed(6)]);
  assert.deepEqual(yValues(page, "tokPerMW", s).map((v) => +v.toFixed(6)), [833333.333333, 666666.666667, 750000]);
  assert.ok(yValues(page, "costPerMTok", page.series[2]).every(Number.isNaN), "no cost for the GPU");
  assert.ok(yValues(page, "missing", s).every(Number.isNaN));
});

test("yValues prices a million output or input tokens by that throughput", () => {
  const s = page.series[0];
  // $3.6/h over 100, 80, 90 output tok/s: $10, $12.5, $11.11 per million output tokens.
  assert.deepEqual(yValues(page, "costPerMOutputTok", s).map((v) => +v.toFixed(6)), [10, 12.5, +(1e6 / 90 / 1000).toFixed(6)]);
  // This page has no input column: no value, not the total's.
  assert.ok(yValues(page, "costPerMInputTok", s).every(Number.isNaN));
  const withInput = Object.assign({}, page, { cols: page.cols.concat("inputTputPerGpu") });
  const points = s.points.map((p) => p.concat(p[2] - p[3]));
  assert.deepEqual(yValues(withInput, "costPerMInputTok", Object.assign({}, s, { points })).map((v) => +v.toFixed(6)),
    [+(1e6 / 900 / 1000).toFixed(6), +(1e6 / 720 / 1000).toFixed(6), +(1e6 / 810 / 1000).toFixed(6)]);
  assert.ok(yValues(page, "costPerMOutputTok", page.series[2]).every(Number.isNaN), "no cost for the GPU");
});

test("compute: frontier, filters and the points shown", () => {
  const view = Object.assign(defaultView(page), { optimal: true });
  const c = compute(page, snapshot, view, {});
  assert.equal(c.metric.key, "tpPerGpu");
  assert.deepEqual(c.rows[0].front, [0, 2], "computed when the input has none");
  assert.deepEqual(c.rows[0].shown, [0, 2], "frontier only");
  assert.deepEqual(c.rows[2].shown, [0], "NaN is never shown");
  assert.ok(c.rows.every((r) => r.pass && r.visible));
  assert.deepEqual(c.global, [[10, 2000], [15, 1500], [30, 900], [40, 500]]);

  const filtered = compute(page, snapshot, Object.assign(defaultView(page), { frameworks: ["vllm"] }), { "MI355X (vLLM)": false });
  assert.deepEqual(filtered.rows.map((r) => [r.pass, r.visible]), [[false, false], [true, true], [true, false]]);
  assert.deepEqual(filtered.global, [[10, 2000], [40, 500]], "the global frontier covers what is shown");
});

test("compute follows a metric's polarity, lower cost being better", () => {
  const c = compute(page, snapshot, Object.assign(defaultView(page), { y: "costPerMTok" }), {});
  assert.equal(c.metric.higher, false);
  assert.deepEqual(c.rows[0].front, [0, 2]);
  assert.deepEqual(c.rows[2].shown, []);
});

test("best per GPU keeps one series per GPU among those the filters pass", () => {
  const c = compute(page, snapshot, Object.assign(defaultView(page), { best: true }), {});
  assert.deepEqual(c.rows.map((r) => r.inView), [false, true, true]);
  assert.deepEqual(bestRows(c.rows, true).map((r) => r.series.key).sort(), ["b200_vllm", "mi355x_vllm"]);
  const noVLLM = compute(page, snapshot, Object.assign(defaultView(page), { best: true, frameworks: ["trt"] }), {});
  assert.deepEqual(noVLLM.rows.map((r) => r.inView), [true, false, false]);
});

// The page with a latency column and x axes, as a page of raw results has them.
const lat = Object.assign({}, page, {
  cols: page.cols.concat(["p99_ttft"]),
  xAxes: [
    { key: "median_intvty", col: "x", higher: true, refs: [] },
    { key: "p99_ttft", col: "p99_ttft", higher: false, refs: [1] },
  ],
  series: page.series.map((s) => Object.assign({}, s, { points: s.points.map((p, i) => p.concat([[0.5, 2, 1][i]])) })),
});

test("compute on a latency x: the points' own field, the frontier toward low latency and high throughput", () => {
  const c = compute(lat, { series: lat.series }, Object.assign(defaultView(lat), { x: "p99_ttft" }), {});
  assert.equal(c.axis.key, "p99_ttft");
  assert.deepEqual(c.rows[0].xs, [0.5, 2, 1]);
  // (0.5, 1000) is fastest; (1, 900) is slower and lower; (2, 800) is slower still: one point.
  assert.deepEqual(c.rows[0].front, [0]);
  // (0.5, 2000) beats (2, 500) on both.
  assert.deepEqual(c.rows[1].front, [0]);
  const cost = compute(lat, { series: lat.series }, Object.assign(defaultView(lat), { x: "p99_ttft", y: "costPerMTok" }), {});
  assert.deepEqual(cost.rows[0].front, [0], "lower-left: fastest and cheapest");
  assert.deepEqual(cost.missing, ["MI355X (vLLM)"], "no price for MI355X");
});

test("the reader's prices override the config's and price a GPU the config does not", () => {
  const view = Object.assign(defaultView(page), { y: "costPerMTok", cost: { mi355x: 7.2 }, kw: { b200: 2.4 } });
  assert.deepEqual(yValues(page, "costPerMTok", page.series[2], view).map((v) => +v.toFixed(6)), [+(7.2e6 / 1500 / 3600).toFixed(6), NaN]);
  assert.deepEqual(yValues(page, "costPerMTok", page.series[0], view).map((v) => +v.toFixed(6)), [1, 1.25, +(1e6 / 900 / 1000).toFixed(6)], "B200 keeps the config's");
  assert.deepEqual(yValues(page, "tokPerMW", page.series[0], view).map((v) => +v.toFixed(3)), [416666.667, 333333.333, 375000]);
  assert.deepEqual(compute(page, snapshot, view, {}).missing, []);
});

test("the deployment filter's values and labels", () => {
  assert.equal(facet({ deploy: "Disaggregated" }, "deploy"), "disaggregated");
  assert.equal(facet({}, "deploy"), "");
});

test("deployLabel agrees with Go's deployLabel on the shared cases", () => {
  for (const c of twins.deploymentLabel) assert.equal(deployLabel(c.in), c.want, JSON.stringify(c.in));
});

test("a filter's value, label and colour agree with Go's facetOf on the shared cases", () => {
  const { page, cases } = twins.facets;
  for (const c of cases) {
    assert.deepEqual(Object.keys(c.want).sort(), [...LISTS].sort(), c.name + ": want gives every filter");
    const lists = choices(page, { "2026-05-01": { series: [c.series] } });
    for (const list of LISTS) {
      const { value, label, color } = lists[list][0];
      assert.deepEqual([value, label, color], c.want[list], c.name + ": " + list);
    }
  }
});

test("fillLater and fillRest put their file's values into the points and drop page.later, page.rest", () => {
  const slim = {
    cols: ["id", "x", "mean_tpot", "std_tpot"],
    later: { file: "columns.json", cols: ["mean_tpot", "std_tpot"] },
    series: [{ points: [[1, 10, null, null], [2, 20, null, null]] }, { points: [[3, 5, null, null]] }],
  };
  fillLater(slim, { cols: ["mean_tpot", "std_tpot"], series: [[[0.2, 0.01], [0.3, null]], [[0.5, 0.02]]] });
  assert.deepEqual(slim.series.map((s) => s.points), [[[1, 10, 0.2, 0.01], [2, 20, 0.3, null]], [[3, 5, 0.5, 0.02]]]);
  assert.equal(slim.later, undefined);

  // A page with history ends its points after tp (page.rest): the strings come back too.
  const light = {
    cols: ["id", "x", "date", "run", "mean_tpot"],
    rest: { file: "rest.json.gz", cols: ["date", "run", "mean_tpot"] },
    series: [{ points: [[1, 10]] }],
  };
  fillRest(light, { cols: ["date", "run", "mean_tpot"], series: [[["2026-01-02", "r7", 0.2]]] });
  assert.deepEqual(light.series[0].points, [[1, 10, "2026-01-02", "r7", 0.2]]);
  assert.equal(light.rest, undefined);

  const other = { cols: ["id", "mean_tpot"], later: { file: "columns.json", cols: ["mean_tpot"] }, series: [{ points: [[1, null]] }] };
  assert.throws(() => fillLater(other, { cols: ["mean_tpot"], series: [[[0.2], [0.3]]] }), /does not match/);
  assert.throws(() => fillLater(other, { cols: ["std_tpot"], series: [[[0.2]]] }), /does not match/);
});

test("a cost frontier is the throughput frontier mapped through price / throughput, along the whole curve", () => {
  const s = page.series[1]; // b200_vllm: 2000 tok/s/GPU at 10 tok/s/user, 500 at 40; $3.6 per GPU-hour
  const view = Object.assign(defaultView(page), { y: "costPerMTok" });
  const c = compute(page, snapshot, view, {});
  const row = c.rows.find((r) => r.series === s);
  const tp = (x) => 2000 + (500 - 2000) * (x - 10) / 30; // two points: the monotone curve is their straight line
  for (const x of [10, 17.5, 25, 33, 40]) {
    assert.ok(Math.abs(row.curve.at(x) * tp(x) * 3600 / 1e6 / 3.6 - 1) < 1e-12, "cost × throughput is the price at " + x);
  }
  // The cost's own straight line between the two points would say 4.5 $/M at 25 tok/s/user:
  // the mapped curve says 3.6 / (1250 × 3600) × 1e6 = 0.8.
  assert.ok(Math.abs(row.curve.at(25) - 0.8) < 1e-12);
  assert.equal(row.curve.at(41), null, "never extrapolated");
  // The line the chart draws: the two measured points and the mapped throughput line between.
  assert.equal(row.curve.line.length, 1 + 8);
  assert.deepEqual(row.curve.line[0], [10, 0.5]);
  for (const [x, y] of row.curve.line) assert.ok(Math.abs(y * tp(x) * 3600 / 1e6 / 3.6 - 1) < 1e-12, "drawn at " + x);
  // A GPU without a price has no cost curve; tokens per MW is the throughput scaled.
  assert.equal(c.rows.find((r) => r.series.gpu === "mi355x").curve.at(20), null);
  const mw = compute(page, snapshot, Object.assign(defaultView(page), { y: "tokPerMW" }), {}).rows.find((r) => r.series === s);
  assert.ok(Math.abs(mw.curve.at(25) - 1250 / 1.2 * 1000) < 1e-6);
  assert.deepEqual(mw.curve.line, mw.front.map((i) => [mw.xs[i], mw.ys[i]]));
});
