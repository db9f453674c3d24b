import assert from "node:assert/strict";
import test from "node:test";
import * as echarts from "echarts";
import { compactNumber, csvCell, encodeHTML, fmtNum, fmtValue, httpsLink, safeColor } from "./format.js";
import { numberOf, twins } from "./testdata/twins.js";

test("fmtNum agrees with Go's fmtNum on the shared cases", () => {
  for (const c of twins.fmtNum) {
    assert.equal(fmtNum(numberOf(c.in)), c.want, `fmtNum(${c.in})`);
  }
});

test("fmtNum leaves what is not a number blank", () => {
  for (const v of [null, undefined, "12", {}]) assert.equal(fmtNum(v), "");
});

test("csvCell agrees with Go's CSVText as encoding/csv writes it, on the shared cases", () => {
  for (const c of twins.csvCells) {
    assert.equal(csvCell(c.text), c.want, `csvCell(${JSON.stringify(c.text)})`);
  }
});

test("csvCell writes numbers as numbers, never neutralised", () => {
  assert.equal(csvCell(-1.5), "-1.5");
  assert.equal(csvCell(4096), "4096");
  assert.equal(csvCell(null), "");
  assert.equal(csvCell(undefined), "");
  assert.equal(csvCell(false), "false");
});

test("fmtValue writes dollars for the cost per million tokens only", () => {
  const cost = { key: "costPerMTok" };
  assert.equal(fmtValue(cost, 123.4), "$123");
  assert.equal(fmtValue(cost, 1.234), "$1.23");
  assert.equal(fmtValue(cost, 0.012345), "$0.0123");
  assert.equal(fmtValue(cost, NaN), "");
  assert.equal(fmtValue({ key: "tokPerMW" }, 12345678), "12,345,678");
});

test("compactNumber shortens axis labels", () => {
  assert.equal(compactNumber(0), "0");
  assert.equal(compactNumber(950), "950");
  assert.equal(compactNumber(12000), "12k");
  assert.equal(compactNumber(-1500), "-1.5k");
  assert.equal(compactNumber(2500000), "2.5M");
  assert.equal(compactNumber(123456789), "123.5M");
});

test("safeColor passes hex colours only", () => {
  assert.equal(safeColor("#1f77b4"), "#1f77b4");
  assert.equal(safeColor("#ABC"), "#ABC");
  for (const bad of ["red", "#12", "#1f77b4;background:url(x)", "", undefined]) assert.equal(safeColor(bad), "#888888");
});

test("httpsLink passes https run URLs only, as Go's RawPoint.Link does", () => {
  assert.equal(httpsLink("https://github.com/o/r/actions/runs/1"), "https://github.com/o/r/actions/runs/1");
  for (const bad of ["javascript:alert(1)", "http://example.com/", "data:text/html,x", 'https://x/"onmouseover="a', "https://x/ y", "", null]) {
    assert.equal(httpsLink(bad), "", String(bad));
  }
});

test("encodeHTML escapes as ECharts' encodeHTML does, which tooltips use", () => {
  for (const s of [`<a href="x" title='y'>&amp;</a>`, "plain", "", "B200 <SGLang> & \"MTP\"", "\u00e9\u2028<"]) {
    assert.equal(encodeHTML(s), echarts.format.encodeHTML(s), JSON.stringify(s));
  }
  assert.equal(encodeHTML(null), "");
  assert.equal(encodeHTML(42), "42");
});
