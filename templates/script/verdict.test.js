import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import test from "node:test";
import { since } from "./verdict.js";

// The same cases as package verdict's TestSinceIsTheChangeTablesRule.
const cases = JSON.parse(readFileSync(new URL("./testdata/verdicts.json", import.meta.url), "utf8"));

test("since labels the newest date against the baseline as Go's Rule.Since does", () => {
  assert.ok(cases.length >= 8);
  for (const c of cases) {
    assert.equal(since(c.values, c.baseline, c.higher, { threshold: c.threshold, consecutive: c.consecutive }, c.spreads), c.want, c.name);
  }
});
