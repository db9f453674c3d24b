import assert from "node:assert/strict";
import test from "node:test";
import { readFileSync } from "node:fs";
import { CATALOG, check, formatGate, parseGate, picks } from "./slo.js";
import { numberOf } from "./testdata/twins.js";

// The cases Go's site/slo is held to as well (twins_test.go there).
const cases = JSON.parse(readFileSync(new URL("./testdata/slo.json", import.meta.url), "utf8"));

test("the catalog is the shared one", () => {
  assert.deepEqual(CATALOG, cases.catalog);
});

test("a gate parses as the shared cases say", () => {
  assert.ok(cases.parse.length >= 5);
  for (const c of cases.parse) {
    const got = parseGate(c.value, c.presets || []);
    assert.deepEqual(got, { terms: c.terms, preset: c.preset, invalid: c.invalid }, c.name);
    if (got.terms.length) assert.deepEqual(parseGate(formatGate(got.terms), []).terms, got.terms, c.name + ": round trip");
  }
});

test("the gate keeps and the picks choose what the shared cases say", () => {
  assert.ok(cases.gate.length >= 5);
  for (const c of cases.gate) {
    const g = parseGate(c.gate, []);
    assert.deepEqual(g.invalid, [], c.name);
    const kept = [];
    const missing = {};
    const cands = c.points.map((p) => {
      const r = check(g.terms, (m) => p.stats[m]);
      for (const m of r.missing) missing[m] = (missing[m] || 0) + 1;
      if (r.pass) kept.push(p.id);
      return { gpu: p.gpu, x: numberOf(p.x), y: numberOf(p.y), pass: r.pass };
    });
    assert.deepEqual(kept, c.want.kept, c.name + ": kept");
    assert.deepEqual(missing, c.want.missing, c.name + ": missing");
    const got = picks(cands, c.byX, c.xHigher, c.yHigher).map((p) => ({ gpu: p.gpu, id: p.index < 0 ? null : c.points[p.index].id }));
    assert.deepEqual(got, c.want.picks, c.name + ": picks");
  }
});
