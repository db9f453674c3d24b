package input

// An inference-perf lifecycle report (kubernetes-sigs/inference-perf's request_lifecycle
// reports, JSON or YAML): stage_N_lifecycle_metrics.json is one stage of a sweep, one load,
// so one point; summary_lifecycle_metrics.json pools every stage of the sweep, which is no one
// load: it is skipped with a warning where a stage report lies beside it, and read as the
// run's point only when it is the run's one file (its load then the request rate achieved).
//
// Keys and units (infperfLatencies and the table in docs/input-formats.md):
//   - load_summary.requested_rate: the stage's load, requests per second, or its concurrency
//     where the stage was run at one (load_summary.concurrency, as a bench-serve run's
//     max_concurrency wins over its rate); the achieved rate is kept as a setting.
//   - successes.throughput.{total,output}_tokens_per_sec: the deployment's throughput.
//   - successes.latency.{time_to_first_token, time_per_output_token, inter_token_latency,
//     request_latency}: statistics (mean, median, p90, p99, p99.9) in seconds. The median
//     TPOT gives interactivity, never the ITL: with speculative decoding the ITL between the
//     tokens of one chunk is microseconds. A stage that did not stream has them null but the
//     request latency: its point is on the E2E axis.
//   - successes.count and failures.count: the requests.
//   - successes.prompt_len (prompt_tokens in later releases) and output_len means: the
//     lengths served, the last resort for isl and osl.
//
// The file names no model, GPU or framework: [[runs]] gives them, or, where inference-perf's
// config.yaml lies beside the report (or one folder up, above a sweep's folders), the model
// (server.model_name) and the requested lengths (infperfLengths) from it; its api.streaming
// and load.type are kept as settings. Its
// server URL, tokenizer token and storage are never read.

import (
	"path"
	"strconv"
	"strings"
)

// formatInfPerf is an inference-perf lifecycle report, JSON or YAML.
var formatInfPerf = new(format)

func init() {
	registerFormat(formatInfPerf, format{
		name: "inference-perf lifecycle report", client: "inference-perf lifecycle report", decode: (*rawDecoder).infperf,
		yaml: true, tree: true,
		sigs: []signature{{1200, "an inference-perf lifecycle report", []string{"load_summary", "successes"}}},
		skips: []skip{{keys: []string{"load", "server", "report"},
			msg: "inference-perf's config.yaml: skipped, it holds no result; the lifecycle reports beside it read their model from it"}},
	})
}

// infperfLatencies are where an inference-perf report keeps each latency (every release
// since the lifecycle reports, 0.1).
var infperfLatencies = []latencyKey{
	{"successes.latency.time_to_first_token", 0, "s", "0.1+"},
	{"successes.latency.time_per_output_token", 1, "s", "0.1+"},
	{"successes.latency.inter_token_latency", 2, "s", "0.1+"},
	{"successes.latency.request_latency", 3, "s", "0.1+"},
}

// infperfStats are inference-perf's statistic keys, by the catalog's statistic (statistics),
// "" for one it does not write.
var infperfStats = [6]string{"mean", "median", "p90", "p99", "p99.9", ""}

// infperfSummary is the warning of a sweep's summary beside its stage reports.
const infperfSummary = "an inference-perf summary_lifecycle_metrics.json pools every stage of its sweep, so it is no one load: skipped, each stage_N_lifecycle_metrics.json beside it is a point"

// infperf decodes an inference-perf lifecycle report: one point.
func (d *rawDecoder) infperf() {
	d.skip()
	t := d.tree()
	var p clientPoint
	if !d.infperfLoad(t, &p) {
		return
	}
	d.infperfConfig(&p)
	d.infperfFigures(t, &p)
	if d.nerr > 0 {
		d.run = nil
		return
	}
	d.settle(&p, 0, -1)
}

// infperfLoad reads the stage's load; false for a sweep's summary beside its stages, which
// is skipped with a warning.
func (d *rawDecoder) infperfLoad(t map[string]any, p *clientPoint) bool {
	rate, byStage := num(t, "load_summary.requested_rate")
	if !byStage && d.besideFile("stage_0_lifecycle_metrics.json") {
		d.cfg.rec.setRelease("sweep summary")
		d.add(d.at(0, "", true, infperfSummary))
		return false
	}
	d.run = &RunInfo{Path: d.rel, Client: d.format.client, Completed: -1}
	if byStage {
		d.cfg.rec.setRelease("stage report")
		p.rate, p.byRate = rate, true
		d.run.Settings = append(d.run.Settings, Setting{"load_summary.requested_rate", fmtNum(rate)})
	} else {
		// The run's one file, a summary of no stage: its load is the rate it achieved.
		d.cfg.rec.setRelease("summary")
		if r, ok := num(t, "successes.throughput.requests_per_sec"); ok && r > 0 {
			p.rate, p.byRate = r, true
			d.add(d.at(0, "successes.throughput.requests_per_sec", true,
				"an inference-perf summary with no stage report beside it: its load is the request rate it achieved, "+strconv.FormatFloat(r, 'g', 4, 64)+" requests/s"))
		} else {
			d.add(d.at(0, "load_summary.requested_rate", false, "missing: want the stage's requested rate, requests/s"))
		}
	}
	for _, k := range []string{"load_summary.achieved_rate", "load_summary.concurrency"} {
		if v, ok := num(t, k); ok {
			d.run.Settings = append(d.run.Settings, Setting{k, fmtNum(v)})
		}
	}
	if c, ok := num(t, "load_summary.concurrency"); ok && c >= 1 && c < 1<<31 {
		// A stage run at a fixed concurrency: that is its load, as a bench-serve run's
		// max_concurrency is beside its request rate.
		p.conc = int64(c)
	}
	return true
}

// infperfFigures reads the stage's throughput, latencies, lengths served and requests.
func (d *rawDecoder) infperfFigures(t map[string]any, p *clientPoint) {
	var haveTotal, haveOut bool
	p.total, haveTotal = num(t, "successes.throughput.total_tokens_per_sec")
	p.out, haveOut = num(t, "successes.throughput.output_tokens_per_sec")
	if !haveOut {
		d.add(d.at(0, "successes.throughput.output_tokens_per_sec", false, "missing: want the output token throughput, in tokens/sec"))
	}
	if !haveTotal {
		in, ok := num(t, "successes.throughput.input_tokens_per_sec")
		if !ok {
			d.add(d.at(0, "successes.throughput.total_tokens_per_sec", false, "missing: want the total token throughput, in tokens/sec"))
		}
		p.total = p.out + in
	}
	d.latencies(&p.m, t, infperfLatencies, infperfStats, "")
	if v, ok := num(t, "successes.prompt_len.mean"); ok {
		p.measured[0] = roundLen(v)
	} else if v, ok := num(t, "successes.prompt_tokens.mean"); ok { // later releases
		p.measured[0] = roundLen(v)
	}
	if v, ok := num(t, "successes.output_len.mean"); ok {
		p.measured[1] = roundLen(v)
	}
	p.req = requestsOf(count(t, "successes.count"), -1, count(t, "failures.count"))
	p.tpot = "successes.latency.time_per_output_token.median"
	if !p.m.has1(latencyMetric(0, 1)) && p.m.has1(latencyMetric(3, 1)) {
		p.noTPOT = infperfNoStream
	}
}

// infperfNoStream is the warning of a stage that did not stream.
const infperfNoStream = "the stage did not stream (its time to first token, time per output token and inter-token latency are null), " +
	"so no interactivity: the point is kept on the E2E latency axis and has no place on the chart's default one"

// infperfConfig takes what inference-perf's config.yaml beside the report (or one folder up)
// gives: the model, and the streaming and load type as settings.
func (d *rawDecoder) infperfConfig(p *clientPoint) {
	for _, name := range []string{"config.yaml", "../config.yaml"} {
		data, ok := d.cfg.besideData(d.rel, name)
		if !ok {
			continue
		}
		js, msg := yamlJSON(data)
		if msg != "" {
			return
		}
		c := treeOf(js)
		if node(c, "server") == nil || node(c, "load") == nil {
			continue // not inference-perf's
		}
		if m := text(c, "server.model_name"); m != "" {
			p.own.Model = m
		}
		if s, ok := node(c, "api.streaming").(bool); ok {
			d.run.Settings = append(d.run.Settings, Setting{"config.api.streaming", strconv.FormatBool(s)})
		}
		if lt := text(c, "load.type"); lt != "" && safeValue(lt) {
			d.run.Settings = append(d.run.Settings, Setting{"config.load.type", lt})
		}
		p.own.ISL, p.own.OSL = infperfLengths(c)
		return
	}
}

// infperfLengths are the input and output lengths a config.yaml asks for, 0 where it asks for
// none: a shared-prefix dataset's system prompt + question and its output_len, else the means
// of the input and output distributions (random and synthetic data). Every stage of a sweep
// then feeds one page, where the lengths each stage measured differ by a token or two.
func infperfLengths(c map[string]any) (isl, osl int64) {
	if sys, ok := num(c, "data.shared_prefix.system_prompt_len"); ok {
		if q, ok := num(c, "data.shared_prefix.question_len"); ok {
			isl = roundLen(sys + q)
		}
		if o, ok := num(c, "data.shared_prefix.output_len"); ok {
			osl = roundLen(o)
		}
		return isl, osl
	}
	if v, ok := num(c, "data.input_distribution.mean"); ok {
		isl = roundLen(v)
	}
	if v, ok := num(c, "data.output_distribution.mean"); ok {
		osl = roundLen(v)
	}
	return isl, osl
}

// besideFile reports whether a file of this name lies beside the one being read.
func (d *rawDecoder) besideFile(name string) bool {
	_, ok := d.cfg.besideData(d.rel, name)
	return ok
}

// besideData reads the file name (a slash path relative to rel's folder) when the files
// beside rel can be read (a build; "your run" reads one file alone).
func (o *RawOptions) besideData(rel, name string) ([]byte, bool) {
	if o == nil || o.beside == nil {
		return nil, false
	}
	p := path.Join(path.Dir(rel), name)
	if strings.HasPrefix(p, "../") || p == ".." {
		return nil, false
	}
	return o.beside(p)
}

// fmtNum is a figure as a setting shows it.
func fmtNum(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
