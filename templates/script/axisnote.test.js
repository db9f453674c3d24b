import assert from "node:assert/strict";
import test from "node:test";
import { catalog } from "./testdata/strings.js";
import { useStrings } from "./i18n.js";
import { axisNote, fallbackNote, totalNote } from "./axisnote.js";
import { loadHTML, tooltipHTML } from "./option.js";
import { pointColumns, shownCSV, shownPoints } from "./tables.js";
import { compute } from "./model.js";
import { defaultView } from "./view.js";

// A page of two series on which three points lack a median TTFT (null in its column), as a
// client that reports none gives them.
const page = {
  metric: "tpPerGpu",
  cols: ["id", "x", "tpPerGpu", "outputTputPerGpu", "inputTputPerGpu", "conc", "tp", "date", "run", "median_ttft"],
  metrics: [{ key: "tpPerGpu", label: "Total throughput per GPU", unit: "tok/s/GPU", higher: true }],
  xAxes: [
    { key: "median_intvty", col: "x", label: "Interactivity, median", unit: "tok/s/user", higher: true, refs: [] },
    { key: "median_ttft", col: "median_ttft", label: "Time to first token, median", unit: "s", higher: false, refs: [] },
  ],
  gpus: {},
  dates: [""],
  series: [
    { key: "a", name: "B200 (vLLM)", gpu: "b200", points: [[1, 50, 100, 60, 40, 4, 8, "", "", 0.2], [2, 40, 150, 90, 60, 8, 8, "", "", null]] },
    { key: "b", name: "H100 (AIPerf) <b>", gpu: "h100", points: [[3, 30, 80, 50, 30, 4, 8, "", "", null], [4, 20, 90, 50, 40, 8, 8, "", "", null]] },
  ],
};

const view = (x, extra) => Object.assign(defaultView(page), { x }, extra);

test("axisNote counts, per series, the points the chosen x axis lacks", () => {
  useStrings(catalog("en"), "en");
  const c = compute(page, { series: page.series }, view("median_ttft"), {});
  assert.deepEqual(c.rows.map((r) => r.shown), [[0], []], "a point without a median TTFT is not drawn");
  assert.equal(axisNote(c), "3 points have no time to first token, median: their files report none, and none is derived from another statistic (B200 (vLLM): 1, H100 (AIPerf) <b>: 2).");
  assert.equal(axisNote(compute(page, { series: page.series }, view("median_intvty"), {})), "", "every point has the default axis");
});

test("axisNote leaves out what the filters hide, and says one point in the singular", () => {
  useStrings(catalog("en"), "en");
  const c = compute(page, { series: page.series }, view("median_ttft", { gpus: ["b200"] }), {});
  assert.equal(axisNote(c), "1 point has no time to first token, median: its file reports none, and none is derived from another statistic (B200 (vLLM): 1).");
});

test("axisNote in Chinese", () => {
  useStrings(catalog("zh"), "zh");
  try {
    const c = compute(page, { series: page.series }, view("median_ttft"), {});
    assert.equal(axisNote(c), "3 个数据点没有time to first token, median：其结果文件未给出该统计量，也不会用其他统计量代替（B200 (vLLM)：1 个、H100 (AIPerf) <b>：2 个）。");
  } finally {
    useStrings(catalog("en"), "en");
  }
});

// A page on which a client's file gave no median TPOT: that point's x (median interactivity) is
// null, its median TTFT is there.
const noMedian = Object.assign({}, page, {
  series: [
    { key: "a", name: "B200 (vLLM)", gpu: "b200", points: [[1, 50, 100, 60, 40, 4, 8, "", "", 0.2], [2, null, 150, 90, 60, 8, 8, "", "", 0.3]] },
    { key: "b", name: "H100 (AIPerf) <b>", gpu: "h100", points: [[3, null, 80, 50, 30, 4, 8, "", "", 0.1], [4, null, 90, 50, 40, 8, 8, "", "", 0.4]] },
  ],
});

test("axisNote on the default axis says the files give no median TPOT, and the point is drawn on the axes it has", () => {
  useStrings(catalog("en"), "en");
  const at = (x, extra) => compute(noMedian, { series: noMedian.series }, Object.assign(defaultView(noMedian), { x }, extra), {});
  const c = at("median_intvty");
  assert.deepEqual(c.rows.map((r) => r.shown), [[0], []], "a point with no median interactivity is not drawn on the default axis");
  assert.deepEqual(c.rows.map((r) => r.front), [[0], []], "nor on a frontier there");
  assert.equal(axisNote(c), "3 points are not on this axis: their files report no median time per output token, so they have no interactivity, median, and none is derived from the mean or another percentile (B200 (vLLM): 1, H100 (AIPerf) <b>: 2). They are on the other x axes their files give.");
  assert.equal(axisNote(at("median_intvty", { gpus: ["b200"] })), "1 point is not on this axis: its file reports no median time per output token, so it has no interactivity, median, and none is derived from the mean or another percentile (B200 (vLLM): 1). It is on the other x axes its file gives.");
  const ttft = at("median_ttft");
  assert.deepEqual(ttft.rows.map((r) => r.shown), [[0, 1], [0, 1]], "every point is drawn on the median TTFT axis");
  assert.equal(axisNote(ttft), "");
  useStrings(catalog("zh"), "zh");
  try {
    assert.equal(axisNote(c), "3 个数据点不在此横轴上：其结果文件未给出每个输出 token 时间的中位数，因而没有interactivity, median，也不会用均值或其他百分位数推算（B200 (vLLM)：1 个、H100 (AIPerf) <b>：2 个）。它们画在其文件给出的其他横轴上。");
  } finally {
    useStrings(catalog("en"), "en");
  }
});

test("fallbackNote says why a page of runs that did not stream opens on another axis (issue 44)", () => {
  useStrings(catalog("en"), "en");
  assert.equal(fallbackNote(page), "", "a page that opens on median interactivity needs no note");
  const e2e = { key: "median_e2el", col: "median_e2el", label: "End-to-end latency, median", unit: "s", higher: false, refs: [] };
  const noX = Object.assign({}, page, { xAxes: [e2e, page.xAxes[0]] });
  assert.equal(fallbackNote(noX), "No point of this page has a median interactivity: its runs did not stream, or their files give no median time per output token. So the chart opens on end-to-end latency, median, which every point has.");
  assert.equal(defaultView(noX).x, "median_e2el", "the page opens on the build's first axis");
  useStrings(catalog("zh"), "zh");
  assert.match(fallbackNote(noX), /^此页没有任何数据点有交互性中位数/);
});

test("loadHTML shows a run by request rate's rate, and a run with no limit as such (issue 44)", () => {
  useStrings(catalog("en"), "en");
  const at = (row) => (name) => row[name];
  assert.equal(loadHTML(at({ conc: 16, tp: 8 })), "Concurrency 16 · TP 8");
  assert.equal(loadHTML(at({ conc: null, request_rate: 0.3, tp: 1 })), "Request rate 0.30/s · TP 1");
  assert.equal(loadHTML(at({ conc: null, tp: 1 })), "No concurrency or rate limit · TP 1");
  // A file that gives no TP (null in the page data): no "TP 0".
  assert.equal(loadHTML(at({ conc: 16, tp: null })), "Concurrency 16");
  assert.equal(loadHTML(at({ conc: null, request_rate: 0.3, tp: null })), "Request rate 0.30/s");
  assert.equal(loadHTML(at({ conc: null, tp: null })), "No concurrency or rate limit");
});

// A page of LoadGen runs: no point has a total or an input throughput (null in their columns),
// so the build made its metric output throughput (page.noTotal).
const noTotal = Object.assign({}, page, {
  metric: "outputTputPerGpu",
  noTotal: true,
  x: { label: "Interactivity, median (tok/s/user)", unit: "tok/s/user" },
  metrics: [
    { key: "tpPerGpu", label: "Total throughput per GPU", unit: "tok/s/GPU", higher: true },
    { key: "outputTputPerGpu", label: "Output throughput per GPU", unit: "tok/s/GPU", higher: true },
  ],
  series: [
    { key: "a", name: "B200 (TRTLLM)", gpu: "b200", points: [[1, 50, null, 60, null, null, 8, "", "", 0.2], [2, 40, null, 90, null, null, 8, "", "", 0.3]] },
  ],
});

test("totalNote says why a page of runs that counted no input tokens opens on output throughput (issue 44)", () => {
  useStrings(catalog("en"), "en");
  assert.equal(totalNote(page), "", "a page with a total throughput needs no note");
  assert.equal(totalNote(noTotal), "No point of this page has a total or an input throughput: its runs counted no input tokens (as MLPerf LoadGen does), so those figures are absent, never 0. So the chart opens on output throughput per GPU, which every point has.");
  assert.equal(defaultView(noTotal).y, "outputTputPerGpu", "the page opens on the build's metric");
  const out = compute(noTotal, { series: noTotal.series }, defaultView(noTotal), {});
  assert.deepEqual(out.rows[0].shown, [0, 1], "every point is drawn on output throughput");
  const total = compute(noTotal, { series: noTotal.series }, Object.assign(defaultView(noTotal), { y: "tpPerGpu" }), {});
  assert.deepEqual(total.rows[0].ys.map(Number.isNaN), [true, true], "no point has a y on total throughput, never 0");
  assert.deepEqual(total.rows[0].shown, [], "nor is drawn there");
  assert.deepEqual(total.missing, ["B200 (TRTLLM)"], "the note under the chart names the series it leaves out");
  useStrings(catalog("zh"), "zh");
  try {
    assert.match(totalNote(noTotal), /^此页没有任何数据点有总吞吐量或输入吞吐量/);
  } finally {
    useStrings(catalog("en"), "en");
  }
});

test("a point without a total or an input throughput shows none: no tooltip line, an empty table cell sorted last, an empty CSV cell (issue 44)", () => {
  useStrings(catalog("en"), "en");
  const view = defaultView(noTotal);
  const computed = compute(noTotal, { series: noTotal.series }, view, {});
  const html = tooltipHTML(noTotal, computed, { seriesIndex: 0, dataIndex: 0, seriesType: "scatter" });
  assert.match(html, /Output throughput per GPU \(tok\/s\/GPU\): <b>60.00<\/b>/);
  assert.doesNotMatch(html, /Total throughput|Input throughput/, "no line for a figure the run did not measure");
  const live = { page: noTotal, view, computed };
  const columns = pointColumns(live, null);
  const total = columns.find((c) => c.key === "tpPerGpu");
  const points = shownPoints(live, columns, { key: "tpPerGpu", dir: "descending" });
  assert.deepEqual(points.map((p) => total.cell(p)).map(Number.isNaN), [true, true], "the cells are no number, never 0");
  const lines = shownCSV(live, columns, points).split("\r\n");
  const cells = (line) => line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/); // commas outside quotes
  const head = cells(lines[0]);
  const j = head.indexOf("Total throughput per GPU (tok/s/GPU)");
  assert.ok(j > 0, lines[0]);
  assert.deepEqual(lines.slice(1, -1).map((l) => cells(l)[j]), ["", ""]);
});
