package card

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"io"
	"math/bits"
)

// encodePNG writes img, which is opaque, as an 8-bit RGB PNG: each row with the Sub filter
// (or Up where it repeats the row above), then deflated by rleDeflate. A card is mostly flat colour, which Sub turns into runs of
// zero bytes (95% of a card's bytes): image/png tries five filters per row and compress/flate
// searches for matches everywhere, which together were three quarters of drawing a card; this
// takes each run of one colour at once and writes it as matches of a zero byte. The bytes
// depend on the pixels alone.
func encodePNG(w *bytes.Buffer, img *image.RGBA) error {
	b := img.Bounds()
	w.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(b.Dx()))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(b.Dy()))
	ihdr[8], ihdr[9] = 8, 2 // 8 bits per sample, truecolour; compression, filter, interlace 0
	chunk(w, "IHDR", ihdr[:])

	z := newRLEDeflate(len(img.Pix) / 16)
	rowBytes := 4 * b.Dx()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		pix := img.Pix[img.PixOffset(b.Min.X, y):]
		if y > b.Min.Y && bytes.Equal(pix[:rowBytes], img.Pix[img.PixOffset(b.Min.X, y-1):][:rowBytes]) {
			// The same pixels as the row above (margins, the space between text lines and
			// around the plot: about half a card): Up, each byte less the one above, is all
			// zeros, found by one comparison of the rows rather than a pass over the pixels.
			z.put(2)
			z.putZeros(3 * b.Dx())
			continue
		}
		z.put(1)        // Sub: each byte less the same sample of the pixel to its left
		var last uint32 // the pixel to the left, 0 (black) left of the first, as Sub has it
		for x := 0; x < b.Dx(); {
			p := binary.LittleEndian.Uint32(pix[4*x:]) & 0xffffff
			if x > 0 && p == last {
				// A run of the same colour: three zero bytes a pixel.
				n := 1
				for x+n < b.Dx() && binary.LittleEndian.Uint32(pix[4*(x+n):])&0xffffff == p {
					n++
				}
				z.putZeros(3 * n)
				x += n
				continue
			}
			z.put(byte(p) - byte(last))
			z.put(byte(p>>8) - byte(last>>8))
			z.put(byte(p>>16) - byte(last>>16))
			last = p
			x++
		}
	}
	chunk(w, "IDAT", z.close())
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
// time); every other byte is a literal. It takes zeros by the run, so a row of one colour
// costs a few symbols, not a pass over its bytes.
type rleDeflate struct {
	out   []byte
	acc   uint64 // bits not yet written, the first in the lowest bit
	n     uint   // how many (fewer than 32 between calls)
	a, b  uint64 // the Adler-32 sums of the bytes so far, reduced only now and then (adlerDue)
	due   int    // bytes added to a and b since they were last reduced
	zeros int    // zero bytes taken but not yet written
	last  int    // the last byte written, -1 before the first
}

// adlerDue is how many bytes a and b take between reductions modulo adlerMod: a grows by at
// most 255 a byte and b by a, so both stay far inside 64 bits, and a card's literals pay for
// no division each.
const adlerDue = 1 << 16

const adlerMod = 65521

func newRLEDeflate(sizeHint int) *rleDeflate {
	z := &rleDeflate{out: make([]byte, 0, sizeHint), a: 1, last: -1}
	z.out = append(z.out, 0x78, 0x01) // deflate, 32 KiB window, no dictionary; (0x7801 % 31 == 0)
	z.bits(1, 1)                      // BFINAL: the only block
	z.bits(1, 2)                      // BTYPE 01: fixed Huffman codes
	return z
}

// bits appends the n low bits of v (n at most 16), first bit lowest, as deflate packs
// everything, four bytes at a time.
func (z *rleDeflate) bits(v uint64, n uint) {
	z.acc |= v << z.n
	z.n += n
	if z.n >= 32 {
		z.out = binary.LittleEndian.AppendUint32(z.out, uint32(z.acc))
		z.acc >>= 32
		z.n -= 32
	}
}

// symbol appends a literal/length symbol's fixed Huffman code.
func (z *rleDeflate) symbol(s int) { z.bits(uint64(fixedCodes[s].code), uint(fixedCodes[s].len)) }

// put takes one byte of the stream.
func (z *rleDeflate) put(c byte) {
	if c == 0 {
		z.putZeros(1)
		return
	}
	z.flushZeros()
	z.symbol(int(c))
	z.last = int(c)
	z.a += uint64(c)
	z.b += z.a
	if z.due++; z.due == adlerDue {
		z.a, z.b, z.due = z.a%adlerMod, z.b%adlerMod, 0
	}
}

// putZeros takes n zero bytes.
func (z *rleDeflate) putZeros(n int) {
	z.zeros += n
	z.a %= adlerMod
	z.b = (z.b + uint64(n)*z.a) % adlerMod // a zero adds nothing to a
	z.due = 0
}

// flushZeros writes the zeros taken: a literal zero unless the last byte was one, then matches
// of it at distance 1, then what is left (fewer than three) as literals.
func (z *rleDeflate) flushZeros() {
	n := z.zeros
	z.zeros = 0
	if n > 0 && z.last != 0 {
		z.symbol(0)
		z.last = 0
		n--
	}
	for n >= 3 {
		m := min(n, 258)
		if n-m == 1 || n-m == 2 {
			m = n - 3 // leave a last match of 3 or more rather than literals
		}
		l := lengthCodes[m]
		z.symbol(int(l.sym))
		z.bits(uint64(l.extra), uint(l.nextra))
		z.bits(0, 5) // distance code 0: distance 1, no extra bits
		n -= m
	}
	for ; n > 0; n-- {
		z.symbol(0)
	}
}

// close ends the block and the stream and returns it.
func (z *rleDeflate) close() []byte {
	z.flushZeros()
	z.symbol(256) // end of block
	if z.n%8 > 0 {
		z.bits(0, 8-z.n%8) // to a byte boundary
	}
	for ; z.n > 0; z.n -= 8 {
		z.out = append(z.out, byte(z.acc))
		z.acc >>= 8
	}
	return binary.BigEndian.AppendUint32(z.out, uint32(z.b%adlerMod)<<16|uint32(z.a%adlerMod))
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
