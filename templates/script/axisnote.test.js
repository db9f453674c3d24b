import assert from "node:assert/strict";
import test from "node:test";
import { catalog } from "./testdata/strings.js";
import { useStrings } from "./i18n.js";
import { axisNote } from "./axisnote.js";
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
