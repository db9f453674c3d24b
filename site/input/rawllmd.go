package input

// An llm-d benchmark report (llm-d/llm-d-benchmark's benchmark report, versions 0.1, 0.2 and
// 0.2.1, YAML or JSON): one run of one stack at one load, into which llm-d converts the results
// of inference-perf, GuideLLM, AIPerf, vllm bench and others; one point.
//
// Keys, by version (llmdLayouts, and the table in docs/input-formats.md):
//   - the point: 0.2 and later results.request_performance.aggregate, 0.1 metrics; requests
//     (total, failures, incomplete), latency (time_to_first_token, time_per_output_token,
//     inter_token_latency, request_latency: statistics in the object's units, s or ms, per
//     token for the last three) and throughput (tokens per second: 0.2's
//     {total,output}_token_rate.mean, 0.1's {total,output}_tokens_per_sec). The median TPOT
//     gives interactivity; a report that gives only its mean has none (never the mean for it).
//   - the stack: 0.2 scenario.stack[] (each inference_engine component's role, replicas,
//     model, accelerator model, count per replica and parallelism, tool and tool_version);
//     0.1 scenario.host (type[] the roles, accelerator[] the model, count and parallelism) and
//     scenario.platform.engine[] (name, version), scenario.model (name, quantization). The
//     GPU is the accelerator's model read as trtllm-bench's machine.name is ("NVIDIA-H100-
//     80GB-HBM3" is h100); the GPUs are every engine component's count × replicas. Roles and
//     parallelism are kept as settings.
//   - the load: 0.2 scenario.load.standardized (rate_qps, concurrency where finite,
//     input_seq_len.value and output_seq_len.value the requested lengths); 0.1
//     scenario.load.args.qps_values.
//
// A component's native args, envars and config (addresses, ports, keys, paths) and the
// load's native config (the server's URL, tokens, storage paths) are never read.

import (
	"strconv"
	"strings"
	"time"
)

// formatLLMD is an llm-d benchmark report, JSON or YAML.
var formatLLMD = new(format)

func init() {
	registerFormat(formatLLMD, format{
		name: "llm-d benchmark report", client: "llm-d benchmark report", decode: (*rawDecoder).llmd,
		yaml: true, tree: true,
		sigs: []signature{
			{1400, "an llm-d benchmark report", []string{"version", "scenario", "results"}},
			{1500, "an llm-d benchmark report", []string{"version", "scenario", "metrics"}},
		},
	})
}

// llmdLayout is where one version of the report keeps the point.
type llmdLayout struct {
	release   string
	latencies []latencyKey
	total     string // total token throughput, tokens/s
	output    string // output token throughput, tokens/s
	requests  string // the object of total, failures, incomplete, input_length, output_length
}

// llmdLayouts are the report's layouts: 0.2 and 0.2.1 alike, then 0.1.
var llmdLayouts = [...]llmdLayout{
	{"0.2", []latencyKey{
		{"results.request_performance.aggregate.latency.time_to_first_token", 0, "", "0.2, 0.2.1"},
		{"results.request_performance.aggregate.latency.time_per_output_token", 1, "", "0.2, 0.2.1"},
		{"results.request_performance.aggregate.latency.inter_token_latency", 2, "", "0.2, 0.2.1"},
		{"results.request_performance.aggregate.latency.request_latency", 3, "", "0.2, 0.2.1"},
	}, "results.request_performance.aggregate.throughput.total_token_rate.mean",
		"results.request_performance.aggregate.throughput.output_token_rate.mean",
		"results.request_performance.aggregate.requests"},
	{"0.1", []latencyKey{
		{"metrics.latency.time_to_first_token", 0, "", "0.1"},
		{"metrics.latency.time_per_output_token", 1, "", "0.1"},
		{"metrics.latency.inter_token_latency", 2, "", "0.1"},
		{"metrics.latency.request_latency", 3, "", "0.1"},
	}, "metrics.throughput.total_tokens_per_sec", "metrics.throughput.output_tokens_per_sec", "metrics.requests"},
}

// llmdStats are the report's statistic keys, by the catalog's statistic (statistics).
var llmdStats = [6]string{"mean", "p50", "p90", "p99", "p99p9", "stddev"}

// llmd decodes an llm-d benchmark report: one point.
func (d *rawDecoder) llmd() {
	d.skip()
	t := d.tree()
	var p clientPoint
	version := text(t, "version")
	if f, ok := node(t, "version").(float64); ok {
		version = fmtNum(f)
	}
	l := llmdLayouts[0]
	if node(t, "results.request_performance.aggregate") == nil {
		l = llmdLayouts[1]
	}
	d.cfg.rec.setRelease(cmp1(version, l.release))
	d.run = &RunInfo{Path: d.rel, Client: d.format.client, Completed: -1}
	if l.release == "0.1" {
		d.llmdStack01(t, &p)
	} else {
		d.llmdStack(t, &p)
	}
	d.llmdLoad(t, &p)
	var haveTotal, haveOut bool
	p.total, haveTotal = num(t, l.total)
	p.out, haveOut = num(t, l.output)
	if !haveOut {
		d.add(d.at(0, l.output, false, "missing: want the output token throughput, in tokens/sec"))
	}
	if !haveTotal {
		d.add(d.at(0, l.total, false, "missing: want the total token throughput, in tokens/sec"))
	}
	d.latencies(&p.m, t, l.latencies, llmdStats, "")
	if v, ok := num(t, l.requests+".input_length.mean"); ok {
		p.measured[0] = roundLen(v)
	}
	if v, ok := num(t, l.requests+".output_length.mean"); ok {
		p.measured[1] = roundLen(v)
	}
	total, failed := count(t, l.requests+".total"), count(t, l.requests+".failures")
	if inc := count(t, l.requests+".incomplete"); inc > 0 && failed >= 0 {
		failed += inc
	}
	if total > 0 && failed >= 0 && failed <= total {
		p.req = requestsOf(total-failed, total, -1)
	}
	p.tpot = l.latencies[1].path + ".p50"
	if d.nerr > 0 {
		d.run = nil
		return
	}
	d.settle(&p, 0, -1)
}

// llmdStack reads a 0.2 report's stack: every inference engine component's accelerator,
// role and parallelism, the model and the engine, and the run's date.
func (d *rawDecoder) llmdStack(t map[string]any, p *clientPoint) {
	stack, _ := node(t, "scenario.stack").([]any)
	for i, c := range stack {
		s := node(c, "standardized")
		if text(s, "kind") != "inference_engine" {
			continue
		}
		at := "scenario.stack[" + strconv.Itoa(i) + "]"
		p.own.Model = cmp1(p.own.Model, text(s, "model.name"))
		p.own.Precision = cmp1(p.own.Precision, text(s, "model.quantization"))
		p.own.Framework = cmp1(p.own.Framework, text(s, "tool"))
		if v := text(s, "tool_version"); d.run.Version == "" && safeValue(v) {
			d.run.Version = v
		}
		replicas, ok := num(s, "replicas")
		if !ok || replicas < 1 {
			replicas = 1
		}
		d.llmdAccelerator(node(s, "accelerator"), at, text(s, "role"), int64(replicas), p)
	}
	if s := text(t, "run.time.start"); len(s) >= 10 && isDate(s[:10]) {
		p.own.Date = s[:10]
	}
}

// llmdStack01 reads a 0.1 report's host, platform and model, and the run's date.
func (d *rawDecoder) llmdStack01(t map[string]any, p *clientPoint) {
	roles, _ := node(t, "scenario.host.type").([]any)
	accs, _ := node(t, "scenario.host.accelerator").([]any)
	for i, a := range accs {
		role := ""
		if i < len(roles) {
			role, _ = roles[i].(string)
		}
		d.llmdAccelerator(a, "scenario.host.accelerator["+strconv.Itoa(i)+"]", role, 1, p)
	}
	if engines, _ := node(t, "scenario.platform.engine").([]any); len(engines) > 0 {
		p.own.Framework = text(engines[0], "name")
		if v := text(engines[0], "version"); safeValue(v) {
			d.run.Version = v
		}
	}
	p.own.Model = text(t, "scenario.model.name")
	p.own.Precision = text(t, "scenario.model.quantization")
	if s, ok := num(t, "metrics.time.start"); ok && s < 1<<40 {
		p.own.Date = time.Unix(int64(s), 0).UTC().Format(time.DateOnly)
	}
}

// llmdAccelerator adds one component's accelerators (count per replica × replicas) to the
// point's GPUs, names its GPU, and keeps its role and parallelism as settings.
func (d *rawDecoder) llmdAccelerator(a any, at, role string, replicas int64, p *clientPoint) {
	if name := deviceName(text(a, "model")); name != "" && p.own.GPU == "" {
		p.namedGPU(name)
	}
	n, ok := num(a, "count")
	if !ok || n < 1 || n >= 1<<20 {
		n = 0
	}
	p.own.GPUs += int64(n) * replicas
	tp, _ := num(a, "parallelism.tp")
	s := &p.pool
	s.tp = int64(tp) // one pool's (a stack of one role); a split stack's are its pools'
	switch role {
	case "prefill":
		s.pWorkers, s.pTP, s.pGPUs = s.pWorkers+replicas, int64(tp), s.pGPUs+int64(n)*replicas
	case "decode":
		s.dWorkers, s.dTP, s.dGPUs = s.dWorkers+replicas, int64(tp), s.dGPUs+int64(n)*replicas
	}
	if role != "" && safeValue(role) {
		d.run.Settings = append(d.run.Settings, Setting{at + ".role", role})
	}
	if replicas > 1 {
		d.run.Settings = append(d.run.Settings, Setting{at + ".replicas", strconv.FormatInt(replicas, 10)})
	}
	for _, k := range []string{"tp", "pp", "dp", "ep"} {
		if v, ok := num(a, "parallelism."+k); ok {
			d.run.Settings = append(d.run.Settings, Setting{at + ".parallelism." + k, fmtNum(v)})
		}
	}
}

// llmdLoad reads the report's load: its request rate, its concurrency where finite, and the
// lengths it asked for.
func (d *rawDecoder) llmdLoad(t map[string]any, p *clientPoint) {
	s := node(t, "scenario.load.standardized")
	if s == nil { // 0.1
		if r, ok := num(t, "scenario.load.args.qps_values"); ok && r > 0 {
			p.rate, p.byRate = r, true
		}
		if v := text(t, "scenario.load.name"); safeValue(v) {
			d.run.Settings = append(d.run.Settings, Setting{"scenario.load.name", v})
		}
		return
	}
	if c, ok := num(s, "concurrency"); ok && c >= 1 && c < 1<<31 {
		p.conc = int64(c)
	} else if r, ok := num(s, "rate_qps"); ok && r > 0 {
		p.rate, p.byRate = r, true
	}
	if v, ok := num(s, "input_seq_len.value"); ok {
		p.own.ISL = roundLen(v)
	}
	if v, ok := num(s, "output_seq_len.value"); ok {
		p.own.OSL = roundLen(v)
	}
	for _, k := range []string{"tool", "tool_version", "stage", "rate_qps", "source"} {
		if v := text(s, k); v != "" && safeValue(v) {
			d.run.Settings = append(d.run.Settings, Setting{"scenario.load." + k, v})
		} else if f, ok := num(s, k); ok {
			d.run.Settings = append(d.run.Settings, Setting{"scenario.load." + k, fmtNum(f)})
		}
	}
}

// deviceName is an accelerator's name as a device name (genai-bench's server_gpu_type, an
// llm-d report's accelerator model: "H100", "NVIDIA-H100-80GB-HBM3"), with dashes and
// underscores read as spaces, for namedGPU: the lookup of trtllm-bench's machine.name, and a
// GPU of its own where the table does not know it (gpuname.go).
func deviceName(name string) string {
	return strings.Join(strings.Fields(strings.NewReplacer("-", " ", "_", " ").Replace(name)), " ")
}
