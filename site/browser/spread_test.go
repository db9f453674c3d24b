package browser_test

import (
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/internal/testsite"
)

// TestSpreadWhiskersAndHollowFailedRuns: real files. The four `vllm bench serve` runs of one
// workload, given one [[runs]] date, are one point with whiskers on both axes and a tooltip
// that says "4 runs"; AIPerf's example run, which completed 89 of its 100 requests, is drawn
// hollow (in the first picture and in ECharts) and its tooltip says so, in English and Chinese.
// A real MLPerf LoadGen summary on AIPerf's page, which counts no failed requests, is drawn
// faded beside it (its success unknown), and the caption says what hollow and faded mean.
func TestSpreadWhiskersAndHollowFailedRuns(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	data, toml := testsite.Runs(t)
	root := serveInTwoLanguages(t, b, data, toml)
	pageOf := func(model string) string {
		p := b.Open(t, root)
		var href string
		p.Eval(`(() => { const a = [...document.querySelectorAll("a[href]")].find((a) => /`+model+`/i.test(a.getAttribute("href")) && /\/$/.test(a.getAttribute("href"))); return a ? a.getAttribute("href") : ""; })()`, &href)
		if href == "" {
			t.Fatalf("no link to the %s page on the home page", model)
		}
		return strings.TrimPrefix(strings.TrimPrefix(href, root), "/")
	}
	gemma, gptoss := pageOf("gemma"), pageOf("gpt-oss")

	for _, tc := range []struct{ lang, prefix, runs, success, unknown, caption, detailRuns, detailSuccess string }{
		{"en", "", "4 runs", "89.0% of requests succeeded (89 of 100), under the site's minimum of 99.0%",
			"Success of requests unknown", "A faded point comes from a file that does not count its failed requests",
			"4 runs at this load", "100.0% of requests succeeded (800 of 800)"},
		{"zh", "zh/", "4 次运行", "89.0% 的请求成功（100 个中 89 个），低于本站下限 99.0%",
			"请求成功率未知", "半透明的点来自未统计失败请求的文件",
			"此负载下的 4 次运行", "100.0% 的请求成功（800 个中 800 个）"},
	} {
		// The failed run: hollow in the first picture, before ECharts.
		p := b.Open(t, root+tc.prefix+gptoss)
		p.WaitDrawn("#chart")
		var hollow int
		p.Eval(`document.querySelectorAll("#chart svg.chart-picture path[data-kind=hollow]").length`, &hollow)
		if hollow != 1 {
			t.Errorf("%s: the first picture draws %d hollow points, want 1", tc.lang, hollow)
		}
		// And in ECharts: a data item of its own, transparent inside its outline. The LoadGen
		// summary measured no total throughput: on output throughput it is drawn, faded.
		p.WaitChart("#chart")
		markers := func() (kinds map[string]string) {
			p.Eval(`(() => { const out = {}; for (const s of echarts.getInstanceByDom(document.getElementById("chart")).getOption().series) {
  if (s.type !== "scatter" || !s.data.length) continue;
  const st = (s.data[0] && s.data[0].itemStyle) || {};
  out[s.name] = st.color === "transparent" ? "hollow" : st.opacity > 0 && st.opacity < 1 ? "faded" : "full"; } return out; })()`, &kinds)
			return kinds
		}
		nameOf := func(kinds map[string]string, kind string) string {
			for name, k := range kinds {
				if k == kind {
					return name
				}
			}
			return ""
		}
		kinds := markers()
		hollowName := nameOf(kinds, "hollow")
		if len(kinds) != 1 || hollowName == "" {
			t.Errorf("%s: on total throughput the chart draws %v, want the failed run alone, hollow", tc.lang, kinds)
		}
		if tip := p.HoverPoint("#chart", hollowName, 0); !strings.Contains(tip, tc.success) {
			t.Errorf("%s: tooltip %q lacks %q", tc.lang, tip, tc.success)
		}
		var caption string
		p.Eval(`document.querySelector(".chart-caption").textContent`, &caption)
		if !strings.Contains(caption, tc.caption) {
			t.Errorf("%s: the caption %q lacks %q", tc.lang, caption, tc.caption)
		}
		p.Eval(`(() => { const s = document.getElementById("ctl-y"); s.value = "outputTputPerGpu"; s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, nil)
		waitView(p, "#chart", "y=outputTputPerGpu")
		kinds = markers()
		if fadedName := nameOf(kinds, "faded"); len(kinds) != 2 || nameOf(kinds, "hollow") == "" || fadedName == "" {
			t.Errorf("%s: on output throughput the chart draws %v, want the failed run hollow and the LoadGen summary faded", tc.lang, kinds)
		} else if tip := p.HoverPoint("#chart", fadedName, 0); !strings.Contains(tip, tc.unknown) {
			t.Errorf("%s: the faded point's tooltip %q lacks %q", tc.lang, tip, tc.unknown)
		}

		// The repeated runs: one point, whiskers on both axes, "4 runs".
		q := b.Open(t, root+tc.prefix+gemma)
		q.WaitChart("#chart")
		st := q.ChartState("#chart")
		var scatter, whisker browsertest.SeriesState
		for _, s := range st.Series {
			if s.Type == "scatter" {
				scatter = s
			}
		}
		var whiskers int
		q.Eval(`echarts.getInstanceByDom(document.getElementById("chart")).getOption().series.filter((s) => String(s.id || "").startsWith("spread:")).length`, &whiskers)
		for _, s := range st.Series {
			if s.Type == "line" && s.Name == scatter.Name && len(s.Points) == 6 {
				whisker = s
			}
		}
		if len(scatter.Points) != 1 || whiskers != 1 || len(whisker.Points) != 6 {
			t.Fatalf("%s: %d points, %d whisker series (%v); want one point and one series of two whiskers", tc.lang, len(scatter.Points), whiskers, whisker.Points)
		}
		pt, w := scatter.Points[0], whisker.Points
		if w[0][1] != pt[1] || w[1][1] != pt[1] || !(w[0][0] < pt[0] && pt[0] < w[1][0]) {
			t.Errorf("%s: x whisker %v does not span the point %v at its y", tc.lang, w[:2], pt)
		}
		if w[3][0] != pt[0] || w[4][0] != pt[0] || !(w[3][1] < pt[1] && pt[1] < w[4][1]) {
			t.Errorf("%s: y whisker %v does not span the point %v at its x", tc.lang, w[3:5], pt)
		}
		if tip := q.HoverPoint("#chart", scatter.Name, 0); !strings.Contains(tip, tc.runs) {
			t.Errorf("%s: tooltip %q lacks %q", tc.lang, tip, tc.runs)
		}

		// Its detail, by link: every run with its own figures and requests, and the success
		// of all of them.
		id := firstID(q)
		d := b.Open(t, root+tc.prefix+gemma+"#pt="+id)
		s := waitDetail(d)
		var rows []string
		d.Eval(`[...document.querySelectorAll("dialog.point-detail .pd-runs tbody tr")].map((tr) => tr.textContent)`, &rows)
		if len(rows) != 4 || !strings.Contains(s.Text, tc.detailRuns) || !strings.Contains(s.Text, tc.detailSuccess) {
			t.Errorf("%s: the detail of point %s lists %d runs %q; text lacks %q or %q:\n%s", tc.lang, id, len(rows), rows, tc.detailRuns, tc.detailSuccess, s.Text)
		}
		for i, r := range rows {
			if !strings.Contains(r, "spark/run") || !strings.Contains(r, "(200/200)") {
				t.Errorf("%s: run %d of the detail: %q, want its file and its 200 of 200 requests", tc.lang, i, r)
			}
		}
	}
}
