package input

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testenv"
)

// The real LoadGen summaries of MLPerf Inference v5.1 in the shared data folder
// (public/PROVENANCE.md says where each comes from). Expected figures are the files' own,
// converted by hand from nanoseconds.

const mlperfDir = "public/clients/mlperf/"

// mlperfRuns gives a summary the context it lacks, as a publisher's frontier.toml would.
var mlperfRuns = func() *RawOptions {
	var o RawOptions
	for _, p := range []string{"*", "*/*", "*/*/*"} {
		o.Runs = append(o.Runs, Run{Path: p, Model: "llama2-70b", GPU: "b200", GPUs: 8, Framework: "trt", Precision: "fp4", ISL: 1024, OSL: 1024})
	}
	return &o
}()

func TestLoadGenServerSummaryFigures(t *testing.T) {
	data := testenv.SharedFile(t, mlperfDir+"ntuhpc__inference_results_v5.1__NVIDIA_B200x8_llama2-70b-99_Server_mlperf_log_summary.txt")
	if !IsLoadGenSummary(data) {
		t.Fatal("not told as a LoadGen summary")
	}
	rows, ps := decodeLoadGen("data/s.txt", "s.txt", data, mlperfRuns)
	if len(ps) > 0 {
		t.Fatalf("problems: %v", ps)
	}
	if len(rows) != 1 {
		t.Fatalf("%d rows, want 1", len(rows))
	}
	r := &rows[0]
	if r.conc != 0 || r.rate != 364 || r.raw.RequestRate != 364 || r.raw.Invalid || r.gpu != "b200" || r.raw.Topology.GPUs != 8 || r.sequence != "1k/1k" {
		t.Errorf("row %+v", r)
	}
	tpot := [...]float64{0.123320085, 0.126102896, 0.129712866, 0.132366416, 0.135876479}
	want := map[MetricID]float64{
		MOutputTputPerGPU: 99123.04 / 8, // "Completed tokens per second" over 8 GPUs
		MRequestRate:      364,          // its load (issue 44's request_rate column and axis)
		// E2E latency: Mean, 50.00, 90.00, 99.00, 99.90 percentile latency (ns)
		latencyMetric(3, 0): 33.924087207, latencyMetric(3, 1): 29.033671820, latencyMetric(3, 2): 62.067732802,
		latencyMetric(3, 3): 114.931185262, latencyMetric(3, 4): 131.825819784,
		// TTFT: ... first token latency (ns)
		latencyMetric(0, 0): 0.245904862, latencyMetric(0, 1): 0.244183931, latencyMetric(0, 2): 0.303431614,
		latencyMetric(0, 3): 0.436315697, latencyMetric(0, 4): 0.521628911,
		// TPOT: ... time to output token (ns)
		latencyMetric(1, 0): tpot[0], latencyMetric(1, 1): tpot[1], latencyMetric(1, 2): tpot[2],
		latencyMetric(1, 3): tpot[3], latencyMetric(1, 4): tpot[4],
		// interactivity = 1 / TPOT in seconds
		MMeanIntvty: 1 / tpot[0], MMedianIntvty: 1 / tpot[1], MP90Intvty: 1 / tpot[2], MP99Intvty: 1 / tpot[3], MP999Intvty: 1 / tpot[4],
	}
	wantMetrics(t, r, want)
	// LoadGen counts no input tokens: its point has no total and no input throughput, absent
	// (NaN) rather than a measured-looking 0, and output throughput as the file gives it.
	p := rawPointOf(r, "b200_trt")
	if p.HasTotal() || p.HasInput() || p.HasY() || p.OutputTputPerGpu != 99123.04/8 {
		t.Errorf("point: total %v, input %v, y %v, output %v; want total, input and y absent, output %v",
			p.TpPerGpu, p.InputTputPerGpu, p.Y, p.OutputTputPerGpu, 99123.04/8)
	}
	if q := p; !p.SameAs(&q) {
		t.Error("a point with absent figures is not the same as itself")
	}
}

func TestLoadGenInteractiveSummaryFigures(t *testing.T) {
	// The Interactive submission's summary says "Scenario : Server"; its tighter bounds and
	// its own target_qps (800) tell it apart from the Server run of the same system.
	data := testenv.SharedFile(t, mlperfDir+"ntuhpc__inference_results_v5.1__NVIDIA_B200x8_llama3.1-8b_Interactive_mlperf_log_summary.txt")
	rows, ps := decodeLoadGen("data/i.txt", "i.txt", data, mlperfRuns)
	if len(ps) > 0 || len(rows) != 1 {
		t.Fatalf("%d rows, problems: %v", len(rows), ps)
	}
	r := &rows[0]
	if r.rate != 800 {
		t.Errorf("rate %v, want target_qps 800", r.rate)
	}
	tpot := [...]float64{0.023388168, 0.023093092, 0.025448616, 0.027909564, 0.029643024}
	wantMetrics(t, r, map[MetricID]float64{
		MOutputTputPerGPU:   102902.54 / 8,
		MRequestRate:        800,
		latencyMetric(3, 0): 3.106793037, latencyMetric(3, 1): 3.066973971, latencyMetric(3, 2): 3.378030193,
		latencyMetric(3, 3): 3.699889056, latencyMetric(3, 4): 3.916206961,
		latencyMetric(0, 0): 0.113398388, latencyMetric(0, 1): 0.109262598, latencyMetric(0, 2): 0.129167119,
		latencyMetric(0, 3): 0.270456990, latencyMetric(0, 4): 0.374785647,
		latencyMetric(1, 0): tpot[0], latencyMetric(1, 1): tpot[1], latencyMetric(1, 2): tpot[2],
		latencyMetric(1, 3): tpot[3], latencyMetric(1, 4): tpot[4],
		MMeanIntvty: 1 / tpot[0], MMedianIntvty: 1 / tpot[1], MP90Intvty: 1 / tpot[2], MP99Intvty: 1 / tpot[3], MP999Intvty: 1 / tpot[4],
	})
}

// TestLoadGenEverySummary reads every summary of the folder: a Server summary is one point
// whose output throughput is its "Completed tokens per second" over the GPUs, an Offline one
// no point and one warning that says why, with the tokens per second it measured. The detail
// logs and CSV files beside them are not summaries.
func TestLoadGenEverySummary(t *testing.T) {
	dir := filepath.Join(testenv.SharedDir(t), filepath.FromSlash(mlperfDir))
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var server, offline int
	for _, e := range ents {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		summary := strings.HasSuffix(e.Name(), "_mlperf_log_summary.txt")
		if IsLoadGenSummary(data) != summary {
			t.Errorf("%s: told as a summary %t, want %t", e.Name(), !summary, summary)
			continue
		}
		if !summary {
			continue // mlperf_log_detail.txt, results.csv, summary.csv: not LoadGen summaries
		}
		kv, _ := parseLoadGen(e.Name(), data)
		rows, ps := decodeLoadGen(e.Name(), e.Name(), data, mlperfRuns)
		switch kv["scenario"].v {
		case "Server":
			server++
			if len(ps) > 0 || len(rows) != 1 {
				t.Errorf("%s: %d rows, problems %v", e.Name(), len(rows), ps)
				continue
			}
			got, _ := rows[0].raw.Metrics.Get(MOutputTputPerGPU)
			if want := mustFloat(t, kv["completed tokens per second"].v) / 8; !near(got, want) {
				t.Errorf("%s: output throughput per GPU %v, want %v", e.Name(), got, want)
			}
			if !rows[0].raw.Metrics.Has(MMedianIntvty) || !rows[0].raw.Metrics.Has(latencyMetric(0, 3)) {
				t.Errorf("%s: no median interactivity or p99 TTFT", e.Name())
			}
		case "Offline":
			offline++
			tps := kv["tokens per second"].v
			if len(rows) != 0 || len(ps) != 1 || !ps[0].Warning || !strings.Contains(ps[0].Msg, "Offline") ||
				!strings.Contains(ps[0].Msg, "measured "+strings.TrimRight(strings.TrimRight(tps, "0"), ".")+" output tokens") {
				t.Errorf("%s: %d rows, problems %v, want one warning with %s tokens/s", e.Name(), len(rows), ps, tps)
			}
		default:
			t.Errorf("%s: scenario %q", e.Name(), kv["scenario"].v)
		}
	}
	if server != 9 || offline != 13 {
		t.Errorf("%d Server and %d Offline summaries, want the folder's 9 and 13", server, offline)
	}
}

func mustFloat(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return f
}

// loadGenText is a short summary written for these tests, in LoadGen's own layout.
const loadGenText = `================================================
MLPerf Results Summary
================================================
SUT name : PySUT
Scenario : Server
Mode     : PerformanceOnly
Completed samples per second    : 10.00
Completed tokens per second: 4000.00
Result is : INVALID
  Performance constraints satisfied : NO
  Min duration satisfied : Yes
  Min queries satisfied : Yes
  Early stopping satisfied: NO
Recommendations:
 * Reduce target QPS to improve latency.

================================================
Additional Stats
================================================
Scheduled samples per second : 10.02
Mean latency (ns)               : 2000000000
50.00 percentile latency (ns)   : 1900000000
95.00 percentile latency (ns)   : 2500000000
Completed tokens per second                 : 4000.00
50.00 percentile first token latency (ns)   : 300000000
97.00 percentile first token latency (ns)   : 900000000
50.00 percentile time to output token (ns)   : 25000000

================================================
Test Parameters Used
================================================
samples_per_query : 1
target_qps : 10
`

func TestLoadGenInvalidRunIsKeptAndMarked(t *testing.T) {
	cfg := &RawOptions{Runs: []Run{{Path: "*", Model: "llama2-70b", GPU: "h200", GPUs: 4, Framework: "vllm", Precision: "fp8", ISL: 1024, OSL: 128}}}
	rows, ps := decodeLoadGen("data/s.txt", "s.txt", []byte(loadGenText), cfg)
	if len(ps) > 0 || len(rows) != 1 {
		t.Fatalf("%d rows, problems %v", len(rows), ps)
	}
	r := &rows[0]
	if !r.raw.Invalid || r.rate != 10 {
		t.Errorf("invalid %t, rate %v: want an invalid point at 10 requests/s", r.raw.Invalid, r.rate)
	}
	// p95 and p97 have no place in the catalog: left out, and nothing else made of them.
	wantMetrics(t, r, map[MetricID]float64{
		MOutputTputPerGPU: 1000, latencyMetric(3, 0): 2, latencyMetric(3, 1): 1.9, latencyMetric(0, 1): 0.3,
		latencyMetric(1, 1): 0.025, MMedianIntvty: 40, MRequestRate: 10,
	})
	pts, _ := RawPageDatasets([]*Dataset{mustRaw(t, rows)}, PageKey{rows[0].model, rows[0].sequence}, cfg, "")
	if len(pts) != 1 || !pts[0].Series[0].Points[0].Raw.Invalid {
		t.Errorf("the page's point is not marked invalid")
	}
}

// TestLoadGenWindowsLineEndings: a summary saved with CRLF line ends (and a byte order mark)
// reads as the same point.
func TestLoadGenWindowsLineEndings(t *testing.T) {
	crlf := "\xef\xbb\xbf" + strings.ReplaceAll(loadGenText, "\n", "\r\n")
	if !IsLoadGenSummary([]byte(crlf)) {
		t.Fatal("a CRLF summary is not told as one")
	}
	want, _ := decodeLoadGen("data/s.txt", "s.txt", []byte(loadGenText), mlperfRuns)
	got, ps := decodeLoadGen("data/s.txt", "s.txt", []byte(crlf), mlperfRuns)
	if len(ps) > 0 || len(got) != 1 || len(want) != 1 || got[0].rate != want[0].rate || got[0].raw.Invalid != want[0].raw.Invalid ||
		got[0].raw.Metrics.Len() != want[0].raw.Metrics.Len() {
		t.Errorf("CRLF: %d rows, problems %v", len(got), ps)
	}
}

func mustRaw(t *testing.T, rows []rawRow) *Dataset {
	t.Helper()
	ds, ps := rawDataset("s.txt", rows, nil)
	if ds == nil {
		t.Fatal(ps)
	}
	return ds
}

func TestLoadGenProblemsNameTheLine(t *testing.T) {
	bad := strings.Replace(loadGenText, "Completed tokens per second: 4000.00", "Completed tokens per second: fast", 1)
	bad = strings.Replace(bad, "50.00 percentile time to output token (ns)   : 25000000", "50.00 percentile time to output token (ns)   : -5", 1)
	rows, ps := decodeLoadGen("data/s.txt", "s.txt", []byte(bad), mlperfRuns)
	if len(rows) != 0 {
		t.Errorf("%d rows from a broken summary", len(rows))
	}
	got := ps.Error()
	for _, want := range []string{
		`data/s.txt:8: completed tokens per second: want a number, got "fast"`,
		`data/s.txt:24: completed tokens per second: warning: given twice: "4000.00" here, "fast" on line 8, which counts`,
		`data/s.txt:27: 50.00 percentile time to output token (ns): must not be negative, got -5`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("problems\n%s\nwant %s", got, want)
		}
	}
	// No context at all: the [[runs]] keys it lacks, the file's own problem being none.
	rows, ps = decodeLoadGen("data/s.txt", "s.txt", []byte(loadGenText), nil)
	if len(rows) != 0 || !strings.Contains(ps.Error(), "data/s.txt: no gpu: give it in the file or in a [[runs]] entry") {
		t.Errorf("without [[runs]]: %d rows, %v", len(rows), ps)
	}
}

func TestLoadGenScenariosWithoutAPoint(t *testing.T) {
	for _, tc := range []struct{ name, from, to, want string }{
		{"offline", "Scenario : Server", "Scenario : Offline", "an Offline run issues every query at once"},
		{"accuracy", "Mode     : PerformanceOnly", "Mode     : AccuracyOnly", `a LoadGen "AccuracyOnly" run measures no performance: no point`},
		{"multistream", "Scenario : Server", "Scenario : MultiStream", "not a scenario of an LLM benchmark"},
		{"not an LLM", "Completed tokens per second", "Completed things per second", `no "Completed tokens per second"`},
	} {
		text := strings.ReplaceAll(loadGenText, tc.from, tc.to)
		rows, ps := decodeLoadGen("data/s.txt", "s.txt", []byte(text), mlperfRuns)
		if len(rows) != 0 || len(ps) != 1 || !ps[0].Warning || !strings.Contains(ps[0].Msg, tc.want) {
			t.Errorf("%s: %d rows, problems %v, want one warning %q", tc.name, len(rows), ps, tc.want)
		}
	}
}

// TestLoadGenWalkReadsSummariesOnly: a .txt file is data only when its content is a LoadGen
// summary, whatever its name; other text files stay out of the build and are copied as before.
func TestLoadGenWalkReadsSummariesOnly(t *testing.T) {
	fsys := fstest.MapFS{
		"runs/a/mlperf_log_summary.txt": {Data: []byte(loadGenText)},
		"runs/renamed.txt":              {Data: []byte(loadGenText)},
		"runs/notes.txt":                {Data: []byte("MLPerf Results Summary of our week, by hand\n")},
		"runs/mlperf_log_detail.txt":    {Data: []byte(":::MLLOG {\"key\": \"x\"}\n")},
		"runs/header-only.txt":          {Data: []byte("MLPerf Results Summary\nwhat we saw: a lot\n")},
	}
	files, ps := Walk(fsys, "data/")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	var got []string
	for _, f := range files {
		got = append(got, f.Path)
	}
	if strings.Join(got, " ") != "runs/a/mlperf_log_summary.txt runs/renamed.txt" {
		t.Errorf("walk lists %v", got)
	}
	static, _ := LoadStatic(fsys, "data/")
	var copied []string
	for _, f := range static {
		copied = append(copied, f.Name)
	}
	if strings.Join(copied, " ") != "runs/header-only.txt runs/mlperf_log_detail.txt runs/notes.txt" {
		t.Errorf("copied as static files: %v", copied)
	}
	ds, dps := Load(fsys, "data/", mlperfRuns)
	if len(dps.Errors()) > 0 || len(ds) != 2 || len(ds[0].RawFile.Pages) != 1 {
		t.Errorf("Load: %d datasets, problems %v", len(ds), dps)
	}
}

func FuzzLoadGenSummary(f *testing.F) {
	f.Add([]byte(loadGenText))
	f.Add([]byte(strings.ReplaceAll(loadGenText, "\n", "\r\n")))
	f.Add([]byte(strings.Replace(loadGenText, "Server", "Offline", 1)))
	f.Add([]byte("MLPerf Results Summary\nScenario : Server\nCompleted tokens per second: 1e400\ntarget_qps : NaN\n"))
	f.Add([]byte("\xef\xbb\xbfMLPerf Results Summary\nScenario:SingleStream\nCompleted tokens per second:5\n50.00 percentile time to output token (ns):0\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		IsLoadGenSummary(data)
		rows, ps := decodeLoadGen("data/f.txt", "f.txt", data, mlperfRuns)
		if len(ps.Errors()) > 0 && len(rows) > 0 {
			t.Fatalf("rows kept beside errors: %v", ps)
		}
		for _, p := range ps {
			if p.File != "data/f.txt" || p.Line < 0 {
				t.Fatalf("problem not placed in the file: %+v", p)
			}
		}
		for i := range rows {
			rows[i].raw.Metrics.Each(func(m MetricID, v float64) {
				if v < 0 || v != v || v > 1e308 {
					t.Fatalf("%s = %v", MetricNames[m], v)
				}
			})
		}
	})
}
