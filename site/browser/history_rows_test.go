package browser_test

// The history as rows (package site/history) in a reader's browser: an older date and a
// compare overlay on the real example show what they showed when every date was a file of its
// own, and BenchmarkHistoryBytes counts what a reader downloads on a history page.

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
	"github.com/frontier-bench/frontier/site/output"
)

const examplePage = "deepseek-r1-0528/1k-1k/"

// buildExampleSite builds the example site (data/ and its frontier.toml) with the real ECharts.
func buildExampleSite(t testing.TB) *site.Files {
	t.Helper()
	cfg, ps := site.ParseConfig("frontier.toml", testsite.RealConfig(t))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	return buildForBrowser(t, testsite.RealData(t), cfg)
}

// beforeHistory is site/testdata/history_before.json (see its "about").
func beforeHistory(t testing.TB) map[string]map[string]struct {
	XY       [][2]float64 `json:"xy"`
	Frontier []int        `json:"frontier"`
} {
	b, err := os.ReadFile(filepath.Join("..", "testdata", "history_before.json"))
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	delete(raw, "about")
	out := map[string]map[string]struct {
		XY       [][2]float64 `json:"xy"`
		Frontier []int        `json:"frontier"`
	}{}
	for date, v := range raw {
		var m map[string]struct {
			XY       [][2]float64 `json:"xy"`
			Frontier []int        `json:"frontier"`
		}
		if err := json.Unmarshal(v, &m); err != nil {
			t.Fatal(err)
		}
		out[date] = m
	}
	return out
}

// TestBrowserHistoryRowsOlderDateAndCompareAsBefore opens an older date of the real example,
// then (the fragment changed in place) overlays another: the same points and frontiers, to the
// digit, as the page showed from its snapshot files before the rows.
func TestBrowserHistoryRowsOlderDateAndCompareAsBefore(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	before := beforeHistory(t)
	const older, other = "2026-01-14", "2026-05-18"

	p := b.Open(t, root+examplePage+"#date="+older+"&best=0")
	p.WaitDrawn("#chart") // the page script listens for the reader once it has drawn the picture
	p.Eval(`document.getElementById("chart").dispatchEvent(new PointerEvent("pointerover"))`, nil)
	p.WaitFor(`(() => { const e = document.getElementById("chart"); return typeof echarts !== "undefined" && echarts.getInstanceByDom(e) && (e.getAttribute("data-view") || "").includes("date=` + older + `"); })()`)
	st := p.ChartState("#chart")
	want := before[older]
	scatters := 0
	for _, s := range st.Series {
		if s.Type != "scatter" {
			continue
		}
		scatters++
		w, ok := want[s.Name]
		if !ok {
			t.Errorf("%s: %q shown, not before", older, s.Name)
			continue
		}
		if !slices.Equal(s.Points, w.XY) {
			t.Errorf("%s %s: points %v, want %v", older, s.Name, s.Points, w.XY)
		}
		line, _ := st.Find(s.Name, "line")
		var front [][2]float64
		for _, i := range w.Frontier {
			front = append(front, w.XY[i])
		}
		if !slices.Equal(line.Points, front) {
			t.Errorf("%s %s: frontier %v, want %v", older, s.Name, line.Points, front)
		}
	}
	if scatters != len(want) {
		t.Errorf("%s: %d scatter series, want %d", older, scatters, len(want))
	}

	// The fragment changed in place: back to the newest view, with the other date overlaid.
	p.Eval(`location.hash = "#best=0&compare=`+other+`"`, nil)
	p.WaitFor(`(() => { const c = echarts.getInstanceByDom(document.getElementById("chart"));
  return c && c.getOption().series.filter((s) => String(s.id || "").startsWith("compare:line:")).length === ` + fmt.Sprint(len(before[other])) + `; })()`)
	st = p.ChartState("#chart")
	for name, w := range before[other] {
		line, ok := st.Find(name+" "+other, "line")
		if !ok {
			t.Errorf("no overlay of %s on %s", name, other)
			continue
		}
		var front [][2]float64
		for _, i := range w.Frontier {
			front = append(front, w.XY[i])
		}
		if !slices.Equal(line.Points, front) {
			t.Errorf("overlay %s %s: frontier %v, want %v", name, other, line.Points, front)
		}
		sc, _ := st.Find(name+" "+other, "scatter")
		if len(sc.Points) != len(w.XY) {
			t.Errorf("overlay %s %s: %d points, want %d", name, other, len(sc.Points), len(w.XY))
		}
	}
	p.NoErrors()
}

// readerBytes is what a reader's browser has fetched of the site so far (every distinct URL
// once: the page, its assets, ECharts' prefetch and what the script fetched), each file as
// gzip -9 serves it (a file stored gzipped as it is).
func readerBytes(t testing.TB, p *browsertest.Page, files *site.Files, root string) (total int, urls []string) {
	t.Helper()
	// Quiet: no new request for half a second.
	last, since := -1, time.Now()
	for time.Since(since) < 500*time.Millisecond {
		var n int
		p.Eval(`performance.getEntriesByType("resource").length`, &n)
		if n != last {
			last, since = n, time.Now()
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.Eval(`[location.href].concat(performance.getEntriesByType("resource").map((e) => e.name))`, &urls)
	seen := map[string]bool{}
	for _, raw := range urls {
		u, err := url.Parse(raw)
		if err != nil || !strings.HasPrefix(raw, root) {
			continue
		}
		name, _ := output.Serves(files, strings.TrimPrefix(u.Path, "/"))
		if name == "" || seen[name] {
			continue
		}
		seen[name] = true
		b, _ := files.Get(name)
		if strings.HasSuffix(name, ".gz") { // stored gzipped, sent as it is
			total += len(b)
			continue
		}
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		zw.Write(b)
		zw.Close()
		total += buf.Len()
	}
	return total, urls
}

// historyBytesPages are the pages BenchmarkHistoryBytes measures: the example's history page,
// and a year-scale page (internal/corpus's year corpus, one page).
func historyBytesSite(b *testing.B, name string) (*site.Files, string) {
	b.Helper()
	if name == "example" {
		return buildExampleSite(b), examplePage
	}
	return yearScaleSite(b)
}

// BenchmarkHistoryBytes reports what a reader downloads on a history page (KB, gzip -9 of each
// distinct file fetched): at load; after reaching for the chart and scrolling to the bottom
// (trend drawn, change table and points table filled); then more for an older date and for a
// compare date, each set in the fragment in place. Budgets (docs/development.md): 350, 450, +250, +250.
func BenchmarkHistoryBytes(b *testing.B) {
	for _, name := range []string{"example", "year"} {
		files, page := historyBytesSite(b, name)
		var dates []string
		pj, _ := files.Get(page + "page.json")
		var pd struct {
			Dates []string `json:"dates"`
		}
		json.Unmarshal(pj, &pd)
		older, other := pd.Dates[len(pd.Dates)/2], pd.Dates[len(pd.Dates)/4]
		dates = append(dates, older, other)
		for _, dev := range []struct {
			name string
			d    browsertest.Device
		}{{"1400x900", browsertest.Device{Width: 1400, Height: 900}}, {"360px", browsertest.Phone}} {
			b.Run("page="+name+"/viewport="+dev.name, func(b *testing.B) {
				br := browsertest.New(b)
				root := br.Serve(files, "/")
				var load, reached, date, compare int
				for range b.N {
					p := br.OpenAs(b, root+page, dev.d)
					p.WaitFor(`document.getElementById("chart").getAttribute("aria-busy") !== "true"`)
					load, _ = readerBytes(b, p, files, root)
					p.Eval(`document.getElementById("chart").dispatchEvent(new PointerEvent("pointerover"))`, nil)
					p.WaitFor(`typeof echarts !== "undefined" && !!echarts.getInstanceByDom(document.getElementById("chart"))`)
					for _, id := range []string{"points-box", "trend", "change-table"} {
						p.Eval(`document.getElementById("`+id+`").scrollIntoView()`, nil)
						time.Sleep(200 * time.Millisecond)
					}
					p.Eval(`window.scrollTo(0, document.documentElement.scrollHeight)`, nil)
					p.WaitFor(`document.querySelectorAll("#change-table tbody tr").length > 0 && !!document.querySelector("#points tbody")`)
					reached, _ = readerBytes(b, p, files, root)
					p.Eval(`location.hash = "#date=`+dates[0]+`"`, nil)
					p.WaitFor(`(document.getElementById("chart").getAttribute("data-view") || "").includes("date=` + dates[0] + `")`)
					date, _ = readerBytes(b, p, files, root)
					p.Eval(`location.hash = "#compare=`+dates[1]+`"`, nil)
					p.WaitFor(`echarts.getInstanceByDom(document.getElementById("chart")).getOption().series.some((s) => String(s.id || "").startsWith("compare:line:"))`)
					compare, _ = readerBytes(b, p, files, root)
					p.NoErrors()
					p.Close()
				}
				b.ReportMetric(float64(load)/1000, "KB-load")
				b.ReportMetric(float64(reached)/1000, "KB-reached")
				b.ReportMetric(float64(date-reached)/1000, "KB+date")
				b.ReportMetric(float64(compare-date)/1000, "KB+compare")
			})
		}
	}
}

// TestBrowserHistoryOfflineFromTheBuiltBundle builds the example to a folder, as `frontier
// build` does, and serves that folder with a plain file server (no gzip of its own, a .gz sent
// as the bytes it is, as a static host or `python -m http.server` would): an older date opens
// from the fragment with the points it showed before the rows, the trend draws, the history's
// gzipped chunks and trend table are inflated by the page (DecompressionStream), and no request
// leaves the site. (file:// is no option: Chromium refuses fetch() of file URLs, so a history
// page needs a server, however small.)
func TestBrowserHistoryOfflineFromTheBuiltBundle(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	dir := filepath.Join(t.TempDir(), "public")
	cfg, ps := site.ParseConfig("frontier.toml", testsite.RealConfig(t))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	w, err := site.NewDirWriter(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := site.Build(site.Input{Data: testsite.RealData(t), Config: cfg, ECharts: testsite.RealECharts(t)}, w); err != nil {
		w.Abort()
		t.Fatal(err)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	root := b.ServeHandler(http.FileServer(http.Dir(dir)))
	const older = "2026-01-14"
	want := beforeHistory(t)[older]

	p := b.Open(t, root+examplePage+"#date="+older+"&best=0")
	// Count the page's inflations from here on: the script looks DecompressionStream up when
	// it fetches a .gz, so a wrapper installed now sees the trend table's.
	p.Eval(`(() => { const D = DecompressionStream; window.inflated = 0;
  window.DecompressionStream = class extends D { constructor(f) { super(f); window.inflated++; } }; return true; })()`, nil)
	p.WaitFor(`(document.getElementById("chart").getAttribute("data-view") || "").includes("date=` + older + `")`)
	p.Eval(`document.getElementById("chart").dispatchEvent(new PointerEvent("pointerover"))`, nil)
	p.WaitFor(`typeof echarts !== "undefined" && !!echarts.getInstanceByDom(document.getElementById("chart"))`)
	st := p.ChartState("#chart")
	scatters := 0
	for _, s := range st.Series {
		if s.Type != "scatter" {
			continue
		}
		scatters++
		if w, ok := want[s.Name]; !ok || !slices.Equal(s.Points, w.XY) {
			t.Errorf("%s %s: points %v, want %v", older, s.Name, s.Points, w.XY)
		}
	}
	if scatters != len(want) {
		t.Errorf("%s: %d scatter series, want %d", older, scatters, len(want))
	}

	p.Eval(`document.getElementById("trend").scrollIntoView()`, nil)
	p.WaitFor(`(() => { const c = echarts.getInstanceByDom(document.getElementById("trend"));
  return c && c.getOption().series.some((s) => s.type === "line" && s.data.some((d) => d[1] != null)); })()`)
	var inflated int
	p.Eval(`window.inflated`, &inflated)
	if inflated == 0 {
		t.Error("the trend drew without the page inflating its .gz table")
	}

	var rows, trend int
	for _, r := range p.Requests() {
		u := strings.TrimPrefix(r, "GET ")
		if !strings.HasPrefix(u, root) {
			t.Errorf("a request left the site: %s", r)
		}
		switch {
		case strings.Contains(u, "/history/rows-") && strings.HasSuffix(u, ".json.gz"):
			rows++
		case strings.Contains(u, "/history/trend-") && strings.HasSuffix(u, ".json.gz"):
			trend++
		}
	}
	if rows == 0 || trend == 0 {
		t.Errorf("%d row chunks and %d trend tables fetched, want some of each:\n%s", rows, trend, strings.Join(p.Requests(), "\n"))
	}
	p.NoErrors()
}
