package card

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// glyphKey is one rasterized glyph: the face (weight and size), the rune, and where in its
// pixel the glyph's origin falls, in quarters of a pixel across (text starts at quarter-pixel
// steps) and whole pixels down (baselines are on the pixel grid).
type glyphKey struct {
	weight, size int
	r            rune
	qx           fixed.Int26_6
}

// glyph is a rasterized glyph, its box relative to the pixel its origin is in: its coverage
// mask, and the same as the card paints it, the level of each pixel (a row of dr.Dx() bytes
// a row) and each row's span of covered pixels (from, to, from dr.Min.X).
type glyph struct {
	dr      image.Rectangle
	mask    *image.Alpha
	levels  []uint8
	spans   [][2]uint16
	advance fixed.Int26_6
	ok      bool
}

// glyphs keeps every glyph drawn, for every Draw: a build draws a card per page, thousands
// with the compare pages, from the same few hundred glyphs, and rasterizing each glyph of
// each card again was a quarter of drawing one. At most four per rune, face and size: a few
// megabytes for every glyph of the Go fonts' Latin range at the card's sizes.
var glyphs sync.Map // glyphKey -> *glyph

// cachedFace is a face whose Glyph comes from glyphs: the same bytes whichever Draw
// rasterized a glyph first, since a glyph's pixels depend on its key alone.
type cachedFace struct {
	font.Face
	weight, size int
	m            *metrics
}

// metrics keeps a surface's faces' advances and kerning, by weight, size and runes: a card
// measures its text to break it into lines, again at each size it tries, and the font's
// own look-up of a rune's glyph was a tenth of drawing a card.
type metrics struct {
	adv, kern map[uint64]fixed.Int26_6
	// glyphs are the glyphs of glyphs this surface has drawn: a plain map, read without
	// the shared one's synchronisation (a card draws some 350 glyphs).
	glyphs map[glyphKey]*glyph
}

// GlyphAdvance is font.Face's, from f.m.
func (f cachedFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	k := uint64(f.weight)<<62 | uint64(f.size)<<48 | uint64(uint32(r))
	if a, ok := f.m.adv[k]; ok {
		return a, true
	}
	a, ok := f.Face.GlyphAdvance(r)
	if ok {
		f.m.adv[k] = a
	}
	return a, ok
}

// Kern is font.Face's, from f.m.
func (f cachedFace) Kern(r0, r1 rune) fixed.Int26_6 {
	k := uint64(f.weight)<<62 | uint64(f.size)<<48 | uint64(uint32(r0)&0xffffff)<<24 | uint64(uint32(r1)&0xffffff)
	if r0 > 0xffffff || r1 > 0xffffff {
		return f.Face.Kern(r0, r1)
	}
	if a, ok := f.m.kern[k]; ok {
		return a
	}
	a := f.Face.Kern(r0, r1)
	f.m.kern[k] = a
	return a
}

// Glyph is font.Face's, with the origin snapped to a quarter pixel across and a whole pixel
// down; the mask must not be changed (font.Drawer only reads it).
func (f cachedFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	g, off := f.cached(dot, r)
	if !g.ok {
		return image.Rectangle{}, nil, image.Point{}, g.advance, false
	}
	return g.dr.Add(off), g.mask, g.dr.Min, g.advance, true
}

// cached is the glyph of r with its origin at dot, and the pixel its origin is snapped to.
func (f cachedFace) cached(dot fixed.Point26_6, r rune) (*glyph, image.Point) {
	x, y := dot.X&^15, (dot.Y+32)&^63 // a quarter pixel across, the nearest pixel down
	k := glyphKey{f.weight, f.size, r, x & 63}
	if g, ok := f.m.glyphs[k]; ok {
		return g, image.Pt(x.Floor(), y.Floor())
	}
	v, ok := glyphs.Load(k)
	if !ok {
		dr, mask, mp, adv, ok := f.Face.Glyph(fixed.Point26_6{X: x & 63}, r)
		g := &glyph{dr: dr, advance: adv, ok: ok}
		if ok {
			// The face reuses its mask: keep a copy, its box at dr.
			m := image.NewAlpha(dr)
			for yy := dr.Min.Y; yy < dr.Max.Y; yy++ {
				for xx := dr.Min.X; xx < dr.Max.X; xx++ {
					_, _, _, a := mask.At(mp.X+xx-dr.Min.X, mp.Y+yy-dr.Min.Y).RGBA()
					m.SetAlpha(xx, yy, color.Alpha{A: uint8(a >> 8)})
				}
			}
			g.mask = m
			g.levels, g.spans = levelsOf(m)
		}
		v, _ = glyphs.LoadOrStore(k, g)
	}
	f.m.glyphs[k] = v.(*glyph)
	return v.(*glyph), image.Pt(x.Floor(), y.Floor())
}

// levelsOf is a mask's coverage as the card paints it: each pixel's level (a row of
// m.Rect.Dx() bytes a row), and each row's span of covered pixels.
func levelsOf(m *image.Alpha) ([]uint8, [][2]uint16) {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	levels, spans := make([]uint8, w*h), make([][2]uint16, h)
	for y := range h {
		lo, hi := w, 0
		for x := range w {
			if l := coverage[m.Pix[y*m.Stride+x]]; l > 0 {
				levels[y*w+x] = l
				lo, hi = min(lo, x), x+1
			}
		}
		if lo < hi {
			spans[y] = [2]uint16{uint16(lo), uint16(hi)}
		}
	}
	return levels, spans
}

// dotKey is one disc: its radius and where in its pixel its centre is, in quarters of a
// pixel.
type dotKey struct{ r, qx, qy int }

// dots keeps every disc drawn, for every Draw, as glyphs does glyphs: a card has a marker at
// every point of every line and a join between its segments, each otherwise a polygon of
// 24 corners to rasterize.
var dots sync.Map // dotKey -> *glyph

// dot paints a disc of radius r at (x, y) in col, its centre rounded to a quarter pixel.
func (c *canvas) dot(x, y, r float64, col color.NRGBA) {
	if !(x > -100 && x < Width+100 && y > -100 && y < Height+100 && r > 0 && r < 50) {
		return
	}
	px, py := int(math.Floor(x)), int(math.Floor(y))
	k := dotKey{int(math.Round(r * 4)), int(math.Round((x - float64(px)) * 4)), int(math.Round((y - float64(py)) * 4))}
	v, ok := dots.Load(k)
	if !ok {
		// The disc in a box from -b to b+1 around the pixel its centre is in.
		b := k.r/4 + 2
		m := image.NewAlpha(image.Rect(0, 0, 2*b+1, 2*b+1))
		var z vector.Rasterizer
		z.Reset(2*b+1, 2*b+1)
		cx, cy, rr := float64(b)+float64(k.qx)/4, float64(b)+float64(k.qy)/4, float64(k.r)/4
		for i, u := range unitCircle {
			px, py := float32(cx+rr*u[0]), float32(cy+rr*u[1])
			if i == 0 {
				z.MoveTo(px, py)
			} else {
				z.LineTo(px, py)
			}
		}
		z.ClosePath()
		z.DrawOp = draw.Src
		z.Draw(m, m.Rect, image.Opaque, image.Point{})
		g := &glyph{dr: image.Rect(-b, -b, b+1, b+1), ok: true}
		g.levels, g.spans = levelsOf(m)
		v, _ = dots.LoadOrStore(k, g)
	}
	c.paintGlyph(v.(*glyph), image.Pt(px, py), c.pal.ink(col))
}
