package browser_test

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/browsertest"
)

// The service level on a chart page (issue 46), on the example site's DeepSeek-R1 page: its
// raw results carry p99 TTFT and p99 interactivity, and frontier.toml has two presets.
const sloPage = "deepseek-r1-0528/1k-1k/"

// sloState is what a reader sees of the service level: the note under the chart, the picks
// table's rows (GPU, then cells), the shown points' count, and the points the chart draws.
type sloState struct {
	Note    string
	Caption string
	Picks   [][]string
	Drawn   int
	Message string
	Hash    string
}

func readSLO(p *browsertest.Page) sloState {
	var s sloState
	p.Eval(`(() => {
  const note = document.getElementById("slo-note");
  const table = document.querySelector("#picks-box table");
  const chart = echarts.getInstanceByDom(document.getElementById("chart"));
  let drawn = 0;
  for (const series of chart.getOption().series) if (series.type === "scatter") drawn += series.data.filter((d) => d && (Array.isArray(d) ? d[1] != null : d.value)).length;
  return {
    Note: note && !note.hidden ? note.textContent : "",
    Caption: table ? table.caption.textContent : "",
    Picks: table ? Array.from(table.tBodies[0].rows, (r) => Array.from(r.cells, (c) => c.textContent)) : [],
    Drawn: drawn,
    Message: document.getElementById("slo-message").textContent,
    Hash: decodeURIComponent(location.hash),
  };
})()`, &s)
	return s
}

// TestBrowserSLOGateAndPicks: a gate in the link takes the points that fail it off the chart,
// the note says how many and names what it could not read, and the picks table lists every
// GPU, each pick's gated statistics beside their limits.
func TestBrowserSLOGateAndPicks(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	p := b.Open(t, root+sloPage)
	p.WaitChart("#chart")
	p.Eval(`document.getElementById("chart").dispatchEvent(new Event("pointerenter"))`, nil)
	p.Navigate(root + sloPage + "#x=p99_ttft&slo=p99_ttft:2,p99_intvty:20,p99_tpot:1")
	p.WaitChart("#chart")
	p.WaitFor(`(() => { const c = document.getElementById("chart"); return c.getAttribute("data-view") === "x=p99_ttft&slo=p99_ttft:2,p99_intvty:20" && echarts.getInstanceByDom(c) && document.querySelector("#picks-box table"); })()`)
	gated := readSLO(p)
	t.Logf("note %q; %d picks, first %v; %d points drawn", gated.Note, len(gated.Picks), gated.Picks[0], gated.Drawn)
	if !strings.Contains(gated.Note, "points do not meet it") || !strings.Contains(gated.Note, "“p99_tpot:1” names no metric") {
		t.Errorf("note %q: want the points removed and the term not understood", gated.Note)
	}
	if !strings.Contains(gated.Caption, "Time to first token, p99 ≤ 2 s") || !strings.Contains(gated.Caption, "Interactivity, p99 ≥ 20 tok/s/user") {
		t.Errorf("caption %q", gated.Caption)
	}
	if len(gated.Picks) < 3 {
		t.Fatalf("picks %v: want a row per GPU", gated.Picks)
	}
	for _, row := range gated.Picks {
		if len(row) == 2 {
			continue // a GPU with no point that meets the gate
		}
		if len(row) != 8 || !strings.Contains(row[6], "(limit ≤ 2 s)") || !strings.Contains(row[7], "(limit ≥ 20 tok/s/user)") {
			t.Errorf("pick %v: want the gated statistics beside their limits", row)
		}
	}
	p.Navigate(root + sloPage + "#x=p99_ttft")
	p.WaitFor(`document.getElementById("chart").getAttribute("data-view") === "x=p99_ttft"`)
	all := readSLO(p)
	t.Logf("without the gate: %d points drawn", all.Drawn)
	if all.Drawn <= gated.Drawn {
		t.Errorf("%d points drawn without the gate, %d with it: want fewer with it", all.Drawn, gated.Drawn)
	}
	if all.Caption != "" || all.Note != "" {
		t.Errorf("without a gate: caption %q, note %q", all.Caption, all.Note)
	}
	p.NoErrors()
}

// TestBrowserSLOFormAndPresets: an invalid term typed in the form gets a message and changes
// nothing; a valid one applies; a preset's button selects it (slo=NAME in the link); pick=x
// ranks by x. In English and in Chinese.
func TestBrowserSLOFormAndPresets(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	for _, lang := range []struct{ prefix, preset, invalid string }{
		{"", "MLPerf Server", "needs a limit"},
		{"zh/", "MLPerf Server", "限值须为"},
	} {
		p := b.Open(t, root+lang.prefix+sloPage)
		p.WaitChart("#chart")
		p.WaitFor(`document.querySelector("#slo-form .slo-term input")`)
		p.Eval(`(() => { const f = document.getElementById("slo-form"); f.querySelector(".slo-term select").value = "p99_ttft"; f.querySelector(".slo-term input").value = "fast"; f.requestSubmit(); })()`, nil)
		p.WaitFor(`document.getElementById("slo-message").textContent !== ""`)
		s := readSLO(p)
		if !strings.Contains(s.Message, lang.invalid) || s.Hash != "" {
			t.Errorf("%s: after an invalid limit: message %q, link %q; want a message and no change", lang.prefix, s.Message, s.Hash)
		}
		p.Eval(`(() => { const f = document.getElementById("slo-form"); f.querySelector(".slo-term input").value = "1.5"; f.requestSubmit(); })()`, nil)
		p.WaitFor(`document.getElementById("chart").getAttribute("data-view") === "slo=p99_ttft:1.5" && document.querySelector("#picks-box table")`)
		p.Click(`#slo a[data-slo="` + lang.preset + `"]`)
		p.WaitFor(`document.getElementById("chart").getAttribute("data-view") === "slo=` + url.PathEscape(lang.preset) + `" && document.querySelector("#picks-box table")`)
		p.WaitFor(`document.querySelector('#slo a[aria-current]') && document.querySelector('#slo a[aria-current]').getAttribute("data-slo") === ` + js(lang.preset))
		s = readSLO(p)
		if !strings.Contains(s.Hash, "slo="+lang.preset) || len(s.Picks) < 3 {
			t.Errorf("%s: after the preset: link %q, picks %v", lang.prefix, s.Hash, s.Picks)
		}
		if lang.prefix == "zh/" && !strings.Contains(s.Caption, "满足") {
			t.Errorf("zh: caption %q is not Chinese", s.Caption)
		}
		p.Eval(`(() => { const r = document.querySelector("#slo-form select[name=slo-pick]"); r.value = "x"; r.dispatchEvent(new Event("change", {bubbles: true})); })()`, nil)
		p.WaitFor(`document.getElementById("chart").getAttribute("data-view").includes("pick=x")`)
		p.NoErrors()
		p.Close()
	}
}

// TestBrowserSLOPicksOnAPhone: with a preset's picks shown, a 360-px phone's page is no wider
// than the screen, in both languages.
func TestBrowserSLOPicksOnAPhone(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	for _, prefix := range []string{"", "zh/"} {
		p := b.OpenAs(t, root+prefix+sloPage+"#slo=MLPerf%20Interactive", browsertest.Phone)
		p.WaitFor(`document.querySelector("#picks-box table") && !document.getElementById("chart").hasAttribute("aria-busy")`)
		p.Eval(`document.getElementById("picks-box").scrollIntoView()`, nil)
		var width int
		p.Eval(`document.documentElement.scrollWidth`, &width)
		if width > 360 {
			t.Errorf("%s: %d px wide on a 360-px phone with the picks shown", prefix, width)
		}
		p.NoErrors()
		p.Close()
	}
}

// TestBrowserSLOTiers: with y=costPerMTok, tier=rental prices B200 at its rental price in the
// picks (2.7 against the default 6.25 $/h; sloview.test.js has a GPU lacking a tier), and a change in the main form keeps the gate and the tier without turning the tier's prices into
// the reader's own (cost=).
func TestBrowserSLOTiers(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	p := b.Open(t, root+sloPage+"#y=costPerMTok&slo=p99_ttft:2&tier=rental")
	p.WaitChart("#chart")
	p.WaitFor(`document.querySelector("#picks-box table") && document.getElementById("slo-note")`)
	cost := func() string {
		var s string
		p.Eval(`(() => { const r = Array.from(document.querySelectorAll("#picks-box tbody tr")).find((r) => r.cells[0].textContent === "B200"); return r ? r.cells[5].textContent : ""; })()`, &s)
		return s
	}
	rental := cost()
	p.Eval(`(() => { const r = document.querySelector("#slo-form select[name=slo-tier]"); r.value = "hyperscaler"; r.dispatchEvent(new Event("change", {bubbles: true})); })()`, nil)
	p.WaitFor(`document.getElementById("chart").getAttribute("data-view") === "y=costPerMTok&slo=p99_ttft:2"`)
	hyperscaler := cost()
	if rental == "" || hyperscaler == "" || rental == hyperscaler {
		t.Fatalf("B200's pick costs %q in the rental tier and %q in the hyperscaler tier: want two prices", rental, hyperscaler)
	}
	p.Eval(`(() => { const r = document.querySelector("#slo-form select[name=slo-tier]"); r.value = "rental"; r.dispatchEvent(new Event("change", {bubbles: true})); })()`, nil)
	p.WaitFor(`document.getElementById("chart").getAttribute("data-view") === "y=costPerMTok&slo=p99_ttft:2&tier=rental"`)
	// A change in the main form (the log scale) keeps the gate and the tier, and no cost=.
	p.Eval(`(() => { const f = document.getElementById("controls"); const box = f.querySelector('input[name="log"]'); box.checked = !box.checked; box.dispatchEvent(new Event("change", {bubbles: true})); })()`, nil)
	p.WaitFor(`document.getElementById("chart").getAttribute("data-view").includes("log=1")`)
	var view string
	p.Eval(`document.getElementById("chart").getAttribute("data-view")`, &view)
	if !strings.Contains(view, "slo=p99_ttft:2") || !strings.Contains(view, "tier=rental") || strings.Contains(view, "cost=") {
		t.Errorf("after the main form changed: %q, want the gate and the tier kept and no cost=", view)
	}
	p.NoErrors()
}

// TestBrowserSLOPicksMatchTheBuilds: the page script's picks for a preset are the ones the build
// lists for readers without JavaScript (one rule in Go and in the script), GPU by GPU, in both
// languages.
func TestBrowserSLOPicksMatchTheBuilds(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	for _, c := range []struct {
		prefix, preset string
		table          int
	}{{"", "MLPerf%20Server", 0}, {"zh/", "MLPerf%20Interactive", 1}} {
		p := b.Open(t, root+c.prefix+sloPage+"#slo="+c.preset)
		p.WaitFor(`document.querySelector("#picks-box table") && !document.getElementById("chart").hasAttribute("aria-busy")`)
		var got struct{ Live, Built [][]string }
		p.Eval(`(() => {
  const rows = (table) => Array.from(table.tBodies[0].rows, (r) => Array.from(r.cells, (c) => c.textContent).slice(0, 6));
  const built = new DOMParser().parseFromString(document.querySelector("#slo noscript").textContent, "text/html").querySelectorAll("table")[`+strconv.Itoa(c.table)+`];
  return { Live: rows(document.querySelector("#picks-box table")), Built: rows(built) };
})()`, &got)
		if len(got.Live) < 3 || len(got.Live) != len(got.Built) {
			t.Fatalf("%s: %d live picks, %d built", c.prefix, len(got.Live), len(got.Built))
		}
		for i := range got.Live {
			// GPU, configuration, concurrency and date (a GPU without a pick: its name and
			// the sentence saying so).
			live, built := got.Live[i][:min(4, len(got.Live[i]))], got.Built[i][:min(4, len(got.Built[i]))]
			if strings.Join(live, "|") != strings.Join(built, "|") {
				t.Errorf("%s: pick %d is %v live, %v built", c.prefix, i, live, built)
			}
		}
		p.NoErrors()
		p.Close()
	}
}

// TestBrowserSLONotJudgedWhereNobodyMeasured: the seed page's points give no p99 TTFT and no
// p99 interactivity, so a preset on them cannot be judged: the page offers no preset, and a
// link with one says so (under the chart and per GPU in the picks), never that no point meets it.
func TestBrowserSLONotJudgedWhereNobodyMeasured(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	for _, lang := range []struct{ prefix, note, row string }{
		{"", "No point gives Time to first token, p99", "not judged"},
		{"zh/", "本页无法判断该服务水平", "无法判断"},
	} {
		p := b.Open(t, root+lang.prefix+"deepseek-v4-pro/8k-1k/#slo=MLPerf%20Server")
		p.WaitChart("#chart")
		p.WaitFor(`document.querySelector("#picks-box table") && document.getElementById("slo-note") && !document.getElementById("slo-note").hidden`)
		s := readSLO(p)
		var presets int
		p.Eval(`document.querySelectorAll("#slo a[data-slo]").length`, &presets)
		t.Logf("%s note %q; picks %v", lang.prefix, s.Note, s.Picks)
		if !strings.Contains(s.Note, lang.note) || strings.Contains(s.Note, "do not meet") || strings.Contains(s.Note, "未满足") {
			t.Errorf("%s note %q: want the gate not judged, never failed", lang.prefix, s.Note)
		}
		if len(s.Picks) < 2 {
			t.Errorf("%s picks %v: want a row per GPU", lang.prefix, s.Picks)
		}
		for _, row := range s.Picks {
			if len(row) != 2 || !strings.Contains(row[1], lang.row) {
				t.Errorf("%s pick %v: want the GPU not judged", lang.prefix, row)
			}
		}
		if presets != 0 {
			t.Errorf("%s: the page offers %d presets none of its points can be judged on", lang.prefix, presets)
		}
		p.NoErrors()
		p.Close()
	}
}
