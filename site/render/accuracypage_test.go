package render

import (
	"github.com/frontier-bench/frontier/site/page"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/site/accuracy"
	"github.com/frontier-bench/frontier/site/card"
	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/markdown"
	"github.com/frontier-bench/frontier/site/output"
)

// accuracySite is a two-language site with a chart page of model M (and one of model N, which
// has no evals), and M's evals: hand-made rows with hostile names, notes and links.
func accuracySite(t *testing.T, mds []*markdown.MarkdownPage) (*Renderer, []*page.Page, *[]card.Spec) {
	t.Helper()
	cfg := config.DefaultConfig()
	cfg.Languages = []string{"en", "zh"}
	cfg.BaseURL = "https://owner.github.io/repo/"
	mkPage := func(model, path string) *page.Page {
		s := &page.PageSeries{Key: "b200_trt", Name: "B200 (TRT)", HWKey: "b200_trt", GPU: "b200", Vendor: "NVIDIA", Framework: "trt", Spec: "none",
			Precision: "fp4", Label: "B200 (TRT)", Best: true, Date: "2026-05-02", Frontier: []int{0}}
		s.Points = []input.Point{{ID: 1, X: 20, Y: 500, Concurrency: 4, TP: 8, TpPerGpu: 500, Date: "2026-05-02", Precision: "fp4"}}
		return &page.Page{Model: model, Sequence: "1k/1k", Path: path, Metric: input.Metric{Key: "tpPerGpu", Label: "Throughput", Unit: "tok/s/GPU"},
			XAxis: input.XAxis{Label: "Interactivity"}, Snapshots: []*page.Snapshot{{Date: "2026-05-02", Series: []*page.PageSeries{s}}}}
	}
	pages := []*page.Page{mkPage("M", "m/1k-1k/"), mkPage("N", "n/1k-1k/")}
	// M's chart page joins an eval, and so links its model's accuracy page; N's joins none.
	evals := []input.Eval{{Model: "M", GPU: "b200", Framework: "trt", Precision: "fp4", Spec: "none", Task: "gsm8k", Score: 0.958, Date: "2026-05-02"}}
	pages[0].Accuracy, _ = accuracy.Join("M", []accuracy.Point{{ID: 1, Date: "2026-05-02", Conf: accuracy.Conf{GPU: "b200", Framework: "trt", Precision: "fp4", Spec: "none", TP: 8}}},
		evals, accuracy.Low(evals), nil)
	if pages[0].Accuracy == nil || len(pages[0].Accuracy.Evals) != 1 {
		t.Fatal("the eval does not join M's point")
	}
	r, err := New(config.Input{Config: cfg, ECharts: []byte("/* echarts */")}, pages, mds, 2, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var specs []card.Spec
	r.drawCard = func(s card.Spec) ([]byte, error) {
		specs = append(specs, s)
		return []byte("png " + s.Title), nil
	}
	row := func(config, gpu string, score, se float64) AccuracyRow {
		return AccuracyRow{Config: config, GPU: gpu, GPULabel: strings.ToUpper(gpu), Framework: "TRT-LLM", Precision: "fp4", Parallelism: "TP8", Task: "gsm8k",
			Score: score, SE: se, N: 1319, Date: "2026-05-02", Run: "https://example.org/run/1"}
	}
	hostile := row(`<script>alert(1)</script> B200 (TRT) FP4 "TP8"`, "b200", 0.958, 0.0056)
	hostile.Notes = []AccuracyNote{{Text: `</li><b onmouseover=x>note</b> & more`, Link: "javascript:alert(1)"}, {Text: "Known issue", Link: "https://example.org/issue?a=1&b=2"}}
	low := row("MI355X (SGLang) FP4 · disaggregated", "mi355x", 0, math.NaN())
	low.Low, low.Run = true, "javascript:alert(2)"
	r.SetAccuracy([]AccuracyModel{{
		Model: "M",
		Tasks: []AccuracyTask{{Key: "gsm8k", Label: "GSM<8K>", Metric: "em_strict"}},
		Rows: []AccuracyRow{
			row("B200 (vLLM) FP4 TP8", "b200", 0.91, 0.008),
			low,
			hostile,
			row("MI355X (vLLM) FP8 TP8", "mi355x", 0.94, 0.0065),
			row("B200 (vLLM) FP8 TP4", "b200", 0.95, 0.006),
		},
	}, {Model: "N"}})
	return r, pages, &specs
}

// TestAccuracyPage: a model with evals gets /<model>/accuracy/ in every language, its bars
// grouped by GPU and sorted by score, each with its 95% interval; every string escaped; linked
// to and from its chart pages, in the sitemap and llms.txt, with its card. A model without
// evals gets none.
func TestAccuracyPage(t *testing.T) {
	r, pages, specs := accuracySite(t, nil)
	w := &output.Files{}
	for _, p := range pages {
		if err := r.Chart(w, p); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Render(w); err != nil {
		t.Fatal(err)
	}
	get := func(name string) string {
		b, ok := w.Get(name)
		if !ok {
			t.Fatalf("no %s", name)
		}
		return string(b)
	}
	html := get("m/accuracy/index.html")
	// Grouped by GPU (label order), best score first inside each group.
	names := regexp.MustCompile(`<div class="acc-name"><b>(.*?)</b>`).FindAllStringSubmatch(html, -1)
	var got []string
	for _, m := range names {
		got = append(got, m[1])
	}
	want := []string{"&lt;script&gt;alert(1)&lt;/script&gt; B200 (TRT) FP4 &#34;TP8&#34;", "B200 (vLLM) FP8 TP4", "B200 (vLLM) FP4 TP8",
		"MI355X (vLLM) FP8 TP8", "MI355X (SGLang) FP4 · disaggregated"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("bars in order\n got %q\nwant %q", got, want)
	}
	if !regexp.MustCompile(`(?s)<h3>B200</h3>.*<h3>MI355X</h3>`).MatchString(html) {
		t.Error("the GPUs' groups are not B200 then MI355X")
	}
	for _, s := range []string{
		// 95.8% ± 1.1: the bar 95.8 wide, its interval 94.7 to 96.9.
		`<span class="acc-bar" style="width: 95.8%"></span><span class="acc-ci" style="left: 94.7%; width: 2.2%"></span></span> <span class="acc-score">95.8% ± 1.1</span> <a href="https://example.org/run/1" rel="nofollow noopener">run</a>`,
		// No standard error: no interval, no ±; a run link that is not http(s) is left out.
		`<li class="low"><div class="acc-name"><b>MI355X (SGLang) FP4 · disaggregated</b> <span class="acc-desc">TRT-LLM · FP4 · TP8 · n = 1319 · 2026-05-02</span> <span class="acc-low">⚠ far below the other configurations</span></div>`,
		`<span class="acc-bar" style="width: 0%"></span></span> <span class="acc-score">0.0%</span></div></li>`,
		`<h2 id="task-1">GSM&lt;8K&gt; <span class="metric">em_strict</span></h2>`,
		`ⓘ &lt;/li&gt;&lt;b onmouseover=x&gt;note&lt;/b&gt; &amp; more <a href="#ZgotmplZ"`,
		`ⓘ Known issue <a href="https://example.org/issue?a=1&amp;b=2" rel="nofollow noopener">more</a>`,
		`<a href="/repo/m/1k-1k/">1k/1k</a>`,
	} {
		if !strings.Contains(html, s) {
			t.Errorf("the accuracy page lacks %s", s)
		}
	}
	if strings.Contains(html, "<script>alert") || strings.Contains(html, "javascript:") || strings.Contains(html, "<b onmouseover") {
		t.Error("a hostile string reached the page unescaped")
	}
	if zh := get("zh/m/accuracy/index.html"); !strings.Contains(zh, "<h1>M：准确率</h1>") || !strings.Contains(zh, `<a href="/repo/zh/m/1k-1k/">`) {
		t.Error("the zh accuracy page is not in Chinese or does not link its chart page")
	}
	if _, ok := w.Get("n/accuracy/index.html"); ok {
		t.Error("a model without evals has an accuracy page")
	}
	if !strings.Contains(get("m/1k-1k/index.html"), ` <a class="accuracy-link" href="/repo/m/accuracy/">Accuracy of every configuration</a></figcaption>`) {
		t.Error("the chart page does not link its model's accuracy page")
	}
	if strings.Contains(get("n/1k-1k/index.html"), "accuracy-link") {
		t.Error("a chart page links an accuracy page its model does not have")
	}
	if sm := get("sitemap.xml"); !strings.Contains(sm, "<loc>https://owner.github.io/repo/m/accuracy/</loc>") || !strings.Contains(sm, "<loc>https://owner.github.io/repo/zh/m/accuracy/</loc>") {
		t.Error("the sitemap lacks the accuracy page")
	}
	if !strings.Contains(get("llms.txt"), "- [M accuracy](https://owner.github.io/repo/m/accuracy/)") {
		t.Error("llms.txt lacks the accuracy page")
	}
	var card *card.Spec
	for i, s := range *specs {
		if s.Title == "M accuracy" {
			card = &(*specs)[i]
		}
	}
	if card == nil || card.Headline != `Best on GSM<8K>: 95.8% ± 1.1, <script>alert(1)</script> B200 (TRT) FP4 "TP8"` {
		t.Errorf("the accuracy page's card: %+v", card)
	}
	if !regexp.MustCompile(`<meta property="og:image" content="https://owner.github.io/repo/m/accuracy/card\.[0-9a-f]+\.png">`).MatchString(html) {
		t.Error("the accuracy page does not show its card")
	}
}

// TestAccuracyPageClash: a markdown page at the accuracy page's path is an error, not a page
// silently overwritten.
func TestAccuracyPageClash(t *testing.T) {
	r, _, _ := accuracySite(t, []*markdown.MarkdownPage{{URL: "m/accuracy/", File: "data/m/accuracy.md", Title: "Mine"}})
	err := r.Render(&output.Files{})
	if err == nil || !strings.Contains(err.Error(), "data/m/accuracy.md") {
		t.Errorf("Render: %v, want the clash named", err)
	}
}

// TestGateControl: the form the build writes has the accuracy gate's fieldset on a page with
// eval tasks, as controls.js' gateBox builds it (same names, ids, values), ticked and set to the
// site's default gate when there is one; none without tasks.
func TestGateControl(t *testing.T) {
	r, _, _ := accuracySite(t, nil)
	tasks := []AccuracyTask{{Key: "gsm8k", Label: "GSM8K"}, {Key: "mmlu<x>", Label: `MMLU "pro"`}}
	form := func(g *gateControlView) string {
		var b strings.Builder
		v := &view{Site: r.site, Chart: &chartPageView{Controls: &controlsView{Gate: g}}}
		if err := r.tmpl["chart"].ExecuteTemplate(&b, "controls", v); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	if g := gateControl(r.cat, nil, "gsm8k", 0.9); g != nil || strings.Contains(form(g), "data-gate") {
		t.Error("a page without eval tasks has a gate")
	}
	off := form(gateControl(r.cat, tasks, "", 0))
	want := `<fieldset data-gate=""><legend>Accuracy</legend><div class="opts"><label class="check"><input type="checkbox" name="acc" value="1">Only configurations scoring at least the minimum</label>` +
		`<label for="ctl-accmin">Minimum (%) </label><input type="number" name="accmin" id="ctl-accmin" min="0" max="100" step="any" inputmode="decimal" value="90">` +
		`<label for="ctl-acctask">Task </label><select name="acctask" id="ctl-acctask"><option value="gsm8k" selected>GSM8K</option><option value="mmlu&lt;x&gt;">MMLU &#34;pro&#34;</option></select>` +
		`<label class="check"><input type="checkbox" name="accall" value="1">and drop configurations with no eval</label></div></fieldset>`
	if !strings.Contains(off, want) {
		t.Errorf("the gate's fieldset\n%s\nlacks\n%s", off, want)
	}
	g := gateControl(r.cat, tasks, "mmlu<x>", 0.955)
	on := form(g)
	if !strings.Contains(on, `name="acc" value="1" checked>`) || !strings.Contains(on, `value="95.5">`) || !strings.Contains(on, `<option value="mmlu&lt;x&gt;" selected>`) {
		t.Errorf("the default gate is not the form's:\n%s", on)
	}
	if g.Phrase != `MMLU "pro" ≥ 95.5%` {
		t.Errorf("phrase %q", g.Phrase)
	}
}
