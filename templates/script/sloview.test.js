import assert from "node:assert/strict";
import test from "node:test";
import { catalog } from "./testdata/strings.js";
import { useStrings } from "./i18n.js";
import { compute, price } from "./model.js";
import { defaultView, fragmentOf, parseView } from "./view.js";
import { noteText, picksHTML } from "./sloview.js";
import { pointColumns, shownCSV, shownPoints } from "./tables.js";

const COLS = ["id", "x", "tpPerGpu", "conc", "tp", "date", "run", "p99_ttft", "p99_intvty"];

// pagePoint is a point row: id, median interactivity, throughput, p99 TTFT and interactivity.
const pt = (id, x, y, ttft, intvty) => [id, x, y, 8, 8, "2026-05-19", "", ttft, intvty];

// A chart page in the contract's shape: B200 priced in three tiers, H100 in one of them only,
// MI355X once; two presets; a series whose name is hostile.
function page() {
  return {
    metric: "tpPerGpu", cols: COLS, dates: ["2026-05-19"], refX: [20, 50], defaultX: "median_intvty",
    metrics: [
      { key: "tpPerGpu", label: "Total throughput per GPU", unit: "tok/s/GPU", higher: true },
      { key: "costPerMTok", label: "Cost per million tokens", unit: "$/M tokens", higher: false },
    ],
    x: { label: "Interactivity (tok/s/user)", unit: "tok/s/user" },
    xAxes: [
      { key: "median_intvty", col: "x", label: "Interactivity, median", axis: "Interactivity, median (tok/s/user)", unit: "tok/s/user", higher: true, refs: [20] },
      { key: "p99_intvty", col: "p99_intvty", label: "Interactivity, p99", axis: "Interactivity, p99 (tok/s/user)", unit: "tok/s/user", higher: true, refs: [20] },
      { key: "p99_ttft", col: "p99_ttft", label: "Time to first token, p99", axis: "Time to first token, p99 (s)", unit: "s", higher: false, refs: [1] },
    ],
    gpus: {
      b200: { label: "B200", color: "#2f9e44", costPerHour: 6.25, costs: { hyperscaler: 6.25, neocloud: 3.9, rental: 2.7 } },
      h100: { label: "H100", color: "#66a80f", costPerHour: 3, costs: { hyperscaler: 3 } },
      mi355x: { label: "MI355X", color: "#e03131", costPerHour: 2 },
    },
    slo: {
      presets: [{ name: "MLPerf Server", gate: "p99_ttft:2,p99_intvty:5" }, { name: "MLPerf Interactive", gate: "p99_ttft:0.45,p99_intvty:25" }],
      tiers: ["hyperscaler", "neocloud", "rental"],
    },
    series: [
      { key: "b200_trt", name: "B200 (TRT)", gpu: "b200", precision: "fp4", frontier: [0, 1, 2],
        points: [pt(1, 30, 900, 1.5, 25), pt(2, 60, 1200, 2.5, 40), pt(3, 90, 500, 0.4, 15)] },
      { key: "h100_x", name: "<img src=x onerror=alert(1)>", gpu: "h100", precision: "fp8", frontier: [0, 1],
        points: [pt(4, 20, 400, null, 30), pt(5, 25, 300, 1.9, 21)] },
      { key: "mi355x_s", name: "MI355X (SGLang)", gpu: "mi355x", precision: "fp4", frontier: [0],
        points: [pt(6, 10, 2000, 3, 5)] },
    ],
  };
}

const NO_LISTS = { gpus: [], vendors: [], frameworks: [], spec: [], precisions: [], deploy: [] };

const computed = (p, hash) => compute(p, { series: p.series }, parseView(p, NO_LISTS, hash), {});

test("slo=, pick= and tier= in the link: read, written back, defaults left out, a preset by its name", () => {
  const p = page();
  const view = parseView(p, NO_LISTS, "#slo=P99_TTFT:2,p99_intvty:20,p99_tpot:1&pick=x&tier=Rental");
  assert.deepEqual(view.slo, { terms: [{ metric: "p99_ttft", limit: 2, floor: false }, { metric: "p99_intvty", limit: 20, floor: true }], preset: "" });
  assert.deepEqual(view.sloInvalid, [{ text: "p99_tpot:1", reason: "metric" }]);
  assert.equal(fragmentOf(p, view), "slo=p99_ttft:2,p99_intvty:20&pick=x&tier=rental");
  const preset = parseView(p, NO_LISTS, "#slo=mlperf%20server&tier=hyperscaler&pick=y");
  assert.equal(preset.slo.preset, "MLPerf Server");
  assert.equal(fragmentOf(p, preset), "slo=MLPerf%20Server");
  assert.equal(fragmentOf(p, defaultView(p)), "");
  assert.equal(parseView(p, NO_LISTS, "#slo=gold").slo, null);
});

test("the gate takes failing and unmeasured points out of every frontier; the note counts them by statistic", () => {
  const c = computed(page(), "#slo=p99_ttft:2,p99_intvty:20");
  const kept = c.rows.map((r) => r.shown.map((i) => r.series.points[i][0]));
  assert.deepEqual(kept, [[1], [5], []]);
  assert.deepEqual(c.rows[0].front, [0]); // the build's frontier is not used under a gate
  assert.deepEqual(c.picks.map((x) => [x.gpu, x.row ? x.row.series.points[x.i][0] : null]), [["b200", 1], ["h100", 5], ["mi355x", null]]);
  const note = noteText(page(), c);
  // H100's point without a p99 TTFT is not judged: counted apart, never as failing.
  assert.match(note, /3 points do not meet it/);
  assert.match(note, /1 points have no Time to first token, p99: they are not judged/);
  assert.match(note, /Time to first token, p99 ≤ 2 s, Interactivity, p99 ≥ 20 tok\/s\/user/);
});

test("pick=x ranks by x; a cost ceiling follows the tier, and a GPU without that tier has no cost and is named", () => {
  const p = page();
  const byX = computed(p, "#slo=p99_ttft:3&pick=x");
  assert.deepEqual(byX.picks.map((x) => [x.gpu, x.row.series.points[x.i][0]]), [["b200", 3], ["h100", 5], ["mi355x", 6]]);
  // $/M tokens = price / (tok/s * 3600) * 1e6: at 2.7 $/h, 900 tok/s is $0.83, 500 tok/s $1.5.
  const view = parseView(p, NO_LISTS, "#y=costPerMTok&tier=rental");
  assert.equal(price(p, view, "cost", "b200"), 2.7);
  assert.ok(Number.isNaN(price(p, view, "cost", "h100")));
  assert.equal(price(p, view, "cost", "mi355x"), 2); // one price holds in every tier
  assert.equal(price(p, parseView(p, NO_LISTS, "#tier=rental&cost=h100:1.5"), "cost", "h100"), 1.5); // cost= still wins
  const c = computed(p, "#y=costPerMTok&tier=rental&slo=costPerMTok:1");
  assert.deepEqual(c.rows[0].shown.map((i) => c.rows[0].series.points[i][0]), [1, 2]);
  assert.deepEqual(c.picks.map((x) => [x.gpu, x.row ? x.row.series.points[x.i][0] : null]), [["mi355x", 6], ["b200", 2], ["h100", null]]); // the cheapest first: $0.28 against $0.63
  assert.match(noteText(p, c), /No price in the rental tier: H100\./);
  assert.match(noteText(p, c), /2 points have no Cost per million tokens/);
  const hyper = computed(p, "#y=costPerMTok&slo=costPerMTok:1");
  assert.deepEqual(hyper.rows[0].shown.map((i) => hyper.rows[0].series.points[i][0]), []); // at 6.25 $/h none is under $1
});

test("the picks table: escaped, every cell labelled for a phone, a GPU without a pick said so; the CSV marks the picks", () => {
  const p = page();
  const c = computed(p, "#slo=p99_ttft:2,p99_intvty:20");
  const html = picksHTML(p, c);
  assert.ok(!html.includes("<img"), "a series name is text");
  assert.ok(html.includes("&lt;img src=x onerror=alert(1)&gt;"));
  assert.match(html, /<td[^>]*data-label="Time to first token, p99"[^>]*>1.50 \(limit ≤ 2 s\)<\/td>/);
  assert.match(html, /<tr class="no-pick"><th scope="row"[^>]*><span[^>]*><\/span>MI355X<\/th><td colspan="7">No point meets the service level<\/td><\/tr>/);
  const live = { page: p, computed: c, view: c.view };
  const columns = pointColumns(live, null);
  const csv = shownCSV(live, columns, shownPoints(live, columns, null)).split("\r\n");
  assert.ok(csv[0].endsWith(",slo pick"));
  assert.deepEqual(csv.slice(1, -1).map((l) => l.split(",").pop()), ["true", "true"]);
  assert.equal(picksHTML(p, computed(p, "")), "");
});

test("the note and the picks in Chinese", () => {
  useStrings(catalog("zh"), "zh");
  try {
    const c = computed(page(), "#slo=MLPerf%20Server");
    assert.match(noteText(page(), c), /服务水平/);
    assert.match(picksHTML(page(), c), /满足/);
  } finally {
    useStrings(catalog("en"), "en");
  }
});

test("a point without a gated statistic is not judged: a GPU none of whose points gives it is said so, and a page none of whose points does", () => {
  const p = page();
  p.series[2].points[0][7] = null; // MI355X's one point gives no p99 TTFT
  const c = computed(p, "#slo=p99_ttft:2,p99_intvty:20");
  const html = picksHTML(p, c);
  assert.match(html, /<tr class="no-pick unjudged"><th scope="row"[^>]*><span[^>]*><\/span>MI355X<\/th><td colspan="7">No point of this GPU gives Time to first token, p99: not judged<\/td><\/tr>/);
  assert.ok(!/MI355X<\/th><td colspan="7">No point meets/.test(html));
  const note = noteText(p, c);
  assert.match(note, /2 points do not meet it/);
  assert.match(note, /2 points have no Time to first token, p99: they are not judged/);
  // No point of the page gives a p99 TTFT: the gate cannot be judged, which is not "none meets it".
  for (const s of p.series) for (const point of s.points) point[7] = null;
  const none = computed(p, "#slo=MLPerf%20Server");
  assert.equal(noteText(p, none), "No point gives Time to first token, p99: the service level cannot be judged on this page.");
  assert.ok(!picksHTML(p, none).includes("No point meets"));
});
