package input

// SGLang's bench_serving results: one object per run, appended a line per run to a JSON lines
// file (--output-file x.jsonl), so every line is a point and a sweep is one file. Its keys are
// bench-serve's with a few differences, read from SGLang's bench_serving.py:
//   - total_throughput (or input_throughput + output_throughput) is the deployment's total token
//     throughput; output_throughput its output. Releases of 2024 write neither total_throughput
//     nor input_throughput, but total_input_tokens and duration, of which later releases compute
//     input_throughput (total_input_tokens / duration, as output_throughput is
//     total_output_tokens / duration in every release): the total is then that sum;
//   - max_concurrency is null for a run without --max-concurrency (every 2024 release writes the
//     key): its load is then request_rate (requests per second), and a run with an unlimited
//     rate as well (request_rate Infinity) sent every request at once and has no load figure;
//   - 2024 releases write no TPOT, only median_itl_ms, which is not it: such a line has no
//     median interactivity, and its page opens on median E2E latency;
//   - *_e2e_latency_ms are the E2E latency statistics; *_ttft_ms, *_tpot_ms, *_itl_ms as
//     bench-serve's, all in milliseconds;
//   - random_input_len and random_output_len are the requested maxima, not the lengths served:
//     those are total_input_tokens / completed and total_output_tokens / completed, which give
//     isl and osl when neither the file nor [[runs]] does;
//   - request_rate is written as a bare Infinity for an unlimited rate, which is not JSON: the
//     lines are read with such a token taken as null (no limit).
// A JSON lines file may mix SGLang and bench-serve lines; a line of neither is a problem naming
// its line, and the other lines are kept.

import (
	"bytes"
	"encoding/json/jsontext"
	"strings"

	"github.com/frontier-bench/frontier/site/problem"
)

// formatSGLang is one SGLang bench_serving result.
var formatSGLang = new(format)

func init() {
	registerFormat(formatSGLang, format{
		name: "SGLang bench_serving result", client: "SGLang bench_serving", decode: (*rawDecoder).sglang,
		sigs: []signature{
			{600, "an SGLang bench_serving result", []string{"max_concurrency", "output_throughput", "median_e2e_latency_ms"}},
			// Releases of 2024 without max_concurrency: its E2E latency key is its own, so
			// tried before vLLM's releases of then (rawserve.go).
			{800, "an SGLang bench_serving result", []string{"output_throughput", "median_e2e_latency_ms", "total_output_tokens"}},
		},
	})
}

// sglang decodes one SGLang bench_serving result: one point.
func (d *rawDecoder) sglang() {
	var p clientPoint
	var in, completed, totalIn, totalOut, duration float64
	var haveTotal, haveIn, haveTotalIn, nullConc bool
	attempted := -1.0 // the requests sent: as many as the errors list has entries (--output-details)
	start, nerr := d.off, d.nerr
	var key []byte
	run := newRunReader(formatSGLang, d.rel)
	if !d.fields(func(k []byte) {
		switch string(k) {
		case "max_concurrency":
			nullConc = d.peek() == jsontext.KindNull
			p.conc, _ = d.integer(false, true)
			run.note("max_concurrency", float64(p.conc), p.conc > 0)
		case "request_rate":
			p.rate = d.requestRate()
			run.note("request_rate", p.rate, p.rate > 0)
		case "duration":
			duration, _ = d.number(false)
		case "output_throughput":
			p.out, _ = d.number(true)
		case "total_throughput":
			p.total, haveTotal = d.number(false)
		case "input_throughput":
			in, haveIn = d.number(false)
		case "completed":
			var ok bool
			if completed, ok = d.number(false); ok {
				run.info.Completed = int64(completed)
			}
		case "errors":
			// One entry a request sent, "" for one that succeeded: the run's attempted requests.
			if d.peek() == jsontext.KindBeginArray {
				n := 0
				d.elements(func(int) { n++; d.skip() })
				attempted = float64(n)
			} else {
				d.skip()
			}
		case "total_input_tokens":
			totalIn, haveTotalIn = d.number(false)
		case "total_output_tokens":
			totalOut, _ = d.number(false)
		case "model_id", "model":
			p.own.Model, _ = d.str(false)
		case "date":
			p.own.Date = d.serveDate()
		case "gpu":
			p.own.GPU = d.text(false)
		case "framework":
			p.own.Framework = d.text(false)
		case "precision":
			p.own.Precision = d.text(false)
		case "gpus":
			p.own.GPUs = d.flexPositive()
		default:
			if run.take(d.decoder, k) {
				return
			}
			if stat, ok := bytes.CutSuffix(k, []byte("_e2e_latency_ms")); ok {
				key = append(append(key[:0], stat...), "_e2el_ms"...)
				k = key
			}
			d.metric(&p.m, k, true)
		}
	}) {
		return
	}
	if !haveTotal && haveIn {
		p.total, haveTotal = in+p.out, true
	}
	if !haveTotal && haveTotalIn && duration > 0 {
		p.total, haveTotal = totalIn/duration+p.out, true
	}
	if !haveTotal {
		d.add(d.at(start, "total_throughput", false, "missing required field (or input_throughput, or total_input_tokens and duration)"))
	}
	p.byRate = nullConc
	p.req = requestsOf(completed, attempted, -1)
	if completed > 0 {
		p.measured = [2]int64{roundLen(totalIn / completed), roundLen(totalOut / completed)}
	}
	if d.nerr > nerr {
		return
	}
	p.tpot = "median_tpot_ms"
	d.run = run.done()
	d.settle(&p, start, -1)
	d.run = nil
}

// decodeLines decodes a JSON lines file: one bench-serve or SGLang result a line. Problems of a
// line carry its line number; a problem of context the file lacks is said once.
func decodeLines(name, rel string, data []byte, opt *RawOptions) (rows []rawRow, ps problem.Problems) {
	seen := map[string]bool{}
	lineNo := 0
	for len(data) > 0 {
		lineNo++
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if lineNo == 1 {
			line = bytes.TrimPrefix(line, bom)
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		line = nullInfinity(line)
		f, msg := sniffFormat(line)
		if !jsontext.Value(line).IsValid(jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true)) {
			f = formatServe // for its syntax error, at its line and column
		}
		if f == formatPerRequest && len(rows) == 0 && len(ps) == 0 {
			// A per-request dump (AIPerf's profile_export.jsonl): one warning for the file.
			return nil, problem.Problems{{File: name, Warning: true, Msg: msg}}
		}
		if f != formatServe && f != formatSGLang {
			if msg == "" {
				msg = "not a benchmark result: a JSON lines file holds one bench-serve or SGLang bench_serving result a line"
			}
			ps = append(ps, problem.Problem{File: name, Line: lineNo, Msg: strings.TrimPrefix(msg, "not a benchmark file: ")})
			continue
		}
		lr, lps := decodeRaw(f, name, rel, line, opt)
		for i := range lr {
			lr[i].idx = int32(lineNo - 1)
		}
		rows = append(rows, lr...)
		for _, p := range lps {
			if p.Line == 0 && p.Path == "" && strings.Contains(p.Msg, "[[runs]]") {
				if seen[p.Msg] { // context the file lacks: said once, not once a line
					continue
				}
				seen[p.Msg] = true
			} else {
				p.Line = lineNo // a syntax error keeps its column in the line
			}
			ps = append(ps, p)
		}
	}
	return rows, ps
}

// nullInfinity returns line with each bare Infinity or -Infinity outside strings (Python's json
// writes them) replaced by null and spaces, so that offsets are unchanged. line is not modified.
func nullInfinity(line []byte) []byte {
	if !bytes.Contains(line, []byte("Infinity")) {
		return line
	}
	out := bytes.Clone(line)
	inStr := false
	for i := 0; i < len(out); i++ {
		switch c := out[i]; {
		case inStr && c == '\\':
			i++
		case c == '"':
			inStr = !inStr
		case !inStr && bytes.HasPrefix(out[i:], []byte("-Infinity")):
			copy(out[i:], "null     ")
			i += 8
		case !inStr && bytes.HasPrefix(out[i:], []byte("Infinity")):
			copy(out[i:], "null    ")
			i += 7
		}
	}
	return out
}
