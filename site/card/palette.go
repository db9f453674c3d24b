package card

import (
	"image/color"
)

// A card is drawn in at most 256 colours, one byte a pixel, and written as an indexed PNG:
// a third of the bytes to encode of an RGB card, and smaller files. What keeps a card within
// 256 colours is that every edge's coverage (a glyph's or a shape's) is rounded to one of
// levels steps before it is blended: text in one colour over white then takes levels-1
// colours, not 255. The palette is made as the card is drawn, a colour given the next index
// the first time a blend makes it; past 256 a blend takes the nearest colour already there,
// which only a card with very many series and overlaps ever needs.

// levels is how many steps of coverage a pixel is painted with, none and full included:
// sixteen, as anti-aliased text was drawn on four-bit displays, indistinguishable at a
// card's size from the 256 of the rasterizer.
const levels = 16

// coverage rounds a coverage from 0 to 255 to its level.
var coverage = func() (t [256]uint8) {
	for a := range t {
		t[a] = uint8((a*(levels-1) + 127) / 255)
	}
	return t
}()

// ink is a colour being painted with: its index when painted at full coverage over anything
// (opaque inks only) and, by level, the index it gives over white (-1 until first made).
type ink struct {
	col       color.NRGBA
	overWhite [levels]int16
	// step is the level a coverage's level is painted at: itself for an opaque ink, one of
	// four for a translucent one (the chart's light dots), whose steps a reader cannot tell
	// apart and which would otherwise take 15 colours each.
	step [levels]uint8
}

// palette is a card's colours: index 0 is white (the background) and 1 the accent bar.
type palette struct {
	rgb [256][3]uint8
	// of is, for a colour an ink made over white, that ink's id+1 and level: a second coat
	// of the same ink (a line's dot over its own segment, two dashes that meet) then covers
	// as much as the larger of the two, as one shape would, rather than blending twice,
	// which darkened every joint and made a colour per pair of levels.
	of [256]struct{ ink, level uint8 }
	n  int
	// index is rgb's inverse, an open-addressed table of rgb<<8 | its index; 0 (black at
	// index 0, which is white) is empty.
	index [1024]uint32
	inks  []ink
	ids   map[color.NRGBA]int // inks' indices
	// blends caches the blends over a colour other than white, direct-mapped by a hash of
	// key: 1<<31 | level<<24 | ink<<8 | dst; 0 is empty.
	blends [blendSlots]struct {
		key uint32
		out uint8
	}
}

const blendSlots = 2048

// reset empties p back to white and the accent colour.
func (p *palette) reset() {
	if p.ids == nil {
		p.ids = map[color.NRGBA]int{}
	}
	p.index = [1024]uint32{}
	clear(p.ids)
	p.of = [256]struct{ ink, level uint8 }{}
	p.inks = p.inks[:0]
	p.blends = [blendSlots]struct {
		key uint32
		out uint8
	}{}
	p.n = 0
	p.add([3]uint8{colBG.R, colBG.G, colBG.B})
	p.add([3]uint8{colAccent.R, colAccent.G, colAccent.B})
}

// add gives c the next index, or when all 256 are taken the index of the nearest colour
// (by squared distance, the lowest index on a tie).
func (p *palette) add(c [3]uint8) uint8 {
	key := uint32(c[0])<<16 | uint32(c[1])<<8 | uint32(c[2])
	h := ((key + 1) * 0x9e3779b1) >> (32 - 10)
	for ; p.index[h] != 0; h = (h + 1) % uint32(len(p.index)) {
		if p.index[h]>>8 == key {
			return uint8(p.index[h])
		}
	}
	if p.n < len(p.rgb) { // the table is never more than a quarter full
		i := uint8(p.n)
		p.rgb[i], p.index[h] = c, key<<8|uint32(i)
		p.n++
		return i
	}
	best, bestD := 0, 1<<30
	for i, q := range p.rgb {
		d := 0
		for k := range 3 {
			e := int(c[k]) - int(q[k])
			d += e * e
		}
		if d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}

// ink returns the id of col as an ink, made on first use.
func (p *palette) ink(col color.NRGBA) int {
	if id, ok := p.ids[col]; ok {
		return id
	}
	k := ink{col: col}
	for l := range k.overWhite {
		k.overWhite[l] = -1
		k.step[l] = uint8(l)
		if col.A < 0xff {
			k.step[l] = uint8((l + 2) / 5 * 5)
		}
	}
	k.overWhite[0] = 0 // nothing of it: white
	p.inks = append(p.inks, k)
	p.ids[col] = len(p.inks) - 1
	return len(p.inks) - 1
}

// blend is the index of ink id painted at level over the colour of index dst.
func (p *palette) blend(dst uint8, id int, level uint8) uint8 {
	if dst == 0 {
		k := &p.inks[id]
		if v := k.overWhite[level]; v >= 0 {
			return uint8(v)
		}
		out := p.add(mix(p.rgb[0], k.col, k.step[level]))
		k.overWhite[level] = int16(out)
		if p.of[out].ink == 0 && id < 0xff && out != 0 {
			p.of[out].ink, p.of[out].level = uint8(id+1), k.step[level]
		}
		return out
	}
	if o := p.of[dst]; int(o.ink) == id+1 {
		return p.blend(0, id, max(level, o.level))
	}
	key := 1<<31 | uint32(level)<<24 | uint32(id)<<8 | uint32(dst)
	slot := &p.blends[(key*0x9e3779b1)>>(32-11)]
	if slot.key == key {
		return slot.out
	}
	out := p.add(mix(p.rgb[dst], p.inks[id].col, p.inks[id].step[level]))
	slot.key, slot.out = key, out
	return out
}

// mix is src at level (times its own alpha) over dst, as draw.Over blends, in 16 bits.
func mix(dst [3]uint8, src color.NRGBA, level uint8) [3]uint8 {
	const m = 1<<16 - 1
	a := uint32(src.A) * 0x101 * uint32(level) / (levels - 1) // 0 to m
	s := [3]uint8{src.R, src.G, src.B}
	var out [3]uint8
	for k := range 3 {
		out[k] = uint8((uint64(dst[k])*0x101*uint64(m-a) + uint64(s[k])*0x101*uint64(a)) / m >> 8)
	}
	return out
}
