//go:build unix

package site_test

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/frontier-bench/frontier/site"
)

// BenchmarkBuildLanguages is BenchmarkBuild with one and with two languages (issue 28): the
// second language renders every page again but decodes and assembles nothing again, and
// writes no data file, card or asset of its own, so it must cost at most what the whole
// one-language build does (its cpu-ms/op at most twice the one-language run's).
//
//	go test -run '^$' -bench BuildLanguages -benchtime 3x ./site/
func BenchmarkBuildLanguages(b *testing.B) {
	echarts := benchECharts()
	for _, n := range []int{100, 1000} {
		for _, langs := range [][]string{{"en"}, {"en", "zh"}} {
			b.Run("datasets="+strconv.Itoa(n)+"/languages="+strconv.Itoa(len(langs)), func(b *testing.B) {
				data := benchCorpus(b, n)
				out := filepath.Join(benchOutDir(b), "public")
				cfg := site.DefaultConfig()
				cfg.Languages = langs
				in := site.Input{Data: os.DirFS(data), ECharts: echarts, Config: cfg}
				files := 0
				peak := measurePeaks(b, func() {
					files = buildToDir(b, in, out).Files
				}, func() { os.RemoveAll(out) })
				peak.report(b)
				b.ReportMetric(float64(files), "files")
			})
		}
	}
}
