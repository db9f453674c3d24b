import assert from "node:assert/strict";
import test from "node:test";
import "./testdata/strings.js";
import { niceStep, scaleOf } from "./picture.js";

test("niceStep rounds a fifth of the span to 1, 2, 3 or 5 times a power of ten, as ECharts does", () => {
  assert.equal(niceStep(10000, 5), 2000);
  assert.equal(niceStep(12000, 5), 2000);
  assert.equal(niceStep(300, 5), 50);
  assert.equal(niceStep(14, 5), 3);
  assert.equal(niceStep(0.7, 5), 0.1);
});

test("a value axis starts at zero and ends on a whole step past the data", () => {
  const s = scaleOf([8.01, 270.4, null, NaN], false);
  assert.deepEqual(s.ticks, [0, 50, 100, 150, 200, 250, 300]);
  assert.equal(s.at(0), 0);
  assert.equal(s.at(300), 1);
  assert.equal(s.at(150), 0.5);
});

test("a value axis reaches below zero for negative data, and labels steps without float noise", () => {
  const s = scaleOf([-0.25, 0.3], false);
  assert.deepEqual(s.ticks, [-0.3, -0.2, -0.1, 0, 0.1, 0.2, 0.3]);
});

test("a log axis widens the data by a quarter each way and ticks at powers of ten", () => {
  const s = scaleOf([120, 9000, 0, -5], true);
  assert.deepEqual(s.ticks, [100, 1000, 10000]);
  assert.ok(s.at(120) > 0 && s.at(9000) < 1);
  assert.ok(Math.abs(s.at(120 / 1.25)) < 1e-9);
});

test("an axis with no data to show still has a range", () => {
  assert.deepEqual(scaleOf([], false).ticks, [0, 0.2, 0.4, 0.6, 0.8, 1]);
  assert.deepEqual(scaleOf([], true).ticks.length > 0, true);
});
