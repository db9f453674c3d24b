package input

// What a raw result's file records of its run beyond the figures, for the point's detail
// (issue 47): the file, the client, its version, the settings the run was made with, the
// requests it completed and failed, and, where the file holds every request (SGLang's
// --output-details, vllm bench serve --save-detailed), the requests' distributions. Settings
// are read by a fixed list of keys per client (runSettings), never by a pattern: what a file
// writes beside them (API keys, headers, the model's path on the benchmark host) has no way
// into a page.

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"encoding/json/jsontext"

	"github.com/frontier-bench/frontier/internal/decimal"
)

// RunInfo is what a raw result's file says of its run. The rows of one file without settings
// of their own (InferenceX rows) share one.
type RunInfo struct {
	Path    string // the file's slash path below the data folder
	Client  string // the format's name, "SGLang bench_serving result"
	Version string // the client's or the serving framework's version where the file gives it
	// Settings are the run's settings the file records (runSettings' keys), in file order.
	Settings []Setting
	// Completed is the requests the client completed where the file says so but not how many
	// it sent (an SGLang line without its errors list), else -1: a point's counts of both are
	// RawPoint.Requests.
	Completed int64
	// Requests are the distributions of the file's per-request figures; nil for a file that
	// holds only its summary.
	Requests *Distribution
}

// Setting is one of a run's settings: its key as the file writes it (a nested key as
// "server_info.tp_size") and its value as text.
type Setting struct{ Key, Value string }

// Distribution is a run's per-request figures, reduced to what a page shows: a histogram of TTFT
// and of TPOT on a log scale, and the statistics computed from them (seconds).
type Distribution struct {
	N          int // requests with a TTFT
	TTFT, TPOT Histogram
	// Stats are statistics computed from the requests: catalog metric (the TTFT, TPOT and ITL
	// statistics) and value, in catalog order.
	Stats []Stat
}

// Stat is a computed value of a catalog metric.
type Stat struct {
	Metric MetricID
	Value  float64
}

// BinsPerDecade is how many histogram bins one power of ten spans.
const BinsPerDecade = 10

// Histogram counts values in bins of a log scale: bin k (k from Lo) holds the values from
// 10^(k/BinsPerDecade) seconds up to the next bin's start.
type Histogram struct {
	Lo     int
	Counts []int
}

// BinOf is the log-scale bin of v seconds (v > 0).
func BinOf(v float64) int { return int(math.Floor(math.Log10(v) * BinsPerDecade)) }

// histogram bins vs (seconds; values of 0 or less are left out).
func histogram(vs []float64) Histogram {
	var h Histogram
	lo, hi := math.MaxInt, math.MinInt
	for _, v := range vs {
		if v > 0 {
			b := BinOf(v)
			lo, hi = min(lo, b), max(hi, b)
		}
	}
	if lo > hi {
		return h
	}
	h.Lo, h.Counts = lo, make([]int, hi-lo+1)
	for _, v := range vs {
		if v > 0 {
			h.Counts[BinOf(v)-lo]++
		}
	}
	return h
}

// Percentile is the p-th percentile (0 to 100) of sorted values, interpolated linearly between
// the closest ranks, as numpy.percentile (which the clients use) computes it.
func Percentile(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return math.NaN()
	}
	k := float64(len(sorted)-1) * p / 100
	f := int(math.Floor(k))
	c := min(f+1, len(sorted)-1)
	return sorted[f] + (sorted[c]-sorted[f])*(k-float64(f))
}

// statsOf computes latency l's catalog statistics of vs (mean, median, p90, p99, p99.9, and
// the population standard deviation, as numpy.std), appending them to out.
func statsOf(out []Stat, l int, vs []float64) []Stat {
	if len(vs) == 0 {
		return out
	}
	s := slices.Clone(vs)
	slices.Sort(s)
	var sum float64
	for _, v := range s {
		sum += v
	}
	mean := sum / float64(len(s))
	var sq float64
	for _, v := range s {
		sq += (v - mean) * (v - mean)
	}
	vals := [6]float64{mean, Percentile(s, 50), Percentile(s, 90), Percentile(s, 99), Percentile(s, 99.9), math.Sqrt(sq / float64(len(s)))}
	for i, v := range vals {
		out = append(out, Stat{latencyMetric(l, i), v})
	}
	return out
}

// requestArrays gathers a file's per-request arrays while it is read: ttfts and itls in seconds,
// output_lens in tokens (SGLang's --output-details, vllm bench serve --save-detailed).
type requestArrays struct {
	ttfts   []float64
	itls    [][]float64
	outLens []int64
	any     bool
}

// read reads key k's array if it is one of the per-request arrays, and reports whether it was.
// The arrays are read leniently: a value that is not a number is left out, never a problem of
// the row, which stands on the file's own summary.
func (q *requestArrays) read(d *decoder, k string) bool {
	switch k {
	case "ttfts":
		q.ttfts = d.lenientNumbers(q.ttfts[:0])
	case "itls":
		if d.peek() != jsontext.KindBeginArray {
			d.skip()
			return true
		}
		d.delim()
		for d.peek() != jsontext.KindEndArray {
			q.itls = append(q.itls, d.lenientNumbers(nil))
		}
		d.delim()
	case "output_lens":
		for _, v := range d.lenientNumbers(nil) {
			q.outLens = append(q.outLens, int64(v))
		}
	default:
		return false
	}
	q.any = true
	return true
}

// lenientNumbers appends the numbers of the array that comes next to out (anything else in it
// is skipped, as is a value that is not an array).
func (d *decoder) lenientNumbers(out []float64) []float64 {
	if d.peek() != jsontext.KindBeginArray {
		d.skip()
		return out
	}
	d.delim()
	for d.peek() != jsontext.KindEndArray {
		k, raw := d.read()
		if k != jsontext.KindNumber {
			out = append(out, math.NaN())
			continue
		}
		v, err := decimal.Parse(raw)
		if err != nil || math.IsInf(v, 0) {
			v = math.NaN()
		}
		out = append(out, v)
	}
	d.delim()
	return out
}

// requests reduces the arrays to a Distribution, nil when the file held none. A request's TPOT is
// its time after the first token over its tokens after the first, as SGLang and vLLM compute
// it (the sum of its inter-token latencies stands for the time after the first token), for a
// request of more than one output token.
func (q *requestArrays) requests() *Distribution {
	if !q.any {
		return nil
	}
	valid := func(v float64) bool { return v >= 0 && !math.IsNaN(v) }
	var ttft, tpot, itl []float64
	for _, v := range q.ttfts {
		if valid(v) && v > 0 {
			ttft = append(ttft, v)
		}
	}
	for i, gaps := range q.itls {
		sum := 0.0
		ok := len(gaps) > 0
		for _, g := range gaps {
			if !valid(g) {
				ok = false
				break
			}
			sum += g
			itl = append(itl, g)
		}
		n := int64(len(gaps)) + 1
		if i < len(q.outLens) && q.outLens[i] > 0 {
			n = q.outLens[i]
		}
		if ok && n > 1 && sum > 0 {
			tpot = append(tpot, sum/float64(n-1))
		}
	}
	if len(ttft) == 0 && len(tpot) == 0 {
		return nil
	}
	r := &Distribution{N: max(len(ttft), len(tpot)), TTFT: histogram(ttft), TPOT: histogram(tpot)}
	r.Stats = statsOf(r.Stats, 0, ttft)
	r.Stats = statsOf(r.Stats, 1, tpot)
	r.Stats = statsOf(r.Stats, 2, itl)
	return r
}

// runSettings are the settings each client's file records that a point's detail shows, by
// key path (a nested key after a dot), per client: what a reader checking the run wants to
// see (the load, the dataset, the lengths asked for, the parallelism and precision the server
// ran with). Nothing else of a file is kept: keys that hold paths, addresses, headers or keys
// are on no list. A new client or release is a new row.
var runSettings = map[*format][]string{
	formatServe: {"backend", "endpoint_type", "label", "dataset_name", "num_prompts", "request_rate", "burstiness",
		"max_concurrency", "random_input_len", "random_output_len", "random_range_ratio", "tokenizer_id"},
	formatSGLang: {"backend", "dataset_name", "num_prompts", "request_rate", "max_concurrency", "random_input_len",
		"random_output_len", "random_range_ratio", "sharegpt_output_len", "server_info.tp_size", "server_info.dp_size",
		"server_info.ep_size", "server_info.pp_size", "server_info.enable_dp_attention", "server_info.dtype",
		"server_info.kv_cache_dtype", "server_info.quantization", "server_info.attention_backend",
		"server_info.speculative_algorithm", "server_info.chunked_prefill_size", "server_info.mem_fraction_static",
		"server_info.cuda_graph_max_bs", "server_info.max_running_requests", "server_info.schedule_policy",
		"server_info.context_length", "server_info.page_size"},
}

// workloadKeys are the settings, of any client's runSettings or aiperfSettings, that say what a
// run asked of the server: the dataset its prompts came from and the lengths it requested. Two
// runs of one configuration and load that differ in them ran different workloads (SGLang's
// random and sharegpt datasets give output throughputs twice apart), so they are two points,
// never repeated runs of one (docs/input-formats.md). A client whose file names its dataset
// under a new key is a new entry here.
var workloadKeys = []string{
	"dataset_name", "random_input_len", "random_output_len", "random_range_ratio", "sharegpt_output_len",
	"input.prompt.input_tokens.mean", "input.prompt.output_tokens.mean", "synthetic_input_tokens_mean",
	"output_tokens_mean", "prompt_source",
}

// workloadOf is a run's workload as its settings give it ("dataset_name random,
// random_input_len 1024, ..."), "" for a run without any of workloadKeys.
func workloadOf(run *RunInfo) string {
	if run == nil {
		return ""
	}
	var parts []string
	for _, s := range run.Settings {
		if slices.Contains(workloadKeys, s.Key) {
			parts = append(parts, s.Key+" "+s.Value)
		}
	}
	return strings.Join(parts, ", ")
}

// versionKeys are where a client's file gives a version, by key path: SGLang's bench_serving
// writes the server's (server_info, from its /get_server_info); vllm bench serve writes none.
var versionKeys = map[*format][]string{
	formatSGLang: {"server_info.version"},
}

// runReader reads the run of one point of a client's file as its keys come: settings and
// version by the client's lists, request counts, and the per-request arrays.
type runReader struct {
	info RunInfo
	q    requestArrays
	f    *format
}

func newRunReader(f *format, rel string) *runReader {
	return &runReader{f: f, info: RunInfo{Path: rel, Client: f.client, Completed: -1}}
}

// take reads key k of the point's object if the run needs it (a setting, a version, the
// server's settings, a per-request array), consuming its value, and reports whether it did.
// Keys that are figures too (request_rate, max_concurrency, completed) the caller reads and
// notes. k is the decoder's bytes, made a string only when taken: a file's other keys (its
// every figure) cost no allocation here.
func (r *runReader) take(d *decoder, k []byte) bool {
	switch {
	case listed(versionKeys[r.f], k), listed(runSettings[r.f], k):
		return r.setting(d, string(k))
	case string(k) == "server_info", string(k) == "ttfts", string(k) == "itls", string(k) == "output_lens":
		return r.read(d, string(k))
	}
	return false
}

// listed reports whether list holds k, without making k a string.
func listed(list []string, k []byte) bool {
	for _, s := range list {
		if s == string(k) {
			return true
		}
	}
	return false
}

// read takes key k (of the point's object, or "server_info.x" below it) if the run needs it,
// consuming its value, and reports whether it did.
func (r *runReader) read(d *decoder, k string) bool {
	if k == "server_info" && slices.ContainsFunc(runSettings[r.f], func(s string) bool { return strings.HasPrefix(s, "server_info.") }) {
		if d.peek() != jsontext.KindBeginObject {
			d.skip()
			return true
		}
		d.delim()
		var key []byte
		for d.peek() != jsontext.KindEndObject {
			_, name := d.read()
			key = append(append(key[:0], "server_info."...), name[1:len(name)-1]...)
			if !listed(versionKeys[r.f], key) && !listed(runSettings[r.f], key) || !r.setting(d, string(key)) {
				d.skip()
			}
		}
		d.delim()
		return true
	}
	if r.q.read(d, k) {
		return true
	}
	return false
}

// setting reads the value of key k as a setting or version if a list names it.
func (r *runReader) setting(d *decoder, k string) bool {
	if slices.Contains(versionKeys[r.f], k) {
		if v, ok := scalarText(d); ok && safeValue(v) {
			r.info.Version = v
		}
		return true
	}
	if !slices.Contains(runSettings[r.f], k) {
		return false
	}
	if v, ok := scalarText(d); ok && safeValue(v) {
		r.info.Settings = append(r.info.Settings, Setting{k, v})
	}
	return true
}

// note records a figure the caller reads itself as a setting too: v as the file wrote it.
func (r *runReader) note(k string, v float64, ok bool) {
	if ok && slices.Contains(runSettings[r.f], k) {
		r.info.Settings = append(r.info.Settings, Setting{k, strconv.FormatFloat(v, 'g', -1, 64)})
	}
}

// done is the run as read, for add1.
func (r *runReader) done() *RunInfo {
	info := r.info
	info.Requests = r.q.requests()
	return &info
}

// scalarText reads the value that comes next as text when it is a string, number or boolean
// (null and anything else: ok false), never reporting a problem.
func scalarText(d *decoder) (string, bool) {
	k, raw := d.read()
	switch k {
	case jsontext.KindString:
		return d.keep(raw), true
	case jsontext.KindNumber:
		return string(raw), true
	case jsontext.KindTrue:
		return "true", true
	case jsontext.KindFalse:
		return "false", true
	}
	return "", false
}

// safeValue reports whether a setting's value may be shown: short, printable, and neither a
// path on the benchmark host, an address nor anything like a credential, whatever its key.
func safeValue(v string) bool {
	if v == "" || len(v) > 120 || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") || strings.Contains(v, `:\`) {
		return false
	}
	low := strings.ToLower(v)
	for _, bad := range []string{"://", "bearer", "sk-", "token", "secret", "password", "api_key", "apikey", "authorization", "/workspace", "@"} {
		if strings.Contains(low, bad) {
			return false
		}
	}
	for _, c := range v {
		if c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f) {
			return false
		}
	}
	return true
}
