package render

import (
	"bytes"
	"testing"

	"github.com/frontier-bench/frontier/site/output"
)

// TestGzipReusesTheLastBuildsBytes: in an incremental build a page compresses only the files
// whose bytes changed since the last build; the others are the last build's, and the page's
// entry keeps only this build's, for the build after.
func TestGzipReusesTheLastBuildsBytes(t *testing.T) {
	build := func(old map[[32]byte][]byte, files ...string) ([][]byte, *recorder) {
		r := &Renderer{reuse: &Reuse{next: map[string]*pageEntry{}}}
		rec := &recorder{pieces: keptBytes{old: old}}
		var out [][]byte
		for _, f := range files {
			out = append(out, r.gzip(rec, []byte(f)))
		}
		return out, rec
	}
	first, kept := build(nil, "day one's chunk", "the trend table")
	again, rec := build(kept.pieces.next, "day one's chunk", "the trend table, after a save")
	if &again[0][0] != &first[0][0] {
		t.Error("an unchanged chunk was compressed again")
	}
	if &again[1][0] == &first[1][0] || !bytes.Equal(again[1], output.Gzip([]byte("the trend table, after a save"))) {
		t.Error("a changed table was not compressed anew")
	}
	if made, kept := rec.pieces.counts(); len(rec.pieces.next) != 2 || made != 1 || kept != 1 {
		t.Errorf("the page kept %d pieces (made %d, kept %d), want 2 (1 and 1)", len(rec.pieces.next), made, kept)
	}
}
