package site

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testsite"
)

// weightRuns are the series of the weight comparison: ten GPU and framework pairs of twenty
// concurrencies each, 200 points.
var weightRuns = [][2]string{{"b200", "vllm"}, {"b200", "sglang"}, {"b300", "trt"}, {"b300", "vllm"}, {"h100", "vllm"},
	{"h200", "sglang"}, {"h200", "trt"}, {"mi300x", "vllm"}, {"mi325x", "sglang"}, {"mi355x", "sglang"}}

// weightPoint is point j of series i's figures, the same for the fixed-length and the agentic
// file: throughput per GPU, ITL in seconds at each statistic, TTFT and E2E, and its requests.
type weightPoint struct {
	conc                    int
	total, out              float64
	itl, ttft, e2el         [6]float64 // mean, p50, p75, p90, p95, std
	attempted, completed    int
	theoretical, gpuHit, kv float64
}

func weightPointOf(i, j int) weightPoint {
	f := 1 + 0.037*float64(i) + 0.0013*float64(j*j%17)
	p := weightPoint{conc: 4 * (j + 1), attempted: 640 + 37*j, theoretical: 0.9 + 0.001*float64(j), gpuHit: 0.7 + 0.003*float64(i), kv: 0.5 + 0.02*float64(j)}
	p.completed = p.attempted - (i+j)%3
	p.total = math.Round(9000*f/float64(1+j)*1000) / 1000
	p.out = math.Round(p.total*0.08*1000) / 1000
	for k, s := range []float64{1, 0.9, 1.1, 1.3, 1.5, 0.4} {
		p.itl[k] = math.Round(0.01*f*(1+0.15*float64(j))*s*1e6) / 1e6
		p.ttft[k] = math.Round(0.4*f*(1+0.3*float64(j))*s*1e4) / 1e4
		p.e2el[k] = math.Round(6*f*(1+0.2*float64(j))*s*1e4) / 1e4
	}
	return p
}

// weightData is the fixed-length page's data folder (bench-serve files, statistics in ms) and
// the agentic page's (flat aggregates, in seconds), of the same series, points and requests.
func weightData() (fixed, agentic fstest.MapFS) {
	fixed, agentic = fstest.MapFS{}, fstest.MapFS{}
	stats := []string{"mean", "median", "p75", "p90", "p95", "std"}
	for i, r := range weightRuns {
		for j := range 20 {
			p := weightPointOf(i, j)
			var fb, ab strings.Builder
			fmt.Fprintf(&fb, `{"model": "Weight-Model", "gpu": %q, "framework": %q, "precision": "fp8", "gpus": 8, "isl": 8192, "osl": 1024,
 "date": "2026-11-30", "max_concurrency": %d, "num_prompts": %d, "completed": %d, "failed": %d,
 "total_token_throughput": %g, "output_throughput": %g`, r[0], r[1], p.conc, p.attempted, p.completed, p.attempted-p.completed, p.total*8, p.out*8)
			fmt.Fprintf(&ab, `{"model": "Weight-Model", "hw": %q, "framework": %q, "precision": "fp8", "tp": 8, "ep": 1, "dp_attention": "false",
 "scenario_type": "agentic-coding", "spec_decoding": "none", "disagg": false, "kv_offloading": "none", "date": "2026-11-30",
 "conc": %d, "num_requests_total": %d, "num_requests_successful": %d, "tput_per_gpu": %g, "output_tput_per_gpu": %g, "input_tput_per_gpu": %g,
 "theoretical_cache_hit_rate": %g, "server_gpu_cache_hit_rate": %g, "gpu_kv_cache_usage_pct": %g, "power_valid": 0`,
				r[0], r[1], p.conc, p.attempted, p.completed, p.total, p.out, math.Round((p.total-p.out)*1000)/1000, p.theoretical, p.gpuHit, p.kv)
			for k, s := range stats {
				fmt.Fprintf(&fb, `, "%s_itl_ms": %g, "%[1]s_tpot_ms": %[2]g, "%[1]s_ttft_ms": %g, "%[1]s_e2el_ms": %g`, s, p.itl[k]*1000, p.ttft[k]*1000, p.e2el[k]*1000)
				a := strings.Replace(s, "median", "p50", 1)
				fmt.Fprintf(&ab, `, "%s_itl": %g, "%[1]s_tpot": %[2]g, "%[1]s_ttft": %g, "%[1]s_e2el": %g`, a, p.itl[k], p.ttft[k], p.e2el[k])
				if s != "mean" && s != "std" {
					fmt.Fprintf(&ab, `, "%s_intvty": %g`, a, math.Round(1/p.itl[k]*1e4)/1e4)
				}
			}
			name := fmt.Sprintf("%s-%s/conc%d.json", r[0], r[1], j)
			fixed["fixed/"+name] = testsite.MapFile([]byte(fb.String()+"}\n"), 1)
			agentic["agentic-coding/"+name] = testsite.MapFile([]byte(ab.String()+"}\n"), 1)
		}
	}
	return fixed, agentic
}

// weightOf is what a reader's browser fetches of a chart page's own, gzipped: at load, before
// any interaction, its HTML (with #page-data); once the reader reaches for the chart, that and
// rest.json.gz where the page has one (livechart.js's loadLight). The scripts and styles are
// the same for every page; columns.json.gz and the details wait for the chooser and a point.
func weightOf(t *testing.T, files *Files, dir string) (atLoad, reached int) {
	t.Helper()
	page, ok := files.Get(dir + "index.html")
	if !ok {
		t.Fatalf("no %sindex.html: %v", dir, files.Names())
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(page)
	zw.Close()
	atLoad, reached = buf.Len(), buf.Len()
	if rest, ok := files.Get(dir + "rest.json.gz"); ok {
		reached += len(rest)
	}
	return atLoad, reached
}

// TestAgenticPageWeight (issue 53's budget, docs/development.md): an agentic page of 200
// points weighs, at load, within 10% of a fixed-length page of the same 200 points (series,
// concurrencies, throughputs, latency statistics and request counts). What only the detail,
// the column chooser or another x axis shows comes later (columns.json.gz, the detail).
func TestAgenticPageWeight(t *testing.T) {
	t.Parallel()
	fixed, agentic := weightData()
	weigh := func(data fstest.MapFS, dir string) (int, int) {
		files, rep, err := build(t, data, Config{})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Points != 200 {
			t.Fatalf("%s: %d points, want 200", dir, rep.Points)
		}
		return weightOf(t, files, dir)
	}
	f, fReached := weigh(fixed, "weight-model/8k-1k/")
	a, aReached := weigh(agentic, "weight-model/agentic-coding/")
	t.Logf("gzipped, at load: fixed-length %d bytes, agentic %d (%+.1f%%); once the chart is reached: %d, %d (%+.1f%%)",
		f, a, 100*(float64(a)/float64(f)-1), fReached, aReached, 100*(float64(aReached)/float64(fReached)-1))
	if float64(a) > 1.1*float64(f) {
		t.Errorf("the agentic page weighs %d bytes at load, over 110%% of the fixed-length page's %d", a, f)
	}
}
