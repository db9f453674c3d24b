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

// BenchmarkDrawVaried draws sixteen different compare cards in turn (other GPUs, numbers
// and curves), as a build does: drawing the same card again and again lets the processor
// learn its branches, which a build's thousands of different cards never do.
func BenchmarkDrawVaried(b *testing.B) {
	gpus := []string{"B200", "H200", "MI300X", "MI355X", "GB200 NVL72", "H100", "MI325X", "GB300 NVL72"}
	var specs []Spec
	for i := range 16 {
		s := compareSample()
		a, c := gpus[i%len(gpus)], gpus[(i*3+1)%len(gpus)]
		s.Title = a + " vs " + c + ": DeepSeek-R1-0528 " + []string{"1k/1k", "8k/1k", "1k/8k"}[i%3]
		s.Headline = "At " + itoa(10+5*i) + " tok/s/user, " + a + " serves " + itoa(1000+317*i) + " tok/s/GPU; " + c + " serves " + itoa(2400-97*i) + " tok/s/GPU."
		for k := range s.Series {
			sc := 0.4 + float64((i*7+k*5)%11)/10
			line := make([]Point, len(s.Series[k].Line))
			for j, p := range s.Series[k].Line {
				line[j] = Point{p.X * (0.7 + float64(i%5)/10), p.Y * sc}
			}
			s.Series[k].Line = line
		}
		s.Series[0].Name, s.Series[1].Name = a, c
		specs = append(specs, s)
	}
	defer reportCPU(b)()
	i := 0
	for b.Loop() {
		if _, err := Draw(specs[i%len(specs)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
