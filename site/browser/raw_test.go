package browser_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/browsertest"
)

// rawPage is the example site's page of raw InferenceX results (data/raw/).
const rawPage = "deepseek-r1-0528/1k-1k/"

// TestRawResultsPage: the raw results' page as a reader sees it: every configuration a series,
// a tooltip with the topology, image, date and the run as a real https link, and a points table
// whose column chooser adds any metric the rows carry.
func TestRawResultsPage(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	files, root := exampleSite(t, b)
	d := readPageJSON(t, files, rawPage+"page.json")
	// best=0: the page has more than 12 configurations, so it opens on best per GPU; this test
	// hovers configurations that view hides.
	p := b.Open(t, root+rawPage+"#best=0")
	waitView(p, "#chart", "best=0")

	var scatters int
	p.Eval(`echarts.getInstanceByDom(document.getElementById("chart")).getOption().series.filter((s) => s.type === "scatter").length`, &scatters)
	if scatters != len(d.Series) || scatters < 50 {
		t.Errorf("%d scatter series, want one per configuration (%d)", scatters, len(d.Series))
	}

	// The tooltip of a point whose run links to GitHub (shown through ECharts' showTip, as a
	// hover would: the seed page's tests hover with the mouse).
	topo, runURL, run := slices.Index(d.Cols, "topology"), slices.Index(d.Cols, "runUrl"), slices.Index(d.Cols, "run")
	if topo < 0 || runURL < 0 {
		t.Fatalf("page.json columns %v lack topology and runUrl", d.Cols)
	}
	shown := false
	for si, s := range d.Series {
		url, _ := s.Points[0][runURL].(string)
		if !strings.HasPrefix(url, "https://github.com/") {
			continue
		}
		var tip struct{ Text, Href string }
		p.Eval(`(() => { const c = echarts.getInstanceByDom(document.getElementById("chart"));
  const idx = c.getOption().series.findIndex((x) => x.type === "scatter" && x.name === `+js(s.Name)+`);
  c.dispatchAction({ type: "showTip", seriesIndex: idx, dataIndex: 0 });
  const d = [...document.querySelectorAll("div")].find((d) => d.domBelongToZr && getComputedStyle(d).display !== "none" && d.innerText.trim());
  const a = d && d.querySelector("a[href]");
  return { Text: d ? d.innerText : "", Href: a ? a.getAttribute("href") : "" }; })()`, &tip)
		pt := s.Points[0]
		for _, want := range []string{"Topology " + pt[topo].(string), "Date ", "run " + pt[run].(string)} {
			if !strings.Contains(tip.Text, want) {
				t.Errorf("tooltip of %s (series %d) lacks %q:\n%s", s.Name, si, want, tip.Text)
			}
		}
		if tip.Href != url {
			t.Errorf("tooltip of %s links %q, want the run %q", s.Name, tip.Href, url)
		}
		shown = true
		break
	}
	if !shown {
		t.Error("no series with a run link")
	}

	// The column chooser: a few metric columns by default, any other on demand.
	showPoints(p)
	header := func() []string {
		var hs []string
		p.Eval(`[...document.querySelectorAll("#points thead th")].map((th) => th.textContent)`, &hs)
		return hs
	}
	if h := header(); !slices.Contains(h, "Topology") || !slices.Contains(h, "median_ttft") || slices.Contains(h, "p99_ttft") {
		t.Errorf("default columns %v: want Topology and median_ttft, not p99_ttft", h)
	}
	var boxes int
	p.Eval(`document.querySelectorAll("#column-chooser input[name=col]").length`, &boxes)
	if boxes < 20 {
		t.Errorf("the chooser offers %d columns, want every metric of the page", boxes)
	}
	p.Eval(`(() => { document.getElementById("column-chooser").open = true;
  const box = document.querySelector('#column-chooser input[value="p99_ttft"]'); box.click(); return true; })()`, nil)
	p.WaitFor(`[...document.querySelectorAll("#points thead th")].some((th) => th.textContent === "p99_ttft")`)
	var cells []string
	p.Eval(`(() => { const i = [...document.querySelectorAll("#points thead th")].findIndex((th) => th.textContent === "p99_ttft");
  return [...document.querySelectorAll("#points tbody tr")].slice(0, 5).map((tr) => tr.children[i].textContent); })()`, &cells)
	for _, c := range cells {
		if c == "" {
			t.Errorf("p99_ttft cells %v: want values (every latest row has p99)", cells)
			break
		}
	}

	// A metric no view reads (mean_intvty) is not in #page-data: opening the chooser fetched it
	// from columns.json.gz, and its cells hold page.json's values. (This page has history: the
	// columns views read came from rest.json.gz before the table was built.)
	var later, rest []string
	p.Eval(`(JSON.parse(document.getElementById("page-data").textContent).later || {cols: []}).cols`, &later)
	p.Eval(`(JSON.parse(document.getElementById("page-data").textContent).rest || {cols: []}).cols`, &rest)
	if !slices.Contains(later, "mean_intvty") || slices.Contains(later, "p99_ttft") || slices.Contains(later, "median_ttft") {
		t.Errorf("#page-data leaves out %v: want mean_intvty, not the x axes' or default columns", later)
	}
	if !slices.Contains(rest, "median_ttft") || !slices.Contains(rest, "topology") {
		t.Errorf("#page-data's rest %v: want the default columns and topology", rest)
	}
	p.Eval(`(() => { const box = document.querySelector('#column-chooser input[value="mean_intvty"]'); box.click(); return true; })()`, nil)
	p.WaitFor(`(() => { const ths = [...document.querySelectorAll("#points thead th")];
  const i = ths.findIndex((th) => th.textContent === "mean_intvty");
  const tr = document.querySelector("#points tbody tr");
  return i >= 0 && tr && !isNaN(parseFloat(tr.children[i].textContent)); })()`)
	// Every cell shown is within fmtNum's rounding of a value of its series in the page data
	// (page.json with the columns beside it: readPageJSON).
	meanIntvty := map[string][]any{}
	for _, s := range d.Series {
		for _, pt := range s.Points {
			meanIntvty[s.Key] = append(meanIntvty[s.Key], pt[slices.Index(d.Cols, "mean_intvty")])
		}
	}
	want, _ := json.Marshal(meanIntvty)
	var bad []string
	p.Eval(`(() => { const want = `+string(want)+`;
  const i = [...document.querySelectorAll("#points thead th")].findIndex((th) => th.textContent === "mean_intvty");
  const bad = [];
  for (const tr of document.querySelectorAll("#points tbody tr")) {
    const vs = want[tr.dataset.series];
    const text = tr.children[i].textContent, v = parseFloat(text);
    const near = (w) => (w == null ? isNaN(v) : Math.abs(w - v) <= 0.01 * Math.abs(w) + 0.005);
    if (!vs || !vs.some(near)) bad.push(tr.dataset.series + ": " + tr.children[i].textContent);
  }
  return bad; })()`, &bad)
	if len(bad) > 0 {
		t.Errorf("mean_intvty cells not in page.json: %v", bad)
	}
	p.NoErrors()
}

// TestBrowserRawChooserFollowsAPreviewUpdate: when the preview updates the page in place with a
// build whose rows carry another metric and lack one, the column chooser offers the new one
// and drops the one gone, and the points table shows the new column once ticked.
func TestBrowserRawChooserFollowsAPreviewUpdate(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	p := b.Open(t, root+rawPage)
	p.WaitDrawn(chartSel)
	// What the preview's reload script does with a new build's page.json: every column filled
	// in from the files beside it (reload.js's withEveryColumn), then handed over.
	p.Eval(`fetch("page.json").then((r) => r.json()).then(async (d) => {
	  for (const ref of [d.rest, d.later].filter(Boolean)) {
	    const res = await fetch(ref.file);
	    const f = await new Response(res.body.pipeThrough(new DecompressionStream("gzip"))).json();
	    const at = f.cols.map((c) => d.cols.indexOf(c));
	    d.series.forEach((s, i) => s.points.forEach((pt, j) => at.forEach((col, k) => { pt[col] = f.series[i][j][k]; })));
	  }
	  delete d.rest;
	  delete d.later;
	  const gone = d.cols.indexOf("std_e2el");
	  d.cols = d.cols.filter((c) => c !== "std_e2el").concat(["median_queue_ms"]);
	  for (const s of d.series) s.points = s.points.map((p) => p.filter((_, j) => j !== gone).concat([12.5]));
	  window.frontierChartPage.update(d);
	  return true;
	})`, nil)
	var offered []string
	p.Eval(`[...document.querySelectorAll("#column-chooser input[name=col]")].map((i) => i.value)`, &offered)
	if !slices.Contains(offered, "median_queue_ms") || slices.Contains(offered, "std_e2el") {
		t.Fatalf("chooser offers %v after the update, want median_queue_ms and no std_e2el", offered)
	}
	p.Eval(`(() => { const box = document.querySelector('#column-chooser input[value="median_queue_ms"]');
	  box.checked = true; box.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, nil)
	showPoints(p)
	p.WaitFor(`[...document.querySelectorAll("#points thead th")].some((th) => th.textContent === "median_queue_ms")`)
	var cell string
	p.Eval(`(() => { const ths = [...document.querySelectorAll("#points thead th")];
	  const i = ths.findIndex((th) => th.textContent === "median_queue_ms");
	  return document.querySelector("#points tbody tr").children[i].textContent; })()`, &cell)
	if cell != "12.50" { // fmtNum's figures
		t.Errorf("median_queue_ms cell %q, want 12.50", cell)
	}
	p.NoErrors()
}
