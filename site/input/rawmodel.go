package input

// What a raw benchmark result (InferenceX API or agg rows, a bench-serve file) carries beyond a
// view's point: its topology, serving image, run link and every metric it measured. Metrics are
// stored compactly, because a site may hold 100,000 rows: a fixed, ordered catalog of names, and
// per point a presence mask with the present values packed in catalog order (no map per point).

import (
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// RawPoint is the raw result behind a point.
type RawPoint struct {
	Topology Topology
	Image    string // serving container, "" when unknown
	RunURL   string // the run's page as the file wrote it; see Link before putting it in a page
	Metrics  Metrics
	// RequestRate is the requests per second a run was scheduled at, for a run whose load is a
	// rate rather than a concurrency (an MLPerf Server run's target_qps); 0 when not known.
	RequestRate float64
	// Run is what the file records of the run (its path, client, settings, requests), for the
	// point's detail; shared by the rows of a file that records nothing per row.
	Run *RunInfo
	// Invalid marks a result its own client judged invalid (an MLPerf "Result is : INVALID":
	// a latency bound or the minimum duration not met). It is kept, and shown as invalid
	// wherever the point is.
	Invalid bool
	// Requests are the run's requests as its client counted them; zero when the file does not
	// say (success unknown).
	Requests Requests
	// Spread is set on a point made of several runs of one configuration, load and date
	// (spread.go): its figures are then the runs' medians, and Spread keeps each figure's
	// range and every run. nil for a single run.
	Spread *Spread
	// Agentic is set on an agentic result's point (agentic.go): its scenario and facts.
	Agentic *Agentic
}

// Requests counts a run's requests from its client's own figures: Attempted those it sent,
// Completed those that succeeded. Attempted 0 means the file does not say.
type Requests struct{ Completed, Attempted int64 }

// Known reports whether the file said how many requests were attempted and completed.
func (q Requests) Known() bool { return q.Attempted > 0 }

// Success is completed over attempted, in [0, 1]; ok false when unknown.
func (q Requests) Success() (ratio float64, ok bool) {
	if !q.Known() {
		return 0, false
	}
	return min(float64(q.Completed)/float64(q.Attempted), 1), true
}

// SuccessText is a success ratio as pages and warnings write it: "97.2%", one decimal, never
// rounded up to 100% (a run with a failed request is not shown as one without).
func SuccessText(ratio float64) string {
	pct := math.Floor(ratio*1000+1e-9) / 10
	return strconv.FormatFloat(pct, 'f', 1, 64) + "%"
}

// requestsOf is the count of a client that gives completed and either the attempted or the
// failed requests (attempted < 0 when it gives none, failed < 0 alike): unknown without both.
func requestsOf(completed, attempted, failed float64) Requests {
	if completed < 0 || completed != math.Trunc(completed) || completed > 1<<52 {
		return Requests{}
	}
	if attempted <= 0 && failed >= 0 && failed == math.Trunc(failed) && failed <= 1<<52 {
		attempted = completed + failed
	}
	if attempted <= 0 || attempted != math.Trunc(attempted) || attempted > 1<<53 || completed > attempted {
		return Requests{}
	}
	return Requests{Completed: int64(completed), Attempted: int64(attempted)}
}

// Link is the run URL when it is an https link, else "": anything else is shown as text, never
// as a link (a javascript: or data: URL in a data file must not become clickable).
func (r *RawPoint) Link() string {
	if strings.HasPrefix(r.RunURL, "https://") && !strings.ContainsAny(r.RunURL, " \t\n\"'<>`") {
		return r.RunURL
	}
	return ""
}

// Topology is how a result's GPUs were deployed: one pool (TP, EP, DP-attention), or prefill
// and decode workers on separate pools (Split). The zero value of a field means not known.
type Topology struct {
	GPUs   int64 // GPUs per point: what throughput per GPU divides by
	TP, EP int64 // one pool; for Split, the decode workers' (what a view's tp means)
	PP     int64
	// Prefill and decode workers, each of TP×EP (with DP-attention or not), and their GPUs.
	PrefillWorkers, PrefillTP, PrefillEP, PrefillGPUs int64
	DecodeWorkers, DecodeTP, DecodeEP, DecodeGPUs     int64
	// The flags last, together: 96 bytes rather than 112, in every row and point of a year of
	// raw results (the largest allocations live at the 20-page year build's peak).
	DPAttn                      bool
	Split                       bool // disaggregated onto prefill and decode workers
	PrefillDPAttn, DecodeDPAttn bool
}

// String is the topology as the tooltip shows it: "TP8 EP8 DPA" for one pool,
// "1P (TP4 EP4 DPA) + 4D (TP8 EP8), 36 GPUs" for prefill and decode workers.
func (t Topology) String() string {
	if !t.Split {
		s := pool(t.TP, t.EP, t.DPAttn)
		if t.PP > 1 {
			s += " PP" + strconv.FormatInt(t.PP, 10)
		}
		if t.TP == 0 && t.GPUs > 0 {
			return strconv.FormatInt(t.GPUs, 10) + " GPUs"
		}
		return s
	}
	return strconv.FormatInt(t.PrefillWorkers, 10) + "P (" + pool(t.PrefillTP, t.PrefillEP, t.PrefillDPAttn) + ") + " +
		strconv.FormatInt(t.DecodeWorkers, 10) + "D (" + pool(t.DecodeTP, t.DecodeEP, t.DecodeDPAttn) + "), " +
		strconv.FormatInt(t.GPUs, 10) + " GPUs"
}

func pool(tp, ep int64, dpa bool) string {
	s := "TP" + strconv.FormatInt(tp, 10)
	if ep > 1 {
		s += " EP" + strconv.FormatInt(ep, 10)
	}
	if dpa {
		s += " DPA"
	}
	return s
}

// MetricID is an index into the metric catalog.
type MetricID uint8

// The metric catalog, in the order data.json and data.csv list metrics. Latencies are in
// seconds whatever the file wrote (bench-serve writes milliseconds); throughput is per GPU.
const (
	MTputPerGPU MetricID = iota
	MOutputTputPerGPU
	MInputTputPerGPU
	MMeanIntvty
	MMedianIntvty
	MP90Intvty
	MP99Intvty
	MP999Intvty
	MStdIntvty
	// Four latencies × six statistics, latency-major: mLatency + 6*latency + statistic.
	mLatency
)

// The metrics after the latencies.
const (
	MAvgPowerW MetricID = mLatency + 24 + iota
	MJoulesPerTotalToken
	MJoulesPerOutputToken
	MJoulesPerInputToken
	// MRequestRate is the request rate a run was driven at (requests per second): the load of
	// a `vllm bench serve --request-rate` run without --max-concurrency, in place of its
	// concurrency (a measured figure of no other run: the request throughput is not it).
	MRequestRate
	// The agentic metrics (agentic.go; docs/input-formats.md, "Agentic results"): the tail
	// statistics InferenceX's agentic aggregates add (p75 and p95 of interactivity and of each
	// latency, after every earlier metric so that no existing column moves), the cache hit
	// rates and KV-cache figures, the requests dropped, and the offload's CPU DRAM.
	MP75Intvty
	MP95Intvty
	mTail // four latencies × (p75, p95), latency-major: mTail + 2*latency + (0 p75, 1 p95)
)

// The agentic metrics after the tail latencies.
const (
	MTheoreticalCacheHit MetricID = mTail + 8 + iota
	MGPUCacheHit
	MCPUCacheHit
	MExternalCacheHit
	MKVCacheUsage    // the GPU KV cache's peak usage, a fraction
	MKVCacheCapacity // the GPU KV cache's capacity, tokens
	MWarmupDropped   // requests dropped as warmup
	MErrorDropped    // requests dropped as errors
	MCPUDRAMGB       // CPU DRAM allocated to KV offload, GB
	NumMetrics
)

// latencies and statistics name the latency and interactivity metrics: "median_ttft" is
// statistic 1 of latency 0 (latencyMetric), "median_intvty" is MMeanIntvty + 1.
var (
	latencies  = [4]string{"ttft", "tpot", "itl", "e2el"}
	statistics = [6]string{"mean", "median", "p90", "p99", "p99.9", "std"}
)

// MetricNames are the catalog's names as InferenceX writes them, by index.
var MetricNames = func() [NumMetrics]string {
	var n [NumMetrics]string
	copy(n[:], []string{"tput_per_gpu", "output_tput_per_gpu", "input_tput_per_gpu"})
	for i, s := range statistics {
		n[MMeanIntvty+MetricID(i)] = s + "_intvty"
	}
	for l, lat := range latencies {
		for i, s := range statistics {
			n[latencyMetric(l, i)] = s + "_" + lat
		}
	}
	n[MAvgPowerW] = "avg_power_w"
	n[MJoulesPerTotalToken] = "joules_per_total_token"
	n[MJoulesPerOutputToken] = "joules_per_output_token"
	n[MJoulesPerInputToken] = "joules_per_input_token"
	n[MRequestRate] = "request_rate"
	n[MP75Intvty], n[MP95Intvty] = "p75_intvty", "p95_intvty"
	for l, lat := range latencies {
		n[tailMetric(l, 0)], n[tailMetric(l, 1)] = "p75_"+lat, "p95_"+lat
	}
	copy(n[MTheoreticalCacheHit:], []string{"theoretical_cache_hit_rate", "server_gpu_cache_hit_rate",
		"server_cpu_cache_hit_rate", "server_external_cache_hit_rate", "gpu_kv_cache_usage_pct",
		"kv_cache_pool_tokens", "requests_warmup_dropped", "requests_error_dropped", "allocated_cpu_dram_gb"})
	return n
}()

// tailMetric is the catalog index of latency l's p75 (s 0) or p95 (s 1).
func tailMetric(l, s int) MetricID { return mTail + MetricID(2*l+s) }

// latencyMetric is the catalog index of statistic s of latency l.
func latencyMetric(l, s int) MetricID { return mLatency + MetricID(6*l+s) }

// MetricByName finds a catalog index by InferenceX's name ("p99_ttft"), for the chart page's
// axes, which name metrics as links and chart blocks do.
func MetricByName(name string) (MetricID, bool) {
	m, ok := metricIndex[name]
	return m, ok
}

// metricIndex finds a catalog index by name.
var metricIndex = func() map[string]MetricID {
	m := make(map[string]MetricID, NumMetrics)
	for i, n := range MetricNames {
		m[n] = MetricID(i)
	}
	return m
}()

// Metrics is a point's measured metrics: a presence mask over the catalog and the present
// values packed in catalog order.
type Metrics struct {
	has  uint64
	vals []float64
}

// Get returns metric m and whether the point has it.
func (ms Metrics) Get(m MetricID) (float64, bool) {
	bit := uint64(1) << m
	if ms.has&bit == 0 {
		return 0, false
	}
	return ms.vals[bits.OnesCount64(ms.has&(bit-1))], true
}

// Has reports whether the point has metric m.
func (ms Metrics) Has(m MetricID) bool { return ms.has&(1<<m) != 0 }

// Len is how many metrics the point has.
func (ms Metrics) Len() int { return len(ms.vals) }

// Each calls fn with every present metric in catalog order.
func (ms Metrics) Each(fn func(m MetricID, v float64)) {
	i := 0
	for h := ms.has; h != 0; h &= h - 1 {
		fn(MetricID(bits.TrailingZeros64(h)), ms.vals[i])
		i++
	}
}

// metricSet is a full-width scratch of metrics while a row is read, packed when it is done.
type metricSet struct {
	has  uint64
	bad  uint64 // given but with a problem, so not also reported missing
	vals [NumMetrics]float64
}

func (s *metricSet) set(m MetricID, v float64) { s.has |= 1 << m; s.vals[m] = v }
func (s *metricSet) get(m MetricID) (float64, bool) {
	return s.vals[m], s.has&(1<<m) != 0
}

// pack returns the set as Metrics, its values in one allocation of their exact size.
func (s *metricSet) pack() Metrics {
	ms := Metrics{has: s.has, vals: make([]float64, 0, bits.OnesCount64(s.has))}
	for h := s.has; h != 0; h &= h - 1 {
		ms.vals = append(ms.vals, s.vals[bits.TrailingZeros64(h)])
	}
	return ms
}

// equal reports whether ms and o hold the same metrics with the same values.
func (ms Metrics) equal(o Metrics) bool {
	return ms.has == o.has && slices.Equal(ms.vals, o.vals)
}

// unpack is the inverse of pack.
func (ms Metrics) unpack() metricSet {
	var s metricSet
	ms.Each(func(m MetricID, v float64) { s.set(m, v) })
	return s
}
