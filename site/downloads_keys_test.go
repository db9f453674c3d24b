package site

import (
	"encoding/json"
	"testing"
)

// TestDataJSONOneKeyEachValue: data.json names each value once, in lowerCamel as the
// inference view does: the metric and x axis objects under key, label, labelZh, unit and
// mode, field, label; a raw point's throughputs under tpPerGpu, outputTputPerGpu and
// inputTputPerGpu only (not InferenceX's tput_per_gpu, ... beside them), with its other
// metrics under InferenceX's names; y is the page's metric and x the x axis' field.
func TestDataJSONOneKeyEachValue(t *testing.T) {
	t.Parallel()
	files, _, err := build(t, rawFS(t), rawConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	js, _ := files.Get("deepseek-r1-0528/1k-1k/data.json")
	var doc struct {
		Metric map[string]string `json:"metric"`
		XAxis  map[string]string `json:"xAxis"`
		Series []struct {
			Points []struct {
				X, Y    float64
				Metrics map[string]float64 `json:"metrics"`
			} `json:"points"`
		} `json:"series"`
	}
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	for name, obj := range map[string]map[string]string{"metric": doc.Metric, "xAxis": doc.XAxis} {
		want := map[string][]string{"metric": {"key", "label", "labelZh", "unit"}, "xAxis": {"mode", "field", "label"}}[name]
		if len(obj) != len(want) {
			t.Errorf("%s has keys %v, want %v", name, obj, want)
		}
		for _, k := range want {
			if _, ok := obj[k]; !ok {
				t.Errorf("%s has no %s: %v", name, k, obj)
			}
		}
	}
	if doc.Metric["key"] != "tpPerGpu" || doc.XAxis["field"] != "median_intvty" {
		t.Fatalf("metric %v, x axis %v: want tpPerGpu over median_intvty", doc.Metric, doc.XAxis)
	}
	points := 0
	for _, s := range doc.Series {
		for _, p := range s.Points {
			points++
			for _, dup := range []string{"tput_per_gpu", "output_tput_per_gpu", "input_tput_per_gpu"} {
				if v, ok := p.Metrics[dup]; ok {
					t.Fatalf("a point has %s (%v) beside tpPerGpu, outputTputPerGpu, inputTputPerGpu: %v", dup, v, p.Metrics)
				}
			}
			if p.Metrics["tpPerGpu"] != p.Y || p.Metrics["median_intvty"] != p.X || p.Metrics["outputTputPerGpu"] <= 0 {
				t.Fatalf("point x %v, y %v, metrics %v: want y = tpPerGpu, x = median_intvty", p.X, p.Y, p.Metrics)
			}
		}
	}
	if points == 0 {
		t.Fatal("data.json has no points")
	}
}
