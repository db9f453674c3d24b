package render

// A chart page's history as its rows, each measured point stored once, instead of one full copy
// of the page per snapshot date (which grew as dates × configurations).
//
// Layout beside the page (paths relative to it; the page data's "history" is the index):
//
//	history/rows-<n>.json.gz   the rows, oldest first, cut at date boundaries into chunks of about
//	                        chunkRows rows: columnar (rowChunkData), so a view fetches only the
//	                        chunks the date it shows needs (HistoryChunk.Needs)
//	history/trend-<metric>.json.gz  per configuration, its value at each reference interactivity on
//	                        every date its rows changed (TrendData): the trend chart and the
//	                        change table, for one metric, without any row
//	history/index.json      the index alone, the page's link to every row it ever measured
//
// The as-of rule (rawsnap.go's): on a date, each configuration shows, for each slot (one
// topology and concurrency of raw results; a whole dataset of the inference view), the rows of
// the newest date on or before it; an undated row is older than every date. asOf is the rule
// in Go; templates/script/asof.js is its twin, both held to the asOf cases of
// templates/script/testdata/twins.json.

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"crypto/sha256"
	"encoding/json"
	"slices"
	"strconv"
	"sync"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/output"
)

// chunkRows is about how many rows a history chunk holds (it ends at a date boundary). An older
// date needs its chunk and the chunks its configurations were last re-run in: a few of these,
// each some tens of kilobytes gzipped.
const chunkRows = 800

// historyRow is one stored row: a point of a configuration, with its slot and as-of date.
type historyRow struct {
	asOfRow
	pt *input.Point
}

// slotKey is a raw point's slot: its topology and concurrency.
type slotKey struct {
	topo input.Topology
	conc int64
}

// historyRowsOf lists the page's rows, each once, with the series they belong to (in key
// order). A raw point's slot is its topology and concurrency and its date its own; a view
// point's slot is its dataset, dated by it. A series for which that does not reproduce every
// snapshot (a view and raw rows of one configuration replacing each other) is stored by dataset
// instead: each distinct state of it once, dated by its dataset.
func historyRowsOf(p *Page) ([]historyRow, []*PageSeries) {
	byKey := map[string][]*PageSeries{} // per snapshot, oldest first; nil where absent
	var keys []string
	n := len(p.Snapshots)
	for i := n - 1; i >= 0; i-- {
		for _, s := range p.Snapshots[i].Series {
			if byKey[s.Key] == nil {
				byKey[s.Key] = make([]*PageSeries, n)
				keys = append(keys, s.Key)
			}
			byKey[s.Key][n-1-i] = s
		}
	}
	slices.Sort(keys)
	dates := make([]string, n) // oldest first
	for i, snap := range p.Snapshots {
		dates[n-1-i] = snap.Date
	}
	var rows []historyRow
	newest := make([]*PageSeries, len(keys))
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
	slices.SortStableFunc(rows, func(a, b historyRow) int {
		return cmp.Or(cmp.Compare(a.Date, b.Date), cmp.Compare(a.Series, b.Series), cmp.Compare(a.Slot, b.Slot), cmp.Compare(a.pt.ID, b.pt.ID))
	})
	return rows, newest
}

// slotRows are a series' rows by slot: each distinct (point, slot, date) once.
func slotRows(si int, states []*PageSeries) []historyRow {
	slots := map[slotKey]int{}
	type seen struct {
		id   int64
		slot int
		date string
	}
	done := map[seen]bool{}
	var prev *PageSeries
	var rows []historyRow
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
			rows = append(rows, historyRow{asOfRow{si, slot, date}, pt})
		}
	}
	return rows
}

// datasetRows are a series' rows by dataset: every distinct state once, dated by its dataset.
func datasetRows(si int, states []*PageSeries) []historyRow {
	var rows []historyRow
	var prev *PageSeries
	for _, s := range states {
		if s == nil || s == prev || prev != nil && s.Date == prev.Date {
			prev = cmp.Or(s, prev)
			continue
		}
		prev = s
		for i := range s.Points {
			rows = append(rows, historyRow{asOfRow{si, 0, s.Date}, &s.Points[i]})
		}
	}
	return rows
}

// reproduces reports whether the as-of rule over rows gives each snapshot's points of the series.
// It sweeps the dates once, oldest first, keeping per slot the rows of its newest date so far:
// asOf on every date was dates × rows, which on a year of daily snapshots was a third of
// drawing the page.
func reproduces(rows []historyRow, states []*PageSeries, dates []string) bool {
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
	var prev *PageSeries
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

// chunkNeeds lists, for each chunk after the first, the earlier chunks holding the rows shown
// just before it starts (asOfBefore of the rows before it), in one sweep over the rows (sorted
// by date, chunks cut at date boundaries): per slot, the chunk of its newest date's rows.
func chunkNeeds(rows []historyRow, chunks []HistoryChunk) [][]int {
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

// writeHistory writes a page's history (its rows, trend tables and index) and returns the
// index for the page data; nil for a page with one snapshot.
func (r *Renderer) writeHistory(w output.Writer, p *Page, cols pageColumns, metrics []MetricData) (*HistoryIndex, error) {
	if len(p.Snapshots) < 2 {
		return nil, nil
	}
	rows, series := historyRowsOf(p)
	h := &HistoryIndex{Rows: len(rows), Trend: map[string]string{}, Index: "history/index.json"}
	for _, s := range series {
		st := charts.StyleFor(s.GPU, s.Framework, s.Spec).WithPrecision(s.Precision)
		h.Series = append(h.Series, HistorySeries{
			Key: s.Key, Name: s.Name, HW: s.HWKey, GPU: s.GPU, Vendor: s.Vendor, Framework: s.Framework,
			Spec: s.Spec, Precision: s.Precision, Label: s.Label, Color: st.Color, Symbol: st.Symbol, Dash: st.Dash,
			Hollow: st.Hollow, Fill: st.Fill, Deploy: s.Deployment,
		})
	}
	// Chunks, cut where the date changes once a chunk has chunkRows rows.
	for lo := 0; lo < len(rows); {
		hi := min(lo+chunkRows, len(rows))
		for hi < len(rows) && rows[hi].Date == rows[hi-1].Date {
			hi++
		}
		c := len(h.Chunks)
		h.Chunks = append(h.Chunks, HistoryChunk{From: rows[lo].Date, To: rows[hi-1].Date,
			File: "history/rows-" + strconv.Itoa(c) + ".json.gz", Rows: hi - lo, Needs: []int{}})
		chunk := rows[lo:hi]
		b, _ := r.gzipKeyed(w, func() [sha256.Size]byte { return chunkKey(chunk, cols) },
			func() ([]byte, error) { return rowChunk(chunk, cols), nil })
		if err := w.WriteFile(p.Path+h.Chunks[c].File, b); err != nil {
			return nil, err
		}
		lo = hi
	}
	// What each chunk needs from earlier ones: the chunks of the rows shown just before it.
	for c, needs := range chunkNeeds(rows, h.Chunks) {
		h.Chunks[c].Needs = needs
	}
	dates, states := trendStatesOf(p, series)
	refs := r.in.Config.ReferenceX
	var stateKeys map[*PageSeries][sha256.Size]byte // in an incremental build: each state's points
	if _, ok := w.(*recorder); ok && r.reuse != nil {
		stateKeys = trendStateKeys(states)
	}
	for _, m := range metrics {
		name := "history/trend-" + output.Slug(m.Key) + ".json.gz"
		made := false
		b, err := r.gzipKeyed(w, func() [sha256.Size]byte { return trendTableKey(m, refs, dates, states, stateKeys) },
			func() ([]byte, error) {
				made = true
				var cell func(*PageSeries, func() []TrendCell) []TrendCell
				if stateKeys != nil {
					metric := trendMetric(m, refs)
					cell = func(s *PageSeries, compute func() []TrendCell) []TrendCell {
						return r.trendCellKept(w, trendCellKey(metric, stateKeys[s]), compute)
					}
				}
				return json.Marshal(trendFrom(dates, states, m, refs, cell))
			})
		if !made && stateKeys != nil {
			// The table was kept whole: keep its cells too, for the save that changes it.
			metric := trendMetric(m, refs)
			for _, ss := range states {
				for _, st := range ss {
					r.keep(w, trendCellKey(metric, stateKeys[st.s]))
				}
			}
		}
		if err != nil {
			return nil, err
		}
		if err := w.WriteFile(p.Path+name, b); err != nil {
			return nil, err
		}
		h.Trend[m.Key] = name
	}
	b, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	if err := w.WriteFile(p.Path+h.Index, b); err != nil {
		return nil, err
	}
	// The page data names a configuration of the newest snapshot by its key alone: the page
	// script takes the rest from the page's own series (asof.js's seriesMeta).
	inPage := h.withPrefix("")
	inPage.Series = slices.Clone(h.Series)
	for i, s := range inPage.Series {
		if slices.ContainsFunc(p.Snapshots[0].Series, func(n *PageSeries) bool { return n.Key == s.Key }) {
			inPage.Series[i] = HistorySeries{Key: s.Key}
		}
	}
	return inPage, nil
}

// chunkKey digests everything rowChunk writes of rows: the columns, and each row's series, slot,
// date and point.
func chunkKey(rows []historyRow, cols pageColumns) [sha256.Size]byte {
	d := newDigest("history rows")
	d.i64(int64(len(cols.names)))
	for _, name := range cols.names {
		d.str(name)
	}
	for i := range rows {
		d.i64(int64(rows[i].Series))
		d.i64(int64(rows[i].Slot))
		d.str(rows[i].Date)
		d.point(rows[i].pt)
	}
	return d.sum("")
}

// rowChunk encodes rows as a chunk, columnar: per row its series (index into the index's
// series), slot and as-of date (an index into strs), then one array per page column, strings
// as indices into strs (which every string of the chunk appears in once), measurements
// rounded as the page's points are.
//
//	{"cols": [...], "strCols": [column indices holding strs indices], "strs": [...],
//	 "s": [...], "k": [...], "d": [...], "c": [[column 0 values], [column 1 values], ...]}
//
// A column whose values equal an earlier column's is written as that column's index (a
// number in place of the array): x is the median interactivity, and a sequence as long out
// as in has equal output and input throughput.
func rowChunk(rows []historyRow, cols pageColumns) []byte {
	strs := map[string]int{}
	var table []string
	str := func(s string) int {
		i, ok := strs[s]
		if !ok {
			i = len(table)
			strs[s] = i
			table = append(table, s)
		}
		return i
	}
	var b bytes.Buffer
	ints := func(key string, f func(r *historyRow) int64) {
		b.WriteString(`,"` + key + `":[`)
		for i := range rows {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.FormatInt(f(&rows[i]), 10))
		}
		b.WriteByte(']')
	}
	base := len(pointColumns)
	var strCols []int
	var colBuf bytes.Buffer
	colBuf.WriteString(`"c":[`)
	// A column equal to an earlier one of its kind (x and the interactivity it is; output and
	// input throughput of a sequence as long out as in) is written as that column's index.
	type written struct {
		from, to int
		isStr    bool
	}
	var done []written
	for j, name := range cols.names {
		if j > 0 {
			colBuf.WriteByte(',')
		}
		start := colBuf.Len()
		colBuf.WriteByte('[')
		isStr := false
		for i := range rows {
			if i > 0 {
				colBuf.WriteByte(',')
			}
			pt := rows[i].pt
			var out []byte
			switch name {
			case "id":
				out = strconv.AppendInt(nil, pt.ID, 10)
			case "x", "tpPerGpu", "outputTputPerGpu", "inputTputPerGpu":
				v := map[string]float64{"x": pt.X, "tpPerGpu": pt.TpPerGpu, "outputTputPerGpu": pt.OutputTputPerGpu, "inputTputPerGpu": pt.InputTputPerGpu}[name]
				out = appendJSONFloat(nil, charts.Round6(v))
			case "conc":
				out = strconv.AppendInt(nil, pt.Concurrency, 10)
			case "tp":
				out = strconv.AppendInt(nil, pt.TP, 10)
			case "date", "run", "topology", "image", "runUrl":
				isStr = true
				var s string
				switch name {
				case "date":
					s = pt.Date
				case "run":
					s = pt.RunID
				default:
					if pt.Raw != nil {
						s = map[string]string{"topology": pt.Raw.Topology.String(), "image": pt.Raw.Image, "runUrl": pt.Raw.RunURL}[name]
					}
				}
				out = strconv.AppendInt(nil, int64(str(s)), 10)
			default:
				v, ok := 0.0, false
				if pt.Raw != nil && j >= base+3 {
					v, ok = pt.Raw.Metrics.Get(cols.raw[j-base-3])
				}
				if ok {
					out = strconv.AppendFloat(nil, v, 'g', 6, 64)
				} else {
					out = []byte("null")
				}
			}
			colBuf.Write(out)
		}
		colBuf.WriteByte(']')
		if isStr {
			strCols = append(strCols, j)
		}
		done = append(done, written{start, colBuf.Len(), isStr})
		for k, d := range done[:j] {
			if d.isStr == isStr && bytes.Equal(colBuf.Bytes()[d.from:d.to], colBuf.Bytes()[start:]) {
				colBuf.Truncate(start)
				colBuf.WriteString(strconv.Itoa(k))
				done[j] = written{start, start, isStr} // never matched again
				break
			}
		}
	}
	colBuf.WriteByte(']')
	for i := range rows {
		str(rows[i].Date)
	}
	head, _ := json.Marshal(struct {
		Cols    []string `json:"cols"`
		StrCols []int    `json:"strCols"`
		Strs    []string `json:"strs"`
	}{cols.names, append([]int{}, strCols...), append([]string{}, table...)})
	b.Write(head[:len(head)-1])
	ints("s", func(r *historyRow) int64 { return int64(r.Series) })
	ints("k", func(r *historyRow) int64 { return int64(r.Slot) })
	ints("d", func(r *historyRow) int64 { return int64(strs[r.Date]) })
	b.WriteByte(',')
	b.Write(colBuf.Bytes())
	b.WriteByte('}')
	return b.Bytes()
}

// gzipLevel is the compression level of every file the build stores gzipped (history chunks,
// trend tables, columns.json.gz, rest.json.gz): the one place to trade build time for bytes.
// On the year-scale page (41,720 rows) its gzipped files take 4.11 MB at level 9, 4.13 MB at
// 7, 4.14 MB at 6 and 4.70 MB at 1, and compressing them takes 1.70 s at 9, 0.75 s at 7, 0.60 s
// at 6 and 0.27 s at 1: level 6 costs the page 30 KB of its 8 MB budget (its whole folder
// 7.90 MB against 7.87 at level 9) for a third of level 9's time.
const gzipLevel = 6

// gzipped is b as gzip writes it at gzipLevel, with no name or time in its header (the same
// bytes for the same b). Chunks and trend tables are stored gzipped: a year of rows is a third
// of the disk (GitHub Pages allows a site 1 GB), and a host sends them as they are, as many
// bytes as it would send compressing them itself. The page script inflates them
// (DecompressionStream).
func gzipped(b []byte) []byte {
	var buf bytes.Buffer
	zw := gzipWriters.Get().(*gzip.Writer)
	defer gzipWriters.Put(zw)
	zw.Reset(&buf) // as new: the same level, an empty header
	zw.Write(b)    // a bytes.Buffer does not fail
	zw.Close()
	return buf.Bytes()
}

// gzipWriters keep gzipped's writers between calls: making one allocates and clears over half
// a megabyte of tables, which cost a build of 1,000 pages' small chunks about as much as
// compressing them.
var gzipWriters = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, gzipLevel) // a valid level
	return zw
}}
