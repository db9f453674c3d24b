package render

import (
	"github.com/frontier-bench/frontier/site/page"
	"strings"
	"sync"
	"testing"

	"github.com/frontier-bench/frontier/site/card"
	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/output"
)

func TestCardCoversWhatGoFontsDraw(t *testing.T) {
	for s, want := range map[string]bool{
		"B200 (vLLM) · 5,210 tok/s/GPU at 50 tok/s/user × 2 — “as of” 2026-07-31": true,
		"Qwen3 Ελληνικά Кириллица":                                                true,
		"深度求索 V4":                  false,
		"交互性":                      false,
		"Frontier\tsite\nline two": true,
	} {
		if got := card.Draws(s); got != want {
			t.Errorf("card.Draws(%q) = %v, want %v", s, got, want)
		}
	}
	if got := card.Fit("英伟达 B200 (vLLM) 对比 MI355X"); got != "B200 (vLLM) MI355X" {
		t.Errorf("card.Fit: %q", got)
	}
}

// TestCardsOfAChineseFirstSiteHoldOnlyDrawableText: on a site whose first language is zh
// (and whose config and data give Chinese names), every card's Spec, home, chart and compare
// alike, holds only runes the card's fonts draw: the compare card is worded in English (the
// first language the fonts cover, here the second), a model is named by its English name, and
// what no language gives drawably loses its Chinese runes rather than showing boxes.
func TestCardsOfAChineseFirstSiteHoldOnlyDrawableText(t *testing.T) {
	cfg := config.DefaultConfig()
	cfg.BaseURL = "https://example.org/"
	cfg.Languages = []string{"zh", "en"}
	cfg.Title = "前沿 Frontier"
	cfg.Description = "大模型推理基准"
	cfg.Models = map[string]config.ModelConfig{"深度求索-V4": {Names: map[string]string{"zh": "深度求索 V4", "en": "DeepSeek-V4"}}}
	cfg.GPUs = map[string]config.GPUConfig{"b200": {Names: map[string]string{"zh": "英伟达 B200"}}}
	series := func(gpu, label string, y float64) *page.PageSeries {
		s := &page.PageSeries{Key: gpu, Name: label, HWKey: gpu, GPU: gpu, Vendor: "NVIDIA", Framework: "vllm", Spec: "none",
			Precision: "fp4", Label: label, Best: true, Date: "2026-07-31", Frontier: []int{0, 1}}
		for i, x := range []float64{20, 50} {
			s.Points = append(s.Points, input.Point{ID: int64(len(label)*10 + i), X: x, Y: y / x, Concurrency: 4, TP: 8,
				TpPerGpu: y / x, Date: "2026-07-31", Precision: "fp4"})
		}
		return s
	}
	p := &page.Page{Model: "深度求索-V4", Sequence: "8k/1k", Path: "deepseek-v4/8k-1k/",
		Metric:    input.Metric{Key: "tpPerGpu", Label: "每 GPU 吞吐量", Unit: "tok/s/GPU"},
		XAxis:     input.XAxis{Label: "交互性"},
		Snapshots: []*page.Snapshot{{Date: "2026-07-31", Series: []*page.PageSeries{series("b200", "B200 (vLLM 中文)", 100000), series("h100", "H100 (vLLM)", 50000)}}}}
	r, err := New(config.Input{Config: cfg, ECharts: []byte("/* echarts */")}, []*page.Page{p}, nil, 1, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var specs []card.Spec
	r.drawCard = func(s card.Spec) ([]byte, error) {
		mu.Lock()
		defer mu.Unlock()
		specs = append(specs, s)
		return []byte("png"), nil
	}
	r.KeepHeadlines(p)
	w := &output.Files{}
	if err := r.Chart(w, p); err != nil {
		t.Fatal(err)
	}
	if err := r.Render(w); err != nil {
		t.Fatal(err)
	}
	if len(specs) != 3 {
		t.Fatalf("%d cards drawn, want the chart page's, its compare page's and the home page's", len(specs))
	}
	var all []string
	for _, s := range specs {
		texts := []string{s.Title, s.Subtitle, s.Headline, s.Footer, s.XLabel, s.YLabel}
		for _, se := range s.Series {
			texts = append(texts, se.Name)
		}
		for _, x := range texts {
			if !card.Draws(x) {
				t.Errorf("card %q: %q holds a rune its fonts cannot draw", s.Title, x)
			}
		}
		all = append(all, s.Title+" | "+s.Headline)
	}
	got := strings.Join(all, "\n")
	for _, want := range []string{
		"DeepSeek-V4 8k/1k |", // the chart card: the model's English name
		"B200 vs H100: DeepSeek-V4 8k/1k | At 20 tok/s/user, B200 serves 2.0× the total throughput per GPU of H100", // English words
		"Frontier |", // the site's title, its Chinese left out
	} {
		if !strings.Contains(got, want) {
			t.Errorf("cards\n%s\nwant %q", got, want)
		}
	}
}
