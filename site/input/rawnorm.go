package input

// Normalisation of raw results, as InferenceX's own ingest does it, so that a configuration has
// one name whatever runner or format measured it: GPU keys lowercased with runner suffixes
// stripped ("b200-trt_3" is b200), framework aliases ("dynamo-trtllm" is dynamo-trt,
// "sglang-disagg" is mori-sglang and disaggregated), model keys to one display name ("dsr1",
// "deepseek-ai/DeepSeek-R1-0528" and "DeepSeek-R1-0528" all show as DeepSeek-R1-0528, so they
// share the page deepseek-r1-0528), and isl/osl to a sequence ("1024"/"8192" is "1k/8k").
// The tables are built in and frontier.toml overrides them ([models.KEY], [gpus.KEY]).

import (
	"maps"
	"slices"

	"path"
	"strconv"
	"strings"
)

// gpuInfo is a GPU's display label and vendor.
type gpuInfo struct{ label, vendor string }

// builtinGPUs are the GPUs InferenceX publishes, with its labels.
var builtinGPUs = map[string]gpuInfo{
	"h100":   {"H100", "NVIDIA"},
	"h200":   {"H200", "NVIDIA"},
	"b200":   {"B200", "NVIDIA"},
	"b300":   {"B300", "NVIDIA"},
	"gb200":  {"GB200 NVL72", "NVIDIA"},
	"gb300":  {"GB300 NVL72", "NVIDIA"},
	"mi300x": {"MI300X", "AMD"},
	"mi325x": {"MI325X", "AMD"},
	"mi350x": {"MI350X", "AMD"},
	"mi355x": {"MI355X", "AMD"},
}

// runnerSuffixes are what runner names add to a GPU key ("h200-multinode-slurm", "mi355x-amds"),
// stripped in this order after a trailing runner index ("_3").
var runnerSuffixes = []string{"-trt", "-multinode-slurm", "-multinode", "-nvs", "-disagg", "-amds", "-amd",
	"-nvd", "-dgxc-slurm", "-dgxc", "-nb", "-nv"}

// normGPU turns a runner's hardware name into its GPU key: "B200-trt_3" is "b200".
func normGPU(hw string) string {
	s := strings.ToLower(strings.TrimSpace(hw))
	if i := strings.LastIndexByte(s, '_'); i > 0 && i < len(s)-1 && allDigits(s[i+1:]) {
		s = s[:i]
	}
	for _, suf := range runnerSuffixes {
		if t, ok := strings.CutSuffix(s, suf); ok && t != "" {
			s = t
		}
	}
	return s
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !(s[i] >= '0' && s[i] <= '9') {
			return false
		}
	}
	return s != ""
}

// frameworkAliases are legacy framework names and what they are now; disagg marks the names
// that mean a disaggregated deployment by themselves.
var frameworkAliases = map[string]struct {
	canonical string
	disagg    bool
}{
	"sglang-disagg": {"mori-sglang", true},
	"atom-disagg":   {"mooncake-atom", true},
	"trtllm":        {"trt", false},
	"dynamo-trtllm": {"dynamo-trt", false},
}

// frameworkLabels are how a framework is named in a series label, as the view names them.
var frameworkLabels = map[string]string{
	"atom":          "ATOM",
	"dynamo-sglang": "Dynamo SGLang",
	"dynamo-trt":    "Dynamo TRTLLM",
	"dynamo-vllm":   "Dynamo vLLM",
	"mooncake-atom": "Mooncake ATOM",
	"mori-sglang":   "MoRI SGLang",
	"sglang":        "SGLang",
	"trt":           "TRTLLM",
	"vllm":          "vLLM",
}

// normFramework returns the canonical framework and whether the deployment is disaggregated:
// the row's own flag, or a name that implies it (an alias, or a dynamo- or mori- framework,
// which only run disaggregated; old rows sometimes say otherwise).
func normFramework(fw string, disagg bool) (string, bool) {
	s := strings.ToLower(strings.TrimSpace(fw))
	if a, ok := frameworkAliases[s]; ok {
		s, disagg = a.canonical, disagg || a.disagg
	}
	return s, disagg || impliesDisagg(s)
}

func impliesDisagg(fw string) bool {
	return strings.HasPrefix(fw, "dynamo-") || strings.HasPrefix(fw, "mori-") || strings.HasPrefix(fw, "mooncake-")
}

// normPrecision lowercases a precision and names vendor formats by their width (nvfp4 is fp4).
func normPrecision(p string) string {
	s := strings.ToLower(strings.TrimSpace(p))
	if s == "nvfp4" || s == "mxfp4" {
		return "fp4"
	}
	return s
}

// normSpec lowercases a speculative decoding method; none when absent.
func normSpec(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return "none"
	}
	return s
}

// builtinModels are InferenceX's model keys and their display names.
var builtinModels = map[string]string{
	"dsr1":        "DeepSeek-R1-0528",
	"dsv4":        "DeepSeek-V4-Pro",
	"gptoss120b":  "gpt-oss-120b",
	"llama70b":    "Llama-3.3-70B-Instruct-FP8",
	"qwen3.5":     "Qwen-3.5-397B-A17B",
	"kimik2.5":    "Kimi-K2.5",
	"minimaxm2.5": "MiniMax-M2.5",
	"glm5":        "GLM-5",
	"glm5.1":      "GLM-5",
}

// modelAliases are other spellings InferenceX maps to a key: shorthand prefixes, and the
// checkpoints (Hugging Face ids) it benchmarks under another name.
var modelAliases = map[string]string{
	"gptoss":                                   "gptoss120b",
	"dsv4pro":                                  "dsv4",
	"dsr1-0528":                                "dsr1",
	"deepseek-r1-0528":                         "dsr1",
	"deepseek-ai/deepseek-r1":                  "dsr1",
	"nvidia/deepseek-r1-0528-fp4":              "dsr1",
	"nvidia/deepseek-r1-0528-fp4-v2":           "dsr1",
	"amd/deepseek-r1-0528-mxfp4":               "dsr1",
	"amd/deepseek-r1-0528-mxfp4-preview":       "dsr1",
	"openai/gpt-oss-120b":                      "gptoss120b",
	"nvidia/llama-3.3-70b-instruct-fp4":        "llama70b",
	"amd/llama-3.3-70b-instruct-fp8-kv":        "llama70b",
	"qwen/qwen3.5-397b-a17b-fp8":               "qwen3.5",
	"zai-org/glm-5-fp8":                        "glm5",
	"deepseek-ai/deepseek-v4-pro":              "dsv4",
	"moonshotai/kimi-k2.5":                     "kimik2.5",
	"minimaxai/minimax-m2.5":                   "minimaxm2.5",
	"nvidia/llama-3.3-70b-instruct-fp8":        "llama70b",
	"amd/llama-3.3-70b-instruct-mxfp4-preview": "llama70b",
}

// modelName is the display name of a model as a raw result or a view names it: a key of
// [models] in frontier.toml, then a built-in key or alias (with a precision suffix such as
// "-fp8" dropped, as InferenceX's prefixes carry one), then a display name whose key
// frontier.toml renames; anything else is shown as written, a Hugging Face id "org/name" as name.
func (c *RawOptions) modelName(key string) string { return c.nameOf(key, true) }

// viewModelName is the page name of a view's params.model: the same tables, but the name is
// otherwise kept exactly as written (a view's model is a display name, not an id to shorten).
func (c *RawOptions) viewModelName(model string) string { return c.nameOf(model, false) }

// nameOf is modelName; shorten says whether an unknown "org/name" is shown as name.
func (c *RawOptions) nameOf(key string, shorten bool) string {
	if !shorten {
		if m := c.Models[key]; m != "" {
			return m
		}
		if k, ok := resolveModelKey(strings.ToLower(key)); ok && k == strings.ToLower(key) {
			if m := c.Models[k]; m != "" {
				return m
			}
			return builtinModels[k]
		}
		for _, k := range slices.Sorted(maps.Keys(builtinModels)) {
			if builtinModels[k] == key {
				if m := c.Models[k]; m != "" {
					return m
				}
			}
		}
		return key
	}
	key = strings.TrimSpace(key)
	if m := c.Models[key]; m != "" {
		return m
	}
	lower := strings.ToLower(key)
	k, ok := resolveModelKey(lower)
	if ok {
		if m := c.Models[k]; m != "" {
			return m
		}
		return builtinModels[k]
	}
	name := key
	if i := strings.LastIndexByte(key, '/'); i >= 0 && i < len(key)-1 {
		name = key[i+1:]
	}
	// A view names the model by its display name: follow a rename of the key behind it.
	for _, k := range slices.Sorted(maps.Keys(builtinModels)) {
		if builtinModels[k] == name {
			if m := c.Models[k]; m != "" {
				return m
			}
		}
	}
	return name
}

// resolveModelKey finds the built-in key of a lowercased model key, alias or Hugging Face id.
func resolveModelKey(lower string) (string, bool) {
	if _, ok := builtinModels[lower]; ok {
		return lower, true
	}
	if k, ok := modelAliases[lower]; ok {
		return k, true
	}
	for _, suf := range []string{"-fp4", "-fp8", "-mxfp4", "-nvfp4"} {
		if i := strings.Index(lower, suf); i > 0 {
			base := lower[:i]
			if _, ok := builtinModels[base]; ok {
				return base, true
			}
			if k, ok := modelAliases[base]; ok {
				return k, true
			}
		}
	}
	return "", false
}

// gpuInfo is the label and vendor of a GPU key: frontier.toml's [gpus.KEY], then the built-in
// table; an unknown GPU is labelled by its key in capitals, with no vendor.
func (c *RawOptions) gpuInfo(key string) gpuInfo {
	g := builtinGPUs[key]
	if g.label == "" {
		g.label = strings.ToUpper(key)
	}
	if o, ok := c.GPUs[key]; ok {
		if o.Label != "" {
			g.label = o.Label
		}
		if o.Vendor != "" {
			g.vendor = o.Vendor
		}
	}
	return g
}

// hwKey names a configuration's series the way the view does: gpu_framework, then "-disagg"
// when the framework does not imply it, then _spec when there is speculative decoding
// ("b200_trt_mtp", "gb200_dynamo-trt", "b200_sglang-disagg").
func hwKey(gpu, fw, spec string, disagg bool) string {
	k := gpu + "_" + fw
	if disagg && !impliesDisagg(fw) {
		k += "-disagg"
	}
	if spec != "none" && spec != "" {
		k += "_" + spec
	}
	return k
}

// seriesLabel is a configuration's legend label, as the view writes it: "B300 (TRTLLM, MTP)".
func seriesLabel(gpuLabel, fw, spec string, disagg bool) string {
	fl, ok := frameworkLabels[fw]
	if !ok {
		fl = fw
	}
	parts := []string{fl}
	if disagg && !impliesDisagg(fw) {
		parts = append(parts, "Disagg")
	}
	if spec != "none" && spec != "" {
		parts = append(parts, strings.ToUpper(spec))
	}
	return gpuLabel + " (" + strings.Join(parts, ", ") + ")"
}

// sequenceOf spells input and output lengths as the views do: 1024 and 8192 are "1k/8k";
// a length that is not a multiple of 1024 is written in tokens ("8k/625").
func sequenceOf(isl, osl int64) string {
	return tokens(isl) + "/" + tokens(osl)
}

func tokens(n int64) string {
	if n > 0 && n%1024 == 0 {
		return strconv.FormatInt(n/1024, 10) + "k"
	}
	return strconv.FormatInt(n, 10)
}

// runContext is the context [[runs]] gives the bench-serve file at slash path p (below data/):
// every matching entry in order, a later one's keys over an earlier one's.
func (c *RawOptions) runContext(p string) (ctx Run, matched bool) {
	for _, r := range c.Runs {
		if ok, _ := path.Match(r.Path, p); !ok {
			continue
		}
		matched = true
		over := func(dst *string, v string) {
			if v != "" {
				*dst = v
			}
		}
		over(&ctx.GPU, r.GPU)
		over(&ctx.Framework, r.Framework)
		over(&ctx.Precision, r.Precision)
		over(&ctx.Spec, r.Spec)
		over(&ctx.Variant, r.Variant)
		over(&ctx.Model, r.Model)
		over(&ctx.Date, r.Date)
		over(&ctx.Image, r.Image)
		over(&ctx.RunURL, r.RunURL)
		over(&ctx.Scenario, r.Scenario)
		if r.GPUs > 0 {
			ctx.GPUs = r.GPUs
		}
		if r.ISL > 0 {
			ctx.ISL = r.ISL
		}
		if r.OSL > 0 {
			ctx.OSL = r.OSL
		}
		if r.TP > 0 {
			ctx.TP, ctx.EP, ctx.DPAttention = r.TP, r.EP, r.DPAttention
		}
	}
	return ctx, matched
}

// RawOptions is what the site's configuration (frontier.toml) tells the raw formats. The site
// fills it from its Config, so this package needs no knowledge of the config file.
type RawOptions struct {
	// Models renames model keys, Hugging Face ids or display names: key → display name
	// ([models.KEY] name); the built-in table of InferenceX's keys applies under it.
	Models map[string]string
	// GPUs overrides the built-in label and vendor of GPU keys ([gpus.KEY] label, vendor).
	GPUs map[string]GPUName
	// Runs gives bench-serve files the context they do not carry themselves ([[runs]]).
	Runs []Run
	// MinSuccess is the share of requests a run must complete (minSuccess): a run whose client
	// counted fewer is warned of, naming its file. 0 warns of none.
	MinSuccess float64
	// rec, on Describe's copy for one file, notes what the decoder made of it (report.go).
	rec *fileRecord
	// beside, on the build's copy for one file (DecodeFile), reads a file of the data folder
	// by its slash path, for the readers that take context from a file beside the one read
	// (inference-perf's config.yaml, genai-bench's experiment_metadata.json, an EvalScope
	// summary's benchmark_percentile.json); nil in "your
	// run", which reads one file alone.
	beside func(rel string) ([]byte, bool)
}

// GPUName is how a GPU key is shown; an empty field keeps the built-in one.
type GPUName struct{ Label, Vendor string }

// Run is the context of the bench-serve files whose path below data/ matches Path (path.Match
// syntax). A file's own keys win over it; several matching entries apply in order, a later one
// over an earlier one.
type Run struct {
	Path      string
	GPU       string
	GPUs      int64
	Framework string
	Precision string
	Spec      string
	// Variant sets a configuration apart from the others of its GPU, framework, speculative
	// decoding and precision ("batch_size", "v0 engine"): a series of its own, whose runs are
	// never repeated runs of another's (docs/frontier-toml.md).
	Variant string
	Model   string
	ISL     int64
	OSL     int64
	// Date is YYYY-MM-DD; without one the runs belong to every snapshot. It wins over the
	// file's own date (the one key that does), so that runs of several days count as one
	// snapshot, and their repeats as one point.
	Date   string
	Image  string
	RunURL string
	// Parallelism, for eval files (lm-evaluation-harness results) that do not carry it: an
	// eval joins the points that ran with the same; 0 leaves it unknown (every point matches).
	TP, EP      int64
	DPAttention bool
	// Scenario makes the AIPerf trace-replay folders it matches agentic results of that
	// scenario ("agentic-coding", agentictrace.go), when their folder's name does not say it.
	Scenario string
}
