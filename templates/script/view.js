// The view: what a chart shows (metric, snapshot, filters, flags), read from and written to
// the URL fragment so a copied link opens the same view. Pure: the page and the choices a
// filter offers come in as arguments.

import { lower } from "./format.js";

// LISTS are the filter keys, FLAGS the yes/no keys, both in the order a link writes them:
// DESIGN.md's, plus vendors, logx and global. Lists filter (OR inside a list, AND across
// lists); flags are 1 or left out.
export const LISTS = ["gpus", "vendors", "frameworks", "spec", "precisions"];
export const FLAGS = ["log", "logx", "optimal", "best", "global"];

// BEST_DEFAULT_OVER is the number of configurations above which a page opens on best per
// GPU: dozens of overlapping frontiers tell a reader nothing. site/chartview.go has the twin.
export const BEST_DEFAULT_OVER = 12;

// defaultView is a page's view before any fragment: its own metric, the newest snapshot,
// no filter, no flag but best per GPU on a page of more than BEST_DEFAULT_OVER configurations.
export function defaultView(page) {
  const view = { y: page.metric, date: page.dates[0] || "" };
  for (const key of LISTS) view[key] = null;
  for (const key of FLAGS) view[key] = false;
  view.best = (page.series || []).length > BEST_DEFAULT_OVER;
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
  if (view.date && view.date !== page.dates[0]) parts.push("date=" + encodeURIComponent(view.date));
  for (const key of LISTS) if (view[key]) parts.push(key + "=" + view[key].map(encodeURIComponent).join(","));
  for (const key of FLAGS) if (!!view[key] !== def[key]) parts.push(key + (view[key] ? "=1" : "=0"));
  return parts.join("&");
}
