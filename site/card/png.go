package card

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"io"
	"sync"
)

// encodePNG writes img, which is opaque, as an 8-bit RGB PNG with the Sub filter on every row
// and zlib at its fastest level. image/png tries all five filters on every row, which was half
// the time of drawing a card; a card is flat colour and horizontal lines, which Sub turns
// into runs of zeros as well as the best filter does. The bytes depend on the pixels alone.
func encodePNG(w *bytes.Buffer, img *image.RGBA) error {
	b := img.Bounds()
	w.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(b.Dx()))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(b.Dy()))
	ihdr[8], ihdr[9] = 8, 2 // 8 bits per sample, truecolour; compression, filter, interlace 0
	chunk(w, "IHDR", ihdr[:])

	z := zlibs.Get().(*zlibWriter)
	defer zlibs.Put(z)
	z.out.Reset()
	z.zw.Reset(&z.out)
	row := make([]byte, 1+3*b.Dx())
	row[0] = 1 // Sub: each byte less the same sample of the pixel to its left
	for y := b.Min.Y; y < b.Max.Y; y++ {
		pix := img.Pix[img.PixOffset(b.Min.X, y):]
		var pr, pg, pb byte
		for x, o := 0, 1; x < b.Dx(); x, o = x+1, o+3 {
			r, g, bl := pix[4*x], pix[4*x+1], pix[4*x+2]
			row[o], row[o+1], row[o+2] = r-pr, g-pg, bl-pb
			pr, pg, pb = r, g, bl
		}
		if _, err := z.zw.Write(row); err != nil {
			return err
		}
	}
	if err := z.zw.Close(); err != nil {
		return err
	}
	chunk(w, "IDAT", z.out.Bytes())
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

// zlibWriter is a compressor and its output, kept between cards: a fresh zlib writer
// allocates over a megabyte.
type zlibWriter struct {
	out bytes.Buffer
	zw  *zlib.Writer
}

var zlibs = sync.Pool{New: func() any {
	z := &zlibWriter{}
	z.zw, _ = zlib.NewWriterLevel(&z.out, zlib.BestSpeed) // a valid level: no error
	return z
}}
