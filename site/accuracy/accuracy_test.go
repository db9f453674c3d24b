package accuracy

import (
	"slices"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/input"
)

// realPage loads the real DeepSeek-R1 1k/1k API rows (../shared/data/raw) and the eval rows the
// tests write for them (testsite.DSR1Evals), and returns every point of the page as the join
// reads them, with the evals.
func realPage(t *testing.T) ([]Point, []input.Eval) {
	t.Helper()
	fsys := fstest.MapFS{
		"api/dsr1_1k1k_latest.json": {Data: testenv.SharedFile(t, "raw/inferencex-api/dsr1_1k1k_latest.json")},
		"evals/dsr1.json":           {Data: testsite.DSR1Evals()},
	}
	ds, ps := input.Load(fsys, "data/", nil)
	if len(ps.Errors()) > 0 {
		t.Fatal(ps)
	}
	var raw []*input.Dataset
	var evals []input.Eval
	for _, d := range ds {
		if d.EvalFile {
			evals = append(evals, d.Evals...)
		} else {
			raw = append(raw, d)
		}
	}
	snaps, ps := input.RawPageDatasets(raw, input.PageKey{Model: "DeepSeek-R1-0528", Sequence: "1k/1k"}, nil, "")
	if len(ps.Errors()) > 0 || len(snaps) == 0 {
		t.Fatal(ps)
	}
	var pts []Point
	seen := map[int64]bool{}
	for _, d := range snaps {
		for _, s := range d.Series {
			for _, pt := range s.Points {
				if seen[pt.ID] {
					continue
				}
				seen[pt.ID] = true
				c := Conf{GPU: s.GPU, Framework: s.Framework, Precision: pt.Precision, Spec: s.SpecMethod, TP: pt.TP, Topology: &pt.Raw.Topology}
				pts = append(pts, Point{ID: pt.ID, Date: pt.Date, Conf: c})
			}
		}
	}
	if len(pts) != 140 {
		t.Fatalf("%d points, want the file's 140", len(pts))
	}
	return pts, evals
}

// TestJoinRealRowsBySeriesAndParallelism: each real eval row joins exactly the real points of
// its series that ran with its parallelism, at any concurrency. The first row calls its
// single-node run disaggregated with one worker a side, as InferenceX's eval rows do; its
// points say neither, and it joins them all the same.
func TestJoinRealRowsBySeriesAndParallelism(t *testing.T) {
	pts, evals := realPage(t)
	byConf := func(e *input.Eval) int {
		n := 0
		for _, p := range pts {
			if Matches(e, &p.Conf) {
				n++
			}
		}
		return n
	}
	// Counted from dsr1_1k1k_latest.json: B200 SGLang FP8 TP8 EP1 has 2 points (conc 4 and 8
	// are not told apart), B200 TRT FP4 MTP TP4 EP4 DP-attention 1, H200 TRT FP8 TP8 EP8 1,
	// B200 TRT FP8 TP8 EP8 with DP-attention 1 and without it none in the newest rows.
	for _, c := range []struct {
		i, want int
	}{{0, 2}, {1, 1}, {3, 0}, {5, 1}, {10, 1}} {
		e := &evals[c.i]
		if got := byConf(e); got != c.want {
			t.Errorf("eval %s (%s %s %s %s %+v): %d points, want %d", e.Place, e.GPU, e.Framework, e.Precision, e.Spec, e.Topology, got, c.want)
		}
	}
	if !evals[0].Disagg || evals[0].Topology.Split {
		t.Fatalf("eval [0] is no longer the disaggregated-with-one-worker case: %+v", evals[0])
	}
	// The disagreement matters: read as split, the row would join nothing.
	split := evals[0]
	split.Topology.Split, split.Topology.PrefillWorkers, split.Topology.DecodeWorkers = true, 1, 1
	if n := byConf(&split); n != 0 {
		t.Errorf("a split topology joined %d single-pool points", n)
	}

	p, used := Join("DeepSeek-R1-0528", pts, evals, Low(evals), nil)
	if p == nil || len(used) != len(p.Evals) || len(p.Evals) == 0 {
		t.Fatalf("join: %+v used %v", p, used)
	}
	for i := 1; i < len(p.Evals); i++ {
		if compareEvals(&p.Evals[i-1], &p.Evals[i]) > 0 {
			t.Fatalf("page evals not sorted at %d", i)
		}
	}
	for id, idx := range p.PointEvals {
		for _, k := range idx {
			var pt *Point
			for j := range pts {
				if pts[j].ID == id {
					pt = &pts[j]
				}
			}
			if pt == nil || !Matches(&p.Evals[k], &pt.Conf) {
				t.Fatalf("point %d lists eval %d, which does not match it", id, k)
			}
		}
	}
	if q, _ := Join("Another-Model", pts, evals, Low(evals), nil); q != nil {
		t.Error("evals of one model joined another's page")
	}
}

func TestMatchesMultiNodeSidesAndWorkers(t *testing.T) {
	split := input.Topology{Split: true, PrefillWorkers: 1, PrefillTP: 4, PrefillEP: 4, PrefillDPAttn: true,
		DecodeWorkers: 2, DecodeTP: 8, DecodeEP: 8, DecodeDPAttn: true, TP: 8, EP: 8, DPAttn: true}
	e := input.Eval{GPU: "gb200", Framework: "dynamo-sglang", Precision: "fp4", Spec: "none", Topology: split}
	c := Conf{GPU: "gb200", Framework: "dynamo-sglang", Precision: "fp4", Spec: "none", Topology: &split}
	if !Matches(&e, &c) {
		t.Fatal("the same multi-node topology does not match")
	}
	other := split
	other.DecodeWorkers = 3
	c.Topology = &other
	if Matches(&e, &c) {
		t.Error("a different number of decode workers matched")
	}
	other = split
	other.PrefillTP = 8
	c.Topology = &other
	if Matches(&e, &c) {
		t.Error("a different prefill side matched")
	}
	// An eval that states no parallelism joins every point of its series; another precision none.
	c.Topology = &other
	e.Topology = input.Topology{}
	if !Matches(&e, &c) {
		t.Error("an eval without parallelism did not join its series")
	}
	e.Precision = "fp8"
	if Matches(&e, &c) {
		t.Error("another precision matched")
	}
}

// TestMatchesByPointsTakesTheIDs: an eval of Frontier's API joins the points it names, by id,
// in its series, whatever their parallelism; one that names none joins none.
func TestMatchesByPointsTakesTheIDs(t *testing.T) {
	e := input.Eval{GPU: "b200", Framework: "trt", Precision: "fp4", Spec: "mtp", Topology: input.Topology{TP: 4, EP: 4},
		ByPoints: true, Points: []int64{7, 11}}
	for _, c := range []struct {
		conf Conf
		want bool
	}{
		{Conf{GPU: "b200", Framework: "trt", Precision: "fp4", Spec: "mtp", TP: 8, ID: 7}, true}, // the view's TP says otherwise
		{Conf{GPU: "b200", Framework: "trt", Precision: "fp4", Spec: "mtp", TP: 4, ID: 8}, false},
		{Conf{GPU: "b300", Framework: "trt", Precision: "fp4", Spec: "mtp", TP: 4, ID: 11}, false}, // another series
	} {
		if got := Matches(&e, &c.conf); got != c.want {
			t.Errorf("point %d of %s: %v, want %v", c.conf.ID, c.conf.GPU, got, c.want)
		}
	}
	e.Points = nil
	if Matches(&e, &Conf{GPU: "b200", Framework: "trt", Precision: "fp4", Spec: "mtp", TP: 4, ID: 7}) {
		t.Error("an eval that names no point joined one")
	}
}

func TestCountedIsTheNewestOnOrBeforeTheDate(t *testing.T) {
	s := []Score{
		{"gsm8k", 0.95, "2026-01-21"},
		{"gsm8k", 0.93, "2026-02-19"},
		{"gpqa", 0.70, "2026-01-01"},
		{"gsm8k", 0.10, "2026-02-19"}, // the same date as [1], later in the list: it counts
		{"gsm8k", 0.50, ""},           // undated: from the first view on, older than any dated one
	}
	all := []int{4, 3, 2, 1, 0} // the order a point lists them in does not matter
	for _, c := range []struct {
		date string
		want int
	}{{"2026-01-20", 4}, {"2026-01-21", 0}, {"2026-02-18", 0}, {"2026-02-19", 3}, {"", 3}} {
		if got := Counted(s, all, "gsm8k", c.date); got != c.want {
			t.Errorf("as of %q: eval %d, want %d", c.date, got, c.want)
		}
	}
	if got := Counted(s, []int{0, 1}, "gpqa", ""); got != -1 {
		t.Errorf("a task without eval: %d", got)
	}
}

func TestLowIsBelowTheModelsMedianMinusTenPoints(t *testing.T) {
	evals := []input.Eval{
		{Model: "m", Task: "gsm8k", Score: 0.95}, {Model: "m", Task: "gsm8k", Score: 0.96},
		{Model: "m", Task: "gsm8k", Score: 0.0}, {Model: "m", Task: "gsm8k", Score: 0.86},
		{Model: "m", Task: "gsm8k", Score: 0.84}, {Model: "other", Task: "gsm8k", Score: 0.2},
	}
	// m's median is 0.86: below 0.76 is low. other is alone: its own median.
	want := []bool{false, false, true, false, false, false}
	if got := Low(evals); !slices.Equal(got, want) {
		t.Errorf("low %v, want %v", got, want)
	}
}

func TestNotesMatchByGlobAndDateRange(t *testing.T) {
	n := Note{GPU: "mi355x", Framework: "mori-*", Precision: "FP4", From: "2026-05-01", To: "2026-05-31", Text: "t", Texts: map[string]string{"zh": "中"}}
	pt := Point{ID: 1, Date: "2026-05-27", Conf: Conf{GPU: "mi355x", Framework: "mori-sglang", Precision: "fp4", Spec: "mtp"}}
	if !n.Matches("DeepSeek-R1-0528", &pt) {
		t.Error("glob and range: no match")
	}
	for _, c := range []struct {
		name string
		edit func(p *Point)
	}{
		{"another framework", func(p *Point) { p.Conf.Framework = "sglang" }},
		{"before the range", func(p *Point) { p.Date = "2026-04-30" }},
		{"after the range", func(p *Point) { p.Date = "2026-06-01" }},
		{"no date", func(p *Point) { p.Date = "" }},
	} {
		q := pt
		c.edit(&q)
		if n.Matches("DeepSeek-R1-0528", &q) {
			t.Errorf("%s: matched", c.name)
		}
	}
	if n.TextIn("zh") != "中" || n.TextIn("en") != "t" {
		t.Error("translations")
	}
	p, _ := Join("M", []Point{pt, {ID: 2, Date: "2026-05-27", Conf: Conf{GPU: "b200"}}}, nil, nil, []Note{{Text: "never"}, n})
	if p == nil || len(p.Notes) != 2 || !slices.Equal(p.PointNotes[1], []int{0, 1}) || !slices.Equal(p.PointNotes[2], []int{0}) {
		t.Errorf("join of notes: %+v", p)
	}
}
