package site

import (
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"html"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/history"
	"github.com/frontier-bench/frontier/site/render"
)

// controlsFixture is testsite.Controls with its frontier.toml parsed: a chart page with
// everything the page script's controls act on, every GPU priced.
func controlsFixture(t testing.TB) (fstest.MapFS, Config) {
	t.Helper()
	data, toml := testsite.Controls(t)
	cfg, ps := ParseConfig("frontier.toml", toml)
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	return data, cfg
}

// readPageData and readSeries decode #page-data as a reader does, points as plain arrays.
type readPageData struct {
	render.PageData
	Series []readSeries `json:"series"`
}

type readSeries struct {
	render.SeriesData
	Points [][]any `json:"points"`
}

// seedPageData builds the seed site with cfg and returns its chart page and page data.
func seedPageData(t *testing.T, data fstest.MapFS, cfg Config) (*Files, []byte, readPageData) {
	t.Helper()
	files, _, err := build(t, data, cfg)
	if err != nil {
		t.Fatal(err)
	}
	page, ok := files.Get("deepseek-v4-pro/8k-1k/index.html")
	if !ok {
		t.Fatalf("no chart page; files: %v", files.Names())
	}
	var d readPageData
	if err := json.Unmarshal(scriptJSON(t, page, "page-data"), &d); err != nil {
		t.Fatal(err)
	}
	return files, page, d
}

func metricKeys(d readPageData) string {
	var ks []string
	for _, m := range d.Metrics {
		ks = append(ks, fmt.Sprintf("%s:%v", m.Key, m.Higher))
	}
	return strings.Join(ks, " ")
}

// Cost and power are offered with or without a config (the reader may type their own prices);
// the config only prefills each GPU's, and the page data carries exactly what it gives.
func TestChartPageMetricsFollowTheConfig(t *testing.T) {
	t.Parallel()
	throughput := "tpPerGpu:true outputTputPerGpu:true inputTputPerGpu:true costPerMTok:false costPerMOutputTok:false costPerMInputTok:false tokPerMW:true"
	priced := map[string]GPUConfig{"b200": {CostPerHour: 5.5, KW: 1.2}, "b300": {CostPerHour: 7, KW: 1.4}}
	for _, tc := range []struct {
		name string
		gpus map[string]GPUConfig
		want string
	}{
		{"no GPU config", nil, throughput},
		{"every GPU priced and powered", priced, throughput},
		{"one GPU missing", map[string]GPUConfig{"b200": priced["b200"]}, throughput},
		{"cost without power", map[string]GPUConfig{"b200": {CostPerHour: 5.5}, "b300": {CostPerHour: 7}}, throughput},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.GPUs = tc.gpus
			_, _, d := seedPageData(t, seedFS(t), cfg)
			if got := metricKeys(d); got != tc.want {
				t.Errorf("metrics = %s, want %s", got, tc.want)
			}
			for _, g := range []string{"b200", "b300"} {
				gc, ok := tc.gpus[g]
				got := d.GPUs[g]
				if ok != (got.CostPerHour != nil) || ok && (*got.CostPerHour != gc.CostPerHour || *got.KW != gc.KW) {
					t.Errorf("gpus[%s] cost/power = %v/%v, want the config's %+v (configured: %v)", g, got.CostPerHour, got.KW, gc, ok)
				}
			}
		})
	}
}

// TestChartPageMetricAxisNames: each metric has one name, the catalog's (charts.YMetrics) by
// default, the dataset's own with inputLabels, a [metrics] entry's over both; the Go option's
// y axis and data.csv's header (x and the three throughputs) are named the same.
func TestChartPageMetricAxisNames(t *testing.T) {
	t.Parallel()
	data, cfg := controlsFixture(t)
	catalog := map[string]string{
		"tpPerGpu":          "Total throughput per GPU (tok/s/GPU)",
		"outputTputPerGpu":  "Output throughput per GPU (tok/s/GPU)",
		"inputTputPerGpu":   "Input throughput per GPU (tok/s/GPU)",
		"costPerMTok":       "Cost per million tokens ($/M tokens), lower is better",
		"costPerMOutputTok": "Cost per million output tokens ($/M output tokens), lower is better",
		"costPerMInputTok":  "Cost per million input tokens ($/M input tokens), lower is better",
		"tokPerMW":          "Throughput per megawatt (tok/s/MW)",
	}
	input := maps.Clone(catalog)
	input["tpPerGpu"] = "Token Throughput per Chip (tok/s/chip)" // the dataset's own label
	renamed := maps.Clone(catalog)
	renamed["tpPerGpu"] = "Tokens per chip (tok/s/chip)"
	renamed["costPerMTok"] = "Price of a million tokens (USD), lower is better"
	for _, tc := range []struct {
		name   string
		input  bool
		config map[string]config.MetricConfig
		want   map[string]string
	}{
		{"catalog", false, nil, catalog},
		{"inputLabels", true, nil, input},
		{"metrics", true, map[string]config.MetricConfig{"tpPerGpu": {Label: "Tokens per chip", Unit: "tok/s/chip"}, "costPerMTok": {Label: "Price of a million tokens", Unit: "USD"}}, renamed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := cfg
			c.InputLabels, c.Metrics = tc.input, tc.config
			files, page, d := seedPageData(t, data, c)
			for _, m := range d.Metrics {
				if m.Axis != tc.want[m.Key] {
					t.Errorf("metric %s: axis = %q, want %q", m.Key, m.Axis, tc.want[m.Key])
				}
				if m.Label == "" || m.Unit == "" {
					t.Errorf("metric %s: empty label or unit: %+v", m.Key, m)
				}
			}
			var option struct {
				YAxis []struct{ Name string } `json:"yAxis"`
			}
			if err := json.Unmarshal(scriptJSON(t, page, "chart-option"), &option); err != nil {
				t.Fatal(err)
			}
			if len(option.YAxis) != 1 || option.YAxis[0].Name != tc.want["tpPerGpu"] {
				t.Errorf("Go option's y axis = %+v, want %q", option.YAxis, tc.want["tpPerGpu"])
			}
			b, _ := files.Get("deepseek-v4-pro/8k-1k/data.csv")
			head, err := csv.NewReader(bytes.NewReader(b)).Read()
			if err != nil {
				t.Fatal(err)
			}
			want := render.CSVColumns(false)
			for i, key := range want {
				switch key {
				case "x":
					want[i] = d.XAxes[0].Axis
				case "tpPerGpu", "outputTputPerGpu", "inputTputPerGpu":
					want[i] = tc.want[key]
				}
			}
			if !slices.Equal(head, want) {
				t.Errorf("data.csv header %q, want %q", head, want)
			}
		})
	}
}

func TestChartPageDataDescribesSeriesForThePageScript(t *testing.T) {
	t.Parallel()
	data, cfg := controlsFixture(t)
	files, _, d := seedPageData(t, data, cfg)
	if got, want := strings.Join(d.Cols, ","), strings.Join(render.PointColumns(), ","); got != want {
		t.Errorf("cols = %s, want %s", got, want)
	}
	wantFW := map[string]string{"sglang": "SGLang", "trt": "TRTLLM", "vllm": "vLLM"}
	if !reflect.DeepEqual(d.Frameworks, wantFW) {
		t.Errorf("frameworks = %v, want %v", d.Frameworks, wantFW)
	}
	if got, want := strings.Join(d.Dates, " "), "2026-07-31 2026-07-01"; got != want {
		t.Errorf("dates = %s, want %s", got, want)
	}
	for _, g := range []string{"b200", "b300", "h200", "mi355x"} {
		if d.GPUs[g].Label == "" || d.GPUs[g].Color == "" || d.GPUs[g].Vendor == "" {
			t.Errorf("gpus[%s] = %+v, want label, colour and vendor", g, d.GPUs[g])
		}
	}
	if d.GPUs["mi355x"].Vendor != "AMD" {
		t.Errorf("mi355x vendor = %q, want AMD", d.GPUs["mi355x"].Vendor)
	}
	for _, s := range d.Series {
		if mtp := s.Spec == "mtp"; s.Hollow != mtp || (s.Dash == "dashed") != mtp {
			t.Errorf("series %s (spec %s): hollow %v, dash %s; want hollow dashed markers exactly for MTP", s.Key, s.Spec, s.Hollow, s.Dash)
		}
		// A page with history ends its points after tp: the rest is in rest.json.gz.
		n := len(d.Cols)
		if d.Rest != nil {
			n -= len(d.Rest.Cols)
		}
		if len(s.Points) == 0 || len(s.Points[0]) != n {
			t.Errorf("series %s: points rows do not have the %d cols up to tp", s.Key, n)
		}
	}

	// The older snapshot comes from the history's rows beside the page, in the same shape.
	if d.History == nil || len(d.History.Chunks) == 0 {
		t.Fatalf("history = %+v, want rows", d.History)
	}
	if d.Rest == nil || d.Later != nil || strings.Join(d.Rest.Cols, ",") != "date,run" {
		t.Errorf("rest = %+v, later %+v: want date and run left to rest.json.gz on a page with history", d.Rest, d.Later)
	}
	b, err := history.SnapshotJSON(files, "deepseek-v4-pro/8k-1k/", "2026-07-01")
	if err != nil {
		t.Fatal(err)
	}
	var h struct {
		render.HistoryData
		Series []readSeries `json:"series"`
	}
	if err := json.Unmarshal(b, &h); err != nil {
		t.Fatal(err)
	}
	if h.Date != "2026-07-01" || strings.Join(h.Cols, ",") != strings.Join(d.Cols, ",") || len(h.Series) != 8 {
		t.Errorf("history: date %s, cols %v, %d series; want 2026-07-01, the page's cols, 8 series", h.Date, h.Cols, len(h.Series))
	}
}

// TestChartPageJSONMatchesEmbeddedData checks page.json, which markdown chart blocks fetch,
// against the #page-data block of the page beside it.
func TestChartPageJSONMatchesEmbeddedData(t *testing.T) {
	t.Parallel()
	files, page, _ := seedPageData(t, seedFS(t), DefaultConfig())
	pj, ok := files.Get("deepseek-v4-pro/8k-1k/page.json")
	if !ok {
		t.Fatal("no page.json beside the chart page")
	}
	var embedded, file any
	if err := json.Unmarshal(scriptJSON(t, page, "page-data"), &embedded); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(pj, &file); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(embedded, file) {
		t.Error("page.json differs from the page's #page-data")
	}
}

// TestChartPageWorksWithoutJavaScript checks what a reader without JavaScript gets: the
// points table with every point, the data links, and no empty controls form.
func TestChartPageWorksWithoutJavaScript(t *testing.T) {
	t.Parallel()
	_, page, _ := seedPageData(t, seedFS(t), DefaultConfig())
	// The form and the chart are laid out in the HTML (so nothing moves when the script runs),
	// and a style that applies only without JavaScript hides them.
	if !bytes.Contains(page, []byte(`<noscript><style>.needs-js { display: none !important; }</style></noscript>`)) {
		t.Error("the page has no style that hides what needs JavaScript when it is off")
	}
	if !regexp.MustCompile(`<form id="controls" class="controls needs-js"`).Match(page) {
		t.Error("the controls form is not hidden without JavaScript")
	}
	if !regexp.MustCompile(`<figure class="chart-figure needs-js">`).Match(page) {
		t.Error("the chart's figure is not hidden without JavaScript")
	}
	// The table of every point is for readers without JavaScript; the script builds its own
	// when the reader gets to it.
	table := regexp.MustCompile(`(?s)<noscript><table id="points-static".*?</table></noscript>`).Find(page)
	if got := bytes.Count(table, []byte("\n<tr><td>")); got != 120 {
		t.Errorf("points table has %d rows, want 120", got)
	}
	for _, link := range []string{`href="data.csv"`, `href="data.json"`} {
		if !bytes.Contains(page, []byte(link)) {
			t.Errorf("page lacks the %s link", link)
		}
	}
}

// TestChartPageWeight keeps the seed page within docs/development.md's budget: its own HTML and data at
// most 40 KB gzipped.
func TestChartPageWeight(t *testing.T) {
	t.Parallel()
	_, page, _ := seedPageData(t, seedFS(t), DefaultConfig())
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(page)
	zw.Close()
	if got, limit := buf.Len(), 40<<10; got > limit {
		t.Errorf("seed chart page is %d bytes gzipped, want at most %d", got, limit)
	}
}

// TestChartPageDataCarriesTheScriptDefaults checks the defaults the page script takes from the
// page data rather than stating them again: they agree with what the build laid out (the
// best-per-GPU box, the first x axis).
func TestChartPageDataCarriesTheScriptDefaults(t *testing.T) {
	t.Parallel()
	data, cfg := controlsFixture(t)
	_, page, d := seedPageData(t, data, cfg)
	if d.BestOver <= 0 || len(d.DefaultCols) == 0 || d.DefaultX == "" {
		t.Fatalf("bestOver %d, defaultCols %v, defaultX %q; want all three set", d.BestOver, d.DefaultCols, d.DefaultX)
	}
	best := bytes.Contains(page, []byte(`name="best" value="1" checked`))
	if want := len(d.Series) > d.BestOver; best != want {
		t.Errorf("%d series over bestOver %d: best per GPU ticked %v, want %v", len(d.Series), d.BestOver, best, want)
	}
	if len(d.XAxes) == 0 || d.XAxes[0].Key != d.DefaultX {
		t.Errorf("defaultX %q, want the first of xAxes %+v", d.DefaultX, d.XAxes)
	}
}

// TestChartPageWithoutJavaScriptOnABestPerGPUPage: on a page that opens on best per GPU (the
// example's 58-configuration page), the no-JavaScript table holds the points the chart opens
// on, each GPU's best configuration's, and says so above it, with data.csv and data.json, which hold
// every point, beside it. On the year-scale page every configuration's rows were 236 KB of
// its 463 KB of HTML.
func TestChartPageWithoutJavaScriptOnABestPerGPUPage(t *testing.T) {
	t.Parallel()
	files := buildExample(t)
	page, ok := files.Get(historyPage + "index.html")
	if !ok {
		t.Fatalf("no %sindex.html", historyPage)
	}
	var d readPageData
	if err := json.Unmarshal(scriptJSON(t, page, "page-data"), &d); err != nil {
		t.Fatal(err)
	}
	if len(d.Series) <= d.BestOver {
		t.Fatalf("%d configurations: the page does not open on best per GPU (over %d)", len(d.Series), d.BestOver)
	}
	want, total := map[string]int{}, 0
	for _, s := range d.Series {
		total += len(s.Points)
		if s.Best {
			want[s.Name] += len(s.Points)
		}
	}
	table := regexp.MustCompile(`(?s)<noscript><table id="points-static".*?</table></noscript>`).Find(page)
	got, shown := map[string]int{}, 0
	for _, m := range regexp.MustCompile(`\n<tr><td>([^<]*)`).FindAllSubmatch(table, -1) {
		got[html.UnescapeString(string(m[1]))]++
		shown++
	}
	if !maps.Equal(got, want) {
		t.Errorf("the no-JavaScript table's rows by configuration: %v, want the best per GPU's points %v", got, want)
	}
	if shown == 0 || shown >= total {
		t.Errorf("the no-JavaScript table has %d of %d points, want the best per GPU's", shown, total)
	}
	caption := fmt.Sprintf(`<noscript><p class="muted">Each GPU's best configuration: %d of the %d points. data.csv and data.json hold every point.</p></noscript>
<div id="points-box"`, shown, total)
	if !bytes.Contains(page, []byte(caption)) {
		t.Errorf("the no-JavaScript table is not headed by %q", caption)
	}
	note := regexp.MustCompile(`<noscript><p class="empty">[^<]*` + regexp.QuoteMeta(fmt.Sprintf("%d of the %d points; ", shown, total)) +
		`<a href="data.csv">data.csv</a> and <a href="data.json">data.json</a> hold every point.</p></noscript>`)
	if !note.Match(page) {
		t.Error("the no-JavaScript note does not say the table holds the best per GPU and the downloads every point")
	}
	csvFile, _ := files.Get(historyPage + "data.csv")
	if rows, err := csv.NewReader(bytes.NewReader(csvFile)).ReadAll(); err != nil || len(rows)-1 != total {
		t.Errorf("data.csv has %d rows (%v), want every point, %d", len(rows)-1, err, total)
	}
}
