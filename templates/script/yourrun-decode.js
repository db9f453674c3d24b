// The reader's own benchmark files, read and normalised in the browser by the build's rules:
// the twin of site/input's raw decoder (raw.go, rawnorm.go, rawmodel.go), checked against it on
// shared cases (testdata/yourrun.json: yourrun-decode.test.js here, yourrun_twins_test.go in
// site/input). It reads InferenceX API rows, agg rows and `vllm bench serve` result files, as the
// build does, and SGLang bench_serving JSONL, whose keys it renames to bench-serve's first
// (sglangAsServe). Pure: no DOM, so node --test runs it, and the chart page loads it only when a
// reader adds a file (yourrun.js).

import { t } from "./i18n.js";

// ---- The metric catalog (rawmodel.go): names as InferenceX writes them, latencies in seconds ----

const STATISTICS = ["mean", "median", "p90", "p99", "p99.9", "std"];
const LATENCIES = ["ttft", "tpot", "itl", "e2el"];

// METRICS are the catalog's names in Go's MetricNames order.
export const METRICS = ["tput_per_gpu", "output_tput_per_gpu", "input_tput_per_gpu"]
  .concat(STATISTICS.map((s) => s + "_intvty"))
  .concat(...LATENCIES.map((l) => STATISTICS.map((s) => s + "_" + l)))
  .concat(["avg_power_w", "joules_per_total_token", "joules_per_output_token", "joules_per_input_token"]);

const LATENCY = new Set([].concat(...LATENCIES.map((l) => STATISTICS.map((s) => s + "_" + l))));
// TPOT statistics interactivity divides by; std may be 0.
const TPOT = STATISTICS.slice(0, 5).map((s) => s + "_tpot");

// ---- Normalisation tables (rawnorm.go) ----

// GPUS are the GPUs InferenceX publishes, with its labels and vendors.
export const GPUS = {
  h100: ["H100", "NVIDIA"], h200: ["H200", "NVIDIA"], b200: ["B200", "NVIDIA"], b300: ["B300", "NVIDIA"],
  gb200: ["GB200 NVL72", "NVIDIA"], gb300: ["GB300 NVL72", "NVIDIA"],
  mi300x: ["MI300X", "AMD"], mi325x: ["MI325X", "AMD"], mi350x: ["MI350X", "AMD"], mi355x: ["MI355X", "AMD"],
};

const RUNNER_SUFFIXES = ["-trt", "-multinode-slurm", "-multinode", "-nvs", "-disagg", "-amds", "-amd",
  "-nvd", "-dgxc-slurm", "-dgxc", "-nb", "-nv"];

const FRAMEWORK_ALIASES = {
  "sglang-disagg": ["mori-sglang", true], "atom-disagg": ["mooncake-atom", true],
  trtllm: ["trt", false], "dynamo-trtllm": ["dynamo-trt", false],
};

// FRAMEWORK_LABELS name a framework in a series label.
export const FRAMEWORK_LABELS = {
  atom: "ATOM", "dynamo-sglang": "Dynamo SGLang", "dynamo-trt": "Dynamo TRTLLM", "dynamo-vllm": "Dynamo vLLM",
  "mooncake-atom": "Mooncake ATOM", "mori-sglang": "MoRI SGLang", sglang: "SGLang", trt: "TRTLLM", vllm: "vLLM",
};

const MODELS = {
  dsr1: "DeepSeek-R1-0528", dsv4: "DeepSeek-V4-Pro", gptoss120b: "gpt-oss-120b", llama70b: "Llama-3.3-70B-Instruct-FP8",
  "qwen3.5": "Qwen-3.5-397B-A17B", "kimik2.5": "Kimi-K2.5", "minimaxm2.5": "MiniMax-M2.5", glm5: "GLM-5", "glm5.1": "GLM-5",
};

const MODEL_ALIASES = {
  gptoss: "gptoss120b", dsv4pro: "dsv4", "dsr1-0528": "dsr1", "deepseek-r1-0528": "dsr1", "deepseek-ai/deepseek-r1": "dsr1",
  "nvidia/deepseek-r1-0528-fp4": "dsr1", "nvidia/deepseek-r1-0528-fp4-v2": "dsr1", "amd/deepseek-r1-0528-mxfp4": "dsr1",
  "amd/deepseek-r1-0528-mxfp4-preview": "dsr1", "openai/gpt-oss-120b": "gptoss120b", "nvidia/llama-3.3-70b-instruct-fp4": "llama70b",
  "amd/llama-3.3-70b-instruct-fp8-kv": "llama70b", "qwen/qwen3.5-397b-a17b-fp8": "qwen3.5", "zai-org/glm-5-fp8": "glm5",
  "deepseek-ai/deepseek-v4-pro": "dsv4", "moonshotai/kimi-k2.5": "kimik2.5", "minimaxai/minimax-m2.5": "minimaxm2.5",
  "nvidia/llama-3.3-70b-instruct-fp8": "llama70b", "amd/llama-3.3-70b-instruct-mxfp4-preview": "llama70b",
};

const allDigits = (s) => /^[0-9]+$/.test(s);

// normGPU turns a runner's hardware name into its GPU key: "B200-trt_3" is "b200".
export function normGPU(hw) {
  let s = String(hw).trim().toLowerCase();
  const i = s.lastIndexOf("_");
  if (i > 0 && i < s.length - 1 && allDigits(s.slice(i + 1))) s = s.slice(0, i);
  for (const suf of RUNNER_SUFFIXES) {
    if (s.endsWith(suf) && s.length > suf.length) s = s.slice(0, -suf.length);
  }
  return s;
}

const impliesDisagg = (fw) => /^(dynamo|mori|mooncake)-/.test(fw);

// normFramework is the canonical framework and whether the deployment is disaggregated.
export function normFramework(fw, disagg) {
  let s = String(fw).trim().toLowerCase();
  const a = FRAMEWORK_ALIASES[s];
  if (a) {
    s = a[0];
    disagg = disagg || a[1];
  }
  return [s, disagg || impliesDisagg(s)];
}

export function normPrecision(p) {
  const s = String(p).trim().toLowerCase();
  return s === "nvfp4" || s === "mxfp4" ? "fp4" : s;
}

const normSpec = (s) => String(s).trim().toLowerCase() || "none";

function resolveModelKey(lower) {
  if (Object.prototype.hasOwnProperty.call(MODELS, lower)) return lower;
  if (Object.prototype.hasOwnProperty.call(MODEL_ALIASES, lower)) return MODEL_ALIASES[lower];
  for (const suf of ["-fp4", "-fp8", "-mxfp4", "-nvfp4"]) {
    const i = lower.indexOf(suf);
    if (i > 0) {
      const base = lower.slice(0, i);
      if (Object.prototype.hasOwnProperty.call(MODELS, base)) return base;
      if (Object.prototype.hasOwnProperty.call(MODEL_ALIASES, base)) return MODEL_ALIASES[base];
    }
  }
  return "";
}

// modelName is the display name of a model key, alias or Hugging Face id (RawOptions.modelName
// without frontier.toml's renames, which the browser does not have).
export function modelName(key) {
  key = String(key).trim();
  const k = resolveModelKey(key.toLowerCase());
  if (k) return MODELS[k];
  const i = key.lastIndexOf("/");
  return i >= 0 && i < key.length - 1 ? key.slice(i + 1) : key;
}

const tokens = (n) => (n > 0 && n % 1024 === 0 ? n / 1024 + "k" : String(n));

// sequenceOf spells input and output lengths as the views do: 1024 and 8192 are "1k/8k".
export const sequenceOf = (isl, osl) => tokens(isl) + "/" + tokens(osl);

// lengthOf reads one side of a sequence ("8k" or "625") back as tokens; NaN when it is neither.
export function lengthOf(side) {
  const m = /^(\d+)(k?)$/i.exec(String(side).trim());
  return m ? Number(m[1]) * (m[2] ? 1024 : 1) : NaN;
}

// hwKey names a configuration's series as the view does ("b200_trt_mtp").
export function hwKey(gpu, fw, spec, disagg) {
  let k = gpu + "_" + fw;
  if (disagg && !impliesDisagg(fw)) k += "-disagg";
  if (spec && spec !== "none") k += "_" + spec;
  return k;
}

// seriesLabel is a configuration's legend label: "B300 (TRTLLM, MTP)".
export function seriesLabel(gpuLabel, fw, spec, disagg) {
  const parts = [FRAMEWORK_LABELS[fw] || fw];
  if (disagg && !impliesDisagg(fw)) parts.push("Disagg");
  if (spec && spec !== "none") parts.push(spec.toUpperCase());
  return gpuLabel + " (" + parts.join(", ") + ")";
}

// runIDOf is the run id in a GitHub Actions run URL.
export function runIDOf(u) {
  const at = String(u).indexOf("/actions/runs/");
  if (at < 0) return "";
  const rest = String(u).slice(at + 14).split("/")[0];
  return allDigits(rest) ? rest : "";
}

// topologyString is Topology.String: "TP8 EP8 DPA", or "1P (TP4) + 4D (TP8), 36 GPUs".
export function topologyString(t) {
  const pool = (tp, ep, dpa) => "TP" + tp + (ep > 1 ? " EP" + ep : "") + (dpa ? " DPA" : "");
  if (!t.split) {
    if (!t.tp && t.gpus > 0) return t.gpus + " GPUs";
    return pool(t.tp, t.ep, t.dpa) + (t.pp > 1 ? " PP" + t.pp : "");
  }
  return t.prefillWorkers + "P (" + pool(t.prefillTP, t.prefillEP, t.prefillDPA) + ") + " +
    t.decodeWorkers + "D (" + pool(t.decodeTP, t.decodeEP, t.decodeDPA) + "), " + t.gpus + " GPUs";
}

// ---- Values, checked as the build's decoder checks them ----

// describe is a value as a message quotes it: the JSON text, cut at 40 characters.
function describe(v) {
  if (Array.isArray(v)) return t("yourrun.check.anArray");
  if (v !== null && typeof v === "object") return t("yourrun.check.anObject");
  const s = JSON.stringify(v);
  return s.length <= 40 ? s : s.slice(0, 40) + "…" + (typeof v === "string" ? '"' : "");
}

export function isDate(s) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const y = +m[1];
  const mo = +m[2];
  const d = +m[3];
  if (mo < 1 || mo > 12 || d < 1) return false;
  let days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  if (mo === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)) days = 29;
  return d <= days;
}

// Reader reads the values of one file, collecting problems as {path, msg}.
class Reader {
  constructor() {
    this.problems = [];
  }

  problem(path, msg) {
    this.problems.push({ path, msg });
  }

  // str is a string, undefined for null or absent; anything else is a problem.
  str(v, path, req) {
    if (typeof v === "string") {
      // C0, DEL and C1 controls: never shown in a page (the build's noControls).
      const c = /[\u0000-\u001f\u007f-\u009f]/.exec(v);
      if (c) this.problem(path, t("yourrun.check.control", { code: "U+" + c[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0") }));
      return v;
    }
    if (v !== null || req) this.problem(path, t("yourrun.check.wantString", { got: describe(v) }));
    return undefined;
  }

  text(v, path, req) {
    const s = this.str(v, path, req);
    if (s !== undefined && s.trim() === "") this.problem(path, t("yourrun.check.empty"));
    return s;
  }

  number(v, path, req) {
    if (typeof v === "number") {
      if (v < 0) {
        this.problem(path, t("yourrun.check.negative", { got: describe(v) }));
        return undefined;
      }
      return v;
    }
    if (v === null && !req) return undefined;
    this.problem(path, t("yourrun.check.wantNumber", { got: describe(v) }));
    return undefined;
  }

  integer(v, path, req) {
    if (typeof v === "number") {
      if (!Number.isInteger(v)) {
        this.problem(path, t("yourrun.check.wantInteger", { got: describe(v) }));
        return undefined;
      }
      if (v < 0) {
        this.problem(path, t("yourrun.check.negative", { got: describe(v) }));
        return undefined;
      }
      return v;
    }
    if (v === null && !req) return undefined;
    this.problem(path, t("yourrun.check.wantInteger", { got: describe(v) }));
    return undefined;
  }

  positive(v, path) {
    const n = this.integer(v, path, true);
    if (n === 0) this.problem(path, t("yourrun.check.positive"));
    return n || 0;
  }

  // flexPositive is an integer > 0 written as a number or a string ("8"); null is absent.
  flexPositive(v, path) {
    if (typeof v === "string") {
      const n = /^\s*[+-]?\d+\s*$/.test(v) ? parseInt(v, 10) : NaN;
      if (!(n > 0)) {
        this.problem(path, t("yourrun.check.wantPositive", { got: describe(v) }));
        return 0;
      }
      return n;
    }
    const n = this.integer(v, path, false);
    if (n === 0) this.problem(path, t("yourrun.check.positive"));
    return n || 0;
  }

  flexBool(v, path) {
    if (v === true) return true;
    if (v === false || v === null) return false;
    if (typeof v === "string") {
      if (["true", "True", "TRUE"].includes(v)) return true;
      if (["false", "False", "FALSE", ""].includes(v)) return false;
    }
    this.problem(path, t("yourrun.check.wantBool", { got: describe(v) }));
    return false;
  }

  rowDate(v, path) {
    const s = this.str(v, path, false);
    if (s === undefined) return "";
    if (s.length > 10 && s[10] === "T" && isDate(s.slice(0, 10))) return s.slice(0, 10);
    if (!isDate(s)) {
      this.problem(path, t("yourrun.check.wantDate", { got: describe(v) }));
      return "";
    }
    return s;
  }

  serveDate(v, path) {
    const s = this.str(v, path, false);
    if (s === undefined) return "";
    if (s.length >= 8 && allDigits(s.slice(0, 8)) && (s.length === 8 || s[8] === "-")) {
      const t = s.slice(0, 4) + "-" + s.slice(4, 6) + "-" + s.slice(6, 8);
      if (isDate(t)) return t;
    }
    if (isDate(s)) return s;
    this.problem(path, t("yourrun.check.wantServeDate", { got: describe(v) }));
    return "";
  }

  // metric reads metric name (a bench-serve "*_ms" when ms) into m; bad names what was given wrong.
  metric(m, bad, key, v, path, ms) {
    let name = key;
    if (ms) {
      if (!key.endsWith("_ms")) return;
      name = key.slice(0, -3);
      if (!LATENCY.has(name)) return;
    }
    if (!METRICS.includes(name)) return;
    let x = this.number(v, path, false);
    if (x === undefined) {
      bad.add(name); // reported (or null): not also missing
      return;
    }
    if (x === 0 && TPOT.includes(name)) {
      this.problem(path, t("yourrun.check.positive"));
      bad.add(name);
      return;
    }
    if (ms) x /= 1000;
    m[name] = x;
  }

  // complete derives total throughput and interactivity, and reports the required metrics
  // still missing (the build's rawDecoder.complete).
  complete(m, bad, prefix) {
    if (!("tput_per_gpu" in m) && "output_tput_per_gpu" in m && "input_tput_per_gpu" in m) {
      m.tput_per_gpu = m.output_tput_per_gpu + m.input_tput_per_gpu;
    }
    STATISTICS.forEach((s) => {
      const tpot = m[s + "_tpot"];
      if (tpot > 0 && !((s + "_intvty") in m)) m[s + "_intvty"] = 1 / tpot; // 1000 / (TPOT in ms)
    });
    if (!("tput_per_gpu" in m) && !bad.has("tput_per_gpu")) {
      this.problem(prefix + "tput_per_gpu", t("yourrun.check.missingThroughput"));
    }
    if (!("median_intvty" in m) && !bad.has("median_intvty") && !bad.has("median_tpot")) {
      this.problem(prefix + "median_intvty", t("yourrun.check.missingInteractivity"));
    }
  }
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

// ---- Formats ----

const SIGS = [
  { format: "api", keys: ["hardware", "conc", "metrics"] },
  { format: "agg", keys: ["hw", "conc", "tput_per_gpu"] },
  { format: "serve", keys: ["max_concurrency", "total_token_throughput", "output_throughput"] },
];

// formatName is a format as a problem names it.
const formatName = (format) => ({ api: t("yourrun.check.api"), agg: t("yourrun.check.agg"), serve: t("yourrun.check.serve") })[format];

// SGLANG are the keys that tell an SGLang bench_serving line from a vLLM one.
const SGLANG = ["max_concurrency", "output_throughput", "median_e2e_latency_ms"];

// sniff tells a parsed file's format by the keys of its first object, as sniffFormat does;
// msg says what a file that is none lacks.
export function sniff(value) {
  const inArray = Array.isArray(value);
  if (inArray && value.length === 0) return { format: "api" };
  const first = inArray ? value[0] : value;
  if (!isObject(first)) return { format: "", msg: t("yourrun.check.holds", { got: describe(first) }) };
  if (!inArray && (has(first, "view") || has(first, "series"))) {
    return { format: "", msg: t("yourrun.check.view") };
  }
  const keys = Object.keys(first);
  let best = null;
  for (const s of SIGS) {
    const hasKeys = s.keys.filter((k) => keys.includes(k));
    if (hasKeys.length === s.keys.length && !(s.format === "serve" && inArray)) return { format: s.format };
    if (hasKeys.length && (!best || hasKeys.length > best.has.length)) best = { name: formatName(s.format), has: hasKeys, lack: s.keys.filter((k) => !keys.includes(k)) };
  }
  if (!inArray && SGLANG.every((k) => keys.includes(k))) return { format: "sglang" };
  if (!best) {
    return { format: "", msg: inArray ? t("yourrun.check.neitherRows") : t("yourrun.check.neither") };
  }
  const like = { format: best.name, has: best.has.join(", "), lacks: best.lack.join(", ") };
  return { format: "", msg: inArray ? t("yourrun.check.looksLikeRows", like) : t("yourrun.check.looksLike", like) };
}

// sglangAsServe renames an SGLang bench_serving result's keys to bench-serve's: total_throughput
// (or input + output) is total_token_throughput, *_e2e_latency_ms is *_e2el_ms, a random
// dataset's random_input_len and random_output_len are isl and osl, and its backend is the
// framework the form suggests (not taken: a client backend is not always the server).
export function sglangAsServe(o) {
  const out = {};
  for (const [k, v] of Object.entries(o)) {
    const e2e = /^(.*)_e2e_latency_ms$/.exec(k);
    if (e2e) out[e2e[1] + "_e2el_ms"] = v;
    else if (!["total_throughput", "input_throughput", "random_input_len", "random_output_len", "backend"].includes(k)) out[k] = v;
  }
  if (typeof o.total_throughput === "number") out.total_token_throughput = o.total_throughput;
  else if (typeof o.input_throughput === "number" && typeof o.output_throughput === "number") {
    out.total_token_throughput = o.input_throughput + o.output_throughput;
  }
  if (!o.dataset_name || o.dataset_name === "random") {
    if (o.random_input_len != null && !has(o, "isl")) out.isl = o.random_input_len;
    if (o.random_output_len != null && !has(o, "osl")) out.osl = o.random_output_len;
  }
  return out;
}

// CONTEXT are the context keys a bench-serve file may lack, in the build's order of problems.
export const CONTEXT = ["gpu", "gpus", "framework", "precision", "isl", "osl", "model"];

// Decoder decodes the rows of one file into normalised rows (normRow).
class Decoder extends Reader {
  constructor() {
    super();
    this.rows = [];
    this.needs = [];
  }

  // row decodes API or agg row o at index i (-1 for a file that is one object).
  row(format, o, i) {
    const api = format === "api";
    const at = i < 0 ? "" : "[" + i + "]";
    const path = (k) => (at ? at + "." : "") + k;
    if (!isObject(o)) {
      this.problem(at, t("yourrun.check.wantObject", { got: describe(o) }));
      return;
    }
    const before = this.problems.length;
    const r = { hw: "", fw: "", model: "", prefix: "", precision: "", spec: "", image: "", date: "", runURL: "", disagg: false };
    const topology = {};
    const m = {};
    const bad = new Set();
    const seen = new Set();
    for (const [key, v] of Object.entries(o)) {
      const p = path(key);
      if ((key === "hardware" && api) || (key === "hw" && !api)) {
        seen.add("hw");
        r.hw = this.text(v, p, true) || "";
      } else if (key === "framework") {
        seen.add("framework");
        r.fw = this.text(v, p, true) || "";
      } else if (key === "model") {
        seen.add("model");
        r.model = this.text(v, p, true) || "";
      } else if (key === "infmax_model_prefix" && !api) {
        r.prefix = (this.str(v, p, false) || "").trim();
        if (r.prefix) seen.add("model");
      } else if (key === "precision") {
        seen.add("precision");
        r.precision = this.text(v, p, true) || "";
      } else if (key === "spec_method" || key === "spec_decoding") {
        r.spec = this.str(v, p, false) || "";
      } else if (key === "disagg") {
        r.disagg = this.flexBool(v, p);
      } else if (key === "is_multinode") {
        this.flexBool(v, p);
      } else if (key === "isl" || key === "osl" || key === "conc") {
        seen.add(key);
        r[key] = this.positive(v, p);
      } else if (key === "image") {
        r.image = this.str(v, p, false) || "";
      } else if (key === "date") {
        r.date = this.rowDate(v, p);
      } else if (key === "run_url") {
        r.runURL = this.str(v, p, false) || "";
      } else if (key === "metrics" && api) {
        seen.add("metrics");
        if (isObject(v)) for (const [mk, mv] of Object.entries(v)) this.metric(m, bad, mk, mv, p + "." + mk, false);
        else this.problem(p, t("yourrun.check.wantObject", { got: describe(v) }));
      } else if (TOPOLOGY_BOOL.includes(key)) {
        topology[key] = this.flexBool(v, p);
      } else if (TOPOLOGY_INT.includes(key)) {
        topology[key] = this.integer(v, p, false) || 0;
      } else if (!api) {
        this.metric(m, bad, key, v, p, false);
      }
    }
    const want = ["hw", "framework", "model", "precision", "isl", "osl", "conc"].concat(api ? ["metrics"] : []);
    for (const k of want) {
      if (!seen.has(k)) this.problem(path(k === "hw" && api ? "hardware" : k), t("yourrun.check.missing"));
    }
    if (seen.has("metrics") || !api) this.complete(m, bad, api ? path("metrics.") : at ? at + "." : "");
    if (this.problems.length > before) return;
    this.add(r, r.prefix || r.model, topology, m, 0);
  }

  // serve decodes a bench-serve result o; ctx gives what the file lacks (the form's answers,
  // as [[runs]] gives it to the build). where prefixes paths ("" or "line 3: ").
  serve(o, ctx, where) {
    const before = this.problems.length;
    const r = { disagg: false };
    const own = {};
    const m = {};
    const bad = new Set();
    const p = (k) => where + k;
    let total = 0;
    let output = 0;
    let conc;
    for (const [key, v] of Object.entries(o)) {
      switch (key) {
        case "max_concurrency": conc = this.integer(v, p(key), true); break;
        case "total_token_throughput": total = this.number(v, p(key), true) || 0; break;
        case "output_throughput": output = this.number(v, p(key), true) || 0; break;
        case "date": own.date = this.serveDate(v, p(key)); break;
        case "model_id": if (!own.model) own.model = this.str(v, p(key), false) || ""; break;
        case "model": own.model = this.text(v, p(key), false) || ""; break;
        case "gpu": case "framework": case "precision": own[key] = this.text(v, p(key), false) || ""; break;
        case "spec": case "image": case "run_url": own[key] = this.str(v, p(key), false) || ""; break;
        case "disagg": r.disagg = this.flexBool(v, p(key)); break;
        case "gpus": case "isl": case "osl": own[key] = this.flexPositive(v, p(key)); break;
        default: this.metric(m, bad, key, v, p(key), true);
      }
    }
    for (const k of ["max_concurrency", "total_token_throughput", "output_throughput"]) {
      if (!has(o, k)) this.problem(p(k), t("yourrun.check.missing"));
    }
    if (has(o, "max_concurrency") && conc === 0 && this.problems.length === before) this.problem(p("max_concurrency"), t("yourrun.check.positive"));
    const c = {};
    for (const k of CONTEXT.concat(["spec", "date", "image", "run_url"])) c[k] = own[k] || (ctx && ctx[k]) || (k === "gpus" || k === "isl" || k === "osl" ? 0 : "");
    for (const k of CONTEXT) {
      if (!c[k] && !this.needs.includes(k)) this.needs.push(k);
    }
    if (this.needs.length || this.problems.length > before) return;
    const g = c.gpus;
    m.tput_per_gpu = total / g;
    m.output_tput_per_gpu = output / g;
    m.input_tput_per_gpu = Math.max(total - output, 0) / g;
    this.complete(m, bad, where);
    if (this.problems.length > before) return;
    const row = { hw: c.gpu, fw: c.framework, precision: c.precision, spec: c.spec, isl: c.isl, osl: c.osl, conc,
      date: c.date, image: c.image, runURL: c.run_url, disagg: r.disagg };
    this.add(row, c.model, { gpus: g }, m, g);
  }

  // add builds a normalised row (the build's add1).
  add(r, model, t, m, gpus) {
    const [fw, disagg] = normFramework(r.fw, r.disagg);
    const topo = { gpus: 0, tp: 0, ep: 0, pp: 0, dpa: false, split: false };
    const n = (k) => t[k] || 0;
    const split = has(t, "prefill_tp") || has(t, "decode_tp");
    if (split && disagg && (n("prefill_num_workers") > 0 || n("decode_num_workers") > 0)) {
      Object.assign(topo, {
        split: true, prefillWorkers: n("prefill_num_workers"), prefillTP: n("prefill_tp"), prefillEP: n("prefill_ep"), prefillDPA: !!t.prefill_dp_attention,
        decodeWorkers: n("decode_num_workers"), decodeTP: n("decode_tp"), decodeEP: n("decode_ep"), decodeDPA: !!t.decode_dp_attention,
      });
      const pre = n("num_prefill_gpu") || n("prefill_num_workers") * n("prefill_tp") * Math.max(n("prefill_pp"), 1);
      const dec = n("num_decode_gpu") || n("decode_num_workers") * n("decode_tp") * Math.max(n("decode_pp"), 1);
      Object.assign(topo, { prefillGPUs: pre, decodeGPUs: dec, gpus: pre + dec, tp: n("decode_tp"), ep: n("decode_ep"), dpa: !!t.decode_dp_attention });
    } else if (split) {
      Object.assign(topo, { tp: n("decode_tp"), ep: n("decode_ep"), dpa: !!t.decode_dp_attention, pp: n("decode_pp") });
      topo.gpus = n("num_decode_gpu") || n("decode_tp") * Math.max(n("decode_pp"), 1);
    } else {
      Object.assign(topo, { tp: n("tp"), ep: n("ep"), dpa: !!t.dp_attention, pp: n("pp") });
      topo.gpus = gpus || n("tp") * Math.max(n("pp"), 1) * Math.max(n("pcp_size"), 1);
    }
    const metrics = {};
    for (const name of METRICS) if (has(m, name)) metrics[name] = m[name];
    this.rows.push({
      model: modelName(model), sequence: sequenceOf(r.isl, r.osl),
      gpu: normGPU(r.hw), framework: fw, spec: normSpec(r.spec), precision: normPrecision(r.precision), disagg,
      conc: r.conc, date: r.date, image: String(r.image).replace(/#/g, "/"), runUrl: r.runURL, topology: topo, metrics,
    });
  }
}

const TOPOLOGY_INT = ["tp", "pp", "pcp_size", "ep", "prefill_tp", "prefill_pp", "prefill_ep", "prefill_num_workers", "num_prefill_gpu",
  "decode_tp", "decode_pp", "decode_ep", "decode_num_workers", "num_decode_gpu"];
const TOPOLOGY_BOOL = ["dp_attention", "prefill_dp_attention", "decode_dp_attention"];

// parse reads a file's text as one JSON value, or as JSON lines (SGLang appends one result a
// line); error is the first syntax error, with its line.
export function parse(text) {
  const body = String(text).replace(/^\uFEFF/, "");
  try {
    return { value: JSON.parse(body) };
  } catch (e) {
    const lines = body.split(/\r?\n/);
    const values = [];
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i].trim()) continue;
      try {
        values.push({ line: i + 1, value: JSON.parse(lines[i]) });
      } catch (e2) {
        if (values.length === 0 && i === lines.findIndex((l) => l.trim())) {
          return { error: t("yourrun.check.notJSON", { error: e.message }) };
        }
        return { error: t("yourrun.check.lineNotJSON", { line: i + 1, error: e2.message }) };
      }
    }
    if (values.length < 2) return { error: t("yourrun.check.notJSON", { error: e.message }) };
    return { lines: values };
  }
}

// decode reads one file's text: its format, normalised rows, problems ({path, msg}, as the
// build's paths), warnings (strings: an empty array, as the build warns) and needs, the context keys a bench-serve result lacks that ctx did not give
// (CONTEXT order). A file that needs context gives no rows until it has it.
export function decode(text, ctx) {
  const d = new Decoder();
  const warnings = [];
  const parsed = parse(text);
  if (parsed.error) return { format: "", rows: [], problems: [{ path: "", msg: parsed.error }], needs: [] };
  let format = "";
  if (parsed.lines) {
    format = "jsonl";
    for (const { line, value } of parsed.lines) {
      const s = isObject(value) ? sniff(value) : { format: "" };
      const at = t("yourrun.check.line", { line });
      if (s.format === "serve") d.serve(value, ctx, at + ": ");
      else if (s.format === "sglang") d.serve(sglangAsServe(value), ctx, at + ": ");
      else d.problem(at, s.msg || t("yourrun.check.oneALine"));
    }
  } else {
    const s = sniff(parsed.value);
    format = s.format;
    if (!format) return { format, rows: [], problems: [{ path: "", msg: s.msg }], needs: [] };
    if (format === "serve") d.serve(parsed.value, ctx, "");
    else if (format === "sglang") d.serve(sglangAsServe(parsed.value), ctx, "");
    else if (Array.isArray(parsed.value)) {
      if (!parsed.value.length) warnings.push(t("yourrun.check.noRows"));
      parsed.value.forEach((row, i) => d.row(format, row, i));
    } else d.row(format, parsed.value, -1);
  }
  return { format, rows: d.rows, problems: d.problems, needs: d.needs, warnings };
}
