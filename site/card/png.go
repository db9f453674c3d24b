package card

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"io"
	"math/bits"
	"slices"
	"sync"
)

// encodePNG writes img as an 8-bit indexed PNG, its palette img.Palette (at most 256
// colours, opaque): each row with the Sub filter, or Up where it repeats the row above or
// leaves fewer bytes that are not zero (upCheaper), then deflated as one block of fixed
// Huffman codes whose only matches are runs of zero bytes. A card is mostly flat colour,
// which Sub turns into runs of zero bytes: compress/flate, under image/png, searches for
// matches in every byte, which made it more than half of drawing a card (the package doc
// gives the figures); this takes each run of one colour at once and writes it as matches
// of a zero byte. The bytes depend on the pixels and the palette alone.
//
// dirty, when not nil, has a bit per row and tileWidth-pixel column of img that may differ
// from the card's background (white, index 0, beyond the first column): a clean column is
// then known to be white without reading it, and two clean rows are the same row. With nil
// every pixel is read; both give the same bytes.
func encodePNG(w *bytes.Buffer, img *image.Paletted, dirty []uint64) error {
	b := img.Bounds()
	if n := len(img.Palette); n == 0 || n > 256 {
		return fmt.Errorf("card: a palette of %d colours, want 1 to 256", n)
	}
	z := newRLEDeflate()
	defer deflaters.Put(z)
	width := b.Dx()
	if width > 64*tileWidth {
		return fmt.Errorf("card: an image %d pixels wide, wider than the %d a row's columns can mark", width, 64*tileWidth)
	}
	for y := 0; y < b.Dy(); y++ {
		pix := img.Pix[img.PixOffset(b.Min.X, b.Min.Y+y):][:width]
		drawn := ^uint64(0) // the row's columns that may not be white: the first always
		if dirty != nil {
			drawn = dirty[y] | 1
		}
		if y > 0 && (dirty != nil && dirty[y]|dirty[y-1] == 0 || bytes.Equal(pix, img.Pix[img.PixOffset(b.Min.X, b.Min.Y+y-1):][:width])) {
			// The same pixels as the row above (margins, the space between text lines and
			// around the plot: about half a card): Up, each byte less the one above, is all
			// zeros, found without a pass over the pixels.
			z.lits(2)
			z.zeros += width
			continue
		}
		if y > 0 {
			above := img.Pix[img.PixOffset(b.Min.X, b.Min.Y+y-1):][:width]
			drawnAbove := ^uint64(0)
			if dirty != nil {
				drawnAbove = dirty[y-1] | 1
			}
			if upCheaper(pix, above, drawn|drawnAbove) {
				z.lits(2) // Up: each byte less the one above
				both := drawn | drawnAbove
				for x := 0; x < width; { // a column at a time
					if t := x / tileWidth; both>>t&1 == 0 {
						// Columns white here and above: zeros.
						end := min(width, (t+bits.TrailingZeros64(both>>t))*tileWidth)
						z.zeros += end - x
						x = end
						continue
					}
					end := min(width, x+tileWidth)
					if end-x == tileWidth { // a whole column, four words, without bounds checks
						r, a := (*[tileWidth]uint8)(pix[x:]), (*[tileWidth]uint8)(above[x:])
						d0 := subBytes(binary.LittleEndian.Uint64(r[0:]), binary.LittleEndian.Uint64(a[0:]))
						d1 := subBytes(binary.LittleEndian.Uint64(r[8:]), binary.LittleEndian.Uint64(a[8:]))
						d2 := subBytes(binary.LittleEndian.Uint64(r[16:]), binary.LittleEndian.Uint64(a[16:]))
						d3 := subBytes(binary.LittleEndian.Uint64(r[24:]), binary.LittleEndian.Uint64(a[24:]))
						z.column(d0, d1, d2, d3)
						x = end
						continue
					}
					for ; x+8 <= end; x += 8 {
						z.word(subBytes(binary.LittleEndian.Uint64(pix[x:]), binary.LittleEndian.Uint64(above[x:])))
					}
					for ; x < end; x++ {
						z.lits(pix[x] - above[x])
					}
				}
				continue
			}
		}
		z.lits(1)                // Sub: each byte less the one to its left
		var last uint8           // the pixel to the left, 0 left of the first, as Sub has it
		for x := 0; x < width; { // a column at a time
			if t := x / tileWidth; drawn>>t&1 == 0 {
				// Columns of white: zero bytes, after the first if the pixel to its left is
				// another colour.
				end := min(width, (t+bits.TrailingZeros64(drawn>>t))*tileWidth)
				if last != 0 {
					z.lits(-last)
					last = 0
					x++
				}
				z.zeros += end - x
				x = end
				continue
			}
			end := min(width, x+tileWidth) // the column's end
			if end-x == tileWidth {        // a whole column, four words, without bounds checks
				r := (*[tileWidth]uint8)(pix[x:])
				v0, v1 := binary.LittleEndian.Uint64(r[0:]), binary.LittleEndian.Uint64(r[8:])
				v2, v3 := binary.LittleEndian.Uint64(r[16:]), binary.LittleEndian.Uint64(r[24:])
				d0, d1 := subBytes(v0, v0<<8|uint64(last)), subBytes(v1, v1<<8|v0>>56)
				d2, d3 := subBytes(v2, v2<<8|v1>>56), subBytes(v3, v3<<8|v2>>56)
				z.column(d0, d1, d2, d3)
				last = uint8(v3 >> 56)
				x = end
				continue
			}
			for ; x+8 <= end; x += 8 {
				// Eight pixels at once: their Sub bytes, each less the one to its left, by
				// bytes in a word (no borrow between them); a zero byte is a pixel the
				// colour of the one before, and only the others are written one by one.
				v := binary.LittleEndian.Uint64(pix[x:])
				z.word(subBytes(v, v<<8|uint64(last)))
				last = uint8(v >> 56)
			}
			for ; x < end; x++ { // a row's last pixels, in an image whose width is not a multiple of eight
				z.lits(pix[x] - last)
				last = pix[x]
			}
		}
	}
	idat := z.close()
	plte := make([]byte, 0, 3*len(img.Palette))
	for _, c := range img.Palette {
		r, g, b, _ := c.RGBA()
		plte = append(plte, byte(r>>8), byte(g>>8), byte(b>>8))
	}
	w.Grow(8 + 4*12 + 13 + len(plte) + len(idat)) // the signature, four chunks' frames, IHDR, PLTE and IDAT
	w.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(b.Dx()))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(b.Dy()))
	ihdr[8], ihdr[9] = 8, 3 // 8 bits per sample, indexed colour; compression, filter, interlace 0
	chunk(w, "IHDR", ihdr[:])
	chunk(w, "PLTE", plte)
	chunk(w, "IDAT", idat)
	chunk(w, "IEND", nil)
	return nil
}

// chunk writes one PNG chunk: length, type, data and the CRC of type and data.
func chunk(w io.Writer, typ string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	w.Write(n[:])
	crc := crc32.NewIEEE()
	io.WriteString(crc, typ)
	crc.Write(data)
	io.WriteString(w, typ)
	w.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	w.Write(n[:])
}

// rleDeflate is a zlib stream (RFC 1950) of one deflate block with the fixed Huffman codes
// (RFC 1951, 3.2.6) whose only matches are runs of zero bytes (distance 1, 3 to 258 bytes at a
// time); every other byte is a literal. It takes zeros by the run (zeros), so a row of one
// colour costs a few symbols, not a pass over its bytes.
type rleDeflate struct {
	out   []byte // the whole bytes written; its capacity past them is scratch (put)
	acc   uint64 // bits not yet written, the first in the lowest bit
	n     uint   // how many (fewer than 8 between calls)
	a, b  uint64 // the Adler-32 sums of the bytes so far, reduced modulo adlerMod only when large
	zeros int    // zero bytes taken but not yet written
	zero  bool   // whether the last byte written was a zero
}

const adlerMod = 65521

// deflaters keep rleDeflates between cards, for the room their streams have grown: a card's
// is about 200 KB, which encodePNG copies out.
var deflaters = sync.Pool{New: func() any { return new(rleDeflate) }}

// newRLEDeflate starts a stream, in a deflater from the pool (put it back when done).
func newRLEDeflate() *rleDeflate {
	z := deflaters.Get().(*rleDeflate)
	*z = rleDeflate{out: z.out[:0], a: 1}
	z.out = append(z.out, 0x78, 0x01) // deflate, 32 KiB window, no dictionary; (0x7801 % 31 == 0)
	z.bits(1, 1)                      // BFINAL: the only block
	z.bits(1, 2)                      // BTYPE 01: fixed Huffman codes
	return z
}

// bits appends the n low bits of v (n at most 32), first bit lowest, as deflate packs
// everything.
func (z *rleDeflate) bits(v uint64, n uint) {
	z.reserve(8)
	out := z.out[:cap(z.out)]
	pos := len(z.out)
	z.acc, z.n, pos = put(out, pos, z.acc, z.n, v, n)
	z.out = out[:pos]
}

// put appends the n low bits of v to a stream whose whole bytes end at pos in out, acc
// holding its k (fewer than 8) bits past them, and returns the new acc, k and pos. It
// writes eight bytes at pos whatever it keeps, so that no branch depends on how many bits
// have gathered: out must have them (reserve), and the bytes past the new pos are scratch,
// written over by the next put.
func put(out []byte, pos int, acc uint64, k uint, v uint64, n uint) (uint64, uint, int) {
	acc |= v << k
	k += n
	binary.LittleEndian.PutUint64(out[pos:], acc)
	pos += int(k >> 3)
	acc >>= k &^ 7
	return acc, k & 7, pos
}

// reserve makes room for n bytes past the stream's end.
func (z *rleDeflate) reserve(n int) {
	if cap(z.out)-len(z.out) < n {
		z.out = slices.Grow(z.out, n+len(z.out))
	}
}

// symbol appends a literal/length symbol's fixed Huffman code.
func (z *rleDeflate) symbol(s int) { z.bits(uint64(fixedCodes[s].code), uint(fixedCodes[s].len)) }

// lits takes the bytes cs.
func (z *rleDeflate) lits(cs ...byte) {
	for _, c := range cs {
		if c == 0 {
			z.zeros++
			continue
		}
		z.flushZeros()
		z.symbol(int(c))
		z.a += uint64(c)
		z.b += z.a
		z.zero = false
	}
	if z.b >= 1<<60 {
		z.a, z.b = z.a%adlerMod, z.b%adlerMod
	}
}

// word takes eight filtered bytes, the first in the lowest.
func (z *rleDeflate) word(d uint64) {
	if d == 0 {
		z.zeros += 8
		return
	}
	z.words([]uint64{d})
}

// column takes a whole column's filtered bytes, four words: a column of zeros without a call
// (most of a card is white), any other through words.
func (z *rleDeflate) column(d0, d1, d2, d3 uint64) {
	if d0|d1|d2|d3 == 0 {
		z.zeros += tileWidth
		return
	}
	z.words([]uint64{d0, d1, d2, d3})
}

// words takes filtered bytes eight at a time (at most 4 words), the first in the lowest
// bits of the first word: the zeros counted, only the others written one by one, with the
// coder's state in locals across the words (the path of every pixel that starts no run).
func (z *rleDeflate) words(ds []uint64) {
	// Room for eight bytes' codes, each with the zeros before it, a word, and put's eight
	// bytes.
	const room = 4*8*(26+9)/8 + 8
	z.reserve(room)
	acc, n, a, b, zero, zeros := z.acc, z.n, z.a, z.b, z.zero, z.zeros
	out, pos := z.out[:cap(z.out)], len(z.out)
	for _, d := range ds {
		if d == 0 {
			zeros += 8
			continue
		}
		left := 8
		for d != 0 {
			k := bits.TrailingZeros64(d) >> 3
			if zs := zeros + k; zs >= len(zeroRuns[0]) {
				z.acc, z.n, z.a, z.b, z.zero, z.zeros, z.out = acc, n, a, b, zero, zs, out[:pos]
				z.flushZeros()
				z.reserve(room)
				acc, n, a, b, zero = z.acc, z.n, z.a, z.b, z.zero
				out, pos = z.out[:cap(z.out)], len(z.out)
			} else if zs > 0 {
				// The zeros before this byte (most runs, short): one code, as flushZeros
				// writes them.
				r := zeroRuns[b2i(!zero)][zs]
				acc, n, pos = put(out, pos, acc, n, uint64(r.code), uint(r.len))
				if a >= 1<<32 {
					a %= adlerMod
				}
				b += uint64(zs) * a // a zero adds nothing to a
			}
			zeros = 0
			c := uint8(d >> (k << 3))
			d >>= (k + 1) << 3
			left -= k + 1
			for {
				code := fixedCodes[c]
				acc, n, pos = put(out, pos, acc, n, uint64(code.code), uint(code.len))
				a += uint64(c)
				b += a
				if d&0xff == 0 {
					break
				}
				// The next byte is not zero either: no zeros to write between.
				c = uint8(d)
				d >>= 8
				left--
			}
			if b >= 1<<60 { // a grows by at most 255 a byte, so only b ever needs this
				a, b = a%adlerMod, b%adlerMod
			}
			zero = false
		}
		zeros = left
	}
	z.acc, z.n, z.a, z.b, z.zero, z.zeros, z.out = acc, n, a, b, zero, zeros, out[:pos]
}

// upCheaper reports whether row, filtered by Up (less the row above), has fewer bytes that
// are not zero than by Sub (less the pixel to the left): what a row costs to write, roughly.
// A row of text or a slanted line repeats much of the row above, a grid line nothing of it.
// It reads only the columns set in drawn, each column on its own (the first pixel of a
// column counted as its left neighbour's colour), so that a column white in both rows
// counts nothing either way and an encoder that skips those decides as one that does not.
func upCheaper(row, above []uint8, drawn uint64) bool {
	sub, up := 0, 0
	for ; drawn != 0; drawn &= drawn - 1 {
		x := bits.TrailingZeros64(drawn) * tileWidth
		if x+tileWidth > len(row) {
			break // the last column, narrower (at the card's width, 16 pixels): not counted
		}
		r, a := (*[tileWidth]uint8)(row[x:]), (*[tileWidth]uint8)(above[x:])
		v0, v1 := binary.LittleEndian.Uint64(r[0:]), binary.LittleEndian.Uint64(r[8:])
		v2, v3 := binary.LittleEndian.Uint64(r[16:]), binary.LittleEndian.Uint64(r[24:])
		// A Sub byte is zero where a pixel is the one to its left (compared by xor, cheaper
		// than subtracting); the first pixel is taken as its own left neighbour. The four
		// words' marks of bytes that are not zero fall on different bits, counted at once.
		sub += bits.OnesCount64(nonZero(v0^(v0<<8|v0&0xff)) | nonZero(v1^(v1<<8|v0>>56))>>1 |
			nonZero(v2^(v2<<8|v1>>56))>>2 | nonZero(v3^(v3<<8|v2>>56))>>3)
		up += bits.OnesCount64(nonZero(v0^binary.LittleEndian.Uint64(a[0:])) | nonZero(v1^binary.LittleEndian.Uint64(a[8:]))>>1 |
			nonZero(v2^binary.LittleEndian.Uint64(a[16:]))>>2 | nonZero(v3^binary.LittleEndian.Uint64(a[24:]))>>3)
	}
	return up < sub
}

// nonZero marks each byte of x that is not zero with its top bit, and nothing else.
func nonZero(x uint64) uint64 {
	const l = 0x7f7f7f7f7f7f7f7f
	return ((x & l) + l | x) &^ l
}

// subBytes is x-y byte by byte, each byte modulo 256, no borrow from one into the next.
func subBytes(x, y uint64) uint64 {
	const h = 0x8080808080808080
	return ((x | h) - (y &^ h)) ^ ((x ^ ^y) & h)
}

// flushZeros writes the zeros taken: a literal zero unless the last byte was one, then matches
// of it at distance 1, then what is left (fewer than three) as literals. It runs once per run
// of a colour, so it works in locals and writes a match as one code (zeroMatches).
func (z *rleDeflate) flushZeros() {
	n := z.zeros
	if n == 0 {
		return
	}
	z.zeros = 0
	if z.a >= 1<<32 {
		z.a %= adlerMod
	}
	if z.b += uint64(n) * z.a; z.b >= 1<<60 { // a zero adds nothing to a
		z.b %= adlerMod
	}
	if first := !z.zero; n < len(zeroRuns[0]) {
		// A run up to a match long (most of them): one code.
		r := zeroRuns[b2i(first)][n]
		z.bits(uint64(r.code), uint(r.len))
		z.zero = true
		return
	}
	// At most 26 bits a match of 258 bytes, 8 a literal, and put's eight bytes.
	z.reserve((n/258+1)*26/8 + 3 + 8 + 8)
	acc, k := z.acc, z.n
	out, pos := z.out[:cap(z.out)], len(z.out)
	zero := fixedCodes[0]
	if !z.zero {
		acc, k, pos = put(out, pos, acc, k, uint64(zero.code), uint(zero.len))
		z.zero = true
		n--
	}
	for n >= 3 {
		m := min(n, 258)
		if n-m == 1 || n-m == 2 {
			m = n - 3 // leave a last match of 3 or more rather than literals
		}
		acc, k, pos = put(out, pos, acc, k, uint64(zeroMatches[m].code), uint(zeroMatches[m].len))
		n -= m
	}
	for ; n > 0; n-- {
		acc, k, pos = put(out, pos, acc, k, uint64(zero.code), uint(zero.len))
	}
	z.acc, z.n, z.out = acc, k, out[:pos]
}

// close ends the block and the stream and returns it.
func (z *rleDeflate) close() []byte {
	z.flushZeros()
	z.symbol(256) // end of block
	if z.n > 0 {  // the last bits, to a byte boundary
		z.out = append(z.out, byte(z.acc))
		z.acc, z.n = 0, 0
	}
	z.out = binary.BigEndian.AppendUint32(z.out, uint32(z.b%adlerMod)<<16|uint32(z.a%adlerMod))
	return z.out
}

// fixedCodes are deflate's fixed literal/length codes, bit-reversed for bits.
var fixedCodes = func() (t [288]struct {
	code uint16
	len  uint8
}) {
	for s := range t {
		var code, n int
		switch {
		case s < 144:
			code, n = 0x30+s, 8
		case s < 256:
			code, n = 0x190+s-144, 9
		case s < 280:
			code, n = s-256, 7
		default:
			code, n = 0xc0+s-280, 8
		}
		t[s].code, t[s].len = bits.Reverse16(uint16(code))>>(16-n), uint8(n)
	}
	return t
}()

// lengthCodes are the length symbol, extra bits and their count of each match length 3..258.
var lengthCodes = func() (t [259]struct {
	sym           uint16
	extra, nextra uint8
}) {
	base := [...]int{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	extra := [...]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	for i, b := range base {
		end := 259
		if i+1 < len(base) {
			end = base[i+1]
		}
		if i == len(base)-2 {
			end = 258 // 227..257 are symbol 284; 258 has its own symbol, 285
		}
		for l := b; l < end; l++ {
			t[l].sym, t[l].extra, t[l].nextra = uint16(257+i), uint8(l-b), extra[i]
		}
	}
	return t
}()

// zeroMatches are the codes of a match of each length 3..258 at distance 1, as written: the
// length symbol's fixed code, its extra bits, and distance code 0 (five zero bits).
var zeroMatches = func() (t [259]struct {
	code uint32
	len  uint8
}) {
	for m := 3; m <= 258; m++ {
		l, sym := lengthCodes[m], fixedCodes[lengthCodes[m].sym]
		t[m].code = uint32(sym.code) | uint32(l.extra)<<sym.len
		t[m].len = sym.len + l.nextra + 5
	}
	return t
}()

// zeroRuns are the codes of runs of 1 to 258 zero bytes as flushZeros writes them, in one:
// [1] after a byte that is not zero (a literal zero first, then a match of the rest), [0]
// after a zero. The longest is 26 bits.
var zeroRuns = func() (t [2][259]struct {
	code uint32
	len  uint8
}) {
	zero := fixedCodes[0]
	for first := range 2 {
		for n := 1; n < len(t[first]); n++ {
			var code uint32
			var l uint8
			put := func(c uint32, n uint8) { code |= c << l; l += n }
			left := n
			if first == 1 {
				put(uint32(zero.code), zero.len)
				left--
			}
			if left >= 3 {
				put(zeroMatches[left].code, zeroMatches[left].len)
				left = 0
			}
			for ; left > 0; left-- {
				put(uint32(zero.code), zero.len)
			}
			t[first][n].code, t[first][n].len = code, l
		}
	}
	return t
}()

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
