package verdict

import (
	"encoding/json/v2"
	"math"
	"os"
	"strings"
	"testing"
)

func TestJudge(t *testing.T) {
	r := DefaultRule()
	tests := []struct {
		name          string
		old, new      float64
		higher        bool
		spreads       []float64
		want          Verdict
		wantThreshold float64
	}{
		{"a 10% drop is a regression", 100, 90, true, nil, Regression, 3},
		{"a 10% rise is an improvement", 100, 110, true, nil, Improvement, 3},
		{"2% is noise", 100, 98, true, nil, Noise, 3},
		{"exactly the threshold is noise", 100, 103, true, nil, Noise, 3},
		{"a cost that rises is a regression", 1.0, 1.1, false, nil, Regression, 3},
		{"a latency that falls is an improvement", 2.0, 1.5, false, nil, Improvement, 3},
		{"repeated runs scattering 12% widen the threshold", 100, 90, true, []float64{0.12, 0}, Noise, 12},
		{"the wider of the two sides' scatter", 100, 80, true, []float64{0.05, 0.15}, Regression, 15},
		{"scatter narrower than the threshold keeps it", 100, 95, true, []float64{0.01}, Regression, 3},
		{"an old value of 0 has no percentage", 0, 10, true, nil, Insufficient, 3},
		{"an absent new value", 100, math.NaN(), true, nil, Insufficient, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := r.Judge(tt.old, tt.new, tt.higher, tt.spreads...)
			if got.Verdict != tt.want || math.Abs(got.Threshold-tt.wantThreshold) > 1e-9 {
				t.Errorf("Judge(%v, %v, higher=%v, %v) = %+v, want %s at threshold %v", tt.old, tt.new, tt.higher, tt.spreads, got, tt.want, tt.wantThreshold)
			}
		})
	}
}

// TestSinceIsTheChangeTablesRule holds Rule.Since to the cases the page script's twin
// (templates/script/verdict.js) is held to as well.
func TestSinceIsTheChangeTablesRule(t *testing.T) {
	b, err := os.ReadFile("../../templates/script/testdata/verdicts.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Name        string     `json:"name"`
		Threshold   float64    `json:"threshold"`
		Consecutive int        `json:"consecutive"`
		Higher      bool       `json:"higher"`
		Values      []*float64 `json:"values"`
		Spreads     []float64  `json:"spreads"`
		Baseline    int        `json:"baseline"`
		Want        Verdict    `json:"want"`
	}
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 8 {
		t.Fatalf("%d cases, want the whole table", len(cases))
	}
	for _, c := range cases {
		values := make([]float64, len(c.Values))
		for i, v := range c.Values {
			values[i] = math.NaN()
			if v != nil {
				values[i] = *v
			}
		}
		r := Rule{Threshold: c.Threshold, Consecutive: c.Consecutive}
		if got := r.Since(values, c.Spreads, c.Baseline, c.Higher); got.Verdict != c.Want {
			t.Errorf("%s: Since(%v, %v, %d) = %+v, want %s", c.Name, values, c.Spreads, c.Baseline, got, c.Want)
		}
	}
}

// line is a series of single runs at x 10, 55, 100, ... with throughputs ys.
func line(hw string, ys ...float64) Series {
	s := Series{HWKey: hw, Precision: "fp8", Label: strings.ToUpper(hw)}
	for i, y := range ys {
		// Throughput falls as interactivity rises: each point beats the others on one axis.
		s.Points = append(s.Points, Point{X: float64(10 + 45*i), Y: y})
	}
	return s
}

func TestDiff(t *testing.T) {
	refs := []float64{10, 55, 200}
	old := &Site{Name: "old", Pages: []Page{
		{Path: "/m/1k-1k/", Higher: true, RefX: refs, Series: []Series{line("a", 1000, 800, 600), line("b", 1000, 800, 600), line("gone", 500, 400, 300), line("c", 900, 700, 500)}},
		{Path: "/only-old/", Higher: true, RefX: refs, Series: []Series{line("a", 1, 0.5)}},
	}}
	one := line("c", 900)
	newSite := &Site{Name: "new", Pages: []Page{
		{Path: "/m/1k-1k/", Higher: true, RefX: refs, Series: []Series{line("a", 1000, 700, 600), line("b", 1010, 880, 600), line("fresh", 5, 4, 3), one}},
	}}
	rep := Diff(old, newSite, DefaultRule())
	get := func(page, hw string, x float64) Change {
		for _, c := range rep.Changes {
			if c.Page == page && c.Series == hw && c.X == x {
				return c
			}
		}
		t.Fatalf("no change for %s %s at %v", page, hw, x)
		return Change{}
	}
	checks := []struct {
		page, hw string
		x        float64
		want     Verdict
	}{
		{"/m/1k-1k/", "a", 55, Regression},
		{"/m/1k-1k/", "a", 10, Noise},
		{"/m/1k-1k/", "a", 200, Insufficient}, // beyond both frontiers: never extrapolated
		{"/m/1k-1k/", "b", 55, Improvement},
		{"/m/1k-1k/", "gone", 10, Removed},
		{"/m/1k-1k/", "fresh", 55, New},
		{"/m/1k-1k/", "c", 10, Insufficient}, // one point is too few to read a curve
		{"/only-old/", "a", 10, Removed},
	}
	for _, c := range checks {
		if got := get(c.page, c.hw, c.x); got.Verdict != c.want {
			t.Errorf("%s %s at %v: %s (%+v), want %s", c.page, c.hw, c.x, got.Verdict, got, c.want)
		}
	}
	if rep.Changes[0].Verdict != Regression || rep.Changes[1].Verdict != Improvement {
		t.Errorf("want the regression, then the improvement first; got %s, %s", rep.Changes[0].Verdict, rep.Changes[1].Verdict)
	}
	if !rep.Regressed() || rep.Counts[Regression] != 1 || rep.Counts[Improvement] != 1 {
		t.Errorf("counts %v, want one regression and one improvement", rep.Counts)
	}
	if c := get("/m/1k-1k/", "a", 55); math.Abs(*c.Change+12.5) > 1e-9 {
		t.Errorf("a at 55: change %v%%, want -12.5%% (800 -> 700)", *c.Change)
	}
	if c := get("/m/1k-1k/", "a", 200); c.Reason != "x outside both frontiers" || c.Old != nil || c.Change != nil {
		t.Errorf("a at 200: %+v, want no values and the reason", c)
	}
}

func TestReportJSONOmitsAbsentFigures(t *testing.T) {
	rep := Diff(&Site{}, &Site{Pages: []Page{{Path: "/p/", Higher: true, RefX: []float64{500}, Series: []Series{line("a", 3, 2)}}}}, DefaultRule())
	b, err := json.Marshal(rep.Rounded(), json.Deterministic(true))
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	want := `"changes":[{"page":"/p/","series":"a","precision":"fp8","label":"A","x":500,"threshold":3,"verdict":"new"}]`
	if !strings.Contains(got, want) {
		t.Errorf("got %s\nwant it to hold %s (no old, new or change where there is none)", got, want)
	}
}

func TestMarkdownEscapesAndOrders(t *testing.T) {
	old := &Site{Name: "https://x.example/site/", Pages: []Page{{Path: "/m/s/", Higher: true, RefX: []float64{30}, Series: []Series{
		line("evil|<b>x</b>", 100, 50), line("ok", 100, 50), line("up", 100, 50)}}}}
	nw := &Site{Name: "new `data`", Pages: []Page{{Path: "/m/s/", Higher: true, RefX: []float64{30}, Series: []Series{
		line("evil|<b>x</b>", 50, 25), line("ok", 100, 50), line("up", 200, 100)}}}}
	nw.Pages[0].Series[0].URL = "https://x.example/site/m/s/#gpus=a|b"
	md := Diff(old, nw, DefaultRule()).Markdown()
	for _, want := range []string{
		"### Frontier diff: 1 regression, 1 improvement",
		"(evil\\|&lt;b&gt;x&lt;/b&gt; fp8)",
		"(<https://x.example/site/m/s/#gpus=a%7Cb>)",
		"-50.0% (±3%)",
		"The rest: 1 noise, 0 insufficient, 0 new, 0 removed.",
		"`new 'data'`",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
	if strings.Index(md, "| regression |") > strings.Index(md, "| improvement |") {
		t.Errorf("regressions must come before improvements:\n%s", md)
	}
	if strings.Contains(md, "<b>") {
		t.Errorf("raw HTML from the data reached the markdown:\n%s", md)
	}
}
