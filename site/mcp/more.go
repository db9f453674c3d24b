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
	"github.com/frontier-bench/frontier/site/fragment"
	"github.com/frontier-bench/frontier/site/slo"
)

const sloPicksDoc = "Each GPU's pick under a service-level gate, exactly as the chart page's picks table gives it (the same rule, " +
	"package slo, runs in the page script): the GPU's best measured point among those that meet every term, never an interpolated one. " +
	"gate is the chart page's slo= value: comma-separated METRIC:LIMIT terms (e.g. \"p99_ttft:2,p99_intvty:20\") or the name of one of " +
	"the site's presets (list_pages gives a page's slo_presets). For a metric where lower is better (p99_ttft, median_e2el: seconds) " +
	"LIMIT is a ceiling, where higher is better (median_intvty, p99_intvty: tok/s/user) a floor. pick \"y\" (default) ranks by the " +
	"page's metric, \"x\" by the page's default x axis. A point lacking a gated statistic is not judged: it neither meets nor fails " +
	"the gate, and missing counts such points by statistic. pick is null for a GPU none of whose points meets it; its judged (of points) " +
	"says whether any could be judged at all, and unjudged is set when no point of the page gives every gated statistic, so the service " +
	"level cannot be judged there (never read that as \"nothing meets it\"). url opens the chart with the same gate."

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
	Gate   string   `json:"gate,omitempty" jsonschema:"the slo= value: METRIC:LIMIT terms separated by commas, or a preset's name"`
	Limits []string `json:"limits,omitempty" jsonschema:"the same terms as a list, e.g. [\"p99_ttft:2\", \"median_intvty:20\"], added to gate"`
	Pick   string   `json:"pick,omitempty" jsonschema:"y (default): the best page metric; x: the best default x"`
	Tier   string   `json:"tier,omitempty" jsonschema:"for a costPerMTok term: the price tier (the site's [gpus.*.cost] names); default the first"`
	Date   string   `json:"date,omitempty" jsonschema:"a snapshot date; default the newest"`
}

// SLOOut is slo_picks' answer.
type SLOOut struct {
	Page    string         `json:"page"`
	URL     string         `json:"url" jsonschema:"the chart page with the same gate (slo= fragment)"`
	Date    string         `json:"date"`
	Preset  string         `json:"preset,omitempty" jsonschema:"the preset's name when gate named one"`
	Gate    []SLOTerm      `json:"gate"`
	Metric  string         `json:"metric" jsonschema:"the metric a pick is the best of (the page's metric, or its default x with pick x)"`
	Missing map[string]int `json:"missing,omitempty" jsonschema:"points not judged for lacking a gated statistic, by statistic: they neither meet nor fail the gate"`
	// Unjudged, when no point of the page gives every gated statistic, says so: the gate cannot
	// be judged on the page, which is not that nothing meets it.
	Unjudged string    `json:"unjudged,omitempty" jsonschema:"set when no point gives every gated statistic: the service level cannot be judged on this page"`
	Picks    []SLOPick `json:"picks" jsonschema:"one per GPU, best first; GPUs with no point meeting the gate last"`
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
	// Judged and Points: how many of the GPU's points give every gated statistic, of how many.
	// A null pick with judged 0 means the gate cannot be judged on the GPU, not that it fails.
	Judged int `json:"judged" jsonschema:"the GPU's points that give every gated statistic (only they are judged)"`
	Points int `json:"points" jsonschema:"the GPU's points"`
}

// gateOf reads a gate as the chart page's slo= does (slo.Parse, with the page's presets),
// the list form's terms added; a term it cannot read is an error that says why and lists the
// metrics a gate may bound.
func gateOf(d pageData, in SLOIn) ([]slo.Term, string, error) {
	var presets []slo.Preset
	var names []string
	if d.SLO != nil {
		for _, p := range d.SLO.Presets {
			presets = append(presets, slo.Preset{Name: p.Name, Gate: p.Gate, Description: p.Description})
			names = append(names, p.Name)
		}
	}
	value := strings.TrimSpace(in.Gate)
	if len(in.Limits) > 0 {
		if value != "" && !strings.Contains(value, ":") {
			return nil, "", fmt.Errorf("gate %q names a preset: give either a preset or limits, not both", in.Gate)
		}
		for _, l := range in.Limits {
			if l = strings.TrimSpace(l); !strings.Contains(l, ":") {
				return nil, "", fmt.Errorf("gate: %q: want METRIC:LIMIT, e.g. p99_ttft:2", l)
			}
			value = strings.Trim(value+","+l, ",")
		}
	}
	terms, preset, invalid := slo.Parse(value, presets)
	var keys []string
	for _, m := range slo.Catalog() {
		keys = append(keys, m.Key)
	}
	if len(invalid) > 0 {
		var why []string
		for _, v := range invalid {
			switch v.Reason {
			case "preset":
				why = append(why, fmt.Sprintf("%q is no preset of this site (presets: %s)", v.Text, orNone(names)))
			case "metric":
				why = append(why, fmt.Sprintf("%q: no such metric (metrics: %s)", v.Text, strings.Join(keys, ", ")))
			case "limit":
				why = append(why, fmt.Sprintf("%q: the limit must be a plain number >= 0", v.Text))
			default:
				why = append(why, fmt.Sprintf("%q: want METRIC:LIMIT, e.g. p99_ttft:2", v.Text))
			}
		}
		return nil, "", fmt.Errorf("gate: %s", strings.Join(why, "; "))
	}
	if len(terms) == 0 {
		return nil, "", fmt.Errorf("gate is required: METRIC:LIMIT terms, e.g. \"p99_ttft:2,p99_intvty:20\", or a preset (%s)", orNone(names))
	}
	return terms, preset, nil
}

// orNone joins names, or says there are none.
func orNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
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
	terms, preset, err := gateOf(f.data, in)
	if err != nil {
		return SLOOut{}, err
	}
	tier, err := tierOf(f.data, in.Tier)
	if err != nil {
		return SLOOut{}, err
	}
	if priced(f.data.Metric) || slices.ContainsFunc(terms, func(t slo.Term) bool { return priced(t.Metric) }) {
		snap = withPrices(f.data, snap, tier)
	}
	byX := false
	switch strings.ToLower(strings.TrimSpace(in.Pick)) {
	case "", "y":
	case "x":
		byX = true
	default:
		return SLOOut{}, fmt.Errorf("pick %q: want y (the best page metric) or x (the best default x)", in.Pick)
	}
	xcol := map[string]string{}
	xHigher := true
	for _, a := range f.data.XAxes {
		xcol[a.Key] = a.Col
		if a.Key == f.data.DefaultX {
			xHigher = a.Higher
		}
	}
	gate := make([]SLOTerm, len(terms))
	for i, t := range terms {
		gate[i] = SLOTerm{Metric: t.Metric, Limit: t.Limit, Bound: map[bool]string{true: "min", false: "max"}[t.Floor]}
	}
	// The gate as the page script writes it (sloFragment): a preset by its name, else the terms.
	v := fragment.View{SLO: cmp.Or(preset, slo.Format(terms)), Tier: tier}
	if snap.date != f.data.Dates[0] {
		v.Date = snap.date
	}
	if byX {
		v.Pick = "x"
	}
	u := s.pageURL(p, v)
	metric := f.data.Metric
	if byX {
		metric = f.data.DefaultX
	}
	out := SLOOut{Page: pagePath(p), URL: u, Date: snap.date, Preset: preset, Gate: gate, Metric: metric, Picks: []SLOPick{}}
	var cands []slo.Candidate
	var pts []*Point
	judged, points := map[string]int{}, map[string]int{}
	for _, sr := range snap.series {
		for i := range sr.points {
			pt := &sr.points[i]
			pass, missing := slo.Check(terms, func(m string) (float64, bool) { return value(pt, cmp.Or(xcol[m], m)) })
			points[sr.gpu]++
			if len(missing) == 0 {
				judged[sr.gpu]++
			}
			for _, m := range missing {
				if out.Missing == nil {
					out.Missing = map[string]int{}
				}
				out.Missing[m]++
			}
			x := math.NaN()
			if pt.X != nil {
				x = *pt.X
			}
			cands = append(cands, slo.Candidate{GPU: sr.gpu, X: x, Y: pt.y(), Pass: pass && pt.Y != nil})
			pts = append(pts, pt)
		}
	}
	for _, pk := range slo.Picks(cands, byX, xHigher, higher(f.data, f.data.Metric)) {
		label := cmp.Or(f.data.GPUs[pk.GPU].Label, pk.GPU)
		sp := SLOPick{GPU: pk.GPU, Label: label, Judged: judged[pk.GPU], Points: points[pk.GPU]}
		if pk.Index >= 0 {
			c := *pts[pk.Index]
			sp.Pick = &c
		}
		out.Picks = append(out.Picks, sp)
	}
	if total := len(pts); total > 0 && len(judged) == 0 {
		var none []string
		for _, t := range terms {
			if out.Missing[t.Metric] == total && !slices.Contains(none, t.Metric) {
				none = append(none, t.Metric)
			}
		}
		out.Unjudged = fmt.Sprintf("no point gives %s: the service level cannot be judged on this page", strings.Join(none, ", "))
		if len(none) == 0 {
			out.Unjudged = "no point gives every gated statistic: the service level cannot be judged on this page"
		}
	}
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
