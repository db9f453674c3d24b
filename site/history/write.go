package history

import (
	"bytes"
	"crypto/sha256"
	"encoding/json/jsontext"
	"encoding/json/v2"
	"errors"
	"github.com/frontier-bench/frontier/site/page"
	"slices"
	"strconv"
	"sync"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/internal/digest"
	"github.com/frontier-bench/frontier/site/output"
)

// chunkRows is about how many rows a history chunk holds (it ends at a date boundary). An older
// date needs its chunk and the chunks its configurations were last re-run in: a few of these,
// each some tens of kilobytes gzipped.
const chunkRows = 800

// A Cache keeps what a page's history was derived from one build to the next (the preview's
// incremental build), by the digest of what each piece was made from: gzipped chunks and trend
// tables, trend cells. A save to one day's file then re-derives only the chunk that day falls
// in and the trend cells and tables its rows reach. A one-off build passes none.
type Cache interface {
	// Derived returns the bytes kept under key, by this build or the one before, or else
	// derive's, which it keeps under key. derive returning nil (a failure) is not kept.
	Derived(key [sha256.Size]byte, derive func() []byte) []byte
	// Keep carries the bytes the build before kept under key over to the next build, without
	// using them now.
	Keep(key [sha256.Size]byte)
}

// Write writes the history of page p below p.Path (its rows, each once, in chunks, the trend
// table of every metric, and the index) and returns the index for the page data, in which a
// configuration of the newest snapshot is named by its key alone; nil for a page with one
// snapshot. cache, in an incremental build, keeps what it derives for the next; nil in a
// one-off build.
func Write(w output.Writer, p *Page, cache Cache) (*Index, error) {
	if len(p.Snapshots) < 2 {
		return nil, nil
	}
	rows, series := rowsOf(p.Snapshots)
	h := &Index{Rows: len(rows), Trend: map[string]string{}, Index: indexFile}
	for _, s := range series {
		c := configOf(s)
		st := charts.StyleFor(c.GPU, c.Framework, c.Spec).WithPrecision(c.Precision)
		c.Color, c.Symbol, c.Dash, c.Hollow, c.Fill = st.Color, st.Symbol, st.Dash, st.Hollow, st.Fill
		h.Series = append(h.Series, c)
	}
	// Chunks, cut where the date changes once a chunk has chunkRows rows.
	for lo := 0; lo < len(rows); {
		hi := min(lo+chunkRows, len(rows))
		for hi < len(rows) && rows[hi].Date == rows[hi-1].Date {
			hi++
		}
		c := len(h.Chunks)
		h.Chunks = append(h.Chunks, Chunk{From: rows[lo].Date, To: rows[hi-1].Date,
			File: "history/rows-" + strconv.Itoa(c) + ".json.gz", Rows: hi - lo, Needs: []int{}})
		chunk := rows[lo:hi]
		b, err := gzipKeyed(cache, func() [sha256.Size]byte { return chunkKey(chunk, p.Cols, p.Lists) },
			func(s *scratch) error { return chunkListsJSON(&s.enc, chunk, p.Cols, p.Lists) })
		if err != nil {
			return nil, err
		}
		if err := w.WriteFile(p.Path+h.Chunks[c].File, b); err != nil {
			return nil, err
		}
		lo = hi
	}
	// What each chunk needs from earlier ones: the chunks of the rows shown just before it.
	for c, needs := range chunkNeeds(rows, h.Chunks) {
		h.Chunks[c].Needs = needs
	}
	if err := writeTrends(w, p, h, series, cache); err != nil {
		return nil, err
	}
	b, err := json.Marshal(h, json.Deterministic(true))
	if err != nil {
		return nil, err
	}
	if err := w.WriteFile(p.Path+h.Index, b); err != nil {
		return nil, err
	}
	// The page data names a configuration of the newest snapshot by its key alone: the page
	// script takes the rest from the page's own series (asof.js's seriesMeta).
	inPage := h.WithPrefix("")
	inPage.Series = slices.Clone(h.Series)
	for i, s := range inPage.Series {
		if slices.ContainsFunc(p.Snapshots[0].Series, func(n *page.PageSeries) bool { return n.Key == s.Key }) {
			inPage.Series[i] = Config{Key: s.Key}
		}
	}
	return inPage, nil
}

// writeTrends writes the trend table of each of the page's metrics and names it in h.
func writeTrends(w output.Writer, p *Page, h *Index, series []*page.PageSeries, cache Cache) error {
	dates, states := trendStatesOf(p.Snapshots, series)
	var stateKeys map[*page.PageSeries][sha256.Size]byte // in an incremental build: each state's points
	if cache != nil {
		stateKeys = trendStateKeys(states)
	}
	var written []Metric
	for _, m := range p.Metrics {
		if same := sharedTrend(states, m, written); same != "" {
			h.Trend[m.Key] = h.Trend[same] // the same table: one file (trendshare.go)
			continue
		}
		written = append(written, m)
		name := "history/trend-" + output.Slug(m.Key) + ".json.gz"
		made := false
		b, err := gzipKeyed(cache, func() [sha256.Size]byte { return trendTableKey(m, p.RefX, dates, states, stateKeys) },
			func(s *scratch) error {
				made = true
				var cell func(*page.PageSeries, func() []trendCell) []trendCell
				if cache != nil {
					metric := trendMetric(m, p.RefX)
					cell = func(s *page.PageSeries, compute func() []trendCell) []trendCell {
						return trendCellKept(cache, trendCellKey(metric, stateKeys[s]), compute)
					}
				}
				return json.MarshalEncode(&s.enc, trendFrom(dates, states, m, p.RefX, cell))
			})
		if !made && cache != nil {
			// The table was kept whole: keep its cells too, for the save that changes it.
			metric := trendMetric(m, p.RefX)
			for _, ss := range states {
				for _, st := range ss {
					cache.Keep(trendCellKey(metric, stateKeys[st.s]))
				}
			}
		}
		if err != nil {
			return err
		}
		if err := w.WriteFile(p.Path+name, b); err != nil {
			return err
		}
		h.Trend[m.Key] = name
	}
	return nil
}

// gzipKeyed is output.Gzip of the JSON encode writes, where key() digests everything encode
// reads: with a cache that kept the same key, encode is not called at all. Without a cache no
// key is computed.
func gzipKeyed(cache Cache, key func() [sha256.Size]byte, encode func(*scratch) error) ([]byte, error) {
	s := scratches.Get().(*scratch)
	defer scratches.Put(s)
	encodeJSON := func() ([]byte, error) {
		s.buf.Reset()
		s.enc.Reset(&s.buf)
		if err := encode(s); err != nil {
			return nil, err
		}
		return s.buf.Bytes(), nil
	}
	if cache == nil {
		b, err := encodeJSON()
		if err != nil {
			return nil, err
		}
		return output.Gzip(b), nil
	}
	var err error
	z := cache.Derived(key(), func() []byte {
		var b []byte
		if b, err = encodeJSON(); err != nil {
			return nil
		}
		// New inputs may still give the same bytes (a table the save did not reach): keyed by
		// them, the compressed file is kept too.
		return cache.Derived(sha256.Sum256(b), func() []byte { return output.Gzip(b) })
	})
	if z == nil && err == nil {
		err = errNotDerived
	}
	return z, err
}

// scratch is where a file's JSON is written before it is compressed: a year of rows is
// megabytes of JSON, kept only until it is gzipped, so the buffer (and its encoder) serve
// every file after it.
type scratch struct {
	buf bytes.Buffer
	enc jsontext.Encoder
}

var scratches = sync.Pool{New: func() any { return new(scratch) }}

// errNotDerived is a cache giving no bytes for a piece it was asked to derive.
var errNotDerived = errors.New("history: a cache derived nothing")

// chunkKey digests everything chunkJSON writes of rows: the columns, and each row's series,
// slot, date and point.
func chunkKey(rows []row, cols []string, lists map[string]map[int64][]int) [sha256.Size]byte {
	d := digest.New("history rows")
	d.I64(int64(len(cols)))
	for _, name := range cols {
		d.Str(name)
	}
	for i := range rows {
		d.I64(int64(rows[i].Series))
		d.I64(int64(rows[i].Slot))
		d.Str(rows[i].Date)
		digestPoint(d, rows[i].pt)
		for _, name := range cols {
			if l, ok := lists[name]; ok {
				idx := l[rows[i].pt.ID]
				d.I64(int64(len(idx)))
				for _, k := range idx {
					d.I64(int64(k))
				}
			}
		}
	}
	return d.Sum("")
}

// digestValues adds a point's numbers: its id, x, throughputs and every raw metric.
func digestValues(d *digest.Digest, pt *input.Point) {
	d.I64(pt.ID)
	d.F64(pt.X)
	d.F64(pt.TpPerGpu)
	d.F64(pt.OutputTputPerGpu)
	d.F64(pt.InputTputPerGpu)
	if pt.Raw == nil {
		d.U64(0)
		return
	}
	d.U64(1)
	pt.Raw.Metrics.Each(func(m input.MetricID, v float64) {
		d.U64(uint64(m) + 1)
		d.F64(v)
	})
	d.U64(0)
}

// digestPoint adds everything of a point a chunk writes: its values, then its concurrency, TP, date,
// run and raw results' topology, image and run link.
func digestPoint(d *digest.Digest, pt *input.Point) {
	digestValues(d, pt)
	d.I64(pt.Concurrency)
	d.I64(pt.TP)
	d.Str(pt.Date)
	d.Str(pt.RunID)
	if pt.Raw != nil {
		d.Str(pt.Raw.Setup())
		d.Str(pt.Raw.Image)
		d.Str(pt.Raw.RunURL)
	}
}
