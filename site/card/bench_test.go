//go:build unix

package card

import (
	"bytes"
	"image/png"
	"sync"
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

// BenchmarkEncode is the PNG of one compare card, drawn once, written by encodePNG (png.go)
// and by image/png as a library-first card would be written (png.BestSpeed, its buffers
// pooled), side by side in one run: what keeps png.go (see the package doc). bytes/op is
// the PNG's size.
//
//	go test -run '^$' -bench Encode -count 3 ./site/card/
func BenchmarkEncode(b *testing.B) {
	sf := newSurface()
	c, err := newCanvas(sf)
	if err != nil {
		b.Fatal(err)
	}
	c.layout(compareSample())
	sf.img.Palette = sf.palette()
	lib := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: new(pngBuffers)}
	for _, e := range []struct {
		name   string
		encode func(*bytes.Buffer) error
	}{
		{"encoder=png.go", func(w *bytes.Buffer) error { return encodePNG(w, sf.img, sf.dirty[:]) }},
		{"encoder=image-png", func(w *bytes.Buffer) error { return lib.Encode(w, sf.img) }},
	} {
		b.Run(e.name, func(b *testing.B) {
			var buf bytes.Buffer
			defer reportCPU(b)()
			for b.Loop() {
				buf.Reset()
				if err := e.encode(&buf); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "bytes/op")
		})
	}
}

// pngBuffers is image/png's EncoderBufferPool over a sync.Pool, as a card drawn on every
// core would need.
type pngBuffers struct{ p sync.Pool }

func (p *pngBuffers) Get() *png.EncoderBuffer {
	buf, _ := p.p.Get().(*png.EncoderBuffer)
	return buf
}

func (p *pngBuffers) Put(buf *png.EncoderBuffer) { p.p.Put(buf) }
