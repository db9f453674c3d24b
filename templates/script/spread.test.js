import assert from "node:assert/strict";
import test from "node:test";
import "./testdata/strings.js";
import { compute, isFaded, isShortfall, requestsOf, spreadOf, successText, yRange } from "./model.js";
import { UNKNOWN_OPACITY, buildOption, tooltipHTML } from "./option.js";
import { defaultView } from "./view.js";

// A page with one point of three runs (id 1), one whose client counted 972 of 1000 requests
// (id 2, under minSuccess 0.99), one that completed all of its (id 3) and one whose file does
// not say (id 4).
const page = {
  metric: "tpPerGpu",
  x: { label: "Interactivity", unit: "tok/s/user" },
  cols: ["id", "x", "tpPerGpu", "outputTputPerGpu", "inputTputPerGpu", "conc", "tp", "date", "run"],
  metrics: [{ key: "tpPerGpu", label: "Total", axis: "Total (tok/s/GPU)", unit: "tok/s/GPU", higher: true },
    { key: "costPerMTok", label: "Cost", axis: "Cost ($/M tokens)", unit: "$/M", higher: false }],
  xAxes: [{ key: "median_intvty", col: "x", label: "Interactivity", axis: "Interactivity (tok/s/user)", unit: "tok/s/user", higher: true }],
  dates: ["2026-08-16"],
  gpus: { gb10: { label: "GB10", color: "#111111", costPerHour: 3.6 } },
  frameworks: { vllm: "vLLM" },
  series: [{ key: "gb10_vllm", name: "GB10 (vLLM)", label: "GB10 (vLLM)", gpu: "gb10", vendor: "NVIDIA", framework: "vllm", spec: "", precision: "bf16", color: "#111111", symbol: "circle",
    points: [[1, 5.5, 1200, 130, 1070, 8, 1, "2026-08-16", ""], [2, 10, 900, 90, 810, 16, 1, "2026-08-16", ""],
      [3, 20, 600, 60, 540, 32, 1, "2026-08-16", ""], [4, 30, 300, 30, 270, 64, 1, "2026-08-16", ""]] }],
  spread: [{ id: 1, runs: 3, lo: { x: 5, tpPerGpu: 1100, outputTputPerGpu: 120 }, hi: { x: 6, tpPerGpu: 1300, outputTputPerGpu: 140 } }],
  requests: [{ id: 2, completed: 972, attempted: 1000 }, { id: 3, completed: 200, attempted: 200 }],
  minSuccess: 0.99,
};
const s = page.series[0];

test("a point of several runs has its spread, the others none", () => {
  assert.equal(spreadOf(page, s, 0).runs, 3);
  assert.equal(spreadOf(page, s, 1), null);
  assert.deepEqual(yRange(page, "tpPerGpu", s, spreadOf(page, s, 0), {}), [1100, 1300]);
  // Cost falls as throughput rises: its range runs from the highest throughput's cost.
  const cost = yRange(page, "costPerMTok", s, spreadOf(page, s, 0), {});
  assert.ok(cost[0] < cost[1] && Math.abs(cost[0] - 3.6 / (1300 * 3600) * 1e6) < 1e-9);
  // The cost of output tokens ranges over the output throughput's range; of input tokens, none
  // where the runs give no input range.
  const out = yRange(page, "costPerMOutputTok", s, spreadOf(page, s, 0), {});
  assert.ok(Math.abs(out[0] - 3.6 / (140 * 3600) * 1e6) < 1e-9 && Math.abs(out[1] - 3.6 / (120 * 3600) * 1e6) < 1e-9);
  assert.equal(yRange(page, "costPerMInputTok", s, spreadOf(page, s, 0), {}), null);
});

test("success: under minSuccess is a shortfall; unknown is not", () => {
  assert.equal(isShortfall(page, s, 1), true);
  assert.equal(isShortfall(page, s, 2), false);
  assert.equal(isShortfall(page, s, 3), false);
  assert.equal(requestsOf(page, s, 3), null);
  assert.equal(successText(0.972), "97.2%");
  assert.equal(successText(0.9999), "99.9%", "never rounded up to all");
});

test("the option draws whiskers on both axes for the point of several runs, and the shortfall hollow", () => {
  const c = compute(page, { series: page.series }, defaultView(page), {});
  const o = buildOption(page, c, { xAxis: {}, yAxis: {}, grid: {}, legend: {}, tooltip: {} }, { fg: "#333" });
  const scatter = o.series.find((x) => x.type === "scatter");
  assert.deepEqual(scatter.data[1], { value: [10, 900], itemStyle: { color: "transparent", borderColor: "#111111", borderWidth: 1.5, borderType: "solid" } });
  assert.ok(Array.isArray(scatter.data[0]) && Array.isArray(scatter.data[2]) && Array.isArray(scatter.data[3]), "the others as they were");
  const w = o.series.filter((x) => x.id === "spread:GB10 (vLLM)");
  assert.equal(w.length, 1);
  assert.deepEqual(w[0].data, [[5, 1200], [6, 1200], [null, null], [5.5, 1100], [5.5, 1300], [null, null]]);
  assert.equal(o.series[o.series.length - 1].type, "line", "the frontier line after the whiskers");
  assert.equal(o.series[o.series.length - 1].id, undefined);

  // Without repeated runs, no whisker series at all.
  const one = Object.assign({}, page, { spread: undefined });
  const o1 = buildOption(one, compute(one, { series: one.series }, defaultView(one), {}), { xAxis: {}, yAxis: {}, grid: {}, legend: {}, tooltip: {} }, { fg: "#333" });
  assert.equal(o1.series.filter((x) => String(x.id || "").startsWith("spread:")).length, 0);
});

test("a point of unknown success is faded where the page has points of known success, and only there", () => {
  const opt = (p) => buildOption(p, compute(p, { series: p.series }, defaultView(p), {}), { xAxis: {}, yAxis: {}, grid: {}, legend: {}, tooltip: {} }, { fg: "#333" })
    .series.find((x) => x.type === "scatter");
  const mixed = Object.assign({}, page, { fadeUnknown: true });
  assert.equal(isFaded(mixed, s, 3), true);
  assert.equal(isFaded(mixed, s, 2), false, "a point that completed every request is full");
  const scatter = opt(mixed);
  assert.deepEqual(scatter.data[3], { value: [30, 300], itemStyle: { color: "#111111", opacity: UNKNOWN_OPACITY } });
  assert.ok(UNKNOWN_OPACITY > 0 && UNKNOWN_OPACITY < 1, "neither hollow nor full");
  assert.equal(scatter.data[1].itemStyle.color, "transparent", "the shortfall stays hollow");
  assert.ok(Array.isArray(scatter.data[2]), "a known full success keeps the series' marker");
  // A series of lighter markers keeps its outline and fill, faded.
  const light = Object.assign({}, mixed, { series: [Object.assign({}, s, { fill: "#eeeeee" })] });
  assert.deepEqual(opt(light).data[3].itemStyle, { color: "#eeeeee", borderColor: "#111111", borderWidth: 1.5, opacity: UNKNOWN_OPACITY });
  // Without the page's flag (no point of known success, or unknownSuccess = "full"): as before.
  assert.equal(isFaded(page, s, 3), false);
  assert.ok(Array.isArray(opt(page).data[3]));
});

test("tooltips say the runs, the ranges and the success", () => {
  const c = compute(page, { series: page.series }, defaultView(page), {});
  const tip = (i) => tooltipHTML(page, c, { seriesIndex: 0, seriesType: "scatter", dataIndex: c.rows[0].shown.indexOf(i) });
  assert.match(tip(0), /3 runs/);
  assert.match(tip(0), /<b>5\.50<\/b> \(5\.00–6\.00\)/);
  assert.match(tip(1), /97\.2% of requests succeeded \(972 of 1000\), under the site&#39;s minimum of 99\.0%/);
  assert.doesNotMatch(tip(1), /runs/);
  assert.match(tip(2), /100\.0% of requests succeeded/);
  assert.match(tip(3), /Success of requests unknown/);
});

test("the leaders table calls no best where the best is within run-to-run spread of another", async () => {
  const { leadersHTML } = await import("./tables.js");
  const two = Object.assign({}, page, {
    refX: [5.5, 20],
    series: [
      Object.assign({}, s, { key: "a", name: "A", points: [[11, 5.5, 1200, 1, 1, 8, 1, "", ""], [12, 20, 600, 1, 1, 32, 1, "", ""]] }),
      Object.assign({}, s, { key: "b", name: "B", gpu: "other", points: [[21, 5.5, 1150, 1, 1, 8, 1, "", ""], [22, 20, 300, 1, 1, 32, 1, "", ""]] }),
    ],
    spread: [{ id: 11, runs: 3, lo: { tpPerGpu: 1100 }, hi: { tpPerGpu: 1300 } }],
    requests: [],
  });
  const c = compute(two, { series: two.series }, defaultView(two), {});
  const html = leadersHTML(two, c);
  // Each GPU's row (its union's value, marked), then its one configuration's (never marked).
  const cells = html.split("<td").slice(1);
  assert.equal(cells.length, 8);
  // At 5.5 tok/s/user A's 1,200 (1,100 to 1,300 over its runs) and B's 1,150 overlap: no best.
  assert.equal((cells[0] + cells[4]).includes("★"), false);
  assert.match(cells[0], /within run-to-run spread/);
  assert.match(cells[4], /within run-to-run spread/);
  // At 20 A's 600 (a single run) leads B's 300 as before.
  assert.match(cells[1], /★/);
  assert.doesNotMatch(cells[1] + cells[5], /within run-to-run spread/);
  assert.doesNotMatch(cells[2] + cells[3] + cells[6] + cells[7], /★|within run-to-run spread/);
});

test("a reader's own run is hollow under the site's minSuccess by its file's counts", () => {
  const yours = Object.assign({}, s, { key: "yours", name: "Your run", yours: true, points: [[-1, 10, 900, 90, 810, 16, 1, "", ""], [-2, 20, 600, 60, 540, 32, 1, "", ""]],
    requests: [{ completed: 90, attempted: 100 }, null] });
  const p = Object.assign({}, page, { requests: undefined, spread: undefined, minSuccess: 0.99, series: [yours] });
  assert.equal(isShortfall(p, yours, 0), true);
  assert.equal(isShortfall(p, yours, 1), false);
  assert.equal(requestsOf(p, yours, 1), null);
  assert.equal(isShortfall(Object.assign({}, p, { minSuccess: 0 }), yours, 0), false, "minSuccess 0 marks none");
});
