package testsite

import (
	"encoding/json"
	"testing"
)

// SeedDate is the seed dated Date as a dataset of its own (every point dated Date, its ids the
// seed's plus IDOffset: a point of one date is not the same measurement as another's), with
// each configuration of Scale (by hwKey) measuring its throughputs times that factor, and each
// of Runs the median of 4 runs whose throughputs range from [0] to [1] times its value. Two of
// them are two dates of one page: a history, or the two sides of `frontier diff`.
type SeedDate struct {
	Date     string
	IDOffset float64
	Scale    map[string]float64
	Runs     map[string][2]float64
}

// SeedOn is the seed as d says, in the inference-view format.
func SeedOn(tb testing.TB, d SeedDate) []byte {
	tb.Helper()
	var doc map[string]any
	if err := json.Unmarshal(SeedJSON(tb), &doc); err != nil {
		tb.Fatal(err)
	}
	doc["params"].(map[string]any)["date"] = d.Date
	for _, s := range doc["series"].([]any) {
		s := s.(map[string]any)
		k, ok := d.Scale[s["hwKey"].(string)]
		if !ok {
			k = 1
		}
		r, repeated := d.Runs[s["hwKey"].(string)]
		for _, p := range s["points"].([]any) {
			p := p.(map[string]any)
			p["date"] = d.Date
			p["id"] = p["id"].(float64) + d.IDOffset
			p["y"] = p["y"].(float64) * k
			m := p["metrics"].(map[string]any)
			for _, key := range []string{"tpPerGpu", "outputTputPerGpu", "inputTputPerGpu"} {
				m[key] = m[key].(float64) * k
			}
			if repeated {
				tp := m["tpPerGpu"].(float64)
				p["runs"] = 4
				p["range"] = map[string]any{"y": []float64{tp * r[0], tp * r[1]}, "tpPerGpu": []float64{tp * r[0], tp * r[1]}}
			}
		}
	}
	b, err := json.Marshal(doc)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// TwoDates are the two dates of one page that `frontier diff` and the history page's change
// table are held to give the same verdicts on: the second has b200_vllm 15% slower, b300_trt
// 10% faster, and b200_trt and b300_vllm 6% slower as the median of repeated runs scattering
// 12% (noise, the threshold widened) and 2% (a regression).
func TwoDates(tb testing.TB) (day1, day2 []byte) {
	tb.Helper()
	day1 = SeedOn(tb, SeedDate{Date: "2026-07-31"})
	day2 = SeedOn(tb, SeedDate{Date: "2026-08-07", IDOffset: 1e6,
		Scale: map[string]float64{"b200_vllm": 0.85, "b300_trt": 1.10, "b200_trt": 0.94, "b300_vllm": 0.94},
		Runs:  map[string][2]float64{"b200_trt": {0.90, 1.02}, "b300_vllm": {0.99, 1.01}}})
	return day1, day2
}

// TwoDatesVerdicts are TwoDates' verdicts by hwKey at the references both dates' frontiers
// reach under the default [verdict] (3%, one date).
var TwoDatesVerdicts = map[string]string{"b200_vllm": "regression", "b300_trt": "improvement",
	"b200_trt": "noise", "b300_vllm": "regression", "b300_sglang": "noise"}
