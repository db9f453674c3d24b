package browser_test

// Browser tests: the built site as a reader sees it, in headless Chromium (internal/browsertest).
// They build a site in memory with the real ECharts, serve it, and check each chart page's live
// chart against an expectation computed here, from the input files, independently of the
// build: series and point counts, each frontier line (by site/pareto and by the page's own
// frontier indices), the tooltip under the mouse, the legend under a click, the points table,
// and that nothing failed, ran or left the site. Run them with `go test ./site/browser/`.

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
	"github.com/frontier-bench/frontier/site/output"
	"github.com/frontier-bench/frontier/site/pareto"
)

// TestMain closes the browser that this package's browser tests share when they end.
func TestMain(m *testing.M) { browsertest.Main(m) }

// chartSel is the chart page's main chart.
const chartSel = "#chart"

func TestBrowserExampleSite(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	checkSite(t, b, root, expectPages(t, testsite.RealData(t)))
}

func TestBrowserFixtureSite(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	data := fixtureSite()
	want := expectPages(t, data)
	// The fixture must hold what it claims to, or the test would prove less than it says.
	var split, snapshots bool
	vendors := map[string]bool{}
	for _, pg := range want {
		for _, s := range pg.Series {
			split = split || strings.Contains(s.Key, "@")
			vendors[s.Vendor] = true
		}
		snapshots = snapshots || len(pg.Dates) > 1
	}
	if len(want) < 3 || !split || !snapshots || !vendors["NVIDIA"] || !vendors["AMD"] {
		t.Fatalf("the fixture lacks a page kind: %d pages, split precisions %v, snapshots %v, vendors %v", len(want), split, snapshots, vendors)
	}
	if _, ok := want[output.Slug("Llama-3.3-70B")+"/8k-1k/"].Series["B200 (vLLM) FP8"]; !ok {
		t.Fatalf("the split-precision page has no series named %q", "B200 (vLLM) FP8")
	}
	files := buildForBrowser(t, data, otherSiteConfig(t))
	checkSite(t, b, b.Serve(files, "/"), want)
}

// TestBrowserHostileLabelsStayText builds a site whose model name, hardware keys, labels,
// vendors, axis labels and run ids carry markup, </script> and event-handler payloads, each of
// which would set window.__pwned if it ever ran, and would request "x" from the site if an
// <img> were ever created. After loading, hovering each series' point (the tooltip is HTML)
// and clicking its legend entry (the legend has a tooltip too), nothing ran and the text shows
// exactly as written.
func TestBrowserHostileLabelsStayText(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := hostileShared(t, b)
	checkHostile(t, b, root, expectPages(t, hostileSite()))
}

// checkHostile checks the hostile site served at root: see TestBrowserHostileLabelsStayText.
func checkHostile(t *testing.T, b *browsertest.Browser, root string, want map[string]*wantPage) {
	t.Helper()
	notPwned := func(p *browsertest.Page, when string) {
		t.Helper()
		var typ string
		p.Eval(`typeof window.__pwned`, &typ)
		if typ != "undefined" {
			t.Errorf("%s: a payload ran (window.__pwned is %s)", when, typ)
		}
	}

	home := b.Open(t, root)
	notPwned(home, "home page")
	if text := home.Text("body"); !strings.Contains(text, hostileModel) {
		t.Errorf("the home page does not show the model name literally; want %q in:\n%s", hostileModel, text)
	}

	if len(want) != 1 {
		t.Fatalf("want one hostile page, got %d", len(want))
	}
	for path, pg := range want {
		p := b.Open(t, root+path)
		p.WaitChart(chartSel)
		notPwned(p, "chart page after load")
		var title string
		p.Eval(`document.title`, &title)
		if !strings.Contains(title, hostileModel) {
			t.Errorf("title %q does not hold the model name %q literally", title, hostileModel)
		}
		body := p.Text("body")
		for _, s := range []string{hostileModel, hostileLabels[0], hostileLabels[1]} {
			if !strings.Contains(body, s) {
				t.Errorf("the chart page's text lacks %q", s)
			}
		}
		st := p.ChartState(chartSel)
		for _, name := range sortedNames(pg) {
			ws := pg.Series[name]
			i, ok := isolatedPoint(st, name)
			if !ok {
				t.Fatalf("series %q has no point clear of the others to hover", name)
			}
			tip := p.HoverPoint(chartSel, name, i)
			notPwned(p, "after hovering a point of "+strconv.Quote(name))
			if !strings.Contains(tip, ws.Label) {
				t.Errorf("tooltip of %q does not show its label literally:\n%s", name, tip)
			}
			if !strings.Contains(tip, hostileRun) {
				t.Errorf("tooltip of %q does not show the run id %q literally:\n%s", name, hostileRun, tip)
			}
			p.ClickLegend(chartSel, name)
			notPwned(p, "after clicking the legend entry "+strconv.Quote(name))
			if st := p.ChartState(chartSel); st.IsSelected(name) {
				t.Errorf("clicking the legend entry %q did not hide it", name)
			}
		}
	}
}

// ---- the checks

// checkSite opens the home page, checks it links every chart page, then checks each page.
func checkSite(t *testing.T, b *browsertest.Browser, root string, want map[string]*wantPage) {
	t.Helper()
	home := b.Open(t, root)
	var links []string
	home.Eval(`[...document.querySelectorAll("a[href]")].map((a) => a.href)`, &links)
	for _, path := range slices.Sorted(maps.Keys(want)) {
		if !slices.Contains(links, root+path) {
			t.Errorf("the home page does not link the chart page %s; its links: %q", root+path, links)
		}
	}
	home.Close()
	for _, path := range slices.Sorted(maps.Keys(want)) {
		t.Run(strings.TrimSuffix(path, "/"), func(t *testing.T) {
			checkChartPage(t, b.Open(t, root+path), want[path])
		})
	}
}

// checkChartPage checks one chart page's live chart, tooltip, legend and table against want.
func checkChartPage(t *testing.T, p *browsertest.Page, want *wantPage) {
	st := p.ChartState(chartSel)
	scatter, lines := map[string]browsertest.SeriesState{}, map[string]browsertest.SeriesState{}
	for _, s := range st.Series {
		switch s.Type {
		case "scatter":
			scatter[s.Name] = s
		case "line":
			lines[s.Name] = s
		default:
			t.Errorf("unexpected series %v", s)
		}
	}

	// Series and points: one scatter series per series key, holding exactly its points, and a
	// same-named line through exactly its frontier, as site/pareto computes it from the input.
	var wantTotal, gotTotal int
	for _, name := range sortedNames(want) {
		ws := want.Series[name]
		wantTotal += len(ws.Points)
		sc, ok := scatter[name]
		if !ok {
			t.Errorf("no scatter series %q; the chart has %v", name, slices.Sorted(maps.Keys(scatter)))
			continue
		}
		gotTotal += len(sc.Points)
		if got, wantXY := sortXY(sc.Points), sortXY(ws.xy()); !sameXY(got, wantXY) {
			t.Errorf("scatter %q: %d points %v, want %d %v", name, len(got), got, len(wantXY), wantXY)
		}
		ln, ok := lines[name]
		if !ok {
			t.Errorf("no frontier line %q", name)
			continue
		}
		if !sameXY(sortXY(ln.Points), ws.Frontier) {
			t.Errorf("frontier line %q: %v, want the frontier site/pareto finds in the input: %v", name, ln.Points, ws.Frontier)
		}
		if !sc.Visible || !ln.Visible {
			t.Errorf("series %q is hidden by default (scatter %v, line %v); nothing on these pages should be", name, sc.Visible, ln.Visible)
		}
	}
	for name := range scatter {
		if want.Series[name] == nil {
			t.Errorf("the chart has a scatter series %q that the data does not", name)
		}
	}
	for name := range lines {
		if want.Series[name] == nil {
			t.Errorf("the chart has a line %q that is no series' frontier", name)
		}
	}
	if gotTotal != wantTotal || len(scatter) != len(want.Series) {
		t.Errorf("the chart shows %d series and %d points, want %d and %d", len(scatter), gotTotal, len(want.Series), wantTotal)
	}

	// The page's own model: its frontier indices pick out exactly the points the line holds.
	pd := readPageData(t, p)
	for _, s := range pd.Series {
		ws := want.Series[s.Name]
		if ws == nil {
			t.Errorf("#page-data has a series %q that the data does not", s.Name)
			continue
		}
		if len(s.Points) != len(ws.Points) {
			t.Errorf("#page-data series %q has %d points, want %d", s.Name, len(s.Points), len(ws.Points))
		}
		var front [][2]float64
		for _, i := range s.Frontier {
			if i < 0 || i >= len(s.Points) {
				t.Fatalf("#page-data series %q: frontier index %d out of range", s.Name, i)
			}
			front = append(front, pd.xy(s.Points[i]))
		}
		if ln, ok := lines[s.Name]; ok && !sameXY(ln.Points, front) {
			t.Errorf("#page-data frontier of %q is %v, but the chart's line holds %v", s.Name, front, ln.Points)
		}
	}
	if len(pd.Series) != len(want.Series) {
		t.Errorf("#page-data has %d series, want %d", len(pd.Series), len(want.Series))
	}

	// The table lists every point, each under its series with its concurrency and TP.
	checkTable(t, p, want, nil)

	// Hovering a point shows its tooltip, with its label, concurrency and TP.
	hovered := 0
	for _, name := range sortedNames(want) {
		ws := want.Series[name]
		i, ok := isolatedPoint(st, name)
		if !ok {
			t.Logf("series %q: every point is within %v px of another series' point; not hovered", name, clearance)
			continue
		}
		xy := scatter[name].Points[i]
		pt, ok := ws.find(xy)
		if !ok {
			t.Errorf("scatter %q point %d %v is not in the data", name, i, xy)
			continue
		}
		tip := p.HoverPoint(chartSel, name, i)
		hovered++
		if !strings.Contains(tip, ws.Label) {
			t.Errorf("hovering %q point %v: the tooltip lacks the label %q:\n%s", name, xy, ws.Label, tip)
		}
		if !numberAfter("concurrency", pt.Concurrency).MatchString(tip) || !numberAfter("TP", pt.TP).MatchString(tip) {
			t.Errorf("hovering %q point %v: the tooltip lacks concurrency %d and TP %d:\n%s", name, xy, pt.Concurrency, pt.TP, tip)
		}
	}
	if hovered == 0 {
		t.Errorf("no point of any series could be hovered")
	}

	// Clicking a legend entry hides its series and its frontier, and nothing else; a second
	// click brings both back.
	name := sortedNames(want)[0]
	p.ClickLegend(chartSel, name)
	after := p.ChartState(chartSel)
	if after.IsSelected(name) {
		t.Errorf("after clicking the legend entry %q, legend.selected[%q] is still true", name, name)
	}
	for _, s := range after.Series {
		if hidden := s.Name == name; s.Visible == hidden {
			t.Errorf("after clicking the legend entry %q: %v", name, s)
		}
	}
	checkTable(t, p, want, map[string]bool{name: true})
	p.ClickLegend(chartSel, name)
	for _, s := range p.ChartState(chartSel).Series {
		if !s.Visible {
			t.Errorf("after clicking the legend entry %q twice: %v", name, s)
		}
	}
	checkTable(t, p, want, nil)
	p.NoErrors()
}

// checkTable checks that #points lists exactly the points of every series not in hidden: per
// series key, the multiset of (concurrency, TP) pairs the data holds.
func checkTable(t *testing.T, p *browsertest.Page, want *wantPage, hidden map[string]bool) {
	t.Helper()
	var table struct {
		Head []string   `json:"head"`
		Rows [][]string `json:"rows"` // series key, then the cells
	}
	showPoints(p)
	p.Eval(`(() => {
  const t = document.getElementById("points");
  return {
    head: [...t.querySelectorAll("thead th")].map((th) => th.innerText.trim()),
    rows: [...t.querySelectorAll("tbody tr")].map((tr) => [tr.getAttribute("data-series") || ""].concat([...tr.cells].map((c) => c.innerText.trim()))),
  };
})()`, &table)
	conc, tp := -1, -1
	for i, h := range table.Head {
		switch strings.ToLower(h) {
		case "concurrency":
			conc = i + 1
		case "tp":
			tp = i + 1
		}
	}
	if conc < 0 || tp < 0 {
		t.Fatalf("the points table has no Concurrency or TP column: %q", table.Head)
	}
	got, wantRows := map[string][]string{}, map[string][]string{}
	for _, r := range table.Rows {
		if len(r) <= max(conc, tp) {
			t.Fatalf("a points table row has too few cells: %q", r)
		}
		got[r[0]] = append(got[r[0]], strings.ReplaceAll(r[conc], ",", "")+"/"+r[tp])
	}
	for name, ws := range want.Series {
		if hidden[name] {
			continue
		}
		for _, pt := range ws.Points {
			wantRows[ws.Key] = append(wantRows[ws.Key], fmt.Sprintf("%d/%d", pt.Concurrency, pt.TP))
		}
	}
	for _, key := range slices.Sorted(maps.Keys(mergeKeys(got, wantRows))) {
		g, w := slices.Sorted(slices.Values(got[key])), slices.Sorted(slices.Values(wantRows[key]))
		if !slices.Equal(g, w) {
			t.Errorf("points table, series %q: %d rows (concurrency/TP) %v, want %d %v", key, len(g), g, len(w), w)
		}
	}
}

// numberAfter matches a label followed closely by the number, written plainly or grouped by
// thousands ("Concurrency 4096", "concurrency: 4,096", "TP 8").
func numberAfter(label string, n int64) *regexp.Regexp {
	plain := strconv.FormatInt(n, 10)
	grouped := plain
	for i := len(plain) - 3; i > 0; i -= 3 {
		grouped = grouped[:i] + "," + grouped[i:]
	}
	return regexp.MustCompile(`(?i)\b` + label + `\W{0,3}(` + plain + `|` + regexp.QuoteMeta(grouped) + `)\b`)
}

// clearance is how far (in CSS pixels) a hovered point must be from every other point, so
// the mouse lands on it alone (scatter symbols are 8 px).
const clearance = 10

// isolatedPoint picks the point of the scatter series name that lies inside the plot and
// farthest from every other visible scatter point, if that is at least clearance away.
func isolatedPoint(st browsertest.ChartState, name string) (int, bool) {
	best, bestDist := -1, 0.0
	for _, s := range st.Series {
		if s.Type != "scatter" || s.Name != name {
			continue
		}
		for i, px := range s.Pixels {
			if !s.InPlot[i] {
				continue
			}
			d := math.Inf(1)
			for _, o := range st.Series {
				if o.Type != "scatter" || !o.Visible {
					continue
				}
				for j, q := range o.Pixels {
					if o.Name == name && j == i {
						continue
					}
					d = min(d, browsertest.Distance(px, q))
				}
			}
			if d > bestDist {
				best, bestDist = i, d
			}
		}
	}
	return best, best >= 0 && bestDist >= clearance
}

// pageData is what the tests read of a chart page's #page-data.
type pageData struct {
	Metric string   `json:"metric"`
	Cols   []string `json:"cols"`
	Series []struct {
		Key      string  `json:"key"`
		Name     string  `json:"name"`
		Points   [][]any `json:"points"`
		Frontier []int   `json:"frontier"`
	} `json:"series"`
	x, y int // column indices
}

func readPageData(t *testing.T, p *browsertest.Page) *pageData {
	t.Helper()
	var pd pageData
	p.Eval(`JSON.parse(document.getElementById("page-data").textContent)`, &pd)
	pd.x, pd.y = slices.Index(pd.Cols, "x"), slices.Index(pd.Cols, pd.Metric)
	if pd.x < 0 || pd.y < 0 {
		t.Fatalf("#page-data: columns %q lack x or the metric %q", pd.Cols, pd.Metric)
	}
	return &pd
}

func (pd *pageData) xy(pt []any) [2]float64 {
	x, _ := pt[pd.x].(float64)
	y, _ := pt[pd.y].(float64)
	return [2]float64{x, y}
}

// ---- what the pages must show, computed from the input files

// wantPage is a chart page as the input files define it (its newest snapshot).
type wantPage struct {
	Model, Sequence string
	Dates           []string               // every snapshot date
	Series          map[string]*wantSeries // by legend name
}

// wantSeries is one series of a page.
type wantSeries struct {
	Key, Name, Label, Vendor string
	Points                   []inputPoint
	Frontier                 [][2]float64 // (x, y) by site/pareto, in x order
}

func (s *wantSeries) xy() [][2]float64 {
	out := make([][2]float64, len(s.Points))
	for i, p := range s.Points {
		out[i] = [2]float64{p.X, p.Y}
	}
	return out
}

// find returns the point drawn at xy.
func (s *wantSeries) find(xy [2]float64) (inputPoint, bool) {
	for _, p := range s.Points {
		if near(p.X, xy[0]) && near(p.Y, xy[1]) {
			return p, true
		}
	}
	return inputPoint{}, false
}

// inputDataset is what the tests read of a benchmark file, with encoding/json: independent of
// the site's own loader.
type inputDataset struct {
	Params struct {
		Model    string `json:"model"`
		Sequence string `json:"sequence"`
		Date     string `json:"date"`
	} `json:"params"`
	Series []struct {
		HWKey  string       `json:"hwKey"`
		Label  string       `json:"label"`
		Vendor string       `json:"vendor"`
		Points []inputPoint `json:"points"`
	} `json:"series"`
}

type inputPoint struct {
	ID          int64   `json:"id"`
	Precision   string  `json:"precision"`
	X           float64 `json:"x"`
	Y           float64 `json:"y"`
	Concurrency int64   `json:"concurrency"`
	TP          int64   `json:"tp"`
}

// expectPages reads every dataset in data and works out each chart page, keyed by its path
// below the site root, by the rules of docs/input-formats.md: a page per (model, sequence); a series per hwKey,
// or per (hwKey, precision) named "Label PRECISION" when the page holds several precisions;
// each series shows the points of its newest snapshot date; its frontier is the points no
// other point of the series beats on both axes.
func expectPages(t *testing.T, data fs.FS) map[string]*wantPage {
	t.Helper()
	type contribution struct {
		date, label, vendor string
		points              []inputPoint
	}
	type pageIn struct {
		model, sequence string
		precisions      map[string]bool
		dates           map[string]bool
		byKey           map[[2]string][]contribution // (hwKey, precision) -> contributions
	}
	pages := map[string]*pageIn{}
	err := fs.WalkDir(data, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		if strings.HasPrefix(path, "raw/") {
			return nil // raw results, not the inference view: TestRawResultsPage checks their page
		}
		raw, err := fs.ReadFile(data, path)
		if err != nil {
			return err
		}
		if !bytes.Contains(raw, []byte(`"view"`)) {
			return nil // raw results (the example's data/raw/): TestRawResultsPage checks their page
		}
		var ds inputDataset
		if err := json.Unmarshal(raw, &ds); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		id := output.Slug(ds.Params.Model) + "/" + output.Slug(ds.Params.Sequence) + "/"
		pg := pages[id]
		if pg == nil {
			pg = &pageIn{model: ds.Params.Model, sequence: ds.Params.Sequence,
				precisions: map[string]bool{}, dates: map[string]bool{}, byKey: map[[2]string][]contribution{}}
			pages[id] = pg
		}
		pg.dates[ds.Params.Date] = true
		for _, s := range ds.Series {
			byPrec := map[string][]inputPoint{}
			for _, pt := range s.Points {
				pg.precisions[pt.Precision] = true
				byPrec[pt.Precision] = append(byPrec[pt.Precision], pt)
			}
			for prec, pts := range byPrec {
				k := [2]string{s.HWKey, prec}
				pg.byKey[k] = append(pg.byKey[k], contribution{ds.Params.Date, s.Label, s.Vendor, pts})
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*wantPage{}
	for id, pg := range pages {
		wp := &wantPage{Model: pg.model, Sequence: pg.sequence, Series: map[string]*wantSeries{}}
		wp.Dates = slices.Sorted(maps.Keys(pg.dates))
		split := len(pg.precisions) > 1
		// Without a split, one series per hwKey gathers every precision's points.
		merged := map[string][]contribution{}
		for k, cs := range pg.byKey {
			key := k[0]
			if split {
				key += "@" + k[1]
			}
			merged[key] = append(merged[key], cs...)
		}
		for key, cs := range merged {
			newest := slices.MaxFunc(cs, func(a, b contribution) int { return cmp.Compare(a.date, b.date) }).date
			ws := &wantSeries{Key: key}
			seen := map[int64]bool{}
			for _, c := range cs {
				if c.date != newest {
					continue
				}
				ws.Label, ws.Vendor = c.label, c.vendor
				for _, pt := range c.points {
					if !seen[pt.ID] {
						seen[pt.ID] = true
						ws.Points = append(ws.Points, pt)
					}
				}
			}
			hw, prec, _ := strings.Cut(key, "@")
			ws.Name = cmp.Or(ws.Label, hw)
			if split {
				ws.Name += " " + strings.ToUpper(prec)
			}
			xs, ys := make([]float64, len(ws.Points)), make([]float64, len(ws.Points))
			for i, pt := range ws.Points {
				xs[i], ys[i] = pt.X, pt.Y
			}
			for _, i := range pareto.Frontier(xs, ys, true) {
				ws.Frontier = append(ws.Frontier, [2]float64{xs[i], ys[i]})
			}
			ws.Frontier = sortXY(ws.Frontier)
			if wp.Series[ws.Name] != nil {
				t.Fatalf("page %s: two series named %q", id, ws.Name)
			}
			wp.Series[ws.Name] = ws
		}
		out[id] = wp
	}
	return out
}

func sortedNames(p *wantPage) []string { return slices.Sorted(maps.Keys(p.Series)) }

// ---- building

// buildForBrowser builds a site in memory with the real ECharts, as `frontier build` would.
// A test that only reads the example site takes the shared one (exampleSite, hostedSite).
func buildForBrowser(t testing.TB, data fs.FS, cfg site.Config) *site.Files {
	t.Helper()
	files, err := build(data, cfg, testsite.RealECharts(t))
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	return files
}

func build(data fs.FS, cfg site.Config, echarts []byte) (*site.Files, error) {
	files := &site.Files{}
	if _, err := site.Build(site.Input{Data: data, Config: cfg, ECharts: echarts}, files); err != nil {
		return nil, fmt.Errorf("build: %w", err)
	}
	return files, nil
}

// hostileShared is hostileSite built once for the package and served once, as exampleSite is.
func hostileShared(t testing.TB, b *browsertest.Browser) (*site.Files, string) {
	t.Helper()
	echarts, cfg := testsite.RealECharts(t), otherSiteConfig(t)
	return browsertest.Shared(b, t, "hostile", "/", func() (*site.Files, error) {
		return build(hostileSite(), cfg, echarts)
	})
}

// exampleSite is the example site (data/ and its frontier.toml: English and Chinese) built with
// the real ECharts once for the package, and served once at the root of a server that lives as
// long as the tests: it and its URL are shared by every test that asks, so they must only read
// it. A test that changes a built file builds its own (buildForBrowser).
func exampleSite(t testing.TB, b *browsertest.Browser) (*site.Files, string) {
	t.Helper()
	echarts, cfg := testsite.RealECharts(t), exampleConfig(t)
	return browsertest.Shared(b, t, "example", "/", func() (*site.Files, error) {
		return build(testsite.RealData(t), cfg, echarts)
	})
}

// hostedSite is exampleSite built for a base URL with a host (https://bench.example/), as it
// is deployed, in English and Chinese: its pages carry absolute alternates and cards. Shared
// the same way.
func hostedSite(t testing.TB, b *browsertest.Browser) (*site.Files, string) {
	t.Helper()
	echarts, cfg := testsite.RealECharts(t), exampleConfig(t)
	cfg.Languages = []string{"en", "zh"}
	cfg.BaseURL = "https://bench.example/" // the alternates are absolute URLs, written only with a host
	return browsertest.Shared(b, t, "hosted", "/", func() (*site.Files, error) {
		return build(testsite.RealData(t), cfg, echarts)
	})
}

// ---- fixtures

// fixtureSite is a data folder of several models, sequences, precisions, vendors and snapshot
// dates, with points generated deterministically so that each series has points on and off
// its frontier.
func fixtureSite() fstest.MapFS {
	g := &gen{id: 900000}
	b200vllm := fxSeries{hw: "b200_vllm", gpu: "b200", framework: "vllm", spec: "none", label: "B200 (vLLM)", vendor: "NVIDIA"}
	mi355vllm := fxSeries{hw: "mi355x_vllm", gpu: "mi355x", framework: "vllm", spec: "none", label: "MI355X (vLLM)", vendor: "AMD"}
	h200sgl := fxSeries{hw: "h200_sglang", gpu: "h200", framework: "sglang", spec: "none", label: "H200 (SGLang)", vendor: "NVIDIA"}
	b200trtMTP := fxSeries{hw: "b200_trt_mtp", gpu: "b200", framework: "trt", spec: "mtp", label: "B200 (TRTLLM, MTP)", vendor: "NVIDIA"}
	mi355sgl := fxSeries{hw: "mi355x_sglang", gpu: "mi355x", framework: "sglang", spec: "none", label: "MI355X (SGLang)", vendor: "AMD"}
	mi355sglMTP := fxSeries{hw: "mi355x_sglang_mtp", gpu: "mi355x", framework: "sglang", spec: "mtp", label: "MI355X (SGLang, MTP)", vendor: "AMD"}
	b200trt := fxSeries{hw: "b200_trt", gpu: "b200", framework: "trt", spec: "none", label: "B200 (TRTLLM)", vendor: "NVIDIA"}
	h200vllm := fxSeries{hw: "h200_vllm", gpu: "h200", framework: "vllm", spec: "none", label: "H200 (vLLM)", vendor: "NVIDIA"}

	const llama, r1 = "Llama-3.3-70B", "DeepSeek-R1"
	datasets := map[string]fxDataset{
		// Two snapshots: H200 was measured only in June, so the July view carries it over.
		"llama/1k-1k_2026-06-01.json": {model: llama, sequence: "1k/1k", date: "2026-06-01", series: []fxSeries{
			g.series(b200vllm, "fp8", "2026-05-30", 2400), g.series(mi355vllm, "fp8", "2026-05-30", 2100), g.series(h200sgl, "fp8", "2026-05-29", 1300)}},
		"llama/1k-1k_2026-07-01.json": {model: llama, sequence: "1k/1k", date: "2026-07-01", series: []fxSeries{
			g.series(b200vllm, "fp8", "2026-06-28", 3100), g.series(mi355vllm, "fp8", "2026-06-29", 2700)}},
		// fp4 and fp8 on one page: series split by precision.
		"llama/8k-1k.json": {model: llama, sequence: "8k/1k", date: "2026-07-01", series: []fxSeries{
			g.series(b200vllm, "fp4", "2026-06-20", 1500).with(g.series(b200vllm, "fp8", "2026-06-20", 1050)),
			g.series(b200trtMTP, "fp4", "2026-06-21", 1800), g.series(mi355sgl, "fp8", "2026-06-22", 900)}},
		"r1/1k-8k.json": {model: r1, sequence: "1k/8k", date: "2026-07-15", series: []fxSeries{
			g.series(mi355sglMTP, "fp8", "2026-07-10", 700), g.series(b200trt, "fp8", "2026-07-11", 1100), g.series(h200vllm, "fp8", "2026-07-12", 450)}},
	}
	fsys := fstest.MapFS{}
	for name, d := range datasets {
		fsys[name] = &fstest.MapFile{Data: d.json()}
	}
	return fsys
}

// The hostile fixture's strings: each payload sets window.__pwned if it runs as markup.
const (
	hostileModel = `Evil</script><script>window.__pwned=1</script><img src=x onerror="window.__pwned=1"> "><svg onload=window.__pwned=1>`
	hostileRun   = `<img src=x onerror="window.__pwned=1">`
)

var hostileLabels = [2]string{
	`B200 <img src=x onerror="window.__pwned=1"> </script><script>window.__pwned=1</script>`,
	`"><svg onload="window.__pwned=1"> MI355X '-alert(1)-' <b>bold</b>`,
}

// hostileSite is one page whose every author-written string is an attack.
func hostileSite() fstest.MapFS {
	g := &gen{id: 700000, run: hostileRun}
	a := fxSeries{hw: `b200</script><img src=x onerror="window.__pwned=1">`, gpu: "b200", framework: "vllm", spec: "none",
		label: hostileLabels[0], vendor: `NVIDIA"><svg onload=window.__pwned=1>`}
	b := fxSeries{hw: `mi355x"><svg onload=window.__pwned=1>`, gpu: "mi355x", framework: `sglang<img src=x onerror="window.__pwned=1">`, spec: "mtp",
		label: hostileLabels[1], vendor: "AMD"}
	d := fxDataset{model: hostileModel, sequence: "1k/1k", date: "2026-07-01",
		metricLabel: `Throughput <img src=x onerror="window.__pwned=1">`,
		xLabel:      `Interactivity </script><svg onload=window.__pwned=1>`,
		series:      []fxSeries{g.series(a, "fp8", "2026-06-30", 2000), g.series(b, "fp8", "2026-06-30", 500)}}
	return fstest.MapFS{"hostile.json": {Data: d.json()}}
}

type fxDataset struct {
	model, sequence, date string
	metricLabel, xLabel   string
	series                []fxSeries
}

type fxSeries struct {
	hw, gpu, framework, spec, label, vendor string
	points                                  []fxPoint
}

type fxPoint struct {
	id        int64
	precision string
	x, y      float64
	conc, tp  int64
	date, run string
}

// with adds other's points to s (another precision of the same hardware).
func (s fxSeries) with(other fxSeries) fxSeries {
	s.points = append(slices.Clone(s.points), other.points...)
	return s
}

// gen makes points: ids unique across the fixture, values from a fixed seed.
type gen struct {
	id  int64
	run string // run id for every point; numeric ids when empty
}

// series returns s with 9 points along a throughput/interactivity trade-off (with noise, so
// some fall off the frontier) and 2 points strictly beaten by others. scale sets the height.
func (g *gen) series(s fxSeries, precision, date string, scale float64) fxSeries {
	r := rand.New(rand.NewPCG(uint64(g.id), uint64(scale)))
	var pts []fxPoint
	add := func(x, y float64, conc int64) {
		g.id++
		run := g.run
		if run == "" {
			run = strconv.FormatInt(28000000000+g.id, 10)
		}
		pts = append(pts, fxPoint{id: g.id, precision: precision, x: round(x, 2), y: round(y, 1), conc: conc,
			tp: []int64{2, 4, 8}[r.IntN(3)], date: date, run: run})
	}
	for k := range 9 {
		conc := int64(1) << (k + 1)
		add(320/math.Sqrt(float64(conc))*(0.8+0.4*r.Float64()), scale*math.Sqrt(float64(conc))*(0.75+0.5*r.Float64()), conc)
	}
	for _, k := range []int{2, 6} { // beaten on both axes by the trade-off point they shadow
		add(pts[k].x*0.7, pts[k].y*0.6, pts[k].conc*3)
	}
	s.points = pts
	return s
}

func round(v float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(v*p) / p
}

// json writes the dataset in the InferenceX inference-view format, raw (no HTML escaping of
// <, > and &), as a hostile author's file would be.
func (d fxDataset) json() []byte {
	type obj = map[string]any
	precisions, hardware, series := map[string]bool{}, []obj{}, []obj{}
	seen := map[string]bool{}
	for _, s := range d.series {
		if !seen[s.hw] {
			seen[s.hw] = true
			hardware = append(hardware, obj{"key": s.hw, "label": s.label, "vendor": s.vendor})
		}
		var pts []obj
		for _, p := range s.points {
			precisions[p.precision] = true
			out := round(p.y*0.12, 1)
			pts = append(pts, obj{"id": p.id, "precision": p.precision, "x": p.x, "y": p.y, "concurrency": p.conc, "tp": p.tp,
				"date": p.date, "runId": p.run,
				"metrics": obj{"tpPerGpu": p.y, "outputTputPerGpu": out, "inputTputPerGpu": round(p.y-out, 1)}})
		}
		series = append(series, obj{"hwKey": s.hw, "gpu": s.gpu, "framework": s.framework, "specMethod": s.spec,
			"label": s.label, "vendor": s.vendor, "deployment": "single-node", "points": pts})
	}
	doc := obj{
		"view": "inference", "apiVersion": "v1",
		"params":   obj{"model": d.model, "sequence": d.sequence, "date": d.date, "precisions": slices.Sorted(maps.Keys(precisions))},
		"metric":   obj{"key": "tpPerGpu", "label": cmp.Or(d.metricLabel, "Token Throughput per GPU (tok/s/gpu)"), "unit": "tok/s/gpu"},
		"xAxis":    obj{"mode": "interactivity", "field": "median_intvty", "label": cmp.Or(d.xLabel, "Interactivity (tok/s/user)")},
		"hardware": hardware, "series": series,
	}
	var buf strings.Builder
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(doc); err != nil {
		panic(err)
	}
	return []byte(buf.String())
}

// ---- small helpers

func mergeKeys(a, b map[string][]string) map[string]bool {
	out := map[string]bool{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

// near compares coordinates as the page rounds them (6 significant digits).
func near(a, b float64) bool {
	return math.Abs(a-b) <= 1e-5*math.Max(math.Abs(a), math.Abs(b))+1e-9
}

func sameXY(a, b [][2]float64) bool {
	return slices.EqualFunc(a, b, func(p, q [2]float64) bool { return near(p[0], q[0]) && near(p[1], q[1]) })
}

func sortXY(pts [][2]float64) [][2]float64 {
	out := slices.Clone(pts)
	slices.SortFunc(out, func(a, b [2]float64) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
	return out
}

// ownExampleConfig is the repository's frontier.toml, parsed: the settings of the example in
// data/, whose [[runs]] give its restated raw files their context.
func ownExampleConfig(t testing.TB) site.Config {
	t.Helper()
	cfg, ps := site.ParseConfig("frontier.toml", testsite.ExampleConfig(t))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	return cfg
}

// exampleConfig is the real site's frontier.toml (testsite.RealConfig), which its raw
// bench-serve files need.
func exampleConfig(t testing.TB) site.Config {
	t.Helper()
	cfg, ps := site.ParseConfig("frontier.toml", testsite.RealConfig(t))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	return cfg
}

// otherSiteConfig is exampleConfig for a site of other data: without the example's [[presets]],
// curated links to the example's own page, which such a site does not have (the build would
// rightly refuse them).
func otherSiteConfig(t testing.TB) site.Config {
	cfg := exampleConfig(t)
	cfg.Presets = nil
	return cfg
}
