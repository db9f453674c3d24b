package browser_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/internal/testenv"
)

// TestSpreadWhiskersAndHollowFailedRuns: real files. The four `vllm bench serve` runs of one
// workload, given one [[runs]] date, are one point with whiskers on both axes and a tooltip
// that says "4 runs"; AIPerf's example run, which completed 89 of its 100 requests, is drawn
// hollow (in the first picture and in ECharts) and its tooltip says so, in English and Chinese.
func TestSpreadWhiskersAndHollowFailedRuns(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	data := fstest.MapFS{}
	for to, from := range map[string]string{
		"spark/run1.json":  "djangodevreng__dgx-spark-benchmarks__gemma4-26b_bf16_vllm0.20.1_run2026-05-05_H_office-baseline.json",
		"spark/run2.json":  "djangodevreng__dgx-spark-benchmarks__gemma4-26b_bf16_vllm0.23.0_run2026-06-22_H_office-baseline.json",
		"spark/run3.json":  "djangodevreng__dgx-spark-benchmarks__gemma4-26b_bf16_vllm0.26.0_run2026-08-06_07-office-baseline.json",
		"spark/run4.json":  "djangodevreng__dgx-spark-benchmarks__gemma4-26b_bf16_vllm0.26.0_run2026-08-16_07-office-baseline.json",
		"aiperf/run1.json": "../aiperf/ai-dynamo__aiperf__examples_run1_profile_export_aiperf.json",
	} {
		data[to] = &fstest.MapFile{Data: testenv.SharedFile(t, "public/clients/vllm-bench-serve/"+from)}
	}
	toml := []byte(`
[[runs]]
path = "spark/*.json"
gpu = "gb10"
gpus = 1
framework = "vllm"
precision = "bf16"
isl = 4077
osl = 485
date = "2026-08-16"

[[runs]]
path = "aiperf/*.json"
gpu = "h100"
gpus = 1
framework = "vllm"
precision = "fp8"
`)
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

	for _, tc := range []struct{ lang, prefix, runs, success, detailRuns, detailSuccess string }{
		{"en", "", "4 runs", "89.0% of requests succeeded (89 of 100), under the site's minimum of 99.0%",
			"4 runs at this load", "100.0% of requests succeeded (800 of 800)"},
		{"zh", "zh/", "4 次运行", "89.0% 的请求成功（100 个中 89 个），低于本站下限 99.0%",
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
		// And in ECharts: a data item of its own, transparent inside its outline.
		p.WaitChart("#chart")
		var fill string
		p.Eval(`(() => { const s = echarts.getInstanceByDom(document.getElementById("chart")).getOption().series.find((s) => s.type === "scatter");
  const d = s.data[0]; return d && d.itemStyle ? d.itemStyle.color : ""; })()`, &fill)
		if fill != "transparent" {
			t.Errorf("%s: the failed run's fill %q, want transparent", tc.lang, fill)
		}
		st := p.ChartState("#chart")
		name := ""
		for _, s := range st.Series {
			if s.Type == "scatter" {
				name = s.Name
			}
		}
		if tip := p.HoverPoint("#chart", name, 0); !strings.Contains(tip, tc.success) {
			t.Errorf("%s: tooltip %q lacks %q", tc.lang, tip, tc.success)
		}

		// The repeated runs: one point, whiskers on both axes, "4 runs".
		q := b.Open(t, root+tc.prefix+gemma)
		q.WaitChart("#chart")
		st = q.ChartState("#chart")
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
