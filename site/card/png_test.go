package card

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math/rand/v2"
	"testing"
)

// TestEncodePNGIsLossless: image/png reads back every pixel of a card, of random noise (no
// runs), and of runs of every length across row ends (zero runs of 1 to 300 bytes, and the
// matches' length boundaries).
func TestEncodePNGIsLossless(t *testing.T) {
	sf := newSurface()
	c, err := newCanvas(sf)
	if err != nil {
		t.Fatal(err)
	}
	c.layout(sample())
	card := sf.img

	rng := rand.New(rand.NewPCG(1, 2))
	noise := image.NewRGBA(image.Rect(0, 0, 97, 31))
	for i := range noise.Pix {
		noise.Pix[i] = byte(rng.IntN(256))
		if i%4 == 3 {
			noise.Pix[i] = 0xff
		}
	}
	runs := image.NewRGBA(image.Rect(0, 0, 101, 60))
	x, col := 0, color.RGBA{0, 0, 0, 0xff}
	for n := 1; x < 101*60; n++ {
		for k := 0; k < n%90+1 && x < 101*60; k++ {
			runs.SetRGBA(x%101, x/101, col)
			x++
		}
		col.R += 37
		if n%3 == 0 {
			col.G += 11 // a run whose first byte's difference is zero
		}
	}
	for name, img := range map[string]*image.RGBA{"card": card, "noise": noise, "runs": runs} {
		var buf bytes.Buffer
		if err := encodePNG(&buf, img, nil); err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(&buf)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got.Bounds() != img.Bounds() {
			t.Fatalf("%s: bounds %v, want %v", name, got.Bounds(), img.Bounds())
		}
		for y := 0; y < img.Bounds().Dy(); y++ {
			for x := 0; x < img.Bounds().Dx(); x++ {
				r, g, b, _ := got.At(x, y).RGBA()
				w := img.RGBAAt(x, y)
				if byte(r>>8) != w.R || byte(g>>8) != w.G || byte(b>>8) != w.B {
					t.Fatalf("%s: pixel (%d, %d) is %x %x %x, want %v", name, x, y, r>>8, g>>8, b>>8, w)
				}
			}
		}
	}
}

// TestEncodePNGRuns: the zero runs are written as matches, so a blank card is small.
func TestEncodePNGRuns(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, Width, Height))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	var buf bytes.Buffer
	if err := encodePNG(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	if buf.Len() > 20000 {
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

// TestGlyphPaintsAsDrawMask: a glyph painted through its mask gives the bytes image/draw's
// DrawMask with draw.Over gives, on any background, clipped at the card's edges.
func TestGlyphPaintsAsDrawMask(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	mask := image.NewAlpha(image.Rect(-3, -40, 37, 12))
	for i := range mask.Pix {
		mask.Pix[i] = []byte{0, 0xff, byte(rng.IntN(256))}[rng.IntN(3)]
	}
	col := color.NRGBA{0x17, 0x20, 0x2b, 0xff}
	for _, at := range []image.Point{{100, 100}, {-10, 20}, {Width - 15, Height - 5}} {
		got, want := newSurface(), newSurface()
		for i := range got.img.Pix {
			got.img.Pix[i] = byte(rng.IntN(256))
		}
		copy(want.img.Pix, got.img.Pix)
		dr := mask.Rect.Add(at)
		c, err := newCanvas(got)
		if err != nil {
			t.Fatal(err)
		}
		c.glyph(dr, mask, mask.Rect.Min, col)
		draw.DrawMask(want.img, dr, image.NewUniform(col), image.Point{}, mask, mask.Rect.Min, draw.Over)
		if !bytes.Equal(got.img.Pix, want.img.Pix) {
			t.Errorf("the glyph at %v differs from draw.DrawMask's", at)
		}
	}
}
