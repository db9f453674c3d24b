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
    for (const st of ["median", "p90", "p99"]) out.push({ key: st + "_" + name, higher });
  }
  out.push({ key: "conc", higher: false }, { key: "costPerMTok", higher: false });
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
