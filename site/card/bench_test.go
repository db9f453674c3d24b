//go:build unix

package card

import (
	"syscall"
	"testing"
	"time"
)

// BenchmarkDraw is one card as a chart page of the seed's size gives it; a build draws one per page.
func BenchmarkDraw(b *testing.B) {
	s := sample()
	defer reportCPU(b)()
	for b.Loop() {
		if _, err := Draw(s); err != nil {
			b.Fatal(err)
		}
	}
}

// reportCPU reports, when the benchmark ends, the CPU time it took a card (µs-cpu/op, user
// and system, from getrusage): on a machine shared with other work it is steadier than the
// wall time.
func reportCPU(b *testing.B) func() {
	cpu := func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			return 0
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	cpu0 := cpu()
	return func() { b.ReportMetric(float64((cpu()-cpu0).Microseconds())/float64(b.N), "µs-cpu/op") }
}

// BenchmarkDrawCompare is one card as a compare page gives it, the kind a build draws most
// of (2,611 of the 1,000-dataset build's 2,762): two GPUs' frontiers and a two-line sentence.
func BenchmarkDrawCompare(b *testing.B) {
	s := compareSample()
	defer reportCPU(b)()
	for b.Loop() {
		if _, err := Draw(s); err != nil {
			b.Fatal(err)
		}
	}
}
