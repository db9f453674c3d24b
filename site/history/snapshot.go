package history

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"encoding/json/v2"
	"fmt"
	"io"
	"io/fs"
	"math"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/site/pareto"
)

// SnapshotJSON derives a chart page's view of date from its history as the page script does
// (asof.js's snapshotAt), in the shape older snapshots had as files of their own:
// {"date", "cols", "series": [configurations (Config) with "date", "points" and "frontier"]},
// points one array each in the page's columns, in x order. fsys is the built site, dir the
// page's path ("deepseek-r1-0528/1k-1k/"). For tests and tools that read a page's history
// without a browser.
func SnapshotJSON(fsys fs.FS, dir, date string) ([]byte, error) {
	var h Index
	if err := readJSONFile(fsys, dir+indexFile, &h); err != nil {
		return nil, err
	}
	c := -1
	for i, ch := range h.Chunks {
		if ch.From <= date {
			c = i
		}
	}
	if c < 0 {
		return nil, fmt.Errorf("%s%s: no rows on or before %q", dir, indexFile, date)
	}
	type pointRow struct {
		asOfRow
		point []any
	}
	var rows []pointRow
	var cols []string
	for _, k := range append(slices.Clone(h.Chunks[c].Needs), c) {
		var raw struct {
			Cols    []string `json:"cols"`
			StrCols []int    `json:"strCols"`
			Strs    []string `json:"strs"`
			S       []int    `json:"s"`
			K       []int    `json:"k"`
			D       []int    `json:"d"`
			C       []any    `json:"c"` // a column's values, or the index of an equal column
		}
		if err := readJSONFile(fsys, dir+h.Chunks[k].File, &raw); err != nil {
			return nil, err
		}
		cols = raw.Cols
		values := make([][]any, len(raw.C))
		for j, c := range raw.C {
			if same, ok := c.(float64); ok {
				c = raw.C[int(same)]
			}
			values[j], _ = c.([]any)
		}
		for i := range raw.S {
			pt := make([]any, len(values))
			for j := range values {
				pt[j] = values[j][i]
				if slices.Contains(raw.StrCols, j) {
					pt[j] = raw.Strs[int(values[j][i].(float64))]
				}
			}
			rows = append(rows, pointRow{asOfRow{raw.S[i], raw.K[i], raw.Strs[raw.D[i]]}, pt})
		}
	}
	ar := make([]asOfRow, len(rows))
	for i, r := range rows {
		ar[i] = r.asOfRow
	}
	x, y, id := slices.Index(cols, "x"), slices.Index(cols, "tpPerGpu"), slices.Index(cols, "id")
	// The points' y as the build's: total throughput, or output throughput on a page of which no
	// point has a total (its runs counted no input tokens: page.Page.NoTotal, asof.js).
	if !slices.ContainsFunc(rows, func(r pointRow) bool { _, ok := r.point[y].(float64); return ok }) {
		y = slices.Index(cols, "outputTputPerGpu")
	}
	bySeries := map[int][]pointRow{}
	for _, i := range asOf(ar, date) {
		bySeries[rows[i].Series] = append(bySeries[rows[i].Series], rows[i])
	}
	type seriesOut struct {
		Config
		Date     string  `json:"date"`
		Points   [][]any `json:"points"`
		Frontier []int   `json:"frontier"`
	}
	var out []seriesOut
	for si, rs := range bySeries {
		s := seriesOut{Config: h.Series[si], Frontier: []int{}}
		for _, r := range rs {
			s.Points = append(s.Points, r.point)
			s.Date = max(s.Date, r.Date)
		}
		num := func(p []any, j int) float64 { // NaN for null: no median interactivity, no total throughput
			if v, ok := p[j].(float64); ok {
				return v
			}
			return math.NaN()
		}
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
	}{date, cols, out})
}

// readJSONFile decodes the JSON file name of fsys, inflating it first when it ends in .gz.
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
