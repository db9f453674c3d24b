package mcp

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"encoding/json/v2"
	"fmt"
	"io"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/api"
	"github.com/frontier-bench/frontier/site/markdown"
)

const sloPicksDoc = "Each GPU's pick under service-level limits, as the chart page's picks table: the GPU's best measured point " +
	"(highest page metric, e.g. tokens per second per GPU) among the points that meet every limit, never an interpolated one. " +
	"limits are terms METRIC:LIMIT (the slo= fragment's syntax): for a metric where lower is better (p99_ttft, median_e2el: seconds) " +
	"LIMIT is a ceiling, for one where higher is better (median_intvty, p99_intvty: tok/s/user) a floor. " +
	"pick is null for a GPU none of whose points meets them. url opens the chart with the same gate."

const getEvalsDoc = "A model's eval scores (accuracy, e.g. GSM8K exact match) as the site's accuracy page gives them: each evaluated " +
	"configuration with its score, standard error and 95% interval (score ± 1.96 standard errors, clipped to 0..1), the date, " +
	"and the ids of the chart points it joined (the same configuration, as get_points gives them). Name the model by one of its pages."

const historyDoc = "One configuration's figure over the page's dates, the trend the chart page draws: its frontier read at a reference " +
	"x (one of the page's reference interactivities) on each date its measurements changed, null where its frontier did not reach x. " +
	"series is a configuration key as get_points gives it (e.g. b200_sglang@fp4). costPerMTok is at $1 per GPU-hour and tokPerMW at 1 kW " +
	"per GPU, as the page's tables before the reader's prices."

// SLOIn is slo_picks' input.
type SLOIn struct {
	Page   string   `json:"page" jsonschema:"the page's path as list_pages gives it"`
	Limits []string `json:"limits" jsonschema:"terms METRIC:LIMIT, e.g. [\"p99_ttft:2\", \"median_intvty:20\"]; a ceiling where lower is better, a floor where higher is"`
	Date   string   `json:"date,omitempty" jsonschema:"a snapshot date; default the newest"`
}

// SLOOut is slo_picks' answer.
type SLOOut struct {
	Page   string    `json:"page"`
	URL    string    `json:"url" jsonschema:"the chart page with the same gate (slo= fragment)"`
	Date   string    `json:"date"`
	Gate   []SLOTerm `json:"gate"`
	Metric string    `json:"metric" jsonschema:"the metric a pick is the best of"`
	Picks  []SLOPick `json:"picks" jsonschema:"one per GPU, best first; GPUs with no point meeting the gate last"`
}

// SLOTerm is one limit as read.
type SLOTerm struct {
	Metric string  `json:"metric"`
	Limit  float64 `json:"limit"`
	Bound  string  `json:"bound" jsonschema:"max (a ceiling: lower is better) or min (a floor)"`
}

// SLOPick is one GPU's pick.
type SLOPick struct {
	GPU   string `json:"gpu"`
	Label string `json:"label"`
	Pick  *Point `json:"pick" jsonschema:"the best point meeting every limit; null when none does"`
}

// parseTerms reads "METRIC:LIMIT" terms against the page's x axes and y metrics, each a
// ceiling or a floor by the metric's direction.
func parseTerms(d pageData, terms []string) ([]SLOTerm, error) {
	var keys []string
	dir := map[string]bool{}
	for _, a := range d.XAxes {
		if a.Key != "conc" {
			keys, dir[a.Key] = append(keys, a.Key), a.Higher
		}
	}
	for _, m := range d.Metrics {
		if _, ok := dir[m.Key]; !ok {
			keys, dir[m.Key] = append(keys, m.Key), m.Higher
		}
	}
	var out []SLOTerm
	for _, list := range terms {
		for term := range strings.SplitSeq(list, ",") {
			term = strings.TrimSpace(term)
			if term == "" {
				continue
			}
			k, v, ok := strings.Cut(term, ":")
			limit, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if !ok || err != nil || math.IsNaN(limit) || math.IsInf(limit, 0) || limit < 0 {
				return nil, fmt.Errorf("limit %q: want METRIC:LIMIT with a number LIMIT >= 0, e.g. p99_ttft:2 (metrics: %s)", term, strings.Join(keys, ", "))
			}
			k = strings.TrimSpace(k)
			higher, ok := dir[k]
			if !ok {
				return nil, unknown("limit metric", k, keys, "the page's x axes and metrics")
			}
			bound := "max"
			if higher {
				bound = "min"
			}
			out = append(out, SLOTerm{k, limit, bound})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("limits is required: terms METRIC:LIMIT, e.g. [\"p99_ttft:2\", \"median_intvty:20\"]")
	}
	return out, nil
}

// meets reports whether pt meets every term; a point without a term's figure does not.
func meets(pt *Point, gate []SLOTerm, xcol map[string]string) bool {
	for _, t := range gate {
		v, ok := value(pt, cmp.Or(xcol[t.Metric], t.Metric))
		if !ok || (t.Bound == "max" && v > t.Limit) || (t.Bound == "min" && v < t.Limit) {
			return false
		}
	}
	return true
}

func (s *Site) sloPicks(in SLOIn) (SLOOut, error) {
	p, err := s.page(in.Page)
	if err != nil {
		return SLOOut{}, err
	}
	f, err := s.files(p)
	if err != nil {
		return SLOOut{}, err
	}
	snap, err := s.snapshotAt(f, in.Date)
	if err != nil {
		return SLOOut{}, err
	}
	gate, err := parseTerms(f.data, in.Limits)
	if err != nil {
		return SLOOut{}, err
	}
	xcol := map[string]string{}
	for _, a := range f.data.XAxes {
		xcol[a.Key] = a.Col
	}
	higherY := higher(f.data, f.data.Metric)
	terms := make([]string, len(gate))
	for i, t := range gate {
		terms[i] = t.Metric + ":" + strconv.FormatFloat(t.Limit, 'f', -1, 64)
	}
	v := markdown.ChartView{}
	if snap.date != f.data.Dates[0] {
		v.Date = snap.date
	}
	u := s.pageURL(p, v, nil)
	u += map[bool]string{true: "&", false: "#"}[strings.Contains(u, "#")] + "slo=" + strings.Join(terms, ",")
	out := SLOOut{Page: pagePath(p), URL: u, Date: snap.date, Gate: gate, Metric: f.data.Metric, Picks: []SLOPick{}}
	byGPU := map[string]int{}
	for _, sr := range snap.series {
		k, ok := byGPU[sr.gpu]
		if !ok {
			label := cmp.Or(f.data.GPUs[sr.gpu].Label, sr.gpu)
			out.Picks = append(out.Picks, SLOPick{GPU: sr.gpu, Label: label})
			k = len(out.Picks) - 1
			byGPU[sr.gpu] = k
		}
		for i := range sr.points {
			pt := &sr.points[i]
			if !meets(pt, gate, xcol) {
				continue
			}
			cur := out.Picks[k].Pick
			if cur == nil || (higherY && pt.Y > cur.Y) || (!higherY && pt.Y < cur.Y) || (pt.Y == cur.Y && pt.ID < cur.ID) {
				c := *pt
				out.Picks[k].Pick = &c
			}
		}
	}
	slices.SortStableFunc(out.Picks, func(a, b SLOPick) int {
		switch {
		case a.Pick == nil || b.Pick == nil:
			return boolInt(a.Pick == nil) - boolInt(b.Pick == nil)
		case a.Pick.Y == b.Pick.Y:
			return strings.Compare(a.GPU, b.GPU)
		case (a.Pick.Y > b.Pick.Y) == higherY:
			return -1
		}
		return 1
	})
	return out, nil
}

// EvalsIn is get_evals' input.
type EvalsIn struct {
	Page string `json:"page" jsonschema:"a page of the model, as list_pages gives it (pages with evals: true)"`
	Task string `json:"task,omitempty" jsonschema:"only this task (e.g. gsm8k); default every task"`
}

// EvalsOut is get_evals' answer.
type EvalsOut struct {
	Model string `json:"model"`
	URL   string `json:"url" jsonschema:"the page the scores join (the chart page; its points table shows each point's eval)"`
	Data  string `json:"data" jsonschema:"the evaluations file these come from"`
	Evals []Eval `json:"evals"`
}

// Eval is one evaluated configuration.
type Eval struct {
	GPU       string   `json:"gpu"`
	Framework string   `json:"framework"`
	Precision string   `json:"precision"`
	Spec      string   `json:"spec"`
	TP        int64    `json:"tp,omitempty"`
	Conc      int64    `json:"conc,omitempty"`
	Task      string   `json:"task"`
	Metric    string   `json:"metric" jsonschema:"what score measures (em_strict, ...)"`
	Date      string   `json:"date,omitempty"`
	Score     *float64 `json:"score"`
	SE        *float64 `json:"se" jsonschema:"standard error; null when the run gave none"`
	Low       *float64 `json:"low" jsonschema:"the 95% interval's low end"`
	High      *float64 `json:"high"`
	N         int64    `json:"n,omitempty" jsonschema:"questions scored"`
	Points    []int64  `json:"points" jsonschema:"ids of the chart points it joined"`
}

func (s *Site) getEvals(in EvalsIn) (EvalsOut, error) {
	p, err := s.page(in.Page)
	if err != nil {
		return EvalsOut{}, err
	}
	if p.Evaluations == "" {
		var with []string
		idx, _ := s.index()
		for _, q := range idx.Pages {
			if q.Evaluations != "" {
				with = append(with, pagePath(q))
			}
		}
		return EvalsOut{}, fmt.Errorf("%s (%s) has no eval scores; pages with evals: %s", pagePath(p), p.Model, cmp.Or(strings.Join(with, ", "), "none"))
	}
	var rows []api.EvalRow
	if err := s.readJSON(p.Evaluations, &rows); err != nil {
		return EvalsOut{}, err
	}
	out := EvalsOut{Model: p.Model, URL: s.link(p.URL), Data: s.link(p.Evaluations), Evals: []Eval{}}
	var tasks []string
	for _, r := range rows {
		if !slices.Contains(tasks, r.Task) {
			tasks = append(tasks, r.Task)
		}
		if in.Task != "" && !strings.EqualFold(r.Task, in.Task) {
			continue
		}
		e := Eval{GPU: r.Hardware, Framework: r.Framework, Precision: r.Precision, Spec: r.SpecMethod, TP: r.TP, Conc: r.Conc,
			Task: r.Task, Metric: r.Metric, Date: r.Date, N: r.Scores.N, Points: r.Points}
		if e.Points == nil {
			e.Points = []int64{}
		}
		e.Score, e.SE = r.Scores.EMStrict, r.Scores.EMStrictSE
		if r.Metric != "em_strict" {
			e.Score, e.SE = r.Scores.Score, r.Scores.ScoreSE
		}
		if e.Score != nil && e.SE != nil && *e.SE >= 0 {
			// The accuracy page's interval: 1.96 standard errors each side, within 0..1.
			score := math.Min(math.Max(*e.Score, 0), 1)
			lo, hi := math.Max(score-1.96**e.SE, 0), math.Min(score+1.96**e.SE, 1)
			e.Low, e.High = &lo, &hi
		}
		out.Evals = append(out.Evals, e)
	}
	if in.Task != "" && len(out.Evals) == 0 {
		return EvalsOut{}, unknown("task", in.Task, tasks, "")
	}
	return out, nil
}

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
		if v, ok := readAt(sr, "x", y, true, higher(f.data, y), at); ok {
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
	v := markdown.ChartView{GPUs: []string{strings.ToLower(gpu)}, Frameworks: []string{strings.ToLower(fw)}}
	if y != f.data.Metric {
		v.Y = y
	}
	out.URL = s.pageURL(p, v, nil)
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
