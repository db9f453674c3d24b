package browser_test

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
)

// agenticPage is the example site's agentic page (data/agentic-coding/): a page per model and
// scenario, its URL naming the scenario.
const agenticPage = "deepseek-v4-pro/agentic-coding/"

// agenticData is the example's agentic results (data/agentic-coding/, which the project
// writes), alone.
func agenticData(t *testing.T) fstest.MapFS {
	t.Helper()
	return testsite.ExampleFolder(t, "agentic-coding")
}

// TestAgenticPageOpensOnP90Interactivity (issue 53): the agentic page opens on p90
// interactivity (its points' x), offers p50/p75/p95 interactivity, TTFT and E2E in the x menu,
// names the scenario in its title, draws a series per GPU and framework (speculative decoding
// and KV offload are each point's facts, in the tooltip), and its GPU filter and x menu work.
func TestAgenticPageOpensOnP90Interactivity(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	root := b.Serve(buildForBrowser(t, agenticData(t), site.Config{}), "/")
	p := b.Open(t, root+agenticPage)
	waitView(p, "#chart", "")
	var title string
	p.Eval(`document.title`, &title)
	if !strings.Contains(title, "agentic coding") || strings.Contains(title, "0/0") {
		t.Errorf("title %q: want the scenario named, never a sequence", title)
	}
	var options []string
	p.Eval(`[...document.querySelectorAll("#ctl-x option")].map((o) => o.value)`, &options)
	if len(options) == 0 || options[0] != "p90_intvty" {
		t.Errorf("x menu %v: want p90_intvty first", options)
	}
	for _, k := range []string{"median_intvty", "p75_intvty", "p95_intvty", "median_ttft", "p90_ttft", "median_e2el"} {
		if !slices.Contains(options, k) {
			t.Errorf("x menu %v lacks %s", options, k)
		}
	}
	var xName, selected string
	p.Eval(`echarts.getInstanceByDom(document.getElementById("chart")).getOption().xAxis[0].name`, &xName)
	p.Eval(`document.getElementById("ctl-x").value`, &selected)
	if !strings.Contains(xName, "p90") || selected != "p90_intvty" {
		t.Errorf("opens on x %q (menu %q), want p90 interactivity", xName, selected)
	}
	st := p.ChartState("#chart")
	names := visibleScatter(st)
	slices.Sort(names)
	if want := []string{"B200 (vLLM)", "B300 (TRTLLM)", "MI355X (SGLang)"}; !slices.Equal(names, want) {
		t.Errorf("series %v, want %v: one per GPU and framework", names, want)
	}
	// Each point's facts follow its topology, as the tooltip and the table show it.
	showPoints(p)
	var table string
	p.Eval(`document.querySelector("#points tbody").textContent`, &table)
	if !strings.Contains(table, "MTP") || !strings.Contains(table, "KV offload cpu (LMCache 0.3)") {
		t.Errorf("points table lacks the points' facts (MTP, KV offload): %.300s", table)
	}
	// A point's detail (pt=ID): its cache hit rates side by side, KV cache, requests and offload.
	var id string
	p.Eval(`(() => { const d = JSON.parse(document.getElementById("page-data").textContent); const s = d.series.find((s) => s.gpu === "b200");
	  const c = d.cols.indexOf("conc"); const pt = s.points.find((p) => p[c] === 64);
	  return String(pt[d.cols.indexOf("id")]); })()`, &id)
	p.Navigate(root + agenticPage + "#pt=" + id)
	p.WaitFor(`(() => { const d = document.querySelector("dialog.point-detail"); return !!(d && d.open && d.querySelector(".pd-rates")); })()`)
	var detail string
	p.Eval(`document.querySelector("dialog.point-detail").textContent`, &detail)
	for _, want := range []string{"theoretical prefix-cache hit", "92.00%", "GPU cache hit", "CPU (offload) cache hit", "KV cache capacity",
		"1,800,000 tokens", "Dropped as warmup", "KV offload", "LMCache 0.3", "1,024 GB CPU DRAM"} {
		if !strings.Contains(detail, want) {
			t.Errorf("detail of point %s lacks %q: %.600s", id, want, detail)
		}
	}
	// The GPU filter, from a link: only B200 is shown.
	p.Navigate(root + agenticPage + "#gpus=b200")
	waitView(p, "#chart", "gpus=b200")
	if got := visibleScatter(p.ChartState("#chart")); !slices.Equal(got, []string{"B200 (vLLM)"}) {
		t.Errorf("gpus=b200 shows %v", got)
	}
	// The point facts as filters: speculative decoding and KV offload keep or drop points, not
	// series (B300's MTP points are its concurrencies 4 to 16; B200 offloads at 32 and 64).
	count := func(frag string) map[string]int {
		p.Navigate(root + agenticPage + "#" + frag)
		waitView(p, "#chart", frag)
		st := p.ChartState("#chart")
		n := map[string]int{}
		for _, name := range []string{"B200 (vLLM)", "B300 (TRTLLM)", "MI355X (SGLang)"} {
			s, _ := st.Find(name, "scatter")
			n[name] = len(s.Points)
		}
		return n
	}
	if n := count("spec=mtp"); n["B300 (TRTLLM)"] != 3 || n["B200 (vLLM)"] != 0 || n["MI355X (SGLang)"] != 0 {
		t.Errorf("spec=mtp draws %v, want B300's 3 MTP points only", n)
	}
	if n := count("offload=cpu"); n["B200 (vLLM)"] != 2 || n["B300 (TRTLLM)"] != 0 {
		t.Errorf("offload=cpu draws %v, want B200's 2 offloading points only", n)
	}
	if n := count("deploy=disaggregated"); n["B300 (TRTLLM)"] != 1 || n["B200 (vLLM)"] != 0 {
		t.Errorf("deploy=disaggregated draws %v, want B300's one disaggregated point", n)
	}
	var offloadChoices []string
	p.Eval(`[...document.querySelectorAll('input[name="offload"]')].map((i) => i.value)`, &offloadChoices)
	if !slices.Equal(offloadChoices, []string{"cpu", "none"}) {
		t.Errorf("offload filter offers %v, want cpu and none", offloadChoices)
	}
	// Another x from the menu; the fragment follows.
	p.Navigate(root + agenticPage + "#gpus=b200")
	waitView(p, "#chart", "gpus=b200")
	p.Eval(`(() => { const s = document.getElementById("ctl-x"); s.value = "p95_intvty"; s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, nil)
	waitView(p, "#chart", "x=p95_intvty&gpus=b200")
	p.Eval(`echarts.getInstanceByDom(document.getElementById("chart")).getOption().xAxis[0].name`, &xName)
	if !strings.Contains(xName, "p95") {
		t.Errorf("x=p95_intvty: axis %q", xName)
	}
}
