package conformance

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/api"
)

// TestViewFrontiersAreTheParetoFrontiers checks every view's frontiers by brute force: on each
// x axis, a point is on a frontier exactly when no other point of its set beats it (at least as
// good on x and y in the axis' and the metric's directions, better on one), the ids come in x
// order, and on the default axis each series' frontier is the points flagged frontier.
func TestViewFrontiersAreTheParetoFrontiers(t *testing.T) {
	files := exampleSite(t, "/")
	var idx api.Index
	b, _ := files.Get("api/v1/index.json")
	if err := json.Unmarshal(b, &idx); err != nil {
		t.Fatal(err)
	}
	axes := map[string]bool{} // axis key -> higher is better
	for _, a := range charts.XAxes {
		axes[a.Key] = a.Higher
	}
	checked := map[string]int{}
	for _, p := range idx.Pages {
		for _, vw := range p.Views {
			b, ok := files.Get(vw.URL[1:])
			if !ok {
				t.Fatalf("%s not written", vw.URL)
			}
			var v struct {
				api.View
				Series []struct {
					api.ViewSeries
					Points []struct {
						api.ViewPoint
						Metrics map[string]float64 `json:"metrics"`
					} `json:"points"`
				} `json:"series"`
			}
			if err := json.Unmarshal(b, &v); err != nil {
				t.Fatal(err)
			}
			// Every point's figure on every axis, from data.json (every metric of every point).
			var data struct {
				Series []struct {
					Points []struct {
						ID          int64              `json:"id"`
						Concurrency int64              `json:"concurrency"`
						Metrics     map[string]float64 `json:"metrics"`
					} `json:"points"`
				} `json:"series"`
			}
			d, _ := files.Get(p.Data[1:])
			if err := json.Unmarshal(d, &data); err != nil {
				t.Fatal(err)
			}
			on := map[int64]map[string]float64{}
			for _, s := range data.Series {
				for _, pt := range s.Points {
					m := map[string]float64{"conc": float64(pt.Concurrency)}
					for k, x := range pt.Metrics {
						m[k] = x
					}
					on[pt.ID] = m
				}
			}
			type pt struct {
				id   int64
				x, y float64
			}
			check := func(what, axis string, set []pt, got []int64) {
				t.Helper()
				higherX := axes[axis]
				beats := func(q, p pt) bool {
					gx := q.x > p.x == higherX || q.x == p.x
					gy := q.y >= p.y
					return q.x > 0 && gx && gy && (q.x != p.x || q.y != p.y)
				}
				var want []pt
				for _, p := range set {
					if p.x <= 0 {
						continue
					}
					if !slices.ContainsFunc(set, func(q pt) bool { return beats(q, p) }) {
						want = append(want, p)
					}
				}
				slices.SortStableFunc(want, func(a, b pt) int {
					switch {
					case a.x < b.x:
						return -1
					case a.x > b.x:
						return 1
					}
					return 0
				})
				var ids []int64
				for _, p := range want {
					ids = append(ids, p.id)
				}
				if !slices.Equal(ids, got) {
					// Equal x keeps input order in the build; compare as sets where only the order of equal x differs.
					a, b := slices.Clone(ids), slices.Clone(got)
					slices.Sort(a)
					slices.Sort(b)
					if !slices.Equal(a, b) {
						t.Errorf("%s %s on %s: frontier %v, want %v", vw.URL, what, axis, got, ids)
					}
				}
				checked[axis]++
			}
			for axis := range v.Frontiers {
				var all []pt
				for _, s := range v.Series {
					var set []pt
					var flagged []int64
					for _, p := range s.Points {
						if axis == charts.DefaultX {
							set = append(set, pt{p.ID, p.X, float64(p.Y)}) // the view's x
						} else if x, ok := on[p.ID][axis]; ok {
							set = append(set, pt{p.ID, x, float64(p.Y)})
						}
						if p.Frontier {
							flagged = append(flagged, p.ID)
						}
					}
					got, ok := s.Frontiers[axis]
					if !ok {
						t.Errorf("%s %s: no frontier on %s", vw.URL, s.HWKey, axis)
					}
					check(s.HWKey, axis, set, got)
					if axis == charts.DefaultX && !slices.Equal(flagged, got) {
						a, b := slices.Clone(flagged), slices.Clone(got)
						slices.Sort(a)
						slices.Sort(b)
						if !slices.Equal(a, b) {
							t.Errorf("%s %s: frontier %v, the points flagged frontier %v", vw.URL, s.HWKey, got, flagged)
						}
					}
					all = append(all, set...)
				}
				check("global", axis, all, v.Frontiers[axis])
			}
			if _, ok := v.Frontiers[charts.DefaultX]; !ok {
				t.Errorf("%s: no frontier on %s", vw.URL, charts.DefaultX)
			}
		}
	}
	if checked[charts.DefaultX] == 0 || checked["conc"] == 0 || checked["p99_ttft"] == 0 {
		t.Errorf("frontiers checked per axis: %v", checked)
	}
}
