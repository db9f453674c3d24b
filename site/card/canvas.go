package card

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// FontLicense is the licence of the Go fonts the cards are drawn with (Bigelow & Holmes,
// BSD-style). The binary embeds the fonts, so it carries this text with them, as the licence
// asks of a redistribution in binary form.
//
//go:embed gofont.LICENSE.txt
var FontLicense string

// goFonts are the two faces the cards use, parsed once; an sfnt.Font is safe for concurrent
// use, its faces are not (each Draw makes its own).
var goFonts = sync.OnceValues(func() ([2]*sfnt.Font, error) {
	var fs [2]*sfnt.Font
	// Reading the licence here also keeps it in every binary that draws with the fonts: the
	// linker drops a variable nothing reaches.
	if !strings.Contains(FontLicense, "Bigelow & Holmes") {
		return fs, errors.New("card: the Go fonts' licence is missing")
	}
	for i, ttf := range [][]byte{goregular.TTF, gobold.TTF} {
		f, err := opentype.Parse(ttf)
		if err != nil {
			return fs, err
		}
		fs[i] = f
	}
	return fs, nil
})

// canvas is one card being drawn on its surface.
type canvas struct {
	*surface
	fonts [2]*sfnt.Font
}

// tileWidth is the width of the columns a surface keeps track of as drawn on, a bit each in
// a uint64 per row: what encodePNG need not read and the next card need not clear. The first
// column holds the accent bar.
const tileWidth = 32

// The columns fit in a uint64, and the accent bar in the first.
const _ = uint(64*tileWidth-Width) + uint(tileWidth-accentWidth)

// surface is what a card is drawn with, kept between Draws: the image (an index a pixel into
// pal), which of its columns (tileWidth pixels of a row) have been drawn on since it last
// was the background (a new card puts back only those, and the PNG encoder knows the rest
// to be white), the rasterizer, its coverage mask and the path being built for the next fill.
type surface struct {
	img   *image.Paletted
	dirty [Height]uint64
	pal   palette
	z     vector.Rasterizer
	mask  []uint8
	path  []pathOp
	// faces are the faces made so far, by weight and size, with their metrics: a face is
	// not safe for concurrent use, and a surface is only ever drawn on by one Draw.
	faces map[[2]int]font.Face
	m     metrics
}

// background is every card's pixels before anything is drawn on it: white (index 0), with
// the accent bar (index 1) down the left edge.
var background = sync.OnceValue(func() []uint8 {
	pix := make([]uint8, Width*Height)
	for y := range Height {
		for x := range accentWidth {
			pix[y*Width+x] = 1
		}
	}
	return pix
})

func newSurface() *surface {
	s := &surface{img: image.NewPaletted(image.Rect(0, 0, Width, Height), nil)}
	copy(s.img.Pix, background())
	s.pal.reset()
	return s
}

// reset puts the background back where s was drawn on, and empties the palette.
func (s *surface) reset() {
	bg := background()
	for y, d := range s.dirty {
		if d == 0 {
			continue
		}
		lo, hi := bits.TrailingZeros64(d)*tileWidth, (64-bits.LeadingZeros64(d))*tileWidth
		i, j := s.img.PixOffset(lo, y), s.img.PixOffset(min(hi, Width), y)
		clear(s.img.Pix[i:j]) // white, which is all of the background right of the accent bar
		if lo == 0 {
			copy(s.img.Pix[i:i+accentWidth], bg[i:i+accentWidth])
		}
		s.dirty[y] = 0
	}
	s.pal.reset()
}

// palette returns the colours of the card drawn on s, as image/png's Paletted has them.
func (s *surface) palette() color.Palette {
	p := make(color.Palette, s.pal.n)
	for i := range p {
		c := s.pal.rgb[i]
		p[i] = color.RGBA{c[0], c[1], c[2], 0xff}
	}
	return p
}

// mark notes that r is drawn on.
func (c *canvas) mark(r image.Rectangle) {
	r = r.Intersect(c.img.Bounds())
	if r.Empty() {
		return
	}
	lo, hi := r.Min.X/tileWidth, (r.Max.X-1)/tileWidth
	m := (uint64(2)<<hi - 1) &^ (uint64(1)<<lo - 1)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		c.dirty[y] |= m
	}
}

// paint lays ink id through a coverage mask (stride bytes a row, its first pixel at r.Min)
// over r of the card, each coverage rounded to its level, and marks r drawn on. It rounds
// the mask in place.
func (c *canvas) paint(r image.Rectangle, mask []uint8, stride int, id int) {
	w := r.Dx()
	for y := 0; y < r.Dy(); y++ {
		m := mask[y*stride:][:w]
		// Only the covered span is rounded and painted: a slanted segment's box is mostly
		// empty.
		lo, hi := 0, w
		for lo+8 <= hi && binary.LittleEndian.Uint64(m[lo:]) == 0 {
			lo += 8
		}
		for hi-8 >= lo && binary.LittleEndian.Uint64(m[hi-8:]) == 0 {
			hi -= 8
		}
		for x := lo; x < hi; x++ {
			m[x] = coverage[m[x]]
		}
		if lo < hi {
			c.paintRow(c.img.Pix[c.img.PixOffset(r.Min.X+lo, r.Min.Y+y):][:hi-lo], m[lo:hi], id)
		}
	}
	c.mark(r)
}

// paintRow lays ink id over row through lv, the level of each of its pixels.
func (c *canvas) paintRow(row, lv []uint8, id int) {
	p := &c.pal
	ow := &p.inks[id].overWhite
	top := uint8(levels) // the level at which the ink gives one colour over any: full, if opaque
	if p.inks[id].col.A == 0xff {
		top = levels - 1
		if ow[top] < 0 {
			p.blend(0, id, top)
		}
	}
	row = row[:len(lv)]
	// Eight pixels at a time where all eight are white (most of what text is laid on): each
	// takes its level's colour over white, level 0 white itself, without a branch per pixel
	// on what is under it. The colours are made in the same order as one at a time.
	x0 := 0
	for ; x0+8 <= len(lv); x0 += 8 {
		if binary.LittleEndian.Uint64(row[x0:]) != 0 {
			break
		}
		r, l := (*[8]uint8)(row[x0:]), (*[8]uint8)(lv[x0:])
		for i, li := range l {
			v := ow[li&(levels-1)]
			if v < 0 {
				v = int16(p.blend(0, id, li))
			}
			r[i] = uint8(v)
		}
	}
	for x := x0; x < len(lv); x++ {
		l := lv[x]
		if l == 0 {
			continue
		}
		d := row[x]
		if d == 0 || l == top { // over white, as most edges are, or covering
			if v := ow[l]; v >= 0 {
				row[x] = uint8(v)
				continue
			}
		}
		row[x] = p.blend(d, id, l)
	}
}

// paintGlyph lays ink id through a cached glyph whose origin's pixel is at off.
func (c *canvas) paintGlyph(g *glyph, off image.Point, id int) {
	dr := g.dr.Add(off)
	r := dr.Intersect(c.img.Bounds())
	if r.Empty() {
		return
	}
	w := g.dr.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		gy := y - dr.Min.Y
		lo, hi := max(dr.Min.X+int(g.spans[gy][0]), r.Min.X), min(dr.Min.X+int(g.spans[gy][1]), r.Max.X)
		if lo >= hi {
			continue
		}
		lv := g.levels[gy*w+lo-dr.Min.X:][:hi-lo]
		c.paintRow(c.img.Pix[c.img.PixOffset(lo, y):][:hi-lo], lv, id)
	}
	c.mark(r)
}

// pathOp is one step of a path: start a polygon at (x, y), or draw a line to it.
type pathOp struct {
	move bool
	x, y float32
}

func newCanvas(s *surface) (*canvas, error) {
	fs, err := goFonts()
	if err != nil {
		return nil, err
	}
	if s.faces == nil {
		s.faces = map[[2]int]font.Face{}
		s.m = metrics{adv: map[uint64]fixed.Int26_6{}, kern: map[uint64]fixed.Int26_6{}, glyphs: map[glyphKey]*glyph{}}
	}
	return &canvas{surface: s, fonts: fs}, nil
}

func rgb(r, g, b uint8) color.NRGBA { return color.NRGBA{r, g, b, 0xff} }

// parseColor reads "#rrggbb" or "#rgb"; anything else is grey.
func parseColor(s string) color.NRGBA {
	grey := rgb(0x86, 0x8e, 0x96)
	if len(s) == 4 && s[0] == '#' {
		s = "#" + strings.Repeat(s[1:2], 2) + strings.Repeat(s[2:3], 2) + strings.Repeat(s[3:4], 2)
	}
	if len(s) != 7 || s[0] != '#' {
		return grey
	}
	n, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return grey
	}
	return rgb(uint8(n>>16), uint8(n>>8), uint8(n))
}

// rect fills a rectangle, anti-aliased at fractional edges.
func (c *canvas) rect(x0, y0, x1, y1 float64, col color.NRGBA) {
	c.polygon([][2]float64{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}})
	c.fill(col)
}

// polygon adds a closed polygon to the path, counter-clockwise whichever way it was given:
// the rasterizer adds up signed coverage, so shapes of opposite turn that overlap (a segment
// of a line and the dot at its end) would cancel out rather than merge.
func (c *canvas) polygon(pts [][2]float64) {
	if len(pts) < 3 {
		return
	}
	area := 0.0
	for i, p := range pts {
		q := pts[(i+1)%len(pts)]
		area += p[0]*q[1] - q[0]*p[1]
	}
	n := len(pts)
	for i := range n {
		p := pts[i]
		if area < 0 {
			p = pts[n-1-i]
		}
		c.path = append(c.path, pathOp{move: i == 0, x: float32(p[0]), y: float32(p[1])})
	}
}

// unitCircle are the corners of a disc's polygon (dot), on the unit circle.
var unitCircle = func() (t [24][2]float64) {
	for i := range t {
		a := 2 * math.Pi * float64(i) / float64(len(t))
		t[i] = [2]float64{math.Cos(a), math.Sin(a)}
	}
	return t
}()

// polyline draws a line of width w through pts in col, with round joins and ends. Each
// segment is filled on its own: the rasterizer works over a fill's bounding box, and a line
// across the plot in one fill would cover the whole plot.
func (c *canvas) polyline(pts [][2]float64, w float64, col color.NRGBA) {
	for i, p := range pts {
		if i > 0 {
			c.segment(pts[i-1], p, w)
			c.fill(col)
		}
		c.dot(p[0], p[1], w/2, col) // the round join, or end
	}
}

// segment adds the rectangle of width w from a to b.
func (c *canvas) segment(a, b [2]float64, w float64) {
	dx, dy := b[0]-a[0], b[1]-a[1]
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*w/2, dx/l*w/2
	c.polygon([][2]float64{{a[0] + nx, a[1] + ny}, {b[0] + nx, b[1] + ny}, {b[0] - nx, b[1] - ny}, {a[0] - nx, a[1] - ny}})
}

// dashed draws a dashed line of width w through pts in col: on for dash pixels, off for gap,
// along the whole line, so the pattern runs on through its corners. Each dash is one fill.
func (c *canvas) dashed(pts [][2]float64, w, dash, gap float64, col color.NRGBA) {
	pos := 0.0 // where along the pattern the next segment starts
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		l := math.Hypot(b[0]-a[0], b[1]-a[1])
		at := func(t float64) [2]float64 { return [2]float64{a[0] + (b[0]-a[0])*t/l, a[1] + (b[1]-a[1])*t/l} }
		for t := 0.0; t < l; {
			phase := math.Mod(pos, dash+gap)
			step := math.Min(l-t, dash+gap-phase)
			if phase < dash {
				step = math.Min(l-t, dash-phase)
				c.segment(at(t), at(t+step), w)
				c.fill(col)
			}
			t += step
			pos += step
		}
	}
}

// fill paints the path built since the last fill in col, and starts a new one. The
// rasterizer covers only the path's bounding box, not the whole card.
func (c *canvas) fill(col color.NRGBA) {
	defer func() { c.path = c.path[:0] }()
	if len(c.path) == 0 {
		return
	}
	x0, y0 := float32(math.Inf(1)), float32(math.Inf(1))
	x1, y1 := float32(math.Inf(-1)), float32(math.Inf(-1))
	for _, op := range c.path {
		x0, y0, x1, y1 = min(x0, op.x), min(y0, op.y), max(x1, op.x), max(y1, op.y)
	}
	r := image.Rect(int(math.Floor(float64(x0))), int(math.Floor(float64(y0))), int(math.Ceil(float64(x1))), int(math.Ceil(float64(y1)))).Intersect(c.img.Bounds())
	if r.Empty() {
		return
	}
	w, h := r.Dx(), r.Dy()
	c.z.Reset(w, h)
	c.z.DrawOp = draw.Src
	ox, oy := float32(r.Min.X), float32(r.Min.Y)
	for _, op := range c.path {
		if op.move {
			c.z.ClosePath()
			c.z.MoveTo(op.x-ox, op.y-oy)
		} else {
			c.z.LineTo(op.x-ox, op.y-oy)
		}
	}
	c.z.ClosePath()
	if cap(c.mask) < w*h {
		c.mask = make([]uint8, w*h)
	}
	// The coverage as an alpha mask the size of r: the rasterizer's fastest path.
	m := &image.Alpha{Pix: c.mask[:w*h], Stride: w, Rect: image.Rect(0, 0, w, h)}
	c.z.Draw(m, m.Rect, image.Opaque, image.Point{})
	c.paint(r, m.Pix, w, c.pal.ink(col))
}

// face returns the Go face of a weight (0 regular, 1 bold) and size in pixels.
func (c *canvas) face(weight, size int) font.Face {
	k := [2]int{weight, size}
	if f, ok := c.faces[k]; ok {
		return f
	}
	f, err := opentype.NewFace(c.fonts[weight], &opentype.FaceOptions{Size: float64(size), DPI: 72, Hinting: font.HintingNone})
	if err != nil { // only for a size or DPI out of range, which ours never are
		panic("card: " + err.Error())
	}
	cf := cachedFace{Face: f, weight: weight, size: size, m: &c.m}
	c.faces[k] = cf
	return cf
}

func (c *canvas) regular(size int) font.Face { return c.face(0, size) }
func (c *canvas) bold(size int) font.Face    { return c.face(1, size) }

// text draws s with its baseline's left end at (x, y), whole: a caller fits it to its place
// (breakLines). Control characters are dropped: a card shows one line per call.
func (c *canvas) text(f font.Face, s string, x, y float64, col color.NRGBA) {
	s = oneLine(s)
	// font.Drawer's DrawString, through the card's own painting.
	id := c.pal.ink(col)
	dot := fixed.Point26_6{X: toFixed(x), Y: toFixed(y)}
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			dot.X += f.Kern(prev, r)
		}
		var advance fixed.Int26_6
		if cf, ok := f.(cachedFace); ok {
			g, off := cf.cached(dot, r)
			if g.ok && !g.dr.Empty() {
				c.paintGlyph(g, off, id)
			}
			advance = g.advance
		} else {
			dr, mask, mp, adv, _ := f.Glyph(dot, r)
			if !dr.Empty() {
				c.glyph(dr, mask, mp, id)
			}
			advance = adv
		}
		dot.X += advance
		prev = r
	}
}

func toFixed(v float64) fixed.Int26_6 { return fixed.Int26_6(math.Round(v * 64)) }

func measure(f font.Face, s string) float64 { return float64(font.MeasureString(f, s)) / 64 }

// measureFrom is the advance of s drawn after the rune prev (-1 for none), and the rune a
// measure of what follows goes on from: font.MeasureString's sum taken in pieces.
func measureFrom(f font.Face, prev rune, s string) (fixed.Int26_6, rune) {
	var adv fixed.Int26_6
	for _, r := range s {
		if prev >= 0 {
			adv += f.Kern(prev, r)
		}
		a, _ := f.GlyphAdvance(r) // a rune the font lacks: its fallback glyph's, as MeasureString
		adv += a
		prev = r
	}
	return adv, prev
}

// oneLine turns every run of white space or control characters into one space.
func oneLine(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f || r == ' ' }), " ")
}

// shrink is the regular face of the largest size from size down to least at which s fits
// in w on one line, or of size least.
func (c *canvas) shrink(size, least int, s string, w float64) font.Face {
	f := c.regular(size)
	for ; size > least && measure(f, oneLine(s)) > w; size-- {
		f = c.regular(size - 1)
	}
	return f
}

func itoa(n int) string { return strconv.Itoa(n) }

// breakLines breaks s into lines of width w: at spaces, and inside a word only where the
// word alone is wider than w. Nothing is left out.
func breakLines(f font.Face, s string, w float64) []string {
	var lines []string
	line := ""
	// The line's width and the rune its measure goes on from: measured a word at a time,
	// as font.MeasureString measures the whole line (a left fold), and to the same sum.
	lineW, prev := fixed.Int26_6(0), rune(-1)
	for _, word := range strings.Fields(oneLine(s)) {
		if line != "" {
			ww, p := measureFrom(f, prev, " "+word)
			if float64(lineW+ww)/64 <= w {
				line += " " + word
				lineW, prev = lineW+ww, p
				continue
			}
			lines = append(lines, line)
		}
		line = word
		lineW, prev = measureFrom(f, -1, word)
		for utf8.RuneCountInString(line) > 1 && float64(lineW)/64 > w { // a word wider than the line: cut where it fills one (at least a rune a line)
			rs := []rune(line)
			k := 1
			for k < len(rs)-1 && measure(f, string(rs[:k+1])) <= w {
				k++
			}
			lines = append(lines, string(rs[:k]))
			line = string(rs[k:])
			lineW, prev = measureFrom(f, -1, line)
		}
	}
	if line != "" || len(lines) == 0 {
		lines = append(lines, line)
	}
	return lines
}

// glyph paints ink id through a glyph's coverage mask (its pixel mp at dr.Min) over the
// card, clipped to it.
func (c *canvas) glyph(dr image.Rectangle, mask image.Image, mp image.Point, id int) {
	r := dr.Intersect(c.img.Bounds())
	r = r.Add(mp.Sub(dr.Min)).Intersect(mask.Bounds()).Add(dr.Min.Sub(mp)) // and inside the mask
	if r.Empty() {
		return
	}
	mp = mp.Add(r.Min.Sub(dr.Min))
	// The mask's coverage, copied: paint rounds it in place.
	m := make([]uint8, r.Dx()*r.Dy())
	for y := range r.Dy() {
		for x := range r.Dx() {
			_, _, _, a := mask.At(mp.X+x, mp.Y+y).RGBA()
			m[y*r.Dx()+x] = uint8(a >> 8)
		}
	}
	c.paint(r, m, r.Dx(), id)
}
