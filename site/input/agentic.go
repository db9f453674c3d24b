package input

// Agentic results (docs/input-formats.md, "Agentic results"): InferenceX's agentic aggregates
// (utils/agentic/aggregation, one object per run, flat in its v0.x releases and nested since
// v1), InferenceX API rows of benchmark_type "agentic_traces", and AIPerf trace-replay folders
// (agentictrace.go). Such a run replays multi-turn sessions whose requests vary in length over
// orders of magnitude, so it has no isl or osl: its page is its model and scenario
// ("agentic-coding"), its default x is p90 interactivity, and what sets it apart from a
// fixed-length run (speculative decoding, KV offload, disaggregation) are facts of each point,
// never series of their own.
//
// The nested layout's figures are read by a key table (agenticLatency, agenticPaths), so that
// a new release's key is a new row. Interactivity is 1 / ITL at each statistic, as the
// aggregator writes it; latencies are seconds; cache hit rates and KV usage are fractions.

import (
	"cmp"
	"encoding/json/jsontext"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Agentic is what an agentic result adds to its point beyond its metrics (the cache rates, KV
// cache, dropped requests and offload DRAM are metrics of the catalog: MTheoreticalCacheHit on).
type Agentic struct {
	Scenario string // as the file names it: "agentic-coding"
	// Spec is the speculative decoding method ("mtp", "eagle"), "" for none: a fact of the
	// point, not a series (adjacent points of one curve may differ in it).
	Spec string
	// Offload is the KV offload ("cpu", "lmcache"...), "" for none; Backend its backend.
	Offload string
	Backend Named
	Router  Named
	// Disagg marks prefill and decode on workers of their own (the topology says how many);
	// PrefillHW and DecodeHW are the stages' hardware where they differ.
	Disagg              bool
	PrefillHW, DecodeHW string
	// Profiled is the requests measured; Total every request the client sent, warmup included
	// (0: not said). Errors are the requests dropped as errors, by category.
	Profiled, Total int64
	Errors          []Count
	// PowerInvalid marks a run whose power telemetry was judged invalid (power_valid 0): its
	// power and energy figures are left out.
	PowerInvalid bool
	// ISL and OSL are the per-request input and output lengths, from a trace-replay folder's
	// records; nil for an aggregate.
	ISL, OSL *Lengths
}

// Named is a component and its version, either possibly "".
type Named struct{ Name, Version string }

// String is "LMCache 0.3.1", or the name alone.
func (n Named) String() string { return strings.TrimSpace(n.Name + " " + n.Version) }

// Count is a category and how many it holds.
type Count struct {
	Name string
	N    int64
}

// Facts is the point's facts as the tooltip lists them: "MTP · KV offload cpu (LMCache) ·
// disaggregated"; "" when it has none.
func (a *Agentic) Facts() string {
	var out []string
	if a.Spec != "" {
		out = append(out, strings.ToUpper(a.Spec))
	}
	if a.Offload != "" {
		s := "KV offload " + a.Offload
		if b := a.Backend.String(); b != "" {
			s += " (" + b + ")"
		}
		out = append(out, s)
	}
	if a.Disagg {
		out = append(out, "disaggregated")
	}
	return strings.Join(out, " · ")
}

// ScenarioSequence is the page name of a scenario: "agentic-coding" becomes "agentic coding",
// whose slug is agentic-coding. It stands where a fixed-length page has its sequence ("8k/1k"),
// so that an agentic page is never a sequence such as 0/0.
func ScenarioSequence(scenario string) string {
	s := strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return ' ' // "-", "_", and "/", which would make it a sequence
	}, scenario)
	return cmp.Or(strings.Join(strings.Fields(s), " "), "agentic")
}

// IsScenario reports whether a page's sequence names an agentic scenario rather than input and
// output lengths: it has no "/" ("8k/1k" has one) and is not empty.
func IsScenario(sequence string) bool {
	return sequence != "" && !strings.Contains(sequence, "/")
}

// rowScenario is the scenario a row's key gives: scenario_type's own ("agentic-coding"), or for
// an API row of benchmark_type agentic_traces, InferenceX's one agentic scenario so far; "" when
// the key says none (a benchmark_type of fixed-length runs).
func rowScenario(key, value string) string {
	if key == "benchmark_type" {
		if value == "agentic_traces" {
			return "agentic-coding"
		}
		return ""
	}
	return strings.TrimSpace(value)
}

// agenticStats maps the aggregates' statistic names to the catalog's: p50 is the median.
var agenticStats = map[string]int{"mean": 0, "p50": 1, "median": 1, "p90": 2, "p99": 3, "std": 5, "p75": -1, "p95": -2}

// agenticLatencies are the nested layout's latency keys, by the catalog's latency index.
var agenticLatencies = map[string]int{"ttft": 0, "tpot": 1, "itl": 2, "e2el": 3}

// statMetric is the catalog index of statistic st of latency l (-1: interactivity).
func statMetric(l int, st string) (MetricID, bool) {
	s, ok := agenticStats[st]
	if !ok {
		return 0, false
	}
	switch {
	case l < 0 && s >= 0:
		return MMeanIntvty + MetricID(s), true
	case l < 0:
		return MP75Intvty + MetricID(-s-1), true
	case s >= 0:
		return latencyMetric(l, s), true
	}
	return tailMetric(l, -s-1), true
}

// agenticPaths are the nested layout's single figures: key path (below the aggregate) and
// the catalog metric it is.
var agenticPaths = map[string]MetricID{
	"request_metrics.throughput.per_gpu.total_tput_tps":  MTputPerGPU,
	"request_metrics.throughput.per_gpu.output_tput_tps": MOutputTputPerGPU,
	"request_metrics.throughput.per_gpu.input_tput_tps":  MInputTputPerGPU,
	"request_metrics.cache.theoretical_cache_hit_rate":   MTheoreticalCacheHit,
	"server_metrics.cache.gpu_cache_hit_rate":            MGPUCacheHit,
	"server_metrics.cache.cpu_cache_hit_rate":            MCPUCacheHit,
	"server_metrics.cache.external_cache_hit_rate":       MExternalCacheHit,
	"server_metrics.kv_cache.gpu_usage_pct":              MKVCacheUsage,
	"server_metrics.kv_cache.gpu_total_tokens":           MKVCacheCapacity,
}

// agenticFields is what an agentic row's own keys gave.
type agenticFields struct {
	Agentic
	nested      bool  // read request_metrics (v1), not flat keys (v0.x)
	powerValid  int8  // -1 not said, 0 invalid, 1 valid
	successful  int64 // num_requests_successful, -1 when not said
	profiledSet bool
	accAt       int       // where request_accounting starts, for its problems
	drops       metricSet // the requests dropped, as metrics
}

// agentic returns the row's agentic fields, made on first use.
func (r *rowFields) agentic() *agenticFields {
	if r.ag == nil {
		r.ag = &agenticFields{powerValid: -1, successful: -1}
	}
	return r.ag
}

// metricAlias is a key as the catalog names it: the aggregates' "p50_ttft" is "median_ttft".
func metricAlias(k []byte) []byte {
	if rest, ok := bytes50(k); ok {
		return append([]byte("median_"), rest...)
	}
	return k
}

func bytes50(k []byte) ([]byte, bool) {
	if len(k) > 4 && string(k[:4]) == "p50_" {
		return k[4:], true
	}
	return nil, false
}

// agenticField reads key of a row if it is one only agentic results have, and reports whether
// it did.
func (d *rawDecoder) agenticField(r *rowFields, key string) bool {
	switch key {
	case "benchmark_type", "scenario_type", "scenario":
		s, _ := d.str(false)
		if sc := rowScenario(key, s); sc != "" && (key != "benchmark_type" || r.ag == nil || r.ag.Scenario == "") {
			r.agentic().Scenario = sc
		}
	case "kv_offloading":
		if d.peek() == jsontext.KindString {
			s, _ := d.str(false)
			if s != "none" && s != "" && s != "false" {
				r.agentic().Offload = s
			}
		} else if d.flexBool() {
			r.agentic().Offload = "on"
		}
	case "kv_offload_backend":
		r.agentic().Backend = d.named()
	case "router":
		r.agentic().Router = d.named()
	case "prefill_hw":
		r.agentic().PrefillHW, _ = d.str(false)
	case "decode_hw":
		r.agentic().DecodeHW, _ = d.str(false)
	case "power_valid":
		a := r.agentic()
		if d.peek() == jsontext.KindNumber {
			n, _ := d.integer(false, true)
			a.powerValid = int8(min(n, 1))
		} else if d.peek() == jsontext.KindNull {
			d.skip()
		} else if d.flexBool() {
			a.powerValid = 1
		} else {
			a.powerValid = 0
		}
	case "num_requests_total":
		r.agentic().Total, _ = d.integer(false, true)
	case "num_requests_successful":
		n, ok := d.integer(false, true)
		if ok {
			r.agentic().successful = n
		}
	case "request_accounting":
		d.accounting(r.agentic())
	case "request_metrics", "server_metrics":
		a := r.agentic()
		a.nested = true
		d.nestedMetrics(&r.m, key)
	default:
		if k, ok := bytes50([]byte(key)); ok {
			d.metric(&r.m, append([]byte("median_"), k...), false)
			return true
		}
		return false
	}
	return true
}

// named reads a component: {"name": ..., "version": ...}, or a string that is its name.
func (d *rawDecoder) named() Named {
	var n Named
	if d.peek() != jsontext.KindBeginObject {
		n.Name, _ = d.str(false)
		return n
	}
	d.fields(func(k []byte) {
		switch string(k) {
		case "name", "type":
			n.Name, _ = d.str(false)
		case "version":
			if d.peek() == jsontext.KindNumber {
				_, raw := d.read()
				n.Version = string(raw)
				return
			}
			n.Version, _ = d.str(false)
		default:
			d.skip()
		}
	})
	if n.Name == "none" {
		return Named{}
	}
	return n
}

// accounting reads request_accounting: the requests profiled and dropped, errors by category.
func (d *rawDecoder) accounting(a *agenticFields) {
	a.accAt = d.off
	var m metricSet
	d.fields(func(k []byte) {
		switch string(k) {
		case "records_total":
			a.Total, _ = d.integer(false, true)
		case "records_profiled":
			a.Profiled, a.profiledSet = d.integer(false, true)
		case "records_warmup_dropped":
			if n, ok := d.integer(false, true); ok {
				m.set(MWarmupDropped, float64(n))
			}
		case "records_error_dropped":
			if n, ok := d.integer(false, true); ok {
				m.set(MErrorDropped, float64(n))
			}
		case "error_categories":
			counts := map[string]int64{}
			d.fields(func(k []byte) {
				if n, ok := d.integer(false, true); ok && n > 0 {
					counts[string(k)] += n
				}
			})
			for _, name := range slices.Sorted(maps.Keys(counts)) {
				a.Errors = append(a.Errors, Count{name, counts[name]})
			}
		default:
			d.skip()
		}
	})
	a.drops = m
}

// nestedMetrics reads request_metrics or server_metrics (top) by agenticPaths and the latency
// table: request_metrics.latency.{ttft,itl,tpot,e2el,intvty}.{mean,p50,p75,p90,p95,std}.
func (d *rawDecoder) nestedMetrics(m *metricSet, top string) {
	var walk func(path string)
	walk = func(path string) {
		d.fields(func(k []byte) {
			p := path + "." + string(k)
			if id, ok := agenticPaths[p]; ok {
				if v, ok := d.number(false); ok {
					m.set(id, v)
				}
				return
			}
			if lat, ok := strings.CutPrefix(p, "request_metrics.latency."); ok {
				name, st, leaf := strings.Cut(lat, ".")
				if !leaf {
					walk(p)
					return
				}
				l, known := agenticLatencies[name]
				if name == "intvty" {
					l, known = -1, true
				}
				if id, ok := statMetric(l, st); ok && known {
					if v, ok := d.number(false); ok {
						m.set(id, v)
					}
					return
				}
				d.skip()
				return
			}
			if d.peek() == jsontext.KindBeginObject && wantsPath(p) {
				walk(p)
				return
			}
			d.skip()
		})
	}
	walk(top)
}

// wantsPath reports whether a table path lies below p, so that p is worth walking into.
func wantsPath(p string) bool {
	if strings.HasPrefix("request_metrics.latency", p) || strings.HasPrefix(p, "request_metrics.latency") {
		return true
	}
	for k := range agenticPaths {
		if strings.HasPrefix(k, p+".") {
			return true
		}
	}
	return false
}

// finishAgentic completes an agentic row's metrics and reports what is wrong with it, at start
// (the row's object). It derives interactivity from ITL (1 / ITL, as the aggregator does) where
// the row lacks it, leaves out power and energy of a run whose telemetry was invalid (with a
// warning), and requires a throughput per GPU, an interactivity and a profiled request.
func (d *rawDecoder) finishAgentic(r *rowFields, start int, mpath string) {
	a := r.ag
	m := &r.m
	if d.cfg != nil { // frontier check -v says which layout the file was read as
		switch {
		case d.format == formatAPI:
			d.cfg.rec.setRelease("agentic rows (benchmark_type agentic_traces)")
		case a.nested:
			d.cfg.rec.setRelease("agentic aggregate, nested (v1)")
		default:
			d.cfg.rec.setRelease("agentic aggregate, flat (v0.x)")
		}
	}
	for s := range 6 {
		if itl, ok := m.get(latencyMetric(2, s)); ok && itl > 0 && s != 5 && !m.has1(MMeanIntvty+MetricID(s)) {
			m.set(MMeanIntvty+MetricID(s), 1/itl)
		}
	}
	for s := range 2 {
		if itl, ok := m.get(tailMetric(2, s)); ok && itl > 0 && !m.has1(MP75Intvty+MetricID(s)) {
			m.set(MP75Intvty+MetricID(s), 1/itl)
		}
	}
	for _, id := range []MetricID{MWarmupDropped, MErrorDropped} {
		if v, ok := a.drops.get(id); ok {
			m.set(id, v)
		}
	}
	if v, ok := m.get(MCPUDRAMGB); ok && (v == 0 || a.Offload == "") {
		m.has &^= 1 << MCPUDRAMGB // 0 is the aggregator's "not set", and DRAM without offload is unused
	}
	if a.powerValid == 0 {
		had := m.has & (1<<MAvgPowerW | 1<<MJoulesPerTotalToken | 1<<MJoulesPerOutputToken | 1<<MJoulesPerInputToken)
		m.has &^= had
		a.PowerInvalid = true
		d.add(d.at(start, d.pathString(mpath+"power_valid"), true,
			"power_valid is 0: the run's power telemetry was not valid, so its point has no power or energy figures"))
	}
	if !a.profiledSet && a.successful >= 0 {
		a.Profiled, a.profiledSet = a.successful, true
	}
	if a.profiledSet && a.Profiled == 0 {
		d.add(d.at(start, d.pathString(mpath+"request_accounting.records_profiled"), false,
			"no profiled request: every request was dropped as warmup or error, so the run measured nothing"))
	}
	if a.profiledSet {
		errs, _ := m.get(MErrorDropped)
		r.req = Requests{Completed: a.Profiled, Attempted: a.Profiled + int64(errs)}
	}
	if !m.has1(MTputPerGPU) && m.bad&(1<<MTputPerGPU) == 0 {
		if out, ok := m.get(MOutputTputPerGPU); ok {
			if in, ok := m.get(MInputTputPerGPU); ok {
				m.set(MTputPerGPU, out+in)
			}
		}
	}
	if !m.has1(MTputPerGPU) && m.bad&(1<<MTputPerGPU) == 0 {
		path := "tput_per_gpu"
		if a.nested {
			path = "request_metrics.throughput.per_gpu.total_tput_tps"
		}
		d.add(d.at(start, d.pathString(mpath+path), false, "missing required field (or output and input throughput per GPU)"))
	}
	if !m.has1(MP90Intvty) && !m.has1(MMedianIntvty) {
		path := "p90_intvty"
		if a.nested {
			path = "request_metrics.latency.intvty.p90"
		}
		d.add(d.at(start, d.pathString(mpath+path), false, "missing required field (or the ITL it is 1 / of)"))
	}
}

// agenticRow attaches an agentic row's facts to its point and names its page by its scenario.
func (row *rawRow) setAgentic(a *agenticFields, spec string, disagg bool) {
	ag := a.Agentic
	if spec != "none" {
		ag.Spec = spec
	}
	ag.Disagg = disagg
	row.sequence = ScenarioSequence(ag.Scenario)
	row.raw.Agentic = &ag
	// The series is the GPU and framework alone; what the page's series would otherwise split
	// by is each point's fact, and tells its loads apart.
	row.facts = ag.Spec + "|" + ag.Offload + "|" + ag.Backend.String() + "|" + strconv.FormatBool(disagg)
}

// seriesKey is the hwKey of a row's series: an agentic row's is its GPU and framework alone.
func (r *rawRow) seriesKey() string {
	if r.raw.Agentic != nil {
		return hwKey(r.gpu, r.framework, "", false)
	}
	return hwKey(r.gpu, r.framework, r.spec, r.disagg)
}

// agenticXAxis is what an agentic page's points have as x: p90 interactivity (Point.X), so that
// its frontiers, leaders, compare pages and picks are at the tail a coding agent's user waits on.
var agenticXAxis = XAxis{Mode: "interactivity", Field: "p90_intvty", Label: "Interactivity, p90 (tok/s/user)"}

// xMetric is the metric a row's point has as x: median interactivity, p90 for an agentic row.
func (r *rawRow) xMetric() MetricID {
	if r.raw.Agentic != nil {
		return MP90Intvty
	}
	return MMedianIntvty
}

// xAxis is the x axis of a row's dataset.
func (r *rawRow) xAxis() XAxis {
	if r.raw.Agentic != nil {
		return agenticXAxis
	}
	return rawXAxis
}

// IsAgentic reports whether p is an agentic result's point: its X is p90 interactivity, and
// its median is the metric median_intvty.
func (p *Point) IsAgentic() bool { return p.Raw != nil && p.Raw.Agentic != nil }

// Setup is the point's topology as pages show it, and for an agentic point its facts after it
// ("TP8 · MTP · KV offload cpu (LMCache 0.3.9)"): one string for the tooltip, the table, the
// detail and the downloads, so that a reader sees at a glance what set two points of a curve
// apart.
func (r *RawPoint) Setup() string {
	s := r.Topology.String()
	if r.Agentic == nil {
		return s
	}
	if f := r.Agentic.Facts(); f != "" {
		s += " · " + f
	}
	if a := r.Agentic; a.PrefillHW != "" && a.DecodeHW != "" {
		s += " · prefill on " + a.PrefillHW + ", decode on " + a.DecodeHW
	}
	if n := r.Agentic.Router.String(); n != "" {
		s += " · router " + n
	}
	return s
}

// viewSequence is the page of an inference view's params.sequence: InferenceX's views of
// agentic results say sequence=agentic-traces, whose page is its scenario's, agentic coding (as
// its API rows of benchmark_type agentic_traces); any other sequence is its own.
func viewSequence(sequence string) string {
	if sequence == "agentic-traces" {
		return ScenarioSequence(rowScenario("benchmark_type", "agentic_traces"))
	}
	return sequence
}
