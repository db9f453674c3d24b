// Package card draws the picture a shared link shows (og:image, with twitter:card
// summary_large_image): a Width×Height PNG with a title, a subtitle, a headline figure or
// sentence and a small chart of frontier lines with axes and ticks, in the colours the caller
// gives (the site's stable per-GPU colours). It knows no site types: a caller fills a Spec, so
// chart pages, compare pages and the home page each get their card from one call to Draw.
//
// The same Spec gives the same bytes: the drawing is golang.org/x/image's vector rasterizer,
// the text is the Go fonts embedded in the binary (their BSD licence is carried beside them,
// gofont.LICENSE.txt), the colours at most 256, made in the order they are drawn
// (palette.go), and the PNG encoding is fixed (png.go); nothing reads the clock.
//
// The PNG is written by an encoder of this package's own (png.go), not image/png, because
// image/png makes a build with cards much slower. A card is flat colour and runs of white,
// which png.go writes a run at a time; image/png deflates every one of its 756,000 bytes
// (unfiltered, as it writes a palette, at png.BestSpeed with its buffers pooled), and
// takes 1.02 to 1.06 ms of CPU a card against 0.24 to 0.25 ms (BenchmarkEncode here, the
// two side by side, three runs; Go 1.27.3, two cores). Swapped in for png.go, it made the
// 1,000-dataset build with its 2,762 cards take 8.4 to 9.9 s of CPU against 5.9 to 7.0 s,
// 1.36 to 1.52 times as much in each side-by-side pair (BenchmarkBuildCards in site,
// cards=drawn, cpu-ms/op; three pairs with a sync.Pool of buffers and three with a pool
// that outlives garbage collections), where a hand-built encoder is kept only past 1.15;
// png.go took 0.41 to 0.47 ms a card then, 0.30 to 0.31 before it wrote its codes without a
// branch on the bits gathered (0203602), so the gap has only grown. image/png's
// PNGs are smaller (36 KB against 61 KB for a compare card, 34 against 54 for a chart
// page's): measure again when compress/flate or image/png changes.
package card

import (
	"bytes"
	"image/color"
	"math"
	"sync"

	"golang.org/x/image/font"
)

// Width and Height are the card's size in pixels: the 1.91:1 picture that link previews
// (Open Graph, X's summary_large_image, LinkedIn) show at full width.
const (
	Width  = 1200
	Height = 630
)

// Spec is what a card shows. Strings are drawn as text, never interpreted, and never cut:
// one too long for its place is broken over lines (the title, subtitle and headline over
// two, at a smaller size if need be).
type Spec struct {
	Title    string // the first line, large and bold: "DeepSeek-R1-0528 1k/1k"
	Subtitle string // under it: what the chart plots and as of when
	// Headline is the figure or sentence the card is about ("5,210 tok/s/GPU at 50
	// tok/s/user: B200 (vLLM)"), up to two lines.
	Headline string
	Footer   string // bottom left: the site's name or host
	XLabel   string // the x axis' name, under its ticks
	YLabel   string // the y axis' name, above the plot
	// Series are drawn in order, each with a legend entry; with none the card is text only.
	Series []Series
}

// Series is one legend entry: a configuration's points and its frontier line.
type Series struct {
	Name   string
	Color  string  // "#rrggbb" (or "#rgb"); anything else draws grey
	Dashed bool    // a dashed frontier line (speculative decoding, as on the chart)
	Points []Point // every point, drawn as light dots; may be empty
	Line   []Point // the frontier in x order, drawn as a line through markers
}

// Point is one measurement in data units; x and y are never negative.
type Point struct{ X, Y float64 }

// surfaces keeps the Width×Height canvases between Draws, with their palettes, rasterizer
// and buffers: a build draws a card per page on every core. Each is put back to the
// background where it was drawn on before it is drawn on again.
var surfaces = sync.Pool{New: func() any { return newSurface() }}

// Draw draws the card of s as a PNG. It is safe for concurrent use.
func Draw(s Spec) ([]byte, error) {
	sf := surfaces.Get().(*surface)
	defer surfaces.Put(sf)
	sf.reset()
	c, err := newCanvas(sf)
	if err != nil {
		return nil, err
	}
	c.layout(s)
	sf.img.Palette = sf.palette()
	var buf bytes.Buffer
	if err := encodePNG(&buf, sf.img, sf.dirty[:]); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// The layout, in pixels: a margin all round, the text block at the top, the plot below it
// with its legend to the right, and the footer along the bottom.
const (
	margin      = 56
	titleSize   = 46
	subSize     = 23
	headSize    = 29
	tickSize    = 17
	legendSize  = 17
	legendLine  = 21 // between the lines of a legend entry
	legendGap   = 9  // between entries
	footerSize  = 19
	legendLeft  = 872 // the legend's column, right of the plot
	plotBottom  = 548 // the x axis
	footerBase  = Height - 26
	accentWidth = 10
)

// Colours: the site's own (templates/assets/style.css, light scheme).
var (
	colBG     = rgb(0xff, 0xff, 0xff)
	colFG     = rgb(0x17, 0x20, 0x2b)
	colMuted  = rgb(0x5b, 0x66, 0x75)
	colLine   = rgb(0xdd, 0xe3, 0xea)
	colAxis   = rgb(0x9a, 0xa6, 0xb4)
	colAccent = rgb(0x0b, 0x6b, 0xcb)
)

// tiers are the sizes the text block is drawn at, largest first: layout takes the first at
// which the title, the subtitle and the headline each fit in two lines and leave the plot
// minPlot pixels; the last takes what it needs. Nothing is cut: a long title is broken over
// two lines, smaller if it must, and the chart moves down or shrinks, the footer staying.
var tiers = [...]struct{ title, sub, head int }{
	{titleSize, subSize, headSize},
	{40, 21, 26},
	{34, 19, 23},
	{28, 17, 20},
}

// minPlot is the least height of the plot (from its top edge to the x axis) a tier leaves.
const minPlot = 170

// block is a piece of text broken into lines, drawn in one face and colour: its first
// baseline gap pixels below the block before, then one every step pixels.
type block struct {
	face      font.Face
	lines     []string
	gap, step float64
	col       color.NRGBA
}

// layout draws s on the canvas.
func (c *canvas) layout(s Spec) {
	textWidth := float64(Width - 2*margin)
	blocks, first := c.textBlock(s)
	y := first
	for i, b := range blocks {
		if i > 0 {
			y += b.gap
		}
		for j, l := range b.lines {
			if j > 0 {
				y += b.step
			}
			c.text(b.face, l, margin, y, b.col)
		}
	}
	if s.Footer != "" {
		f := c.regular(footerSize)
		lines := breakLines(f, s.Footer, textWidth)
		for i, l := range lines { // the last line on the footer's baseline, any before it above
			c.text(f, l, margin, footerBase-float64(len(lines)-1-i)*(footerSize+4), colMuted)
		}
	}
	if len(s.Series) == 0 || y+56 > plotBottom-120 {
		return // no series, or text so long that no plot fits under it
	}
	c.chart(s, y+56)
}

// textBlock breaks the title, subtitle and headline into lines at the first tier that
// fits, and gives the title's first baseline.
func (c *canvas) textBlock(s Spec) (blocks []block, first float64) {
	textWidth := float64(Width - 2*margin)
	for _, t := range tiers { // the last tier is kept whether it fits or not
		k := float64(t.title) / titleSize // the tier's scale, of the gaps between lines too
		first = math.Round(94 - (1-k)*38)
		blocks = blocks[:0]
		y, fits := first, true // the last line's baseline
		add := func(f font.Face, text string, gap, step float64, col color.NRGBA) {
			lines := breakLines(f, text, textWidth)
			fits = fits && len(lines) <= 2
			b := block{f, lines, math.Round(gap * k), math.Round(step * k), col}
			if len(blocks) > 0 {
				y += b.gap
			}
			y += float64(len(lines)-1) * b.step
			blocks = append(blocks, b)
		}
		add(c.bold(t.title), s.Title, 0, 52, colFG) // always: its baseline places the rest
		if s.Subtitle != "" {
			add(c.regular(t.sub), s.Subtitle, 40, 28, colMuted)
		}
		if s.Headline != "" {
			add(c.bold(t.head), s.Headline, 44, 44, colFG)
		}
		room := y+56 <= plotBottom-minPlot
		if len(s.Series) == 0 {
			room = y <= footerBase-footerSize-24
		}
		if fits && room {
			break
		}
	}
	return blocks, first
}

// chart draws the axes, grid, series and legend, the plot's top edge at top.
func (c *canvas) chart(s Spec, top float64) {
	var maxX, maxY float64
	for _, sr := range s.Series {
		for _, ps := range [][]Point{sr.Points, sr.Line} {
			for _, p := range ps {
				if finite(p.X) && finite(p.Y) {
					maxX, maxY = math.Max(maxX, p.X), math.Max(maxY, p.Y)
				}
			}
		}
	}
	xt, yt := ticks(maxX, 5), ticks(maxY, 4)
	tick := c.regular(tickSize)

	// The plot's left edge leaves room for the widest y tick label.
	labelW := 0.0
	for _, v := range yt {
		labelW = math.Max(labelW, measure(tick, tickLabel(v, yt)))
	}
	left, right, bottom := margin+labelW+12, float64(legendLeft-36), float64(plotBottom)
	top = math.Min(top, bottom-120)
	xmax, ymax := xt[len(xt)-1], yt[len(yt)-1]
	px := func(x float64) float64 { return left + x/xmax*(right-left) }
	py := func(y float64) float64 { return bottom - y/ymax*(bottom-top) }

	for _, v := range yt {
		yy := py(v)
		if v > 0 {
			c.rect(left, yy-0.5, right, yy+0.5, colLine)
		}
		l := tickLabel(v, yt)
		c.text(tick, l, left-8-measure(tick, l), yy+6, colMuted)
	}
	for _, v := range xt {
		xx := px(v)
		c.rect(xx-0.5, bottom, xx+0.5, bottom+6, colAxis)
		l := tickLabel(v, xt)
		c.text(tick, l, xx-measure(tick, l)/2, bottom+26, colMuted)
	}
	c.rect(left, bottom-0.5, right, bottom+1, colAxis)
	c.rect(left-1, top, left+0.5, bottom+1, colAxis)
	// The axes' names: smaller when too long for the plot's width, and then broken over
	// lines (the y axis' upwards from above the plot, the x axis' down from under its ticks).
	if s.YLabel != "" {
		f := c.shrink(tickSize, 12, s.YLabel, right-left)
		lines := breakLines(f, s.YLabel, right-left)
		for i, l := range lines {
			c.text(f, l, left, top-12-float64(len(lines)-1-i)*legendLine, colMuted)
		}
	}
	if s.XLabel != "" {
		f := c.shrink(tickSize, 12, s.XLabel, right-left)
		for i, l := range breakLines(f, s.XLabel, right-left) {
			c.text(f, l, right-measure(f, l), bottom+50+float64(i)*legendLine, colMuted)
		}
	}

	at := func(p Point) (float64, float64) { return px(p.X), py(p.Y) }
	// Every series' dots first, then every line over them, so no line hides under a dot.
	for _, sr := range s.Series {
		col := parseColor(sr.Color)
		light := col
		light.A = 80
		for _, p := range sr.Points {
			if finite(p.X) && finite(p.Y) {
				x, y := at(p)
				c.dot(x, y, 3.5, light)
			}
		}
	}
	for _, sr := range s.Series {
		col := parseColor(sr.Color)
		var line [][2]float64
		for _, p := range sr.Line {
			if finite(p.X) && finite(p.Y) {
				x, y := at(p)
				line = append(line, [2]float64{x, y})
			}
		}
		if sr.Dashed {
			c.dashed(line, 3, 12, 7, col)
		} else {
			c.polyline(line, 3, col)
		}
		for _, p := range line {
			c.dot(p[0], p[1], 5, col)
		}
	}
	c.legend(s.Series, top, bottom)
}

// legend lists the series right of the plot, each name whole over as many lines as it takes,
// as many entries as fit; then how many more there are.
func (c *canvas) legend(series []Series, top, bottom float64) {
	face := c.regular(legendSize)
	width := float64(Width - margin - legendLeft - 40)
	y := top + 6 // the first line's middle, where the entry's marker is
	for i, sr := range series {
		lines := breakLines(face, sr.Name, width)
		end := y + float64(len(lines)-1)*legendLine // the last line's middle
		if i < len(series)-1 {
			end += legendGap + legendLine // and room for the "+N more" line under it
		}
		if end > bottom {
			c.text(face, "+"+itoa(len(series)-i)+" more", legendLeft+40, y+6, colMuted)
			return
		}
		col := parseColor(sr.Color)
		if sr.Dashed {
			c.dashed([][2]float64{{legendLeft, y}, {legendLeft + 30, y}}, 3, 8, 5, col)
		} else {
			c.polyline([][2]float64{{legendLeft, y}, {legendLeft + 30, y}}, 3, col)
		}
		c.dot(legendLeft+15, y, 5, col)
		for _, l := range lines {
			c.text(face, l, legendLeft+40, y+6, colFG)
			y += legendLine
		}
		y += legendGap
	}
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) && v >= 0 }
