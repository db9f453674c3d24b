//go:build unix

package site_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/site"
)

// BenchmarkBuildCards builds BenchmarkBuild's 1,000-dataset corpus as `frontier build` does,
// into a folder, without cards (a base URL without a host) and with them (one with a host: a
// card per chart page, compare page and the home page, 2,762 of them, which it reports as
// cards/op). The budgets (docs/development.md), which `make bench` prints each figure beside: without cards,
// the whole build within 4x the floor (BenchmarkFloor/datasets=1000) and the chart pages' own
// work (the build less its compare, history and API jobs) within 2x; a card at most 1 ms of
// CPU (the build's CPU with cards less without, over the cards); peak RSS at most 200 MiB. It reports
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
			cards := 0
			measurePeaks(b, func() { times.add(buildToDir(b, in, out)) }, func() {
				cards += countCards(b, out)
				os.RemoveAll(out)
			}).report(b)
			times.report(b)
			b.ReportMetric(float64(cards)/float64(b.N), "cards/op")
		})
	}
}

// countCards is the number of link-preview cards (card.<hash>.png) a build wrote below dir.
func countCards(b *testing.B, dir string) int {
	n := 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasPrefix(d.Name(), "card.") && strings.HasSuffix(d.Name(), ".png") {
			n++
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	return n
}
