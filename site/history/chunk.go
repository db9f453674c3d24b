package history

import (
	"encoding/json/jsontext"
	"math"
	"slices"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/page"
)

// column is one page column of a chunk's rows: integers (ids, concurrency, TP, and indices
// into the chunk's strings, str set), or measurements (NaN for a point without the metric).
type column struct {
	str    bool
	ints   []int64
	floats []float64
	// lists, for a column of Page.Lists (evals, notes), holds each row's indices: written as
	// an array, or null for none, and never taken as equal to another column.
	lists  [][]int
	isList bool
}

// same reports whether c and d encode the same values: the same kind, value for value (bit for
// bit, so that 0 and -0 differ as their JSON does).
func (c *column) same(d *column) bool {
	if c.isList || d.isList {
		return false
	}
	if c.str != d.str || (c.floats == nil) != (d.floats == nil) {
		return false
	}
	if c.floats == nil {
		return slices.Equal(c.ints, d.ints)
	}
	return slices.EqualFunc(c.floats, d.floats, func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) })
}

// columnOf is the column name of the rows: its values as the page's points carry them, strings
// through str (the index of a string in the chunk's table).
func columnOf(rows []row, name string, str func(string) int64) column {
	ints := func(f func(pt *input.Point) int64) []int64 {
		out := make([]int64, len(rows))
		for i := range rows {
			out[i] = f(rows[i].pt)
		}
		return out
	}
	floats := func(f func(pt *input.Point) float64) []float64 {
		out := make([]float64, len(rows))
		for i := range rows {
			out[i] = charts.Round6(f(rows[i].pt)) // as the page's points are rounded
		}
		return out
	}
	raw := func(f func(r *input.RawPoint) string) func(pt *input.Point) int64 {
		return func(pt *input.Point) int64 {
			if pt.Raw == nil {
				return str("")
			}
			return str(f(pt.Raw))
		}
	}
	if m, ok := page.MetricOf(name); ok && m.Viewed() {
		return column{floats: floats(m.Field)} // x and the three throughputs: the point's own fields
	}
	switch name {
	case "id":
		return column{ints: ints(func(pt *input.Point) int64 { return pt.ID })}
	case "conc":
		return column{floats: floats(func(pt *input.Point) float64 { return absentIfZero(pt.Concurrency) })}
	case "tp":
		return column{floats: floats(func(pt *input.Point) float64 { return absentIfZero(pt.TP) })}
	case "date":
		return column{str: true, ints: ints(func(pt *input.Point) int64 { return str(pt.Date) })}
	case "run":
		return column{str: true, ints: ints(func(pt *input.Point) int64 { return str(pt.RunID) })}
	case "topology":
		return column{str: true, ints: ints(raw(func(r *input.RawPoint) string { return r.Setup() }))}
	case "image":
		return column{str: true, ints: ints(raw(func(r *input.RawPoint) string { return r.Image }))}
	case "runUrl":
		return column{str: true, ints: ints(raw(func(r *input.RawPoint) string { return r.RunURL }))}
	}
	// A raw results' metric: null where a point lacks it.
	m, ok := input.MetricByName(name)
	return column{floats: floats(func(pt *input.Point) float64 {
		if ok && pt.Raw != nil {
			if v, has := pt.Raw.Metrics.Get(m); has {
				return v
			}
		}
		return math.NaN()
	})}
}

// chunkJSON writes rows as a chunk file in the page's columns cols (see Chunk) to enc.
func chunkJSON(enc *jsontext.Encoder, rows []row, cols []string) error {
	return chunkListsJSON(enc, rows, cols, nil)
}

// chunkListsJSON is chunkJSON with the index-list columns lists (Page.Lists).
func chunkListsJSON(enc *jsontext.Encoder, rows []row, cols []string, lists map[string]map[int64][]int) error {
	strs := map[string]int64{}
	var table []string
	str := func(s string) int64 {
		i, ok := strs[s]
		if !ok {
			i = int64(len(table))
			strs[s] = i
			table = append(table, s)
		}
		return i
	}
	columns := make([]column, len(cols))
	same := make([]int, len(cols)) // the earlier equal column's index, or -1
	strCols := []int{}
	for j, name := range cols {
		if l, ok := lists[name]; ok {
			c := column{isList: true, lists: make([][]int, len(rows))}
			for i := range rows {
				c.lists[i] = l[rows[i].pt.ID]
			}
			columns[j] = c
			same[j] = -1
			continue
		}
		columns[j] = columnOf(rows, name, str)
		if columns[j].str {
			strCols = append(strCols, j)
		}
		// The first equal column is never itself a reference: the page script follows one.
		same[j] = slices.IndexFunc(columns[:j], func(c column) bool { return c.same(&columns[j]) })
	}
	for i := range rows {
		str(rows[i].Date)
	}

	e := encoder{enc, nil}
	e.tok(jsontext.BeginObject)
	e.tok(jsontext.String("cols"))
	e.strings(cols)
	e.tok(jsontext.String("strCols"))
	e.ints(len(strCols), func(i int) int64 { return int64(strCols[i]) })
	e.tok(jsontext.String("strs"))
	e.strings(table)
	e.tok(jsontext.String("s"))
	e.ints(len(rows), func(i int) int64 { return int64(rows[i].Series) })
	e.tok(jsontext.String("k"))
	e.ints(len(rows), func(i int) int64 { return int64(rows[i].Slot) })
	e.tok(jsontext.String("d"))
	e.ints(len(rows), func(i int) int64 { return strs[rows[i].Date] })
	e.tok(jsontext.String("c"))
	e.tok(jsontext.BeginArray)
	for j, c := range columns {
		switch {
		case c.isList:
			e.tok(jsontext.BeginArray)
			for _, l := range c.lists {
				if len(l) == 0 {
					e.tok(jsontext.Null)
					continue
				}
				e.ints(len(l), func(i int) int64 { return int64(l[i]) })
			}
			e.tok(jsontext.EndArray)
		case same[j] >= 0:
			e.tok(jsontext.Int(int64(same[j])))
		case c.floats != nil:
			e.tok(jsontext.BeginArray)
			for _, v := range c.floats {
				if math.IsNaN(v) {
					e.tok(jsontext.Null)
				} else {
					e.tok(jsontext.Float(v))
				}
			}
			e.tok(jsontext.EndArray)
		default:
			e.ints(len(c.ints), func(i int) int64 { return c.ints[i] })
		}
	}
	e.tok(jsontext.EndArray)
	e.tok(jsontext.EndObject)
	return e.err
}

// encoder writes tokens until the first error, which it keeps.
type encoder struct {
	enc *jsontext.Encoder
	err error
}

func (e *encoder) tok(t jsontext.Token) {
	if e.err == nil {
		e.err = e.enc.WriteToken(t)
	}
}

func (e *encoder) strings(ss []string) {
	e.tok(jsontext.BeginArray)
	for _, s := range ss {
		e.tok(jsontext.String(s))
	}
	e.tok(jsontext.EndArray)
}

func (e *encoder) ints(n int, v func(i int) int64) {
	e.tok(jsontext.BeginArray)
	for i := range n {
		e.tok(jsontext.Int(v(i)))
	}
	e.tok(jsontext.EndArray)
}

// absentIfZero is a concurrency or TP as a chunk holds it: null (NaN) where the point has none
// (a run by request rate, a file that does not say its TP), as the page data's newest snapshot
// has it, so an older date's tables and tooltips never show 0 for it.
func absentIfZero(v int64) float64 {
	if v <= 0 {
		return math.NaN()
	}
	return float64(v)
}
