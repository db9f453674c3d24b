// The service-level gate and its picks (issue 46), the page script's twin of Go's site/slo:
// slo=p99_ttft:2,p99_intvty:20 (or slo=NAME, a preset of frontier.toml's [[slo]]) keeps the
// points that meet every term; the picks are, per GPU, the best measured point it keeps (the
// best y, or with pick=x the best x; nothing interpolated). Both are held to the cases of
// testdata/slo.json. Pure, so node --test runs it.

import { lower } from "./format.js";

// CATALOG lists the metrics a gate may bound (charts.XAxes' keys, then cost), each with its
// direction: higher is better, so its limit is a floor; otherwise a ceiling.
export const CATALOG = (() => {
  const out = [];
  for (const [name, higher] of [["intvty", true], ["ttft", false], ["e2el", false]]) {
    for (const st of ["median", "p75", "p90", "p95", "p99"]) out.push({ key: st + "_" + name, higher });
  }
  out.push({ key: "conc", higher: false }, { key: "request_rate", higher: false }, { key: "costPerMTok", higher: false });
  return out;
})();

// lookup is the catalog's metric of a key (ignoring case), null for none.
export const lookup = (key) => CATALOG.find((m) => lower(m.key) === lower(String(key).trim())) || null;

const LIMIT = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;

// parseGate reads a gate: comma-separated METRIC:LIMIT terms, or the name of a preset
// ([{name, gate}], ignoring case). It gives {terms: [{metric, limit, floor}], preset (the
// preset's name or ""), invalid: [{text, reason}]}: every part it could not read, with why
// ("form", "metric", "limit", "preset"), changes nothing.
export function parseGate(value, presets) {
  const text = String(value == null ? "" : value).trim();
  const out = { terms: [], preset: "", invalid: [] };
  if (text === "") return out;
  if (!text.includes(":")) {
    const p = (presets || []).find((x) => lower(x.name) === lower(text));
    if (!p) {
      out.invalid.push({ text, reason: "preset" });
      return out;
    }
    const g = parseGate(p.gate, []);
    return { terms: g.terms, preset: p.name, invalid: g.invalid };
  }
  for (const raw of text.split(",")) {
    const part = raw.trim();
    if (part === "") continue;
    const colon = part.indexOf(":");
    if (colon < 0 || part.indexOf(":", colon + 1) >= 0) {
      out.invalid.push({ text: part, reason: "form" });
      continue;
    }
    const m = lookup(part.slice(0, colon));
    if (!m) {
      out.invalid.push({ text: part, reason: "metric" });
      continue;
    }
    const limit = part.slice(colon + 1).trim();
    const n = Number(limit);
    if (!LIMIT.test(limit) || !Number.isFinite(n)) {
      out.invalid.push({ text: part, reason: "limit" });
      continue;
    }
    out.terms.push({ metric: m.key, limit: n, floor: m.higher });
  }
  return out;
}

// meets says whether a value meets a term (NaN never does).
export const meets = (term, v) => (term.floor ? v >= term.limit : v <= term.limit);

// formatGate writes terms as parseGate reads them.
export const formatGate = (terms) => terms.map((t) => t.metric + ":" + t.limit).join(",");

// check says whether a point passes every term, value(metric) giving its figure (NaN, null or
// undefined for none): {pass, missing}, missing naming each gated metric it lacks, once, in
// the terms' order. A point lacking a gated figure does not pass.
export function check(terms, value) {
  let pass = true;
  const missing = [];
  for (const term of terms) {
    const v = value(term.metric);
    if (typeof v !== "number" || Number.isNaN(v)) {
      if (!missing.includes(term.metric)) missing.push(term.metric);
      pass = false;
    } else if (!meets(term, v)) {
      pass = false;
    }
  }
  return { pass, missing };
}

// picks chooses per GPU the best candidate ({gpu, x, y, pass}) that passed: the best y in its
// direction, or with byX the best x; a tie goes to the better other value, then the earlier
// candidate. [{gpu, index}], index -1 for a GPU none of whose points passed; GPUs with a pick
// first, best first (a tie by GPU key), then the others by key.
export function picks(cands, byX, xHigher, yHigher) {
  const rank = (c) => {
    const x = xHigher ? c.x : -c.x;
    const y = yHigher ? c.y : -c.y;
    return byX ? [x, y] : [y, x];
  };
  const better = (a, b) => {
    const [a1, a2] = rank(a);
    const [b1, b2] = rank(b);
    if (a1 !== b1) return a1 > b1;
    return a2 > b2 || (!Number.isNaN(a2) && Number.isNaN(b2));
  };
  const best = new Map();
  cands.forEach((c, i) => {
    if (!best.has(c.gpu)) best.set(c.gpu, -1);
    const j = best.get(c.gpu);
    if (!c.pass || Number.isNaN(rank(c)[0])) return;
    if (j < 0 || better(c, cands[j])) best.set(c.gpu, i);
  });
  const out = Array.from(best, ([gpu, index]) => ({ gpu, index }));
  const byGPU = (a, b) => (a.gpu < b.gpu ? -1 : a.gpu > b.gpu ? 1 : 0);
  return out.sort((a, b) => {
    if ((a.index < 0) !== (b.index < 0)) return a.index < 0 ? 1 : -1;
    if (a.index >= 0) {
      const ra = rank(cands[a.index])[0];
      const rb = rank(cands[b.index])[0];
      if (ra !== rb) return ra > rb ? -1 : 1;
    }
    return byGPU(a, b);
  });
}

// --- The rule on a chart page (page data, view), as model.js, view.js and sloview.js use it.

// presetsOf are the page's presets ([[slo]] in frontier.toml: {name, gate, description}).
export const presetsOf = (page) => (page && page.slo && Array.isArray(page.slo.presets) ? page.slo.presets : []);

// tiersOf are the page's price tiers, the default first ([] when prices come one per GPU).
export const tiersOf = (page) => (page && page.slo && Array.isArray(page.slo.tiers) ? page.slo.tiers : []);

// tierOf is the tier a view prices GPUs in: its own, else the default (the first); "" for none.
export function tierOf(page, view) {
  const tiers = tiersOf(page);
  return view && view.tier && tiers.includes(view.tier) ? view.tier : tiers[0] || "";
}

// readSLOPart reads a fragment's slo, pick or tier part into view: an slo value's terms (or a
// preset) become view.slo ({terms, preset}), what it could not read view.sloInvalid; pick=x
// ranks the picks by x; tier=NAME is one of the page's tiers. Anything else is ignored.
export function readSLOPart(page, view, key, value) {
  if (key === "slo") {
    const g = parseGate(value, presetsOf(page));
    view.slo = g.terms.length ? { terms: g.terms, preset: g.preset } : null;
    view.sloInvalid = g.invalid;
  } else if (key === "pick") {
    if (lower(value) === "x" || lower(value) === "y") view.pick = lower(value);
  } else if (key === "tier") {
    const tier = tiersOf(page).find((x) => lower(x) === lower(value));
    if (tier) view.tier = tier;
  }
}

// sloFragment is the parts of a link for a view's gate, ranking and tier, defaults left out.
export function sloFragment(page, view) {
  const parts = [];
  if (view.slo && view.slo.terms.length) parts.push("slo=" + (view.slo.preset ? encodeURIComponent(view.slo.preset) : formatGate(view.slo.terms)));
  if (view.pick === "x") parts.push("pick=x");
  if (view.tier && view.tier !== tierOf(page, {})) parts.push("tier=" + encodeURIComponent(view.tier));
  return parts;
}

// axisCol is the column that holds an x-axis key's figure on a page: the axis' own (median
// interactivity is column x), else a column of that name, else "".
function axisCol(page, key) {
  const axis = (page.xAxes || []).find((a) => a.key === key);
  if (axis) return axis.col;
  if (key === (page.defaultX || "median_intvty")) return "x";
  return page.cols.includes(key) ? key : "";
}

// sloMask applies the view's gate to a series: {pass: [boolean], missing: {metric: n}, unjudged:
// the points lacking any gated statistic (not judged: they neither meet nor fail it)}, or null
// with no gate (and for the reader's own run, which passes every filter). yOf(key) gives a y
// metric's values (cost at the view's prices and tier), xOf(axis) an x axis' values.
export function sloMask(page, series, view, yOf, xOf) {
  const slo = view && view.slo;
  if (!slo || !slo.terms.length || series.yours) return null;
  const values = {};
  for (const term of slo.terms) {
    if (values[term.metric]) continue;
    if (term.metric === "costPerMTok") values[term.metric] = yOf(term.metric);
    else {
      const col = axisCol(page, term.metric);
      values[term.metric] = col ? xOf({ col }) : series.points.map(() => NaN);
    }
  }
  const missing = {};
  let unjudged = 0;
  const pass = series.points.map((_, i) => {
    const r = check(slo.terms, (m) => values[m][i]);
    for (const m of r.missing) missing[m] = (missing[m] || 0) + 1;
    if (r.missing.length) unjudged++;
    return r.pass;
  });
  return { pass, missing, unjudged, values };
}

// sloPicks are a computed view's picks (null without a gate): per GPU of the series the filters
// pass, the best point the gate keeps that is drawn ({gpu, row, i}, row null for none), by y
// or with pick=x by x, in the axes' directions (picks).
export function sloPicks(rows, view, axis, metric) {
  if (!view.slo || !view.slo.terms.length) return null;
  const cands = [];
  const at = [];
  for (const row of rows) {
    if (!row.pass || row.series.yours || !row.slo) continue;
    row.series.points.forEach((_, i) => {
      const pass = row.slo.pass[i] && !Number.isNaN(row.xs[i]) && !Number.isNaN(row.ys[i]);
      cands.push({ gpu: row.series.gpu, x: row.xs[i], y: row.ys[i], pass });
      at.push({ row, i });
    });
  }
  return picks(cands, view.pick === "x", axis.higher, metric.higher).map((p) => (p.index < 0 ? { gpu: p.gpu, row: null, i: -1 } : { gpu: p.gpu, row: at[p.index].row, i: at[p.index].i }));
}
