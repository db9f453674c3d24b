import assert from "node:assert/strict";
import test from "node:test";
import { choices } from "./model.js";
import { numberOf, twins } from "./testdata/twins.js";
import { FLAGS, LISTS, dateIn, defaultView, fragmentOf, fragmentPairs, parseView } from "./view.js";

const page = twins.fragments.page;
const lists = choices(page, { [page.dates[0]]: { series: page.series } });

test("parseView and fragmentOf agree with Go's parseFragment and Fragment on the shared cases", () => {
  for (const c of twins.fragments.cases) {
    const want = Object.assign(defaultView(page), c.js);
    const got = parseView(page, lists, c.fragment);
    assert.deepEqual(got, want, c.name);
    assert.equal(fragmentOf(page, got), c.jsFragment, c.name);
    assert.deepEqual(parseView(page, lists, c.jsFragment), got, c.name + ": the written fragment reads back");
  }
});

test("the default view is the page's metric and newest snapshot, nothing filtered", () => {
  const view = defaultView(page);
  assert.equal(view.y, "tpPerGpu");
  assert.equal(view.date, "2026-05-01");
  for (const list of LISTS) assert.equal(view[list], null);
  for (const flag of FLAGS) assert.equal(view[flag], false);
  assert.equal(fragmentOf(page, view), "");
  assert.equal(defaultView({ metric: "x", dates: [] }).date, "");
});

test("fragmentPairs decodes values and drops malformed parts", () => {
  assert.deepEqual(fragmentPairs("#a=1&=2&b&c=x%2Cy&d=%zz&e="), [["a", "1"], ["c", "x,y"], ["e", ""]]);
  assert.deepEqual(fragmentPairs(undefined), []);
});

test("dateIn names the snapshot to load before parsing the rest", () => {
  assert.equal(dateIn(page, "#log=1&date=2026-04-01"), "2026-04-01");
  assert.equal(dateIn(page, "#date=1999-01-01"), "2026-05-01");
  assert.equal(dateIn(page, ""), "2026-05-01");
});

// Fragments drawn from the keys and values a reader's link may hold, valid or not: whatever
// parseView makes of one, fragmentOf writes a link that reads back to the same view.
test("parseView after fragmentOf is the identity on any fragment", () => {
  const keys = ["y", "date", ...LISTS, ...FLAGS, "zoom", ""];
  const values = ["1", "0", "", "yes", "b200", "B300,mi355x", "amd,nvidia", "vllm,sglang", "mtp", "none,mtp", "fp4",
    "fp8,fp4", "2026-04-01", "2026-05-01", "outputTputPerGpu", "COSTPERMTOK", "%zz", "b%32%300", ",,"];
  let seed = 7;
  const pick = (list) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return list[seed % list.length];
  };
  for (let n = 0; n < 2000; n++) {
    const parts = [];
    for (let k = seed % 5; k >= 0; k--) parts.push(pick(keys) + "=" + pick(values));
    const view = parseView(page, lists, parts.join("&"));
    const fragment = fragmentOf(page, view);
    assert.deepEqual(parseView(page, lists, fragment), view, parts.join("&") + " -> " + fragment);
  }
});

test("numberOf reads the special numbers JSON cannot hold", () => {
  assert.ok(Number.isNaN(numberOf("NaN")));
  assert.ok(Object.is(numberOf("-0"), -0));
  assert.equal(numberOf(1.5), 1.5);
});
