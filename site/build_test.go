package site

import (
	"bytes"
	"encoding/json"
	"errors"
	"github.com/frontier-bench/frontier/site/page"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/site/input"

	"github.com/frontier-bench/frontier/internal/testsite"
)

// fakeECharts stands in for ECharts in builds whose pages no browser opens.
var fakeECharts = testsite.FakeECharts

// build builds a site from an inline data folder into memory.
func build(t *testing.T, data fstest.MapFS, cfg Config) (*Files, *Report, error) {
	t.Helper()
	files := &Files{}
	rep, err := Build(Input{Data: data, Config: cfg, ECharts: fakeECharts}, files)
	return files, rep, err
}

// seedFS is the example site's data folder.
func seedFS(t *testing.T) fstest.MapFS { return testsite.SeedFS(t) }

// scriptJSON returns the JSON inside <script type="application/json" id="ID"> of a page.
func scriptJSON(t *testing.T, html []byte, id string) []byte { return testsite.ScriptJSON(t, html, id) }

type optionSeries struct {
	Type string      `json:"type"`
	Name string      `json:"name"`
	Data [][]float64 `json:"data"`
}

func seedOption(t *testing.T, files *Files) []optionSeries {
	t.Helper()
	page, ok := files.Get("deepseek-v4-pro/8k-1k/index.html")
	if !ok {
		t.Fatalf("no chart page; files: %v", files.Names())
	}
	var opt struct {
		Series []optionSeries `json:"series"`
	}
	if err := json.Unmarshal(scriptJSON(t, page, "chart-option"), &opt); err != nil {
		t.Fatal(err)
	}
	return opt.Series
}

func TestBuildExampleSiteChartOption(t *testing.T) {
	t.Parallel()
	files, rep, err := build(t, seedFS(t), DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Warnings) != 0 {
		t.Errorf("warnings on the seed: %v", rep.Warnings)
	}
	var scatter, points, frontier int
	names := map[string]int{}
	for _, s := range seedOption(t, files) {
		switch s.Type {
		case "scatter":
			scatter++
			points += len(s.Data)
			names[s.Name]++
		case "line":
			frontier += len(s.Data)
			names[s.Name]--
		}
	}
	if scatter != 11 || points != 120 || frontier != 102 {
		t.Errorf("got %d scatter series, %d points, %d frontier points; want 11, 120, 102", scatter, points, frontier)
	}
	for name, n := range names {
		if n != 0 {
			t.Errorf("series %q: scatter and frontier line do not pair up", name)
		}
	}
	if rep.Points != 120 || rep.Pages != 1 || rep.Datasets != 1 {
		t.Errorf("report: %+v", rep)
	}
}

func TestBuildExampleSiteOptionGolden(t *testing.T) {
	t.Parallel()
	files, _, err := build(t, seedFS(t), DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	page, _ := files.Get("deepseek-v4-pro/8k-1k/index.html")
	var got bytes.Buffer
	if err := json.Indent(&got, scriptJSON(t, page, "chart-option"), "", "  "); err != nil {
		t.Fatal(err)
	}
	testsite.Golden(t, filepath.Join("testdata", "seed-option.golden.json"), got.Bytes())
}

func TestBuildBestPerGPUShown(t *testing.T) {
	t.Parallel()
	files, _, err := build(t, seedFS(t), DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	page, _ := files.Get("deepseek-v4-pro/8k-1k/index.html")
	var data readPageData
	if err := json.Unmarshal(scriptJSON(t, page, "page-data"), &data); err != nil {
		t.Fatal(err)
	}
	var best []string
	for _, s := range data.Series {
		if s.Best {
			best = append(best, s.HW)
		}
	}
	if got, want := strings.Join(best, ","), "b200_trt_mtp,b300_trt_mtp"; got != want {
		t.Errorf("best per GPU = %s, want %s", got, want)
	}
	section := regexp.MustCompile(`(?s)<section class="best".*?</section>`).Find(page)
	for _, label := range []string{"B200 (TRTLLM, MTP)", "B300 (TRTLLM, MTP)"} {
		if !bytes.Contains(section, []byte(label)) {
			t.Errorf("best-per-GPU section lacks %q", label)
		}
	}
}

func TestBuildIsDeterministic(t *testing.T) {
	t.Parallel()
	a, _, err := build(t, seedFS(t), DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := build(t, seedFS(t), DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(a.Names(), " ") != strings.Join(b.Names(), " ") {
		t.Fatalf("file lists differ:\n%v\n%v", a.Names(), b.Names())
	}
	for _, name := range a.Names() {
		x, _ := a.Get(name)
		y, _ := b.Get(name)
		if !bytes.Equal(x, y) {
			t.Errorf("%s differs between two builds of the same input", name)
		}
	}
}

func TestBuildSiteFiles(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.BaseURL = "https://owner.github.io/repo/"
	files, _, err := build(t, seedFS(t), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"index.html", "404.html", ".nojekyll", "sitemap.xml", "robots.txt",
		"deepseek-v4-pro/8k-1k/index.html", "deepseek-v4-pro/8k-1k/data.json", "deepseek-v4-pro/8k-1k/data.csv"} {
		if _, ok := files.Get(name); !ok {
			t.Errorf("missing %s", name)
		}
	}
	sitemap, _ := files.Get("sitemap.xml")
	if !bytes.Contains(sitemap, []byte("<loc>https://owner.github.io/repo/deepseek-v4-pro/8k-1k/</loc>")) {
		t.Errorf("sitemap lacks the chart page's absolute URL:\n%s", sitemap)
	}
	home, _ := files.Get("index.html")
	if !bytes.Contains(home, []byte(`href="/repo/deepseek-v4-pro/8k-1k/"`)) {
		t.Errorf("home does not link the chart page under the base path")
	}
	var hashed int
	for _, name := range files.Names() {
		if regexp.MustCompile(`^assets/[a-z_]+\.[0-9a-f]{10}(\.min\.js|\.js|\.css|\.svg|\.wasm\.gz)$`).MatchString(name) ||
			regexp.MustCompile(`^assets/detail-[a-z-]+\.[0-9a-f]{10}\.js$`).MatchString(name) {
			hashed++
		} else if strings.HasPrefix(name, "assets/") {
			t.Errorf("asset without a content hash: %s", name)
		}
	}
	if hashed != 9 {
		t.Errorf("got %d hashed assets, want 9 (echarts, script, style, icon, the your-run reader, its decoder and wasm_exec.js, the /api/ page's address, a point's detail)", hashed)
	}
	csv, _ := files.Get("deepseek-v4-pro/8k-1k/data.csv")
	if n := bytes.Count(csv, []byte("\n")); n != 121 {
		t.Errorf("data.csv has %d lines, want a header and 120 points", n)
	}
}

func TestBuildWithProblemsWritesNothing(t *testing.T) {
	t.Parallel()
	data := seedFS(t)
	data["broken.json"] = &fstest.MapFile{Data: []byte(`{"view": "inference",`)}
	files, _, err := build(t, data, DefaultConfig())
	var ps Problems
	if !errors.As(err, &ps) || len(ps) == 0 {
		t.Fatalf("got %v, want problems", err)
	}
	if !strings.HasPrefix(ps[0].String(), "data/broken.json:") {
		t.Errorf("problem %q does not name the file", ps[0])
	}
	if files.Len() != 0 {
		t.Errorf("a failed build wrote %d files", files.Len())
	}
}

func TestBuildEmptySite(t *testing.T) {
	t.Parallel()
	files, rep, err := build(t, fstest.MapFS{}, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	home, _ := files.Get("index.html")
	if rep.Pages != 0 || !bytes.Contains(home, []byte("No benchmark data yet")) {
		t.Errorf("empty site: %d pages, home:\n%s", rep.Pages, home)
	}
}

// hostile is a label a careless generator would run as script.
const hostile = `</script><img src=x onerror=alert(1)>"'&`

func TestBuildShowsHostileStringsAsText(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../data/deepseek-v4-pro_8k-1k_fp4.json")
	if err != nil {
		t.Fatal(err)
	}
	j := strings.ReplaceAll(string(b), `"B300 (SGLang)"`, jsonString(hostile))
	j = strings.ReplaceAll(j, `"DeepSeek-V4-Pro"`, jsonString("../../x"+hostile))
	files, _, err := build(t, fstest.MapFS{"x.json": {Data: []byte(j)}}, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files.Names() {
		if strings.Contains(name, "..") || strings.HasPrefix(name, "/") {
			t.Errorf("file outside the site: %q", name)
		}
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		page, _ := files.Get(name)
		if bytes.Contains(page, []byte("<img")) || bytes.Count(page, []byte("</script>")) != bytes.Count(page, []byte("<script")) {
			t.Errorf("%s: hostile label escaped its context", name)
		}
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestSnapshotsShareUnchangedSeries: a series whose newest dataset is the same for two snapshots
// shares its points between them, while best per GPU stays the snapshot's own.
func TestSnapshotsShareUnchangedSeries(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../data/deepseek-v4-pro_8k-1k_fp4.json")
	if err != nil {
		t.Fatal(err)
	}
	older := bytes.Replace(b, []byte(`"date": "2026-07-31"`), []byte(`"date": "2026-07-01"`), 1)
	// The newer file holds only the B200 series: the B300 series carry over from the older one.
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	var b200 []any
	for _, s := range doc["series"].([]any) {
		if s.(map[string]any)["gpu"] == "b200" {
			b200 = append(b200, s)
		}
	}
	doc["series"] = b200
	newer, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	datasets, ps := input.Load(fstest.MapFS{"old.json": {Data: older}, "new.json": {Data: newer}}, "data/", nil)
	if len(ps.Errors()) > 0 {
		t.Fatal(ps)
	}
	pages, _ := Assemble(datasets, "data/")
	if len(pages) != 1 || len(pages[0].Snapshots) != 2 {
		t.Fatalf("got %d pages, want one with two snapshots", len(pages))
	}
	byKey := func(s *page.Snapshot) map[string]*page.PageSeries {
		m := map[string]*page.PageSeries{}
		for _, ser := range s.Series {
			m[ser.Key] = ser
		}
		return m
	}
	now, then := byKey(pages[0].Snapshots[0]), byKey(pages[0].Snapshots[1])
	if len(now) != 11 || len(then) != 11 {
		t.Fatalf("snapshots hold %d and %d series, want 11 each", len(now), len(then))
	}
	for key, s := range now {
		shared := &s.Points[0] == &then[key].Points[0]
		if want := strings.HasPrefix(key, "b300"); shared != want {
			t.Errorf("series %s: points shared %v, want %v", key, shared, want)
		}
		if s == then[key] {
			t.Errorf("series %s: one header in two snapshots; best per GPU would leak between them", key)
		}
	}
}
