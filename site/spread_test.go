package site

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/problem"
)

// spreadSite is testsite.Runs, parsed: the four real `vllm bench serve` runs of one workload
// with one [[runs]] date, AIPerf's example export that completed 89 of its 100 requests, and a
// LoadGen summary on the AIPerf run's page; own is each JSON file as the file itself says.
func spreadSite(t *testing.T) (fstest.MapFS, Config, map[string]map[string]any) {
	t.Helper()
	data, toml := testsite.Runs(t)
	own := map[string]map[string]any{}
	for name, f := range data {
		var m map[string]any
		if json.Unmarshal(f.Data, &m) == nil {
			own[name] = m
		}
	}
	cfg, ps := ParseConfig("frontier.toml", toml)
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	return data, cfg, own
}

// TestRepeatedRealRunsAreOnePointEverywhere: the four real runs are one point of four runs,
// whose median and range data.json, data.csv, the page data and the API's view carry, each
// checked against the files' own figures; the AIPerf run that completed 89% of its requests is
// warned of, naming its file, and its page data marks it for the hollow marker.
func TestRepeatedRealRunsAreOnePointEverywhere(t *testing.T) {
	data, cfg, own := spreadSite(t)
	files, rep, err := build(t, data, cfg)
	if err != nil {
		t.Fatal(err)
	}
	warned := problem.Problems(rep.Warnings).Error()
	if !strings.Contains(warned, "data/aiperf/run1.json: warning: 89.0% of requests succeeded (89 of 100), under minSuccess 0.99") {
		t.Errorf("no warning of the AIPerf run's failed requests:\n%s", warned)
	}
	if strings.Contains(warned, "data/spark/") {
		t.Errorf("a warning of the bench-serve runs, which completed every request:\n%s", warned)
	}

	// The files' own medians of TPOT, as interactivity: the point's x is their median, its range theirs.
	var xs, totals []float64
	for _, name := range []string{"spark/run1.json", "spark/run2.json", "spark/run3.json", "spark/run4.json"} {
		xs = append(xs, 1000/own[name]["median_tpot_ms"].(float64))
		totals = append(totals, own[name]["total_token_throughput"].(float64))
	}
	slices.Sort(xs)
	slices.Sort(totals)
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

	page := ""
	for _, name := range files.Names() {
		if strings.HasSuffix(name, "/data.json") && strings.Contains(name, "gemma") {
			page = strings.TrimSuffix(name, "data.json")
		}
	}
	if page == "" {
		t.Fatalf("no page of the bench-serve runs: %v", files.Names())
	}
	js, _ := files.Get(page + "data.json")
	var doc struct {
		Series []struct {
			Points []struct {
				ID       int64                 `json:"id"`
				X        float64               `json:"x"`
				Y        float64               `json:"y"`
				Runs     int                   `json:"runs"`
				Range    map[string][2]float64 `json:"range"`
				Requests *struct {
					Completed, Attempted int64
					Success              float64
				} `json:"requests"`
			} `json:"points"`
		} `json:"series"`
	}
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Series) != 1 || len(doc.Series[0].Points) != 1 {
		t.Fatalf("data.json: want one point of four runs: %s", js)
	}
	pt := doc.Series[0].Points[0]
	if pt.Runs != 4 || !near(pt.X, (xs[1]+xs[2])/2) || !near(pt.Y, (totals[1]+totals[2])/2) {
		t.Errorf("point: %d runs, x %v, y %v; want 4, %v, %v", pt.Runs, pt.X, pt.Y, (xs[1]+xs[2])/2, (totals[1]+totals[2])/2)
	}
	if r := pt.Range["x"]; !near(r[0], xs[0]) || !near(r[1], xs[3]) {
		t.Errorf("x range %v, want [%v, %v]", r, xs[0], xs[3])
	}
	if r := pt.Range["tpPerGpu"]; !near(r[0], totals[0]) || !near(r[1], totals[3]) {
		t.Errorf("tpPerGpu range %v, want [%v, %v]", r, totals[0], totals[3])
	}
	if q := pt.Requests; q == nil || q.Completed != 800 || q.Attempted != 800 || q.Success != 1 {
		t.Errorf("requests %+v, want 800 of 800", q)
	}

	b, _ := files.Get(page + "data.csv")
	recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := func(name string) string {
		i := slices.Index(recs[0], name)
		if i < 0 {
			t.Fatalf("data.csv has no column %s: %v", name, recs[0])
		}
		return recs[1][i]
	}
	if col("runs") != "4" || col("x_min") != strconv.FormatFloat(xs[0], 'g', -1, 64) || col("tpPerGpu_max") != strconv.FormatFloat(totals[3], 'g', -1, 64) ||
		col("completed") != "800" || col("attempted") != "800" || col("success") != "1" {
		t.Errorf("data.csv: %v", recs)
	}

	html, _ := files.Get(page + "index.html")
	var pd struct {
		Spread []struct {
			ID   int64 `json:"id"`
			Runs int   `json:"runs"`
		} `json:"spread"`
	}
	if err := json.Unmarshal(scriptJSON(t, html, "page-data"), &pd); err != nil {
		t.Fatal(err)
	}
	if len(pd.Spread) != 1 || pd.Spread[0].ID != pt.ID || pd.Spread[0].Runs != 4 {
		t.Errorf("page data spread %+v, want point %d of 4 runs", pd.Spread, pt.ID)
	}

	// The point's detail lists the four runs, each with its file's own figures and requests.
	chunks, _ := details(t, files)
	var runs []struct {
		Place                string
		Figures              map[string]float64
		Completed, Attempted int64
	}
	for name, pts := range chunks {
		for _, dp := range pts {
			if strings.HasPrefix(name, page) && dp.ID == pt.ID {
				b, _ := json.Marshal(dp.Runs)
				if err := json.Unmarshal(b, &runs); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if len(runs) != 4 {
		t.Fatalf("the detail lists %d runs, want 4: %+v", len(runs), runs)
	}
	for i, r := range runs {
		name := fmt.Sprintf("spark/run%d.json", i+1)
		want := own[name]
		if r.Place != "data/"+name || !near4(r.Figures["tpPerGpu"], want["total_token_throughput"].(float64)) ||
			!near4(r.Figures["median_ttft"], want["median_ttft_ms"].(float64)/1000) || r.Completed != 200 || r.Attempted != 200 {
			t.Errorf("run %d in the detail: %+v, want %s's figures (total %v, median TTFT %v ms, 200 of 200 requests)",
				i, r, name, want["total_token_throughput"], want["median_ttft_ms"])
		}
	}

	var api int
	for _, name := range files.Names() {
		if strings.HasPrefix(name, "api/v1/views/") && strings.Contains(name, "gemma") {
			v, _ := files.Get(name)
			if bytes.Contains(v, []byte(`"runs":4`)) && bytes.Contains(v, []byte(`"range":{`)) && bytes.Contains(v, []byte(`"requests":{"completed":800,"attempted":800,"success":1}`)) {
				api++
			}
		}
	}
	if api != 1 {
		t.Errorf("%d API views carry the point's runs, range and requests, want 1", api)
	}

	// The AIPerf run's detail: its command line without the server's address.
	_, raw := details(t, files)
	command := 0
	for name, b := range raw {
		if strings.Contains(name, "gpt-oss") && bytes.Contains(b, []byte(`["cli_command","aiperf profile -m openai/gpt-oss-20b --streaming --num-requests 100 --concurrency 100 --endpoint-type chat --osl 250 --request-cancellation-rate 10 (1 option left out)"]`)) {
			command++
		}
		if bytes.Contains(b, []byte("localhost:9000")) {
			t.Errorf("%s holds the AIPerf server's address", name)
		}
	}
	if command == 0 {
		t.Error("no detail of the AIPerf run gives its command line")
	}

	// The AIPerf run's page: its requests and the site's minSuccess, for the hollow marker.
	for _, name := range files.Names() {
		if !strings.HasSuffix(name, "/index.html") || !strings.Contains(name, "gpt-oss") || strings.Count(name, "/") != 2 {
			continue
		}
		html, _ := files.Get(name)
		var pd struct {
			Requests []struct {
				Completed, Attempted int64
			} `json:"requests"`
			MinSuccess float64 `json:"minSuccess"`
		}
		if err := json.Unmarshal(scriptJSON(t, html, "page-data"), &pd); err != nil {
			t.Fatal(err)
		}
		if len(pd.Requests) != 1 || pd.Requests[0].Completed != 89 || pd.Requests[0].Attempted != 100 || pd.MinSuccess != 0.99 {
			t.Errorf("%s: requests %+v, minSuccess %v", name, pd.Requests, pd.MinSuccess)
		}
		return
	}
	t.Errorf("no page of the AIPerf run: %v", files.Names())
}

// near4 reports whether a detail's figure, written to four significant digits, is v.
func near4(got, v float64) bool { return math.Abs(got-v) <= 5e-4*math.Abs(v) }

// TestUnknownSuccessIsFadedBesideKnown: on a page with AIPerf's run, whose client counted its
// requests, and a real MLPerf LoadGen summary, which counts none, the summary's point is drawn
// faded (the page data's fadeUnknown) and the caption says what hollow and faded mean; a page
// of which no point's success is known keeps its markers and caption, and unknownSuccess =
// "full" turns the fading off.
func TestUnknownSuccessIsFadedBesideKnown(t *testing.T) {
	data, runs := testsite.Runs(t)
	data["trtllm/alone.json"] = &fstest.MapFile{Data: testenv.SharedFile(t, "public/clients/trtllm-bench/masahiro-kubota__trtllm-latency__rtx4070ti_longctx_in1024_out40_bs1.json")}
	toml := func(extra string) Config {
		cfg, ps := ParseConfig("frontier.toml", []byte(extra+string(runs)+`
[[runs]]
path = "trtllm/alone.json"
gpu = "rtx4070ti"
framework = "trt"
date = "2026-08-16"
`))
		if len(ps) > 0 {
			t.Fatal(ps)
		}
		return cfg
	}
	type pageData struct {
		Series []struct {
			Points [][]any `json:"points"`
		} `json:"series"`
		FadeUnknown bool `json:"fadeUnknown"`
	}
	pages := func(cfg Config) map[string]pageData {
		files, _, err := build(t, data, cfg)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]pageData{}
		for _, name := range files.Names() {
			if !strings.HasSuffix(name, "/index.html") || strings.Count(name, "/") != 2 || strings.HasPrefix(name, "api/") {
				continue
			}
			html, _ := files.Get(name)
			if !bytes.Contains(html, []byte(`id="page-data"`)) {
				continue
			}
			var pd pageData
			if err := json.Unmarshal(scriptJSON(t, html, "page-data"), &pd); err != nil {
				t.Fatal(err)
			}
			out[name] = pd
			caption := string(html[bytes.Index(html, []byte(`<figcaption`)):])
			caption = caption[:strings.Index(caption, "</figcaption>")]
			hollow, faded := strings.Contains(caption, "drawn hollow in its series"), strings.Contains(caption, "faded point")
			n := 0
			for _, s := range pd.Series {
				n += len(s.Points)
			}
			t.Logf("%s: %d points, fadeUnknown %v, caption hollow %v faded %v", name, n, pd.FadeUnknown, hollow, faded)
			if pd.FadeUnknown != faded {
				t.Errorf("%s: fadeUnknown %v, but the caption's faded sentence %v", name, pd.FadeUnknown, faded)
			}
		}
		return out
	}
	var mixed, alone string
	for name, pd := range pages(toml("")) {
		n := 0
		for _, s := range pd.Series {
			n += len(s.Points)
		}
		switch {
		case strings.Contains(name, "gpt-oss"):
			mixed = name
			if n != 2 || !pd.FadeUnknown {
				t.Errorf("%s: %d points, fadeUnknown %v; want AIPerf's and the summary's, the latter faded", name, n, pd.FadeUnknown)
			}
		case strings.Contains(name, "qwen"):
			alone = name
			if pd.FadeUnknown {
				t.Errorf("%s: no point's success is known, yet fadeUnknown", name)
			}
		}
	}
	if mixed == "" || alone == "" {
		t.Fatalf("no page of the AIPerf run and the report (%q) or of the report alone (%q)", mixed, alone)
	}
	if pd := pages(toml(`unknownSuccess = "full"`))[mixed]; pd.FadeUnknown {
		t.Errorf(`%s: unknownSuccess = "full", yet fadeUnknown`, mixed)
	}
	if _, ps := ParseConfig("frontier.toml", []byte(`unknownSuccess = "hollow"`)); len(ps) != 1 || !strings.Contains(ps[0].String(), `unknownSuccess: want "faded" or "full", got "hollow"`) {
		t.Errorf("a bad unknownSuccess: %v", ps)
	}
}

// TestRunsOfTwoDatasetsAreTwoPoints: a real SGLang sweep by request rate ran 4 and 8
// requests/s on the random dataset and on sharegpt, whose output throughputs lie 2x apart,
// with [[runs]] giving both one isl and osl. The dataset is part of a run's identity
// (docs/input-formats.md): seven lines are seven points, none "of 2 runs", and each point of
// a shared load has an id of its own.
func TestRunsOfTwoDatasetsAreTwoPoints(t *testing.T) {
	t.Parallel()
	fsys, cfg := realRateRuns(t)
	files, rep, err := build(t, fsys, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Points != 7 {
		t.Errorf("%d points, want 7: the random and sharegpt runs at 4 and 8 requests/s merged", rep.Points)
	}
	for _, w := range rep.Warnings {
		if strings.Contains(w.Msg, "repeated runs") {
			t.Errorf("runs of two datasets are warned of as repeated runs: %v", w)
		}
	}
	b, _ := files.Get("m/1k-1k/data.json")
	var doc struct {
		Series []struct {
			Points []struct {
				ID      int64              `json:"id"`
				Runs    int                `json:"runs"`
				Metrics map[string]float64 `json:"metrics"`
			} `json:"points"`
		} `json:"series"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	var outAt4 []float64
	ids := map[int64]bool{}
	for _, s := range doc.Series {
		for _, p := range s.Points {
			ids[p.ID] = true
			if p.Runs != 0 {
				t.Errorf("point %d is of %d runs", p.ID, p.Runs)
			}
			if p.Metrics["request_rate"] == 4 {
				outAt4 = append(outAt4, math.Round(p.Metrics["outputTputPerGpu"]))
			}
		}
	}
	slices.Sort(outAt4)
	// 746.08 and 2047.91 tok/s over 8 GPUs: the sharegpt line and the random one.
	if !slices.Equal(outAt4, []float64{93, 256}) || len(ids) != 7 {
		t.Errorf("at 4 requests/s: output per GPU %v, want [93 256]; %d ids, want 7", outAt4, len(ids))
	}
	// The reader tells them apart by the dataset each point's detail lists.
	_, raw := details(t, files)
	for _, want := range []string{`["dataset_name","random"]`, `["dataset_name","sharegpt"]`} {
		if n := bytes.Count(raw["m/1k-1k/detail-0.json.gz"], []byte(want)); n == 0 {
			t.Errorf("no point's detail lists %s", want)
		}
	}
}

// TestRepeatedRunsFarApartAreWarnedOf: two real SGLang sweeps (Llama 3.3 70B and Llama 3.1
// 405B on 8 H200s) given one context by a [[runs]] entry are, load by load, repeated runs of
// one point. Where their figures lie more than 25% apart, a warning names both files, rows and
// figures; the build goes on.
func TestRepeatedRunsFarApartAreWarnedOf(t *testing.T) {
	t.Parallel()
	fsys, cfg := realRateRuns(t)
	const file = "public/clients/sglang/datacrunch-h200_llama_405b_online_output.jsonl"
	fsys["runs/online405b.jsonl"] = testsite.MapFile(testenv.SharedFile(t, file), 1)
	_, rep, err := build(t, fsys, cfg)
	if err != nil {
		t.Fatal(err)
	}
	// At 8 requests/s on the random dataset: 3515.02 and 1820.65 output tok/s over 8 GPUs.
	const want = "data/runs/online.jsonl: [3]: warning: 2 repeated runs at 8 requests/s (one configuration, topology and date) differ by more than 25%: " +
		"tput_per_gpu 455.9 in data/runs/online405b.jsonl [3] and 880.2 in data/runs/online.jsonl [3]; output_tput_per_gpu 227.6 in data/runs/online405b.jsonl [3] and 439.4 in data/runs/online.jsonl [3]"
	if !strings.Contains(rep.Warnings.Error(), want) {
		t.Errorf("warnings lack %q:\n%s", want, rep.Warnings.Error())
	}
	// At 1 request/s the two lie within 25% (537 and 505 output tok/s): no warning.
	if strings.Contains(rep.Warnings.Error(), "at 1 requests/s") {
		t.Errorf("runs within 25%% of each other are warned of:\n%s", rep.Warnings.Error())
	}
}
