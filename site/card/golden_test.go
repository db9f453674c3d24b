package card

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/*.png with the cards as drawn now")

// manyColours is a card of 40 series in 40 colours, more blends than a palette holds.
func manyColours() Spec {
	s := sample()
	s.Series = nil
	for i := range 40 {
		var line []Point
		for x := 0.0; x <= 100; x += 10 {
			line = append(line, Point{x, float64((i*7)%40) + x*float64(i%5)/10})
		}
		s.Series = append(s.Series, Series{Name: "S", Color: "#" + string("0123456789abcdef"[i%16]) + "0" + string("fedcba9876543210"[i/3%16]) + "8" + string("37bf"[i%4]) + "1", Line: line, Points: line})
	}
	return s
}

// TestCardsLookAsBefore: a chart page's card, a compare page's and one of a full palette
// decode to the pixels and colours of the cards in testdata (go test ./site/card -run
// CardsLookAsBefore -update rewrites them from Draw). Their bytes may change with the
// encoder; a pixel changed by the drawing or by the encoder shows here.
func TestCardsLookAsBefore(t *testing.T) {
	for name, s := range map[string]Spec{"chart": sample(), "compare": compareSample(), "many-colours": manyColours()} {
		t.Run(name, func(t *testing.T) {
			b, err := Draw(s)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", name+".png")
			if *update {
				if err := os.WriteFile(path, b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			old, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			got, want := decodePaletted(t, b), decodePaletted(t, old)
			if got.Rect != want.Rect {
				t.Fatalf("bounds %v, want %v", got.Rect, want.Rect)
			}
			if len(got.Palette) != len(want.Palette) {
				t.Fatalf("%d colours, want %d", len(got.Palette), len(want.Palette))
			}
			for i := range got.Palette {
				if !sameColor(got.Palette[i], want.Palette[i]) {
					t.Fatalf("colour %d is %v, want %v", i, got.Palette[i], want.Palette[i])
				}
			}
			if !bytes.Equal(got.Pix, want.Pix) {
				n := 0
				for i := range got.Pix {
					if got.Pix[i] != want.Pix[i] {
						n++
					}
				}
				t.Fatalf("%d pixels differ from the card in %s", n, path)
			}
		})
	}
}

// decodePaletted decodes a PNG that must be an indexed image.
func decodePaletted(t *testing.T, b []byte) *image.Paletted {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	p, ok := img.(*image.Paletted)
	if !ok {
		t.Fatalf("decoded as %T, want an indexed image", img)
	}
	return p
}

// sameColor reports whether a and b are the same colour, in 16 bits a channel.
func sameColor(a, b color.Color) bool {
	return color.RGBA64Model.Convert(a) == color.RGBA64Model.Convert(b)
}
