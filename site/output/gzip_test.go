package output

import (
	"bytes"
	"compress/gzip"
	"io"
	"testing"
)

// TestGzipIsDeterministicAndRoundTrips: the same bytes give the same file (no name or time in
// the header, a writer taken from the pool as new), which inflates back to them.
func TestGzipIsDeterministicAndRoundTrips(t *testing.T) {
	in := bytes.Repeat([]byte(`{"cols":["id","x"],"c":[[1,2],[3.5,4]]}`), 50)
	a := Gzip(in)
	Gzip([]byte("something else in between"))
	if b := Gzip(in); !bytes.Equal(a, b) {
		t.Error("the same bytes gzipped twice differ")
	}
	zr, err := gzip.NewReader(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	if zr.Name != "" || !zr.ModTime.IsZero() {
		t.Errorf("header has name %q, time %v; want neither", zr.Name, zr.ModTime)
	}
	out, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(out, in) {
		t.Errorf("inflated %d bytes (%v), want the %d given", len(out), err, len(in))
	}
	if len(a) >= len(in)/4 {
		t.Errorf("%d bytes gzipped from %d repetitive ones: not compressed", len(a), len(in))
	}
}
