// The page's language (issue 28): every string the script shows a reader comes from the page's
// catalog, and numbers and dates are written as its language writes them. The build puts the
// [script] table of the page's language (templates/i18n/<lang>.toml, a site's data/i18n/<lang>.toml
// over it, flattened: [script.legend] show is "legend.show") in the page as
// <script type="application/json" id="strings">, and the language in <html lang>. Both are read
// once, the first time they are needed, so a module may import t without the page being parsed.

import { compactNumber, escapeHTML, fmtNum, fmtValue as formatValue, hasOwn } from "./format.js";

let strings = null; // the page's strings, once read
let language = "en";

function load() {
  if (strings) return;
  strings = {};
  if (typeof document === "undefined") return;
  language = document.documentElement.lang || "en";
  const node = document.getElementById("strings");
  if (!node) return;
  try {
    const parsed = JSON.parse(node.textContent);
    if (parsed && typeof parsed === "object") strings = parsed;
  } catch (e) {
    // a broken catalog shows every key, which is what a test looks for
  }
}

// useStrings sets the strings and language instead of reading them from the page: the node
// tests, which have no page, give the English catalog.
export function useStrings(table, lang) {
  strings = table || {};
  language = lang || "en";
  formats.clear();
}

// lang is the page's language tag ("en", "zh"...), as <html lang> says it.
export function lang() {
  load();
  return language;
}

// english: the catalog's source language, whose numbers are the build's own (format.js, Go's
// twins) byte for byte.
const english = () => /^en\b/i.test(lang());

// t is the page's string for key, each {name} in it replaced by vars[name] (a placeholder vars
// does not name is left as it is: ECharts' own templates have theirs). A key the page's strings
// lack is returned as it is, so a missing entry shows on the page and a test can catch it.
export function t(key, vars) {
  load();
  const s = hasOwn(strings, key) && typeof strings[key] === "string" ? strings[key] : key;
  return vars ? fill(s, vars) : s;
}

// gateName is the name of a statistic a service-level gate may bound (slo.js' CATALOG), or ""
// when the page has none: the build hands each on as "slo.name.KEY" from the catalog's axis and
// metric names (render's funcs), for a page that measured the statistic nowhere.
export function gateName(key) {
  const s = t("slo.name." + key);
  return s === "slo.name." + key ? "" : s;
}

// table is every string of the page whose key starts with prefix, keyed by the rest of it
// ("yourrun.check." gives {wantNumber: ...}): a whole table of the catalog handed on, as the
// "your run" decoder takes its problems' wording, without listing its keys here.
export function table(prefix) {
  load();
  const out = {};
  for (const key of Object.keys(strings)) {
    if (key.startsWith(prefix) && typeof strings[key] === "string") out[key.slice(prefix.length)] = strings[key];
  }
  return out;
}

// fill puts vars into a string's placeholders in one pass: a value holding "{x}" stays as it is.
const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (whole, name) => (hasOwn(vars, name) && vars[name] != null ? String(vars[name]) : whole));

// tHTML is t for HTML (tooltips, tables built as markup): the catalog's string escaped, vars
// put in as they are, which the caller has escaped (or built as markup).
export function tHTML(key, vars) {
  const s = escapeHTML(t(key));
  return vars ? fill(s, vars) : s;
}

// formats caches Intl's formatters, which are slow to make and fast to use.
const formats = new Map();

function format(kind, options) {
  const key = kind + JSON.stringify(options);
  if (!formats.has(key)) {
    const Make = kind === "date" ? Intl.DateTimeFormat : Intl.NumberFormat;
    let f;
    try {
      f = new Make(lang(), options);
    } catch (e) {
      f = new Make("en", options); // a language tag Intl does not know
    }
    formats.set(key, f);
  }
  return formats.get(key);
}

// formatNumber is v as the page's language writes it (Intl.NumberFormat's options).
export const formatNumber = (v, options) => format("number", options || {}).format(v);

// formatDate is a date (an ISO "YYYY-MM-DD" or a time in ms) as the page's language writes it,
// in UTC: the data's dates are days, the same wherever the reader is.
export function formatDate(date, options) {
  const d = typeof date === "number" ? new Date(date) : new Date(String(date) + "T00:00:00Z");
  if (Number.isNaN(d.getTime())) return String(date);
  return format("date", Object.assign({ timeZone: "UTC" }, options)).format(d);
}

// dateLabel is an ISO "YYYY-MM-DD" date as the page's catalog writes it (format.date, the
// build's [format] date twin: "2026-05-01", "2026年5月1日"); anything else, or a page without the
// entry, keeps the ISO text.
export function dateLabel(iso) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(iso));
  const f = t("format.date");
  if (!m || f === "format.date") return String(iso);
  return fill(f, { year: String(+m[1]), month: String(+m[2]), day: String(+m[3]), mm: m[2], dd: m[3] });
}

// separators are the page's language's group and decimal marks, for num and compact.
function separators() {
  const parts = format("number", {}).formatToParts(12345.6);
  const mark = (type, fallback) => (parts.find((p) => p.type === type) || { value: fallback }).value;
  return { ",": mark("group", ","), ".": mark("decimal", ".") };
}

// localize writes a number of format.js's in the page's language: its digits as they are (so
// the script's tables agree with the build's, Go's twins), its marks the language's.
function localize(s) {
  if (english()) return s;
  const marks = separators();
  return s.replace(/[,.]/g, (c) => marks[c]);
}

// num is fmtNum in the page's language: four significant digits, at most two decimals,
// thousands grouped from 10,000 (Chinese writes the same text as English).
export const num = (v) => localize(fmtNum(v));

// compact is an axis label, 12000 as 12k: compactNumber's k and M in every language (as the
// sequences, "8k/1k", are named), after a number in the page's language.
export const compact = (v) => localize(compactNumber(v));

// fmtValue is format.js's fmtValue (a metric's value, dollars for cost) in the page's language.
export const fmtValue = (metric, v) => localize(formatValue(metric, v));

// echartsLocale is ECharts' own texts (its toolbox's titles, legend selector, series types and
// generated chart descriptions for screen readers) from the page's strings, and its month and
// weekday names (a time axis' labels) from Intl, for echarts.init's locale.
export function echartsLocale() {
  const months = (month) => Array.from({ length: 12 }, (_, i) => formatDate(Date.UTC(2000, i, 1), { month }));
  // 2000-01-02 was a Sunday, ECharts' first day of the week.
  const days = (weekday) => Array.from({ length: 7 }, (_, i) => formatDate(Date.UTC(2000, 0, 2 + i), { weekday }));
  const e = (key) => t("echarts." + key);
  return {
    time: { month: months("long"), monthAbbr: months("short"), dayOfWeek: days("long"), dayOfWeekAbbr: days("short") },
    toolbox: {
      dataZoom: { title: { zoom: e("toolbox.zoom"), back: e("toolbox.zoomBack") } },
      restore: { title: e("toolbox.restore") },
      saveAsImage: { title: e("toolbox.saveAsImage"), lang: [e("toolbox.saveAsImageHint")] },
    },
    series: { typeNames: { line: e("series.line"), scatter: e("series.scatter"), chart: e("series.chart") } },
    aria: {
      general: { withTitle: e("aria.withTitle"), withoutTitle: e("aria.withoutTitle") },
      series: {
        single: { prefix: "", withName: e("aria.singleWithName"), withoutName: e("aria.singleWithoutName") },
        multiple: {
          prefix: e("aria.multiplePrefix"), withName: e("aria.multipleWithName"), withoutName: e("aria.multipleWithoutName"),
          separator: { middle: e("aria.seriesMiddle"), end: e("aria.seriesEnd") },
        },
      },
      data: {
        allData: e("aria.allData"), partialData: e("aria.partialData"), withName: e("aria.dataWithName"), withoutName: e("aria.dataWithoutName"),
        separator: { middle: e("aria.dataMiddle"), end: e("aria.dataEnd") },
      },
    },
  };
}

// withFragment is a link's address with the page's fragment (the view) in place of its own.
export function withFragment(href, hash) {
  const i = href.indexOf("#");
  return (i < 0 ? href : href.slice(0, i)) + (hash && hash !== "#" ? hash : "");
}

// initLanguageSwitch makes the header's language links (.langs a[hreflang]) open the same view
// in the other language: the fragment the reader's view has now goes with the link, set as the
// reader reaches for it (a pointer, focus) and again on the click itself, so an opened tab and a
// copied link carry it too.
export function initLanguageSwitch() {
  const carry = (e) => {
    const a = e.target && e.target.closest && e.target.closest(".langs a[hreflang]");
    if (a) a.setAttribute("href", withFragment(a.getAttribute("href"), location.hash));
  };
  for (const type of ["pointerdown", "focusin", "click", "auxclick"]) document.addEventListener(type, carry, true);
}
