package mcp

import (
	"strconv"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/api"
)

func TestSLOPicksAreTheBestPointsThatMeetTheLimits(t *testing.T) {
	files := exampleSite(t)
	cs := connect(t, NewSource("example", files))
	page := "/deepseek-r1-0528/1k-1k/"
	var got SLOOut
	call(t, cs, "slo_picks", map[string]any{"page": page, "limits": []string{"p99_ttft:2", "median_intvty:30"}}, &got)
	if got.URL != page+"#slo=p99_ttft:2,median_intvty:30" || len(got.Gate) != 2 || got.Gate[0].Bound != "max" || got.Gate[1].Bound != "min" {
		t.Errorf("url %q, gate %+v", got.URL, got.Gate)
	}
	var all PointsOut
	call(t, cs, "get_points", map[string]any{"page": page}, &all)
	ok := func(p Point) bool {
		ttft, has := p.Metrics["p99_ttft"]
		return has && ttft <= 2 && p.X != nil && *p.X >= 30
	}
	picked := 0
	for _, pk := range got.Picks {
		best := -1.0
		for _, p := range all.Points {
			if p.GPU == pk.GPU && ok(p) && p.Y != nil && *p.Y > best {
				best = *p.Y
			}
		}
		switch {
		case pk.Pick == nil && best >= 0:
			t.Errorf("%s: no pick, but a point of y %v meets the limits", pk.GPU, best)
		case pk.Pick != nil && (!ok(*pk.Pick) || pk.Pick.Y == nil || *pk.Pick.Y != best):
			t.Errorf("%s: pick %+v, best meeting the limits has y %v", pk.GPU, *pk.Pick, best)
		case pk.Pick != nil:
			picked++
		}
	}
	if picked == 0 {
		t.Errorf("no GPU picked under %v", got.Gate)
	}
	var none SLOOut
	call(t, cs, "slo_picks", map[string]any{"page": page, "limits": []string{"median_intvty:100000"}}, &none)
	for _, pk := range none.Picks {
		if pk.Pick != nil {
			t.Errorf("%s picked at %v tok/s/user, under a floor of 100000", pk.GPU, pk.Pick.X)
		}
	}
	for _, c := range []struct {
		limits []string
		want   string
	}{
		{[]string{"p99_ttf:2"}, `"p99_ttf:2": no such metric (metrics: median_intvty,`},
		{[]string{"p99_ttft=2"}, "want METRIC:LIMIT"},
		{[]string{"p99_ttft:-1"}, "the limit must be a plain number >= 0"},
		{nil, "gate is required"},
	} {
		if msg := callErr(t, cs, "slo_picks", map[string]any{"page": page, "limits": c.limits}); !strings.Contains(msg, c.want) {
			t.Errorf("%v: %s", c.limits, msg)
		}
	}
}

func TestSLOPicksReadAPresetAndRankByXAsThePageDoes(t *testing.T) {
	files := exampleSite(t)
	cs := connect(t, NewSource("example", files))
	page := "/deepseek-v4-pro/8k-1k/"
	var byName, byTerms SLOOut
	call(t, cs, "slo_picks", map[string]any{"page": page, "gate": "mlperf server"}, &byName)
	call(t, cs, "slo_picks", map[string]any{"page": page, "gate": "p99_ttft:2,p99_intvty:5"}, &byTerms)
	if byName.Preset != "MLPerf Server" || !strings.HasSuffix(byName.URL, "#slo=MLPerf%20Server") {
		t.Errorf("a preset by name: preset %q, url %q", byName.Preset, byName.URL)
	}
	if len(byName.Picks) != len(byTerms.Picks) {
		t.Fatalf("the preset gave %d picks, its terms %d", len(byName.Picks), len(byTerms.Picks))
	}
	for i := range byName.Picks {
		a, b := byName.Picks[i], byTerms.Picks[i]
		if a.GPU != b.GPU || (a.Pick == nil) != (b.Pick == nil) || (a.Pick != nil && a.Pick.ID != b.Pick.ID) {
			t.Errorf("pick %d: the preset gave %+v, its terms %+v", i, a, b)
		}
	}
	var byX SLOOut
	call(t, cs, "slo_picks", map[string]any{"page": page, "gate": "p99_ttft:2,p99_intvty:5", "pick": "x"}, &byX)
	if byX.Metric != "median_intvty" || !strings.HasSuffix(byX.URL, "&pick=x") {
		t.Errorf("pick x: metric %q, url %q", byX.Metric, byX.URL)
	}
	var all PointsOut
	call(t, cs, "get_points", map[string]any{"page": page}, &all)
	for _, pk := range byX.Picks {
		if pk.Pick == nil {
			continue
		}
		for _, p := range all.Points {
			ttft, ok := p.Metrics["p99_ttft"]
			intvty, ok2 := p.Metrics["p99_intvty"]
			if p.GPU == pk.GPU && ok && ok2 && ttft <= 2 && intvty >= 5 && p.X != nil && *p.X > *pk.Pick.X {
				t.Errorf("%s: picked by x at %v, but point %d meets the gate at %v", pk.GPU, *pk.Pick.X, p.ID, *p.X)
			}
		}
	}
	if msg := callErr(t, cs, "slo_picks", map[string]any{"page": page, "gate": "nosuch"}); !strings.Contains(msg, `"nosuch" is no preset of this site (presets: MLPerf Server, MLPerf Interactive)`) {
		t.Errorf("an unknown preset: %s", msg)
	}
}

func TestGetEvalsAreTheEvaluationsFile(t *testing.T) {
	files := exampleSite(t)
	cs := connect(t, NewSource("example", files))
	checked := 0
	for _, e := range index(t, files).Pages {
		if e.Evaluations == "" {
			msg := callErr(t, cs, "get_evals", map[string]any{"page": e.URL})
			if !strings.Contains(msg, "has no eval scores; pages with evals: /") {
				t.Errorf("%s: %s", e.Slug, msg)
			}
			continue
		}
		var rows []api.EvalRow
		get(t, files, e.Evaluations, &rows)
		var got EvalsOut
		call(t, cs, "get_evals", map[string]any{"page": e.URL}, &got)
		if len(got.Evals) != len(rows) || got.URL != e.URL || got.Model != e.Model {
			t.Fatalf("%s: %d evals, the file has %d; url %q", e.Slug, len(got.Evals), len(rows), got.URL)
		}
		var pts PointsOut
		call(t, cs, "get_points", map[string]any{"page": e.URL}, &pts)
		ids := map[int64]bool{}
		for _, p := range pts.Points {
			ids[p.ID] = true
		}
		joined := 0
		for i, ev := range got.Evals {
			if ev.Score == nil || ev.Low == nil || *ev.Low > *ev.Score || *ev.High < *ev.Score || *ev.Score != *rows[i].Scores.EMStrict {
				t.Errorf("%s: eval %d: %+v", e.Slug, i, ev)
			}
			for _, id := range ev.Points {
				if ids[id] {
					joined++
				}
			}
		}
		if joined == 0 {
			t.Errorf("%s: no eval joined a point of the newest snapshot", e.Slug)
		}
		checked++
	}
	if checked == 0 {
		t.Error("the example site has no evals")
	}
}

// TestHistoryEndsAtTheLeadersTable: a configuration's trend at a reference interactivity ends
// at the value the page's leaders table gives it today.
func TestHistoryEndsAtTheLeadersTable(t *testing.T) {
	files := exampleSite(t)
	cs := connect(t, NewSource("example", files))
	checked := 0
	for _, e := range index(t, files).Pages {
		b, _ := files.Get(strings.TrimPrefix(e.URL, "/") + "index.html")
		table := string(b)
		if i := strings.Index(table, `class="data leaders-table"`); i >= 0 {
			table = table[i:]
		}
		var data pageData
		get(t, files, e.PageData, &data)
		for _, m := range leaderRow.FindAllStringSubmatch(table, -1) {
			cells := leaderCell.FindAllStringSubmatch(m[2], -1)
			for j, ref := range data.RefX {
				if j >= len(cells) {
					break
				}
				var got HistoryOut
				call(t, cs, "history", map[string]any{"page": e.URL, "series": m[1], "at": ref}, &got)
				if len(got.Trend) == 0 || got.Trend[len(got.Trend)-1].Date > e.Date {
					t.Fatalf("%s %s: trend %+v", e.Slug, m[1], got.Trend)
				}
				last := got.Trend[len(got.Trend)-1].Value
				want, err := strconv.ParseFloat(cells[j][1], 64)
				want = charts.Round6(want) // as the trend tables write their cells
				switch {
				case err != nil && last != nil:
					t.Errorf("%s %s at %v: trend ends at %v, the leaders table has none", e.Slug, m[1], ref, *last)
				case err == nil && (last == nil || *last != want):
					t.Errorf("%s %s at %v: trend ends at %v, the leaders table has %v", e.Slug, m[1], ref, deref(last), want)
				default:
					checked++
				}
			}
		}
	}
	if checked == 0 {
		t.Error("nothing checked")
	}
	msg := callErr(t, cs, "history", map[string]any{"page": "/deepseek-r1-0528/1k-1k/", "series": "b200_sglang", "at": 20})
	if !strings.Contains(msg, `unknown series "b200_sglang"; nearest: b200_sglang@fp4`) {
		t.Errorf("unknown series: %s", msg)
	}
	msg = callErr(t, cs, "history", map[string]any{"page": "/deepseek-r1-0528/1k-1k/", "series": "b200_sglang@fp4", "at": 33})
	if !strings.Contains(msg, `unknown reference x "33"`) || !strings.Contains(msg, "20, 50, 100, 200") {
		t.Errorf("unknown x: %s", msg)
	}
}

func deref(v *float64) any {
	if v == nil {
		return nil
	}
	return *v
}

// TestUnmeasuredGateIsNotJudged: a point that lacks a gated statistic is not judged, never
// "does not meet". The shipped example's seed page measured no p99 TTFT and no p99
// interactivity, so the MLPerf presets cannot be judged there: slo_picks says so, the chart page
// does not offer them, and its compare page does not say that no point meets them.
func TestUnmeasuredGateIsNotJudged(t *testing.T) {
	files := shippedSite(t)
	cs := connect(t, NewSource("shipped", files))
	for _, preset := range []string{"MLPerf Server", "MLPerf Interactive"} {
		var got SLOOut
		call(t, cs, "slo_picks", map[string]any{"page": "/deepseek-v4-pro/8k-1k/", "gate": preset}, &got)
		if got.Unjudged != "no point gives p99_ttft, p99_intvty: the service level cannot be judged on this page" {
			t.Errorf("%s: unjudged %q", preset, got.Unjudged)
		}
		for _, p := range got.Picks {
			if p.Pick != nil || p.Judged != 0 || p.Points == 0 || got.Missing["p99_ttft"] < p.Points {
				t.Errorf("%s: %s picked %v, %d of %d points judged, %v missing", preset, p.GPU, p.Pick, p.Judged, p.Points, got.Missing)
			}
		}
	}
	chart, _ := files.Get("deepseek-v4-pro/8k-1k/index.html")
	if strings.Contains(string(chart), `data-slo="MLPerf`) {
		t.Error("the chart page offers a preset none of its points can be judged on")
	}
	for _, f := range []string{"deepseek-v4-pro/8k-1k/compare/b200-vs-b300/index.html", "zh/deepseek-v4-pro/8k-1k/compare/b200-vs-b300/index.html"} {
		b, _ := files.Get(f)
		if text := string(b); len(text) == 0 || strings.Contains(text, "meets it") || strings.Contains(text, "都没有数据点满足") {
			t.Errorf("%s says of a gate nobody measured that no point meets it (or is missing)", f)
		}
	}
}

// TestSLOPicksCountWhatIsNotJudged holds slo_picks' counts together on the real files' pages,
// where some pages' points give a p99 TTFT and others' do not: per GPU judged of points, and
// the points not judged are those counted missing.
func TestSLOPicksCountWhatIsNotJudged(t *testing.T) {
	files := exampleSite(t)
	cs := connect(t, NewSource("example", files))
	some, none := 0, 0
	for _, e := range index(t, files).Pages {
		var got SLOOut
		call(t, cs, "slo_picks", map[string]any{"page": e.URL, "gate": "p99_ttft:2"}, &got)
		total, judged := 0, 0
		for _, p := range got.Picks {
			total, judged = total+p.Points, judged+p.Judged
			if p.Pick != nil && p.Judged == 0 {
				t.Errorf("%s: %s picked among no judged point", e.URL, p.GPU)
			}
		}
		if got.Missing["p99_ttft"] != total-judged || (judged == 0) != (got.Unjudged != "") {
			t.Errorf("%s: %d of %d points judged, missing %v, unjudged %q", e.URL, judged, total, got.Missing, got.Unjudged)
		}
		if judged == 0 {
			none++
		} else {
			some++
		}
	}
	if some == 0 || none == 0 {
		t.Errorf("%d pages judged, %d not: the test needs both", some, none)
	}
}
