package browser_test

import (
	"bytes"
	"encoding/json"
	"math"
	"regexp"
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
	files := buildForBrowser(t, exampleDir, exampleConfig(t))
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
	s := &render.PageSeries{Key: "b200_trt", Name: "B200 (TRT)", HWKey: "b200_trt", GPU: "b200", Vendor: "NVIDIA", Framework: "trt", Spec: "none",
		Precision: "fp4", Label: "B200 (TRT)", Best: true, Date: "2026-05-02", Frontier: []int{0},
		Points: []input.Point{{ID: 1, X: 20, Y: 500, Concurrency: 4, TP: 8, TpPerGpu: 500, Date: "2026-05-02", Precision: "fp4"}}}
	page := &render.Page{Model: "DeepSeek-R1-0528", Sequence: "1k/1k", Path: "deepseek-r1-0528/1k-1k/",
		Metric: input.Metric{Key: "tpPerGpu", Label: "Throughput", Unit: "tok/s/GPU"}, XAxis: input.XAxis{Label: "Interactivity"},
		Snapshots: []*render.Snapshot{{Date: "2026-05-02", Series: []*render.PageSeries{s}}}}
	r, err := render.New(config.Input{Config: cfg, ECharts: testsite.RealECharts(t)}, []*render.Page{page}, nil, 1, nil, nil)
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
	if err := r.Chart(files, page); err != nil {
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
