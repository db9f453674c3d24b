import assert from "node:assert/strict";
import test from "node:test";
import "./testdata/strings.js";
import { legendGroups } from "./legend.js";
import { filterSummary } from "./controls.js";

test("legend entries group by GPU in order of first appearance, names kept whole and in order", () => {
  const gpu = { "B200 (vLLM) FP4": "B200", "MI355X (ATOM) FP4 2026-05-01": "MI355X", "B200 (SGLang, MTP) FP8": "B200", "Global frontier": "" };
  const groups = legendGroups(Object.keys(gpu), (n) => gpu[n]);
  assert.deepEqual(groups, [
    { title: "B200", names: ["B200 (vLLM) FP4", "B200 (SGLang, MTP) FP8"] },
    { title: "MI355X", names: ["MI355X (ATOM) FP4 2026-05-01"] },
    { title: "", names: ["Global frontier"] },
  ]);
});

test("the filter summary names every filter on in one line, or says none is", () => {
  const page = { dates: ["2026-06-11", "2026-05-01"] };
  const choices = () => ({
    gpus: [{ value: "b200", label: "B200" }, { value: "h100", label: "H100" }, { value: "mi355x", label: "MI355X" }],
    vendors: [], frameworks: [], spec: [], precisions: [{ value: "fp4", label: "FP4" }, { value: "fp8", label: "FP8" }], deploy: [],
  });
  const view = { gpus: null, vendors: null, frameworks: null, spec: null, precisions: null, deploy: null, best: false, optimal: false, global: false, log: false, logx: false, date: "2026-06-11" };
  assert.equal(filterSummary({ page, view, choices }), "All configurations");
  const on = Object.assign({}, view, { gpus: ["mi355x", "b200"], precisions: ["fp4"], best: true, log: true, date: "2026-05-01", cost: { b200: 5 } });
  assert.equal(filterSummary({ page, view: on, choices }), "Best per GPU · GPU: B200, MI355X · Precision: FP4 · Own prices · Snapshot 2026-05-01 · Log Y");
});
