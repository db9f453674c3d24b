package site

// Per-stage benchmarks over the 1,000-dataset corpus held in memory: no disk, one goroutine,
// so a change to one stage shows in ns/op and allocs/op without the noise of the whole build
// (BenchmarkBuild in bench_test.go).

import (
	"sync"
	"testing"

	"github.com/frontier-bench/frontier/internal/corpus"
)

// stageCorpus is the 1,000-dataset corpus decoded once per test binary.
var stageCorpus = sync.OnceValues(func() ([]*Dataset, Problems) {
	return Load(corpus.MapFS(1000, 1), "data/")
})

func stagePages(b *testing.B) ([]*Dataset, []*Page) {
	b.Helper()
	ds, ps := stageCorpus()
	if len(ps) > 0 {
		b.Fatal(ps)
	}
	pages, ps := Assemble(ds, "data/")
	if len(ps) > 0 {
		b.Fatal(ps)
	}
	return ds, pages
}

// discard is a Writer that keeps nothing.
type discard struct{}

func (discard) WriteFile(string, []byte) error { return nil }

func BenchmarkStageAssemble(b *testing.B) {
	ds, _ := stagePages(b)
	b.ReportAllocs()
	for b.Loop() {
		Assemble(ds, "data/")
	}
}

func BenchmarkStageRenderCharts(b *testing.B) {
	ds, pages := stagePages(b)
	r, err := newRenderer(Input{ECharts: []byte("/* echarts */"), Config: DefaultConfig()}, pages, nil, len(ds))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range pages {
			if err := r.renderChart(discard{}, p); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkStageDownloads(b *testing.B) {
	_, pages := stagePages(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range pages {
			if _, err := downloadJSON(p); err != nil {
				b.Fatal(err)
			}
			downloadCSV(p)
		}
	}
}
