//go:build unix

package site_test

import (
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/frontier-bench/frontier/site"
)

// BenchmarkBuildCards builds BenchmarkBuild's 1,000-dataset corpus in memory without cards
// (a base URL without a host) and with them (one with a host: a card per chart page, compare
// page and the home page, 2,762 of them). The budget: with cards at most 2× without. Besides the wall time it reports
// the CPU time a build took (cpu-ms/op, user and system, from getrusage), which a machine
// shared with other work does not blur as it does the wall time.
//
//	go test -run '^$' -bench BuildCards -benchtime 3x ./site/
func BenchmarkBuildCards(b *testing.B) {
	echarts := benchECharts()
	data := benchCorpus(b, 1000)
	for _, c := range []struct{ name, base string }{{"cards=none", "/"}, {"cards=drawn", "https://example.org/"}} {
		b.Run(c.name, func(b *testing.B) {
			cfg := site.DefaultConfig()
			cfg.BaseURL = c.base
			in := site.Input{Data: os.DirFS(data), ECharts: echarts, Config: cfg}
			cpu0 := processCPU()
			for b.Loop() {
				if _, err := site.Build(in, &site.Files{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((processCPU()-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
		})
	}
}

// processCPU is the CPU time the process has used, user and system.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
