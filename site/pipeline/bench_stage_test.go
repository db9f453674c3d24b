//go:build unix

package pipeline

// Per-stage benchmarks over the 1,000-dataset corpus held in memory: no disk, one goroutine,
// so a change to one stage shows in ns/op and allocs/op without the noise of the whole build
// (BenchmarkBuild in bench_test.go).

import (
	"syscall"
	"testing"
	"time"

	"github.com/frontier-bench/frontier/internal/corpus"

	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/render"
)

// stagePages decodes and assembles the 1,000-dataset corpus. Each benchmark does it afresh
// rather than caching it for the test binary, so that what it holds is garbage afterwards and
// does not inflate the peak memory that BenchmarkBuild reports when the benchmarks run together.
func stagePages(b *testing.B) ([]*input.Dataset, []*Page) {
	b.Helper()
	ds, ps := input.Load(corpus.MapFS(1000, 1), "data/", nil)
	if len(ps) > 0 {
		b.Fatal(ps)
	}
	pages, ps := Assemble(ds, "data/")
	if len(ps) > 0 {
		b.Fatal(ps)
	}
	return ds, pages
}

// cpuPerOp reports the process's CPU time per operation (getrusage: user + system), which a busy
// machine disturbs far less than wall time. Call it with defer at the start of the benchmark.
func cpuPerOp(b *testing.B) func() {
	start := rusage()
	return func() { b.ReportMetric(float64((rusage()-start).Microseconds())/1000/float64(b.N), "cpu-ms/op") }
}

func rusage() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// discard is a Writer that keeps nothing.
type discard struct{}

func (discard) WriteFile(string, []byte) error { return nil }

func BenchmarkStageAssemble(b *testing.B) {
	ds, _ := stagePages(b)
	b.ReportAllocs()
	defer cpuPerOp(b)()
	for b.Loop() {
		Assemble(ds, "data/")
	}
}

func BenchmarkStageRenderCharts(b *testing.B) {
	ds, pages := stagePages(b)
	r, err := render.New(Input{ECharts: []byte("/* echarts */"), Config: DefaultConfig()}, pages, nil, len(ds), nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	defer cpuPerOp(b)()
	for b.Loop() {
		for _, p := range pages {
			if err := r.Chart(discard{}, p); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkStageDownloads(b *testing.B) {
	_, pages := stagePages(b)
	b.ReportAllocs()
	defer cpuPerOp(b)()
	for b.Loop() {
		for _, p := range pages {
			if _, _, err := render.Downloads(p); err != nil {
				b.Fatal(err)
			}
		}
	}
}
