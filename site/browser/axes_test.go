package browser_test

import (
	"cmp"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/site"
	"github.com/frontier-bench/frontier/site/page"
	"github.com/frontier-bench/frontier/site/pareto"
)

// axesJSON is what these tests read of page.json beyond pageJSON: the x axes the page offers,
// its y metrics, and each series' deployment.
type axesJSON struct {
	XAxes []struct {
		Key, Col, Axis, Unit string
		Higher               bool
		Refs                 []float64
	} `json:"xAxes"`
	Metrics []struct {
		Key, Axis string
		Higher    bool
	} `json:"metrics"`
	Series []struct {
		Name   string `json:"name"`
		Deploy string `json:"deploy"`
	} `json:"series"`
}

func readAxesJSON(t *testing.T, files *site.Files, name string) axesJSON {
	t.Helper()
	b, _ := files.Get(name)
	var a axesJSON
	if err := json.Unmarshal(b, &a); err != nil {
		t.Fatal(err)
	}
	return a
}

// optColumn is a column of a series' points, NaN where a point lacks it (null).
func (d pageJSON) optColumn(s pageSeries, name string) []float64 {
	i := slices.Index(d.Cols, name)
	out := make([]float64, len(s.Points))
	for j, p := range s.Points {
		out[j] = math.NaN()
		if v, ok := p[i].(float64); ok && i >= 0 {
			out[j] = v
		}
	}
	return out
}

// checkFrontiers checks every series of the chart: its scatter holds the points (xs, ys) of
// the page data that have both values, and its line is exactly site/pareto's frontier in the
// axes' directions. It returns how many points are off the frontier, so a caller can tell the
// check saw both kinds.
func checkFrontiers(t *testing.T, label string, st browsertest.ChartState, d pageJSON, xy func(pageSeries) ([]float64, []float64), higherX, higherY bool) (on, off int) {
	t.Helper()
	for _, s := range d.Series {
		xs, ys := xy(s)
		var want [][2]float64
		for i := range xs {
			if !math.IsNaN(xs[i]) && !math.IsNaN(ys[i]) {
				want = append(want, [2]float64{xs[i], ys[i]})
			}
		}
		got, ok := st.Find(s.Name, "scatter")
		if !ok || !sameXY(sortXY(got.Points), sortXY(want)) {
			t.Errorf("%s: %s: scatter %v, want the page's points %v", label, s.Name, got.Points, want)
		}
		front := pareto.FrontierDir(xs, ys, higherX, higherY)
		var line [][2]float64
		for _, i := range front {
			line = append(line, [2]float64{xs[i], ys[i]})
		}
		gotLine, _ := st.Find(s.Name, "line")
		if !sameXY(gotLine.Points, line) {
			t.Errorf("%s: %s: frontier %v, want %v", label, s.Name, gotLine.Points, line)
		}
		on += len(front)
		off += len(want) - len(front)
	}
	return on, off
}

// TestAxesEveryXAxisOnRawResults: each x axis the raw example page offers draws the points'
// own field, with each series' frontier in the directions of the axes (upper left for a
// latency against throughput), and round-trips through the fragment and the form; an axis
// some points lack (p90, which the history rows do not give) is offered, those points left
// off it and counted in a note under the chart; a link naming no axis of the page opens the
// default.
func TestAxesEveryXAxisOnRawResults(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	files, root := exampleSite(t, b)
	d := readPageJSON(t, files, rawPage+"page.json")
	a := readAxesJSON(t, files, rawPage+"page.json")
	var keys []string
	for _, x := range a.XAxes {
		keys = append(keys, x.Key)
	}
	for _, want := range []string{"median_intvty", "p99_intvty", "median_ttft", "p99_ttft", "median_e2el", "p99_e2el", "conc"} {
		if !slices.Contains(keys, want) {
			t.Errorf("x axes %v lack %s", keys, want)
		}
	}
	if !slices.Contains(keys, "p90_ttft") {
		t.Errorf("x axes %v lack p90_ttft, which some rows have (the others are left off it)", keys)
	}

	p := b.Open(t, root+rawPage+"#best=0")
	waitView(p, "#chart", "best=0")
	var options []string
	p.Eval(`[...document.querySelectorAll("#ctl-x option")].map((o) => o.value)`, &options)
	if !slices.Equal(options, keys) {
		t.Errorf("x axis menu %v, want %v", options, keys)
	}
	changedFront, lacked := false, false
	// Each view from a fresh link, in one tab: a query of its own makes each a new document.
	var q *browsertest.Page
	for i, x := range a.XAxes[1:] {
		frag := "x=" + x.Key + "&best=0"
		// Chosen in the form, as a reader does; the fragment follows.
		p.Eval(`(() => { const s = document.getElementById("ctl-x"); s.value = `+js(x.Key)+`; s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, nil)
		waitView(p, "#chart", frag)
		if v := currentView(p); v.Hash != "#"+frag {
			t.Errorf("x=%s: fragment %q", x.Key, v.Hash)
		}
		var name string
		p.Eval(`echarts.getInstanceByDom(document.getElementById("chart")).getOption().xAxis[0].name`, &name)
		if name != x.Axis || !strings.Contains(name, "("+x.Unit+")") {
			t.Errorf("x=%s: axis name %q, want %q with its unit", x.Key, name, x.Axis)
		}
		st := p.ChartState("#chart")
		on, off := checkFrontiers(t, "x="+x.Key, st, d, func(s pageSeries) ([]float64, []float64) {
			return d.optColumn(s, x.Col), d.column(s, "tpPerGpu")
		}, x.Higher, true)
		if on == 0 || off == 0 {
			t.Errorf("x=%s: %d points on frontiers, %d off: want both", x.Key, on, off)
		}
		// A point the default axes put on the frontier and this one does not (or the other way
		// round) shows the frontier moved with the axis.
		for _, s := range d.Series {
			def := pareto.Frontier(d.column(s, "x"), d.column(s, "tpPerGpu"), true)
			now := pareto.FrontierDir(d.optColumn(s, x.Col), d.column(s, "tpPerGpu"), x.Higher, true)
			if !slices.Equal(slices.Sorted(slices.Values(def)), slices.Sorted(slices.Values(now))) {
				changedFront = true
			}
		}
		// The points the axis lacks, which the note under the chart counts.
		lack := 0
		for _, s := range d.Series {
			for _, v := range d.optColumn(s, x.Col) {
				if math.IsNaN(v) {
					lack++
				}
			}
		}
		var axisNote string
		p.Eval(`(() => { const n = document.getElementById("axis-note"); return n && !n.hidden ? n.textContent : ""; })()`, &axisNote)
		lacked = lacked || lack > 0
		if lack == 0 && axisNote != "" || lack > 0 && !strings.HasPrefix(axisNote, strconv.Itoa(lack)+" point") {
			t.Errorf("x=%s: %d points lack it, note under the chart %q", x.Key, lack, axisNote)
		}
		// The leaders table reads the frontiers off at the axis' references, in its unit.
		var heads []string
		p.Eval(`[...document.querySelectorAll("#leaders thead th.num")].map((th) => th.textContent)`, &heads)
		if len(heads) != len(x.Refs) || len(heads) > 0 && !strings.HasSuffix(heads[0], " "+x.Unit) {
			t.Errorf("x=%s: leaders columns %v, want %v in %s", x.Key, heads, x.Refs, x.Unit)
		}
		// The same view from a fresh link.
		fresh := root + rawPage + "?link=" + strconv.Itoa(i) + "#" + frag
		if q == nil {
			q = b.Open(t, fresh)
		} else {
			q.Navigate(fresh)
		}
		waitView(q, "#chart", frag)
		var sel string
		q.Eval(`document.getElementById("ctl-x").value`, &sel)
		if sel != x.Key {
			t.Errorf("#%s: the form shows x %q", frag, sel)
		}
	}
	if q != nil {
		q.Close()
	}
	if !changedFront {
		t.Error("no series' frontier changed with the x axis: the test proves nothing")
	}
	if !lacked {
		t.Error("no x axis lacks a point of the page: the note's check proves nothing")
	}
	// A latency axis in a known case: the point of lowest p99 TTFT of a series is on its
	// frontier (nothing is better on x), and a point both slower and lower in throughput than
	// another is not.
	p.Eval(`(() => { const s = document.getElementById("ctl-x"); s.value = "p99_ttft"; s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, nil)
	waitView(p, "#chart", "x=p99_ttft&best=0")
	st := p.ChartState("#chart")
	dominated := 0
	for _, s := range d.Series {
		xs, ys := d.optColumn(s, "p99_ttft"), d.column(s, "tpPerGpu")
		line, _ := st.Find(s.Name, "line")
		onLine := func(i int) bool { return slices.Contains(line.Points, [2]float64{xs[i], ys[i]}) }
		fastest := 0
		for i := range xs {
			if xs[i] < xs[fastest] || xs[i] == xs[fastest] && ys[i] > ys[fastest] {
				fastest = i
			}
		}
		if !onLine(fastest) {
			t.Errorf("%s: the point of lowest p99 TTFT %v is not on the frontier %v", s.Name, [2]float64{xs[fastest], ys[fastest]}, line.Points)
		}
		for i := range xs {
			for j := range xs {
				if xs[j] < xs[i] && ys[j] > ys[i] {
					dominated++
					if onLine(i) {
						t.Errorf("%s: %v is on the frontier though %v is faster and higher", s.Name, [2]float64{xs[i], ys[i]}, [2]float64{xs[j], ys[j]})
					}
				}
			}
		}
	}
	if dominated == 0 {
		t.Error("no dominated point on p99 TTFT: the check proves nothing")
	}
	// The leaders table: each configuration's frontier and each GPU's (over all its
	// configurations' points) read off at the p99 TTFT references (site/page's curve in these
	// axes' directions), the highest GPU marked.
	var refs []float64
	for _, x := range a.XAxes {
		if x.Key == "p99_ttft" {
			refs = x.Refs
		}
	}
	vals, leads := leaders(p)
	best := make([]float64, len(refs))
	want := map[string][]float64{}
	read := func(key string, xs, ys []float64) {
		curve := page.NewCurve(xs, ys, false, true)
		for j, x := range refs {
			v, ok := curve.At(x)
			if !ok {
				v = math.NaN()
			} else if strings.HasPrefix(key, "gpu:") && v > best[j] {
				best[j] = v
			}
			want[key] = append(want[key], v)
		}
	}
	gx, gy := map[string][]float64{}, map[string][]float64{}
	for _, s := range d.Series {
		xs, ys := d.optColumn(s, "p99_ttft"), d.column(s, "tpPerGpu")
		read(s.Key, xs, ys)
		gx[s.GPU], gy[s.GPU] = append(gx[s.GPU], xs...), append(gy[s.GPU], ys...)
	}
	for gpu := range gx {
		read("gpu:"+gpu, gx[gpu], gy[gpu])
	}
	measured := 0
	for key, w := range want {
		got := vals[key]
		if len(got) != len(w) {
			t.Errorf("leaders: %s has %d cells, want %d", key, len(got), len(w))
			continue
		}
		for j := range w {
			if !math.IsNaN(w[j]) {
				measured++
			}
			if !(math.IsNaN(w[j]) && math.IsNaN(got[j]) || math.Abs(got[j]-w[j]) <= 1e-9*math.Abs(w[j])) {
				t.Errorf("leaders: %s at %v s: table %v, site/pareto %v", key, refs[j], got[j], w[j])
			}
			if lead := strings.HasPrefix(key, "gpu:") && !math.IsNaN(w[j]) && w[j] == best[j]; leads[key][j] != lead {
				t.Errorf("leaders: %s at %v s: marked best %v, want %v", key, refs[j], leads[key][j], lead)
			}
		}
	}
	if measured == 0 {
		t.Error("leaders: no frontier reaches a p99 TTFT reference: the check proves nothing")
	}
	p.Close()

	// An axis the page does not offer: the default view, and the link drops it.
	p = b.Open(t, root+rawPage+"#x=p95_ttft&best=0")
	waitView(p, "#chart", "best=0")
	p.NoErrors()
}

// TestAxesMeasuredMetricsAndReaderPrices: power and energy per token draw the measured values
// with lower-is-better frontiers and name the series that lack them; cost and throughput per
// MW use the prices of the fragment, typed prices recompute at once and go into the fragment.
func TestAxesMeasuredMetricsAndReaderPrices(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	files, root := exampleSite(t, b)
	d := readPageJSON(t, files, rawPage+"page.json")
	a := readAxesJSON(t, files, rawPage+"page.json")
	// note is the note under the chart that names the series a metric leaves out.
	note := func(p *browsertest.Page) string {
		var s string
		p.Eval(`(() => { const n = document.querySelector("#chart + #chart-note"); return n && !n.hidden ? n.textContent : ""; })()`, &s)
		return s
	}

	for _, m := range a.Metrics {
		if !strings.Contains(m.Key, "power") && !strings.Contains(m.Key, "joules") {
			continue
		}
		frag := "y=" + m.Key + "&best=0"
		p := b.Open(t, root+rawPage+"#"+frag)
		waitView(p, "#chart", frag)
		if v := currentView(p); v.YName != m.Axis || m.Higher || !strings.Contains(v.YName, "lower is better") {
			t.Errorf("y=%s: axis %q (higher %v), want %q naming its direction", m.Key, v.YName, m.Higher, m.Axis)
		}
		on, off := checkFrontiers(t, frag, p.ChartState("#chart"), d, func(s pageSeries) ([]float64, []float64) {
			return d.column(s, "x"), d.optColumn(s, m.Key)
		}, true, false)
		if on == 0 {
			t.Errorf("y=%s: no point drawn", m.Key)
		}
		_ = off
		var missing []string
		for _, s := range d.Series {
			if !slices.ContainsFunc(d.optColumn(s, m.Key), func(v float64) bool { return !math.IsNaN(v) }) {
				missing = append(missing, s.Name)
			}
		}
		if st := note(p); len(missing) == 0 || !strings.HasSuffix(st, ", not measured: "+strings.Join(missing, ", ")+".") {
			t.Errorf("y=%s: the note under the chart %q does not name the %d series without it", m.Key, st, len(missing))
		}
		p.Close()
	}

	// Cost per million tokens from a price in the link: B200 series only.
	frag := "y=costPerMTok&cost=b200:5.5&best=0"
	p := b.Open(t, root+rawPage+"#"+frag)
	waitView(p, "#chart", frag)
	cost := func(per float64) func(s pageSeries) ([]float64, []float64) {
		return func(s pageSeries) ([]float64, []float64) {
			ys := d.column(s, "tpPerGpu")
			for i, tp := range ys {
				ys[i] = math.NaN()
				if c := map[string]float64{"b200": 5.5, "mi355x": per}[s.GPU]; c > 0 {
					ys[i] = c / (tp * 3600) * 1e6
				}
			}
			return d.column(s, "x"), ys
		}
	}
	const lineSteps = 8 // model.js LINE_STEPS
	checkCosts := func(label string, per float64) {
		t.Helper()
		st := p.ChartState("#chart")
		for _, s := range d.Series {
			xs, ys := cost(per)(s)
			got, _ := st.Find(s.Name, "scatter")
			n := 0
			for i := range ys {
				if !math.IsNaN(ys[i]) {
					n++
					if !slices.ContainsFunc(got.Points, func(p [2]float64) bool { return p[0] == xs[i] && math.Abs(p[1]-ys[i]) <= 1e-12*ys[i] }) {
						t.Errorf("%s: %s lacks the point %v, %v", label, s.Name, xs[i], ys[i])
					}
				}
			}
			if len(got.Points) != n {
				t.Errorf("%s: %s draws %d points, want %d", label, s.Name, len(got.Points), n)
			}
			// The cost line is the throughput's frontier mapped through the price (docs/chart-page.md):
			// its knots are the cost frontier's points, and between two of them lineSteps-1 points
			// at the price over the throughput drawn straight between theirs.
			line, _ := st.Find(s.Name, "line")
			front := pareto.Frontier(xs, ys, false)
			if want := max(0, (len(front)-1)*lineSteps+1); len(line.Points) != want {
				t.Errorf("%s: %s frontier line of %d points, want %d (%d knots, lower cost is better)", label, s.Name, len(line.Points), want, len(front))
				continue
			}
			slices.SortFunc(front, func(i, j int) int { return cmp.Compare(xs[i], xs[j]) })
			for j, i := range front {
				if k := line.Points[j*lineSteps]; k[0] != xs[i] || math.Abs(k[1]-ys[i]) > 1e-9*ys[i] {
					t.Errorf("%s: %s line's knot %d is %v, want the frontier point %v, %v", label, s.Name, j, k, xs[i], ys[i])
				}
			}
		}
	}
	checkCosts(frag, 0)
	if st := note(p); !strings.Contains(st, "no $/GPU-hour for their GPU") || !strings.Contains(st, "MI355X (SGLang) FP4") || strings.Contains(st, ": B200") || strings.Contains(st, ", B200") {
		t.Errorf("the note under the chart %q does not name the unpriced series (and only them)", st)
	}
	var prefilled string
	p.Eval(`document.querySelector('input[name="cost"][data-gpu="b200"]').value`, &prefilled)
	if prefilled != "5.5" {
		t.Errorf("the B200 price field shows %q, want the link's 5.5", prefilled)
	}
	// The reader types MI355X's price: the chart recomputes at once, the link carries it.
	p.Eval(`(() => { const i = document.querySelector('input[name="cost"][data-gpu="mi355x"]'); i.focus(); i.value = "2.5";
  i.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`, nil)
	frag = "y=costPerMTok&cost=b200:5.5,mi355x:2.5&best=0"
	waitView(p, "#chart", frag)
	if v := currentView(p); v.Hash != "#"+frag {
		t.Errorf("fragment %q, want #%s", v.Hash, frag)
	}
	checkCosts(frag, 2.5)
	if st := note(p); strings.Contains(st, "MI355X") {
		t.Errorf("the note %q still names MI355X, now priced", st)
	}

	// Throughput per MW from the link's kW.
	frag = "y=tokPerMW&kw=b200:1.2&best=0"
	p2 := b.Open(t, root+rawPage+"#"+frag)
	waitView(p2, "#chart", frag)
	st := p2.ChartState("#chart")
	for _, s := range d.Series {
		got, _ := st.Find(s.Name, "scatter")
		if s.GPU != "b200" {
			if len(got.Points) != 0 {
				t.Errorf("tokPerMW: %s (no kW) draws %d points", s.Name, len(got.Points))
			}
			continue
		}
		tp := d.column(s, "tpPerGpu")
		for i, pt := range got.Points {
			if want := tp[i] / 1.2 * 1000; math.Abs(pt[1]-want) > 1e-9*want {
				t.Errorf("tokPerMW: %s point %d = %v, want %v", s.Name, i, pt[1], want)
			}
		}
	}
	p.NoErrors()
	p2.NoErrors()
}

// TestAxesDeploymentFilter: the raw page has single-node and disaggregated configurations, so
// it offers the filter; each value shows exactly its series and round-trips with the rest of
// the view.
func TestAxesDeploymentFilter(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	files, root := exampleSite(t, b)
	a := readAxesJSON(t, files, rawPage+"page.json")
	for _, dep := range []string{"single-node", "disaggregated"} {
		var want []string
		for _, s := range a.Series {
			if s.Deploy == dep {
				want = append(want, s.Name)
			}
		}
		frag := "y=outputTputPerGpu&x=median_ttft&deploy=" + dep + "&cost=b200:5.5&kw=b200:1.2&best=0&global=1"
		p := b.Open(t, root+rawPage+"#"+frag)
		waitView(p, "#chart", frag)
		if got := visibleScatter(p.ChartState("#chart")); len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("deploy=%s: visible %v, want %v", dep, got, want)
		}
		var boxes []string
		p.Eval(`[...document.querySelectorAll('input[name="deploy"]')].map((b) => b.value + "=" + b.checked)`, &boxes)
		other := map[string]string{"single-node": "disaggregated", "disaggregated": "single-node"}[dep]
		if !slices.Contains(boxes, dep+"=true") || !slices.Contains(boxes, other+"=false") {
			t.Errorf("deploy=%s: the filter's boxes %v", dep, boxes)
		}
		// Ticking the other value too is no filter: the fragment drops deploy.
		p.Eval(`(() => { const b = document.querySelector('input[name="deploy"][value=`+js(other)+`]'); b.click(); return true; })()`, nil)
		waitView(p, "#chart", strings.Replace(frag, "&deploy="+dep, "", 1))
		p.NoErrors()
		p.Close()
	}
}

// TestAxesChartBlockX: a chart block's x: draws that axis, as the chart page's link does.
func TestAxesChartBlockX(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	data := exampleData(t)
	data["axes.md"] = &fstest.MapFile{Data: []byte("# Axes\n\n```chart\nmodel: DeepSeek-R1-0528\nsequence: 1k/1k\nx: p99_ttft\ny: outputTputPerGpu\nbest: false\n```\n")}
	files := controlsSite(t, data, exampleConfig(t))
	d := readPageJSON(t, files, rawPage+"page.json")
	p := b.Open(t, b.Serve(files, "/")+"axes/")
	sel := "figure.chart-block .chart"
	waitView(p, sel, "y=outputTputPerGpu&x=p99_ttft&best=0")
	var name string
	p.Eval(`echarts.getInstanceByDom(document.querySelector(`+js(sel)+`)).getOption().xAxis[0].name`, &name)
	if name != "Time to first token, p99 (s)" {
		t.Errorf("block x axis %q", name)
	}
	checkFrontiers(t, "block", p.ChartState(sel), d, func(s pageSeries) ([]float64, []float64) {
		return d.optColumn(s, "p99_ttft"), d.column(s, "outputTputPerGpu")
	}, false, true)
	p.NoErrors()
}
