package accuracy

import (
	"maps"
	"reflect"
	"testing"

	"github.com/frontier-bench/frontier/internal/testsite"
)

// gateCase is one case of twins.json's "gate" section (templates/script/testdata), which the
// page script's gate is held to as well: a gate, the view's date, evals in the page data's
// shape and series of points (id, x, y, indices into evals); want are the points kept per
// series, each series' frontier, the best series per GPU and the global frontier (x and y
// higher is better), point ids in x order.
type gateCase struct {
	Name string
	Gate struct {
		Task string
		Min  float64
		All  bool
	}
	Date  string
	Evals []struct {
		Task  string
		Score float64
		Date  string
	}
	Series []struct {
		Key, GPU string
		Points   []struct {
			ID    int64
			X, Y  float64
			Evals []int
		}
	}
	Want struct {
		Kept, Frontier map[string][]int64
		Best           map[string]string
		Global         []int64
	}
}

// TestGateSharedCases: the Go gate removes the same points as the page script's, from each
// series' frontier, best per GPU and the global frontier.
func TestGateSharedCases(t *testing.T) {
	var cases []gateCase
	testsite.TwinSection(t, "gate", &cases)
	if len(cases) == 0 {
		t.Fatal("no gate cases")
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			g := &Gate{Task: c.Gate.Task, Min: c.Gate.Min, All: c.Gate.All}
			var scores []Score
			for _, e := range c.Evals {
				scores = append(scores, Score{Task: e.Task, Score: e.Score, Date: e.Date})
			}
			var series []Series
			for _, s := range c.Series {
				gs := Series{GPU: s.GPU}
				for _, p := range s.Points {
					gs.X, gs.Y, gs.Evals = append(gs.X, p.X), append(gs.Y, p.Y), append(gs.Evals, p.Evals)
				}
				series = append(series, gs)
			}
			r := Apply(g, scores, c.Date, series)
			id := func(si, pi int) int64 { return c.Series[si].Points[pi].ID }
			kept, front := map[string][]int64{}, map[string][]int64{}
			for si, s := range c.Series {
				kept[s.Key], front[s.Key] = []int64{}, []int64{}
				for _, pi := range r.Kept[si] {
					kept[s.Key] = append(kept[s.Key], id(si, pi))
				}
				for _, pi := range r.Frontier[si] {
					front[s.Key] = append(front[s.Key], id(si, pi))
				}
			}
			best := map[string]string{}
			for gpu, si := range r.Best {
				best[gpu] = c.Series[si].Key
			}
			global := []int64{}
			for _, ref := range r.Global {
				global = append(global, id(ref.Series, ref.Point))
			}
			if !reflect.DeepEqual(kept, c.Want.Kept) {
				t.Errorf("kept %v, want %v", kept, c.Want.Kept)
			}
			if !reflect.DeepEqual(front, c.Want.Frontier) {
				t.Errorf("frontier %v, want %v", front, c.Want.Frontier)
			}
			if !maps.Equal(best, c.Want.Best) {
				t.Errorf("best %v, want %v", best, c.Want.Best)
			}
			if !reflect.DeepEqual(global, c.Want.Global) {
				t.Errorf("global %v, want %v", global, c.Want.Global)
			}
		})
	}
}
