package mcp

import (
	"slices"
	"strings"
	"testing"
)

// TestAgenticPageTools (issue 53 item 5): frontier mcp treats the example's agentic page as any
// page: list_pages lists it on p90 interactivity first, get_points gives its points with the
// cache rates and request accounting, best_at reads it at p90 interactivity by default,
// compare's sentences say p90 as its compare page does, and slo_picks takes the agentic
// percentiles.
func TestAgenticPageTools(t *testing.T) {
	t.Parallel()
	cs := connect(t, NewSource("shipped", shippedSite(t)))
	const page = "/deepseek-v4-pro/agentic-coding/"
	var list struct {
		Pages []struct {
			Page, Sequence string
			XAxes          []string
		}
	}
	call(t, cs, "list_pages", map[string]any{}, &list)
	i := slices.IndexFunc(list.Pages, func(p struct {
		Page, Sequence string
		XAxes          []string
	}) bool {
		return p.Page == page
	})
	if i < 0 || list.Pages[i].Sequence != "agentic coding" || list.Pages[i].XAxes[0] != "p90_intvty" {
		t.Fatalf("list_pages: the agentic page missing or not on p90 interactivity first: %+v", list.Pages)
	}
	var points struct {
		Count  int
		Points []struct{ Metrics map[string]float64 }
	}
	call(t, cs, "get_points", map[string]any{"page": page}, &points)
	if points.Count != 15 || len(points.Points) != 15 {
		t.Errorf("get_points: %d points, want the page's 15", points.Count)
	}
	for _, k := range []string{"p90_intvty", "theoretical_cache_hit_rate", "server_gpu_cache_hit_rate", "requests_warmup_dropped"} {
		if _, ok := points.Points[0].Metrics[k]; !ok {
			t.Errorf("get_points: a point lacks %s: %v", k, points.Points[0].Metrics)
		}
	}
	type leaders struct {
		X       string
		Leaders []struct {
			GPU   string
			Value *float64
		}
	}
	var byDefault, named leaders
	call(t, cs, "best_at", map[string]any{"page": page, "at": 30}, &byDefault)
	call(t, cs, "best_at", map[string]any{"page": page, "x": "p90_intvty", "at": 30}, &named)
	if byDefault.X != "p90_intvty" || len(named.Leaders) != 3 || named.Leaders[0].GPU != "b300" || named.Leaders[0].Value == nil ||
		*named.Leaders[0].Value != *byDefault.Leaders[0].Value {
		t.Errorf("best_at: default x %q, leaders %+v: want p90_intvty by default, B300 first of three", byDefault.X, named.Leaders)
	}
	for _, lang := range []string{"en", "zh"} {
		var cmp struct{ Sentences []struct{ Text string } }
		call(t, cs, "compare", map[string]any{"page": page, "a": "b200", "b": "b300", "lang": lang}, &cmp)
		want := map[string]string{"en": "At 50 tok/s/user of p90 interactivity, B300 serves 1.7×", "zh": "P90 交互性为 50 tok/s/user 时"}[lang]
		if len(cmp.Sentences) < 2 || !strings.HasPrefix(cmp.Sentences[1].Text, want) {
			t.Errorf("compare (%s): sentences %+v, want the second to begin %q", lang, cmp.Sentences, want)
		}
	}
	var slo struct {
		Gate  []struct{ Metric, Bound string }
		Picks []struct {
			GPU    string
			Judged int
			Pick   *struct{ Metrics map[string]float64 }
		}
	}
	call(t, cs, "slo_picks", map[string]any{"page": page, "gate": "p90_ttft:8,p90_intvty:30"}, &slo)
	if len(slo.Gate) != 2 || slo.Gate[1].Bound != "min" || len(slo.Picks) != 3 {
		t.Fatalf("slo_picks: gate %+v, picks %+v", slo.Gate, slo.Picks)
	}
	for _, p := range slo.Picks {
		if p.Pick != nil && (p.Pick.Metrics["p90_ttft"] > 8 || p.Pick.Metrics["p90_intvty"] < 30) {
			t.Errorf("slo_picks: %s's pick %v breaks the gate", p.GPU, p.Pick.Metrics)
		}
	}
	if slo.Picks[0].Pick == nil || slo.Picks[0].Judged == 0 {
		t.Errorf("slo_picks: no GPU has a pick meeting p90_ttft:8,p90_intvty:30: %+v", slo.Picks)
	}
}
