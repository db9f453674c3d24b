package history

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/json/v2"
	"github.com/frontier-bench/frontier/site/page"
	"io"
	"slices"
	"testing"

	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/output"
)

// testPage is a page of three dates: b200 re-run on the newest, h100 only on the oldest.
func testPage() *Page {
	pts := func(id int64, date string, ys ...float64) []input.Point {
		var out []input.Point
		for i, y := range ys {
			out = append(out, input.Point{ID: id + int64(i), X: float64(10 * (i + 1)), Y: y, TpPerGpu: y, OutputTputPerGpu: y / 2,
				InputTputPerGpu: y / 2, Concurrency: int64(4 << i), TP: 8, Date: date})
		}
		return out
	}
	b := page.PageSeries{Key: "b200_vllm", Name: "B200 (vLLM)", HWKey: "b200_vllm", GPU: "b200", Vendor: "NVIDIA", Framework: "vllm",
		Spec: "none", Precision: "fp8", Label: "B200 (vLLM)"}
	h := page.PageSeries{Key: "h100_vllm", Name: "H100 (vLLM)", HWKey: "h100_vllm", GPU: "h100", Vendor: "NVIDIA", Framework: "vllm",
		Spec: "none", Precision: "fp8", Label: "H100 (vLLM)"}
	dated := func(c page.PageSeries, date string, pts []input.Point) *page.PageSeries {
		c.Date, c.Points = date, pts
		return &c
	}
	b1 := dated(b, "2026-01-01", pts(1, "2026-01-01", 900, 600, 300))
	b2 := dated(b, "2026-01-03", pts(11, "2026-01-03", 1000, 700, 350))
	h1 := dated(h, "2026-01-01", pts(21, "2026-01-01", 400, 200))
	return &Page{Cols: pointColumns, RefX: []float64{15, 25},
		Metrics: []Metric{{Key: "tpPerGpu", Higher: true}, {Key: "costPerMTok"}},
		Page: &page.Page{Path: "m/1k-1k/", Model: "M", Snapshots: []*page.Snapshot{
			{Date: "2026-01-03", Series: []*page.PageSeries{b2}},
			{Date: "2026-01-02", Series: []*page.PageSeries{b1, h1}},
			{Date: "2026-01-01", Series: []*page.PageSeries{b1, h1}},
		}}}
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestWriteStoresEachRowOnce: Write stores every distinct row once, names every file it writes
// in the index, gives the page data the newest snapshot's configurations by key alone, and the
// same page twice gives the same bytes.
func TestWriteStoresEachRowOnce(t *testing.T) {
	files := &output.Files{}
	index, err := Write(files, testPage(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if index.Rows != 3+3+2 {
		t.Errorf("%d rows, want 8 (b200 twice 3, h100 2)", index.Rows)
	}
	if got := []Config{index.Series[0], {Key: index.Series[1].Key, Name: index.Series[1].Name}}; got[0] != (Config{Key: "b200_vllm"}) || got[1].Name != "H100 (vLLM)" {
		t.Errorf("page data's configurations %+v: want b200 by key alone, h100 in full", index.Series)
	}
	if index.Series[1].Color == "" || index.Series[1].Symbol == "" {
		t.Errorf("h100 has no style: %+v", index.Series[1])
	}
	var full Index
	b, ok := files.Get("m/1k-1k/" + indexFile)
	if !ok {
		t.Fatalf("no %s", indexFile)
	}
	if err := json.Unmarshal(b, &full); err != nil {
		t.Fatal(err)
	}
	if full.Series[0].Name != "B200 (vLLM)" || len(full.Chunks) != 1 || full.Chunks[0].From != "2026-01-01" || full.Chunks[0].To != "2026-01-03" {
		t.Errorf("index.json: %+v", full)
	}
	var names []string
	for _, f := range full.Chunks {
		names = append(names, f.File)
	}
	for _, k := range []string{"costPerMTok", "tpPerGpu"} {
		names = append(names, full.Trend[k])
	}
	for _, name := range names {
		if _, ok := files.Get("m/1k-1k/" + name); !ok {
			t.Errorf("the index names %s, not written", name)
		}
	}
	var table trendTable
	tb, _ := files.Get("m/1k-1k/" + full.Trend["tpPerGpu"])
	if err := json.Unmarshal(gunzip(t, tb), &table); err != nil {
		t.Fatal(err)
	}
	// b200 changed on dates 0 and 2, h100 once; at x=15 b200's frontier is between 900 and 600.
	if len(table.Lines) != 2 || len(table.Lines[0]) != 2 || len(table.Lines[1]) != 1 || table.Lines[0][1][0] != 2 {
		t.Fatalf("trend lines %v", table.Lines)
	}
	if v := table.Lines[0][0][1]; !(v < 900 && v > 600) {
		t.Errorf("b200 at 15 on the first date: %v, want between 600 and 900", v)
	}
	again := &output.Files{}
	if _, err := Write(again, testPage(), nil); err != nil {
		t.Fatal(err)
	}
	for _, name := range files.Names() {
		a, _ := files.Get(name)
		b, _ := again.Get(name)
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between two writes of the same page", name)
		}
	}
	if one, err := Write(files, &Page{Page: &page.Page{Snapshots: testPage().Snapshots[:1]}}, nil); one != nil || err != nil {
		t.Errorf("a page with one snapshot: %v, %v; want no history", one, err)
	}
}

// mapCache is a Cache over the build before's pieces (old) and this build's (next).
type mapCache struct {
	old, next map[[sha256.Size]byte][]byte
	derived   int
}

func (c *mapCache) Derived(key [sha256.Size]byte, derive func() []byte) []byte {
	if b, ok := c.next[key]; ok {
		return b
	}
	b, ok := c.old[key]
	if !ok {
		c.derived++
		b = derive()
	}
	c.next[key] = b
	return b
}

func (c *mapCache) Keep(key [sha256.Size]byte) {
	if b, ok := c.old[key]; ok {
		c.next[key] = b
	}
}

// TestWriteWithACacheRederivesOnlyWhatChanged: with the last build's pieces, an unchanged page
// derives nothing and writes the same bytes; a re-measured point re-derives its chunk and the
// tables it reaches, and the result is what a build without a cache writes.
func TestWriteWithACacheRederivesOnlyWhatChanged(t *testing.T) {
	first := &mapCache{next: map[[sha256.Size]byte][]byte{}}
	want := &output.Files{}
	if _, err := Write(want, testPage(), first); err != nil {
		t.Fatal(err)
	}
	plain := &output.Files{}
	if _, err := Write(plain, testPage(), nil); err != nil {
		t.Fatal(err)
	}
	same := func(a, b *output.Files) bool {
		if !slices.Equal(a.Names(), b.Names()) {
			return false
		}
		for _, name := range a.Names() {
			x, _ := a.Get(name)
			y, _ := b.Get(name)
			if !bytes.Equal(x, y) {
				return false
			}
		}
		return true
	}
	if !same(want, plain) {
		t.Error("a cached write differs from a plain one")
	}
	second := &mapCache{old: first.next, next: map[[sha256.Size]byte][]byte{}}
	got := &output.Files{}
	if _, err := Write(got, testPage(), second); err != nil {
		t.Fatal(err)
	}
	if second.derived != 0 || !same(got, want) {
		t.Errorf("an unchanged page derived %d pieces (want 0), same bytes %v", second.derived, same(got, want))
	}
	// What the second build took whole it carries over: a third derives nothing either.
	carried := &mapCache{old: second.next, next: map[[sha256.Size]byte][]byte{}}
	if _, err := Write(&output.Files{}, testPage(), carried); err != nil || carried.derived != 0 {
		t.Errorf("the build after derived %d pieces (%v), want 0", carried.derived, err)
	}
	changed := testPage()
	changed.Snapshots[0].Series[0].Points[0].TpPerGpu = 1100
	third := &mapCache{old: carried.next, next: map[[sha256.Size]byte][]byte{}}
	got = &output.Files{}
	if _, err := Write(got, changed, third); err != nil {
		t.Fatal(err)
	}
	plain = &output.Files{}
	if _, err := Write(plain, changed, nil); err != nil {
		t.Fatal(err)
	}
	if !same(got, plain) {
		t.Error("after a change, the cached write differs from a plain one")
	}
	if third.derived == 0 || third.derived >= first.derived {
		t.Errorf("a changed point derived %d pieces, want some but fewer than the first build's %d", third.derived, first.derived)
	}
}
