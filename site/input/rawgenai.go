package input

// A genai-bench run file (sgl-project/genai-bench, D(in,out)_…_num_concurrency_N_time_Ts.json):
// one scenario at one load, so one point. aggregated_metrics gives the point, in the file's
// _time_unit (s or ms, genai-bench's --metrics-time-unit):
//   - the load: num_concurrency, or, for iteration_type request_rate, the request rate;
//   - mean_total_tokens_throughput_tokens_per_s and mean_output_throughput_tokens_per_s: the
//     deployment's throughput;
//   - stats.{ttft, tpot, e2e_latency}: statistics (mean, p50, p90, p99, stddev) of the requests;
//     the median TPOT gives interactivity. stats.output_inference_speed (a request's output
//     tokens over its time after the first token) is not read: interactivity is 1 / the
//     median TPOT everywhere;
//   - num_completed_requests of num_requests (num_error_requests failed): the requests;
//   - scenario, D(100,100) or N(480,240)/(300,150): the requested input and output lengths.
//
// individual_request_metrics, every request's ttft and tpot, gives the point's per-request
// histograms. genai-bench's experiment_metadata.json beside the file gives the model
// (api_model_name), the server's engine and version and its GPU type and count where not
// null; its cmd (the command line, with the API's URL) and folder paths are never read.

import (
	"strconv"
	"strings"
)

// formatGenAI is a genai-bench run file.
var formatGenAI = new(format)

func init() {
	registerFormat(formatGenAI, format{
		name: "genai-bench run", client: "genai-bench run", decode: (*rawDecoder).genai, tree: true,
		sigs: []signature{{1300, "a genai-bench run file", []string{"aggregated_metrics", "individual_request_metrics"}}},
		skips: []skip{{keys: []string{"benchmark_version", "api_backend", "traffic_scenario"},
			msg: "genai-bench's experiment_metadata.json: skipped, it holds no result; the run files beside it read their model, engine and GPU from it"}},
	})
}

// genaiLatencies are where a genai-bench run file keeps each latency (releases 0.0.1 on).
var genaiLatencies = []latencyKey{
	{"aggregated_metrics.stats.ttft", 0, "", "0.0.1+"},
	{"aggregated_metrics.stats.tpot", 1, "", "0.0.1+"},
	{"aggregated_metrics.stats.e2e_latency", 3, "", "0.0.1+"},
}

// genaiStats are genai-bench's statistic keys, by the catalog's statistic (statistics), ""
// for one it does not write.
var genaiStats = [6]string{"mean", "p50", "p90", "p99", "", "stddev"}

// genaiLengths are the requested input and output lengths of a traffic scenario: D(in,out),
// deterministic, or N(in_mean,in_std)/(out_mean,out_std), normal; 0 for another scenario. (A
// parser of its own, not a regular expression: "your run"'s decoder carries no regexp.)
func genaiLengths(s string) (in, out int64) {
	first := func(s string) int64 { // the first number of "(a,b)"
		s, ok := strings.CutPrefix(s, "(")
		a, _, ok2 := strings.Cut(s, ",")
		n, err := strconv.ParseInt(a, 10, 64)
		if !ok || !ok2 || err != nil || n <= 0 {
			return 0
		}
		return n
	}
	switch {
	case strings.HasPrefix(s, "D(") && strings.HasSuffix(s, ")"):
		a, b, ok := strings.Cut(strings.TrimSuffix(s[2:], ")"), ",")
		x, err1 := strconv.ParseInt(a, 10, 64)
		y, err2 := strconv.ParseInt(b, 10, 64)
		if ok && err1 == nil && err2 == nil && x > 0 && y > 0 {
			return x, y
		}
	case strings.HasPrefix(s, "N("):
		if a, b, ok := strings.Cut(s[1:], ")/"); ok {
			return first(a), first(b)
		}
	}
	return 0, 0
}

// genai decodes a genai-bench run file: one point.
func (d *rawDecoder) genai() {
	d.skip()
	t := d.tree()
	var p clientPoint
	d.run = &RunInfo{Path: d.rel, Client: d.format.client, Completed: -1}
	unit := cmp1(text(t, "_time_unit"), "s")
	am := node(t, "aggregated_metrics")
	d.genaiLoad(am, &p)
	if in, out := genaiLengths(text(am, "scenario")); in > 0 && out > 0 {
		p.own.ISL, p.own.OSL = in, out
	}
	var haveTotal, haveOut bool
	p.total, haveTotal = num(am, "mean_total_tokens_throughput_tokens_per_s")
	p.out, haveOut = num(am, "mean_output_throughput_tokens_per_s")
	if !haveOut {
		d.add(d.at(0, "aggregated_metrics.mean_output_throughput_tokens_per_s", false, "missing: want the output token throughput, in tokens/sec"))
	}
	if !haveTotal {
		d.add(d.at(0, "aggregated_metrics.mean_total_tokens_throughput_tokens_per_s", false, "missing: want the total token throughput, in tokens/sec"))
	}
	d.latencies(&p.m, t, genaiLatencies, genaiStats, unit)
	if v, ok := num(am, "stats.num_input_tokens.mean"); ok {
		p.measured[0] = roundLen(v)
	}
	if v, ok := num(am, "stats.num_output_tokens.mean"); ok {
		p.measured[1] = roundLen(v)
	}
	p.req = requestsOf(count(am, "num_completed_requests"), count(am, "num_requests"), count(am, "num_error_requests"))
	p.tpot = "aggregated_metrics.stats.tpot.p50"
	d.run.Requests = genaiRequests(node(t, "individual_request_metrics"), unit)
	d.genaiMetadata(&p)
	if d.nerr > 0 {
		d.run = nil
		return
	}
	d.settle(&p, 0, -1)
}

// genaiLoad reads the run's load (its concurrency, or its request rate for iteration_type
// request_rate) and keeps the run's iteration as settings.
func (d *rawDecoder) genaiLoad(am any, p *clientPoint) {
	it := text(am, "iteration_type")
	d.cfg.rec.setRelease("by " + cmp1(it, "num_concurrency"))
	switch it {
	case "request_rate":
		if r, ok := num(am, "request_rate"); ok && r > 0 {
			p.rate, p.byRate = r, true
		} else {
			d.add(d.at(0, "aggregated_metrics.request_rate", false, "missing: want the run's request rate, requests/s"))
		}
	default:
		if c, ok := num(am, "num_concurrency"); ok && c >= 1 && c < 1<<31 {
			p.conc = int64(c)
		} else {
			d.add(d.at(0, "aggregated_metrics.num_concurrency", false, "missing: want the run's concurrency"))
		}
	}
	for _, k := range []string{"iteration_type", "scenario", "num_concurrency", "batch_size"} {
		if v, ok := node(am, k).(string); ok && safeValue(v) {
			d.run.Settings = append(d.run.Settings, Setting{k, v})
		} else if f, ok := num(am, k); ok {
			d.run.Settings = append(d.run.Settings, Setting{k, fmtNum(f)})
		}
	}
}

// genaiRequests are the per-request TTFT and TPOT of individual_request_metrics, in seconds;
// nil where the file has none. A request that failed (an error_code) is left out.
func genaiRequests(v any, unit string) *Distribution {
	reqs, _ := v.([]any)
	scale, ok := unitScale(unit)
	if len(reqs) == 0 || !ok {
		return nil
	}
	var ttft, tpot []float64
	for _, r := range reqs {
		if c := node(r, "error_code"); c != nil {
			continue
		}
		if f, ok := num(r, "ttft"); ok && f > 0 {
			ttft = append(ttft, f*scale)
		}
		if f, ok := num(r, "tpot"); ok && f > 0 {
			tpot = append(tpot, f*scale)
		}
	}
	if len(ttft) == 0 && len(tpot) == 0 {
		return nil
	}
	dist := &Distribution{N: max(len(ttft), len(tpot)), TTFT: histogram(ttft), TPOT: histogram(tpot)}
	dist.Stats = statsOf(dist.Stats, 0, ttft)
	dist.Stats = statsOf(dist.Stats, 1, tpot)
	return dist
}

// genaiMetadata takes what genai-bench's experiment_metadata.json beside the file gives.
func (d *rawDecoder) genaiMetadata(p *clientPoint) {
	data, ok := d.cfg.besideData(d.rel, "experiment_metadata.json")
	if !ok {
		return
	}
	m := treeOf(data)
	if m == nil {
		return
	}
	p.own.Model = cmp1(text(m, "api_model_name"), text(m, "model"))
	p.own.Framework = text(m, "server_engine")
	if v := text(m, "server_version"); safeValue(v) {
		d.run.Version = v
	}
	if g := deviceName(text(m, "server_gpu_type")); g != "" {
		p.namedGPU(g)
	}
	if n, ok := num(m, "server_gpu_count"); ok && n >= 1 && n < 1<<20 {
		p.own.GPUs = int64(n)
	}
	if v := text(m, "benchmark_version"); safeValue(v) {
		d.cfg.rec.setRelease(v + ", by " + cmp1(text(m, "iteration_type"), "num_concurrency"))
	}
	for _, k := range []string{"benchmark_version", "api_backend", "task"} {
		if v := text(m, k); safeValue(v) {
			d.run.Settings = append(d.run.Settings, Setting{"experiment_metadata." + k, v})
		}
	}
}
