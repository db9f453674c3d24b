package render

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"github.com/frontier-bench/frontier/site/page"
	"io"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/output"
)

// snapshotOf is a snapshot of series of n points each, ids from 1.
func snapshotOf(sizes ...int) *page.Snapshot {
	snap := &page.Snapshot{Date: "2026-01-01"}
	id := int64(1)
	for i, n := range sizes {
		s := &page.PageSeries{Key: string(rune('a' + i))}
		for range n {
			s.Points = append(s.Points, input.Point{ID: id, X: float64(id)})
			id++
		}
		snap.Series = append(snap.Series, s)
	}
	return snap
}

// A page's details are chunks of whole series: a configuration's points (a point's
// neighbours) are never split, a chunk ends once it holds detailChunkPoints, and the index
// names each series' chunk; a language mirror names the default's files from the root.
func TestWriteDetailChunksWholeSeries(t *testing.T) {
	files := &output.Files{}
	r := &Renderer{site: &siteView{Root: "/repo/"}}
	snap := snapshotOf(150, 80, 10, 300, 5)
	idx, err := r.writeDetail(files, "m/s/", snap)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(idx.Files, " "), "detail-0.json.gz detail-1.json.gz detail-2.json.gz"; got != want {
		t.Errorf("files %q, want %q", got, want)
	}
	if got, want := idx.Chunk, []int{0, 0, 1, 1, 2}; !slices.Equal(got, want) {
		t.Errorf("chunk of each series %v, want %v", got, want)
	}
	for k, name := range idx.Files {
		gz, ok := files.Get("m/s/" + name)
		if !ok {
			t.Fatalf("%s not written", name)
		}
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(zr)
		var d DetailData
		if err := json.Unmarshal(b, &d); err != nil {
			t.Fatal(err)
		}
		want := map[int]int{0: 230, 1: 310, 2: 5}[k]
		if len(d.Points) != want {
			t.Errorf("%s holds %d points, want %d", name, len(d.Points), want)
		}
	}
	mirror := &Renderer{site: &siteView{Root: "/repo/"}, def: r}
	other := &output.Files{}
	midx, err := mirror.writeDetail(other, "m/s/", snap)
	if err != nil {
		t.Fatal(err)
	}
	if other.Len() != 0 || midx.Files[0] != "/repo/m/s/detail-0.json.gz" {
		t.Errorf("a mirror wrote %d files and names %v; want none, and the default's from the root", other.Len(), midx.Files)
	}
}

// A point's detail: every statistic its raw result gave, to four digits, null where absent;
// its run without a link that is not https; a view's point its median interactivity alone.
func TestPointDetail(t *testing.T) {
	view := pointDetail(&input.Point{ID: 7, X: 12.3456})
	if b, _ := json.Marshal(view); string(b) != `{"id":7,"stats":{"intvty":[null,12.35,null,null,null,null]}}` {
		t.Errorf("a view's point: %s", b)
	}
	if b, _ := json.Marshal(pointDetail(&input.Point{ID: 8, X: math.NaN()})); string(b) != `{"id":8}` {
		t.Errorf("a view's point without x: %s", b)
	}
}
