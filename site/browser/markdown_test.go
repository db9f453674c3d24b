package browser_test

import (
	"os"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/browsertest"
)

// blockSel is the first chart block's chart on a markdown page.
const blockSel = "figure.chart-block .chart"

// shownScatter lists the scatter series a reader sees: in the option and not switched off in the legend.
func shownScatter(st browsertest.ChartState) []string {
	var names []string
	for _, s := range st.Series {
		if s.Type == "scatter" && s.Visible && st.IsSelected(s.Name) && len(s.Points) > 0 {
			names = append(names, s.Name)
		}
	}
	slices.Sort(names)
	return names
}

func TestBrowserMarkdownChartBlockDrawsItsView(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)

	// data/about.md holds a block with spec: mtp: only the MTP configurations show.
	p := b.Open(t, root+"about/")
	p.WaitChart(blockSel)
	got := shownScatter(p.ChartState(blockSel))
	want := []string{"B200 (TRTLLM, MTP)", "B200 (vLLM, MTP)", "B300 (SGLang, MTP)", "B300 (TRTLLM, MTP)", "B300 (vLLM, MTP)"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("the about page's chart block shows %q, want the MTP series %q", got, want)
	}
	var href string
	p.Eval(`document.querySelector("figure.chart-block figcaption a").getAttribute("href")`, &href)
	if href != "/deepseek-v4-pro/8k-1k/#spec=mtp" {
		t.Errorf("the block's link is %q, want the chart page with the same view", href)
	}
	p.NoErrors()

	// The full chart page, opened by that link, shows the same series.
	full := b.Open(t, root+strings.TrimPrefix(href, "/"))
	full.WaitChart(chartSel)
	if got := shownScatter(full.ChartState(chartSel)); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("the chart page opened from the block shows %q, want %q", got, want)
	}
	full.NoErrors()

	// data/index.md holds a best-per-GPU block on the home page: one series per GPU.
	home := b.Open(t, root)
	home.WaitChart(blockSel)
	if got := shownScatter(home.ChartState(blockSel)); strings.Join(got, "|") != "B200 (TRTLLM, MTP)|B300 (TRTLLM, MTP)" {
		t.Errorf("the home page's best-per-GPU block shows %q", got)
	}
	home.NoErrors()
}

func TestBrowserMarkdownNeverRunsScript(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	seed, err := os.ReadFile("../../data/deepseek-v4-pro_8k-1k_fp4.json")
	if err != nil {
		t.Fatal(err)
	}
	const page = "---\n" +
		"title: \"<script>window.__pwned=1</script>\"\n" +
		"description: \"\\\"><img src=x onerror=window.__pwned=2>\"\n" +
		"---\n\n" +
		"# Notes <img src=x onerror=\"window.__pwned=3\">\n\n" +
		"<script>window.__pwned=4</script>\n\n" +
		"<div onmouseover=\"window.__pwned=5\">hover me</div>\n\n" +
		"[a link](javascript:window.__pwned=6) and <a href=\"javascript:window.__pwned=7\">another</a>\n\n" +
		"```chart\n" +
		"model: DeepSeek-V4-Pro\n" +
		"sequence: 8k/1k\n" +
		"title: </figcaption><script>window.__pwned=8</script>\n" +
		"```\n"
	data := fstest.MapFS{
		"seed.json":  {Data: seed},
		"hostile.md": {Data: []byte(page)},
	}
	root := b.Serve(buildForBrowser(t, data, exampleConfig(t)), "/")
	p := b.Open(t, root+"hostile/")
	p.WaitChart(blockSel)
	// Hover everything the markdown made; no link may lead to script.
	p.Eval(`document.querySelectorAll("main *").forEach(e => e.dispatchEvent(new MouseEvent("mouseover", {bubbles: true})))`, nil)
	var hrefs []string
	p.Eval(`Array.from(document.querySelectorAll("main a[href]"), a => a.getAttribute("href"))`, &hrefs)
	for _, h := range hrefs {
		if strings.HasPrefix(strings.ToLower(strings.TrimSpace(h)), "javascript:") {
			t.Errorf("markdown produced a javascript: link %q", h)
		}
	}
	var typ string
	p.Eval(`typeof window.__pwned`, &typ)
	if typ != "undefined" {
		var v any
		p.Eval(`window.__pwned`, &v)
		t.Errorf("markdown ran script: window.__pwned = %v", v)
	}
	if n := p.Count("main script, main img, main [onmouseover], main [onerror]"); n != 0 {
		t.Errorf("markdown produced %d live script, img or handler elements", n)
	}
	body := p.Text("main")
	for _, s := range []string{"<script>window.__pwned=4</script>", `<img src=x onerror="window.__pwned=3">`, "</figcaption><script>window.__pwned=8</script>"} {
		if !strings.Contains(body, s) {
			t.Errorf("the page does not show %q as text", s)
		}
	}
	var title string
	p.Eval(`document.title`, &title)
	if !strings.Contains(title, "<script>window.__pwned=1</script>") {
		t.Errorf("the title %q does not show the front matter title literally", title)
	}
	if got := shownScatter(p.ChartState(blockSel)); len(got) != 11 {
		t.Errorf("the chart block beside the hostile markdown shows %d series, want 11", len(got))
	}
}
