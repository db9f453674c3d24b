package card

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"math"
	"os"
	"slices"
	"strings"
	"testing"
)

var write = flag.String("write", "", "write the sample card to this file, to look at it")

// sample is a card as a chart page gives it: three GPUs' best configurations.
func sample() Spec {
	line := func(scale float64) []Point {
		var ps []Point
		for _, x := range []float64{8, 15, 27, 41, 60, 85, 120, 160} {
			ps = append(ps, Point{x, scale * 9000 / (1 + x/40)})
		}
		return ps
	}
	dots := func(scale float64) []Point {
		var ps []Point
		for _, x := range []float64{10, 20, 33, 50, 70, 100, 140} {
			ps = append(ps, Point{x, scale * 6500 / (1 + x/35)})
		}
		return ps
	}
	return Spec{
		Title:    "DeepSeek-R1-0528 1k/1k",
		Subtitle: "Token throughput per GPU against interactivity · 14 configurations · as of 2026-07-31",
		Headline: "5,210 tok/s/GPU at 50 tok/s/user: B200 (TRTLLM) leads",
		Footer:   "example.org · Frontier",
		XLabel:   "Interactivity (tok/s/user)",
		YLabel:   "Token throughput per GPU (tok/s/GPU)",
		Series: []Series{
			{Name: "B200 (TRTLLM)", Color: "#2f9e44", Points: dots(1), Line: line(1)},
			{Name: "MI355X (SGLang)", Color: "#c2255c", Points: dots(0.8), Line: line(0.8)},
			{Name: "H200 (vLLM, MTP)", Color: "#9c36b5", Dashed: true, Points: dots(0.5), Line: line(0.5)},
		},
	}
}

func TestDrawIsAPNGOfTheCardSize(t *testing.T) {
	b, err := Draw(sample())
	if err != nil {
		t.Fatal(err)
	}
	if *write != "" {
		os.WriteFile(*write, b, 0o644)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds().Size(); got.X != 1200 || got.Y != 630 {
		t.Errorf("size %v, want 1200×630", got)
	}
}

func TestDrawGivesTheSameBytesForTheSameSpec(t *testing.T) {
	a, err := Draw(sample())
	if err != nil {
		t.Fatal(err)
	}
	b, err := Draw(sample())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Error("two cards of one spec differ")
	}
	other := sample()
	other.Series = other.Series[:2]
	c, err := Draw(other)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a, c) {
		t.Error("a card with a series less is the same picture")
	}
}

// TestDrawDrawsWhatTheSpecSays: the pixels where a series' frontier marker must be are its
// colour, and a card without series has no plot (its lower half is blank but for the footer).
func TestDrawDrawsWhatTheSpecSays(t *testing.T) {
	s := Spec{Title: "T", XLabel: "x", YLabel: "y", Series: []Series{{Name: "only", Color: "#e03131", Line: []Point{{10, 100}, {20, 50}}}}}
	img := decode(t, s)
	// ticks(20, 5) ends at 20 and ticks(100, 4) at 100: the point (20, 50) is at the plot's
	// right edge, half way up. Its marker is red.
	found := false
	for x := 700; x < legendLeft && !found; x++ {
		for y := 200; y < plotBottom; y++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if r>>8 == 0xe0 && g>>8 == 0x31 && b>>8 == 0x31 {
				found = true
				break
			}
		}
	}
	if !found {
		t.Error("no pixel of the series' colour right of x=700 in the plot, where its last marker is")
	}

	text := decode(t, Spec{Title: "Only text", Headline: "No chart"})
	for y := 300; y < plotBottom; y++ {
		for x := margin; x < Width-margin; x++ {
			if r, g, b, _ := text.At(x, y).RGBA(); r>>8 != 0xff || g>>8 != 0xff || b>>8 != 0xff {
				t.Fatalf("a card without series has a mark at (%d, %d): want a blank plot area", x, y)
			}
		}
	}
}

// TestDrawTakesAnyText: strings from the data are only drawn, whatever they hold.
func TestDrawTakesAnyText(t *testing.T) {
	long := strings.Repeat("DeepSeek-V4-Pro-Instruct-Preview ", 20)
	s := Spec{
		Title: long, Subtitle: "a\nb\tc\x00", Headline: long, Footer: "</script><img src=x onerror=alert(1)>",
		Series: []Series{{Name: long, Color: "not a colour", Points: []Point{{math.NaN(), 1}, {math.Inf(1), 2}}, Line: []Point{{1, 1}}}},
	}
	for range 12 {
		s.Series = append(s.Series, Series{Name: "中文 ✓", Color: "#abc", Dashed: true, Line: []Point{{0, 0}, {1e9, 1e12}}})
	}
	decode(t, s)
}

func decode(t *testing.T, s Spec) image.Image {
	t.Helper()
	b, err := Draw(s)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func TestTicks(t *testing.T) {
	for _, c := range []struct {
		max   float64
		n     int
		want  []float64
		label string // of the last tick
	}{
		{160, 5, []float64{0, 50, 100, 150, 200}, "200"},
		{7500, 4, []float64{0, 2000, 4000, 6000, 8000}, "8,000"},
		{23000, 4, []float64{0, 10000, 20000, 30000}, "30k"},
		{0.9, 4, []float64{0, 0.25, 0.5, 0.75, 1}, "1"},
		{0, 4, []float64{0, 1}, "1"},
	} {
		got := ticks(c.max, c.n)
		if !slices.Equal(got, c.want) {
			t.Errorf("ticks(%v, %d) = %v, want %v", c.max, c.n, got, c.want)
		}
		if l := tickLabel(got[len(got)-1], got); l != c.label {
			t.Errorf("last label of ticks(%v) = %q, want %q", c.max, l, c.label)
		}
	}
	if l := tickLabel(0, []float64{0, 10000, 20000}); l != "0" {
		t.Errorf("tickLabel(0) on a k axis = %q, want 0", l)
	}
	if l := tickLabel(0.25, []float64{0, 0.25, 0.5}); l != "0.25" {
		t.Errorf("tickLabel(0.25) = %q, want 0.25", l)
	}
}

// FuzzDraw: whatever the text and numbers, Draw gives a card-sized PNG and never panics.
func FuzzDraw(f *testing.F) {
	f.Add("DeepSeek-R1 1k/1k", "5,210 tok/s/GPU", "#2f9e44", 50.0, 5210.0, 120.0, 800.0, true)
	f.Add("</script>", "\x00\n\t", "#abc", 5e-324, 1e308, 0.0, math.Inf(1), false)
	f.Fuzz(func(t *testing.T, title, head, color string, x0, y0, x1, y1 float64, dashed bool) {
		s := Spec{Title: title, Headline: head, Subtitle: head, Footer: title, XLabel: title, YLabel: head,
			Series: []Series{{Name: title, Color: color, Dashed: dashed, Points: []Point{{x0, y0}, {x1, y1}}, Line: []Point{{x0, y0}, {x1, y1}}}}}
		b, err := Draw(s)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(b))
		if err != nil || cfg.Width != Width || cfg.Height != Height {
			t.Fatalf("not a %d×%d PNG: %v %v", Width, Height, cfg, err)
		}
	})
}

// TestBreakLinesKeepsEveryCharacter: a legend name is broken over lines that each fit, at
// spaces where it can be and inside a word too long for a line, and nothing is left out.
func TestBreakLinesKeepsEveryCharacter(t *testing.T) {
	c, err := newCanvas(newSurface())
	if err != nil {
		t.Fatal(err)
	}
	face := c.regular(legendSize)
	for _, name := range []string{"B200", "GB300 NVL72 (Dynamo TRTLLM, MTP) FP4", strings.Repeat("W", 60) + " end"} {
		lines := breakLines(face, name, 232)
		if got := strings.ReplaceAll(strings.Join(lines, ""), " ", ""); got != strings.ReplaceAll(name, " ", "") {
			t.Errorf("breakLines(%q) = %q: text lost", name, lines)
		}
		for _, l := range lines {
			if measure(face, l) > 232 || strings.Contains(l, "…") {
				t.Errorf("breakLines(%q): line %q is %.0f px wide, over 232", name, l, measure(face, l))
			}
		}
	}
	// breakLines measures a line a word at a time: to the same sum as the whole line.
	for _, s := range []string{"GB300 NVL72 (Dynamo TRTLLM, MTP) FP4", "AV To Wa", "中文 ✓ x", ""} {
		rs := []rune(s)
		a, p := measureFrom(face, -1, string(rs[:len(rs)/2]))
		b, _ := measureFrom(face, p, string(rs[len(rs)/2:]))
		if got, want := float64(a+b)/64, measure(face, s); got != want {
			t.Errorf("%q measured in two pieces is %v wide, whole %v", s, got, want)
		}
	}
	if lines := breakLines(face, "GB300 NVL72 (Dynamo TRTLLM, MTP) FP4", 232); len(lines) != 2 {
		t.Errorf("a 36-character name takes %d lines, want 2: %q", len(lines), lines)
	}
}

// compareSample is a card as a compare page gives it: two GPUs' frontiers, no dots, and a
// two-line sentence.
func compareSample() Spec {
	s := sample()
	s.Title = "MI300X vs MI355X: DeepSeek-R1-0528 1k/1k"
	s.Subtitle = "Every configuration of each GPU as one frontier · as of 2026-06-11"
	s.Headline = "At 20 tok/s/user, MI300X's curve does not reach (MI300X covers 24.6 to 68.6 tok/s/user); MI355X serves 4,245 tok/s/chip."
	s.Series = []Series{
		{Name: "MI300X", Color: "#e03131", Line: s.Series[0].Line},
		{Name: "MI355X", Color: "#c2255c", Dashed: true, Line: s.Series[1].Line},
	}
	return s
}

// TestLongTitleIsBrokenNotCut: a title, subtitle and headline too long for a line are broken
// over two lines each, smaller if need be, every character kept and no ellipsis; the chart
// moves down under them and is still drawn, and the second line of the title is on the card.
func TestLongTitleIsBrokenNotCut(t *testing.T) {
	s := sample()
	s.Title = "GB300 NVL72 vs MI355X: DeepSeek-R1-0528-Qwen3-8B-Distill-Preview-Instruct 8k/1k"
	s.Subtitle = "Every configuration of each GPU as one frontier, whatever its framework, precision or deployment · as of 2026-06-11"
	s.Headline = "At 20 tok/s/user, GB300 NVL72's curve does not reach (GB300 NVL72 covers 24.6 to 68.6 tok/s/user); MI355X serves 4,245 tok/s/chip."
	c, err := newCanvas(newSurface())
	if err != nil {
		t.Fatal(err)
	}
	blocks, first := c.textBlock(s)
	if len(blocks) != 3 {
		t.Fatalf("%d text blocks, want title, subtitle and headline", len(blocks))
	}
	y := first
	for i, want := range []string{s.Title, s.Subtitle, s.Headline} {
		b := blocks[i]
		if i > 0 {
			y += b.gap
		}
		y += float64(len(b.lines)-1) * b.step
		if got := strings.ReplaceAll(strings.Join(b.lines, ""), " ", ""); got != strings.ReplaceAll(want, " ", "") {
			t.Errorf("block %d is %q: text lost", i, b.lines)
		}
		if len(b.lines) > 2 {
			t.Errorf("block %d takes %d lines, want at most 2: %q", i, len(b.lines), b.lines)
		}
		for _, l := range b.lines {
			if w := measure(b.face, l); w > Width-2*margin || strings.Contains(l, "…") {
				t.Errorf("block %d: line %q is %.0f px wide (the room is %d) or cut", i, l, w, Width-2*margin)
			}
		}
	}
	if len(blocks[0].lines) != 2 {
		t.Errorf("the long title takes %d lines, want 2", len(blocks[0].lines))
	}
	if y+56 > plotBottom-minPlot {
		t.Errorf("the text ends at %.0f: no room left for the chart under it", y)
	}

	img := decode(t, s)
	// The title's second line: dark pixels (the title's colour) under the first line.
	second := int(first + blocks[0].step)
	dark := 0
	for yy := second - 20; yy < second; yy++ {
		for x := margin; x < Width-margin; x++ {
			if r, _, _, _ := img.At(x, yy).RGBA(); r>>8 < 0x40 {
				dark++
			}
		}
	}
	if dark < 100 {
		t.Errorf("%d dark pixels above the title's second baseline (y=%d), want its letters", dark, second)
	}
	if *write != "" {
		b, _ := Draw(s)
		os.WriteFile(strings.TrimSuffix(*write, ".png")+"-long.png", b, 0o644)
	}
}
