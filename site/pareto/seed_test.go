package pareto

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// seedSeries is the part of a seed series these tests need.
type seedSeries struct {
	HWKey      string `json:"hwKey"`
	GPU        string `json:"gpu"`
	BestPerSku bool   `json:"bestPerSku"`
	Points     []struct {
		ID       int64   `json:"id"`
		X        float64 `json:"x"`
		Y        float64 `json:"y"`
		Frontier bool    `json:"frontier"`
	} `json:"points"`
}

// loadSeed reads the example site's dataset, whose frontier and bestPerSku flags were computed
// by the InferenceX dashboard: the reference our results must reproduce.
func loadSeed(t testing.TB) []seedSeries {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "data", "deepseek-v4-pro_8k-1k_fp4.json"))
	if err != nil {
		t.Fatal(err)
	}
	var d struct {
		Series []seedSeries `json:"series"`
	}
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatalf("decode seed: %v", err)
	}
	if len(d.Series) == 0 {
		t.Fatal("seed has no series")
	}
	// Callers pass series sorted by hwKey; so do the tests.
	slices.SortFunc(d.Series, func(a, b seedSeries) int { return strings.Compare(a.HWKey, b.HWKey) })
	return d.Series
}

func (s seedSeries) xy() (xs, ys []float64) {
	for _, p := range s.Points {
		xs = append(xs, p.X)
		ys = append(ys, p.Y)
	}
	return xs, ys
}

func TestFrontierMatchesSeedFlags(t *testing.T) {
	total, onFrontier := 0, 0
	for _, s := range loadSeed(t) {
		xs, ys := s.xy()
		got := make([]bool, len(xs))
		for _, i := range Frontier(xs, ys, true) {
			got[i] = true
		}
		for i, p := range s.Points {
			total++
			if got[i] {
				onFrontier++
			}
			if got[i] != p.Frontier {
				t.Errorf("%s point %d (x=%v y=%v): frontier = %v, want %v", s.HWKey, p.ID, p.X, p.Y, got[i], p.Frontier)
			}
		}
	}
	if total != 120 || onFrontier != 102 {
		t.Errorf("frontier points = %d of %d, want 102 of 120", onFrontier, total)
	}
}

// seedCandidates turns the seed into BestPerGPU input: each series' computed frontier.
func seedCandidates(t testing.TB) ([]Candidate, []seedSeries) {
	series := loadSeed(t)
	cands := make([]Candidate, len(series))
	for k, s := range series {
		xs, ys := s.xy()
		c := Candidate{GPU: s.GPU}
		for _, i := range Frontier(xs, ys, true) {
			c.X = append(c.X, xs[i])
			c.Y = append(c.Y, ys[i])
		}
		cands[k] = c
	}
	return cands, series
}

func TestBestPerGPUMatchesSeed(t *testing.T) {
	cands, series := seedCandidates(t)
	got := map[string]string{}
	for gpu, i := range BestPerGPU(cands, true) {
		got[gpu] = series[i].HWKey
	}
	want := map[string]string{}
	for _, s := range series {
		if s.BestPerSku {
			want[s.GPU] = s.HWKey
		}
	}
	if len(want) != 2 || want["b200"] != "b200_trt_mtp" || want["b300"] != "b300_trt_mtp" {
		t.Fatalf("seed bestPerSku flags = %v; the test expects b200_trt_mtp and b300_trt_mtp", want)
	}
	if len(got) != len(want) {
		t.Errorf("BestPerGPU = %v, want %v", got, want)
	}
	for gpu, key := range want {
		if got[gpu] != key {
			t.Errorf("best for %s = %q, want %q", gpu, got[gpu], key)
		}
	}
}
