package input

import (
	"math"
	"os"
	"strings"
	"testing"
)

// The agentic files of testdata/agentic are written by the project, in the keys and units of
// InferenceX's agentic aggregator (utils/agentic/aggregation): no real agentic result is public.

func decodeAgentic(t *testing.T, rel string) ([]rawRow, []string) {
	t.Helper()
	data, err := os.ReadFile("testdata/agentic/" + rel)
	if err != nil {
		t.Fatal(err)
	}
	f, msg := sniffFormat(data)
	if f != formatAgg && f != formatAPI {
		t.Fatalf("%s: sniffed as %v %s", rel, f, msg)
	}
	rows, ps := decodeRaw(f, "data/"+rel, rel, data, &RawOptions{})
	var out []string
	for _, p := range ps {
		out = append(out, p.String())
	}
	return rows, out
}

func TestAgenticNestedAggregate(t *testing.T) {
	rows, ps := decodeAgentic(t, "agg_v1.json")
	if len(ps) != 0 || len(rows) != 1 {
		t.Fatalf("rows %d, problems %v", len(rows), ps)
	}
	r := &rows[0]
	if r.sequence != "agentic coding" || r.model != "DeepSeek-R1-0528" || r.gpu != "b200" || r.spec != "" || r.conc != 16 {
		t.Errorf("page %q %q, gpu %q spec %q conc %d", r.model, r.sequence, r.gpu, r.spec, r.conc)
	}
	for name, want := range map[string]float64{
		"tput_per_gpu": 3000, "input_tput_per_gpu": 2900, "median_intvty": 55.55556, "p75_intvty": 45.45455,
		"p90_intvty": 40, "p95_intvty": 33.33333, "mean_ttft": 1.2, "median_ttft": 0.8, "p75_ttft": 1.5,
		"p90_ttft": 2.6, "p95_ttft": 3.9, "std_ttft": 1.1, "p95_e2el": 35, "p90_itl": 0.025,
		"theoretical_cache_hit_rate": 0.93, "server_gpu_cache_hit_rate": 0.81, "server_cpu_cache_hit_rate": 0.07,
		"server_external_cache_hit_rate": 0.07, "gpu_kv_cache_usage_pct": 0.97, "kv_cache_pool_tokens": 1250000,
		"requests_warmup_dropped": 16, "requests_error_dropped": 4, "allocated_cpu_dram_gb": 512, "avg_power_w": 910,
	} {
		if got := metric(t, r, name); got != want {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	a := r.raw.Agentic
	if a == nil || a.Spec != "mtp" || a.Offload != "cpu" || a.Backend.String() != "LMCache 0.3.9" || a.Router.String() != "vllm-router 0.1.2" ||
		a.Profiled != 400 || a.Total != 420 || len(a.Errors) != 2 || a.Errors[0] != (Count{"ServerDisconnectedError", 1}) || a.PowerInvalid {
		t.Errorf("facts %+v", a)
	}
	if r.raw.Requests != (Requests{Completed: 400, Attempted: 404}) {
		t.Errorf("requests %+v: warmup drops are no failures, error drops are", r.raw.Requests)
	}
	if got := a.Facts(); got != "MTP · KV offload cpu (LMCache 0.3.9)" {
		t.Errorf("facts %q", got)
	}
	if r.seriesKey() != "b200_vllm" || r.raw.Topology.String() != "TP8" {
		t.Errorf("series %q topology %q: speculative decoding is a fact, not a series", r.seriesKey(), r.raw.Topology.String())
	}
}

func TestAgenticFlatAggregateWithInvalidPower(t *testing.T) {
	rows, ps := decodeAgentic(t, "agg_v0.json")
	if len(rows) != 1 || len(ps) != 1 || !strings.Contains(ps[0], "power_valid: warning: power_valid is 0") || !strings.Contains(ps[0], "data/agg_v0.json") {
		t.Fatalf("rows %d, problems %v: want the point kept with one warning", len(rows), ps)
	}
	r := &rows[0]
	if r.raw.Metrics.Has(MAvgPowerW) || !r.raw.Agentic.PowerInvalid {
		t.Error("power figures kept from invalid telemetry")
	}
	if r.raw.Metrics.Has(MCPUDRAMGB) || r.raw.Agentic.Offload != "" {
		t.Error("allocated_cpu_dram_gb 0 without offload is not a measured 0")
	}
	if got := metric(t, r, "median_ttft"); got != 1.4 {
		t.Errorf("p50_ttft read as median_ttft %v", got)
	}
	if got := metric(t, r, "p90_intvty"); got != 25 {
		t.Errorf("p90_intvty %v", got)
	}
	if got := metric(t, r, "median_intvty"); got != 35.71429 {
		t.Errorf("median_intvty %v", got)
	}
	if r.raw.Requests != (Requests{Completed: 198, Attempted: 198}) {
		t.Errorf("requests %+v", r.raw.Requests)
	}
}

func TestAgenticAPIRows(t *testing.T) {
	rows, ps := decodeAgentic(t, "api_rows.json")
	if len(ps) != 0 || len(rows) != 1 {
		t.Fatalf("rows %d problems %v", len(rows), ps)
	}
	r := &rows[0]
	if r.sequence != "agentic coding" || metric(t, r, "p90_intvty") != 22 || metric(t, r, "median_intvty") != 30 || r.date != "2026-11-20" {
		t.Errorf("row %+v", r)
	}
}

func TestAgenticProblems(t *testing.T) {
	data, _ := os.ReadFile("testdata/agentic/agg_v1.json")
	s := strings.Replace(string(data), `"records_profiled": 400`, `"records_profiled": 0`, 1)
	for _, key := range []string{`"itl"`, `"tpot"`, `"intvty"`} { // no interactivity, nor what it derives from
		i := strings.Index(s, key)
		j := i + strings.Index(s[i:], "}")
		s = s[:i] + `"x": {` + s[j:]
	}
	_, ps := decodeRaw(formatAgg, "data/a/agg.json", "a/agg.json", []byte(s), &RawOptions{})
	got := ps.Error()
	for _, want := range []string{
		"data/a/agg.json: request_accounting.records_profiled: no profiled request",
		"data/a/agg.json: request_metrics.latency.intvty.p90: missing required field",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("problems lack %q:\n%s", want, got)
		}
	}
}

func TestAgenticLengthsFit(t *testing.T) {
	// A lognormal sample by its quantiles: e^(mu + sigma z) at evenly spaced probabilities.
	const mu, sigma = 9.0, 1.2
	var tokens []int64
	for i := range 2000 {
		p := (float64(i) + 0.5) / 2000
		z := math.Sqrt2 * math.Erfinv(2*p-1)
		tokens = append(tokens, int64(math.Round(math.Exp(mu+sigma*z))))
	}
	tokens = append(tokens, 0, 0, 0)
	l := lengthsOf(tokens)
	if l.Zero != 3 || l.N != 2000 {
		t.Errorf("zero %d, binned %d: zero-token requests are counted apart", l.Zero, l.N)
	}
	if math.Abs(l.Mu-mu) > 0.01 || math.Abs(l.Sigma-sigma) > 0.02 || l.KS > 0.01 {
		t.Errorf("fit mu %v sigma %v ks %v", l.Mu, l.Sigma, l.KS)
	}
	if med := l.Median(); math.Abs(med-math.Exp(mu))/math.Exp(mu) > 0.01 {
		t.Errorf("median %v", med)
	}
	var n int64
	for _, c := range l.Counts {
		n += c
	}
	if n != 2000 || len(l.Edges) != len(l.Counts)+1 || l.Edges[len(l.Edges)-1]/l.Edges[0] < 100 {
		t.Errorf("bins %v edges %v", l.Counts, l.Edges)
	}
	// A uniform sample is no lognormal: the distance says so.
	var flat []int64
	for i := range 1000 {
		flat = append(flat, int64(1000+i*30))
	}
	if ks := lengthsOf(flat).KS; ks < 0.03 {
		t.Errorf("uniform sample KS %v", ks)
	}
}

// TestAgenticAggregateAsYourRun: an agentic aggregate a reader drops on a page ("your run",
// the same decoder in the browser) gives that page's model and scenario, its point's x its p90
// interactivity, as the build does.
func TestAgenticAggregateAsYourRun(t *testing.T) {
	data, err := os.ReadFile("testdata/agentic/agg_v1.json")
	if err != nil {
		t.Fatal(err)
	}
	pages, ps := ReadRun("agg_v1.json", data, nil)
	if len(ps) != 0 || len(pages) != 1 {
		t.Fatalf("pages %v, problems %v", pages, ps)
	}
	if pages[0].Page != (PageKey{"DeepSeek-R1-0528", "agentic coding"}) {
		t.Errorf("page %v", pages[0].Page)
	}
	pt := pages[0].Datasets[0].Series[0].Points[0]
	if pt.X != 40 || !pt.IsAgentic() || pages[0].Datasets[0].XAxis.Field != "p90_intvty" {
		t.Errorf("point x %v agentic %v, dataset x %q", pt.X, pt.IsAgentic(), pages[0].Datasets[0].XAxis.Field)
	}
}
