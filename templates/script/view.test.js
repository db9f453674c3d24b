import assert from "node:assert/strict";
import test from "node:test";
import "./testdata/strings.js";
import { choices } from "./model.js";
import { numberOf, twins } from "./testdata/twins.js";
import { ptIn } from "./detail-hook.js";
import { Overlay, compareIn } from "./overlay.js";
import { Trend, defaultRef, refIn } from "./trend.js";
import { FLAGS, LISTS, PRICES, dateIn, defaultView, fragmentOf, fragmentPairs, parseView } from "./view.js";

const page = twins.fragments.page;
const lists = choices(page, { [page.dates[0]]: { series: page.series } });

// pageFragment reads a fragment as the chart page does and writes it back as chartpage.js does:
// the view (view.js), then the overlay's, the trend's and the detail's parts, each by its own
// reader and writer (detail-hook.js writes "pt=" + the id it read).
function pageFragment(p, hash) {
  const view = parseView(p, lists, hash);
  const extra = { compare: compareIn(p, hash, ""), ref: refIn(p, hash), pt: ptIn(hash) };
  const overlay = Overlay.prototype.fragmentPart.call({ dates: extra.compare, live: { view } });
  const trend = Trend.prototype.fragmentPart.call({ page: p, ref: extra.ref });
  const fragment = [fragmentOf(p, view), overlay, trend, extra.pt ? "pt=" + extra.pt : ""].filter(Boolean).join("&");
  return { view, extra, fragment };
}

test("the page reads and writes every key of the fragment as Go's fragment.Parse and View.String do, on the shared cases", () => {
  for (const c of twins.fragments.cases) {
    const { compare = [], ref = defaultRef(page), pt = "", ...js } = c.js;
    const got = pageFragment(page, c.fragment);
    assert.deepEqual(got.view, Object.assign(defaultView(page), js), c.name);
    assert.deepEqual(got.extra, { compare, ref, pt }, c.name);
    assert.equal(got.fragment, c.jsFragment, c.name);
    assert.deepEqual(pageFragment(page, c.jsFragment), got, c.name + ": the written fragment reads back");
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
  const keys = ["y", "x", "date", ...LISTS, ...FLAGS, ...PRICES, "zoom", ""];
  const values = ["1", "0", "", "yes", "b200", "B300,mi355x", "amd,nvidia", "vllm,sglang", "mtp", "none,mtp", "fp4",
    "fp8,fp4", "2026-04-01", "2026-05-01", "outputTputPerGpu", "COSTPERMTOK", "%zz", "b%32%300", ",,", "p99_ttft", "conc",
    "b200:5.5", "B300:1,b200:0", "b200:-1,mi355x:x", "b200:1e400", ":3"];
  let seed = 7;
  const pick = (list) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return list[seed % list.length];
  };
  for (let n = 0; n < 2000; n++) {
    const parts = [];
    for (let k = seed % 5; k >= 0; k--) parts.push(pick(keys) + "=" + pick(values));
    for (const p of [page, axesPage]) {
      const view = parseView(p, lists, parts.join("&"));
      const fragment = fragmentOf(p, view);
      assert.deepEqual(parseView(p, lists, fragment), view, parts.join("&") + " -> " + fragment);
    }
  }
});

// axesPage is the shared page with latency axes, as a page of raw results has them.
const axesPage = Object.assign({}, page, {
  xAxes: [
    { key: "median_intvty", col: "x", label: "Interactivity, median", unit: "tok/s/user", higher: true, refs: [20, 50] },
    { key: "p99_ttft", col: "p99_ttft", label: "Time to first token, p99", unit: "s", higher: false, refs: [0.5, 1] },
  ],
});

test("x, cost and kw round-trip through the fragment; unknown axes, GPUs and bad numbers are ignored", () => {
  const view = parseView(axesPage, lists, "#x=P99_TTFT&cost=mi355x:2.5,B200:5.5,h100:3,b300:-1&kw=b200:1.2");
  assert.equal(view.x, "p99_ttft");
  assert.deepEqual(view.cost, { b200: 5.5, mi355x: 2.5 });
  assert.deepEqual(view.kw, { b200: 1.2 });
  assert.equal(fragmentOf(axesPage, view), "x=p99_ttft&cost=b200:5.5,mi355x:2.5&kw=b200:1.2");
  const noAxes = Object.assign({}, page, { xAxes: undefined });
  assert.equal(parseView(noAxes, lists, "#x=p99_ttft").x, "median_intvty", "a page without the axis keeps the default");
  assert.equal(fragmentOf(axesPage, parseView(axesPage, lists, "#x=median_intvty")), "");
});

test("numberOf reads the special numbers JSON cannot hold", () => {
  assert.ok(Number.isNaN(numberOf("NaN")));
  assert.ok(Object.is(numberOf("-0"), -0));
  assert.equal(numberOf(1.5), 1.5);
});

test("the default view opens on best per GPU above the page data's bestOver, on the page data's default x", () => {
  const many = (n, bestOver) => Object.assign({}, page, { bestOver, series: Array.from({ length: n }, () => page.series[0]) });
  assert.equal(defaultView(many(12, 12)).best, false);
  assert.equal(defaultView(many(13, 12)).best, true);
  assert.equal(defaultView(many(13, 13)).best, false);
  assert.equal(fragmentOf(many(13, 12), Object.assign(defaultView(many(13, 12)), { best: false })), "best=0");
  const noAxes = Object.assign({}, page, { xAxes: undefined, defaultX: "p99_ttft" });
  assert.equal(defaultView(noAxes).x, "p99_ttft");
});
