package browser_test

import (
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/chromedp/chromedp/kb"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
	"github.com/frontier-bench/frontier/site/history"
	"github.com/frontier-bench/frontier/site/page"
	"github.com/frontier-bench/frontier/site/pareto"
)

// The chart page's controls, as a reader uses them in a real browser: each control changes the
// chart and the URL fragment, a link with a fragment opens the same view, the leaders table
// holds what site/pareto computes, the points table and its CSV follow the view, and markdown
// chart blocks draw their view. Every page also fails its test on any console error or failed
// request (see internal/browsertest).

const seedPage = "deepseek-v4-pro/8k-1k/"

// controlsSite builds a site from data with the real ECharts, as `make build` would.
func controlsSite(t *testing.T, data fstest.MapFS, cfg site.Config) *site.Files {
	t.Helper()
	return buildForBrowser(t, data, cfg)
}

// controlsFixture is testsite.Controls with its frontier.toml parsed: a chart page with
// everything the page script's controls act on, every GPU priced.
func controlsFixture(t testing.TB) (fstest.MapFS, site.Config) {
	t.Helper()
	data, toml := testsite.Controls(t)
	cfg, ps := site.ParseConfig("frontier.toml", toml)
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	return data, cfg
}

// controlsShared is the site of controlsFixture, built once for the package and served once,
// as exampleSite is: the tests that take it only read it.
func controlsShared(t testing.TB, b *browsertest.Browser) (*site.Files, string) {
	t.Helper()
	echarts := testsite.RealECharts(t)
	data, cfg := controlsFixture(t)
	return browsertest.Shared(b, t, "controls", "/", func() (*site.Files, error) {
		return build(data, cfg, echarts)
	})
}

// exampleData is the example site's data folder: the seed and the markdown pages.
func exampleData(t *testing.T) fstest.MapFS { return testsite.RealData(t) }

// pageJSON is the part of a chart page's page.json these tests read.
type pageJSON struct {
	Metric string    `json:"metric"`
	Cols   []string  `json:"cols"`
	RefX   []float64 `json:"refX"`
	GPUs   map[string]struct {
		CostPerHour float64 `json:"costPerHour"`
		KW          float64 `json:"kw"`
	} `json:"gpus"`
	Series []pageSeries `json:"series"`
}

type pageSeries struct {
	Key       string  `json:"key"`
	Name      string  `json:"name"`
	GPU       string  `json:"gpu"`
	Vendor    string  `json:"vendor"`
	Framework string  `json:"framework"`
	Spec      string  `json:"spec"`
	Precision string  `json:"precision"`
	Best      bool    `json:"best"`
	Points    [][]any `json:"points"`
	Frontier  []int   `json:"frontier"`
}

func readPageJSON(t *testing.T, files *site.Files, name string) pageJSON {
	t.Helper()
	b, ok := files.Get(name)
	if !ok {
		t.Fatalf("no %s", name)
	}
	var d pageJSON
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	withLaterColumns(t, files, name, &d) // every column, as the page script reads it
	return d
}

// column is one numeric column of a series' points.
func (d pageJSON) column(s pageSeries, name string) []float64 {
	i := slices.Index(d.Cols, name)
	out := make([]float64, len(s.Points))
	for j, p := range s.Points {
		out[j] = p[i].(float64)
	}
	return out
}

// costs is cost per million tokens for each point, computed as the page script does.
func (d pageJSON) costs(s pageSeries) []float64 { return d.costsOf(s, "tpPerGpu") }

// costsOf are a series' costs of a million tokens of the kind the throughput column tput counts.
func (d pageJSON) costsOf(s pageSeries, tput string) []float64 {
	c := d.GPUs[s.GPU].CostPerHour
	out := d.column(s, tput)
	for i, tp := range out {
		out[i] = c / (tp * 3600) * 1e6
	}
	return out
}

// view is what the page shows now: the fragment, the view the script drew, axes and legend.
type view struct {
	Hash, View          string
	XType, YType, YName string
	Legend              []string
}

func js(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// waitView makes the chart interactive, as a reader reaching for it does, and waits until it
// has drawn the view whose canonical fragment is frag.
// clickControl clicks a control of the filters panel, opening the panel first as a reader
// would.
func clickControl(p *browsertest.Page, sel string) {
	p.Eval(`document.getElementById("filters-button").getAttribute("aria-expanded") === "true" || document.getElementById("filters-button").click()`, nil)
	p.Click(sel)
}

func waitView(p *browsertest.Page, sel, frag string) {
	p.WaitChart(sel)
	p.WaitFor(`(() => { const e = document.querySelector(` + js(sel) + `); return e && e.getAttribute("data-view") === ` + js(frag) + ` && echarts.getInstanceByDom(e); })()`)
}

// showPoints scrolls to the points table, which the page builds when the reader nears it, and
// waits for it.
func showPoints(p *browsertest.Page) {
	p.Eval(`document.getElementById("points-box").scrollIntoView()`, nil)
	p.WaitFor(`document.querySelector("#points tbody")`)
}

func currentView(p *browsertest.Page) view {
	var v view
	p.Eval(`(() => {
  const el = document.getElementById("chart"), o = echarts.getInstanceByDom(el).getOption();
  return {Hash: location.hash, View: el.getAttribute("data-view"), XType: o.xAxis[0].type, YType: o.yAxis[0].type,
    YName: o.yAxis[0].name, Legend: (o.legend[0].data || []).map((d) => typeof d === "object" ? d.name : d)};
})()`, &v)
	return v
}

// visibleScatter lists the names of the scatter series the chart draws.
func visibleScatter(st browsertest.ChartState) []string {
	var out []string
	for _, s := range st.Series {
		if s.Type == "scatter" && s.Visible {
			out = append(out, s.Name)
		}
	}
	return out
}

func countPoints(st browsertest.ChartState, typ string) (series, points int) {
	for _, s := range st.Series {
		if s.Type == typ {
			series++
			points += len(s.Points)
		}
	}
	return series, points
}

func namesWhere(d pageJSON, keep func(pageSeries) bool) []string {
	var out []string
	for _, s := range d.Series {
		if keep(s) {
			out = append(out, s.Name)
		}
	}
	return out
}

func TestControlsDefaultViewIsTheGoOption(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	p := b.Open(t, root+seedPage)
	waitView(p, "#chart", "")

	st := p.ChartState("#chart")
	if n, pts := countPoints(st, "scatter"); n != 11 || pts != 120 {
		t.Errorf("scatter: %d series, %d points; want 11 and 120", n, pts)
	}
	frontier := 0
	for _, s := range st.Series {
		if _, ok := st.Find(s.Name, "scatter"); ok && s.Type == "line" {
			frontier += len(s.Points)
		}
	}
	if frontier != 102 {
		t.Errorf("%d points on same-named frontier lines, want 102", frontier)
	}
	if got := visibleScatter(st); len(got) != 11 {
		t.Errorf("visible scatter series = %v, want all 11", got)
	}

	// The script rebuilds the option from page data; by default it must draw what Go built.
	var diffs []string
	p.Eval(`(() => {
  const goSeries = JSON.parse(document.getElementById("chart-option").textContent).series;
  const live = echarts.getInstanceByDom(document.getElementById("chart")).getOption().series;
  const pick = (s, hollow) => JSON.stringify({name: s.name, type: s.type, data: s.data,
    symbol: s.type === "scatter" ? s.symbol : null,
    color: s.itemStyle && s.itemStyle.color, border: hollow ? s.itemStyle.borderColor : null,
    line: s.type === "line" ? [s.lineStyle.color, s.lineStyle.type, s.lineStyle.width] : null});
  const diffs = [];
  if (goSeries.length !== live.length) diffs.push(live.length + " series, the Go option has " + goSeries.length);
  goSeries.forEach((g, i) => {
    const hollow = !!(g.itemStyle && g.itemStyle.borderColor);
    const a = pick(g, hollow), b = live[i] ? pick(live[i], hollow) : "missing";
    if (a !== b) diffs.push("Go " + a + "\n    page " + b);
  });
  return diffs;
})()`, &diffs)
	for _, d := range diffs {
		t.Errorf("default view differs from the Go-built option:\n    %s", d)
	}

	v := currentView(p)
	if v.Hash != "" || v.YType != "value" || v.XType != "value" || v.YName != "Total throughput per GPU (tok/s/GPU)" {
		t.Errorf("default view = %+v, want no fragment, linear axes, the metric's one name", v)
	}
	var hidden, aria bool
	p.Eval(`document.getElementById("controls").hidden`, &hidden)
	p.Eval(`(() => { const a = echarts.getInstanceByDom(document.getElementById("chart")).getOption().aria; return (Array.isArray(a) ? a[0] : a).enabled; })()`, &aria)
	if hidden || !aria {
		t.Errorf("controls hidden = %v, ECharts aria = %v; want visible controls and aria on", hidden, aria)
	}
}

// TestControlsEachControlChangesChartAndFragment works each control as a reader does (a real
// click on a checkbox, a change of a select), then checks the fragment the page wrote and what
// the chart shows, and that Reset brings back the default view. The controls are worked one
// after another on one page: each starts from the view the last one's Reset left, which must
// be the page's default.
func TestControlsEachControlChangesChartAndFragment(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	files, root := exampleSite(t, b)
	d := readPageJSON(t, files, seedPage+"page.json")
	all := namesWhere(d, func(pageSeries) bool { return true })

	// The global frontier over every point, as site/pareto computes it.
	var gx, gy []float64
	for _, s := range d.Series {
		gx = append(gx, d.column(s, "x")...)
		gy = append(gy, d.column(s, "tpPerGpu")...)
	}
	var global [][2]float64
	for _, i := range pareto.Frontier(gx, gy, true) {
		global = append(global, [2]float64{gx[i], gy[i]})
	}

	p := b.Open(t, root+seedPage) // one page for every control, one after another
	for _, tc := range []struct {
		name  string
		act   string // JavaScript that works the control, or a CSS selector to click
		click bool
		frag  string
		check func(t *testing.T, v view, st browsertest.ChartState)
	}{
		{"metric select", `(() => { const s = document.querySelector('select[name="y"]'); s.value = "outputTputPerGpu"; s.dispatchEvent(new Event("change", {bubbles: true})); })()`, false,
			"y=outputTputPerGpu", func(t *testing.T, v view, st browsertest.ChartState) {
				if v.YName != "Output throughput per GPU (tok/s/GPU)" {
					t.Errorf("y axis name = %q", v.YName)
				}
				for _, s := range d.Series {
					got, _ := st.Find(s.Name, "scatter")
					want := d.column(s, "outputTputPerGpu")
					for i, pt := range got.Points {
						if pt[1] != want[i] {
							t.Fatalf("%s point %d: y = %v, want output throughput %v", s.Name, i, pt[1], want[i])
						}
					}
				}
			}},
		{"log y", `input[name="log"]`, true, "log=1", func(t *testing.T, v view, _ browsertest.ChartState) {
			if v.YType != "log" || v.XType != "value" {
				t.Errorf("axes x %s, y %s; want value and log", v.XType, v.YType)
			}
		}},
		{"log x", `input[name="logx"]`, true, "logx=1", func(t *testing.T, v view, _ browsertest.ChartState) {
			if v.XType != "log" || v.YType != "value" {
				t.Errorf("axes x %s, y %s; want log and value", v.XType, v.YType)
			}
		}},
		{"frontier only", `input[name="optimal"]`, true, "optimal=1", func(t *testing.T, _ view, st browsertest.ChartState) {
			if n, pts := countPoints(st, "scatter"); n != 11 || pts != 102 {
				t.Errorf("scatter: %d series, %d points; want 11 and the 102 frontier points", n, pts)
			}
		}},
		{"best per GPU", `input[name="best"]`, true, "best=1", func(t *testing.T, v view, st browsertest.ChartState) {
			want := namesWhere(d, func(s pageSeries) bool { return s.Best })
			if got := visibleScatter(st); !slices.Equal(got, want) {
				t.Errorf("visible = %v, want the best per GPU %v", got, want)
			}
			if n, _ := countPoints(st, "scatter"); n != 11 || !slices.Equal(v.Legend, all) {
				t.Errorf("%d scatter series, legend %v; want all 11 kept, hidden through the legend", n, v.Legend)
			}
		}},
		{"global frontier", `input[name="global"]`, true, "global=1", func(t *testing.T, _ view, st browsertest.ChartState) {
			g, ok := st.Find("Global frontier", "line")
			if !ok || !slices.Equal(g.Points, global) {
				t.Errorf("global frontier line = %v (found %v), want %v", g.Points, ok, global)
			}
		}},
		{"gpu filter", `input[name="gpus"][value="b300"]`, true, "gpus=b200", func(t *testing.T, v view, st browsertest.ChartState) {
			want := namesWhere(d, func(s pageSeries) bool { return s.GPU == "b200" })
			if got := visibleScatter(st); !slices.Equal(got, want) || !slices.Equal(v.Legend, want) {
				t.Errorf("visible %v, legend %v; want %v", got, v.Legend, want)
			}
		}},
		{"framework filter", `input[name="frameworks"][value="sglang"]`, true, "frameworks=trt,vllm", func(t *testing.T, _ view, st browsertest.ChartState) {
			want := namesWhere(d, func(s pageSeries) bool { return s.Framework != "sglang" })
			if got := visibleScatter(st); !slices.Equal(got, want) {
				t.Errorf("visible %v, want %v", got, want)
			}
		}},
		{"speculative decoding filter", `input[name="spec"][value="none"]`, true, "spec=mtp", func(t *testing.T, _ view, st browsertest.ChartState) {
			want := namesWhere(d, func(s pageSeries) bool { return s.Spec == "mtp" })
			if got := visibleScatter(st); !slices.Equal(got, want) {
				t.Errorf("visible %v, want %v", got, want)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			waitView(p, "#chart", "")
			if tc.click {
				clickControl(p, tc.act)
			} else {
				p.Eval(tc.act, nil)
			}
			waitView(p, "#chart", tc.frag)
			v := currentView(p)
			if v.Hash != "#"+tc.frag {
				t.Errorf("location.hash = %q, want #%s", v.Hash, tc.frag)
			}
			tc.check(t, v, p.ChartState("#chart"))

			// Reset brings back the default view and a bare URL.
			p.Click("#reset-view")
			waitView(p, "#chart", "")
			if v := currentView(p); v.Hash != "" {
				t.Errorf("after reset, location.hash = %q, want none", v.Hash)
			}
		})
	}
}

// TestControlsKeepOneValuePerFilter: unticking the last ticked GPU would empty the chart, so
// the box stays ticked.
func TestControlsKeepOneValuePerFilter(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	p := b.Open(t, root+seedPage)
	waitView(p, "#chart", "")
	clickControl(p, `input[name="gpus"][value="b300"]`)
	waitView(p, "#chart", "gpus=b200")
	clickControl(p, `input[name="gpus"][value="b200"]`)
	var checked bool
	p.Eval(`document.querySelector('input[name="gpus"][value="b200"]').checked`, &checked)
	if v := currentView(p); !checked || v.View != "gpus=b200" {
		t.Errorf("after unticking the last GPU: b200 checked %v, view %q; want checked, gpus=b200", checked, v.View)
	}
}

func TestControlsFragmentRoundTrip(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	files, root := exampleSite(t, b)
	d := readPageJSON(t, files, seedPage+"page.json")

	t.Run("a link opens its view", func(t *testing.T) {
		frag := "y=inputTputPerGpu&gpus=b300&spec=mtp&log=1&logx=1&optimal=1&global=1"
		p := b.Open(t, root+seedPage+"#"+frag)
		waitView(p, "#chart", frag)
		v := currentView(p)
		if v.Hash != "#"+frag || v.XType != "log" || v.YType != "log" || v.YName != "Input throughput per GPU (tok/s/GPU)" {
			t.Errorf("view = %+v", v)
		}
		st := p.ChartState("#chart")
		want := namesWhere(d, func(s pageSeries) bool { return s.GPU == "b300" && s.Spec == "mtp" })
		if got := visibleScatter(st); !slices.Equal(got, want) {
			t.Errorf("visible %v, want %v", got, want)
		}
		if _, ok := st.Find("Global frontier", "line"); !ok {
			t.Error("no global frontier line")
		}
		var form map[string]any
		p.Eval(`(() => { const f = document.getElementById("controls"), out = {};
  for (const e of f.elements) if (e.name) out[e.name + (e.type === "checkbox" ? ":" + e.value : "")] = e.type === "checkbox" ? e.checked : e.value;
  return out; })()`, &form)
		for k, want := range map[string]any{"y": "inputTputPerGpu", "log:1": true, "logx:1": true, "optimal:1": true, "best:1": false,
			"global:1": true, "gpus:b200": false, "gpus:b300": true, "spec:mtp": true, "spec:none": false, "frameworks:trt": true} {
			if form[k] != want {
				t.Errorf("form %s = %v, want %v", k, form[k], want)
			}
		}

		// Editing the fragment (back, a pasted link) redraws.
		p.Eval(`location.hash = "#frameworks=vllm&best=1"`, nil)
		waitView(p, "#chart", "frameworks=vllm&best=1")
	})

	t.Run("bad parts are ignored", func(t *testing.T) {
		for _, tc := range []struct{ frag, want string }{
			{"y=nope&gpus=h999&log=yes&date=1999-01-01&zzz=1&gpus=%E0%A4&optimal&best=", ""},
			{"gpus=B300,h999,b300&frameworks=trt,sglang,vllm&log=0&logx=1", "gpus=b300&logx=1"},
			{"y=COSTPERMTOK&y=outputTputPerGpu&spec=%6Dtp", "y=outputTputPerGpu&spec=mtp"},
		} {
			p := b.Open(t, root+seedPage+"#"+tc.frag)
			waitView(p, "#chart", tc.want)
			if st := p.ChartState("#chart"); len(st.Series) != 22 {
				t.Errorf("#%s: %d series, want the 22 of the page", tc.frag, len(st.Series))
			}
			p.Close()
		}
	})
}

// leaders reads the leaders table: per row, per reference column, the value the cell holds
// (NaN when blank) and whether it is marked as the column's best. A configuration's row is keyed
// by its series key, a GPU's (its frontier over all its configurations) by "gpu:" and its key.
// Only the reference columns' cells (td.num) are read, not a page's accuracy column.
func leaders(p *browsertest.Page) (map[string][]float64, map[string][]bool) {
	var rows []struct {
		Key    string
		Values []string
		Lead   []bool
	}
	p.Eval(`[...document.querySelectorAll("#leaders tbody tr")].map((tr) => ({Key: tr.dataset.gpu !== undefined ? "gpu:" + tr.dataset.gpu : tr.dataset.series,
  Values: [...tr.querySelectorAll("td.num")].map((td) => td.dataset.value || ""),
  Lead: [...tr.querySelectorAll("td.num")].map((td) => td.classList.contains("lead") && td.textContent.includes("(best)"))}))`, &rows)
	vals, leads := map[string][]float64{}, map[string][]bool{}
	for _, r := range rows {
		for _, s := range r.Values {
			v := math.NaN()
			if s != "" {
				v, _ = strconv.ParseFloat(s, 64)
			}
			vals[r.Key] = append(vals[r.Key], v)
		}
		leads[r.Key] = r.Lead
	}
	return vals, leads
}

// checkLeaders compares the leaders table with site/page's rule (docs/chart-page.md, "A
// frontier's value at an interactivity") over series: each configuration's row is its own
// frontier read at the references, each GPU's row the frontier of the union of its
// configurations' points, and the GPU rows alone are marked, the best of each column being the
// highest (or lowest, for a cost) value. The metric is the throughput column tput, or the cost
// of a million of its tokens when cost.
func checkLeaders(t *testing.T, p *browsertest.Page, d pageJSON, series []pageSeries, tput string, cost bool) {
	t.Helper()
	checkLeadersOver(t, p, d, series, series, tput, cost)
}

// checkLeadersOver is checkLeaders where the table shows the configurations series and a GPU's
// value is over its configurations among over (best per GPU shows one of each).
func checkLeadersOver(t *testing.T, p *browsertest.Page, d pageJSON, series, over []pageSeries, tput string, cost bool) {
	t.Helper()
	vals, leads := leaders(p)
	value := func(ss []pageSeries) []float64 {
		var xs, tps []float64
		for _, s := range ss {
			xs, tps = append(xs, d.column(s, "x")...), append(tps, d.column(s, tput)...)
		}
		price := d.GPUs[ss[0].GPU].CostPerHour
		curve := page.NewDerived(xs, tps, true, func(tp float64) float64 {
			if cost {
				return price / (tp * 3600) * 1e6
			}
			return tp
		})
		out := make([]float64, len(d.RefX))
		for j, x := range d.RefX {
			if v, ok := curve.At(x); ok {
				out[j] = v
			} else {
				out[j] = math.NaN()
			}
		}
		return out
	}
	want := map[string][]float64{}
	gpus := map[string][]pageSeries{}
	for _, s := range series {
		want[s.Key] = value([]pageSeries{s})
	}
	for _, s := range over {
		if slices.ContainsFunc(series, func(x pageSeries) bool { return x.GPU == s.GPU }) {
			gpus[s.GPU] = append(gpus[s.GPU], s)
		}
	}
	best := make([]float64, len(d.RefX))
	for gpu, ss := range gpus {
		v := value(ss)
		want["gpu:"+gpu] = v
		for j, y := range v {
			if !math.IsNaN(y) && (best[j] == 0 || (!cost && y > best[j]) || (cost && y < best[j])) {
				best[j] = y
			}
		}
	}
	if len(vals) != len(want) {
		t.Errorf("leaders table has %d rows, want %d (%d configurations, %d GPUs)", len(vals), len(want), len(series), len(gpus))
	}
	for key, w := range want {
		got := vals[key]
		if len(got) != len(w) {
			t.Errorf("%s: %d cells, want %d", key, len(got), len(w))
			continue
		}
		for j := range w {
			same := math.IsNaN(w[j]) && math.IsNaN(got[j]) || math.Abs(got[j]-w[j]) <= 1e-9*math.Abs(w[j])
			if !same {
				t.Errorf("%s at %v tok/s/user: table %v, site/page %v", key, d.RefX[j], got[j], w[j])
			}
			lead := strings.HasPrefix(key, "gpu:") && !math.IsNaN(w[j]) && w[j] == best[j]
			if leads[key][j] != lead {
				t.Errorf("%s at %v tok/s/user: marked best %v, want %v", key, d.RefX[j], leads[key][j], lead)
			}
		}
	}
}

func TestControlsLeadersMatchSitePareto(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)

	t.Run("throughput, every series", func(t *testing.T) {
		files, root := exampleSite(t, b)
		d := readPageJSON(t, files, seedPage+"page.json")
		p := b.Open(t, root+seedPage)
		waitView(p, "#chart", "")
		checkLeaders(t, p, d, d.Series, "tpPerGpu", false)
	})

	t.Run("cost, lower is better, filtered", func(t *testing.T) {
		files, root := controlsShared(t, b)
		d := readPageJSON(t, files, seedPage+"page.json")
		// best=0: the fixture's page has more than 12 configurations, so it opens on best per GPU.
		p := b.Open(t, root+seedPage+"#y=costPerMTok&precisions=fp8&best=0")
		waitView(p, "#chart", "y=costPerMTok&precisions=fp8&best=0")
		var fp8 []pageSeries
		for _, s := range d.Series {
			if s.Precision == "fp8" {
				fp8 = append(fp8, s)
			}
		}
		checkLeaders(t, p, d, fp8, "tpPerGpu", true)
	})

	t.Run("best per GPU: a GPU's value is still over all its configurations", func(t *testing.T) {
		files, root := exampleSite(t, b)
		d := readPageJSON(t, files, seedPage+"page.json")
		p := b.Open(t, root+seedPage+"#best=1")
		waitView(p, "#chart", "best=1")
		var best []pageSeries
		for _, s := range d.Series {
			if s.Best {
				best = append(best, s)
			}
		}
		if len(best) == len(d.Series) {
			t.Fatal("every configuration is its GPU's best: the case proves nothing")
		}
		checkLeadersOver(t, p, d, best, d.Series, "tpPerGpu", false)
	})

	t.Run("follows legend clicks", func(t *testing.T) {
		files, root := exampleSite(t, b)
		d := readPageJSON(t, files, seedPage+"page.json")
		p := b.Open(t, root+seedPage+"#global=1")
		waitView(p, "#chart", "global=1")
		before, _ := p.ChartState("#chart").Find("Global frontier", "line")
		p.ClickLegend("#chart", "B300 (TRTLLM, MTP)")
		p.WaitFor(`!document.querySelector('#leaders tr[data-series="b300_trt_mtp"]')`)
		rest := slices.DeleteFunc(slices.Clone(d.Series), func(s pageSeries) bool { return s.Key == "b300_trt_mtp" })
		checkLeaders(t, p, d, rest, "tpPerGpu", false)
		after, _ := p.ChartState("#chart").Find("Global frontier", "line")
		if slices.Equal(before.Points, after.Points) {
			t.Error("the global frontier did not change when its best series was hidden")
		}

		// The global frontier's own legend entry is its control: clicking it turns it off.
		p.ClickLegend("#chart", "Global frontier")
		waitView(p, "#chart", "")
		var hash string
		var on bool
		p.Eval(`location.hash`, &hash)
		p.Eval(`document.querySelector('input[name="global"]').checked`, &on)
		if hash != "" || on {
			t.Errorf("after clicking the global frontier's legend entry: hash %q, box ticked %v; want neither", hash, on)
		}
	})
}

func TestControlsPointsTableSortsAndDownloads(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	files, root := controlsShared(t, b)
	d := readPageJSON(t, files, seedPage+"page.json")
	frag := "gpus=b300&precisions=fp4&best=0" // every configuration: the page opens on best per GPU
	p := b.Open(t, root+seedPage+"#"+frag)
	waitView(p, "#chart", frag)

	want := 0
	var names []string
	for _, s := range d.Series {
		if s.GPU == "b300" && s.Precision == "fp4" {
			want += len(s.Points)
			names = append(names, s.Name)
		}
	}
	showPoints(p)
	if got := p.Count("#points tbody tr"); got != want {
		t.Errorf("points table: %d rows, want the %d points of B300 FP4", got, want)
	}

	concurrency := func() []float64 {
		var col []string
		p.Eval(`(() => { const i = [...document.querySelectorAll("#points thead th")].findIndex((th) => th.textContent === "Concurrency");
  return [...document.querySelectorAll("#points tbody tr")].map((tr) => tr.children[i].textContent); })()`, &col)
		out := make([]float64, len(col))
		for i, s := range col {
			out[i], _ = strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
		}
		return out
	}
	sortState := func() string {
		var s string
		p.Eval(`[...document.querySelectorAll("#points thead th")].filter((th) => th.hasAttribute("aria-sort")).map((th) => th.textContent + ":" + th.getAttribute("aria-sort")).join()`, &s)
		return s
	}
	p.Click(`#points button[data-sort="concurrency"]`)
	if got := concurrency(); !sort.Float64sAreSorted(got) || sortState() != "Concurrency:ascending" {
		t.Errorf("after one click: sort %q, concurrency %v; want ascending", sortState(), got)
	}
	p.Click(`#points button[data-sort="concurrency"]`)
	if got := concurrency(); !sort.SliceIsSorted(got, func(i, j int) bool { return got[i] > got[j] }) || sortState() != "Concurrency:descending" {
		t.Errorf("after two clicks: sort %q, concurrency %v; want descending", sortState(), got)
	}

	var text string
	p.Eval(`fetch(document.getElementById("shown-csv-link").href).then((r) => r.text())`, &text)
	rows, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil {
		t.Fatalf("shown points CSV: %v\n%s", err, text)
	}
	if len(rows) != want+1 || rows[0][0] != "series" {
		t.Fatalf("CSV has %d rows (first %v), want a header and %d points", len(rows), rows[0], want)
	}
	conc := slices.Index(rows[0], "concurrency")
	seen := map[string]bool{}
	for i, r := range rows[1:] {
		seen[r[0]] = true
		if c, _ := strconv.ParseFloat(r[conc], 64); i > 0 {
			prev, _ := strconv.ParseFloat(rows[i][conc], 64)
			if c > prev {
				t.Errorf("CSV row %d: concurrency %v after %v; want the table's order", i+1, c, prev)
			}
		}
	}
	for _, n := range names {
		want := n
		if strings.HasPrefix(n, "=") {
			want = "'" + n // a spreadsheet must not run it
		}
		if !seen[want] {
			t.Errorf("CSV lacks series %q (has %v)", want, seen)
		}
	}
	if seen["=B300 (vLLM) FP4"] {
		t.Error("CSV has a cell starting with = that a spreadsheet would run")
	}
}

func TestControlsSnapshotDate(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	files, root := controlsShared(t, b)
	hb, err := history.SnapshotJSON(files, seedPage, "2026-07-01")
	if err != nil {
		t.Fatal(err)
	}
	var h pageJSON
	if err := json.Unmarshal(hb, &h); err != nil {
		t.Fatal(err)
	}

	p := b.Open(t, root+seedPage)
	waitView(p, "#chart", "")
	// The menu holds its older dates from the moment a reader reaches for it (a press).
	p.Eval(`(() => { const s = document.querySelector('select[name="date"]'); s.dispatchEvent(new Event("pointerdown")); s.value = "2026-07-01"; s.dispatchEvent(new Event("change", {bubbles: true})); })()`, nil)
	waitView(p, "#chart", "date=2026-07-01")
	st := p.ChartState("#chart")
	if n, _ := countPoints(st, "scatter"); n != len(h.Series) {
		t.Errorf("%d scatter series, want the older snapshot's %d", n, len(h.Series))
	}
	for _, s := range h.Series {
		got, _ := st.Find(s.Name, "scatter")
		want := h.column(s, "tpPerGpu")
		if len(got.Points) != len(want) || len(want) > 0 && got.Points[0][1] != want[0] {
			t.Errorf("%s: %d points starting %v, want the snapshot's %d starting %v", s.Name, len(got.Points), got.Points, len(want), want[0])
		}
	}

	// A link to an older snapshot opens it, filters applied.
	p2 := b.Open(t, root+seedPage+"#date=2026-07-01&frameworks=vllm&best=0")
	waitView(p2, "#chart", "date=2026-07-01&frameworks=vllm&best=0")
	want := namesWhere(h, func(s pageSeries) bool { return s.Framework == "vllm" })
	if got := visibleScatter(p2.ChartState("#chart")); !slices.Equal(got, want) {
		t.Errorf("visible %v, want %v", got, want)
	}
}

func TestControlsVendorPrecisionAndCost(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	files, root := controlsShared(t, b)
	d := readPageJSON(t, files, seedPage+"page.json")

	for _, tc := range []struct {
		frag string
		keep func(pageSeries) bool
	}{
		// best=0: the page has more than 12 configurations, so it opens on best per GPU.
		{"vendors=amd&best=0", func(s pageSeries) bool { return s.Vendor == "AMD" }},
		{"vendors=nvidia&precisions=fp8&best=0", func(s pageSeries) bool { return s.Vendor == "NVIDIA" && s.Precision == "fp8" }},
		{"gpus=b200,mi355x&frameworks=sglang&best=0", func(s pageSeries) bool { return (s.GPU == "b200" || s.GPU == "mi355x") && s.Framework == "sglang" }},
	} {
		p := b.Open(t, root+seedPage+"#"+tc.frag)
		waitView(p, "#chart", tc.frag)
		want := namesWhere(d, tc.keep)
		if got := visibleScatter(p.ChartState("#chart")); len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("#%s: visible %v, want %v", tc.frag, got, want)
		}
		p.Close()
	}

	// Cost per million tokens (of all, output and input tokens): lower is better, so each
	// frontier line is site/pareto's lower-is-better frontier of the costs. The first comes by
	// link, the others from the y menu, as a reader picks them.
	p := b.Open(t, root+seedPage+"#y=costPerMTok")
	waitView(p, "#chart", "y=costPerMTok")
	for _, c := range []struct{ key, tput, name string }{
		{"costPerMTok", "tpPerGpu", "Cost per million tokens ($/M tokens), lower is better"},
		{"costPerMOutputTok", "outputTputPerGpu", "Cost per million output tokens ($/M output tokens), lower is better"},
		{"costPerMInputTok", "inputTputPerGpu", "Cost per million input tokens ($/M input tokens), lower is better"},
	} {
		if c.key != "costPerMTok" {
			p.Eval(`(() => { const s = document.getElementById("ctl-y"); s.value = `+js(c.key)+`; s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, nil)
			waitView(p, "#chart", "y="+c.key)
		}
		if v := currentView(p); v.YName != c.name {
			t.Errorf("y=%s: y axis name = %q, want %q", c.key, v.YName, c.name)
		}
		st := p.ChartState("#chart")
		for _, s := range d.Series {
			xs, ys := d.column(s, "x"), d.costsOf(s, c.tput)
			var want [][2]float64
			for _, i := range pareto.Frontier(xs, ys, false) {
				want = append(want, [2]float64{xs[i], ys[i]})
			}
			// The line is the throughput's frontier mapped through the price: the frontier's
			// points are its knots, with 7 points between two of them (model.js LINE_STEPS, 8).
			const steps = 8
			got, _ := st.Find(s.Name, "line")
			if len(got.Points) != max(0, (len(want)-1)*steps+1) {
				t.Errorf("y=%s, %s: frontier line of %d points, want %d knots", c.key, s.Name, len(got.Points), len(want))
				continue
			}
			for i := range want {
				if k := got.Points[i*steps]; k[0] != want[i][0] || math.Abs(k[1]-want[i][1]) > 1e-12*want[i][1] {
					t.Errorf("y=%s, %s: frontier knot %d = %v, want %v", c.key, s.Name, i, k, want[i])
				}
			}
		}
	}
}

func TestControlsTooltipAndAccess(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	files, root := exampleSite(t, b)
	d := readPageJSON(t, files, seedPage+"page.json")
	p := b.Open(t, root+seedPage)
	waitView(p, "#chart", "")

	s := d.Series[0]
	tip := p.HoverPoint("#chart", s.Name, 0)
	pt := s.Points[0]
	run := pt[slices.Index(d.Cols, "run")].(string)
	for _, want := range []string{s.Name, "FP4", "Concurrency", "TP", "Interactivity", "Total", "Output", "Input", "tok/s/GPU", run} {
		if !strings.Contains(tip, want) {
			t.Errorf("tooltip %q lacks %q", tip, want)
		}
	}

	// Every control is a form element with a label; every group of boxes is a fieldset with a legend.
	var unlabelled []string
	p.Eval(`[...document.querySelectorAll("#controls input, #controls select")].filter((e) =>
  !(e.closest("label") || document.querySelector('label[for="' + e.id + '"]'))).map((e) => e.name)`, &unlabelled)
	if len(unlabelled) > 0 {
		t.Errorf("controls without a label: %v", unlabelled)
	}
	var bare int
	p.Eval(`[...document.querySelectorAll("#controls fieldset")].filter((f) => !f.querySelector("legend")).length`, &bare)
	if bare > 0 {
		t.Errorf("%d fieldsets without a legend", bare)
	}
	p.Click("#download-png") // must not fail (the harness fails the test on a console error)
}

func TestChartBlocksDrawTheirView(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	files, root := exampleSite(t, b)
	d := readPageJSON(t, files, seedPage+"page.json")
	for _, tc := range []struct {
		page, frag string
		keep       func(pageSeries) bool
	}{
		{"", "best=1", func(s pageSeries) bool { return s.Best }},
		{"about/", "spec=mtp", func(s pageSeries) bool { return s.Spec == "mtp" }},
	} {
		t.Run("/"+tc.page, func(t *testing.T) {
			t.Parallel()
			p := b.Open(t, root+tc.page)
			sel := "figure.chart-block .chart"
			waitView(p, sel, tc.frag)
			st := p.ChartState(sel)
			if n, pts := countPoints(st, "scatter"); n != 11 || pts != 120 {
				t.Errorf("block: %d scatter series, %d points; want every series and point kept", n, pts)
			}
			want := namesWhere(d, tc.keep)
			if got := visibleScatter(st); !slices.Equal(got, want) {
				t.Errorf("block visible %v, want %v", got, want)
			}
			var legend []string
			p.Eval(`echarts.getInstanceByDom(document.querySelector(`+js(sel)+`)).getOption().legend[0].data`, &legend)
			if !slices.Equal(legend, want) {
				t.Errorf("block legend %v, want only the view's series %v", legend, want)
			}
		})
	}
}

// TestControlsShowHostileStringsAsText gives one series a label and a vendor made of markup:
// the legend, tooltip, filters and both tables show it as text, and nothing runs or loads.
func TestControlsShowHostileStringsAsText(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	raw, err := os.ReadFile("../../data/deepseek-v4-pro_8k-1k_fp4.json")
	if err != nil {
		t.Fatal(err)
	}
	const label = `B200 <img src=x onerror=window.pwned=1> "q" 'a' & (SGLang)`
	const vendor = `NV<b onmouseover=window.pwned=2>`
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	for _, list := range []string{"hardware", "series"} {
		for _, v := range doc[list].([]any) {
			m := v.(map[string]any)
			if m["key"] == "b200_sglang" || m["hwKey"] == "b200_sglang" {
				m["label"], m["vendor"] = label, vendor
			}
		}
	}
	hostile, _ := json.Marshal(doc)
	files := controlsSite(t, fstest.MapFS{"seed.json": {Data: hostile}}, exampleConfig(t))
	p := b.Open(t, b.Serve(files, "/")+seedPage+"#global=1")
	waitView(p, "#chart", "global=1")
	tip := p.HoverPoint("#chart", label, 0)
	if !strings.Contains(tip, label) {
		t.Errorf("tooltip %q lacks the label as text", tip)
	}
	var got struct {
		Pwned                         any
		Leader, Row, Filter, Injected string
	}
	showPoints(p)
	p.Eval(`({Pwned: window.pwned === undefined ? null : window.pwned,
  Leader: document.querySelector('#leaders tr[data-series="b200_sglang"] th').textContent,
  Row: document.querySelector('#points tr[data-series="b200_sglang"] td').textContent,
  Filter: [...document.querySelectorAll('fieldset[data-list="vendors"] label')].map((l) => l.textContent).join("|"),
  Injected: String(document.querySelectorAll("main img, main b[onmouseover]").length)})`, &got)
	if got.Pwned != nil || got.Injected != "0" {
		t.Errorf("markup from the data ran or was inserted: pwned %v, elements %s", got.Pwned, got.Injected)
	}
	if got.Leader != label || got.Row != label || !strings.Contains(got.Filter, vendor) {
		t.Errorf("leaders %q, points %q, vendor filter %q; want the label and vendor as text", got.Leader, got.Row, got.Filter)
	}
}

// TestControlsWorkFromTheKeyboard: a reader without a mouse reaches the controls with Tab, changes
// the metric with the arrow keys and a checkbox with Space, and the chart and link follow.
func TestControlsWorkFromTheKeyboard(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	p := b.Open(t, root+seedPage)
	p.WaitChart(chartSel)

	var focused string
	for range 40 {
		p.Press(kb.Tab)
		if p.Eval(`document.activeElement.id`, &focused); focused == "ctl-y" {
			break
		}
	}
	if focused != "ctl-y" {
		t.Fatalf("Tab never reached the metric control")
	}
	p.Press(kb.ArrowDown)
	p.WaitFor(`location.hash.includes("y=outputTputPerGpu")`)

	// The x axis menu (interactivity or concurrency on this page) comes next, then the filters
	// button, which Enter opens: its panel's scales come next.
	p.Press(kb.Tab)
	var label string
	p.Eval(`document.activeElement.labels[0].textContent.trim()`, &label)
	if label != "X axis" {
		t.Fatalf("Tab from the metric reached %q, want the x axis menu", label)
	}
	p.Press(kb.Tab)
	if p.Eval(`document.activeElement.id`, &focused); focused != "filters-button" {
		t.Fatalf("Tab from the x axis reached %q, want the filters button", focused)
	}
	p.Press("\r")
	var expanded string
	if p.Eval(`document.activeElement.getAttribute("aria-expanded")`, &expanded); expanded != "true" {
		t.Fatalf("Enter on the filters button: aria-expanded %q, want true", expanded)
	}
	p.Press(kb.Tab)
	p.Eval(`document.activeElement.labels[0].textContent.trim()`, &label)
	if label != "Log Y" {
		t.Fatalf("Tab into the filters panel reached %q, want the Log Y checkbox", label)
	}
	p.Press(" ")
	p.WaitFor(`location.hash.includes("log=1")`)
	var yType string
	p.Eval(`echarts.getInstanceByDom(document.getElementById("chart")).getOption().yAxis[0].type`, &yType)
	if yType != "log" {
		t.Errorf("after Space on Log Y the y axis is %q, want log", yType)
	}
	var outline string
	p.Eval(`getComputedStyle(document.activeElement).outlineStyle`, &outline)
	if outline == "none" {
		t.Errorf("the focused checkbox shows no focus outline")
	}
}

// TestControlsBestPerGPUListFollowsTheView: the "Best per GPU" list names each GPU's winner
// among the series the filters pass, as site/pareto picks it.
func TestControlsBestPerGPUListFollowsTheView(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	p := b.Open(t, root+seedPage+"#frameworks=sglang,vllm")
	p.WaitChart(chartSel)

	// Expected: best per GPU over the seed's SGLang and vLLM series, computed in Go.
	raw, err := os.ReadFile("../../data/deepseek-v4-pro_8k-1k_fp4.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Series []struct {
			HWKey, GPU, Framework, Label string
			Points                       []struct{ X, Y float64 }
		}
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(doc.Series, func(a, b struct {
		HWKey, GPU, Framework, Label string
		Points                       []struct{ X, Y float64 }
	}) int {
		return strings.Compare(a.HWKey, b.HWKey)
	})
	var cands []pareto.Candidate
	var labels []string
	for _, s := range doc.Series {
		if s.Framework == "trt" {
			continue
		}
		xs, ys := make([]float64, len(s.Points)), make([]float64, len(s.Points))
		for i, pt := range s.Points {
			xs[i], ys[i] = pt.X, pt.Y
		}
		c := pareto.Candidate{GPU: s.GPU}
		for _, i := range pareto.Frontier(xs, ys, true) {
			c.X, c.Y = append(c.X, xs[i]), append(c.Y, ys[i])
		}
		cands, labels = append(cands, c), append(labels, s.Label)
	}
	var want []string
	for _, i := range pareto.BestPerGPU(cands, true) {
		want = append(want, labels[i])
	}
	slices.Sort(want)

	var got []string
	p.Eval(`Array.from(document.querySelectorAll("section.best li"), li => li.textContent.trim())`, &got)
	slices.Sort(got)
	if len(want) != 2 || !slices.Equal(got, want) {
		t.Errorf("best per GPU list = %q, want %q (site/pareto over the SGLang and vLLM series)", got, want)
	}
	for _, name := range got {
		if strings.Contains(name, "TRTLLM") {
			t.Errorf("the list names %q, which the framework filter hides", name)
		}
	}
}
