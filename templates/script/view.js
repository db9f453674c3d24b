// The view: what a chart shows (metric, snapshot, filters, flags), read from and written to
// the URL fragment so a copied link opens the same view. Pure: the page and the choices a
// filter offers come in as arguments.

import { lower } from "./format.js";
import { defaultGate, gateFragment, parseGate } from "./accuracy.js";
import { readSLOPart, sloFragment } from "./slo.js";

// LISTS are the filter keys, FLAGS the yes/no keys, both in the order a link writes them:
// docs/chart-page.md's, plus vendors, logx and global. Lists filter (OR inside a list, AND across
// lists); flags are 1 or left out.
export const LISTS = ["gpus", "vendors", "frameworks", "spec", "precisions", "deploy", "offload"];
export const FLAGS = ["log", "logx", "optimal", "best", "global"];

// PRICES are the per-GPU number keys: the reader's $/GPU-hour and kW, {gpu: number}, written
// "cost=b200:5.5,mi355x:2.5" in sorted GPU order; null when the reader set none.
export const PRICES = ["cost", "kw"];

// xAxes are the x axes a page offers, the default first: the page data's, else the default
// axis (page.defaultX, charts.DefaultX) over the page's interactivity.
export function xAxes(page) {
  if (page.xAxes && page.xAxes.length) return page.xAxes;
  const x = page.x || { label: "Interactivity (tok/s/user)", unit: "tok/s/user" };
  return [{ key: page.defaultX, col: "x", label: x.label, axis: x.label, unit: x.unit, higher: true, refs: page.refX || [] }];
}

// xAxisOf is the x axis of a key, the default when the page offers no such axis.
export const xAxisOf = (page, key) => xAxes(page).find((a) => a.key === key) || xAxes(page)[0];

// parsePrices reads "b200:5.5,mi355x:2.5": GPUs of the page, numbers >= 0; the rest ignored.
function parsePrices(page, value) {
  const out = {};
  for (const item of value.split(",")) {
    const colon = item.lastIndexOf(":");
    const gpu = lower(item.slice(0, colon).trim());
    const text = item.slice(colon + 1).trim();
    const n = Number(text);
    if (colon > 0 && text !== "" && Number.isFinite(n) && n >= 0 && Object.keys(page.gpus || {}).some((g) => lower(g) === gpu)) out[gpu] = n;
  }
  return Object.keys(out).length ? out : null;
}

// pricesFragment writes {gpu: number} as parsePrices reads it, GPUs sorted.
const pricesFragment = (prices) => Object.keys(prices).sort().map((g) => encodeURIComponent(g) + ":" + prices[g]).join(",");

// defaultView is a page's view before any fragment: its own metric, the newest snapshot,
// no filter, no flag but best per GPU on a page of more than page.bestOver configurations (the
// build's bestDefaultOver: dozens of overlapping frontiers tell a reader nothing).
export function defaultView(page) {
  const view = { y: page.metric, x: xAxes(page)[0].key, date: page.dates[0] || "" };
  for (const key of LISTS) view[key] = null;
  for (const key of PRICES) view[key] = null;
  for (const key of FLAGS) view[key] = false;
  view.best = typeof page.bestOver === "number" && (page.series || []).length > page.bestOver;
  view.acc = defaultGate(page); // the accuracy gate: {task, min, all}, or null when off
  // The service-level gate (slo.js): {terms, preset} or null; the parts of the link's slo it
  // could not read; the picks ranked by "y" or "x"; the price tier, "" for the default.
  view.slo = null;
  view.sloInvalid = [];
  view.pick = "y";
  view.tier = "";
  return view;
}

// fragmentPairs splits a fragment into decoded [key, value] pairs, dropping parts without a
// key or with a bad percent escape.
export function fragmentPairs(hash) {
  const pairs = [];
  for (const part of String(hash || "").replace(/^#/, "").split("&")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    try {
      pairs.push([part.slice(0, eq), decodeURIComponent(part.slice(eq + 1))]);
    } catch (e) {
      // a bad escape: the part is ignored
    }
  }
  return pairs;
}

// dateIn is the snapshot a fragment asks for, the newest when it names none the page has.
export function dateIn(page, hash) {
  const pair = fragmentPairs(hash).find(([key]) => key === "date");
  return pair && page.dates.includes(pair[1]) ? pair[1] : page.dates[0] || "";
}

// parseView reads a fragment over the default view. choices maps each of LISTS to the values
// its filter offers ({value}, in display order). Unknown keys, unknown values and malformed
// parts are ignored, never an error; a list naming every value is the default (null).
export function parseView(page, choices, hash) {
  const view = defaultView(page);
  for (const [key, value] of fragmentPairs(hash)) {
    if (key === "y") {
      const metric = page.metrics.find((m) => lower(m.key) === lower(value));
      if (metric) view.y = metric.key;
    } else if (key === "x") {
      const axis = xAxes(page).find((a) => lower(a.key) === lower(value));
      if (axis) view.x = axis.key;
    } else if (PRICES.includes(key)) {
      view[key] = parsePrices(page, value);
    } else if (key === "date") {
      if (page.dates.includes(value)) view.date = value;
    } else if (LISTS.includes(key)) {
      const known = choices[key].map((c) => c.value);
      const asked = [];
      for (const item of value.split(",")) {
        const v = lower(item.trim());
        if (known.includes(v) && !asked.includes(v)) asked.push(v);
      }
      view[key] = asked.length && asked.length < known.length ? known.filter((v) => asked.includes(v)) : null;
    } else if (key === "acc") {
      const gate = parseGate(page, value);
      if (gate !== undefined) view.acc = gate;
    } else if (key === "slo" || key === "pick" || key === "tier") {
      readSLOPart(page, view, key, value);
    } else if (FLAGS.includes(key) && (value === "1" || value === "0")) {
      view[key] = value === "1";
    }
  }
  return view;
}

// fragmentOf writes a view as a fragment (without '#'), defaults left out: a flag the page
// turns on by default (best) is written as 0 when the view turns it off.
export function fragmentOf(page, view) {
  const parts = [];
  const def = defaultView(page);
  if (view.y !== page.metric) parts.push("y=" + encodeURIComponent(view.y));
  if (view.x && view.x !== def.x) parts.push("x=" + encodeURIComponent(view.x));
  if (view.date && view.date !== page.dates[0]) parts.push("date=" + encodeURIComponent(view.date));
  for (const key of LISTS) if (view[key]) parts.push(key + "=" + view[key].map(encodeURIComponent).join(","));
  for (const key of PRICES) if (view[key] && Object.keys(view[key]).length) parts.push(key + "=" + pricesFragment(view[key]));
  for (const key of FLAGS) if (!!view[key] !== def[key]) parts.push(key + (view[key] ? "=1" : "=0"));
  const acc = gateFragment(page, view.acc || null);
  if (acc) parts.push(acc);
  return parts.concat(sloFragment(page, view)).join("&");
}
