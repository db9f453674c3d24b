package pareto

import (
	"maps"
	"testing"
)

func TestBestPerGPU(t *testing.T) {
	tests := []struct {
		name    string
		cands   []Candidate
		higherY bool
		want    map[string]int
	}{
		{"no candidates", nil, true, map[string]int{}},
		{"single candidate wins alone", []Candidate{
			{GPU: "b200", X: []float64{10, 20}, Y: []float64{5, 1}},
		}, true, map[string]int{"b200": 0}},
		{"higher mean over the shared range wins", []Candidate{
			{GPU: "b200", X: []float64{10, 50}, Y: []float64{100, 10}},
			{GPU: "b200", X: []float64{10, 50}, Y: []float64{120, 20}},
		}, true, map[string]int{"b200": 1}},
		{"lower mean wins when lower is better", []Candidate{
			{GPU: "b200", X: []float64{10, 50}, Y: []float64{100, 10}},
			{GPU: "b200", X: []float64{10, 50}, Y: []float64{120, 20}},
		}, false, map[string]int{"b200": 0}},
		{"a peak outside the shared range does not count", []Candidate{
			{GPU: "b200", X: []float64{1, 20, 60}, Y: []float64{9000, 50, 40}},
			{GPU: "b200", X: []float64{20, 60, 100}, Y: []float64{80, 70, 10}},
		}, true, map[string]int{"b200": 1}},
		{"tie goes to the first candidate", []Candidate{
			{GPU: "b200", X: []float64{10, 50}, Y: []float64{100, 10}},
			{GPU: "b200", X: []float64{10, 50}, Y: []float64{100, 10}},
		}, true, map[string]int{"b200": 0}},
		{"no shared range: best single y", []Candidate{
			{GPU: "b200", X: []float64{1, 2}, Y: []float64{10, 8}},
			{GPU: "b200", X: []float64{3, 4}, Y: []float64{5, 1}},
		}, true, map[string]int{"b200": 0}},
		{"no shared range, lower is better: lowest single y", []Candidate{
			{GPU: "b200", X: []float64{1, 2}, Y: []float64{10, 8}},
			{GPU: "b200", X: []float64{3, 4}, Y: []float64{5, 1}},
		}, false, map[string]int{"b200": 1}},
		{"no shared range, tied best y: the first", []Candidate{
			{GPU: "b200", X: []float64{1, 2}, Y: []float64{10, 8}},
			{GPU: "b200", X: []float64{3, 4}, Y: []float64{10, 1}},
		}, true, map[string]int{"b200": 0}},
		{"ranges touching at one x compare the values there", []Candidate{
			{GPU: "b200", X: []float64{1, 2}, Y: []float64{90, 3}},
			{GPU: "b200", X: []float64{2, 3}, Y: []float64{4, 1}},
		}, true, map[string]int{"b200": 1}},
		{"GPUs are judged separately", []Candidate{
			{GPU: "b300", X: []float64{10, 50}, Y: []float64{1, 1}},
			{GPU: "b200", X: []float64{10, 50}, Y: []float64{7, 7}},
			{GPU: "b300", X: []float64{10, 50}, Y: []float64{2, 2}},
			{GPU: "b200", X: []float64{10, 50}, Y: []float64{6, 6}},
		}, true, map[string]int{"b200": 1, "b300": 2}},
		{"a candidate without points neither wins nor narrows the range", []Candidate{
			{GPU: "b200"},
			{GPU: "b200", X: []float64{10, 50}, Y: []float64{1, 1}},
			{GPU: "b200", X: []float64{10, 50}, Y: []float64{2, 2}},
		}, true, map[string]int{"b200": 2}},
		{"a GPU with no points at all has no entry", []Candidate{
			{GPU: "mi355x", X: []float64{}, Y: []float64{}},
			{GPU: "b200", X: []float64{10}, Y: []float64{3}},
		}, true, map[string]int{"b200": 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := BestPerGPU(tt.cands, tt.higherY)
			if !maps.Equal(got, tt.want) {
				t.Errorf("BestPerGPU = %v, want %v", got, tt.want)
			}
		})
	}
}
