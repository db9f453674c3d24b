package site

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/site/render"
)

// aiperfExport is an AIPerf profile export (profile_export_aiperf.json) as its later releases
// write it, every metric at the top level with its unit; ttft is its time_to_first_token
// object's statistics, so a test can leave the median (p50) out, as a client may.
func aiperfExport(conc int, ttft string) []byte {
	tpot := 40.0 / float64(conc)
	return fmt.Appendf(nil, `{
  "time_to_first_token": {"unit": "ms", %s},
  "inter_token_latency": {"unit": "ms", "avg": %g, "p50": %g, "p90": %g, "p99": %g, "std": 0.5},
  "request_latency": {"unit": "ms", "avg": %g, "p50": %g, "p90": %g, "p99": %g},
  "output_token_throughput": {"unit": "tokens/sec", "avg": %d},
  "total_token_throughput": {"unit": "tokens/sec", "avg": %d},
  "request_throughput": {"unit": "requests/sec", "avg": %g},
  "input_config": {"endpoint": {"model_names": ["Qwen/Qwen3-8B"], "streaming": true}, "loadgen": {"concurrency": %d}},
  "start_time": "2026-08-04T10:00:00Z"
}`, ttft, 1/tpot, 1/tpot, 1.1/tpot, 1.2/tpot, 900+1e3/tpot, 880+1e3/tpot, 950+1e3/tpot, 990+1e3/tpot, 100*conc, 200*conc, 0.1*float64(conc), conc)
}

// ttftStats are a full set of TTFT statistics, in ms, the median 50 + conc.
func ttftStats(conc int) string {
	return fmt.Sprintf(`"avg": %d, "p50": %d, "p90": %d, "p99": %d, "std": 9`, 60+conc, 50+conc, 80+conc, 90+conc)
}

// mediansSite is two configurations of AIPerf runs: H100 at concurrencies 4, 8 and 16, B200 at
// 4 and 8; lack names the runs ("h100/c16") whose TTFT gives no median, only its mean and p99.
func mediansSite(lack ...string) (fstest.MapFS, string) {
	fsys := fstest.MapFS{}
	for gpu, concs := range map[string][]int{"h100": {4, 8, 16}, "b200": {4, 8}} {
		for _, c := range concs {
			run := fmt.Sprintf("%s/c%d", gpu, c)
			ttft := ttftStats(c)
			if slices.Contains(lack, run) {
				ttft = fmt.Sprintf(`"avg": %d, "p99": %d`, 60+c, 90+c)
			}
			fsys["aiperf/"+run+"/profile_export_aiperf.json"] = &fstest.MapFile{Data: aiperfExport(c, ttft)}
		}
	}
	toml := ""
	for _, gpu := range []string{"b200", "h100"} {
		toml += fmt.Sprintf("[[runs]]\npath = \"aiperf/%s/*/*.json\"\ngpu = %q\ngpus = 1\nframework = \"vllm\"\nprecision = \"fp8\"\nisl = 1024\nosl = 1024\n", gpu, gpu)
	}
	return fsys, toml
}

func buildMedians(t *testing.T, lack ...string) (*Files, pageData) {
	t.Helper()
	fsys, toml := mediansSite(lack...)
	cfg, ps := ParseConfig("frontier.toml", []byte(toml))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	files, report, err := build(t, fsys, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if report != nil && len(report.Warnings) > 0 {
		t.Errorf("warnings: %v", report.Warnings)
	}
	b, ok := files.Get("qwen3-8b/1k-1k/page.json")
	if !ok {
		t.Fatal("no qwen3-8b/1k-1k/page.json")
	}
	var pd pageData
	if err := json.Unmarshal(b, &pd); err != nil {
		t.Fatal(err)
	}
	return files, pd
}

// pageData is what these tests read of page.json.
type pageData struct {
	render.PageData
	Series []struct {
		render.SeriesData
		Points [][]any `json:"points"`
	} `json:"series"`
}

// cell is column name of a point, NaN when it is null.
func (pd pageData) cell(pt []any, name string) float64 {
	i := slices.Index(pd.Cols, name)
	if v, ok := pt[i].(float64); ok && i >= 0 {
		return v
	}
	return math.NaN()
}

// TestXAxisOfferedWhenSomePointsLackIt: one AIPerf run reports no median TTFT. The median
// TTFT axis is still offered (the other points have it); that point has no value there, not
// its mean or p99 in its place, and keeps its place on every axis it has.
func TestXAxisOfferedWhenSomePointsLackIt(t *testing.T) {
	files, pd := buildMedians(t, "h100/c16")
	var keys []string
	for _, x := range pd.XAxes {
		keys = append(keys, x.Key)
	}
	if want := []string{"median_intvty", "p90_intvty", "p99_intvty", "median_ttft", "p90_ttft", "p99_ttft", "median_e2el", "p90_e2el", "p99_e2el", "conc"}; !slices.Equal(keys, want) {
		t.Errorf("x axes %v, want %v", keys, want)
	}
	lacking, having := 0, 0
	for _, s := range pd.Series {
		for _, pt := range s.Points {
			conc := pd.cell(pt, "conc")
			med, mean, p99 := pd.cell(pt, "median_ttft"), pd.cell(pt, "mean_ttft"), pd.cell(pt, "p99_ttft")
			if math.IsNaN(pd.cell(pt, "x")) || math.IsNaN(p99) || math.IsNaN(mean) {
				t.Errorf("%s at %v: interactivity, mean and p99 TTFT %v %v %v: want every figure the file gives", s.Name, conc, pd.cell(pt, "x"), mean, p99)
			}
			if strings.HasPrefix(s.Name, "H100") && conc == 16 {
				lacking++
				if !math.IsNaN(med) {
					t.Errorf("%s at %v: median TTFT %v, want none: the file reports no median", s.Name, conc, med)
				}
				continue
			}
			having++
			if want := (50 + conc) / 1000; math.Abs(med-want) > 1e-9 {
				t.Errorf("%s at %v: median TTFT %v, want the file's p50, %v s", s.Name, conc, med, want)
			}
		}
	}
	if lacking != 1 || having != 4 {
		t.Errorf("%d points lack a median TTFT and %d have it, want 1 and 4", lacking, having)
	}
	page, _ := files.Get("qwen3-8b/1k-1k/index.html")
	if !strings.Contains(string(page), `<option value="median_ttft">`) {
		t.Error("the page's x axis menu does not offer the median TTFT")
	}
	csv, _ := files.Get("qwen3-8b/1k-1k/data.csv")
	if !strings.Contains(string(csv), "median_ttft") {
		t.Error("data.csv has no median_ttft column")
	}
}

// TestXAxisNotOfferedWhenNoPointHasIt: when no run reports a median TTFT, the page offers no
// median TTFT axis, and still offers the p99 TTFT every run reports.
func TestXAxisNotOfferedWhenNoPointHasIt(t *testing.T) {
	_, pd := buildMedians(t, "h100/c4", "h100/c8", "h100/c16", "b200/c4", "b200/c8")
	var keys []string
	for _, x := range pd.XAxes {
		keys = append(keys, x.Key)
	}
	if slices.Contains(keys, "median_ttft") || !slices.Contains(keys, "p99_ttft") || slices.Contains(pd.Cols, "median_ttft") {
		t.Errorf("x axes %v, cols %v: want p99 TTFT and no median TTFT", keys, pd.Cols)
	}
}
