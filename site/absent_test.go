package site

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/realfiles"
	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/internal/testsite"
)

// loadGenServer is a real LoadGen Server summary (output tokens per second only: LoadGen
// counts no input tokens) and its [[runs]] entry, from internal/realfiles' table.
const loadGenServer = "mlperf/ntuhpc__inference_results_v5.1__NVIDIA_B200x8_llama2-70b-99_Server_mlperf_log_summary.txt"

// loadGenSite is a data folder of the real summary, with more beside it when extra is given,
// and the config that gives the summary its context (and date, "" for none).
func loadGenSite(t *testing.T, extra fstest.MapFS, date string) (fstest.MapFS, Config, realfiles.Figures) {
	t.Helper()
	i := slices.IndexFunc(realfiles.Cases, func(c realfiles.Case) bool { return c.File == loadGenServer })
	c := realfiles.Cases[i]
	c.Runs.Date = date
	data := fstest.MapFS{loadGenServer: testsite.MapFile(testenv.SharedFile(t, realfiles.Dir+"/"+loadGenServer), 1)}
	for k, v := range extra {
		data[k] = v
	}
	cfg, ps := ParseConfig("frontier.toml", []byte(runsTOML(loadGenServer, c.Runs)))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	return data, cfg, c.Points[0]
}

// onePage is the folder of the build's only chart page.
func onePage(t *testing.T, files *Files) string {
	t.Helper()
	var pages []string
	for _, name := range files.Names() {
		if strings.Count(name, "/") == 2 && strings.HasSuffix(name, "/data.json") {
			pages = append(pages, strings.TrimSuffix(name, "data.json"))
		}
	}
	if len(pages) != 1 {
		t.Fatalf("chart pages %v, want one", pages)
	}
	return pages[0]
}

// dataJSON is a page's data.json, its points' y null (nil) where they have none.
type absentDoc struct {
	Metric struct {
		Key string `json:"key"`
	} `json:"metric"`
	Series []struct {
		HWKey  string `json:"hwKey"`
		Points []struct {
			ID       int64              `json:"id"`
			Y        *float64           `json:"y"`
			Frontier bool               `json:"frontier"`
			Metrics  map[string]float64 `json:"metrics"`
		} `json:"points"`
	} `json:"series"`
}

// TestLoadGenPageHasNoTotalThroughput (issue 44): a real LoadGen Server summary, which gives
// output tokens per second and neither total nor input throughput, builds into a page that
// plots output throughput per GPU and says why; no file the site writes gives its point a
// total or input throughput of 0 (or any): data.json, data.csv, the page's data and chart
// option, the API's view.
func TestLoadGenPageHasNoTotalThroughput(t *testing.T) {
	data, cfg, fig := loadGenSite(t, nil, "")
	files, rep, err := build(t, data, cfg)
	if err != nil {
		t.Fatal(err)
	}
	out := fig.Output / 8 // per GPU: the [[runs]] entry gives 8
	if w := problemText(rep); !strings.Contains(w, "has a total throughput") || !strings.Contains(w, "the page plots output throughput per GPU instead") {
		t.Errorf("no warning says the page plots output throughput:\n%s", w)
	}
	page := onePage(t, files)

	js, _ := files.Get(page + "data.json")
	var doc absentDoc
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Metric.Key != "outputTputPerGpu" || len(doc.Series) != 1 || len(doc.Series[0].Points) != 1 {
		t.Fatalf("data.json: %s", js)
	}
	pt := doc.Series[0].Points[0]
	if _, ok := pt.Metrics["tpPerGpu"]; ok || pt.Y == nil || *pt.Y != out || pt.Metrics["outputTputPerGpu"] != out {
		t.Errorf("data.json point: y %v, metrics %v; want y = output %v, no tpPerGpu", pt.Y, pt.Metrics, out)
	}
	if _, ok := pt.Metrics["inputTputPerGpu"]; ok {
		t.Errorf("data.json point has an input throughput: %v", pt.Metrics)
	}

	b, _ := files.Get(page + "data.csv")
	recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil || len(recs) != 2 {
		t.Fatalf("data.csv: %v %q", err, b)
	}
	for _, col := range []string{"Total throughput per GPU (tok/s/GPU)", "Input throughput per GPU (tok/s/GPU)"} {
		j := slices.Index(recs[0], col)
		if j < 0 || recs[1][j] != "" {
			t.Errorf("data.csv column %s: header %v, row %v; want an empty cell", col, recs[0], recs[1])
		}
	}

	html, _ := files.Get(page + "index.html")
	var pd struct {
		Metric  string `json:"metric"`
		NoTotal bool   `json:"noTotal"`
		Cols    []string
		Series  []struct {
			Points [][]any `json:"points"`
		} `json:"series"`
	}
	if err := json.Unmarshal(scriptJSON(t, html, "page-data"), &pd); err != nil {
		t.Fatal(err)
	}
	if pd.Metric != "outputTputPerGpu" || !pd.NoTotal || len(pd.Series) != 1 || len(pd.Series[0].Points) != 1 {
		t.Fatalf("page data: metric %q, noTotal %v, series %v", pd.Metric, pd.NoTotal, pd.Series)
	}
	// The point's columns: id, x, tpPerGpu, outputTputPerGpu, inputTputPerGpu, ...
	if p := pd.Series[0].Points[0]; p[2] != nil || p[4] != nil || p[3] == nil {
		t.Errorf("page data point %v: want total and input null, output given", p)
	}
	var opt struct {
		YAxis []struct {
			Name string `json:"name"`
		} `json:"yAxis"`
		Series []struct {
			Type string      `json:"type"`
			Data [][]float64 `json:"data"`
		} `json:"series"`
	}
	if err := json.Unmarshal(scriptJSON(t, html, "chart-option"), &opt); err != nil {
		t.Fatal(err)
	}
	if len(opt.YAxis) != 1 || !strings.HasPrefix(opt.YAxis[0].Name, "Output throughput") || len(opt.Series) == 0 || len(opt.Series[0].Data) != 1 ||
		math.Abs(opt.Series[0].Data[0][1]-out) > 1e-3*out {
		t.Errorf("chart option: y axis %q, series %+v; want the point at y = output %v", opt.YAxis, opt.Series, out)
	}

	views := 0
	for _, name := range files.Names() {
		if !strings.HasPrefix(name, "api/v1/views/") {
			continue
		}
		views++
		v, _ := files.Get(name)
		if bytes.Contains(v, []byte(`"tpPerGpu"`)) || bytes.Contains(v, []byte(`"inputTputPerGpu"`)) {
			t.Errorf("%s gives a total or input throughput: %s", name, v)
		}
		if !bytes.Contains(v, []byte(`"key":"outputTputPerGpu"`)) {
			t.Errorf("%s: its metric is not output throughput: %s", name, v)
		}
	}
	if views == 0 {
		t.Error("no API view")
	}
}

// TestLoadGenPointHasNoTotalOnAMixedPage: beside points that measured a total throughput, a
// LoadGen point is on the page without one: its y on the total-throughput chart is null (not
// drawn there, never 0), it is on no frontier of that metric, in the API's frontiers neither,
// and data.json writes its y as null.
func TestLoadGenPointHasNoTotalOnAMixedPage(t *testing.T) {
	view := testsite.Doc()
	testsite.Edit(t, view, "params.model", "llama2-70b")
	testsite.Edit(t, view, "params.sequence", "1k/1k")
	data, cfg, _ := loadGenSite(t, fstest.MapFS{"view.json": {Data: testsite.Marshal(t, view)}}, "")
	files, _, err := build(t, data, cfg)
	if err != nil {
		t.Fatal(err)
	}
	page := onePage(t, files)
	js, _ := files.Get(page + "data.json")
	var doc absentDoc
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Metric.Key != "tpPerGpu" {
		t.Fatalf("metric %q, want tpPerGpu", doc.Metric.Key)
	}
	var loadGen []int64
	for _, s := range doc.Series {
		for _, p := range s.Points {
			_, total := p.Metrics["tpPerGpu"]
			switch {
			case !total && (p.Y != nil || p.Frontier):
				t.Errorf("series %s point %d: no total throughput, yet y %v, frontier %v", s.HWKey, p.ID, p.Y, p.Frontier)
			case !total:
				loadGen = append(loadGen, p.ID)
			case p.Y == nil:
				t.Errorf("series %s point %d: y null with a total throughput", s.HWKey, p.ID)
			}
		}
	}
	if len(loadGen) != 1 {
		t.Fatalf("%d points without a total throughput, want the LoadGen one: %s", len(loadGen), js)
	}

	html, _ := files.Get(page + "index.html")
	var opt struct {
		Series []struct {
			Type string  `json:"type"`
			Data [][]any `json:"data"`
		} `json:"series"`
	}
	if err := json.Unmarshal(scriptJSON(t, html, "chart-option"), &opt); err != nil {
		t.Fatal(err)
	}
	nulls := 0
	for _, s := range opt.Series {
		for _, d := range s.Data {
			if d[1] == nil {
				nulls++
				if s.Type != "scatter" {
					t.Errorf("a %s series draws a point without a y: %v", s.Type, s.Data)
				}
			} else if y, _ := d[1].(float64); y == 0 {
				t.Errorf("a point drawn at y = 0: %v", s.Data)
			}
		}
	}
	if nulls != 1 {
		t.Errorf("%d points without a y in the chart option, want the LoadGen one: %+v", nulls, opt.Series)
	}

	for _, name := range files.Names() {
		if !strings.HasPrefix(name, "api/v1/views/") || !strings.HasSuffix(name, ".json") {
			continue
		}
		b, _ := files.Get(name)
		var v struct {
			Frontiers map[string][]int64 `json:"frontiers"`
			Series    []struct {
				Frontiers map[string][]int64 `json:"frontiers"`
			} `json:"series"`
		}
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		lists := []map[string][]int64{v.Frontiers}
		for _, s := range v.Series {
			lists = append(lists, s.Frontiers)
		}
		for _, l := range lists {
			for axis, ids := range l {
				if slices.Contains(ids, loadGen[0]) {
					t.Errorf("%s: the LoadGen point is on the %s frontier of total throughput", name, axis)
				}
			}
		}
	}
}

// TestLoadGenViewsBuildTheSamePage: the API's views of a page of LoadGen points, built as a
// site of their own, give a page that plots output throughput too, with the note, and whose
// points have no total or input throughput; a mixed page's null y stays null.
func TestLoadGenViewsBuildTheSamePage(t *testing.T) {
	view := testsite.Doc()
	testsite.Edit(t, view, "params.model", "llama2-70b")
	testsite.Edit(t, view, "params.sequence", "1k/1k")
	for _, tc := range []struct {
		name   string
		extra  fstest.MapFS
		metric string
		nulls  int
	}{
		{"LoadGen alone", nil, "outputTputPerGpu", 0},
		{"beside a view", fstest.MapFS{"view.json": {Data: testsite.Marshal(t, view)}}, "tpPerGpu", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, cfg, _ := loadGenSite(t, tc.extra, "2026-07-31") // a view needs a date
			files, _, err := build(t, data, cfg)
			if err != nil {
				t.Fatal(err)
			}
			views := fstest.MapFS{}
			for _, name := range files.Names() {
				if strings.HasPrefix(name, "api/v1/views/") && strings.HasSuffix(name, ".json") {
					b, _ := files.Get(name)
					views[strings.ReplaceAll(strings.TrimPrefix(name, "api/v1/views/"), "/", "_")] = &fstest.MapFile{Data: b}
				}
			}
			again, _, err := build(t, views, DefaultConfig())
			if err != nil {
				t.Fatal(err)
			}
			page := onePage(t, again)
			js, _ := again.Get(page + "data.json")
			var doc absentDoc
			if err := json.Unmarshal(js, &doc); err != nil {
				t.Fatal(err)
			}
			nulls := 0
			for _, s := range doc.Series {
				for _, p := range s.Points {
					_, total := p.Metrics["tpPerGpu"]
					_, input := p.Metrics["inputTputPerGpu"]
					if total != input {
						t.Errorf("point %d: metrics %v: total and input both or neither", p.ID, p.Metrics)
					}
					if p.Y == nil {
						nulls++
					}
				}
			}
			if doc.Metric.Key != tc.metric || nulls != tc.nulls {
				t.Errorf("rebuilt from the views: metric %q, %d null y; want %q, %d: %s", doc.Metric.Key, nulls, tc.metric, tc.nulls, js)
			}
			html, _ := again.Get(page + "index.html")
			var pd struct {
				NoTotal bool `json:"noTotal"`
			}
			if err := json.Unmarshal(scriptJSON(t, html, "page-data"), &pd); err != nil {
				t.Fatal(err)
			}
			if pd.NoTotal != (tc.nulls == 0) {
				t.Errorf("rebuilt page data noTotal %v", pd.NoTotal)
			}
		})
	}
}

// problemText is every warning of a build, one a line.
func problemText(rep *Report) string {
	var b strings.Builder
	if rep != nil {
		for _, w := range rep.Warnings {
			b.WriteString(w.String() + "\n")
		}
	}
	return b.String()
}
