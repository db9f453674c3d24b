import assert from "node:assert/strict";
import test from "node:test";
import EN from "echarts/lib/i18n/langEN.js";
import { catalog } from "./testdata/strings.js";
import { compact, dateLabel, echartsLocale, fmtValue, formatDate, formatNumber, lang, num, t, table, tHTML, useStrings, withFragment } from "./i18n.js";
import { compactNumber, fmtNum } from "./format.js";
import { numberOf, twins } from "./testdata/twins.js";

const en = catalog("en");
const zh = catalog("zh");

test("t fills named placeholders, once, and leaves the ones it is not given", () => {
  useStrings({ ratio: "At {x}, {a} serves {ratio} the {metric} of {b}", raw: "{title} and {x}" }, "en");
  assert.equal(t("ratio", { x: "50 tok/s/user", a: "B200", ratio: "1.9×", metric: "throughput", b: "H100" }),
    "At 50 tok/s/user, B200 serves 1.9× the throughput of H100");
  // A value is put in as it is: no second pass over it, no $& of String.replace.
  assert.equal(t("raw", { x: "{title} $& $1" }), "{title} and {title} $& $1");
  assert.equal(t("raw"), "{title} and {x}");
  assert.equal(t("raw", { title: null }), "{title} and {x}");
  assert.equal(t("raw", { title: 0 }), "0 and {x}");
});

test("a key the page's strings lack is the key itself", () => {
  useStrings({ there: "here" }, "en");
  assert.equal(t("controls.nowhere"), "controls.nowhere");
  assert.equal(t("controls.nowhere", { x: 1 }), "controls.nowhere");
  assert.equal(t("toString"), "toString"); // not Object.prototype's
  useStrings({ notText: 3 }, "en");
  assert.equal(t("notText"), "notText");
});

test("table is the strings under a prefix, keyed by the rest, and nothing else", () => {
  useStrings({ "yourrun.check.wantNumber": "want {got}", "yourrun.check.empty": "", "yourrun.checked": "x", "yourrun.check.n": 3, "legend.show": "y" }, "en");
  assert.deepEqual(table("yourrun.check."), { wantNumber: "want {got}", empty: "" });
  assert.deepEqual(table("none."), {});
});

test("the English catalog's yourrun.check table holds every key the decoder matches", () => {
  useStrings(en, "en");
  const keys = Object.keys(table("yourrun.check."));
  for (const k of ["warning", "wantNumber", "noMedianGiven", "trtNoStream", "invalidCharacter", "guidellm"]) assert.ok(keys.includes(k), k);
});

test("tHTML escapes the catalog's text, not the markup put into it", () => {
  useStrings({ k: "<b>{name}</b> & \"{name}\"" }, "en");
  assert.equal(tHTML("k", { name: "<i>x</i>" }), "&lt;b&gt;<i>x</i>&lt;/b&gt; &amp; &quot;<i>x</i>&quot;");
  assert.equal(tHTML("k"), "&lt;b&gt;{name}&lt;/b&gt; &amp; &quot;{name}&quot;");
});

test("English numbers are format.js's, byte for byte", () => {
  useStrings(en, "en");
  assert.equal(lang(), "en");
  for (const c of twins.fmtNum) assert.equal(num(numberOf(c.in)), fmtNum(numberOf(c.in)), String(c.in));
  for (const v of [0, 950, 12000, -1500, 2500000, 123456789, 0.5]) assert.equal(compact(v), compactNumber(v));
});

test("Chinese numbers read as the English ones (the same separators, Go's ties to even)", () => {
  useStrings(zh, "zh");
  assert.equal(lang(), "zh");
  for (const c of twins.fmtNum) assert.equal(num(numberOf(c.in)), fmtNum(numberOf(c.in)), String(c.in));
  for (const v of [0, 950, 12000, -1500, 2500000, 123456789]) assert.equal(compact(v), compactNumber(v));
  assert.equal(num(0.125), "0.12");
  assert.equal(num(12345.5), "12,346");
  assert.equal(fmtValue({ key: "costPerMTok" }, 1.234), "$1.23");
  assert.equal(fmtValue({ key: "tokPerMW" }, 12345678), "12,345,678");
});

test("another language writes numbers its own way", () => {
  useStrings({}, "de");
  assert.equal(num(12345.6), "12.346");
  assert.equal(num(1.5), "1,50");
  assert.equal(num(1234.5), "1234"); // grouped from 10,000 only, ties to even, as fmtNum
  assert.equal(compact(1500), "1,5k");
  assert.equal(num(NaN), "");
  assert.equal(fmtValue({ key: "costPerMTok" }, 1.234), "$1,23");
  assert.equal(fmtValue({ key: "tokPerMW" }, 12345678), "12.345.678");
  assert.equal(formatNumber(1234567.891, { maximumFractionDigits: 1 }), "1.234.567,9");
});

test("dates are the data's days in the page's language, the same in every time zone", () => {
  useStrings(en, "en");
  assert.equal(formatDate("2026-05-01", { month: "short", day: "numeric" }), "May 1");
  assert.equal(formatDate("2026-01-01", { year: "numeric", month: "long" }), "January 2026");
  assert.equal(formatDate("not a date", { month: "short" }), "not a date");
  useStrings(zh, "zh");
  assert.equal(formatDate("2026-05-01", { month: "short", day: "numeric" }), "5月1日");
  assert.equal(formatDate("2026-01-01", { year: "numeric", month: "long" }), "2026年1月");
});

test("ECharts' texts from the English catalog are ECharts' own English", () => {
  useStrings(en, "en");
  const locale = echartsLocale();
  assert.deepEqual(locale.time, EN.time);
  assert.deepEqual(locale.aria, EN.aria);
  assert.deepEqual(locale.toolbox.saveAsImage, EN.toolbox.saveAsImage);
  assert.deepEqual(locale.toolbox.restore, EN.toolbox.restore);
  assert.deepEqual(locale.toolbox.dataZoom, EN.toolbox.dataZoom);
  for (const [k, v] of Object.entries(locale.series.typeNames)) assert.equal(v, EN.series.typeNames[k], k);
});

test("ECharts' texts in Chinese", () => {
  useStrings(zh, "zh");
  const locale = echartsLocale();
  assert.equal(locale.time.monthAbbr[0], "1月");
  assert.equal(locale.time.month[11], "十二月");
  assert.equal(locale.time.dayOfWeekAbbr[0], "周日");
  assert.equal(locale.toolbox.restore.title, "还原");
  assert.equal(locale.series.typeNames.scatter, "散点图");
  assert.match(locale.aria.general.withTitle, /\{title\}/);
});

test("a language link takes the view's fragment, in place of its own", () => {
  assert.equal(withFragment("/zh/m/8k-1k/", "#y=costPerMTok&gpus=b200"), "/zh/m/8k-1k/#y=costPerMTok&gpus=b200");
  assert.equal(withFragment("/zh/m/8k-1k/#old", "#best=0"), "/zh/m/8k-1k/#best=0");
  assert.equal(withFragment("/m/8k-1k/#old", ""), "/m/8k-1k/");
  assert.equal(withFragment("https://x.example/zh/", "#"), "https://x.example/zh/");
});

test("the two catalogs have the same keys, each with the same placeholders", () => {
  assert.deepEqual(Object.keys(zh).sort(), Object.keys(en).sort());
  const holes = (s) => (s.match(/\{\w+\}/g) || []).sort().join(" ");
  // A date format takes the placeholders its language writes: "{year}-{mm}-{dd}", "{year}年{month}月{day}日".
  for (const key of Object.keys(en)) if (key !== "format.date") assert.equal(holes(zh[key]), holes(en[key]), key);
});

test("dateLabel writes an ISO date as the page's catalog does, and keeps anything else", () => {
  useStrings(zh, "zh");
  assert.equal(dateLabel("2026-05-01"), "2026年5月1日");
  assert.equal(dateLabel("2026-12-31"), "2026年12月31日");
  assert.equal(dateLabel("not a date"), "not a date");
  useStrings(en, "en");
  assert.equal(dateLabel("2026-05-01"), "2026-05-01"); // English pages keep the ISO dates
  useStrings({}, "fr"); // a page without the entry
  assert.equal(dateLabel("2026-05-01"), "2026-05-01");
  useStrings({ "format.date": "{dd}/{mm}/{year}" }, "fr");
  assert.equal(dateLabel("2026-05-01"), "01/05/2026");
  useStrings(en, "en");
});
