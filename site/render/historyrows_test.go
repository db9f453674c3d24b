package render

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/input"
)

// TestAsOfTwins holds Go's asOf to the asOf cases of templates/script/testdata/twins.json,
// which asof.test.js holds the page script's asOf to.
func TestAsOfTwins(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(testsite.Root(), "templates", "script", "testdata", "twins.json"))
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		AsOf []struct {
			Name string           `json:"name"`
			Rows [][3]string      `json:"rows"`
			At   map[string][]int `json:"at"`
		} `json:"asOf"`
	}
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	if len(c.AsOf) < 6 {
		t.Fatalf("%d asOf cases, want the 6 or more of the rule", len(c.AsOf))
	}
	for _, tc := range c.AsOf {
		ids := map[string]int{}
		id := func(s string) int {
			if _, ok := ids[s]; !ok {
				ids[s] = len(ids)
			}
			return ids[s]
		}
		rows := make([]asOfRow, len(tc.Rows))
		for i, r := range tc.Rows {
			rows[i] = asOfRow{Series: id("series:" + r[0]), Slot: id("slot:" + r[1]), Date: r[2]}
		}
		for date, want := range tc.At {
			if got := asOf(rows, date); !slices.Equal(got, want) && len(got)+len(want) > 0 {
				t.Errorf("%s, on %q: rows %v, want %v", tc.Name, date, got, want)
			}
		}
	}
}

// TestHistoryRowsReproduceEverySnapshot checks that the rows, each stored once, give back every
// snapshot of a page by the as-of rule: raw rows by topology and concurrency, a view's
// datasets whole, and a series where both replace each other by its datasets.
func TestHistoryRowsReproduceEverySnapshot(t *testing.T) {
	raw := func(id int64, conc int64, date string) input.Point {
		return input.Point{ID: id, X: float64(id), Y: 100, TpPerGpu: 100, Concurrency: conc, Date: date, Raw: &input.RawPoint{}}
	}
	view := func(id int64) input.Point { return input.Point{ID: id, X: float64(id), Y: 50, TpPerGpu: 50} }
	r1 := &PageSeries{Key: "r", Date: "2026-01-01", Points: []input.Point{raw(1, 8, ""), raw(2, 16, "2026-01-01")}}
	r2 := &PageSeries{Key: "r", Date: "2026-01-03", Points: []input.Point{raw(3, 8, "2026-01-03"), raw(2, 16, "2026-01-01")}}
	v1 := &PageSeries{Key: "v", Date: "2026-01-01", Points: []input.Point{view(10), view(11)}}
	v2 := &PageSeries{Key: "v", Date: "2026-01-03", Points: []input.Point{view(12)}}
	// m: a view dataset, then raw rows, then the view again (the same points as at first).
	m1 := &PageSeries{Key: "m", Date: "2026-01-01", Points: []input.Point{view(20)}}
	m2 := &PageSeries{Key: "m", Date: "2026-01-02", Points: []input.Point{raw(21, 8, "2026-01-02")}}
	m3 := &PageSeries{Key: "m", Date: "2026-01-03", Points: []input.Point{view(20)}}
	p := &Page{Snapshots: []*Snapshot{
		{Date: "2026-01-03", Series: []*PageSeries{m3, r2, v2}},
		{Date: "2026-01-02", Series: []*PageSeries{m2, r1, v1}},
		{Date: "2026-01-01", Series: []*PageSeries{m1, r1, v1}},
	}}
	rows, series := historyRowsOf(p)
	if got := len(series); got != 3 {
		t.Fatalf("%d series, want 3", got)
	}
	ar := make([]asOfRow, len(rows))
	for i, r := range rows {
		ar[i] = r.asOfRow
	}
	for _, snap := range p.Snapshots {
		var want, got []int64
		for _, s := range snap.Series {
			for _, pt := range s.Points {
				want = append(want, pt.ID)
			}
		}
		for _, i := range asOf(ar, snap.Date) {
			got = append(got, rows[i].pt.ID)
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: points %v, want %v", snap.Date, got, want)
		}
	}
	// r and v store each point once; m stores its first and last dataset apart.
	if len(rows) != 3+3+3 {
		t.Errorf("%d rows, want 9 (r: 3, v: 3, m: 3)", len(rows))
	}
}

// TestRowChunkWritesAnEqualColumnOnce: a column with the same values as an earlier column of
// its kind is written as that column's index (input throughput equal to output here), and a
// column that differs in one value is written whole.
func TestRowChunkWritesAnEqualColumnOnce(t *testing.T) {
	pts := []input.Point{
		{ID: 1, X: 2, TpPerGpu: 9, OutputTputPerGpu: 4.5, InputTputPerGpu: 4.5, Concurrency: 4, TP: 4, Date: "2026-01-01"},
		{ID: 2, X: 3, TpPerGpu: 8, OutputTputPerGpu: 4, InputTputPerGpu: 4, Concurrency: 8, TP: 4, Date: "2026-01-01"},
	}
	rows := []historyRow{{asOfRow{0, 0, "2026-01-01"}, &pts[0]}, {asOfRow{0, 0, "2026-01-01"}, &pts[1]}}
	var got struct {
		Cols []string          `json:"cols"`
		C    []json.RawMessage `json:"c"`
	}
	if err := json.Unmarshal(rowChunk(rows, pageColumns{names: pointColumns}), &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"x": "[2,3]", "tpPerGpu": "[9,8]", "outputTputPerGpu": "[4.5,4]", "inputTputPerGpu": "3", "conc": "[4,8]", "tp": "[4,4]"}
	for j, name := range got.Cols {
		if w, ok := want[name]; ok && string(got.C[j]) != w {
			t.Errorf("column %s: %s, want %s", name, got.C[j], w)
		}
	}
	pts[1].InputTputPerGpu = 4.25
	if err := json.Unmarshal(rowChunk(rows, pageColumns{names: pointColumns}), &got); err != nil {
		t.Fatal(err)
	}
	if j := slices.Index(got.Cols, "inputTputPerGpu"); string(got.C[j]) != "[4.5,4.25]" {
		t.Errorf("a column that differs: %s, want it whole", got.C[j])
	}
}

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
	if &again[1][0] == &first[1][0] || !bytes.Equal(again[1], gzipped([]byte("the trend table, after a save"))) {
		t.Error("a changed table was not compressed anew")
	}
	if made, kept := rec.pieces.counts(); len(rec.pieces.next) != 2 || made != 1 || kept != 1 {
		t.Errorf("the page kept %d pieces (made %d, kept %d), want 2 (1 and 1)", len(rec.pieces.next), made, kept)
	}
}

// TestHistorySweepsAgreeWithAsOf: the one-sweep checks (chunkNeeds, reproduces) give what the
// as-of rule itself gives date by date, on random rows with undated rows, re-measurements on
// one date and configurations that stop.
func TestHistorySweepsAgreeWithAsOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	dates := []string{"", "2026-01-01", "2026-01-02", "2026-01-03", "2026-01-05", "2026-01-08"}
	for trial := range 200 {
		var rows []historyRow
		for i := range 5 + rng.IntN(60) {
			pt := &input.Point{ID: int64(i)}
			rows = append(rows, historyRow{asOfRow{rng.IntN(3), rng.IntN(3), dates[rng.IntN(len(dates))]}, pt})
		}
		slices.SortStableFunc(rows, func(a, b historyRow) int { return strings.Compare(a.Date, b.Date) })
		// Chunks cut at date boundaries after about four rows.
		var chunks []HistoryChunk
		for lo := 0; lo < len(rows); {
			hi := min(lo+4, len(rows))
			for hi < len(rows) && rows[hi].Date == rows[hi-1].Date {
				hi++
			}
			chunks = append(chunks, HistoryChunk{Rows: hi - lo})
			lo = hi
		}
		ar := make([]asOfRow, len(rows))
		chunkOf := make([]int, len(rows))
		for i, r := range rows {
			ar[i] = r.asOfRow
		}
		for c, start := 0, 0; c < len(chunks); c++ {
			for i := start; i < start+chunks[c].Rows; i++ {
				chunkOf[i] = c
			}
			start += chunks[c].Rows
		}
		got := chunkNeeds(rows, chunks)
		for c, start := 0, 0; c < len(chunks); c++ {
			want := []int{}
			if c > 0 {
				for _, i := range asOfBefore(ar[:start]) {
					want = append(want, chunkOf[i])
				}
				slices.Sort(want)
				want = slices.Compact(want)
			}
			if !slices.Equal(got[c], want) {
				t.Fatalf("trial %d: chunk %d needs %v, want %v", trial, c, got[c], want)
			}
			start += chunks[c].Rows
		}
		// One series' rows against states: its as-of view on each date, or that view with a
		// point left out (which the rows cannot give).
		var one []historyRow
		for _, r := range rows {
			if r.Series == 0 {
				one = append(one, r)
			}
		}
		oneAr := make([]asOfRow, len(one))
		for i, r := range one {
			oneAr[i] = r.asOfRow
		}
		snapDates := dates[1:]
		states := make([]*PageSeries, len(snapDates))
		for d, date := range snapDates {
			if idx := asOf(oneAr, date); len(idx) > 0 {
				s := &PageSeries{}
				for _, i := range idx {
					s.Points = append(s.Points, *one[i].pt)
				}
				states[d] = s
			}
		}
		if !reproduces(one, states, snapDates) {
			t.Fatalf("trial %d: the rows' own as-of views are not reproduced", trial)
		}
		for d, s := range states {
			if s != nil && len(s.Points) > 1 {
				broken := slices.Clone(states)
				broken[d] = &PageSeries{Points: s.Points[1:]}
				if reproduces(one, broken, snapDates) {
					t.Fatalf("trial %d: a state missing a point on %s is reproduced", trial, snapDates[d])
				}
				break
			}
		}
	}
}
