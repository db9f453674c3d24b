package charts

import (
	"fmt"
	"math"
	"testing"
)

// benchChart is n series of m points each, like a chart page (the seed has 11 series and
// 120 points; 25 series of 20 points is a busy page).
func benchChart(n, m int) Chart {
	gpus := []string{"b200", "b300", "gb200", "gb300", "h100", "h200", "mi300x", "mi325x", "mi355x"}
	fws := []string{"trt", "sglang", "vllm"}
	c := Chart{ID: "bench", Title: "Bench", XName: "Interactivity (tok/s/user)", YName: "Token Throughput per GPU"}
	for i := range n {
		s := Series{
			Name: fmt.Sprintf("Series %d", i), Key: fmt.Sprintf("s%d", i),
			GPU: gpus[i%len(gpus)], Framework: fws[i%len(fws)], Spec: []string{"none", "mtp"}[i%2],
		}
		for k := range m {
			x := 3.1234567 + float64(k)*9.87654321
			s.Points = append(s.Points, Point{x, 12000 * math.Exp(-x/(50+float64(i)))})
			if k%4 != 3 {
				s.Frontier = append(s.Frontier, k)
			}
		}
		c.Series = append(c.Series, s)
	}
	c.Hidden = []string{"Series 1", "Series 2"}
	return c
}

func BenchmarkOptions(b *testing.B) {
	for _, size := range []struct{ n, m int }{{11, 11}, {25, 20}} {
		b.Run(fmt.Sprintf("%dx%d", size.n, size.m), func(b *testing.B) {
			c := benchChart(size.n, size.m)
			var out []byte
			b.ReportAllocs()
			for b.Loop() {
				var err error
				if out, err = Options(c); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(out)), "bytes/option")
		})
	}
}
