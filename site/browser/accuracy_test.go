package browser_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/frontier-bench/frontier/site/page"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/render"
)

// withAccuracy puts evals and notes in the contract's shape (issue 36) into the seed page's
// #page-data, as the data side will write them: every point of the first series scored 0.0 on
// GSM8K (marked low), the second series' points not evaluated, the others' at 95.8% ± 1.1, and
// a note with a hostile text on the third series. It returns the series' names in that order.
func withAccuracy(t *testing.T, files *site.Files) []string {
	t.Helper()
	name := seedPage + "index.html"
	html, ok := files.Get(name)
	if !ok {
		t.Fatalf("no %s", name)
	}
	re := regexp.MustCompile(`(?s)(<script type="application/json" id="page-data">)(.*?)(</script>)`)
	m := re.FindSubmatch(html)
	if m == nil {
		t.Fatal("no page data")
	}
	var page map[string]any
	if err := json.Unmarshal(m[2], &page); err != nil {
		t.Fatal(err)
	}
	date := page["dates"].([]any)[0].(string)
	page["accuracy"] = map[string]any{
		"tasks": []any{map[string]any{"key": "gsm8k", "label": "GSM8K", "metric": "em_strict"}},
		"evals": []any{
			map[string]any{"task": "gsm8k", "score": 0.958, "se": 0.0056, "n": 1319, "date": date},
			map[string]any{"task": "gsm8k", "score": 0.0, "date": date, "low": true},
		},
		"notes": []any{map[string]any{"text": `<img src=x onerror=alert(1)> known issue`, "link": "https://example.org/issue"}},
	}
	cols := page["cols"].([]any)
	page["cols"] = append(cols, "evals", "notes")
	var names []string
	for i, s := range page["series"].([]any) {
		s := s.(map[string]any)
		names = append(names, s["name"].(string))
		for j, p := range s["points"].([]any) {
			row := p.([]any)
			for len(row) < len(cols) {
				row = append(row, nil)
			}
			var evals, notes any
			switch i {
			case 0:
				evals = []any{1}
			case 1:
			default:
				evals = []any{0}
			}
			if i == 2 {
				notes = []any{0}
			}
			s["points"].([]any)[j] = append(row, evals, notes)
		}
	}
	b, err := json.Marshal(page) // escapes <, > and & for a <script>
	if err != nil {
		t.Fatal(err)
	}
	html = re.ReplaceAllFunc(html, func(whole []byte) []byte {
		return bytes.Join([][]byte{m[1], b, m[3]}, nil)
	})
	if err := files.WriteFile(name, html); err != nil {
		t.Fatal(err)
	}
	return names
}

// scatterPoints is the number of points each named scatter series draws.
func scatterPoints(st browsertest.ChartState) map[string]int {
	out := map[string]int{}
	for _, s := range st.Series {
		if s.Type == "scatter" {
			out[s.Name] = len(s.Points)
		}
	}
	return out
}

// TestBrowserAccuracyGateAndMarks: on a page with evals the form has the accuracy gate, which
// takes the points below the minimum (and, second choice, those with no eval) out of the chart
// and writes itself in the link; a link with acc= opens that view; the tooltip gives the score
// with its interval or says "not evaluated"; the legend marks the low eval and the note; the
// note's hostile text stays text. A page without evals has no gate.
func TestBrowserAccuracyGateAndMarks(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	files := buildForBrowser(t, testsite.RealData(t), exampleConfig(t))
	names := withAccuracy(t, files)
	root := b.Serve(files, "/")

	p := b.Open(t, root+seedPage)
	waitView(p, "#chart", "")
	before := scatterPoints(p.ChartState("#chart"))
	if before[names[0]] == 0 || before[names[1]] == 0 {
		t.Fatalf("points before the gate: %v", before)
	}
	var marks []string
	p.Eval(`[...document.querySelectorAll("#chart-legend .acc-mark")].map((m) => m.closest("button").dataset.name + ": " + m.textContent)`, &marks)
	want := []string{names[0] + ": ⚠ GSM8K 0.0%", names[2] + ": ⓘ <img src=x onerror=alert(1)> known issue"}
	if strings.Join(marks, "\n") != strings.Join(want, "\n") {
		t.Errorf("legend marks\n got %q\nwant %q", marks, want)
	}
	if tip := p.HoverPoint("#chart", names[0], 0); !strings.Contains(tip, "GSM8K 0.0% ⚠ far below the others") {
		t.Errorf("low tooltip %q", tip)
	}
	if tip := p.HoverPoint("#chart", names[1], 0); !strings.Contains(tip, "GSM8K: not evaluated") {
		t.Errorf("unevaluated tooltip %q", tip)
	}
	if tip := p.HoverPoint("#chart", names[2], 0); !strings.Contains(tip, "GSM8K 95.8% ± 1.1") || !strings.Contains(tip, "ⓘ <img src=x onerror=alert(1)> known issue more") {
		t.Errorf("tooltip %q", tip)
	}

	clickControl(p, `input[name="acc"]`)
	waitView(p, "#chart", "acc=gsm8k:0.9")
	gated := scatterPoints(p.ChartState("#chart"))
	if gated[names[0]] != 0 || gated[names[1]] != before[names[1]] || gated[names[2]] != before[names[2]] {
		t.Errorf("gated at 90%%: %v (before %v)", gated, before)
	}
	var status string
	p.Eval(`document.getElementById("view-status").textContent`, &status)
	if !strings.Contains(status, "GSM8K ≥ 90%: ") {
		t.Errorf("status %q does not say the gate", status)
	}
	clickControl(p, `input[name="accall"]`)
	waitView(p, "#chart", "acc=gsm8k:0.9:all")
	if all := scatterPoints(p.ChartState("#chart")); all[names[1]] != 0 || all[names[2]] != before[names[2]] {
		t.Errorf("only evaluated: %v", all)
	}

	q := b.Open(t, root+seedPage+"#acc=gsm8k:0.5:all")
	waitView(q, "#chart", "acc=gsm8k:0.5:all")
	if got := scatterPoints(q.ChartState("#chart")); got[names[0]] != 0 || got[names[1]] != 0 || got[names[2]] != before[names[2]] {
		t.Errorf("opened from a link: %v", got)
	}
	var min string
	q.Eval(`document.querySelector('input[name="accmin"]').value + " " + document.querySelector('input[name="accall"]').checked`, &min)
	if min != "50 true" {
		t.Errorf("the form shows %q, want the link's 50 and its second choice", min)
	}

	var otherPage string
	for _, n := range files.Names() {
		b, _ := files.Get(n)
		if dir, ok := strings.CutSuffix(n, "page.json"); ok && dir != seedPage && strings.Count(dir, "/") == 2 && !strings.HasPrefix(dir, "zh/") &&
			!strings.Contains(string(b), `"accuracy":`) { // the example's own evals are DeepSeek-R1's
			otherPage = dir
			break
		}
	}
	if otherPage == "" {
		t.Fatal("the example site has no second chart page")
	}
	other := b.Open(t, root+otherPage)
	waitView(other, "#chart", "")
	var gates int
	other.Eval(`document.querySelectorAll("fieldset[data-gate], .acc-mark").length`, &gates)
	if gates != 0 {
		t.Errorf("a page without evals shows %d gate or accuracy marks", gates)
	}
}

// TestBrowserAccuracyPageFitsAPhone: a model's accuracy page, drawn by package render from
// hand-made rows with long names and notes (the pipeline hands it none before the data branch
// is merged), is never wider than a 360-px phone, and its bars are as wide as their scores.
func TestBrowserAccuracyPageFitsAPhone(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	cfg := config.DefaultConfig()
	s := &page.PageSeries{Key: "b200_trt", Name: "B200 (TRT)", HWKey: "b200_trt", GPU: "b200", Vendor: "NVIDIA", Framework: "trt", Spec: "none",
		Precision: "fp4", Label: "B200 (TRT)", Best: true, Date: "2026-05-02", Frontier: []int{0},
		Points: []input.Point{{ID: 1, X: 20, Y: 500, Concurrency: 4, TP: 8, TpPerGpu: 500, Date: "2026-05-02", Precision: "fp4"}}}
	cp := &page.Page{Model: "DeepSeek-R1-0528", Sequence: "1k/1k", Path: "deepseek-r1-0528/1k-1k/",
		Metric: input.Metric{Key: "tpPerGpu", Label: "Throughput", Unit: "tok/s/GPU"}, XAxis: input.XAxis{Label: "Interactivity"},
		Snapshots: []*page.Snapshot{{Date: "2026-05-02", Series: []*page.PageSeries{s}}}}
	r, err := render.New(config.Input{Config: cfg, ECharts: testsite.RealECharts(t)}, []*page.Page{cp}, nil, 1, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	long := "MI355X (SGLang) FP4 MTP disaggregated prefill TP8-EP8-DPA×2 decode TP8-EP8-DPA×6 " + strings.Repeat("unbroken", 12)
	row := func(config string, score, se float64) render.AccuracyRow {
		return render.AccuracyRow{Config: config, GPU: "mi355x", GPULabel: "MI355X", Framework: "SGLang", Precision: "fp4", Spec: "mtp",
			Parallelism: "TP8 EP8 DPA", Task: "gsm8k", Score: score, SE: se, N: 1319, Date: "2026-05-02", Run: "https://example.org/run/1"}
	}
	low := row(long, 0, math.NaN())
	low.Low = true
	low.Notes = []render.AccuracyNote{{Text: "Known issue: " + strings.Repeat("averyveryverylongword", 8), Link: "https://example.org/issue"}}
	r.SetAccuracy([]render.AccuracyModel{{Model: "DeepSeek-R1-0528", Tasks: []render.AccuracyTask{{Key: "gsm8k", Label: "GSM8K", Metric: "em_strict"}},
		Rows: []render.AccuracyRow{row("B200 (TRT) FP4 TP8", 0.958, 0.0056), low}}})
	files := &site.Files{}
	if err := r.Chart(files, cp); err != nil {
		t.Fatal(err)
	}
	if err := r.Render(files); err != nil {
		t.Fatal(err)
	}
	root := b.Serve(files, "/")
	p := b.OpenAs(t, root+"deepseek-r1-0528/accuracy/", browsertest.Phone)
	m := measure(t, p, false)
	if m.Width > 360 {
		t.Errorf("the accuracy page is %d px wide on a 360-px phone", m.Width)
	}
	var widths []float64
	p.Eval(`[...document.querySelectorAll(".acc-bar")].map((b) => Math.round(1000 * b.getBoundingClientRect().width / b.parentElement.getBoundingClientRect().width) / 10)`, &widths)
	if len(widths) != 2 || widths[0] < 95.3 || widths[0] > 96.3 || widths[1] != 0 {
		t.Errorf("bar widths %v%% of their tracks, want 95.8 and 0", widths)
	}
}

// TestBrowserExampleAccuracy: the example site's own evals (data/evals/dsr1-gsm8k.json), on the
// DeepSeek-R1 1k/1k chart page as a reader meets them. The tooltip and the points table give a
// configuration's GSM8K score with its 95% interval; a link with acc=gsm8k:0.95 takes every
// configuration scoring less out of the chart, its frontier and the leaders, keeps the gate in
// the link when the reader changes it further (the second choice, "evaluated only"), and the
// trend says it does not follow it; the chart page links the model's accuracy page, which links
// back and is no wider than a 360-px phone.
func TestBrowserExampleAccuracy(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	files, root := exampleSite(t, b)
	const page = "deepseek-r1-0528/1k-1k/"

	// The configuration whose every point has one eval with a standard error (H200 (SGLang)
	// FP8 in the example), and its line as the page writes it: the page data's scores are
	// rounded to six decimals, the ± is 1.96 standard errors in points of percent.
	raw, ok := files.Get(page + "data.json")
	if !ok {
		t.Fatalf("no %sdata.json", page)
	}
	var data struct {
		Series []struct {
			Key, Name string
			Points    []struct {
				Evals []struct {
					Task      string
					Score, SE float64
				}
			}
		}
	}
	if err := json.Unmarshal(raw, &data); err != nil {
		t.Fatal(err)
	}
	round6 := func(v float64) float64 { return math.Round(v*1e6) / 1e6 }
	var key, name, want string
	var unevaluated []string // configurations with no eval at all
	for _, s := range data.Series {
		scores := map[float64]bool{}
		none := 0
		for _, p := range s.Points {
			if len(p.Evals) == 0 {
				none++
			} else if e := p.Evals[0]; e.Task == "gsm8k" && e.SE > 0 {
				scores[e.Score] = true
			}
		}
		if none == len(s.Points) {
			unevaluated = append(unevaluated, s.Name)
		}
		if key == "" && none == 0 && len(scores) == 1 {
			e := s.Points[0].Evals[0]
			if e.Score >= 0.95 {
				continue // the gate below must take it out
			}
			key, name = s.Key, s.Name
			want = fmt.Sprintf("GSM8K %.1f%% ± %.1f", round6(e.Score)*100, 1.96*round6(e.SE)*100)
		}
	}
	if key == "" || len(unevaluated) == 0 {
		t.Fatalf("the example's DeepSeek-R1 page needs a configuration evaluated once below 95%% (found %q) and one not evaluated (%v)", key, unevaluated)
	}

	p := b.Open(t, root+page+"#best=0")
	p.WaitChart("#chart")
	// The tooltip, on a view of that configuration alone (the example's chart is crowded: a
	// point may lie under another configuration's).
	alone := b.Open(t, root+page+"#gpus=h200&frameworks=sglang&spec=none&best=0")
	var shown []string
	for _, s := range alone.ChartState("#chart").Series {
		if s.Type == "scatter" && s.Visible && len(s.Points) > 0 {
			shown = append(shown, s.Name)
		}
	}
	if len(shown) != 1 || shown[0] != name {
		var v string
		alone.Eval(`document.getElementById("chart").getAttribute("data-view")`, &v)
		t.Fatalf("the view of %s alone (%s) draws %q", name, v, shown)
	}
	if tip := alone.HoverPoint("#chart", name, 0); !strings.Contains(tip, want) {
		t.Errorf("%s's tooltip %q lacks %q", name, tip, want)
	}
	showPoints(p)
	var cells []string
	p.Eval(`[...document.querySelectorAll('#points tbody tr[data-series=`+js(key)+`] td')].map((td) => td.textContent)`, &cells)
	if !slices.Contains(cells, want) {
		t.Errorf("%s's rows in the points table %q lack a cell %q", name, cells, want)
	}
	st := p.ChartState("#chart")
	line, _ := st.Find(name, "line")
	vals, _ := leaders(p)
	reaches := func(vs []float64) bool {
		return slices.ContainsFunc(vs, func(v float64) bool { return !math.IsNaN(v) })
	}
	if scatterPoints(st)[name] == 0 || len(line.Points) == 0 || !reaches(vals[key]) {
		t.Fatalf("without a gate %s has %d points, %d on its frontier, leaders %v: the case needs all three", name, scatterPoints(st)[name], len(line.Points), vals[key])
	}
	var link, gateNote string
	p.Eval(`document.querySelector("a.accuracy-link").href`, &link)
	p.Eval(`(document.getElementById("trend-gate") || {}).hidden === false ? "shown" : "hidden"`, &gateNote)
	if gateNote != "hidden" {
		t.Error("without a gate the trend speaks of one")
	}

	// The gate from a link: the configuration leaves the chart, its frontier and the leaders;
	// the configurations with no eval stay.
	q := b.Open(t, root+page+"#best=0&acc=gsm8k:0.95")
	q.WaitChart("#chart")
	viewHas := func(pg *browsertest.Page, part string) {
		t.Helper()
		pg.WaitFor(`(() => { const v = document.getElementById("chart").getAttribute("data-view") || ""; return v.split("&").includes(` + js(part) + `) && location.hash.slice(1).split("&").includes(` + js(part) + `); })()`)
	}
	viewHas(q, "acc=gsm8k:0.95")
	gated := q.ChartState("#chart")
	line, _ = gated.Find(name, "line")
	vals, _ = leaders(q)
	if n := scatterPoints(gated)[name]; n != 0 || len(line.Points) != 0 || reaches(vals[key]) {
		t.Errorf("gated at 95%%, %s still has %d points, %d on its frontier, leaders %v", name, n, len(line.Points), vals[key])
	}
	if scatterPoints(gated)[unevaluated[0]] != scatterPoints(st)[unevaluated[0]] {
		t.Errorf("gated at 95%%, %s (not evaluated) has %d points, want its %d", unevaluated[0], scatterPoints(gated)[unevaluated[0]], scatterPoints(st)[unevaluated[0]])
	}
	q.Eval(`document.getElementById("trend").scrollIntoView()`, nil)
	q.WaitFor(`(() => { const n = document.getElementById("trend-gate"); return n && !n.hidden; })()`)
	q.Eval(`document.getElementById("trend-gate").textContent`, &gateNote)
	if !strings.Contains(gateNote, "do not apply the accuracy gate (GSM8K ≥ 95%)") {
		t.Errorf("the trend's note %q does not say it ignores the gate", gateNote)
	}
	// The second choice, from the form: the gate stays in the link, and the configurations
	// with no eval leave too.
	clickControl(q, `input[name="accall"]`)
	viewHas(q, "acc=gsm8k:0.95:all")
	if n := scatterPoints(q.ChartState("#chart"))[unevaluated[0]]; n != 0 {
		t.Errorf("evaluated only: %s (not evaluated) still has %d points", unevaluated[0], n)
	}

	// The accuracy page, from the chart page's link, on a phone; and its link back.
	if link != root+"deepseek-r1-0528/accuracy/" {
		t.Fatalf("the chart page links %q, want the model's accuracy page", link)
	}
	a := b.OpenAs(t, link, browsertest.Phone)
	if m := measure(t, a, false); m.Width > 360 {
		t.Errorf("the accuracy page is %d px wide on a 360-px phone", m.Width)
	}
	var back []string
	a.Eval(`[...document.querySelectorAll("main a")].map((l) => l.href)`, &back)
	if !slices.Contains(back, root+page) {
		t.Errorf("the accuracy page does not link back to %s: %q", page, back)
	}
	var bars int
	a.Eval(`document.querySelectorAll(".acc-bar").length`, &bars)
	if bars == 0 {
		t.Error("the accuracy page draws no bar")
	}
}
