package site

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/frontier-bench/frontier/site/problem"
)

// mlperfSummary is a LoadGen summary written for these tests, in LoadGen's layout: a Server
// run that missed its latency bounds.
const mlperfSummary = `================================================
MLPerf Results Summary
================================================
SUT name : PySUT
Scenario : Server
Mode     : PerformanceOnly
Completed samples per second    : 10.00
Completed tokens per second: 4000.00
Result is : INVALID
  Performance constraints satisfied : NO

================================================
Additional Stats
================================================
Mean latency (ns)               : 2000000000
50.00 percentile latency (ns)   : 1900000000
50.00 percentile first token latency (ns)   : 300000000
99.00 percentile first token latency (ns)   : 900000000
50.00 percentile time to output token (ns)   : 25000000

================================================
Test Parameters Used
================================================
target_qps : 10
`

// mlperfSite is a data folder of LoadGen summaries (a Server run INVALID, another valid at
// another rate, an Offline run) and a note, with the [[runs]] entry that gives their context.
func mlperfSite(t *testing.T) (fstest.MapFS, Config) {
	t.Helper()
	valid := strings.Replace(strings.Replace(mlperfSummary, "INVALID", "VALID", 1), "target_qps : 10", "target_qps : 8", 1)
	offline := strings.Replace(mlperfSummary, "Scenario : Server", "Scenario : Offline", 1)
	data := fstest.MapFS{
		"mlperf/h200/Server/mlperf_log_summary.txt":      {Data: []byte(mlperfSummary)},
		"mlperf/h200/Interactive/mlperf_log_summary.txt": {Data: []byte(valid)},
		"mlperf/h200/Offline/mlperf_log_summary.txt":     {Data: []byte(offline)},
		"mlperf/h200/notes.txt":                          {Data: []byte("ran on a Tuesday\n")},
	}
	cfg, ps := ParseConfig("frontier.toml", []byte(`
[[runs]]
path = "mlperf/h200/*/mlperf_log_summary.txt"
model = "llama2-70b"
gpu = "h200"
gpus = 8
framework = "trt"
precision = "fp8"
isl = 1024
osl = 1024
`))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	return data, cfg
}

// TestMLPerfBuilderRebuildsAfterASummaryChanges: the preview's Builder reads summaries as a
// one-off build does, and after an edit (the INVALID run made VALID) gives the same bytes.
func TestMLPerfBuilderRebuildsAfterASummaryChanges(t *testing.T) {
	t.Parallel()
	data, cfg := mlperfSite(t)
	var b Builder
	in := Input{Data: data, Config: cfg, ECharts: fakeECharts, Dev: true}
	first := sameAsFreshBuild(t, &b, in, "first build")
	const server = "mlperf/h200/Server/mlperf_log_summary.txt"
	data[server] = &fstest.MapFile{Data: []byte(strings.Replace(mlperfSummary, "INVALID", "VALID", 1)), ModTime: data[server].ModTime.Add(time.Second)}
	second := sameAsFreshBuild(t, &b, in, "the INVALID run made VALID")
	for _, f := range []*Files{first, second} {
		for _, name := range f.Names() {
			if strings.HasSuffix(name, "/data.json") {
				js, _ := f.Get(name)
				if got := bytes.Count(js, []byte(`"invalid":true`)); (f == first) != (got == 1) {
					t.Errorf("%s: %d invalid points", name, got)
				}
			}
		}
	}
}

// TestMLPerfSummariesBuild: a folder of LoadGen summaries with a [[runs]] entry builds; the
// Server summaries are points (the INVALID one marked in data.json, data.csv, the page's data
// and its table), the Offline one gives no point and a warning, and a text file of notes is
// neither read nor a problem.
func TestMLPerfSummariesBuild(t *testing.T) {
	t.Parallel()
	data, cfg := mlperfSite(t)
	files, rep, err := build(t, data, cfg)
	if err != nil {
		t.Fatal(err)
	}
	warned := problem.Problems(rep.Warnings).Error()
	if !strings.Contains(warned, "data/mlperf/h200/Offline/mlperf_log_summary.txt:5: warning: an Offline run issues every query at once") {
		t.Errorf("warnings:\n%s", warned)
	}
	if strings.Contains(warned, "notes.txt") {
		t.Errorf("a text file of notes is a problem:\n%s", warned)
	}
	var page string
	for _, name := range files.Names() {
		if strings.HasSuffix(name, "/data.json") {
			page = strings.TrimSuffix(name, "data.json")
		}
	}
	if page == "" {
		t.Fatalf("no chart page: %v", files.Names())
	}
	js, _ := files.Get(page + "data.json")
	var doc struct {
		Series []struct {
			Points []struct {
				ID      int64              `json:"id"`
				Invalid bool               `json:"invalid"`
				Metrics map[string]float64 `json:"metrics"`
			} `json:"points"`
		} `json:"series"`
	}
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Series) != 1 || len(doc.Series[0].Points) != 2 {
		t.Fatalf("data.json: %s", js)
	}
	var invalidID int64
	for _, pt := range doc.Series[0].Points {
		if pt.Metrics["outputTputPerGpu"] != 500 || pt.Metrics["median_ttft"] != 0.3 || pt.Metrics["median_intvty"] != 40 {
			t.Errorf("point %d: metrics %v", pt.ID, pt.Metrics)
		}
		if pt.Invalid {
			invalidID = pt.ID
		}
	}
	if invalidID == 0 || !bytes.Contains(js, []byte(`"invalid":true`)) || bytes.Count(js, []byte(`"invalid"`)) != 1 {
		t.Errorf("data.json marks no point, or more than one, invalid: %s", js)
	}
	b, _ := files.Get(page + "data.csv")
	recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	last := len(recs[0]) - 1
	if recs[0][last] != "invalid" || len(recs) != 3 {
		t.Fatalf("data.csv: %v", recs)
	}
	if got := recs[1][last] + "," + recs[2][last]; got != "true,false" && got != "false,true" {
		t.Errorf("data.csv invalid cells %s", got)
	}
	html, _ := files.Get(page + "index.html")
	var pd struct {
		Invalid []int64 `json:"invalid"`
	}
	if err := json.Unmarshal(scriptJSON(t, html, "page-data"), &pd); err != nil {
		t.Fatal(err)
	}
	if len(pd.Invalid) != 1 || pd.Invalid[0] != invalidID {
		t.Errorf("page data invalid %v, want [%d]", pd.Invalid, invalidID)
	}
	if !bytes.Contains(html, []byte("(invalid run)")) {
		t.Error("the page's table does not mark the invalid run")
	}
	// The API's inference view of the page (/api/v1/views/MODEL/SEQUENCE/PRECISION.json).
	var marked int
	for _, name := range files.Names() {
		if strings.HasPrefix(name, "api/v1/views/") && strings.HasSuffix(name, "/fp8.json") {
			v, _ := files.Get(name)
			marked += bytes.Count(v, []byte(`"invalid":true`))
		}
	}
	if marked != 1 {
		t.Errorf("the API's views mark %d points invalid, want 1", marked)
	}
}
