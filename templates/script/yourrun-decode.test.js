import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import test from "node:test";
import "./testdata/strings.js";
import { decode, lengthOf, parse, sequenceOf, topologyString } from "./yourrun-decode.js";

// The shared cases (testdata/yourrun.json) and what the build's decoder makes of them
// (yourrun.golden.json, written by site/input's TestYourRunTwin -update): the script must make
// the same rows, problems at the same paths, and ask for the same context.
const read = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8"));
const { cases } = read("./testdata/yourrun.json");
const golden = read("./testdata/yourrun.golden.json");
const root = new URL("../../", import.meta.url);

// twinOf writes the script's result as the golden file does.
function twinOf(result) {
  const out = { problems: result.problems.map((p) => p.path).sort(), needs: result.needs, rows: result.rows.map((r) => ({
    model: r.model, sequence: r.sequence, gpu: r.gpu, framework: r.framework, spec: r.spec, precision: r.precision,
    disagg: r.disagg, conc: r.conc, date: r.date, gpus: r.topology.gpus, tp: r.topology.tp, topology: topologyString(r.topology),
    image: r.image, runUrl: r.runUrl, metrics: r.metrics,
  })) };
  if (!result.format) out.notBenchmark = true;
  return out;
}

for (const c of cases) {
  test("same as the build: " + c.name, () => {
    const text = c.file ? readFileSync(new URL(c.file, root), "utf8") : c.text;
    const got = twinOf(decode(text, c.context || null));
    const want = golden[c.name];
    assert.ok(want, "no golden result: run go test ./site/input -run TestYourRunTwin -update");
    if (want.notBenchmark) {
      assert.equal(got.notBenchmark, true);
      return;
    }
    // Go Sprint's paths sort as strings; the script's do too. Problems of JSON lines are
    // named by line here, by file there (the build reads one result a file).
    if (!c.goTexts) assert.deepEqual(got.problems, want.problems);
    assert.deepEqual(got.needs, want.needs);
    assert.equal(got.rows.length, want.rows.length);
    got.rows.forEach((row, i) => assert.deepEqual(row, want.rows[i], "row " + i));
  });
}

test("problems name the field and say what is wrong, in words", () => {
  const r = decode(JSON.stringify({ max_concurrency: 4, total_token_throughput: 10, output_throughput: 5, median_tpot_ms: 10, gpus: "0",
    gpu: "b200", framework: "vllm", precision: "fp8", isl: 1024, osl: 1024, model: "dsr1" }), null);
  assert.deepEqual(r.problems, [{ path: "gpus", msg: 'want an integer greater than 0, got "0"' }]);
  assert.deepEqual(r.rows, []);
  const neg = decode('[{"hardware":"b200","framework":"vllm","model":"dsr1","precision":"fp4","isl":1024,"osl":1024,"conc":4,"tp":8,"metrics":{"tput_per_gpu":-3,"median_intvty":10}}]', null);
  assert.deepEqual(neg.problems, [{ path: "[0].metrics.tput_per_gpu", msg: "must not be negative, got -3" }]);
});

test("not a benchmark result, or not JSON", () => {
  assert.match(decode('{"hello": "world"}', null).problems[0].msg, /^not a benchmark result/);
  assert.match(decode('{"view": "inference", "series": []}', null).problems[0].msg, /inference view/);
  assert.match(decode("<html>", null).problems[0].msg, /^not JSON/);
  assert.match(decode('{"a":1}\n{oops', null).problems[0].msg, /^line 2 is not JSON/);
  assert.deepEqual(decode("[]", null).warnings, ["no rows: this file adds nothing"]);
});

test("JSON lines: one result a line, each its own row", () => {
  assert.equal(parse('{"a":1}\n\n{"b":2}\n').lines.length, 2);
  assert.deepEqual(parse('{"a":1}\n').value, { a: 1 });
});

test("sequences read back", () => {
  assert.equal(sequenceOf(1024, 8192), "1k/8k");
  assert.equal(sequenceOf(8192, 625), "8k/625");
  assert.equal(lengthOf("8k"), 8192);
  assert.equal(lengthOf("625"), 625);
  assert.ok(Number.isNaN(lengthOf("x")));
});
