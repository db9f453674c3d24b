//go:build unix

package site_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/frontier-bench/frontier/site"
)

// BenchmarkBuildCards builds BenchmarkBuild's 1,000-dataset corpus as `frontier build` does,
// into a folder, without cards (a base URL without a host) and with them (one with a host: a
// card per chart page, compare page and the home page, 2,762 of them). DESIGN.md's budget:
// with cards at most 3x the floor (BenchmarkFloor/datasets=1000), without them 2x. It reports
// what BenchmarkBuild does: wall time, the CPU time a build took (cpu-ms/op, user and system,
// from getrusage, which a machine shared with other work does not blur as it does the wall
// time), the peaks of memory, and the stages' and the largest jobs' times ("compare-ms/op",
// "cards-ms/op": Report.Jobs), which say where a build's time goes.
//
//	go test -run '^$' -bench 'BuildCards|Floor/datasets=1000$' -benchtime 3x ./site/
func BenchmarkBuildCards(b *testing.B) {
	echarts := benchECharts()
	data := benchCorpus(b, 1000)
	for _, c := range []struct{ name, base string }{{"cards=none", "/"}, {"cards=drawn", "https://example.org/"}} {
		b.Run(c.name, func(b *testing.B) {
			cfg := site.DefaultConfig()
			cfg.BaseURL = c.base
			in := site.Input{Data: os.DirFS(data), ECharts: echarts, Config: cfg}
			out := filepath.Join(benchOutDir(b), "public")
			var times stageTimes
			measurePeaks(b, func() { times.add(buildToDir(b, in, out)) }, func() { os.RemoveAll(out) }).report(b)
			times.report(b)
		})
	}
}
