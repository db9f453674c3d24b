package input

// A GuideLLM benchmark report (`guidellm benchmark ... --output-path benchmarks.json`, or
// `--output kind=json` in later releases): a sweep, every benchmark of "benchmarks" one load and
// so one point of one configuration. Each metric is a summary per request status
// ({"successful": {"mean", "median", "std_dev", "percentiles": {"p90", "p99", "p999", …}}, …});
// only the successful requests' are read, as GuideLLM's own console table does.
//
// What each figure means, from GuideLLM's source (benchmark.py; schemas/request_stats.py later):
//   - time_to_first_token_ms: TTFT, ms; request_latency: E2E latency, seconds.
//   - inter_token_latency_ms: (last token − first token) / (output tokens − 1) per request,
//     which is what bench-serve calls TPOT, so it is TPOT here and gives interactivity.
//     time_per_output_token_ms counts the wait for the first token (it divides from the
//     request's start): not TPOT, and not read.
//   - output_tokens_per_second, tokens_per_second: rates over the benchmark's time, whose mean
//     is the deployment's output and total token throughput (tokens per second).
//   - prompt_token_count, output_token_count: the lengths served, whose means are the last
//     resort for isl and osl after the requested ones (request_loader.data's prompt_tokens and
//     output_tokens) and [[runs]].
//
// The load of a point is its strategy's: concurrency 1 for synchronous, streams for concurrent;
// for a rate strategy (constant, poisson) its request rate (strategy.rate, requests per
// second), as a `vllm bench serve --request-rate` run's; for a throughput strategy, which fixes
// neither, the concurrency GuideLLM measured (request_concurrency's mean, rounded), as its
// console shows it. (Before issue 44 a rate sweep's benchmarks all measured a concurrency of
// about 1, and all but the first were left out.)
// Two benchmarks of one file at one concurrency would be one point twice: the later is left
// out with a warning. Of the embedded configuration only the model, the strategy, the
// requested lengths and the start time are read; the backend's target URL and the rest are
// never kept.

import (
	"math"
	"strconv"
	"strings"
	"time"

	"encoding/json/jsontext"

	"github.com/frontier-bench/frontier/site/problem"
)

// formatGuide is a GuideLLM benchmark report, a point per benchmark.
var formatGuide = new(format)

func init() {
	registerFormat(formatGuide, format{
		name: "GuideLLM report", client: "GuideLLM report", decode: (*rawDecoder).guidellm,
		sigs: []signature{{1000, "a GuideLLM report", []string{"benchmarks"}}},
	})
}

// guideStats is one GuideLLM summary's successful requests, in the catalog's statistics.
type guideStats struct {
	v   [6]float64
	has uint8
	bad bool // a statistic was reported as wrong (so not also as missing)
}

// guidellmStat is the catalog statistic of a key of a GuideLLM summary (or of its
// percentiles, when pct), -1 for one the catalog has not.
func guidellmStat(k string, pct bool) int {
	if pct {
		switch k {
		case "p90":
			return 2
		case "p99":
			return 3
		case "p999":
			return 4
		}
		return -1
	}
	switch k {
	case "mean":
		return 0
	case "median":
		return 1
	case "std_dev":
		return 5
	}
	return -1
}

// guidellm decodes a GuideLLM report: a point per benchmark.
func (d *rawDecoder) guidellm() {
	start := d.off
	n := 0
	seen := map[int64]int{} // concurrency → the benchmark that had it
	d.fields(func(k []byte) {
		switch string(k) {
		case "benchmarks":
			d.elements(func(i int) {
				n++
				d.guidellmBenchmark(i, seen)
			})
		case "metadata": // from 0.8 (report layout v2): the release, for `frontier check -v`
			d.guidellmMetadata()
		default:
			d.skip() // the run's arguments: nothing a point needs
		}
	})
	if n == 0 {
		d.add(d.at(start, "benchmarks", true, "no benchmarks: this file adds nothing to the site"))
	}
}

// guidellmMetadata notes the release and report layout a v2 report (GuideLLM 0.8 on) states in
// its metadata ("GuideLLM 0.8.0.dev18, report v2"); the benchmarks read alike in every layout.
func (d *rawDecoder) guidellmMetadata() {
	var version, layout string
	d.fields(func(k []byte) {
		switch {
		case string(k) == "guidellm_version" && d.peek() == jsontext.KindString:
			version, _ = d.str(false)
		case string(k) == "version" && d.peek() == jsontext.KindNumber:
			if v, ok := d.integer(false, false); ok {
				layout = strconv.FormatInt(v, 10)
			}
		default:
			d.skip() // python_version, platform: the client's machine
		}
	})
	rel := strings.TrimSpace("GuideLLM " + version)
	if layout != "" {
		rel += ", report v" + layout
	}
	d.cfg.rec.setRelease(rel)
}

// guidellmBenchmark decodes benchmark i of a report into a point.
func (d *rawDecoder) guidellmBenchmark(i int, seen map[int64]int) {
	var p clientPoint
	var lat [4]guideStats
	var strategy string
	var streams int64
	var measuredConc, rate float64
	var haveOut, haveTotal bool // or reported as wrong
	var date float64
	// The requests: request_totals' successful of total (errored and incomplete too), under
	// metrics from GuideLLM 0.4, beside it before.
	completed, total := -1.0, -1.0
	totals := func() {
		if d.peek() != jsontext.KindBeginObject {
			d.skip()
			return
		}
		d.fields(func(k []byte) {
			switch string(k) {
			case "successful":
				completed = d.count()
			case "total":
				total = d.count()
			default:
				d.skip()
			}
		})
	}
	start, nerr := d.off, d.nerr
	if !d.fields(func(k []byte) {
		switch string(k) {
		case "args", "config": // the benchmark's own settings (args before GuideLLM 0.4, config after)
			d.guidellmSettings(&p, &strategy, &streams, &rate)
		case "worker": // up to 0.3: the backend
			d.fields(func(k []byte) {
				if string(k) == "backend_model" {
					p.own.Model, _ = d.str(false)
				} else {
					d.skip() // backend_target is a URL: never kept
				}
			})
		case "request_loader":
			d.fields(func(k []byte) {
				if string(k) == "data" && d.peek() == jsontext.KindString {
					s, _ := d.str(false)
					p.own.ISL, p.own.OSL = requestedLen(s, "prompt_tokens"), requestedLen(s, "output_tokens")
				} else {
					d.skip()
				}
			})
		case "start_time":
			date, _ = d.number(false)
		case "request_totals":
			totals()
		case "metrics":
			d.fields(func(k []byte) {
				switch string(k) {
				case "time_to_first_token_ms":
					lat[0] = d.guideSummary(1e-3)
				case "inter_token_latency_ms":
					lat[1] = d.guideSummary(1e-3)
				case "request_latency":
					lat[3] = d.guideSummary(1)
				case "output_tokens_per_second":
					s := d.guideSummary(1)
					p.out, haveOut = s.v[0], s.has&1 != 0 || s.bad
				case "tokens_per_second":
					s := d.guideSummary(1)
					p.total, haveTotal = s.v[0], s.has&1 != 0 || s.bad
				case "request_totals":
					totals()
				case "request_concurrency":
					measuredConc = d.guideSummary(1).v[0]
				case "prompt_token_count":
					p.measured[0] = roundLen(d.guideSummary(1).v[0])
				case "output_token_count":
					p.measured[1] = roundLen(d.guideSummary(1).v[0])
				default:
					d.skip() // time_per_output_token_ms among them: it counts the first token's wait
				}
			})
		default:
			d.skip()
		}
	}) {
		return
	}
	if !haveOut {
		d.add(d.at(start, d.pathString("metrics.output_tokens_per_second.successful.mean"), false, "missing: want the output token throughput, in tokens/sec"))
	}
	if !haveTotal {
		d.add(d.at(start, d.pathString("metrics.tokens_per_second.successful.mean"), false, "missing: want the total token throughput, in tokens/sec"))
	}
	if d.nerr > nerr {
		return // a point is whole or not at all; the sweep's other benchmarks are still read
	}
	switch strategy {
	case "synchronous":
		p.conc = 1
	case "concurrent":
		p.conc = streams
	case "constant", "poisson":
		if rate > 0 {
			p.rate, p.byRate = rate, true
			break
		}
		fallthrough
	default:
		if measuredConc > 0 && measuredConc < 1<<31 {
			p.conc = max(int64(math.Round(measuredConc)), 1)
		}
	}
	if j, dup := seen[p.conc]; dup && p.conc > 0 {
		d.add(d.at(start, d.pathString(""), true, "its concurrency ("+strconv.FormatInt(p.conc, 10)+") is that of benchmarks["+strconv.Itoa(j)+"]: one point per concurrency, the first kept"))
		return
	}
	seen[p.conc] = i
	if date >= 1 && date < 1<<40 {
		p.own.Date = time.Unix(int64(date), 0).UTC().Format(time.DateOnly)
	}
	for l := range lat {
		for s := range 6 {
			if lat[l].has&(1<<s) != 0 {
				p.m.set(latencyMetric(l, s), lat[l].v[s])
			}
		}
	}
	if v, ok := p.m.get(latencyMetric(1, 1)); ok && v == 0 {
		d.add(d.at(start, d.pathString("metrics.inter_token_latency_ms.successful.median"), false, "must be greater than 0"))
		return
	}
	p.tpot = "metrics.inter_token_latency_ms.successful.median"
	p.req = requestsOf(completed, total, -1)
	d.settle(&p, start, i)
}

// guidellmSettings reads a benchmark's settings: its strategy (type, streams, rate), and the backend's model in
// GuideLLM 0.4's layout; nothing else.
func (d *rawDecoder) guidellmSettings(p *clientPoint, strategy *string, streams *int64, rate *float64) {
	d.fields(func(k []byte) {
		switch string(k) {
		case "strategy":
			d.fields(func(k []byte) {
				switch string(k) {
				case "type_":
					*strategy, _ = d.str(false)
				case "streams":
					*streams, _ = d.integer(false, true)
				case "rate":
					*rate, _ = d.number(false)
				default:
					d.skip()
				}
			})
		case "backend":
			d.fields(func(k []byte) {
				if string(k) == "model" && d.peek() == jsontext.KindString {
					m, _ := d.str(false)
					p.own.Model = cmp1(p.own.Model, strings.TrimSpace(m))
				} else {
					d.skip() // the target URL, headers: never kept
				}
			})
		default:
			d.skip()
		}
	})
}

// guideSummary reads a GuideLLM summary's successful requests' statistics, each times scale.
func (d *rawDecoder) guideSummary(scale float64) (s guideStats) {
	stat := func(k string, pct bool) {
		i := guidellmStat(k, pct)
		if i < 0 {
			d.skip()
			return
		}
		n := d.nerr
		if v, ok := d.number(false); ok {
			s.v[i], s.has = v*scale, s.has|1<<i
		}
		s.bad = s.bad || d.nerr > n
	}
	d.fields(func(k []byte) {
		if string(k) != "successful" {
			d.skip() // errored, incomplete, total
			return
		}
		d.fields(func(k []byte) {
			if string(k) == "percentiles" {
				d.fields(func(k []byte) { stat(string(k), true) })
				return
			}
			stat(string(k), false)
		})
	})
	return s
}

// requestedLen is a length a GuideLLM data argument asks for: "prompt_tokens=256,
// output_tokens=128", or the same as JSON; 0 when it does not say.
func requestedLen(s, key string) int64 {
	i := strings.Index(s, key)
	if i < 0 {
		return 0
	}
	rest := strings.TrimLeft(s[i+len(key):], `"' =:`)
	j := 0
	for j < len(rest) && j < 9 && rest[j] >= '0' && rest[j] <= '9' {
		j++
	}
	n, _ := strconv.ParseInt(rest[:j], 10, 64)
	return n
}

// sweepRows decodes a file that holds a sweep (a JSON lines file, a GuideLLM report) keeping
// the points of its good lines or benchmarks beside the problems of its broken ones, for the
// reader's browser; ok is false for any other file. The build, which stops on any problem,
// refuses such a file whole.
func sweepRows(name, rel string, data []byte, opt *RawOptions) (rows []rawRow, ps problem.Problems, ok bool) {
	if strings.HasSuffix(rel, ".jsonl") {
		rows, ps = decodeLines(name, rel, data, opt)
		return rows, ps, true
	}
	if f, _ := sniffFormat(data); f == formatGuide {
		rows, ps = decodeRaw(f, name, rel, data, opt)
		return rows, ps, true
	}
	return nil, nil, false
}
