package mcp

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"encoding/json/v2"
	"fmt"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/fragment"
)

const historyDoc = "One configuration's figure over the page's dates, the trend the chart page draws: its frontier read at a reference " +
	"x (one of the page's reference interactivities) on each date its measurements changed, null where its frontier did not reach x. " +
	"series is a configuration key as get_points gives it (e.g. b200_sglang@fp4). costPerMTok is at $1 per GPU-hour and tokPerMW at 1 kW " +
	"per GPU, as the page's tables before the reader's prices."

// HistoryIn is history's input.
type HistoryIn struct {
	Page   string  `json:"page" jsonschema:"the page's path as list_pages gives it"`
	Series string  `json:"series" jsonschema:"a configuration key of the page, as get_points gives it (e.g. b200_sglang@fp4)"`
	At     float64 `json:"at,omitempty" jsonschema:"a reference interactivity of the page (tok/s/user); default its first"`
	Y      string  `json:"y,omitempty" jsonschema:"the metric; default the page's (tpPerGpu)"`
}

// HistoryOut is history's answer.
type HistoryOut struct {
	Page   string       `json:"page"`
	URL    string       `json:"url" jsonschema:"the chart page showing the configuration"`
	Series string       `json:"series"`
	Name   string       `json:"name"`
	Y      string       `json:"y"`
	At     float64      `json:"at"`
	Trend  []TrendPoint `json:"trend" jsonschema:"oldest first: each date the configuration's figure changed"`
}

// TrendPoint is the figure from one date on.
type TrendPoint struct {
	Date  string   `json:"date"`
	Value *float64 `json:"value" jsonschema:"null where its frontier did not reach at"`
}

// trendTable is a history trend file (package history's trend tables).
type trendTable struct {
	RefX  []float64 `json:"refX"`
	Dates []string  `json:"dates"`
	Lines [][][]any `json:"lines"`
}

func (s *Site) history(in HistoryIn) (HistoryOut, error) {
	p, err := s.page(in.Page)
	if err != nil {
		return HistoryOut{}, err
	}
	f, err := s.files(p)
	if err != nil {
		return HistoryOut{}, err
	}
	y := cmp.Or(in.Y, f.data.Metric)
	at := in.At
	if at == 0 && len(f.data.RefX) > 0 {
		at = f.data.RefX[0]
	}
	if !slices.Contains(f.data.RefX, at) {
		refs := make([]string, len(f.data.RefX))
		for i, r := range f.data.RefX {
			refs[i] = strconv.FormatFloat(r, 'f', -1, 64)
		}
		return HistoryOut{}, unknown("reference x", strconv.FormatFloat(at, 'f', -1, 64), refs, "the trend is read at the page's reference interactivities")
	}
	var keys []string
	for _, sr := range f.data.Series {
		keys = append(keys, sr.Key)
	}
	h := f.data.History
	if h != nil {
		keys = keys[:0]
		for _, c := range h.Series {
			keys = append(keys, c.Key)
		}
	}
	k := slices.Index(keys, in.Series)
	if k < 0 {
		return HistoryOut{}, unknown("series", in.Series, keys, "configuration keys of "+pagePath(p))
	}
	out := HistoryOut{Page: pagePath(p), Series: in.Series, Y: y, At: at, Trend: []TrendPoint{}}
	var gpu, fw string
	if h == nil {
		// One date, no trend tables: the configuration's value there, read as the leaders table
		// reads it and rounded as the tables' cells are.
		snap := newest(f)
		sr := snap.series[k]
		gpu, fw, out.Name = sr.gpu, sr.framework, sr.name
		if _, _, err := metricKey(f.data, snap, y); err != nil {
			return HistoryOut{}, err
		}
		tp := TrendPoint{Date: snap.date}
		yread, of := y, (func(float64) float64)(nil)
		if base, fn, ok := derived(f.data, y, sr.gpu, ""); ok {
			yread, of = base, fn
		}
		if v, _, ok := readAt([]*series{sr}, "x", yread, true, higher(f.data, y), of, at); ok {
			v = charts.Round6(v) // as the trend tables write their cells
			tp.Value = &v
		}
		out.Trend = append(out.Trend, tp)
	} else {
		c := h.Series[k]
		gpu, fw, out.Name = c.GPU, c.Framework, c.Name
		file, ok := h.Trend[y]
		if !ok {
			var ys []string
			for m := range h.Trend {
				ys = append(ys, m)
			}
			slices.Sort(ys)
			return HistoryOut{}, unknown("y metric", y, ys, "the metrics the page's trend tables hold")
		}
		dir, err := s.rel(p.URL)
		if err != nil {
			return HistoryOut{}, err
		}
		b, err := s.src.ReadFile(path.Clean(dir + file))
		if err != nil {
			return HistoryOut{}, fmt.Errorf("the site %s lacks %s%s, which the page's history names", s.src.Name(), dir, file)
		}
		var t trendTable
		if err := readGzipJSON(b, &t); err != nil {
			return HistoryOut{}, fmt.Errorf("the site %s: %s%s: %v", s.src.Name(), dir, file, err)
		}
		col := slices.Index(t.RefX, at)
		if col < 0 || k >= len(t.Lines) {
			return HistoryOut{}, fmt.Errorf("the site %s: %s%s has no column for x=%v or no line for %s", s.src.Name(), dir, file, at, in.Series)
		}
		for _, cell := range t.Lines[k] {
			if len(cell) <= col+1 {
				continue
			}
			di, _ := cell[0].(float64)
			if int(di) < 0 || int(di) >= len(t.Dates) {
				continue
			}
			tp := TrendPoint{Date: t.Dates[int(di)]}
			if v, ok := cell[col+1].(float64); ok {
				tp.Value = &v
			}
			out.Trend = append(out.Trend, tp)
		}
	}
	v := fragment.View{GPUs: []string{strings.ToLower(gpu)}, Frameworks: []string{strings.ToLower(fw)}}
	if y != f.data.Metric {
		v.Y = y
	}
	out.URL = s.pageURL(p, v)
	return out, nil
}

// readGzipJSON decodes b, gzipped JSON, into v.
func readGzipJSON(b []byte, v any) error {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return err
	}
	raw, err := io.ReadAll(io.LimitReader(zr, maxFile))
	if err != nil {
		return err
	}
	return json.Unmarshal(raw, v)
}
