package render

// A chart page's history as its rows, each measured point stored once, instead of one full copy
// of the page per snapshot date (which grew as dates × configurations).
//
// Layout beside the page (paths relative to it; the page data's "history" is the index):
//
//	history/rows-<n>.json.gz   the rows, oldest first, cut at date boundaries into chunks of about
//	                        chunkRows rows: columnar (rowChunkData), so a view fetches only the
//	                        chunks the date it shows needs (historyChunk.Needs)
//	history/trend-<metric>.json.gz  per configuration, its value at each reference interactivity on
//	                        every date its rows changed (trendData): the trend chart and the
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
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/output"
	"github.com/frontier-bench/frontier/site/pareto"
)

// chunkRows is about how many rows a history chunk holds (it ends at a date boundary). An older
// date needs its chunk and the chunks its configurations were last re-run in: a few of these,
// each some tens of kilobytes gzipped.
const chunkRows = 800

// asOfRow is what the as-of rule reads of a row: its configuration, its slot in it, its date
// ("" undated).
type asOfRow struct {
	Series, Slot int
	Date         string
}

// asOf returns the indices (ascending) of the rows shown on date: per (series, slot), every row
// of the newest date on or before it. Rows of one slot and date are re-measurements of the same
// run kept side by side (a view dataset's points share one slot), so all of them show.
func asOf(rows []asOfRow, date string) []int {
	type slot struct{ series, slot int }
	newest := map[slot]string{}
	for _, r := range rows {
		if r.Date > date {
			continue
		}
		k := slot{r.Series, r.Slot}
		if d, ok := newest[k]; !ok || r.Date > d {
			newest[k] = r.Date
		}
	}
	var out []int
	for i, r := range rows {
		if d, ok := newest[slot{r.Series, r.Slot}]; ok && r.Date == d && r.Date <= date {
			out = append(out, i)
		}
	}
	return out
}

// historyIndex is the page data's "history": where the page's rows and trend tables are.
type historyIndex struct {
	Rows   int             `json:"rows"` // rows in all chunks
	Series []historySeries `json:"series"`
	Chunks []historyChunk  `json:"chunks"`
	// Trend maps a metric key to its trend table; "costPerMTok" is at $1 per GPU-hour and
	// "tokPerMW" at 1 kW per GPU, which the page script scales by the view's prices.
	Trend map[string]string `json:"trend"`
	Index string            `json:"index"` // history/index.json
}

// historySeries is a configuration as every snapshot names it: a series' fields without its
// points (seriesData). In the page data, one of the newest snapshot has its key alone.
type historySeries struct {
	Key       string `json:"key"`
	Name      string `json:"name,omitempty"`
	HW        string `json:"hw,omitempty"`
	GPU       string `json:"gpu,omitempty"`
	Vendor    string `json:"vendor,omitempty"`
	Framework string `json:"framework,omitempty"`
	Spec      string `json:"spec,omitempty"`
	Precision string `json:"precision,omitempty"`
	Label     string `json:"label,omitempty"`
	Color     string `json:"color,omitempty"`
	Symbol    string `json:"symbol,omitempty"`
	Dash      string `json:"dash,omitempty"`
	Hollow    bool   `json:"hollow,omitempty"`
	Fill      string `json:"fill,omitempty"`
	Deploy    string `json:"deploy,omitempty"`
}

// historyChunk is one chunk of rows: its dates (From "" holds undated rows), file, row count,
// and the earlier chunks holding rows still shown at its first date.
type historyChunk struct {
	From  string `json:"from"`
	To    string `json:"to"`
	File  string `json:"file"`
	Rows  int    `json:"rows"`
	Needs []int  `json:"needs"`
}

// withPrefix is the index with every file path prefixed (the embed, a folder below the page).
func (h *historyIndex) withPrefix(prefix string) *historyIndex {
	if h == nil {
		return nil
	}
	c := *h
	c.Chunks = slices.Clone(h.Chunks)
	for i := range c.Chunks {
		c.Chunks[i].File = prefix + c.Chunks[i].File
	}
	c.Trend = make(map[string]string, len(h.Trend))
	for k, v := range h.Trend {
		c.Trend[k] = prefix + v
	}
	c.Index = prefix + h.Index
	return &c
}

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
func reproduces(rows []historyRow, states []*PageSeries, dates []string) bool {
	ar := make([]asOfRow, len(rows))
	for i, r := range rows {
		ar[i] = r.asOfRow
	}
	for d, s := range states {
		got := asOf(ar, dates[d])
		var want []int64
		if s != nil {
			for _, pt := range s.Points {
				want = append(want, pt.ID)
			}
		}
		ids := make([]int64, len(got))
		for i, j := range got {
			ids[i] = rows[j].pt.ID
		}
		slices.Sort(ids)
		slices.Sort(want)
		if !slices.Equal(ids, want) {
			return false
		}
	}
	return true
}

// writeHistory writes a page's history (its rows, trend tables and index) and returns the
// index for the page data; nil for a page with one snapshot.
func (r *siteRenderer) writeHistory(w output.Writer, p *Page, cols pageColumns, metrics []metricData) (*historyIndex, error) {
	if len(p.Snapshots) < 2 {
		return nil, nil
	}
	rows, series := historyRowsOf(p)
	h := &historyIndex{Rows: len(rows), Trend: map[string]string{}, Index: "history/index.json"}
	for _, s := range series {
		st := charts.StyleFor(s.GPU, s.Framework, s.Spec).WithPrecision(s.Precision)
		h.Series = append(h.Series, historySeries{
			Key: s.Key, Name: s.Name, HW: s.HWKey, GPU: s.GPU, Vendor: s.Vendor, Framework: s.Framework,
			Spec: s.Spec, Precision: s.Precision, Label: s.Label, Color: st.Color, Symbol: st.Symbol, Dash: st.Dash,
			Hollow: st.Hollow, Fill: st.Fill, Deploy: s.Deployment,
		})
	}
	// Chunks, cut where the date changes once a chunk has chunkRows rows.
	chunkOf := make([]int, len(rows))
	for lo := 0; lo < len(rows); {
		hi := min(lo+chunkRows, len(rows))
		for hi < len(rows) && rows[hi].Date == rows[hi-1].Date {
			hi++
		}
		c := len(h.Chunks)
		for i := lo; i < hi; i++ {
			chunkOf[i] = c
		}
		h.Chunks = append(h.Chunks, historyChunk{From: rows[lo].Date, To: rows[hi-1].Date,
			File: "history/rows-" + strconv.Itoa(c) + ".json.gz", Rows: hi - lo, Needs: []int{}})
		b := gzipped(rowChunk(rows[lo:hi], cols))
		if err := w.WriteFile(p.Path+h.Chunks[c].File, b); err != nil {
			return nil, err
		}
		lo = hi
	}
	// What each chunk needs from earlier ones: the chunks of the rows shown just before it.
	ar := make([]asOfRow, len(rows))
	for i, r := range rows {
		ar[i] = r.asOfRow
	}
	start := 0
	for c := range h.Chunks {
		if c > 0 {
			seen := map[int]bool{}
			for _, i := range asOfBefore(ar[:start]) {
				seen[chunkOf[i]] = true
			}
			for k := range c {
				if seen[k] {
					h.Chunks[c].Needs = append(h.Chunks[c].Needs, k)
				}
			}
		}
		start += h.Chunks[c].Rows
	}
	for _, m := range metrics {
		name := "history/trend-" + output.Slug(m.Key) + ".json.gz"
		b, err := json.Marshal(trendOf(p, series, m, r.in.Config.ReferenceX))
		if err != nil {
			return nil, err
		}
		if err := w.WriteFile(p.Path+name, gzipped(b)); err != nil {
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
			inPage.Series[i] = historySeries{Key: s.Key}
		}
	}
	return inPage, nil
}

// asOfBefore is asOf on the newest date of rows (all rows of a prefix of the sorted rows).
func asOfBefore(rows []asOfRow) []int {
	if len(rows) == 0 {
		return nil
	}
	return asOf(rows, rows[len(rows)-1].Date)
}

// rowChunk encodes rows as a chunk, columnar: per row its series (index into the index's
// series), slot and as-of date (an index into strs), then one array per page column, strings
// as indices into strs (which every string of the chunk appears in once), measurements
// rounded as the page's points are.
//
//	{"cols": [...], "strCols": [column indices holding strs indices], "strs": [...],
//	 "s": [...], "k": [...], "d": [...], "c": [[column 0 values], [column 1 values], ...]}
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
	for j, name := range cols.names {
		if j > 0 {
			colBuf.WriteByte(',')
		}
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

// trendData is one metric's trend table: for each configuration (the index's series, in
// order), the dates its rows changed on, each with its value at every reference
// interactivity (null where its frontier does not reach it). A value holds until the
// configuration's next change.
//
//	{"metric": "tpPerGpu", "refX": [20, 50, ...], "dates": [oldest, ...],
//	 "lines": [[[dateIndex, v20, v50, ...], ...], ...]}
type trendData struct {
	Metric string          `json:"metric"`
	RefX   []float64       `json:"refX"`
	Dates  []string        `json:"dates"`
	Lines  [][][]trendCell `json:"lines"`
}

// trendCell is a date index or a value, null when NaN.
type trendCell float64

func (v trendCell) MarshalJSON() ([]byte, error) {
	f := float64(v)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return []byte("null"), nil
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return strconv.AppendInt(nil, int64(f), 10), nil
	}
	return strconv.AppendFloat(nil, f, 'g', 6, 64), nil
}

// trendValues is a metric's values of points for the trend: the page script's yValues at $1
// per GPU-hour and 1 kW per GPU, from the values rounded as the page's points are (the trend
// drawn from the page's own data would read the same frontier).
func trendValues(pts []input.Point, key string) []float64 {
	ys := make([]float64, len(pts))
	id, isRaw := input.MetricByName(key)
	for i, pt := range pts {
		y := math.NaN()
		tp := charts.Round6(pt.TpPerGpu)
		switch key {
		case "tpPerGpu":
			y = tp
		case "outputTputPerGpu":
			y = charts.Round6(pt.OutputTputPerGpu)
		case "inputTputPerGpu":
			y = charts.Round6(pt.InputTputPerGpu)
		case "costPerMTok":
			y = 1 / (tp * 3600) * 1e6
		case "tokPerMW":
			y = tp / 1 * 1000
		default:
			if isRaw && pt.Raw != nil {
				if v, ok := pt.Raw.Metrics.Get(id); ok {
					y, _ = strconv.ParseFloat(strconv.FormatFloat(v, 'g', 6, 64), 64)
				}
			}
		}
		if math.IsInf(y, 0) {
			y = math.NaN()
		}
		ys[i] = y
	}
	return ys
}

// trendOf computes a metric's trend table: every configuration's frontier on the page's own
// x axis (interactivity), in the metric's direction, read at each reference on every date its
// points changed. It is what the page script's trend.js drew from every snapshot before.
func trendOf(p *Page, series []*PageSeries, m metricData, refs []float64) trendData {
	n := len(p.Snapshots)
	t := trendData{Metric: m.Key, RefX: refs, Dates: make([]string, n), Lines: make([][][]trendCell, len(series))}
	index := map[string]int{}
	for i, s := range series {
		index[s.Key] = i
		t.Lines[i] = [][]trendCell{}
	}
	last := make([]*PageSeries, len(series))
	for d := range n {
		snap := p.Snapshots[n-1-d]
		t.Dates[d] = snap.Date
		for _, s := range snap.Series {
			i := index[s.Key]
			if prev := last[i]; prev != nil && (prev == s || samePoints(prev, s)) {
				continue
			}
			last[i] = s
			xs := make([]float64, len(s.Points))
			for k, pt := range s.Points {
				xs[k] = charts.Round6(pt.X)
			}
			ys := trendValues(s.Points, m.Key)
			front := pareto.FrontierDir(xs, ys, true, m.Higher)
			fx, fy := make([]float64, len(front)), make([]float64, len(front))
			for k, j := range front {
				fx[k], fy[k] = xs[j], ys[j]
			}
			curve := pareto.NewMonotone(fx, fy)
			cell := []trendCell{trendCell(d)}
			for _, x := range refs {
				v, ok := curve.At(x)
				if !ok {
					v = math.NaN()
				}
				cell = append(cell, trendCell(v))
			}
			t.Lines[i] = append(t.Lines[i], cell)
		}
	}
	return t
}

// samePoints reports whether two states of a series hold the same points.
func samePoints(a, b *PageSeries) bool {
	if len(a.Points) != len(b.Points) {
		return false
	}
	for i := range a.Points {
		if a.Points[i].ID != b.Points[i].ID {
			return false
		}
	}
	return true
}

// SnapshotJSON derives a chart page's snapshot of date from its history rows as the page
// script does (asof.js's snapshotAt), in the shape older snapshots had as files of their own:
// {"date", "cols", "series": [series with "points" and "frontier"]}. fsys is the built site,
// dir the page's path ("deepseek-r1-0528/1k-1k/"). For tests and tools that read a page's
// history without a browser.
func SnapshotJSON(fsys fs.FS, dir, date string) ([]byte, error) {
	var page struct {
		Cols    []string      `json:"cols"`
		History *historyIndex `json:"history"`
	}
	if err := readJSONFile(fsys, dir+"page.json", &page); err != nil {
		return nil, err
	}
	if page.History == nil {
		return nil, fmt.Errorf("%spage.json: history: none", dir)
	}
	h := page.History
	if err := readJSONFile(fsys, dir+page.History.Index, &h); err != nil { // every series in full
		return nil, err
	}
	c := -1
	for i, ch := range h.Chunks {
		if ch.From <= date {
			c = i
		}
	}
	if c < 0 {
		return nil, fmt.Errorf("%spage.json: history: no rows on or before %q", dir, date)
	}
	type row struct {
		asOfRow
		point []any
	}
	var rows []row
	for _, k := range append(slices.Clone(h.Chunks[c].Needs), c) {
		var raw struct {
			StrCols []int    `json:"strCols"`
			Strs    []string `json:"strs"`
			S       []int    `json:"s"`
			K       []int    `json:"k"`
			D       []int    `json:"d"`
			C       [][]any  `json:"c"`
		}
		if err := readJSONFile(fsys, dir+h.Chunks[k].File, &raw); err != nil {
			return nil, err
		}
		for i := range raw.S {
			pt := make([]any, len(raw.C))
			for j := range raw.C {
				pt[j] = raw.C[j][i]
				if slices.Contains(raw.StrCols, j) {
					pt[j] = raw.Strs[int(raw.C[j][i].(float64))]
				}
			}
			rows = append(rows, row{asOfRow{raw.S[i], raw.K[i], raw.Strs[raw.D[i]]}, pt})
		}
	}
	ar := make([]asOfRow, len(rows))
	for i, r := range rows {
		ar[i] = r.asOfRow
	}
	x, y, id := slices.Index(page.Cols, "x"), slices.Index(page.Cols, "tpPerGpu"), slices.Index(page.Cols, "id")
	bySeries := map[int][]row{}
	for _, i := range asOf(ar, date) {
		bySeries[rows[i].Series] = append(bySeries[rows[i].Series], rows[i])
	}
	type seriesOut struct {
		historySeries
		Date     string  `json:"date"`
		Points   [][]any `json:"points"`
		Frontier []int   `json:"frontier"`
	}
	var out []seriesOut
	for si, rs := range bySeries {
		s := seriesOut{historySeries: h.Series[si], Frontier: []int{}}
		for _, r := range rs {
			s.Points = append(s.Points, r.point)
			s.Date = max(s.Date, r.Date)
		}
		num := func(p []any, j int) float64 { return p[j].(float64) }
		slices.SortFunc(s.Points, func(a, b []any) int {
			return cmp.Or(cmp.Compare(num(a, x), num(b, x)), cmp.Compare(num(a, y), num(b, y)), cmp.Compare(num(a, id), num(b, id)))
		})
		xs, ys := make([]float64, len(s.Points)), make([]float64, len(s.Points))
		for i, p := range s.Points {
			xs[i], ys[i] = num(p, x), num(p, y)
		}
		s.Frontier = append(s.Frontier, pareto.Frontier(xs, ys, true)...)
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b seriesOut) int {
		return cmp.Or(cmp.Compare(a.GPU, b.GPU), cmp.Compare(a.Name, b.Name), cmp.Compare(a.Key, b.Key))
	})
	return json.Marshal(struct {
		Date   string      `json:"date"`
		Cols   []string    `json:"cols"`
		Series []seriesOut `json:"series"`
	}{date, page.Cols, out})
}

// gzipped is b as gzip -9 writes it, with no name or time in its header (the same bytes for
// the same b). Chunks and trend tables are stored gzipped: a year of rows is a third of the
// disk (GitHub Pages allows a site 1 GB), and a host sends them as they are, as many bytes as
// it would send compressing them itself. The page script inflates them (DecompressionStream).
func gzipped(b []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // a valid level
	zw.Write(b)                                              // a bytes.Buffer does not fail
	zw.Close()
	return buf.Bytes()
}

func readJSONFile(fsys fs.FS, name string, v any) error {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return err
	}
	if strings.HasSuffix(name, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if b, err = io.ReadAll(zr); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}
