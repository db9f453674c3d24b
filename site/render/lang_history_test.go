package render

import (
	"encoding/json"
	"github.com/frontier-bench/frontier/site/page"
	"regexp"
	"testing"

	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/output"
)

// TestMirrorNamesOlderConfigurations: a configuration only an older snapshot holds is named in
// full in the page data's history index (the newest snapshot's are named by their key, the
// script taking the rest from the page's own series). On a mirror it takes its GPU's name in
// the mirror's language, as the newest snapshot's configurations do; the default page keeps
// the data's name.
func TestMirrorNamesOlderConfigurations(t *testing.T) {
	cfg := config.DefaultConfig()
	cfg.Languages = []string{"en", "zh"}
	cfg.GPUs = map[string]config.GPUConfig{"h100": {Names: map[string]string{"zh": "英伟达 H100"}}}
	series := func(gpu, label, date string, id int64) *page.PageSeries {
		s := &page.PageSeries{Key: gpu + "_vllm", Name: label, HWKey: gpu, GPU: gpu, Vendor: "NVIDIA", Framework: "vllm", Spec: "none",
			Precision: "fp8", Label: label, Best: true, Date: date, Frontier: []int{0, 1}}
		for i, x := range []float64{20, 50} {
			s.Points = append(s.Points, input.Point{ID: id + int64(i), X: x, Y: 1000 / x, Concurrency: 4, TP: 8,
				TpPerGpu: 1000 / x, Date: date, Precision: "fp8"})
		}
		return s
	}
	p := &page.Page{Model: "M", Sequence: "1k/1k", Path: "m/1k-1k/",
		Metric: input.Metric{Key: "tpPerGpu", Label: "Throughput", Unit: "tok/s/GPU"},
		XAxis:  input.XAxis{Label: "Interactivity"},
		Snapshots: []*page.Snapshot{
			{Date: "2026-07-31", Series: []*page.PageSeries{series("b200", "B200 (vLLM)", "2026-07-31", 10)}},
			{Date: "2026-07-24", Series: []*page.PageSeries{series("b200", "B200 (vLLM)", "2026-07-24", 20), series("h100", "H100 (vLLM)", "2026-07-24", 30)}},
		}}
	r, err := New(config.Input{Config: cfg, ECharts: []byte("/* echarts */")}, []*page.Page{p}, nil, 1, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	w := &output.Files{}
	if err := r.Chart(w, p); err != nil {
		t.Fatal(err)
	}
	older := func(name string) []string {
		html, ok := w.Get(name)
		if !ok {
			t.Fatalf("no %s", name)
		}
		m := regexp.MustCompile(`<script type="application/json" id="page-data">(.*?)</script>`).FindSubmatch(html)
		if m == nil {
			t.Fatalf("%s: no page data", name)
		}
		var data struct {
			History struct{ Series []struct{ Key, Name string } }
		}
		if err := json.Unmarshal(m[1], &data); err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, s := range data.History.Series {
			if s.Name != "" {
				names = append(names, s.Name)
			}
		}
		return names
	}
	if en := older("m/1k-1k/index.html"); len(en) != 1 || en[0] != "H100 (vLLM)" {
		t.Errorf("en: configurations named in full %q, want H100 (vLLM)", en)
	}
	if zh := older("zh/m/1k-1k/index.html"); len(zh) != 1 || zh[0] != "英伟达 H100 (vLLM)" {
		t.Errorf("zh: configurations named in full %q, want 英伟达 H100 (vLLM)", zh)
	}
}
