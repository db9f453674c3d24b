package site_test

import (
	"os"
	"testing"

	"github.com/frontier-bench/frontier/site"
)

// BenchmarkBuildCards builds BenchmarkBuild's 1,000-dataset corpus in memory without cards
// (a base URL without a host) and with them (one with a host: a card per chart page and the
// home page). The budget: with cards at most 2× without.
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
			for b.Loop() {
				if _, err := site.Build(in, &site.Files{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
