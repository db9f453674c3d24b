package mcp

import (
	"encoding/json/v2"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/site/api"
	"github.com/frontier-bench/frontier/site/fragment"
	"github.com/frontier-bench/frontier/site/history"
	"github.com/frontier-bench/frontier/site/page"
	"github.com/frontier-bench/frontier/site/pareto"
)

const getPointsDoc = "A chart page's measured points at a date (default: the newest), filtered as the chart's controls filter them. " +
	"Each point has its id, its configuration (series, GPU, framework, speculative decoding, precision, deployment, concurrency, tp) " +
	"and every metric the site has for it (throughputs per GPU, interactivity and latency statistics, power). " +
	"best=true keeps each GPU's best configuration (as the chart's \"best per GPU\"), optimal=true only points on their configuration's Pareto frontier. " +
	"url opens the chart with the same filters."

// PointsIn is get_points' input.
type PointsIn struct {
	Page       string   `json:"page" jsonschema:"the page's path as list_pages gives it, e.g. /deepseek-r1-0528/8k-1k/"`
	Date       string   `json:"date,omitempty" jsonschema:"a snapshot date of the page (YYYY-MM-DD, one of list_pages' dates); default the newest"`
	GPUs       []string `json:"gpus,omitempty" jsonschema:"GPU keys to keep, e.g. [\"b200\",\"h200\"]; default all"`
	Frameworks []string `json:"frameworks,omitempty" jsonschema:"framework keys to keep, e.g. [\"vllm\",\"sglang\",\"trt\"]; default all"`
	Precisions []string `json:"precisions,omitempty" jsonschema:"precisions to keep, e.g. [\"fp4\"]; default all"`
	Spec       []string `json:"spec,omitempty" jsonschema:"speculative decoding methods to keep, e.g. [\"mtp\",\"none\"]; default all"`
	Deploy     []string `json:"deploy,omitempty" jsonschema:"deployments to keep, e.g. [\"single-node\",\"disaggregated\"]; default all"`
	Best       bool     `json:"best,omitempty" jsonschema:"keep only each GPU's best configuration, as the chart's best-per-GPU view"`
	Optimal    bool     `json:"optimal,omitempty" jsonschema:"keep only points on their configuration's Pareto frontier"`
}

// PointsOut is get_points' answer.
type PointsOut struct {
	Page   string  `json:"page" jsonschema:"the page's path"`
	URL    string  `json:"url" jsonschema:"the chart page showing these points (the fragment holds the filters)"`
	Date   string  `json:"date" jsonschema:"the snapshot date shown"`
	Metric string  `json:"metric" jsonschema:"the metric key y holds (the page's own metric)"`
	X      string  `json:"x" jsonschema:"the metric key x holds (the page's default x axis)"`
	Count  int     `json:"count"`
	Points []Point `json:"points"`
}

// Point is one measured point and its configuration.
type Point struct {
	ID          int64              `json:"id"`
	Series      string             `json:"series" jsonschema:"the configuration's key on the page"`
	Name        string             `json:"name" jsonschema:"the configuration as the legend names it"`
	GPU         string             `json:"gpu"`
	Framework   string             `json:"framework"`
	Spec        string             `json:"spec" jsonschema:"speculative decoding method, none without"`
	Precision   string             `json:"precision"`
	Deployment  string             `json:"deployment,omitempty"`
	Concurrency int64              `json:"concurrency,omitzero"` // absent for a run by request rate
	TP          int64              `json:"tp,omitzero"`          // absent where the file gives none
	Date        string             `json:"date,omitempty" jsonschema:"the date the point was measured"`
	RunID       string             `json:"runId,omitempty"`
	Frontier    bool               `json:"frontier" jsonschema:"on its configuration's Pareto frontier (x and y as the page's default axes)"`
	BestPerGPU  bool               `json:"bestPerGpu" jsonschema:"its configuration is the best of its GPU"`
	X           *float64           `json:"x" jsonschema:"median interactivity (tok/s/user); null when the run did not measure it"`
	Y           *float64           `json:"y" jsonschema:"the page's metric; null when the run did not measure it (an MLPerf LoadGen run has no total throughput)"`
	Metrics     map[string]float64 `json:"metrics" jsonschema:"every metric of the point by key (tpPerGpu, outputTputPerGpu, p99_ttft, ...)"`
}

// snapshot is a page's configurations at one date, each with its points, as the tools read
// them whatever file they came from.
type snapshot struct {
	date   string
	series []*series
}

type series struct {
	key, name, gpu, vendor, framework, spec, precision, label, deploy, date string
	best                                                                    bool
	points                                                                  []Point // in the file's order (x order)
}

// value is pt's figure of the metric or x axis key: x for the median interactivity,
// the concurrency for conc, else its metric; ok false when the point lacks it.
func value(pt *Point, key string) (float64, bool) {
	switch key {
	case "x":
		if pt.X == nil {
			return 0, false
		}
		return *pt.X, true
	case "conc":
		return float64(pt.Concurrency), pt.Concurrency > 0 // a run by request rate has none
	case "y":
		return pt.y(), pt.Y != nil
	}
	v, ok := pt.Metrics[key]
	return v, ok
}

// y is pt's figure of the page's metric, NaN when it has none.
func (pt *Point) y() float64 {
	if pt.Y == nil {
		return math.NaN()
	}
	return *pt.Y
}

// snapshotAt is page f at date: the newest from page.json and data.json, an older one from
// the page's history (history.SnapshotJSON, the page script's as-of rule in Go).
func (s *Site) snapshotAt(f *pageFiles, date string) (*snapshot, error) {
	if date == "" || date == f.data.Dates[0] {
		return newest(f), nil
	}
	if !slices.Contains(f.data.Dates, date) {
		return nil, unknown("date", date, f.data.Dates, "the page's snapshot dates, newest first")
	}
	dir, err := s.rel(f.entry.URL)
	if err != nil {
		return nil, err
	}
	b, err := history.SnapshotJSON(s.src, dir, date)
	if err != nil {
		return nil, fmt.Errorf("the site %s: %s as of %s: %v", s.src.Name(), pagePath(f.entry), date, err)
	}
	var h struct {
		Cols   []string `json:"cols"`
		Series []struct {
			history.Config
			Date     string  `json:"date"`
			Points   [][]any `json:"points"`
			Frontier []int   `json:"frontier"`
		} `json:"series"`
	}
	if err := json.Unmarshal(b, &h); err != nil {
		return nil, err
	}
	snap := &snapshot{date: date}
	var cands []pareto.Candidate
	for _, hs := range h.Series {
		sr := &series{key: hs.Key, name: hs.Name, gpu: hs.GPU, vendor: hs.Vendor, framework: hs.Framework, spec: hs.Spec,
			precision: hs.Precision, label: hs.Label, deploy: hs.Deploy, date: hs.Date}
		on := map[int]bool{}
		for _, i := range hs.Frontier {
			on[i] = true
		}
		var c pareto.Candidate
		c.GPU = hs.GPU
		for i, row := range hs.Points {
			pt := Point{Series: sr.key, Name: sr.name, GPU: sr.gpu, Framework: sr.framework, Spec: sr.spec,
				Precision: sr.precision, Deployment: sr.deploy, Frontier: on[i], Metrics: map[string]float64{}}
			for j, col := range h.Cols {
				if j >= len(row) || row[j] == nil {
					continue
				}
				switch v := row[j].(type) {
				case float64:
					switch col {
					case "id":
						pt.ID = int64(v)
					case "x":
						pt.X = &v
						pt.Metrics["median_intvty"] = v
					case "conc":
						pt.Concurrency = int64(v)
					case "tp":
						pt.TP = int64(v)
					default:
						pt.Metrics[col] = v
					}
				case string:
					switch col {
					case "date":
						pt.Date = v
					case "run":
						pt.RunID = v
					}
				}
			}
			if v, ok := pt.Metrics[f.data.Metric]; ok { // none when the run did not measure it
				pt.Y = &v
			}
			if on[i] && pt.X != nil && pt.Y != nil {
				c.X, c.Y = append(c.X, *pt.X), append(c.Y, *pt.Y)
			}
			sr.points = append(sr.points, pt)
		}
		snap.series = append(snap.series, sr)
		cands = append(cands, c)
	}
	// The best configuration per GPU of an older date, as the page script ranks it (pareto.js is
	// BestPerGPU's twin): the series in hwKey order, ties to the first.
	order := make([]int, len(snap.series))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(snap.series[a].key, snap.series[b].key) })
	sorted := make([]pareto.Candidate, len(order))
	for i, k := range order {
		sorted[i] = cands[k]
	}
	for _, w := range pareto.BestPerGPU(sorted, higher(f.data, f.data.Metric)) {
		snap.series[order[w]].best = true
	}
	for _, sr := range snap.series {
		for i := range sr.points {
			sr.points[i].BestPerGPU = sr.best
		}
	}
	return snap, nil
}

// newest is the page's newest snapshot: page.json's configurations with data.json's points.
func newest(f *pageFiles) *snapshot {
	pts := map[string][]page.DownloadPoint{}
	for _, s := range f.pts.Series {
		pts[s.Key] = s.Points
	}
	snap := &snapshot{date: f.data.Dates[0]}
	for _, ps := range f.data.Series {
		sr := &series{key: ps.Key, name: ps.Name, gpu: ps.GPU, vendor: ps.Vendor, framework: ps.Framework, spec: ps.Spec,
			precision: ps.Precision, label: ps.Label, deploy: ps.Deploy, date: ps.Date, best: ps.Best}
		for _, d := range pts[ps.Key] {
			m := d.Metrics
			if m == nil {
				m = map[string]float64{}
			}
			sr.points = append(sr.points, Point{ID: d.ID, Series: sr.key, Name: sr.name, GPU: sr.gpu, Framework: sr.framework,
				Spec: sr.spec, Precision: d.Precision, Deployment: sr.deploy, Concurrency: d.Concurrency, TP: d.TP, Date: d.Date,
				RunID: d.RunID, Frontier: d.Frontier, BestPerGPU: sr.best, X: d.X, Y: d.Y, Metrics: m})
		}
		snap.series = append(snap.series, sr)
	}
	return snap
}

// higher reports whether higher values of metric key are better on page d (a y metric or an
// x axis); true for a key the page does not name.
func higher(d pageData, key string) bool {
	for _, m := range d.Metrics {
		if m.Key == key {
			return m.Higher
		}
	}
	for _, a := range d.XAxes {
		if a.Key == key {
			return a.Higher
		}
	}
	return true
}

// filter is the chart's filters: each list keeps the configurations whose value is in it.
type filter struct {
	gpus, frameworks, precisions, spec, deploy []string
	best                                       bool
}

// check reports a filter value the page does not have, with the valid ones.
func (fl filter) check(snap *snapshot) error {
	for _, c := range []struct {
		what string
		got  []string
		of   func(*series) string
	}{
		{"GPU", fl.gpus, func(s *series) string { return s.gpu }},
		{"framework", fl.frameworks, func(s *series) string { return s.framework }},
		{"precision", fl.precisions, func(s *series) string { return s.precision }},
		{"speculative decoding method", fl.spec, func(s *series) string { return s.spec }},
		{"deployment", fl.deploy, func(s *series) string { return s.deploy }},
	} {
		var valid []string
		for _, s := range snap.series {
			if v := c.of(s); v != "" && !slices.Contains(valid, v) {
				valid = append(valid, v)
			}
		}
		slices.Sort(valid)
		for _, g := range c.got {
			if !slices.Contains(valid, strings.ToLower(g)) {
				return unknown(c.what, g, valid, "")
			}
		}
	}
	return nil
}

func (fl filter) keeps(s *series) bool {
	in := func(list []string, v string) bool {
		return len(list) == 0 || slices.ContainsFunc(list, func(x string) bool { return strings.EqualFold(x, v) })
	}
	return in(fl.gpus, s.gpu) && in(fl.frameworks, s.framework) && in(fl.precisions, s.precision) &&
		in(fl.spec, s.spec) && in(fl.deploy, s.deploy) && (!fl.best || s.best)
}

// view is the chart page's view a filter and a date show.
func (fl filter) view(date string, optimal bool) fragment.View {
	lower := func(l []string) []string {
		out := make([]string, len(l))
		for i, v := range l {
			out[i] = strings.ToLower(v)
		}
		return out
	}
	v := fragment.View{Date: date, GPUs: lower(fl.gpus), Frameworks: lower(fl.frameworks), Spec: lower(fl.spec), Precisions: lower(fl.precisions),
		Deploy: lower(fl.deploy)}
	if fl.best {
		v.Best = fragment.ToggleOn
	}
	if optimal {
		v.Optimal = fragment.ToggleOn
	}
	return v
}

// pageURL is page p's URL with the fragment of view v.
func (s *Site) pageURL(p *api.IndexPage, v fragment.View) string {
	u := s.link(p.URL)
	if frag := v.String(); frag != "" {
		u += "#" + frag
	}
	return u
}

func (s *Site) getPoints(in PointsIn) (PointsOut, error) {
	p, err := s.page(in.Page)
	if err != nil {
		return PointsOut{}, err
	}
	f, err := s.files(p)
	if err != nil {
		return PointsOut{}, err
	}
	snap, err := s.snapshotAt(f, in.Date)
	if err != nil {
		return PointsOut{}, err
	}
	fl := filter{in.GPUs, in.Frameworks, in.Precisions, in.Spec, in.Deploy, in.Best}
	if err := fl.check(snap); err != nil {
		return PointsOut{}, err
	}
	date := ""
	if snap.date != f.data.Dates[0] {
		date = snap.date
	}
	out := PointsOut{Page: pagePath(p), URL: s.pageURL(p, fl.view(date, in.Optimal)), Date: snap.date,
		Metric: f.data.Metric, X: f.data.DefaultX, Points: []Point{}}
	for _, sr := range snap.series {
		if !fl.keeps(sr) {
			continue
		}
		for _, pt := range sr.points {
			if in.Optimal && !pt.Frontier {
				continue
			}
			out.Points = append(out.Points, pt)
		}
	}
	out.Count = len(out.Points)
	return out, nil
}
