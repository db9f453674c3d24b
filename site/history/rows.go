package history

import (
	"cmp"
	"github.com/frontier-bench/frontier/site/page"
	"slices"

	"github.com/frontier-bench/frontier/site/input"
)

// row is one stored row: a point of a configuration, with its slot and as-of date.
type row struct {
	asOfRow
	pt *input.Point
}

// slotKey is a raw point's slot: its topology and concurrency.
type slotKey struct {
	topo input.Topology
	conc int64
}

// rowsOf lists the page's rows, each once, with the configurations they belong to (in key
// order: the rows' series index into it). A raw point's slot is its topology and concurrency
// and its date its own; a view point's slot is its dataset, dated by it. A configuration for
// which that does not reproduce every snapshot (a view and raw rows of one configuration
// replacing each other) is stored by dataset instead: each distinct state of it once, dated by
// its dataset.
func rowsOf(snaps []*page.Snapshot) ([]row, []*page.PageSeries) {
	byKey := map[string][]*page.PageSeries{} // per snapshot, oldest first; nil where absent
	var keys []string
	n := len(snaps)
	for i := n - 1; i >= 0; i-- {
		for j := range snaps[i].Series {
			s := snaps[i].Series[j]
			if byKey[s.Key] == nil {
				byKey[s.Key] = make([]*page.PageSeries, n)
				keys = append(keys, s.Key)
			}
			byKey[s.Key][n-1-i] = s
		}
	}
	slices.Sort(keys)
	dates := make([]string, n) // oldest first
	for i, snap := range snaps {
		dates[n-1-i] = snap.Date
	}
	var rows []row
	newest := make([]*page.PageSeries, len(keys))
	for si, k := range keys {
		states := byKey[k]
		for _, s := range states {
			if s != nil {
				newest[si] = s
			}
		}
		rs := slotRows(si, states)
		if !reproduces(rs, states, dates) {
			rs = datasetRows(si, states)
		}
		rows = append(rows, rs...)
	}
	return sortRows(rows), newest
}

// sortRows sorts rows, appended configuration by configuration in key order, by date, then
// configuration, slot and point id, stably. Rows fall in a few hundred dates: they are
// counted into their dates' places (which keeps the configurations in order), and only each
// configuration's rows of a date are sorted by slot and id, against comparing dates as
// strings in a sort of them all, which was half of rowsOf.
func sortRows(rows []row) []row {
	rank := map[string]int{}
	var dates []string
	for i := range rows {
		if _, ok := rank[rows[i].Date]; !ok {
			rank[rows[i].Date] = 0
			dates = append(dates, rows[i].Date)
		}
	}
	slices.Sort(dates)
	start := make([]int, len(dates)+1) // where each date's rows begin
	for i, d := range dates {
		rank[d] = i
	}
	ranks := make([]int, len(rows))
	for i := range rows {
		ranks[i] = rank[rows[i].Date]
		start[ranks[i]+1]++
	}
	for i := range dates {
		start[i+1] += start[i]
	}
	sorted := make([]row, len(rows))
	next := slices.Clone(start[:len(dates)])
	for i := range rows {
		sorted[next[ranks[i]]] = rows[i]
		next[ranks[i]]++
	}
	bySlot := func(a, b row) int { return cmp.Or(cmp.Compare(a.Slot, b.Slot), cmp.Compare(a.pt.ID, b.pt.ID)) }
	for lo := 0; lo < len(sorted); {
		hi := lo + 1
		for hi < len(sorted) && sorted[hi].Series == sorted[lo].Series && sorted[hi].Date == sorted[lo].Date {
			hi++
		}
		if run := sorted[lo:hi]; !slices.IsSortedFunc(run, bySlot) {
			slices.SortStableFunc(run, bySlot)
		}
		lo = hi
	}
	return sorted
}

// slotRows are a configuration's rows by slot: each distinct (point, slot, date) once.
func slotRows(si int, states []*page.PageSeries) []row {
	slots := map[slotKey]int{}
	type seen struct {
		id   int64
		slot int
		date string
	}
	done := map[seen]bool{}
	var prev *page.PageSeries
	var rows []row
	for _, s := range states {
		if s == nil || s == prev {
			continue
		}
		prev = s
		for i := range s.Points {
			pt := &s.Points[i]
			slot, date := 0, s.Date // a view's dataset: one slot, its date
			if pt.Raw != nil {
				k := slotKey{pt.Raw.Topology, pt.Concurrency}
				j, ok := slots[k]
				if !ok {
					j = len(slots) + 1
					slots[k] = j
				}
				slot, date = j, pt.Date
			}
			if done[seen{pt.ID, slot, date}] {
				continue
			}
			done[seen{pt.ID, slot, date}] = true
			rows = append(rows, row{asOfRow{si, slot, date}, pt})
		}
	}
	return rows
}

// datasetRows are a configuration's rows by dataset: every distinct state once, dated by its
// dataset.
func datasetRows(si int, states []*page.PageSeries) []row {
	var rows []row
	var prev *page.PageSeries
	for _, s := range states {
		if s == nil || s == prev || prev != nil && s.Date == prev.Date {
			prev = cmp.Or(s, prev)
			continue
		}
		prev = s
		for i := range s.Points {
			rows = append(rows, row{asOfRow{si, 0, s.Date}, &s.Points[i]})
		}
	}
	return rows
}

// reproduces reports whether the as-of rule over rows gives each snapshot's points of the
// configuration. It sweeps the dates once, oldest first, keeping per slot the rows of its
// newest date so far: asOf on every date was dates × rows, which on a year of daily snapshots
// was a third of drawing the page.
func reproduces(rows []row, states []*page.PageSeries, dates []string) bool {
	order := make([]int, len(rows))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(rows[a].Date, rows[b].Date) })
	type shown struct {
		date string
		ids  []int64
	}
	slots := map[int]*shown{}
	next, changed := 0, true
	var prev *page.PageSeries
	var got, want []int64
	for d, s := range states {
		for ; next < len(order) && rows[order[next]].Date <= dates[d]; next++ {
			r := &rows[order[next]]
			if sh := slots[r.Slot]; sh != nil && sh.date == r.Date {
				sh.ids = append(sh.ids, r.pt.ID)
			} else {
				slots[r.Slot] = &shown{r.Date, []int64{r.pt.ID}}
			}
			changed = true
		}
		if !changed && (s == prev || s != nil && prev != nil && samePoints(s, prev)) {
			continue // the same rows against the same points
		}
		changed, prev = false, s
		got, want = got[:0], want[:0]
		for _, sh := range slots {
			got = append(got, sh.ids...)
		}
		if s != nil {
			for _, pt := range s.Points {
				want = append(want, pt.ID)
			}
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			return false
		}
	}
	return true
}

// samePoints reports whether two states of a configuration hold the same points: at once when
// they share them (a date that carries a configuration over from the day before), else id by
// id.
func samePoints(a, b *page.PageSeries) bool {
	if len(a.Points) != len(b.Points) {
		return false
	}
	if len(a.Points) == 0 || &a.Points[0] == &b.Points[0] {
		return true
	}
	for i := range a.Points {
		if a.Points[i].ID != b.Points[i].ID {
			return false
		}
	}
	return true
}

// chunkNeeds lists, for each chunk after the first, the earlier chunks holding the rows shown
// just before it starts (the as-of view on the newest date of the rows before it), in one
// sweep over the rows (sorted by date, chunks cut at date boundaries): per slot, the chunk of
// its newest date's rows.
func chunkNeeds(rows []row, chunks []Chunk) [][]int {
	type slot struct{ series, slot int }
	newest := map[slot]int{} // chunk of the slot's newest rows
	needs := make([][]int, len(chunks))
	start := 0
	for c := range chunks {
		needs[c] = []int{}
		if c > 0 {
			seen := make([]bool, c)
			for _, k := range newest {
				seen[k] = true
			}
			for k, ok := range seen {
				if ok {
					needs[c] = append(needs[c], k)
				}
			}
		}
		for i := start; i < start+chunks[c].Rows; i++ {
			newest[slot{rows[i].Series, rows[i].Slot}] = c
		}
		start += chunks[c].Rows
	}
	return needs
}
