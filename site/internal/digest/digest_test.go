package digest

import (
	"math"
	"testing"
)

// TestDigestKeepsInputsApart: inputs that would run together as bytes give different keys,
// the kind is part of the key, and Sum starts anew, so the same input gives the same key again.
func TestDigestKeepsInputsApart(t *testing.T) {
	key := func(kind string, add func(d *Digest)) [32]byte {
		d := New(kind)
		add(d)
		return d.Sum(kind)
	}
	ab := key("k", func(d *Digest) { d.Str("ab"); d.Str("c") })
	if ab == key("k", func(d *Digest) { d.Str("a"); d.Str("bc") }) {
		t.Error(`"ab","c" and "a","bc" have one key`)
	}
	if ab == key("other", func(d *Digest) { d.Str("ab"); d.Str("c") }) {
		t.Error("the kind is not part of the key")
	}
	if key("k", func(d *Digest) { d.F64(0) }) == key("k", func(d *Digest) { d.F64(math.Copysign(0, -1)) }) {
		t.Error("0 and -0 have one key")
	}
	// A long input is hashed in pieces as it is added; the key still depends on all of it.
	long := func(last int64) [32]byte {
		return key("k", func(d *Digest) {
			for i := range int64(5000) {
				d.I64(i)
			}
			d.I64(last)
		})
	}
	if long(1) == long(2) {
		t.Error("the last of 5,000 numbers does not change the key")
	}
	d := New("k")
	d.Str("x")
	first := d.Sum("k")
	d.Str("x")
	if d.Sum("k") != first {
		t.Error("Sum does not start anew: the same input gave another key")
	}
}
