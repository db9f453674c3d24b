package history

import (
	"cmp"
	"github.com/frontier-bench/frontier/site/page"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/site/input"
)

// TestHistoryRowsReproduceEverySnapshot checks that the rows, each stored once, give back every
// snapshot of a page by the as-of rule: raw rows by topology and concurrency, a view's
// datasets whole, and a series where both replace each other by its datasets.
func TestHistoryRowsReproduceEverySnapshot(t *testing.T) {
	raw := func(id int64, conc int64, date string) input.Point {
		return input.Point{ID: id, X: float64(id), Y: 100, TpPerGpu: 100, Concurrency: conc, Date: date, Raw: &input.RawPoint{}}
	}
	view := func(id int64) input.Point { return input.Point{ID: id, X: float64(id), Y: 50, TpPerGpu: 50} }
	r1 := &page.PageSeries{Key: "r", Date: "2026-01-01", Points: []input.Point{raw(1, 8, ""), raw(2, 16, "2026-01-01")}}
	r2 := &page.PageSeries{Key: "r", Date: "2026-01-03", Points: []input.Point{raw(3, 8, "2026-01-03"), raw(2, 16, "2026-01-01")}}
	v1 := &page.PageSeries{Key: "v", Date: "2026-01-01", Points: []input.Point{view(10), view(11)}}
	v2 := &page.PageSeries{Key: "v", Date: "2026-01-03", Points: []input.Point{view(12)}}
	// m: a view dataset, then raw rows, then the view again (the same points as at first).
	m1 := &page.PageSeries{Key: "m", Date: "2026-01-01", Points: []input.Point{view(20)}}
	m2 := &page.PageSeries{Key: "m", Date: "2026-01-02", Points: []input.Point{raw(21, 8, "2026-01-02")}}
	m3 := &page.PageSeries{Key: "m", Date: "2026-01-03", Points: []input.Point{view(20)}}
	snaps := []*page.Snapshot{
		{Date: "2026-01-03", Series: []*page.PageSeries{m3, r2, v2}},
		{Date: "2026-01-02", Series: []*page.PageSeries{m2, r1, v1}},
		{Date: "2026-01-01", Series: []*page.PageSeries{m1, r1, v1}},
	}
	rows, series := rowsOf(snaps)
	if got := len(series); got != 3 {
		t.Fatalf("%d series, want 3", got)
	}
	ar := make([]asOfRow, len(rows))
	for i, r := range rows {
		ar[i] = r.asOfRow
	}
	for _, snap := range snaps {
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

// TestHistorySweepsAgreeWithAsOf: the one-sweep checks (chunkNeeds, reproduces) give what the
// as-of rule itself gives date by date, on random rows with undated rows, re-measurements on
// one date and configurations that stop.
func TestHistorySweepsAgreeWithAsOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	dates := []string{"", "2026-01-01", "2026-01-02", "2026-01-03", "2026-01-05", "2026-01-08"}
	for trial := range 200 {
		var rows []row
		for i := range 5 + rng.IntN(60) {
			pt := &input.Point{ID: int64(i)}
			rows = append(rows, row{asOfRow{rng.IntN(3), rng.IntN(3), dates[rng.IntN(len(dates))]}, pt})
		}
		slices.SortStableFunc(rows, func(a, b row) int { return strings.Compare(a.Date, b.Date) })
		// Chunks cut at date boundaries after about four rows.
		var chunks []Chunk
		for lo := 0; lo < len(rows); {
			hi := min(lo+4, len(rows))
			for hi < len(rows) && rows[hi].Date == rows[hi-1].Date {
				hi++
			}
			chunks = append(chunks, Chunk{Rows: hi - lo})
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
		var one []row
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
		states := make([]*page.PageSeries, len(snapDates))
		for d, date := range snapDates {
			if idx := asOf(oneAr, date); len(idx) > 0 {
				s := &page.PageSeries{}
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
				broken[d] = &page.PageSeries{Points: s.Points[1:]}
				if reproduces(one, broken, snapDates) {
					t.Fatalf("trial %d: a state missing a point on %s is reproduced", trial, snapDates[d])
				}
				break
			}
		}
	}
}

// TestHistorySortRowsIsTheStableSort: sortRows orders rows appended configuration by
// configuration as a stable sort by date, configuration, slot and id does, row for row (the
// same point pointers), with repeated slots, ids and dates, and undated rows.
func TestHistorySortRowsIsTheStableSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	dates := []string{"", "2026-01-01", "2026-01-02", "2026-01-10", "2026-02-01", "2025-12-31"}
	for range 300 {
		var rows []row
		for si := range rng.IntN(5) {
			for range rng.IntN(30) {
				pt := &input.Point{ID: int64(rng.IntN(8))}
				rows = append(rows, row{asOfRow{si, rng.IntN(4), dates[rng.IntN(len(dates))]}, pt})
			}
		}
		want := slices.Clone(rows)
		slices.SortStableFunc(want, func(a, b row) int {
			return cmp.Or(cmp.Compare(a.Date, b.Date), cmp.Compare(a.Series, b.Series), cmp.Compare(a.Slot, b.Slot), cmp.Compare(a.pt.ID, b.pt.ID))
		})
		if got := sortRows(rows); !slices.Equal(got, want) {
			t.Fatalf("sortRows of %v:\n got %v\nwant %v", rows, got, want)
		}
	}
}
