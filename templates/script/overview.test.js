import assert from "node:assert/strict";
import test from "node:test";
import "./testdata/strings.js";
import { cellOf, fmtWhole, heatClass, pairSlug, readFragment } from "./overview.js";
import { fillLayout, fmtRatio, tooltipHTML, withFormatters } from "./versus.js";

const data = {
  refs: [20, 50, 100],
  x: 50,
  ref: "b200",
  gpus: [{ slug: "b200", key: "b200", label: "B200" }, { slug: "b300", key: "b300", label: "B300" }, { slug: "mi355x", key: "mi355x", label: "MI355X" }],
  rows: [
    { name: "M 1k/1k", url: "/m/1k-1k/", values: { b200: [null, 1000, 500], b300: [3000, 1500, null], mi355x: [900, 800, 400] } },
    { name: "N 8k/1k", url: "/n/8k-1k/", values: { b300: [1, 2, 3] } },
  ],
};

test("the heat map's colour steps are quarters of log2 of the share, four each way (Go's heatBin)", () => {
  assert.equal(heatClass(1), "heat heat-0");
  assert.equal(heatClass(1.5), "heat heat-p2"); // log2 1.5 = 0.585, 2.34 quarters
  assert.equal(heatClass(0.8), "heat heat-m1"); // -0.32 -> -1.29 quarters
  assert.equal(heatClass(100), "heat heat-p4");
  assert.equal(heatClass(0.01), "heat heat-m4");
});

test("a cell is a percentage of the reference, links to the compare page, and says why it is empty", () => {
  const [b200, b300, mi355x] = data.gpus;
  const choice = { x: 50, ref: "b200" };
  assert.deepEqual(cellOf(data, data.rows[0], b300, choice),
    { text: "150%", cls: "heat heat-p2", url: "/m/1k-1k/compare/b200-vs-b300/", title: "B300: 1,500 against B200's 1,000 at 50 tok/s/user" });
  assert.equal(cellOf(data, data.rows[0], mi355x, choice).url, "/m/1k-1k/compare/b200-vs-mi355x/");
  assert.equal(cellOf(data, data.rows[0], b200, choice).url, "/m/1k-1k/#gpus=b200", "the reference's own cell opens the chart");
  assert.equal(cellOf(data, data.rows[0], b200, choice).text, "100%");
  const none = cellOf(data, data.rows[0], b300, { x: 100, ref: "b200" });
  assert.equal(none.text, "–");
  assert.equal(none.title, "B300's curve does not reach 100 tok/s/user");
  assert.equal(cellOf(data, data.rows[0], b300, { x: 20, ref: "b200" }).title, "B200's curve does not reach 20 tok/s/user");
  assert.equal(cellOf(data, data.rows[1], b200, choice).title, "B200 is not on this page");
  assert.equal(cellOf(data, data.rows[1], b300, choice).title, "B200, the reference, is not on this page");
  assert.equal(cellOf(data, data.rows[0], b200, { x: 20, ref: "b300" }).text, "–");
  assert.equal(cellOf(data, data.rows[0], mi355x, { x: 20, ref: "b300" }).text, "30%");
});

test("an agentic page's cell says it is read at p90 interactivity (Go's overviewCellOf)", () => {
  const row = { name: "M agentic coding", url: "/m/agentic-coding/", agentic: true, values: { b200: [null, 1000, null], b300: [null, 500, null] } };
  const c = cellOf(data, row, data.gpus[1], { x: 50, ref: "b200" });
  assert.equal(c.text, "50%");
  assert.equal(c.title, "B300: 500 against B200's 1,000 at 50 tok/s/user at p90 interactivity");
  assert.equal(cellOf(data, row, data.gpus[1], { x: 100, ref: "b200" }).title, "B300's curve does not reach 100 tok/s/user at p90 interactivity");
});

test("the fragment picks the reference; anything it names wrongly falls back to the default", () => {
  assert.deepEqual(readFragment(data, "#x=100&ref=mi355x"), { x: 100, ref: "mi355x" });
  assert.deepEqual(readFragment(data, "#x=33&ref=h100"), { x: 50, ref: "b200" });
  assert.deepEqual(readFragment(data, ""), { x: 50, ref: "b200" });
});

test("pairs go in slug order and values in titles as the compare page writes them", () => {
  assert.equal(pairSlug("mi355x", "b200"), "b200-vs-mi355x");
  assert.equal(pairSlug("b200", "b300"), "b200-vs-b300");
  assert.equal(fmtWhole(5210.4), "5,210");
  assert.equal(fmtWhole(123456.7), "123,457");
  assert.equal(fmtWhole(679.91), "680");
  assert.equal(fmtWhole(99.999), "100.00");
  assert.equal(fmtWhole(12.345), "12.35");
});

test("the compare charts' tooltip lists each line at the x, escaped", () => {
  const params = [
    { seriesType: "scatter", seriesName: "B200", value: [50, 1000] },
    { seriesType: "line", seriesName: "<b>B200</b>", value: [50, 1234.5], marker: "" },
    { seriesType: "line", seriesName: "MI355X", value: [50, 617.25], marker: "" },
  ];
  assert.equal(tooltipHTML(params, String), "50 tok/s/user<br>&lt;b&gt;B200&lt;/b&gt;: 1234.5<br>MI355X: 617.25");
  assert.equal(fmtRatio(1.93333), "1.93×");
  const option = withFormatters({ xAxis: [{ type: "value", name: "x" }], yAxis: [{ type: "value" }], tooltip: { show: true } }, true);
  assert.equal(option.xAxis[0].name, "x", "the axis keeps what the build set");
  assert.equal(option.yAxis[0].axisLabel.formatter(2), "2×");
  assert.equal(typeof option.tooltip.formatter, "function");
});

test("fillLayout puts a compare page's data into the layout its series name by index", () => {
  const layout = {
    color: ["#888", "#888"], legend: { top: "4", data: ["0", "1"] },
    series: [
      { name: "0", type: "scatter", symbolSize: 7, data: [], itemStyle: { color: "#888" } },
      { name: "1", type: "scatter", symbolSize: 7, data: [], itemStyle: { color: "#888" } },
      { name: "0", type: "line", data: [], itemStyle: { color: "#888" }, lineStyle: { color: "#888", width: 2, type: "solid" } },
      { name: "1", type: "line", data: [], itemStyle: { color: "#888" }, lineStyle: { color: "#888", width: 2, type: "dashed" } },
    ],
    xAxis: [{ type: "value", nameGap: 30 }], yAxis: [{ type: "value", nameGap: 52 }],
  };
  const data = {
    x: "Interactivity", y: "Throughput", aria: "B200 and MI355X",
    lines: [
      { name: "B200", color: "#76b900", points: [[20, 2000], [50, 1000]], marks: [[20, 2000]] },
      { name: "MI355X", color: "#ed1c24", points: [[10, 900]], marks: [[10, 900]] },
    ],
  };
  const o = fillLayout(layout, data);
  assert.deepEqual(o.series.map((s) => [s.type, s.name, s.data.length, s.itemStyle.color]),
    [["scatter", "B200", 1, "#76b900"], ["scatter", "MI355X", 1, "#ed1c24"], ["line", "B200", 2, "#76b900"], ["line", "MI355X", 1, "#ed1c24"]]);
  assert.equal(o.series[3].lineStyle.type, "dashed", "the layout's styles stay");
  assert.equal(o.series[3].lineStyle.color, "#ed1c24");
  assert.deepEqual(o.legend, { top: "4", data: ["B200", "MI355X"] });
  assert.deepEqual(o.color, ["#76b900", "#ed1c24"]);
  assert.equal(o.xAxis[0].name, "Interactivity");
  assert.equal(o.yAxis[0].nameGap, 52);
  assert.equal(o.aria.label.description, "B200 and MI355X");
  assert.deepEqual(layout.legend.data, ["0", "1"], "the layout is left as it was");
});
