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

// TestAxesMedianTTFTSomeRunsLack: one AIPerf run of H100 (vLLM) reports no median TTFT. The
// page still offers the median TTFT axis; on it that point is not drawn (nothing stands in for
// it) while the other four are, and a note under the chart says why, in English and Chinese.
// On the default axis every point is drawn and there is no note.
func TestAxesMedianTTFTSomeRunsLack(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	data, toml := testsite.Medians("h100/c16")
	root := serveInTwoLanguages(t, b, data, toml)
	drawn := func(p *browsertest.Page) map[string]int {
		st := p.ChartState("#chart")
		n := map[string]int{}
		for _, name := range []string{"B200 (vLLM)", "H100 (vLLM)"} {
			s, ok := st.Find(name, "scatter")
			if !ok {
				t.Errorf("no scatter %q", name)
			}
			n[name] = len(s.Points)
		}
		return n
	}
	for _, tc := range []struct{ lang, prefix, want string }{
		{"en", "", "1 point has no time to first token, median: its file reports none, and none is derived from another statistic (H100 (vLLM): 1)."},
		{"zh", "zh/", "（H100 (vLLM)：1 个）。"},
	} {
		page := root + tc.prefix + testsite.MediansPage
		p := b.Open(t, page)
		waitView(p, "#chart", "")
		var options []string
		p.Eval(`[...document.querySelectorAll("#ctl-x option")].map((o) => o.value)`, &options)
		if !slices.Contains(options, "median_ttft") {
			t.Errorf("%s: x axis menu %v lacks median_ttft", tc.lang, options)
		}
		if n := drawn(p); n["B200 (vLLM)"] != 2 || n["H100 (vLLM)"] != 3 {
			t.Errorf("%s: default axis draws %v points, want every point (2 and 3)", tc.lang, n)
		}
		if s := axisNote(p); s != "" {
			t.Errorf("%s: default axis: note %q, want none", tc.lang, s)
		}
		// Chosen in the form, as a reader does.
		p.Eval(`(() => { const s = document.getElementById("ctl-x"); s.value = "median_ttft"; s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, nil)
		waitView(p, "#chart", "x=median_ttft")
		if n := drawn(p); n["B200 (vLLM)"] != 2 || n["H100 (vLLM)"] != 2 {
			t.Errorf("%s: median TTFT axis draws %v points, want 2 and 2: the run without a median left out", tc.lang, n)
		}
		st := p.ChartState("#chart")
		if h, _ := st.Find("H100 (vLLM)", "scatter"); slices.ContainsFunc(h.Points, func(xy [2]float64) bool { return xy[0] > 0.06 }) {
			t.Errorf("%s: H100 points %v: one is placed at another statistic of the run without a median (its mean is 0.076 s)", tc.lang, h.Points)
		}
		s := axisNote(p)
		if tc.lang == "en" && s != tc.want || tc.lang == "zh" && (!strings.HasPrefix(s, "1 个数据点没有") || !strings.HasSuffix(s, tc.want)) {
			t.Errorf("%s: note under the chart %q, want %q", tc.lang, s, tc.want)
		}
		// The points table lists the points drawn, not the one left out.
		showPoints(p)
		var rows int
		p.Eval(`document.querySelectorAll("#points tbody tr").length`, &rows)
		if rows != 4 {
			t.Errorf("%s: points table has %d rows on the median TTFT axis, want 4", tc.lang, rows)
		}
		// A fresh link to the view says the same; back on the default axis the note goes.
		q := b.Open(t, page+"#x=median_ttft")
		waitView(q, "#chart", "x=median_ttft")
		if got := axisNote(q); got != s {
			t.Errorf("%s: from a link, note %q, want %q", tc.lang, got, s)
		}
		q.Eval(`(() => { const s = document.getElementById("ctl-x"); s.value = "median_intvty"; s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, nil)
		waitView(q, "#chart", "")
		if got := axisNote(q); got != "" {
			t.Errorf("%s: back on the default axis, note %q, want none", tc.lang, got)
		}
		p.NoErrors()
		q.NoErrors()
		p.Close()
		q.Close()
	}
}

// TestAxesMedianInteractivitySomeRunsLack: one AIPerf run of H100 (vLLM) gives no median TPOT,
// so its point has no median interactivity. On the default axis it is not drawn, the note under
// the chart says how many points are not placed and why (no median TPOT in the file), in
// English and Chinese; on the median TTFT axis, which that run gives, it is drawn, and the note
// goes.
func TestAxesMedianInteractivitySomeRunsLack(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	data, toml := testsite.NoMedianTPOT("h100/c16")
	root := serveInTwoLanguages(t, b, data, toml)
	h100 := func(p *browsertest.Page) [][2]float64 {
		s, ok := p.ChartState("#chart").Find("H100 (vLLM)", "scatter")
		if !ok {
			t.Fatal("no scatter H100 (vLLM)")
		}
		return s.Points
	}
	for _, tc := range []struct{ lang, prefix, start, end string }{
		{"en", "", "1 point is not on this axis: its file reports no median time per output token, so it has no ",
			", and none is derived from the mean or another percentile (H100 (vLLM): 1). It is on the other x axes its file gives."},
		{"zh", "zh/", "1 个数据点不在此横轴上：其结果文件未给出每个输出 token 时间的中位数", "（H100 (vLLM)：1 个）。它画在其文件给出的其他横轴上。"},
	} {
		p := b.Open(t, root+tc.prefix+testsite.MediansPage)
		waitView(p, "#chart", "")
		if pts := h100(p); len(pts) != 2 {
			t.Errorf("%s: default axis draws H100 at %v, want its 2 points with a median interactivity", tc.lang, pts)
		}
		if s := axisNote(p); !strings.HasPrefix(s, tc.start) || !strings.HasSuffix(s, tc.end) {
			t.Errorf("%s: default axis: note %q, want %q … %q", tc.lang, s, tc.start, tc.end)
		}
		p.Eval(`(() => { const s = document.getElementById("ctl-x"); s.value = "median_ttft"; s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, nil)
		waitView(p, "#chart", "x=median_ttft")
		pts := h100(p)
		// The run without a median TPOT is at its own median TTFT: 50 + 16 ms.
		if len(pts) != 3 || !slices.ContainsFunc(pts, func(xy [2]float64) bool { return xy[0] == 0.066 }) {
			t.Errorf("%s: median TTFT axis draws H100 at %v, want its 3 points, one at 0.066 s", tc.lang, pts)
		}
		if s := axisNote(p); s != "" {
			t.Errorf("%s: median TTFT axis: note %q, want none", tc.lang, s)
		}
		p.NoErrors()
		p.Close()
	}
}

// serveInTwoLanguages builds a data folder with its frontier.toml, in English and Chinese, and
// serves the site; it returns the site's root URL.
func serveInTwoLanguages(t *testing.T, b *browsertest.Browser, data fstest.MapFS, toml []byte) string {
	t.Helper()
	cfg, ps := site.ParseConfig("frontier.toml", toml)
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	cfg.Languages = []string{"en", "zh"}
	return b.Serve(buildForBrowser(t, data, cfg), "/")
}

// axisNote is the note under the chart of the points the x axis cannot place, "" when hidden.
func axisNote(p *browsertest.Page) string {
	var s string
	p.Eval(`(() => { const n = document.getElementById("axis-note"); return n && !n.hidden ? n.textContent : ""; })()`, &s)
	return s
}
