package render

import (
	"github.com/frontier-bench/frontier/site/page"
	"testing"

	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/output"
)

// BenchmarkRenderCompares draws the compare pages of one chart page of 8 GPUs (28 pages, each
// with its compare.json), in memory: the part of a build the compare pages are, alone, so
// that a change to them is measured without the rest of a build's noise. Each GPU has 3
// configurations of 6 points.
func BenchmarkRenderCompares(b *testing.B) {
	cfg := config.DefaultConfig()
	var series []*page.PageSeries
	for i, gpu := range []string{"a100", "b200", "gb200", "h100", "h200", "mi300x", "mi325x", "mi355x"} {
		for j, fw := range []string{"vllm", "sglang", "trt"} {
			s := &page.PageSeries{Key: gpu + "_" + fw, Name: gpu + " " + fw, HWKey: gpu, GPU: gpu, Vendor: "V", Framework: fw, Spec: "none",
				Precision: "fp8", Label: gpu + " " + fw, Best: true, Date: "2026-07-31", Frontier: []int{0, 1, 2, 3, 4, 5}}
			for k, x := range []float64{10, 20, 40, 60, 90, 130} {
				y := float64(1+i) * float64(3+j) * 1000 / x
				s.Points = append(s.Points, input.Point{ID: int64(100*i + 10*j + k), X: x, Y: y, Concurrency: 4, TP: 8,
					TpPerGpu: y, Date: "2026-07-31", Precision: "fp8"})
			}
			series = append(series, s)
		}
	}
	p := &page.Page{Model: "M", Sequence: "1k/1k", Path: "m/1k-1k/",
		Metric:    input.Metric{Key: "tpPerGpu", Label: "Throughput", Unit: "tok/s/GPU"},
		XAxis:     input.XAxis{Label: "Interactivity"},
		Snapshots: []*page.Snapshot{{Date: "2026-07-31", Series: series}}}
	r, err := New(config.Input{Config: cfg, ECharts: []byte("/* echarts */")}, []*page.Page{p}, nil, 1000, nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := r.renderCompares(&output.Files{}, p); err != nil {
			b.Fatal(err)
		}
	}
}
