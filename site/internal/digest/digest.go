// Package digest makes the keys of the incremental build's caches: a Digest collects what a
// derived piece of the site is made from (a page's history chunk, a trend table, a site-wide
// page's model) and hashes it to a SHA-256 key, so that the piece is made again only when
// that key changes. Render and history both key their pieces with it.
package digest

import (
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"math"
)

// Digest collects values for a key: numbers as their bits, strings with their lengths, so
// that different inputs never run together into the same bytes. It hashes as it goes, a few
// kilobytes at a time: a year of rows is megabytes.
type Digest struct {
	h hash.Hash
	b []byte
}

// New starts a digest of a piece of the given kind, which is part of its key.
func New(kind string) *Digest {
	d := &Digest{h: sha256.New(), b: make([]byte, 0, 8<<10)}
	d.Str(kind)
	return d
}

// U64 adds v.
func (d *Digest) U64(v uint64) {
	if len(d.b) > 7<<10 {
		d.h.Write(d.b)
		d.b = d.b[:0]
	}
	d.b = binary.LittleEndian.AppendUint64(d.b, v)
}

// I64 adds v.
func (d *Digest) I64(v int64) { d.U64(uint64(v)) }

// F64 adds v's bits: -0 and 0 differ, and so do NaNs of different bits.
func (d *Digest) F64(v float64) { d.U64(math.Float64bits(v)) }

// Str adds s, after its length.
func (d *Digest) Str(s string) {
	d.U64(uint64(len(s)))
	d.b = append(d.b, s...)
}

// Key adds another digest's key.
func (d *Digest) Key(k [sha256.Size]byte) { d.Str(string(k[:])) }

// Sum is the key of everything added, after which d starts anew with kind.
func (d *Digest) Sum(kind string) [sha256.Size]byte {
	d.h.Write(d.b)
	var k [sha256.Size]byte
	d.h.Sum(k[:0])
	d.h.Reset()
	d.b = d.b[:0]
	d.Str(kind)
	return k
}
