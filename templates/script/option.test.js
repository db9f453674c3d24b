import assert from "node:assert/strict";
import test from "node:test";
import "./testdata/strings.js";
import { safeColor } from "./format.js";
import { blockBase, lineStyle, markerStyle } from "./option.js";
import { twins } from "./testdata/twins.js";

test("markerStyle and lineStyle agree with Go's on the shared cases", () => {
  for (const c of twins.markerStyle) {
    const color = safeColor(c.style.color);
    assert.deepEqual(markerStyle(c.style, color), c.marker, c.name + ": marker");
    assert.deepEqual(lineStyle(c.style, color), c.line, c.name + ": line");
  }
});

test("blockBase is the shared cases' base option, which Go's test holds charts.Options to", () => {
  assert.deepEqual(blockBase(), twins.blockBase.want);
});
