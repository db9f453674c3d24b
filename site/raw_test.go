package site

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"os"
	"path"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/history"
	"github.com/frontier-bench/frontier/site/render"
)

// Raw results through the whole build: the real InferenceX files of ../shared/data/raw (beside
// the repository, never in it) as a site would hold them, below data/raw/.

// rawFS is the raw test files as a data folder, below raw/.
func rawFS(t testing.TB) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{}
	root := testenv.SharedPath(t, "raw")
	for _, dir := range []string{"inferencex-api", "inferencex-agg", "bench-serve/mi300x-sglang-fp8", "bench-serve/mi325x-sglang-fp8"} {
		entries, err := os.ReadDir(root + "/" + dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			b, err := os.ReadFile(root + "/" + dir + "/" + e.Name())
			if err != nil {
				t.Fatal(err)
			}
			fsys["raw/"+dir+"/"+e.Name()] = testsite.MapFile(b, 1)
		}
	}
	return fsys
}

// rawConfig gives the MI300X bench-serve files, which carry no context, their [[runs]] entry.
func rawConfig(t testing.TB) Config {
	t.Helper()
	cfg, ps := ParseConfig("frontier.toml", []byte(`
[[runs]]
path = "raw/bench-serve/mi300x-sglang-fp8/*.json"
gpu = "mi300x"
gpus = 8
framework = "sglang"
precision = "fp8"
isl = 1024
osl = 1024
`))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	return cfg
}

// pageJSON is what a test reads of page.json and history files.
type pageJSON struct {
	Date   string   `json:"date"`
	Dates  []string `json:"dates"`
	Cols   []string `json:"cols"`
	Series []struct {
		Key, Label, Vendor, Date string
		Points                   [][]any `json:"points"`
	} `json:"series"`
}

func readPageJSON(t *testing.T, files *Files, name string) pageJSON {
	t.Helper()
	b, ok := files.Get(name)
	if !ok {
		t.Fatalf("no %s", name)
	}
	var p pageJSON
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatal(err)
	}
	return p
}

func (p pageJSON) points() int {
	n := 0
	for _, s := range p.Series {
		n += len(s.Points)
	}
	return n
}

// TestRawSnapshotsAsOf: every distinct date is a snapshot; as of a date each configuration,
// topology and concurrency shows its newest row on or before it (configurations not re-run
// carry forward), undated agg rows are in every snapshot, bench-serve rows from their date on.
// Expected figures were counted from the files with a separate script.
func TestRawSnapshotsAsOf(t *testing.T) {
	t.Parallel()
	files, rep, err := build(t, rawFS(t), rawConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Pages != 1 || rep.Datasets != 13 || len(rep.Warnings) > 0 {
		t.Fatalf("report %+v", rep)
	}
	const dir = "deepseek-r1-0528/1k-1k/"
	page := readPageJSON(t, files, dir+"page.json")
	if len(page.Dates) != 64 || page.Dates[0] != "2026-06-11" || page.Dates[63] != "2025-11-02" {
		t.Fatalf("%d snapshots from %s to %s, want 64 from 2026-06-11 to 2025-11-02", len(page.Dates), page.Dates[0], page.Dates[len(page.Dates)-1])
	}
	if page.points() != 247 || len(page.Series) != 58 {
		t.Errorf("newest snapshot: %d points in %d series, want 247 in 58 configurations", page.points(), len(page.Series))
	}
	for date, want := range map[string]int{"2026-05-18": 217, "2025-11-02": 23} {
		b, err := history.SnapshotJSON(files, dir, date)
		if err != nil {
			t.Fatal(err)
		}
		var h pageJSON
		if err := json.Unmarshal(b, &h); err != nil {
			t.Fatal(err)
		}
		if h.points() != want {
			t.Errorf("snapshot %s: %d points, want %d", date, h.points(), want)
		}
		if !slices.Equal(h.Cols, page.Cols) {
			t.Errorf("snapshot %s: columns %v differ from the page's %v", date, h.Cols, page.Cols)
		}
	}
	// A configuration not re-run carries forward: h200 trt fp8's newest row is older.
	i := slices.IndexFunc(page.Series, func(s struct {
		Key, Label, Vendor, Date string
		Points                   [][]any `json:"points"`
	}) bool {
		return s.Key == "h200_trt@fp8"
	})
	if i < 0 || page.Series[i].Date >= "2026-06-11" || page.Series[i].Label != "H200 (TRTLLM)" || page.Series[i].Vendor != "NVIDIA" {
		t.Errorf("h200_trt@fp8 in the newest snapshot: %+v", page.Series[i])
	}
}

// TestRawDataCSVColumns: data.csv has the view's columns, then topology, image, runUrl and one
// column per metric the page's rows have, in catalog order; a row lacking a metric leaves it empty.
func TestRawDataCSVColumns(t *testing.T) {
	t.Parallel()
	files, _, err := build(t, rawFS(t), rawConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := files.Get("deepseek-r1-0528/1k-1k/data.csv")
	recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	head := recs[0]
	if !slices.Equal(head[:len(render.CSVHeader())], render.CSVHeader()) {
		t.Fatalf("header starts %v, want the view's %v", head[:len(render.CSVHeader())], render.CSVHeader())
	}
	extra := head[len(render.CSVHeader()):]
	for _, want := range []string{"topology", "image", "runUrl", "mean_intvty", "median_intvty", "p90_ttft", "median_ttft", "p99.9_e2el",
		"avg_power_w", "joules_per_total_token"} {
		if !slices.Contains(extra, want) {
			t.Errorf("data.csv has no column %s: %v", want, extra)
		}
	}
	if slices.Contains(extra, "tput_per_gpu") {
		t.Error("tput_per_gpu repeats tpPerGpu")
	}
	if slices.Index(extra, "median_ttft") > slices.Index(extra, "median_e2el") || slices.Index(extra, "avg_power_w") < slices.Index(extra, "std_e2el") {
		t.Errorf("metric columns out of catalog order: %v", extra)
	}
	col := func(name string) int { return len(render.CSVHeader()) + slices.Index(extra, name) }
	var power, noPower, linked int
	for _, r := range recs[1:] {
		if len(r) != len(head) {
			t.Fatalf("row of %d cells, header of %d", len(r), len(head))
		}
		if r[col("median_ttft")] == "" || r[col("topology")] == "" {
			t.Errorf("row %s lacks median_ttft or topology", r[9])
		}
		if r[col("avg_power_w")] == "" {
			noPower++
		} else {
			power++
		}
		if strings.HasPrefix(r[col("runUrl")], "https://github.com/") {
			linked++
		}
	}
	if power == 0 || noPower == 0 || linked == 0 {
		t.Errorf("%d rows with power, %d without, %d with a run URL; want some of each", power, noPower, linked)
	}
	// data.json: every metric of a point in its metrics object, and the topology.
	js, _ := files.Get("deepseek-r1-0528/1k-1k/data.json")
	var doc struct {
		Series []struct {
			Points []struct {
				Topology string             `json:"topology"`
				Metrics  map[string]float64 `json:"metrics"`
			} `json:"points"`
		} `json:"series"`
	}
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	pt := doc.Series[0].Points[0]
	if pt.Topology == "" || len(pt.Metrics) < 16 || pt.Metrics["median_ttft"] <= 0 || pt.Metrics["tpPerGpu"] <= 0 {
		t.Errorf("data.json point: topology %q, %d metrics: %v", pt.Topology, len(pt.Metrics), pt.Metrics)
	}
}

// TestRawAndViewShareAPage: a view that names the model as InferenceX's key does ("dsr1")
// lands on the raw results' page, and its date is the floor of the undated agg rows.
func TestRawAndViewShareAPage(t *testing.T) {
	t.Parallel()
	doc := testsite.Doc()
	doc["params"] = map[string]any{"model": "dsr1", "sequence": "1k/1k", "date": "2026-01-01"}
	data := fstest.MapFS{"view.json": {Data: testsite.Marshal(t, doc)}}
	agg := testenv.SharedFile(t, "raw/inferencex-agg/agg_bmk.json")
	data["agg.json"] = &fstest.MapFile{Data: agg}
	files, rep, err := build(t, data, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Pages != 1 {
		t.Fatalf("%d pages, want the view and the raw rows on one", rep.Pages)
	}
	page := readPageJSON(t, files, "deepseek-r1-0528/1k-1k/page.json")
	if !slices.Equal(page.Dates, []string{"2026-01-01"}) {
		t.Errorf("dates %v: undated rows should take the view's date", page.Dates)
	}
	if len(page.Series) < 7 {
		t.Errorf("%d series, want the agg rows' 6 configurations and the view's", len(page.Series))
	}
}

// TestRawUndatedOnlyPage: a page of undated rows alone (agg rows) is one snapshot without a
// date, and it is not empty.
func TestRawUndatedOnlyPage(t *testing.T) {
	t.Parallel()
	agg := testenv.SharedFile(t, "raw/inferencex-agg/agg_bmk.json")
	files, rep, err := build(t, fstest.MapFS{"agg.json": {Data: agg}}, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Points != 20 {
		t.Errorf("%d points, want the 20 agg rows", rep.Points)
	}
	if p := readPageJSON(t, files, "deepseek-r1-0528/1k-1k/page.json"); p.points() != 20 {
		t.Errorf("page.json holds %d points, want 20", p.points())
	}
}

// TestRawProblemsAllAtOnce: problems of several raw files, each with its file and place,
// fail the build together; a file that feeds two pages reports its problems once.
func TestRawProblemsAllAtOnce(t *testing.T) {
	t.Parallel()
	serve := `{"date": "20260101-120000", "model_id": "dsr1", "max_concurrency": 4, "total_token_throughput": 100,
		"output_throughput": 40, "median_tpot_ms": 0, "gpu": "b200", "gpus": "8", "framework": "vllm", "precision": "fp8", "isl": "1024", "osl": "1024"}`
	rows := `[{"hardware": "b200", "framework": "vllm", "precision": "fp8", "model": "dsr1", "isl": 1024, "osl": 1024, "conc": 4,
		"metrics": {"tput_per_gpu": 10, "median_intvty": 5}, "date": "2026-01-01"},
		{"hardware": "b200", "framework": "vllm", "precision": "fp8", "model": "dsr1", "isl": 1024, "osl": 8192, "conc": 4,
		"metrics": {"tput_per_gpu": "fast", "median_intvty": 5}, "date": "2026-01-01"}]`
	nogpus := `{"max_concurrency": 4, "total_token_throughput": 100, "output_throughput": 40, "median_tpot_ms": 10,
		"model_id": "dsr1", "gpu": "b200", "framework": "vllm", "precision": "fp8", "isl": "1024", "osl": "1024"}`
	data := fstest.MapFS{
		"runs/x.json": {Data: []byte(serve)},
		"rows.json":   {Data: []byte(rows)},
		"runs/y.json": {Data: []byte(nogpus)},
		"odd.json":    {Data: []byte(`[{"hw": "b200", "conc": 4}]`)},
	}
	_, _, err := build(t, data, DefaultConfig())
	var ps Problems
	if !errors.As(err, &ps) {
		t.Fatalf("want problems, got %v", err)
	}
	got := strings.Join(testsite.ProblemLines(ps.Errors()), "\n")
	for _, want := range []string{
		"data/runs/x.json: median_tpot_ms: must be greater than 0",
		`data/rows.json: [1].metrics.tput_per_gpu: want a number, got "fast"`,
		"data/runs/y.json: no gpus: give it in the file or in a [[runs]] entry of frontier.toml",
		"data/odd.json: not a benchmark file: its first row looks like InferenceX agg rows (it has hw, conc) but lacks tput_per_gpu",
	} {
		if strings.Count(got, want) != 1 {
			t.Errorf("want once: %s\ngot:\n%s", want, got)
		}
	}
}

// sameAsFreshBuild builds in with the preview's Builder b and with a one-off Build, and
// fails unless the two give the same files byte for byte; it returns the Builder's.
func sameAsFreshBuild(t *testing.T, b *Builder, in Input, step string) *Files {
	t.Helper()
	want := &Files{}
	if _, err := Build(in, want); err != nil {
		t.Fatalf("%s: %v", step, err)
	}
	got := &Files{}
	if _, err := b.Build(in, got); err != nil {
		t.Fatalf("%s: Builder: %v", step, err)
	}
	testsite.SameFiles(t, step, got, want)
	return got
}

// TestBuilderRebuildsAfterARawFileChanges: the preview's Builder, after an edit of one raw file
// or of the [[runs]] context, gives byte for byte what a fresh build gives.
func TestBuilderRebuildsAfterARawFileChanges(t *testing.T) {
	t.Parallel()
	data := rawFS(t)
	cfg := rawConfig(t)
	var b Builder
	check := func(step string) *Files {
		t.Helper()
		return sameAsFreshBuild(t, &b, Input{Data: data, Config: cfg, ECharts: fakeECharts, Dev: true}, step)
	}
	check("first build")
	const conc4 = "raw/bench-serve/mi325x-sglang-fp8/conc4.json"
	before, _ := check("unchanged").Get("deepseek-r1-0528/1k-1k/data.csv")
	edited := bytes.Replace(data[conc4].Data, []byte(`"median_ttft_ms": 93.80044811405241`), []byte(`"median_ttft_ms": 95.5`), 1)
	if bytes.Equal(edited, data[conc4].Data) {
		t.Fatal("the edit did not apply: the test no longer edits the file")
	}
	data[conc4] = testsite.MapFile(edited, 2)
	after, _ := check("edit a bench-serve file").Get("deepseek-r1-0528/1k-1k/data.csv")
	if bytes.Equal(before, after) || !bytes.Contains(after, []byte(",0.0955,")) {
		t.Error("data.csv does not show the edited median TTFT (0.0955 s)")
	}
	cfg.Runs[0].GPUs = 4
	check("change the [[runs]] context")
	delete(data, path.Join("raw/bench-serve/mi300x-sglang-fp8", "conc4.json"))
	check("remove a file")
}
