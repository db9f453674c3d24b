package browser_test

import (
	"encoding/json"
	"fmt"
	"github.com/frontier-bench/frontier/site/page"
	"math"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/verdict"
)

// historyFile is real history, below the shared folder: InferenceX API rows for DeepSeek-R1
// 1k/1k, three GPUs over 55 dates.
const historyFile = "raw/inferencex-api/dsr1_1k1k_history.json"

// historyViews converts the real history's rows into one inference-view dataset per date (the
// raw-results layer does this in the build; here the views are the input, so the test does not
// depend on it): a series per GPU, framework and speculative method, x the median
// interactivity, y the total throughput per GPU.
func historyViews(t *testing.T) fstest.MapFS {
	t.Helper()
	raw := testenv.SharedFile(t, historyFile)
	var rows []struct {
		Hardware, Framework, Precision, Date string
		Spec                                 string `json:"spec_method"`
		Conc                                 int    `json:"conc"`
		TP                                   int    `json:"decode_tp"`
		Metrics                              map[string]float64
	}
	if err := json.Unmarshal(raw, &rows); err != nil {
		t.Fatal(err)
	}
	type view struct {
		hardware map[string]map[string]any
		series   map[string]map[string]any
	}
	byDate := map[string]*view{}
	for i, r := range rows {
		v := byDate[r.Date]
		if v == nil {
			v = &view{map[string]map[string]any{}, map[string]map[string]any{}}
			byDate[r.Date] = v
		}
		hw := r.Hardware + "_" + r.Framework
		label := strings.ToUpper(r.Hardware) + " (" + r.Framework + ")"
		if r.Spec != "none" {
			hw += "_" + r.Spec
			label = strings.TrimSuffix(label, ")") + ", " + strings.ToUpper(r.Spec) + ")"
		}
		vendor := "NVIDIA"
		if strings.HasPrefix(r.Hardware, "mi") {
			vendor = "AMD"
		}
		v.hardware[hw] = map[string]any{"key": hw, "label": label, "vendor": vendor}
		s := v.series[hw]
		if s == nil {
			s = map[string]any{"hwKey": hw, "gpu": r.Hardware, "framework": r.Framework, "specMethod": r.Spec, "label": label, "vendor": vendor, "points": []any{}}
			v.series[hw] = s
		}
		m := r.Metrics
		s["points"] = append(s["points"].([]any), map[string]any{
			"id": i + 1, "precision": r.Precision, "x": m["median_intvty"], "y": m["tput_per_gpu"],
			"concurrency": r.Conc, "tp": r.TP, "date": r.Date, "runId": i + 1, "frontier": false, "bestPerSku": false,
			"metrics": map[string]any{"tpPerGpu": m["tput_per_gpu"], "outputTputPerGpu": m["output_tput_per_gpu"], "inputTputPerGpu": m["input_tput_per_gpu"]},
		})
	}
	fsys := fstest.MapFS{}
	for date, v := range byDate {
		doc := map[string]any{
			"view": "inference", "apiVersion": "v1",
			"params": map[string]any{"model": "DeepSeek-R1-0528", "sequence": "1k/1k", "date": date},
			"metric": map[string]any{"key": "tpPerGpu", "label": "Token Throughput per GPU", "unit": "tok/s/gpu"},
			"xAxis":  map[string]any{"mode": "interactivity", "label": "Interactivity (tok/s/user)"},
		}
		var hws, ss []any
		for _, k := range slices.Sorted(mapsKeys(v.hardware)) {
			hws = append(hws, v.hardware[k])
			ss = append(ss, v.series[k])
		}
		doc["hardware"], doc["series"] = hws, ss
		fsys["history/dsr1_1k1k_"+date+".json"] = &fstest.MapFile{Data: testsite.Marshal(t, doc)}
	}
	return fsys
}

func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// wantTrend is every series' value at x on every date, computed in Go from the same
// frontiers the build assembles: series name -> date -> value (absent where the frontier
// does not reach x).
func wantTrend(t *testing.T, data fstest.MapFS, x float64) (map[string]map[string]float64, []string) {
	return wantTrendOf(t, data, x, false)
}

// wantTrendOf is wantTrend, or with byGPU best per GPU's: per GPU (its line's name, the
// key upper-cased) the frontier of the union of all its configurations' points on each date
// (site/page's rule, docs/chart-page.md).
func wantTrendOf(t *testing.T, data fstest.MapFS, x float64, byGPU bool) (map[string]map[string]float64, []string) {
	t.Helper()
	ds, ps := input.Load(data, "data/", nil)
	if len(ps.Errors()) > 0 {
		t.Fatal(ps)
	}
	pages, _ := site.Assemble(ds, "data/")
	if len(pages) != 1 {
		t.Fatalf("%d pages, want 1", len(pages))
	}
	want := map[string]map[string]float64{}
	var dates []string
	for _, snap := range pages[0].Snapshots {
		dates = append(dates, snap.Date)
		xs, ys := map[string][]float64{}, map[string][]float64{}
		for _, s := range snap.Series {
			key := s.Name
			if byGPU {
				key = strings.ToUpper(s.GPU)
			}
			for _, i := range s.Frontier {
				xs[key], ys[key] = append(xs[key], s.Points[i].X), append(ys[key], s.Points[i].Y)
			}
		}
		for key := range xs {
			if v, ok := page.ValueAt(xs[key], ys[key], true, true, x); ok {
				if want[key] == nil {
					want[key] = map[string]float64{}
				}
				want[key][snap.Date] = v
			}
		}
	}
	return want, dates
}

// trendState is what the trend chart draws: per line, its [date, value] points.
type trendState struct {
	Hash   string
	Lines  map[string][][2]any
	Change []struct{ Key, Name, From, To, Pct, Verdict string }
	Note   string
}

func readTrend(p *browsertest.Page) trendState {
	var st trendState
	p.Eval(`(() => {
  const o = echarts.getInstanceByDom(document.getElementById("trend")).getOption();
  const lines = {};
  for (const s of o.series) if (s.type === "line") lines[s.name] = s.data;
  const change = [...document.querySelectorAll("#change-table tbody tr")].map((tr) => {
    const td = tr.querySelectorAll("td");
    return {Key: tr.dataset.key, Name: tr.querySelector("th").textContent, From: td[0].textContent, To: td[1].textContent, Pct: td[2].dataset.value,
      Verdict: td[3] ? td[3].dataset.verdict : ""};
  });
  const note = document.querySelector("#change-table .verdict-note");
  return {Hash: location.hash, Lines: lines, Change: change, Note: note ? note.textContent : ""};
})()`, &st)
	return st
}

// waitTrend scrolls to the trend chart, which the page draws with ECharts once the reader
// nears it, and waits for its lines and the fragment.
func waitTrend(p *browsertest.Page, hash string) {
	p.Eval(`document.getElementById("trend").scrollIntoView()`, nil)
	p.WaitFor(`(() => { const e = document.getElementById("trend"); const c = e && window.echarts && echarts.getInstanceByDom(e);
  return c && c.getOption().series.length > 0 && location.hash === ` + fmt.Sprintf("%q", hash) + `; })()`)
}

// TestBrowserTrendOnRealHistory: on the real history (55 dates), the trend chart has a line per
// visible configuration whose points are each date's frontier read at the reference, as Go
// computes them from the same frontiers, with no point where a frontier does not reach it;
// the reference is kept in the fragment; the change table compares a baseline with the newest;
// best per GPU gives one line per GPU; the changelog's entries are markers.
func TestBrowserTrendOnRealHistory(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	data := historyViews(t)
	data["changelog.yaml"] = &fstest.MapFile{Data: []byte("- date: 2026-01-14\n  configs: dsr1-fp4-b200-sglang*\n  description: SGLang <b>upgrade</b>\n")}
	files := buildForBrowser(t, data, site.DefaultConfig())
	root := b.Serve(files, "/")
	const pagePath = "deepseek-r1-0528/1k-1k/"

	check := func(p *browsertest.Page, x float64, hash string) trendState {
		t.Helper()
		waitTrend(p, hash)
		st := readTrend(p)
		want, dates := wantTrendOf(t, data, x, !strings.Contains(hash, "best=0"))
		if len(dates) != 55 {
			t.Fatalf("%d dates, want the real history's 55", len(dates))
		}
		if len(st.Lines) != len(want) {
			t.Errorf("at %v: %d lines %v, want %d", x, len(st.Lines), slices.Sorted(mapsKeys(st.Lines)), len(want))
		}
		for name, w := range want {
			got, ok := st.Lines[name]
			if !ok {
				t.Errorf("at %v: no line %q", x, name)
				continue
			}
			if len(got) != len(dates) {
				t.Errorf("%s: %d points, want one per date (%d)", name, len(got), len(dates))
			}
			for _, pt := range got {
				date, _ := pt[0].(string)
				wv, has := w[date]
				gv, isNum := pt[1].(float64)
				switch {
				case !has && pt[1] != nil:
					t.Errorf("%s %s: %v where the frontier does not reach %v", name, date, pt[1], x)
				case has && (!isNum || math.Abs(gv-wv) > 1e-4*math.Abs(wv)+1e-6):
					t.Errorf("%s %s: %v, want %v", name, date, pt[1], wv)
				}
			}
		}
		return st
	}

	// best=0: the page has more than 12 configurations, so it opens on best per GPU (one trend
	// line per GPU, checked below); this checks a line per configuration.
	p := b.Open(t, root+pagePath+"#best=0")
	st := check(p, 50, "#best=0")
	if len(st.Change) != len(st.Lines) {
		t.Errorf("change table has %d rows, want one per line (%d)", len(st.Change), len(st.Lines))
	}
	want, dates := wantTrend(t, data, 50)
	oldest, newest := dates[len(dates)-1], dates[0]
	for _, r := range st.Change {
		w := want[r.Name]
		from, okF := w[oldest]
		to, okT := w[newest]
		if okF && okT {
			var pct float64
			fmt.Sscan(r.Pct, &pct)
			if math.Abs(pct-(to/from-1)*100) > 1e-3 {
				t.Errorf("%s: change %s%%, want %v", r.Name, r.Pct, (to/from-1)*100)
			}
			// The verdict is package verdict's, under the default [verdict] (3%, one date).
			if v := verdict.DefaultRule().Judge(from, to, true).Verdict; r.Verdict != string(v) {
				t.Errorf("%s: verdict %q for %v -> %v, want %q", r.Name, r.Verdict, from, to, v)
			}
		} else if r.Pct != "" {
			t.Errorf("%s: change %q where a date has no value", r.Name, r.Pct)
		}
	}
	if !strings.Contains(st.Note, "±3%") {
		t.Errorf("the change table's note %q does not say the rule (±3%%)", st.Note)
	}
	var markers int
	p.Eval(`echarts.getInstanceByDom(document.getElementById("trend")).getOption().series.filter((s) => s.name === "What changed").map((s) => s.data.length).reduce((a, b) => a + b, 0)`, &markers)
	if markers != 1 {
		t.Errorf("%d changelog markers, want 1", markers)
	}

	// Another reference: kept in the fragment, the values follow.
	p.Eval(`(() => { const s = document.getElementById("trend-ref"); s.value = "100"; s.dispatchEvent(new Event("change", {bubbles: true})); })()`, nil)
	check(p, 100, "#best=0&ref=100")
	p2 := b.Open(t, root+pagePath+"#best=0&ref=20")
	check(p2, 20, "#best=0&ref=20")

	// Sorting the change table by change puts the biggest gain last, blanks after.
	p.Click(`#change-table button[data-sort="pct"]`)
	st = readTrend(p)
	var prev = math.Inf(-1)
	for _, r := range st.Change {
		if r.Pct == "" {
			prev = math.Inf(1)
			continue
		}
		var v float64
		fmt.Sscan(r.Pct, &v)
		if v < prev {
			t.Errorf("change table not sorted ascending by change: %v", st.Change)
			break
		}
		prev = v
	}

	// Best per GPU: one line per GPU, its frontier over all its configurations on each date.
	p3 := b.Open(t, root+pagePath+"#best=1")
	st = check(p3, 50, "#best=1")
	if got := slices.Sorted(mapsKeys(st.Lines)); strings.Join(got, ",") != "B200,H200,MI355X" {
		t.Errorf("best per GPU: lines %v, want one per GPU", got)
	}
	// The feed the page's head links: an entry per snapshot date, newest first, each opening
	// this page at its date.
	var feed struct {
		Entries int
		First   string
		Titles  []string
	}
	p.Eval(`new Promise((done) => fetch(document.querySelector('link[rel="alternate"][type="application/atom+xml"]').href).then((r) => r.text()).then((xml) => {
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  const entries = [...doc.getElementsByTagName("entry")];
  done({Entries: entries.length, First: entries[0].getElementsByTagName("link")[0].getAttribute("href"),
    Titles: entries.map((e) => e.getElementsByTagName("title")[0].textContent)});
}))`, &feed)
	if feed.Entries != len(dates) || feed.First != "/"+pagePath+"#date="+newest ||
		feed.Titles[0] != "DeepSeek-R1-0528 1k/1k as of "+newest || feed.Titles[len(feed.Titles)-1] != "DeepSeek-R1-0528 1k/1k as of "+oldest {
		t.Errorf("feed: %d entries (want %d), first links %q, titles from %q", feed.Entries, len(dates), feed.First, feed.Titles[:min(2, len(feed.Titles))])
	}
	for _, pg := range []*browsertest.Page{p, p2, p3} {
		pg.NoErrors()
	}
}

// TestBrowserCompareOverlaysEarlierDates: compare=D1,D2 on the real history draws, beside the
// newest snapshot, every visible configuration's frontier and points as of each date, named
// with the date as in the fragment, dashed; their points match the frontiers Go assembles
// for that date, their tooltips name the date, and removing a date takes it off the chart
// and out of the fragment.
func TestBrowserCompareOverlaysEarlierDates(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	data := historyViews(t)
	files := buildForBrowser(t, data, site.DefaultConfig())
	root := b.Serve(files, "/")
	ds, ps := input.Load(data, "data/", nil)
	if len(ps.Errors()) > 0 {
		t.Fatal(ps)
	}
	pages, _ := site.Assemble(ds, "data/")
	snaps := pages[0].Snapshots
	d1, d2 := snaps[10], snaps[30]
	hash := "#best=0&compare=" + d1.Date + "," + d2.Date // best=0: every configuration (over 12 opens on best per GPU)

	p := b.Open(t, root+"deepseek-r1-0528/1k-1k/"+hash)
	want := map[string][][2]float64{}
	for _, snap := range []*page.Snapshot{d1, d2} {
		for _, s := range snap.Series {
			var xy [][2]float64
			for _, i := range s.Frontier {
				xy = append(xy, [2]float64{s.Points[i].X, s.Points[i].Y})
			}
			want[s.Name+" "+snap.Date] = xy
		}
	}
	p.WaitFor(`(() => { const c = echarts.getInstanceByDom(document.getElementById("chart"));
  return c && c.getOption().series.filter((s) => String(s.id || "").startsWith("compare:line:")).length === ` + fmt.Sprint(len(want)) + `; })()`)
	st := p.ChartState("#chart")
	var dashed []string
	p.Eval(`echarts.getInstanceByDom(document.getElementById("chart")).getOption().series.filter((s) => String(s.id || "").startsWith("compare:line:") && s.lineStyle.type === "dashed").map((s) => s.name)`, &dashed)
	if len(dashed) != len(want) {
		t.Errorf("%d dashed overlay lines, want %d", len(dashed), len(want))
	}
	for name, xy := range want {
		line, ok := st.Find(name, "line")
		if !ok {
			t.Errorf("no overlay line %q", name)
			continue
		}
		if len(line.Points) != len(xy) {
			t.Errorf("%s: %d frontier points, want %d", name, len(line.Points), len(xy))
			continue
		}
		for i := range xy {
			for k := range 2 {
				if g, w := line.Points[i][k], xy[i][k]; math.Abs(g-w) > 1e-5*math.Abs(w)+1e-9 {
					t.Errorf("%s point %d: %v, want %v", name, i, line.Points[i], xy[i])
				}
			}
		}
		if _, ok := st.Find(name, "scatter"); !ok {
			t.Errorf("no overlay points for %q", name)
		}
		if !st.Selected[name] {
			if _, in := st.Selected[name]; in {
				t.Errorf("%s is not shown in the legend", name)
			}
		}
	}
	// A tooltip of an overlaid point names its date. (Once the trend below has loaded its
	// table, so nothing redraws under the mouse: it loads when the reader nears it.)
	p.Eval(`document.getElementById("trend").scrollIntoView()`, nil)
	p.WaitFor(`document.querySelectorAll("#change-table tbody tr").length > 0`)
	p.Eval(`document.getElementById("chart").scrollIntoView()`, nil)
	st = p.ChartState("#chart")
	hovered := false
	for _, name := range slices.Sorted(mapsKeys(want)) {
		var symbol string
		p.Eval(`echarts.getInstanceByDom(document.getElementById("chart")).getOption().series.find((s) => s.name === `+fmt.Sprintf("%q", name)+` && s.type === "scatter").symbol`, &symbol)
		if symbol != "circle" {
			continue // the mouse finds a pin or a triangle off its point's centre
		}
		if i, ok := isolatedPoint(st, name); ok {
			tip := p.HoverPoint("#chart", name, i)
			if !strings.Contains(tip, d1.Date) && !strings.Contains(tip, d2.Date) {
				t.Errorf("tooltip of %s: %q names no date", name, tip)
			}
			hovered = true
			break
		}
	}
	if !hovered {
		t.Error("no overlaid point stands alone to hover")
	}

	// Removing a date: off the chart and out of the fragment.
	p.Click(`button[data-date="` + d1.Date + `"]`)
	p.WaitFor(`location.hash === "#best=0&compare=` + d2.Date + `"`)
	st = p.ChartState("#chart")
	for _, s := range st.Series {
		if strings.HasSuffix(s.Name, " "+d1.Date) {
			t.Errorf("%s still drawn after its date was removed", s.Name)
		}
	}

	// With no date left to overlay, a view change updates ECharts once: the overlay has
	// nothing to add, and must not set the chart's series a second time.
	p.Click(`button[data-date="` + d2.Date + `"]`)
	p.WaitFor(`location.hash === "#best=0"`)
	p.WaitChart("#chart")
	p.Eval(`(() => { window.__sets = 0; const c = echarts.getInstanceByDom(document.getElementById("chart"));
  const set = c.setOption; c.setOption = function (...a) { window.__sets++; return set.apply(this, a); }; return 0; })()`, nil)
	p.Eval(`location.hash = "#best=1"`, nil)
	p.WaitFor(`window.__sets > 0`) // the render and what follows it in the same task have run
	var sets int
	p.Eval(`window.__sets`, &sets)
	if sets != 1 {
		t.Errorf("a view change without overlays set the chart's option %d times, want 1", sets)
	}
	p.NoErrors()
}
