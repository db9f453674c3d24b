package input

// An AIPerf trace-replay folder (docs/input-formats.md, "Agentic results"): the artifacts AIPerf
// writes when it replays agentic traces, read as InferenceX's agentic aggregator reads them
// (utils/agentic/aggregation/request_metrics.py and server_metrics.py), so that the folder is
// the point its aggregate would be:
//
//   - profile_export.jsonl, one record per request: metadata.benchmark_phase ("profiling",
//     anything else is warmup; a record without one is profiling, as older AIPerf wrote),
//     metadata.request_start_ns and request_end_ns, metrics.{time_to_first_token,
//     request_latency, inter_token_latency, input_sequence_length, output_sequence_length}
//     each {value, unit}, and error (non-null: dropped, counted by category);
//   - profile_export_aiperf.json: the concurrency (input_config.loadgen.concurrency) and the
//     trace's theoretical prefix-cache hit rate (theoretical_prefix_cache_hit, sum / count);
//   - server_metrics_export.json, where present: the server's Prometheus metrics
//     ({"metrics": {name: {"series": [{"labels", "stats"}]}}}), for its cache hit rates and KV
//     usage.
//
// Throughput is over the profiling window (first start to last end of the profiled requests),
// per GPU; each latency's mean, p50, p75, p90, p95 and std are of the profiled requests (linear
// interpolation between order statistics), and interactivity is 1 / ITL at each statistic. The
// records are streamed: a folder of 100,000 requests is read in well under its budget
// (BenchmarkTraceFolder). The folder is agentic when a folder on its path is named for a
// scenario ("agentic-coding") or its [[runs]] entry gives a scenario; the context a folder lacks
// (model, GPU, GPUs, framework, precision) comes from [[runs]].

import (
	"bufio"
	"encoding/json"
	"encoding/json/jsontext"
	"io"
	"io/fs"
	"maps"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/site/problem"
)

// The files of a trace-replay folder.
const (
	traceRecords = "profile_export.jsonl"
	traceSummary = "profile_export_aiperf.json"
	traceServer  = "server_metrics_export.json"
)

// traceSiblings are the folder's files its records file reads itself (or, inputs.json, needs
// not): never points of their own.
var traceSiblings = []string{traceSummary, traceServer, "inputs.json", "profile_export.json"}

// scenarioFolder is the name of the nearest folder on rel's path named for an agentic scenario
// (its name starts with "agentic": "agentic-coding"); "" when there is none.
func scenarioFolder(rel string) string {
	parts := strings.Split(path.Dir(rel), "/")
	for i := len(parts) - 1; i >= 0; i-- {
		if strings.HasPrefix(strings.ToLower(parts[i]), "agentic") {
			return parts[i]
		}
	}
	return ""
}

// traceScenario is the scenario of a trace-replay file at rel: its [[runs]] entry's, else the
// folder's name it is in; "" for none.
func (c *RawOptions) traceScenario(rel string) string {
	if ctx, _ := c.runContext(rel); ctx.Scenario != "" {
		return ctx.Scenario
	}
	return scenarioFolder(rel)
}

// isTraceFile reports whether f is a trace-replay folder's file, the folder being agentic and
// holding its records: then the records file is the folder's point and the others are read
// with it.
func isTraceFile(fsys fs.FS, rel string, opt *RawOptions) (records bool, ok bool) {
	base := path.Base(rel)
	if base != traceRecords && !slices.Contains(traceSiblings, base) || opt.traceScenario(rel) == "" {
		return false, false
	}
	if base == traceRecords {
		return true, true
	}
	_, err := fs.Stat(fsys, path.Join(path.Dir(rel), traceRecords))
	return false, err == nil
}

// decodeTraceFile decodes f if it is a trace-replay folder's file (ok): its records file into
// the folder's point, any other of its files into nothing.
func decodeTraceFile(fsys fs.FS, f File, prefix string, opt *RawOptions) (ds *Dataset, ps problem.Problems, ok bool) {
	if opt == nil {
		opt = &RawOptions{}
	}
	records, ok := isTraceFile(fsys, f.Path, opt)
	if !ok || !records {
		return nil, nil, ok
	}
	opt.rec.setFormat("AIPerf trace-replay folder", false)
	opt.rec.setRelease("agentic, from per-request records")
	row, ps := readTraceFolder(fsys, fileName(prefix, f.Path), f.Path, opt)
	var rows []rawRow
	if row != nil {
		rows = append(rows, *row)
	}
	ds, dps := rawDataset(f.Path, rows, ps)
	if ds != nil {
		ds.Path = f.Path
	}
	return ds, dps, true
}

// traceHead is the page a trace-replay folder's records file feeds, without reading the
// records: its model from [[runs]] and its scenario. ok is false for any other file.
func traceHead(fsys fs.FS, f File, opt *RawOptions) (Head, bool) {
	if opt == nil {
		opt = &RawOptions{}
	}
	records, ok := isTraceFile(fsys, f.Path, opt)
	if !ok {
		return Head{}, false
	}
	ctx, _ := opt.runContext(f.Path)
	if !records || ctx.Model == "" {
		return Head{}, true // no page: decoding says what it lacks
	}
	k := PageKey{opt.modelName(ctx.Model), ScenarioSequence(opt.traceScenario(f.Path))}
	return Head{Raw: true, Pages: []PageKey{k}, OK: true}, true
}

// traceStats are the profiled requests' figures, gathered as the records stream by.
type traceStats struct {
	ttft, e2el, itl []float64 // seconds, each > 0
	isl, osl        []int64   // tokens
	start, end      int64     // the profiling window, ns; 0 when unknown
	total, warmup   int64
	errors          map[string]int64
}

// readTraceFolder reads the folder of the records file rel (named name in problems) into its
// point.
func readTraceFolder(fsys fs.FS, name, rel string, opt *RawOptions) (*rawRow, problem.Problems) {
	ctx, _ := opt.runContext(rel)
	var ps problem.Problems
	for _, m := range []struct {
		key   string
		given bool
	}{{"model", ctx.Model != ""}, {"gpu", ctx.GPU != ""}, {"gpus", ctx.GPUs > 0}, {"framework", ctx.Framework != ""}, {"precision", ctx.Precision != ""}} {
		if !m.given {
			opt.rec.lack(m.key)
			ps = append(ps, problem.Problem{File: name, Msg: "no " + m.key + ": an AIPerf trace-replay folder does not record it; give it in a [[runs]] entry of frontier.toml"})
		}
	}
	file, err := fsys.Open(rel)
	if err != nil {
		return nil, append(ps, problem.Problem{File: name, Msg: "cannot read: " + ErrText(err)})
	}
	st, rps := readTraceRecords(file, name)
	file.Close()
	ps = append(ps, rps...)
	if len(st.ttft)+len(st.isl) == 0 && len(rps) == 0 {
		ps = append(ps, problem.Problem{File: name, Msg: "no profiled request: every record is warmup or an error, so the run measured nothing"})
	}
	if len(ps.Errors()) > 0 {
		return nil, ps
	}
	dir := path.Dir(rel)
	var m metricSet
	conc := traceSummaryOf(fsys, path.Join(dir, traceSummary), &m)
	traceServerOf(fsys, path.Join(dir, traceServer), &m)
	st.metrics(&m, ctx.GPUs)
	if !m.has1(MTputPerGPU) || !m.has1(MP90Intvty) {
		return nil, append(ps, problem.Problem{File: name, Msg: "the profiled requests give no throughput or no inter-token latency (no profiling window, or no tokens streamed)"})
	}
	fw, disagg := normFramework(ctx.Framework, false)
	row := &rawRow{file: name, rel: rel, idx: -1, model: opt.modelName(ctx.Model), gpu: normGPU(ctx.GPU), framework: fw,
		precision: normPrecision(ctx.Precision), conc: conc, date: ctx.Date,
		raw: RawPoint{Image: ctx.Image, RunURL: ctx.RunURL, Metrics: m.pack(),
			Run: &RunInfo{Path: rel, Client: "AIPerf trace replay", Completed: -1}}}
	row.raw.Topology = Topology{GPUs: ctx.GPUs, TP: ctx.TP, EP: ctx.EP, DPAttn: ctx.DPAttention}
	profiled := int64(len(st.isl))
	var errs int64
	a := &agenticFields{Agentic: Agentic{Scenario: opt.traceScenario(rel), Profiled: profiled, Total: st.total,
		ISL: lengthsOf(st.isl), OSL: lengthsOf(st.osl)}}
	for _, k := range slices.Sorted(maps.Keys(st.errors)) {
		a.Errors = append(a.Errors, Count{k, st.errors[k]})
		errs += st.errors[k]
	}
	row.raw.Requests = Requests{Completed: profiled, Attempted: profiled + errs}
	row.setAgentic(a, normSpec(ctx.Spec), disagg)
	return row, ps
}

// readTraceRecords streams the records of r, one JSON object a line.
func readTraceRecords(r io.Reader, name string) (st traceStats, ps problem.Problems) {
	br := bufio.NewReaderSize(r, 1<<16)
	var line []byte
	for n := 1; ; n++ {
		b, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull { // a line longer than the buffer: gather it
			line = append(line[:0], b...)
			for err == bufio.ErrBufferFull {
				b, err = br.ReadSlice('\n')
				line = append(line, b...)
			}
			b = line
		}
		if len(strings.TrimSpace(string(b))) > 0 {
			if p := st.record(b, name, n); p != nil {
				ps = append(ps, *p)
				if len(ps) >= 20 {
					return st, append(ps, problem.Problem{File: name, Msg: "more problems follow; fix these first"})
				}
			}
		}
		if err != nil {
			if err != io.EOF {
				ps = append(ps, problem.Problem{File: name, Msg: "cannot read: " + ErrText(err)})
			}
			return st, ps
		}
	}
}

// record adds one record (line n) to st.
func (st *traceStats) record(data []byte, name string, n int) *problem.Problem {
	var phase string
	var start, end int64
	var vals [5]float64 // ttft, e2el, itl (ms as written, scaled below), isl, osl
	var has [5]bool
	var errCat string
	d := newDecoder(name, data)
	defer d.release()
	se := catchSyntax(func() {
		d.fields(func(k []byte) {
			switch string(k) {
			case "metadata":
				d.fields(func(k []byte) {
					switch string(k) {
					case "benchmark_phase":
						phase, _ = d.str(false)
					case "request_start_ns":
						start, _ = d.integer(false, true)
					case "request_end_ns":
						end, _ = d.integer(false, true)
					default:
						d.skip()
					}
				})
			case "metrics":
				d.fields(func(k []byte) {
					i := slices.Index(traceMetricKeys, string(k))
					if i < 0 {
						d.skip()
						return
					}
					vals[i], has[i] = d.traceValue()
				})
			case "error":
				errCat = d.errorCategory()
			default:
				d.skip()
			}
		})
	})
	if se != nil {
		ps := se.problems(name, data)
		return &problem.Problem{File: name, Line: n, Msg: ps[0].Msg}
	}
	if d.nerr > 0 {
		p := d.probs[0].p
		p.Path = "line " + strconv.Itoa(n) + ": " + p.Path
		return &p
	}
	st.total++
	if phase != "" && phase != "profiling" {
		st.warmup++
	}
	if errCat != "" {
		if st.errors == nil {
			st.errors = map[string]int64{}
		}
		st.errors[errCat]++
	}
	if errCat != "" || phase != "" && phase != "profiling" {
		return nil
	}
	for i, dst := range []*[]float64{&st.ttft, &st.e2el, &st.itl} {
		if has[i] && vals[i] > 0 {
			*dst = append(*dst, vals[i])
		}
	}
	if has[3] {
		st.isl = append(st.isl, int64(vals[3]))
	}
	if has[4] {
		st.osl = append(st.osl, int64(vals[4]))
	}
	if start > 0 && (st.start == 0 || start < st.start) {
		st.start = start
	}
	st.end = max(st.end, end)
	return nil
}

// traceMetricKeys are the record's metrics a point needs, in traceStats.record's order.
var traceMetricKeys = []string{"time_to_first_token", "request_latency", "inter_token_latency", "input_sequence_length", "output_sequence_length"}

// traceValue reads a record's metric, {"value": v, "unit": u} or a bare number, as seconds for
// a time (ms, us, ns or s) and as written for a count.
func (d *decoder) traceValue() (float64, bool) {
	if d.peek() != jsontext.KindBeginObject {
		return d.number(false)
	}
	var v float64
	var ok bool
	unit := "ms"
	d.fields(func(k []byte) {
		switch string(k) {
		case "value":
			v, ok = d.number(false)
		case "unit":
			unit, _ = d.str(false)
		default:
			d.skip()
		}
	})
	switch unit {
	case "ms":
		v /= 1e3
	case "us":
		v /= 1e6
	case "ns":
		v /= 1e9
	}
	return v, ok
}

// errorCategory reads a record's error: "" for none (null), else its category as the
// aggregator names it: the first of type, error_type, code, class and status, else the
// message's first line up to its first colon.
func (d *decoder) errorCategory() string {
	switch d.peek() {
	case jsontext.KindNull:
		d.skip()
		return ""
	case jsontext.KindString:
		s, _ := d.str(false)
		return messageCategory(s)
	case jsontext.KindBeginObject:
		var named, msg string
		rank := 99
		d.fields(func(k []byte) {
			i := slices.Index([]string{"type", "error_type", "code", "class", "status"}, string(k))
			switch {
			case i >= 0 && i < rank:
				if d.peek() == jsontext.KindString {
					s, _ := d.str(false)
					if s != "" {
						named, rank = s, i
					}
				} else if d.peek() == jsontext.KindNumber {
					_, raw := d.read()
					named, rank = string(raw), i
				} else {
					d.skip()
				}
			case string(k) == "message" || string(k) == "error" && msg == "":
				if d.peek() == jsontext.KindString {
					msg, _ = d.str(false)
				} else {
					d.skip()
				}
			default:
				d.skip()
			}
		})
		if named != "" {
			return named
		}
		return messageCategory(msg)
	}
	d.skip()
	return "unknown"
}

func messageCategory(msg string) string {
	first, _, _ := strings.Cut(strings.TrimSpace(msg), "\n")
	cat, _, _ := strings.Cut(first, ":")
	if cat == "" {
		return "unknown"
	}
	if len(cat) > 120 {
		cat = cat[:120]
	}
	return cat
}

// metrics sets the point's figures from the profiled requests on gpus GPUs.
func (st *traceStats) metrics(m *metricSet, gpus int64) {
	if dur := float64(st.end-st.start) / 1e9; st.start > 0 && dur > 0 && gpus > 0 {
		var in, out int64
		for _, v := range st.isl {
			in += v
		}
		for _, v := range st.osl {
			out += v
		}
		g := float64(gpus)
		m.set(MInputTputPerGPU, float64(in)/dur/g)
		m.set(MOutputTputPerGPU, float64(out)/dur/g)
		m.set(MTputPerGPU, float64(in+out)/dur/g)
	}
	for l, vs := range map[int][]float64{0: st.ttft, 1: st.itl, 2: st.itl, 3: st.e2el} {
		if len(vs) == 0 {
			continue
		}
		slices.Sort(vs)
		mean, std := meanStd(vs)
		m.set(latencyMetric(l, 0), mean)
		m.set(latencyMetric(l, 1), quantile(vs, 0.5))
		m.set(latencyMetric(l, 2), quantile(vs, 0.9))
		m.set(latencyMetric(l, 5), std)
		m.set(tailMetric(l, 0), quantile(vs, 0.75))
		m.set(tailMetric(l, 1), quantile(vs, 0.95))
	}
	if len(st.itl) > 0 {
		for s, id := range map[int]MetricID{0: MMeanIntvty, 1: MMedianIntvty, 2: MP90Intvty} {
			m.set(id, 1/m.vals[latencyMetric(2, s)])
		}
		m.set(MP75Intvty, 1/m.vals[tailMetric(2, 0)])
		m.set(MP95Intvty, 1/m.vals[tailMetric(2, 1)])
		inv := make([]float64, len(st.itl))
		for i, v := range st.itl {
			inv[i] = 1 / v
		}
		_, std := meanStd(inv)
		m.set(MStdIntvty, std)
	}
	m.set(MWarmupDropped, float64(st.warmup))
	var errs int64
	for _, n := range st.errors {
		errs += n
	}
	m.set(MErrorDropped, float64(errs))
}

// quantile is the q-quantile of sorted, linear between order statistics (numpy's default).
func quantile(sorted []float64, q float64) float64 {
	pos := q * float64(len(sorted)-1)
	i := int(pos)
	if i+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	return sorted[i] + (pos-float64(i))*(sorted[i+1]-sorted[i])
}

// meanStd is the mean and the population standard deviation of vs.
func meanStd(vs []float64) (mean, std float64) {
	for _, v := range vs {
		mean += v
	}
	mean /= float64(len(vs))
	for _, v := range vs {
		std += (v - mean) * (v - mean)
	}
	return mean, math.Sqrt(std / float64(len(vs)))
}

// traceSummaryOf reads the folder's profile_export_aiperf.json, where present: the
// concurrency (returned; 0 when not given) and the theoretical prefix-cache hit rate.
func traceSummaryOf(fsys fs.FS, name string, m *metricSet) int64 {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return 0
	}
	var s struct {
		InputConfig struct {
			Loadgen struct {
				Concurrency int64 `json:"concurrency"`
			} `json:"loadgen"`
		} `json:"input_config"`
		Hit *struct {
			Sum, Count, Avg *float64
			Unit            string
		} `json:"theoretical_prefix_cache_hit"`
	}
	if json.Unmarshal(b, &s) != nil {
		return 0
	}
	if h := s.Hit; h != nil {
		switch {
		case h.Sum != nil && h.Count != nil && *h.Count > 0:
			m.set(MTheoreticalCacheHit, *h.Sum / *h.Count)
		case h.Avg != nil && h.Unit == "%":
			m.set(MTheoreticalCacheHit, *h.Avg/100)
		case h.Avg != nil:
			m.set(MTheoreticalCacheHit, *h.Avg)
		}
	}
	return max(s.InputConfig.Loadgen.Concurrency, 0)
}

// serverMetrics is server_metrics_export.json: each Prometheus metric's series and their stats.
type serverMetrics struct {
	Metrics map[string]struct {
		Series []struct {
			Labels map[string]string  `json:"labels"`
			Stats  map[string]float64 `json:"stats"`
		} `json:"series"`
	} `json:"metrics"`
}

// sum is metric name's value summed over its series (each its first of keys), filtered by
// label (key=value; "" for every series); ok false when no series has one.
func (s *serverMetrics) sum(name, label string, keys ...string) (float64, bool) {
	var total float64
	found := false
	lk, lv, _ := strings.Cut(label, "=")
	for _, se := range s.Metrics[name].Series {
		if label != "" && se.Labels[lk] != lv {
			continue
		}
		for _, k := range keys {
			if v, ok := se.Stats[k]; ok && !math.IsNaN(v) && !math.IsInf(v, 0) && v >= 0 {
				total, found = total+v, true
				break
			}
		}
	}
	return total, found
}

// traceServerOf reads the server's cache hit rates and KV usage from the folder's
// server_metrics_export.json, where present, by the aggregator's rules for vLLM and SGLang.
func traceServerOf(fsys fs.FS, name string, m *metricSet) {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return
	}
	var s serverMetrics
	if json.Unmarshal(b, &s) != nil {
		return
	}
	counter := []string{"total", "sum", "max", "avg"}
	gauge := []string{"max", "avg", "total"}
	rate := func(id MetricID, hits float64, okH bool, queries float64, okQ bool) {
		if okH && okQ && queries > 0 {
			m.set(id, min(hits/queries, 1))
		}
	}
	frac := func(v float64) float64 {
		if v > 1.5 {
			return v / 100 // a percentage
		}
		return v
	}
	// vLLM: prefix-cache hits over queries; the external (offload) cache alike.
	h, okH := s.sum("vllm:prefix_cache_hits", "", counter...)
	q, okQ := s.sum("vllm:prefix_cache_queries", "", counter...)
	rate(MGPUCacheHit, h, okH, q, okQ)
	h, okH = s.sum("vllm:external_prefix_cache_hits", "", counter...)
	q, okQ = s.sum("vllm:external_prefix_cache_queries", "", counter...)
	rate(MExternalCacheHit, h, okH, q, okQ)
	rate(MCPUCacheHit, h, okH, q, okQ)
	// SGLang: cached tokens by source over the prompt tokens.
	p, okP := s.sum("sglang:prompt_tokens", "", counter...)
	h, okH = s.sum("sglang:cached_tokens", "cache_source=device", counter...)
	rate(MGPUCacheHit, h, okH, p, okP)
	h, okH = s.sum("sglang:cached_tokens", "cache_source=host", counter...)
	rate(MCPUCacheHit, h, okH, p, okP)
	for _, g := range []string{"vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc", "sglang:token_usage"} {
		var peak float64
		found := false
		for _, se := range s.Metrics[g].Series {
			for _, k := range gauge {
				if v, ok := se.Stats[k]; ok && v >= 0 && !math.IsInf(v, 0) {
					peak, found = max(peak, v), true
					break
				}
			}
		}
		if found {
			m.set(MKVCacheUsage, min(frac(peak), 1))
			break
		}
	}
}

// scenarioFolderProblems are the fixed-length rows of a file in a folder named for an agentic
// scenario: a publisher who sorts results by scenario would otherwise see a fixed-length run
// silently land on another page. One problem per file, naming the file and the folder.
func scenarioFolderProblems(rel string, rows []rawRow) problem.Problems {
	folder := scenarioFolder(rel)
	if folder == "" {
		return nil
	}
	for i := range rows {
		if r := &rows[i]; r.raw.Agentic == nil {
			return problem.Problems{{File: r.file, Path: r.loc(), Msg: "a fixed-length result (" + r.sequence +
				") in the folder " + folder + "/, which is named for an agentic scenario: move it out, or rename the folder"}}
		}
	}
	return nil
}
