package card

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"math/rand/v2"
	"testing"
)

// drawn is the card of s on a fresh surface, its palette set, as Draw encodes it.
func drawn(t *testing.T, s Spec) *surface {
	t.Helper()
	sf := newSurface()
	c, err := newCanvas(sf)
	if err != nil {
		t.Fatal(err)
	}
	c.layout(s)
	sf.img.Palette = sf.palette()
	return sf
}

// TestEncodePNGIsLossless: image/png reads back every pixel and the palette of a card, of
// random noise in 256 colours (no runs), and of runs of every length across row ends (zero
// runs of 1 to 300 bytes, and the matches' length boundaries).
func TestEncodePNGIsLossless(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pal := make(color.Palette, 256)
	for i := range pal {
		pal[i] = color.RGBA{byte(rng.IntN(256)), byte(rng.IntN(256)), byte(rng.IntN(256)), 0xff}
	}
	noise := image.NewPaletted(image.Rect(0, 0, 97, 31), pal)
	for i := range noise.Pix {
		noise.Pix[i] = byte(rng.IntN(256))
	}
	runs := image.NewPaletted(image.Rect(0, 0, 101, 60), pal[:7])
	x, col := 0, uint8(0)
	for n := 1; x < 101*60; n++ {
		for k := 0; k < n%300+1 && x < 101*60; k++ {
			runs.Pix[x] = col
			x++
		}
		col = (col + 3) % 7
	}
	for name, img := range map[string]*image.Paletted{"card": drawn(t, sample()).img, "compare card": drawn(t, compareSample()).img, "noise": noise, "runs": runs} {
		var buf bytes.Buffer
		if err := encodePNG(&buf, img, nil); err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(&buf)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		p, ok := got.(*image.Paletted)
		if !ok {
			t.Fatalf("%s: decoded as %T, want an indexed image", name, got)
		}
		if p.Bounds() != img.Bounds() {
			t.Fatalf("%s: bounds %v, want %v", name, p.Bounds(), img.Bounds())
		}
		if len(p.Palette) != len(img.Palette) {
			t.Fatalf("%s: %d colours, want %d", name, len(p.Palette), len(img.Palette))
		}
		for i := range p.Palette {
			if r, g, b, a := p.Palette[i].RGBA(); color.RGBA64(color.RGBA64{uint16(r), uint16(g), uint16(b), uint16(a)}) != color.RGBA64Model.Convert(img.Palette[i]) {
				t.Fatalf("%s: colour %d is %v, want %v", name, i, p.Palette[i], img.Palette[i])
			}
		}
		if !bytes.Equal(p.Pix, img.Pix) {
			t.Fatalf("%s: the decoded pixels differ from the drawn ones", name)
		}
	}
}

// TestEncodePNGRuns: the zero runs are written as matches, so a blank card is small.
func TestEncodePNGRuns(t *testing.T) {
	img := image.NewPaletted(image.Rect(0, 0, Width, Height), color.Palette{color.White})
	var buf bytes.Buffer
	if err := encodePNG(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	if buf.Len() > 10000 {
		t.Errorf("a white card is %d bytes, want a few KB", buf.Len())
	}
}

// TestEncodePNGSkipsOnlyWhite: the PNG of a card is the same whether the encoder reads every
// pixel or takes the columns not drawn on as white, and a surface put back to the background
// after one card draws the next as a fresh one does.
func TestEncodePNGSkipsOnlyWhite(t *testing.T) {
	other := sample()
	other.Title, other.Series = "Another page, another title, wider than the first one was", other.Series[:1]
	other.Series[0].Line = append(other.Series[0].Line, Point{390, 12000})
	draw := func(sf *surface, s Spec) {
		t.Helper()
		sf.reset()
		c, err := newCanvas(sf)
		if err != nil {
			t.Fatal(err)
		}
		c.layout(s)
		sf.img.Palette = sf.palette()
	}
	encode := func(sf *surface, dirty []uint64) []byte {
		t.Helper()
		var buf bytes.Buffer
		if err := encodePNG(&buf, sf.img, dirty); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	used, fresh := newSurface(), newSurface()
	draw(used, other)
	draw(used, sample())
	draw(fresh, sample())
	if !bytes.Equal(used.img.Pix, fresh.img.Pix) {
		t.Fatal("a card drawn on a used surface differs from one drawn on a fresh one")
	}
	if got, want := encode(fresh, fresh.dirty[:]), encode(fresh, nil); !bytes.Equal(got, want) {
		t.Fatalf("the PNG skipping clean columns (%d bytes) differs from the one reading every pixel (%d bytes)", len(got), len(want))
	}
}

// TestPaintBlendsAsDrawOver: inks painted through masks, one over another, give the colours
// image/draw's DrawMask with draw.Over gives for the masks rounded to the card's levels of
// coverage, clipped at the card's edges; a mask's rounding is to the nearest level; one ink
// over itself covers as the larger of its two levels.
func TestPaintBlendsAsDrawOver(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	sf := newSurface()
	c, err := newCanvas(sf)
	if err != nil {
		t.Fatal(err)
	}
	want := image.NewRGBA(image.Rect(0, 0, Width, Height))
	draw.Draw(want, want.Bounds(), image.White, image.Point{}, draw.Src)
	draw.Draw(want, image.Rect(0, 0, accentWidth, Height), image.NewUniform(colAccent), image.Point{}, draw.Src)
	inks := []color.NRGBA{colFG, rgb(0xe0, 0x31, 0x31), rgb(0x2f, 0x9e, 0x44), rgb(0x0b, 0x6b, 0xcb), rgb(0x9c, 0x36, 0xb5)}
	for i, at := range []image.Point{{100, 100}, {120, 110}, {-10, 20}, {Width - 15, Height - 5}, {110, 90}} {
		mask := image.NewAlpha(image.Rect(-3, -40, 37, 12))
		for k := range mask.Pix {
			mask.Pix[k] = []byte{0, 0xff, 100, 30, 8}[rng.IntN(5)]
		}
		col := inks[i%len(inks)]
		dr := mask.Rect.Add(at)
		c.glyph(dr, mask, mask.Rect.Min, c.pal.ink(col))
		q := image.NewAlpha(mask.Rect)
		for k, a := range mask.Pix {
			q.Pix[k] = coverage[a] * (255 / (levels - 1))
		}
		draw.DrawMask(want, dr, image.NewUniform(col), image.Point{}, q, mask.Rect.Min, draw.Over)
	}
	if sf.pal.n > 256 {
		t.Fatalf("%d colours", sf.pal.n)
	}
	for y := range Height {
		for x := range Width {
			g := sf.pal.rgb[sf.img.Pix[y*Width+x]]
			w := want.RGBAAt(x, y)
			if g != [3]uint8{w.R, w.G, w.B} {
				t.Fatalf("pixel (%d, %d) is %v, want %v", x, y, g, w)
			}
		}
	}
	// A second coat of one ink covers as much as the larger of the two, not more.
	c.pal.reset()
	id := c.pal.ink(inks[1])
	for _, l := range [][2]uint8{{5, 9}, {9, 5}, {15, 3}, {4, 4}} {
		got := c.pal.blend(c.pal.blend(0, id, l[0]), id, l[1])
		if want := c.pal.blend(0, id, max(l[0], l[1])); got != want {
			t.Errorf("levels %d then %d of one ink give %v, want %v (level %d)", l[0], l[1], c.pal.rgb[got], c.pal.rgb[want], max(l[0], l[1]))
		}
	}
	if coverage[0] != 0 || coverage[255] != levels-1 || coverage[8] != 0 || coverage[9] != 1 {
		t.Errorf("coverage rounds 0, 8, 9, 255 to %d, %d, %d, %d", coverage[0], coverage[8], coverage[9], coverage[255])
	}
}

// circle adds a disc of radius r at (x, y) to the path, the polygon a dot is stamped from.
func (c *canvas) circle(x, y, r float64) {
	var pts [len(unitCircle)][2]float64
	for i, u := range unitCircle {
		pts[i] = [2]float64{x + r*u[0], y + r*u[1]}
	}
	c.polygon(pts[:])
}

// TestDotIsTheCircle: a disc stamped from the cache covers what the circle's polygon filled
// at the same place does (its centre rounded to a quarter pixel), whatever the position's
// fraction.
func TestDotIsTheCircle(t *testing.T) {
	col := rgb(0xe0, 0x31, 0x31)
	for _, d := range [][3]float64{{100, 100, 5}, {200.3, 150.77, 5}, {300.5, 99.125, 1.5}, {41.9, 300.01, 3.5}, {5, 5, 5}} {
		a, b := newSurface(), newSurface()
		ca, _ := newCanvas(a)
		cb, _ := newCanvas(b)
		ca.dot(d[0], d[1], d[2], col)
		q := func(v float64) float64 { return math.Floor(v) + math.Round((v-math.Floor(v))*4)/4 }
		cb.circle(q(d[0]), q(d[1]), d[2])
		cb.fill(col)
		off, covered := 0, 0
		for i := range a.img.Pix {
			ga, gb := a.pal.rgb[a.img.Pix[i]], b.pal.rgb[b.img.Pix[i]]
			if gb != a.pal.rgb[0] {
				covered++
			}
			for k := range 3 {
				if e := int(ga[k]) - int(gb[k]); e > 18 || e < -18 { // one level of coverage
					off++
					break
				}
			}
		}
		if off > 0 || covered < int(d[2]*d[2]*2) {
			t.Errorf("the dot at %v: %d pixels off by more than a level from the circle's %d", d, off, covered)
		}
	}
}

// TestManyColoursKeepAPalette: a card of more colours than a palette holds takes the nearest
// for the rest, and still reads back as drawn.
func TestManyColoursKeepAPalette(t *testing.T) {
	sf := drawn(t, manyColours())
	if sf.pal.n != 256 {
		t.Fatalf("%d colours, want a full palette of 256", sf.pal.n)
	}
	var buf bytes.Buffer
	if err := encodePNG(&buf, sf.img, sf.dirty[:]); err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := got.(*image.Paletted); !ok || !bytes.Equal(p.Pix, sf.img.Pix) || len(p.Palette) != 256 {
		t.Error("a card of a full palette does not read back as drawn")
	}
}
