import assert from "node:assert/strict";
import test from "node:test";
import "./testdata/strings.js";
import { guess, newest, seriesOf, sentence } from "./yourrun.js";

// row is a point as the decoder (cmd/frontier-wasm) gives it.
const row = (over) => Object.assign({ model: "DeepSeek-R1-0528", sequence: "1k/1k", hw: "mi300x_sglang", gpu: "mi300x", vendor: "AMD",
  framework: "sglang", spec: "none", precision: "fp8", disagg: false, label: "MI300X (SGLang)", conc: 4, tp: 8, date: "", run: "",
  topology: "TP8", image: "", runUrl: "",
  metrics: { median_intvty: 50, tput_per_gpu: 1000, output_tput_per_gpu: 500, input_tput_per_gpu: 500, median_ttft: 0.2 } }, over,
  { identity: [(over && over.hw) || "mi300x_sglang", (over && over.precision) || "fp8", "TP8", (over && over.conc) || 4].join("\u0000") });

test("guess: what the decoder read in the file name, over the session, over the page", () => {
  const page = { model: "DeepSeek-R1-0528", sequence: "8k/1k", gpus: { b200: {} } };
  assert.deepEqual(guess({ gpu: "mi300x", framework: "sglang", precision: "fp8", gpus: 8 }, page, { gpus: 4, precision: "fp4" }),
    { gpus: 8, precision: "fp8", isl: 8192, osl: 1024, model: "DeepSeek-R1-0528", gpu: "mi300x", framework: "sglang" });
  assert.deepEqual(guess({}, page, { gpu: "b200" }), { gpu: "b200", isl: 8192, osl: 1024, model: "DeepSeek-R1-0528" });
  assert.deepEqual(guess(undefined, { sequence: "625/1k" }, {}), { isl: 625, osl: 1024 });
  // A page whose language names the model otherwise prefills the name results give it.
  assert.deepEqual(guess({}, { model: "深度求索 R1", modelId: "DeepSeek-R1-0528", sequence: "1k/1k" }, {}), { isl: 1024, osl: 1024, model: "DeepSeek-R1-0528" });
});

test("a history file's rows: the newest of each configuration and concurrency", () => {
  const a = { row: row({ date: "2026-01-01" }), file: "h.json" };
  const b = { row: row({ date: "2026-02-01" }), file: "h.json" };
  const c = { row: row({ conc: 8 }), file: "h.json" };
  assert.deepEqual(newest([a, b, c]), [b, c]);
});

test("the reader's series: one per configuration, named as theirs, in the page's columns", () => {
  const page = { cols: ["id", "x", "tpPerGpu", "conc", "median_ttft", "p99_ttft", "topology", "tp"], gpus: {} };
  const s = seriesOf(page, [{ row: row({ conc: 8, metrics: Object.assign({}, row().metrics, { median_intvty: 30 }) }), file: "b.json" },
    { row: row(), file: "a.json" }, { row: row({ precision: "fp4" }), file: "c.json" }]);
  assert.equal(s[1].hw, "mi300x_sglang");
  assert.equal(s[1].vendor, "AMD");
  assert.deepEqual(s.map((x) => x.name), ["Your run: MI300X (SGLang) FP4", "Your run: MI300X (SGLang) FP8"]);
  assert.deepEqual(s[1].points, [[-2, 30, 1000, 8, 0.2, null, "TP8", 8], [-3, 50, 1000, 4, 0.2, null, "TP8", 8]]);
  assert.deepEqual(s[1].files, ["b.json", "a.json"]);
  assert.ok(s.every((x) => x.yours && x.color === "#ff00aa"));
});

test("a reader's point whose file gives no median TPOT has no x, and its other columns", () => {
  const page = { cols: ["id", "x", "tpPerGpu", "conc", "median_ttft"], gpus: {} };
  const metrics = Object.assign({}, row().metrics);
  delete metrics.median_intvty;
  const s = seriesOf(page, [{ row: row({ metrics }), file: "a.json" }]);
  assert.deepEqual(s[0].points, [[-1, null, 1000, 4, 0.2]]);
});

test("on an agentic page the reader's points are at p90 interactivity, the page's x", () => {
  const page = { cols: ["id", "x", "tpPerGpu", "median_intvty"], xAxes: [{ key: "p90_intvty", col: "x" }, { key: "median_intvty", col: "median_intvty" }], gpus: {} };
  const metrics = Object.assign({}, row().metrics, { p90_intvty: 20 });
  const s = seriesOf(page, [{ row: row({ metrics }), file: "a.json" }, { row: row({ conc: 8, metrics: Object.assign({}, metrics, { p90_intvty: 10, median_intvty: 60 }) }), file: "b.json" }]);
  assert.deepEqual(s[0].points, [[-1, 10, 1000, 60], [-2, 20, 1000, 50]]);
});

test("the sentence says where the run stands", () => {
  const metric = { unit: "tok/s/GPU", higher: true, key: "tpPerGpu" };
  assert.equal(sentence({ name: "Your run: B300 (TRTLLM) FP4", metric, unit: "tok/s/user", at: [{ x: 50, y: 4210, best: { y: 5134.1, name: "B300 (TRTLLM, MTP) FP4" } }] }),
    "Your run: B300 (TRTLLM) FP4: 4210 tok/s/GPU at 50 tok/s/user, 0.82× the best published, B300 (TRTLLM, MTP) FP4.");
  assert.match(sentence({ name: "R", metric, unit: "tok/s/user", at: [] }), /reaches none/);
});
