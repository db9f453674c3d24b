package input

// An AIPerf profile export (profile_export_aiperf.json) or its predecessor GenAI-Perf's
// (profile_export_genai_perf.json): one run at one concurrency, each metric an object of
// statistics with its unit ({"unit": "ms", "avg": …, "p50": …, "p90": …, "p99": …, "std": …}),
// at the top level or, in AIPerf's first releases, under "records"; beside them the run's
// input_config.
//
// What each figure means, from the clients' own definitions:
//   - time_to_first_token (ttft): TTFT; request_latency: E2E latency.
//   - inter_token_latency: (request latency − TTFT) / (output tokens − 1) per request, which is
//     what bench-serve calls TPOT, so it is TPOT here and gives interactivity (1 / TPOT).
//   - inter_chunk_latency: the time between streamed chunks, bench-serve's ITL.
//   - output_token_throughput, total_token_throughput: tokens per second of the deployment. A
//     file without the total (AIPerf's first releases, GenAI-Perf) gives it as output + input,
//     the input from total_isl / benchmark_duration or request_throughput × mean input length:
//     the same quantity, not another statistic.
//   - avg, p50, p90, p99, std are the mean, median, p90, p99 and std; other percentiles are not
//     in the catalog.
//
// From input_config only the model, the load, whether the run streamed and the requested
// input and output lengths are read, in each release's layout: GenAI-Perf's first flat one
// (concurrency, request_rate, synthetic_input_tokens_mean, output_tokens_mean), its later
// nested one (perf_analyzer.stimulus.concurrency or .request_rate, input.synthetic_tokens.mean,
// input.output_tokens.mean), AIPerf's (loadgen.concurrency or .request_rate,
// input.prompt.input_tokens.mean, input.prompt.output_tokens.mean). A run by request rate with
// no concurrency has the rate as its load. The rest (the command line, URLs, request headers with
// their API keys) is skipped and never kept. A run that did not stream has a TTFT equal to its
// request latency and no inter-token latency of meaning, so they are not taken.

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"encoding/json/jsontext"
)

// formatAIPerf is an AIPerf or GenAI-Perf profile export.
var formatAIPerf = new(format)

func init() {
	registerFormat(formatAIPerf, format{
		name: "AIPerf or GenAI-Perf profile export", client: "AIPerf or GenAI-Perf profile export", decode: (*rawDecoder).aiperf,
		sigs: []signature{
			{400, "an AIPerf profile export", []string{"records", "input_config"}},
			{500, "an AIPerf or GenAI-Perf profile export", []string{"request_throughput", "output_token_throughput", "request_latency"}},
		},
		skips: []skip{
			{keys: []string{"metadata", "metrics", "error"},
				msg: "an AIPerf per-request file (profile_export.jsonl): skipped, its profile_export_aiperf.json gives the run's point"},
			{keys: []string{"experiments", "version"},
				msg: "a perf_analyzer per-request export (GenAI-Perf's profile_export.json): skipped, its profile_export_genai_perf.json gives the run's point"},
			// inputs.json ({"data": [{"payload": …}]}): the prompts sent.
			{keys: []string{"data"}, shape: objectShape, exact: true,
				msg: "the prompts a GenAI-Perf or AIPerf run sent (inputs.json): skipped, it holds no result"},
		},
	})
}

// aiperfStat is the index of an AIPerf statistic in the catalog's statistics, -1 for one it
// does not have.
func aiperfStat(k string) int {
	switch k {
	case "avg":
		return 0
	case "std":
		return 5
	}
	return percentileStat(k)
}

// aiperfLatency is the catalog latency an AIPerf or GenAI-Perf metric is, -1 for none.
func aiperfLatency(k string) int {
	switch k {
	case "time_to_first_token", "ttft":
		return 0
	case "inter_token_latency":
		return 1
	case "inter_chunk_latency":
		return 2
	case "request_latency":
		return 3
	}
	return -1
}

// aiperfStats is one metric object as written.
type aiperfStats struct {
	unit    string
	unitOff int
	v       [6]float64
	has     uint8
}

// statObject reads one metric object.
func (d *rawDecoder) statObject() (s aiperfStats) {
	d.fields(func(k []byte) {
		if string(k) == "unit" {
			s.unit, _ = d.str(false)
			s.unitOff = d.off
			return
		}
		i := aiperfStat(string(k))
		if i < 0 {
			d.skip()
			return
		}
		if v, ok := d.number(false); ok {
			s.v[i], s.has = v, s.has|1<<i
		}
	})
	return s
}

// aiperf decodes an AIPerf or GenAI-Perf profile export: one point.
func (d *rawDecoder) aiperf() {
	var p clientPoint
	var lat [4]aiperfStats
	var latSeen uint8
	var totalISL, duration, reqRate, meanISL float64
	var haveTotal bool
	// The requests: request_count counts the ones that succeeded, error_request_count the
	// others, written only when there were any; error_summary, written by every release that
	// counts errors, says that none is none.
	completed, errored := -1.0, -1.0
	streaming := true
	start, nerr := d.off, d.nerr
	metric := func(k string) bool {
		if l := aiperfLatency(k); l >= 0 {
			s := d.statObject()
			if s.has != 0 {
				scale, ok := unitScale(s.unit)
				if !ok {
					d.add(d.at(s.unitOff, d.pathString("unit"), false, "want a time unit (ms, s, us or ns), got "+describe(jsontext.KindString, []byte(`"`+s.unit+`"`))))
					return true
				}
				for i := range s.v {
					s.v[i] *= scale
				}
				lat[l], latSeen = s, latSeen|1<<l
			}
			return true
		}
		avg := func() (float64, bool) {
			s := d.statObject()
			return s.v[0], s.has&1 != 0
		}
		switch k {
		case "output_token_throughput":
			p.out, _ = avg()
		case "total_token_throughput":
			p.total, haveTotal = avg()
		case "total_isl":
			totalISL, _ = avg()
		case "benchmark_duration":
			duration, _ = avg()
		case "request_throughput":
			reqRate, _ = avg()
		case "input_sequence_length":
			meanISL, _ = avg()
			p.measured[0] = roundLen(meanISL)
		case "output_sequence_length":
			v, _ := avg()
			p.measured[1] = roundLen(v)
		case "request_count":
			if v, ok := avg(); ok {
				completed = v
			}
		case "error_request_count":
			if v, ok := avg(); ok {
				errored = v
			}
		default:
			return false
		}
		return true
	}
	if !d.fields(func(k []byte) {
		switch key := string(k); key {
		case "records":
			d.fields(func(k []byte) {
				if !metric(string(k)) {
					d.skip()
				}
			})
		case "input_config":
			d.run = &RunInfo{Path: d.rel, Client: d.format.client, Completed: -1}
			d.aiperfConfig(&p, &streaming, d.run)
		case "start_time":
			p.own.Date = d.rowDate()
		case "error_summary":
			errored = max(errored, 0)
			d.skip()
		default:
			if !metric(key) {
				d.skip()
			}
		}
	}) {
		return
	}
	if !haveTotal {
		switch {
		case totalISL > 0 && duration > 0:
			p.total = p.out + totalISL/duration
		case reqRate > 0 && meanISL > 0:
			p.total = p.out + reqRate*meanISL
		default:
			p.total = p.out
		}
	}
	if p.out <= 0 {
		d.add(d.at(start, "output_token_throughput", false, "missing: want the output token throughput's avg, in tokens/sec"))
		return
	}
	if !streaming {
		d.add(d.at(start, "input_config.endpoint.streaming", true,
			"the run did not stream: its TTFT is its request latency and it has no inter-token latency, so no interactivity; only the request latency is taken"))
		latSeen &^= 1<<0 | 1<<1 | 1<<2
	}
	for l := range lat {
		if latSeen&(1<<l) == 0 {
			continue
		}
		for s := range 6 {
			if lat[l].has&(1<<s) != 0 {
				p.m.set(latencyMetric(l, s), lat[l].v[s])
			}
		}
	}
	if v, ok := p.m.get(latencyMetric(1, 1)); ok && v == 0 {
		d.add(d.at(start, "inter_token_latency.p50", false, "must be greater than 0"))
	}
	if d.nerr > nerr {
		return // a point is whole or not at all
	}
	p.tpot = "inter_token_latency.p50"
	p.req = requestsOf(completed, -1, errored)
	d.settle(&p, start, -1)
}

// aiperfConfig reads what a point needs from input_config, and the settings of it a point's
// detail shows (aiperfSettings, and the command line as aiperfCommand keeps it) into run;
// nothing else of it.
func (d *rawDecoder) aiperfConfig(p *clientPoint, streaming *bool, run *RunInfo) {
	setting := func(path, v string) {
		if slices.Contains(aiperfSettings, path) && safeValue(v) {
			run.Settings = append(run.Settings, Setting{path, v})
		}
	}
	var walk func(prefix string)
	walk = func(prefix string) {
		d.fields(func(k []byte) {
			path := prefix + string(k)
			switch path {
			case "phases": // AIPerf 0.10 on (rawaiperfphases.go)
				d.aiperfPhases(p, run)
			case "datasets":
				d.aiperfDatasets(p, run)
			case "models": // AIPerf 0.10 on: a list; before, an object with its items
				if d.peek() != jsontext.KindBeginArray {
					walk(path + ".")
				} else if m := d.firstModel(); m != "" && p.own.Model == "" {
					p.own.Model = m
				}
			case "endpoint.model_names", "model_names", "model", "models.items":
				if m := d.firstModel(); m != "" && p.own.Model == "" {
					p.own.Model = m
				}
			case "loadgen.concurrency", "concurrency", "perf_analyzer.stimulus.concurrency":
				var ok bool
				if p.conc, ok = d.integer(false, true); ok {
					setting(path, strconv.FormatInt(p.conc, 10))
				}
			case "loadgen.request_rate", "request_rate", "perf_analyzer.stimulus.request_rate":
				// A run by request rate: its load when it states no concurrency (settle).
				if v, ok := d.number(false); ok && v > 0 {
					p.rate, p.byRate = v, true
					setting(path, strconv.FormatFloat(v, 'g', -1, 64))
				}
			case "endpoint.streaming", "streaming":
				if v, ok := d.boolean(false); ok {
					*streaming = v
					setting(path, strconv.FormatBool(v))
				}
			case "input.prompt.input_tokens.mean", "synthetic_input_tokens_mean", "input.synthetic_tokens.mean":
				if v, ok := d.lengthMean(); ok {
					p.own.ISL = roundLen(v)
					setting(path, strconv.FormatFloat(v, 'g', -1, 64))
				}
			case "input.prompt.output_tokens.mean", "output_tokens_mean", "input.output_tokens.mean":
				if v, ok := d.lengthMean(); ok {
					p.own.OSL = roundLen(v)
					setting(path, strconv.FormatFloat(v, 'g', -1, 64))
				}
			case "cli_command":
				if v, ok := scalarText(d.decoder); ok {
					if cmd := aiperfCommand(v); cmd != "" {
						run.Settings = append(run.Settings, Setting{path, cmd})
					}
				}
			default:
				if slices.Contains(aiperfSettings, path) {
					if v, ok := scalarText(d.decoder); ok {
						setting(path, v)
					}
					return
				}
				if d.peek() == jsontext.KindBeginObject && strings.Count(path, ".") < 4 {
					walk(path + ".")
					return
				}
				d.skip() // never kept: URLs, headers, paths, keys
			}
		})
	}
	walk("")
}

// aiperfSettings are the keys of input_config (AIPerf's nested, GenAI-Perf's flat) a point's
// detail shows: the load, the requests, the endpoint's kind, the lengths asked for. Nothing
// else is kept (see runSettings).
var aiperfSettings = []string{
	"endpoint.type", "endpoint.streaming", "loadgen.concurrency", "loadgen.request_rate", "loadgen.request_rate_mode",
	"loadgen.request_count", "loadgen.warmup_request_count", "loadgen.benchmark_duration", "loadgen.request_cancellation_rate",
	"input.prompt.input_tokens.mean", "input.prompt.output_tokens.mean",
	"endpoint_type", "backend", "service_kind", "streaming", "num_prompts", "concurrency", "request_rate",
	"synthetic_input_tokens_mean", "synthetic_input_tokens_stddev", "output_tokens_mean", "output_tokens_stddev",
	"measurement_interval", "random_seed", "prompt_source",
	"perf_analyzer.stimulus.concurrency", "perf_analyzer.stimulus.request_rate",
}

// aiperfOptions are the command-line options aiperfCommand keeps, with whether each takes a
// value: the model, the load, the requests, the lengths and the endpoint's kind. Any other
// (the server's URL, headers, an API key, a tokenizer's path, an output folder) is left out
// with its value, and the command says how many were.
var aiperfOptions = map[string]bool{
	"-m": true, "--model": true, "--model-names": true, "--streaming": false, "--endpoint-type": true,
	"--num-requests": true, "--request-count": true, "--warmup-request-count": true, "--concurrency": true,
	"--request-rate": true, "--request-rate-mode": true, "--benchmark-duration": true, "--request-cancellation-rate": true,
	"--isl": true, "--isl-stddev": true, "--osl": true, "--osl-stddev": true,
	"--synthetic-input-tokens-mean": true, "--synthetic-input-tokens-stddev": true,
	"--output-tokens-mean": true, "--output-tokens-stddev": true, "--num-prompts": true,
	"--random-seed": true, "--conversation-num": true, "--conversation-turn-mean": true,
}

// aiperfCommand is the command line an AIPerf file records (input_config.cli_command), with
// only the options aiperfOptions names: the program and its subcommand, then each kept option
// and its value as the command gave them, then "(N options left out)" when some were: every
// other option, and a listed one whose value is not safe to show (safeValue: a path, an
// address, a secret). "" when the line is no command: an unclosed quote, a program named by its
// path, a listed option missing its value.
func aiperfCommand(line string) string {
	words, ok := shellWords(line)
	if !ok || len(words) == 0 {
		return ""
	}
	var kept []string
	i := 0
	for ; i < len(words) && !strings.HasPrefix(words[i], "-"); i++ {
		if i == 2 || !safeValue(words[i]) || strings.ContainsAny(words[i], "/\\") || quoteWord(words[i]) != words[i] {
			return "" // a program named by its path or in quotes, or an argument that is no subcommand
		}
		kept = append(kept, words[i])
	}
	if len(kept) == 0 {
		return "" // options without the program they are for
	}
	left := 0
	for ; i < len(words); i++ {
		w := words[i]
		name, value, inline := strings.Cut(w, "=")
		takes, known := aiperfOptions[name]
		if !strings.HasPrefix(w, "-") {
			left++ // a stray argument
			continue
		}
		if !known {
			left++
			if !inline && i+1 < len(words) && !strings.HasPrefix(words[i+1], "-") {
				i++ // its value goes with it
			}
			continue
		}
		switch {
		case inline:
			if !safeValue(value) {
				left++
				continue
			}
			kept = append(kept, name+"="+quoteWord(value))
		case takes:
			if i+1 >= len(words) {
				return "" // a listed option missing its value: not a command the client ran
			}
			if i++; !safeValue(words[i]) {
				left++ // a listed option whose value looks like a path or a secret
				continue
			}
			kept = append(kept, name, quoteWord(words[i]))
		default:
			kept = append(kept, name)
		}
	}
	cmd := strings.Join(kept, " ")
	switch left {
	case 0:
	case 1:
		cmd += " (1 option left out)"
	default:
		cmd += " (" + strconv.Itoa(left) + " options left out)"
	}
	return cmd
}

// shellWords splits a command line into words as a POSIX shell does: blanks separate them,
// single quotes keep everything up to the next, double quotes everything but a backslash that
// escapes a double quote, backslash, dollar or backquote, and a backslash outside quotes escapes
// the character after it. ok false for an unclosed quote. The standard library has no such
// splitter; github.com/google/shlex (last released 2019) splits these commands alike, but
// made the reader's "your run" decoder, which this package is compiled into, 11.7 KB larger
// gzipped (1,095,090 to 1,106,761 bytes, measured with make wasm's flags) for 45 lines.
func shellWords(line string) (words []string, ok bool) {
	var w strings.Builder
	in := false // a word has begun (an empty quoted word is one)
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if in {
				words, in = append(words, w.String()), false
				w.Reset()
			}
		case c == '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				return nil, false
			}
			w.WriteString(line[i+1 : i+1+j])
			i, in = i+1+j, true
		case c == '"':
			i++
			for ; i < len(line) && line[i] != '"'; i++ {
				if line[i] == '\\' && i+1 < len(line) && strings.IndexByte("\"\\$`", line[i+1]) >= 0 {
					i++
				}
				w.WriteByte(line[i])
			}
			if i >= len(line) {
				return nil, false
			}
			in = true
		case c == '\\':
			if i+1 < len(line) {
				i++
				w.WriteByte(line[i])
			}
			in = true
		default:
			w.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, w.String())
	}
	return words, true
}

// quoteWord writes a word back as a shell would read it: as it is when it holds only characters
// a shell leaves alone, else in single quotes (a single quote in it closes them, is escaped and
// opens them again).
func quoteWord(w string) string {
	if w != "" && strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.,:/=+@%") == "" {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}

// lengthMean reads a requested mean length of input_config: a number, or -1, GenAI-Perf's
// default for "not set" (its output_tokens_mean is -1 unless --output-tokens-mean is given, in
// every release that writes input_config), which is no length rather than a negative one.
func (d *decoder) lengthMean() (float64, bool) {
	k, raw := d.read()
	start := d.off
	switch {
	case k == jsontext.KindNumber && string(raw) == "-1", k == jsontext.KindNull:
		return 0, false
	case k == jsontext.KindNumber:
		f, err := strconv.ParseFloat(string(raw), 64)
		if err != nil || math.IsInf(f, 0) {
			d.problem(start, "number %s is out of range", describe(k, raw))
			return 0, false
		}
		if f < 0 {
			d.problem(start, "must not be negative, got %s", describe(k, raw))
			return 0, false
		}
		return f, true
	}
	d.problem(start, "want a number, got %s", describe(k, raw))
	return 0, false
}

// firstModel reads a model name given as a string, a list of strings, or a list of objects
// with a name (AIPerf's models.items).
func (d *rawDecoder) firstModel() string {
	switch d.peek() {
	case jsontext.KindString:
		s, _ := d.str(false)
		return strings.TrimSpace(s)
	case jsontext.KindBeginArray:
		var first string
		d.elements(func(i int) {
			var s string
			if d.peek() == jsontext.KindBeginObject {
				d.fields(func(k []byte) {
					if string(k) == "name" {
						s, _ = d.str(false)
					} else {
						d.skip()
					}
				})
			} else {
				s, _ = d.str(false)
			}
			if first == "" {
				first = strings.TrimSpace(s)
			}
		})
		return first
	}
	d.skip()
	return ""
}
