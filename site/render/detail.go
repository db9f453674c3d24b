package render

// A point's detail (issue 47, docs/chart-page.md "A point's detail"): what the page data does
// not carry of a point, written beside the page in chunks the page script fetches the first
// time a reader opens a point (a click on it, Enter on its row, pt=ID in the fragment), never
// at load. Per point: every statistic its source gave of TTFT, TPOT, ITL, E2E latency and
// interactivity, the run (file, client, version, image, run link, settings, requests completed
// and failed) and, for a file that holds every request, the requests' histograms and the
// statistics computed from them that the file's summary lacks. The neighbours (the same
// configuration's other loads), the date, the run id and the evals and notes are the page
// data's already, which the script reads. Sections are optional fields, so more can come
// (the runs of a point merged from repeated runs, its success ratio) without another file.

import (
	"github.com/frontier-bench/frontier/site/page"
	"math"
	"path"
	"strconv"

	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/output"
)

// detailChunkPoints is about how many points a detail chunk holds: it ends after the series
// that reaches it, so a configuration's points (a point's neighbours) are in one chunk. A
// year-scale page's newest snapshot (800 points) is then four chunks of some 15 KB gzipped.
const detailChunkPoints = 200

// DetailData is one detail chunk, detail-N.json.gz: the details of the points of some series.
type DetailData struct {
	Points []PointDetail `json:"points"`
}

// PointDetail is one point's detail. Stats and Computed map a metric family ("ttft", "tpot",
// "itl", "e2el", "intvty") to its six statistics in the catalog's order (mean, median, p90,
// p99, p99.9, std), null where absent; latencies in seconds, interactivity in tok/s/user, each
// to four significant digits.
type PointDetail struct {
	ID    int64                 `json:"id"`
	Stats map[string][]*float64 `json:"stats,omitempty"`
	Run   *RunDetail            `json:"run,omitempty"`
	Reqs  *RequestsDetail       `json:"requests,omitempty"`
	// Runs are the runs of a point made of several (input.Spread), each with its own figures;
	// absent for a point of one run.
	Runs []RunFigures `json:"runs,omitempty"`
	// Agentic is an agentic result's own section (detailagentic.go); absent for others.
	Agentic *AgenticDetail `json:"agentic,omitempty"`
}

// RunFigures is one of several runs behind a point: where it came from ("data/x.json [3]"),
// its image and https run link where it has them, its figures by the page's names
// (runFigureKeys: the throughputs per GPU, the median interactivity and latencies), each to
// four significant digits, and the requests its client counted.
type RunFigures struct {
	Place     string              `json:"place"`
	Image     string              `json:"image,omitempty"`
	Link      string              `json:"link,omitempty"`
	Figures   map[string]*float64 `json:"figures"`
	Completed *int64              `json:"completed,omitempty"`
	Attempted *int64              `json:"attempted,omitempty"`
}

// runFigureKeys are the figures a run of several lists, by the names the page and data.json
// give them, with their catalog metrics.
var runFigureKeys = func() []struct {
	key string
	m   input.MetricID
} {
	var out []struct {
		key string
		m   input.MetricID
	}
	for _, k := range [][2]string{{"tpPerGpu", "tput_per_gpu"}, {"outputTputPerGpu", "output_tput_per_gpu"},
		{"inputTputPerGpu", "input_tput_per_gpu"}, {"median_intvty", "median_intvty"}, {"median_ttft", "median_ttft"},
		{"median_tpot", "median_tpot"}, {"median_e2el", "median_e2el"}} {
		m, _ := input.MetricByName(k[1])
		out = append(out, struct {
			key string
			m   input.MetricID
		}{k[0], m})
	}
	return out
}()

// runsDetail lists the runs of a point made of several, nil for a point of one.
func runsDetail(sp *input.Spread) []RunFigures {
	if sp.N() < 2 || len(sp.Runs) == 0 { // a view's point gives their number, not the runs
		return nil
	}
	out := make([]RunFigures, len(sp.Runs))
	for i := range sp.Runs {
		r := &sp.Runs[i]
		link := (&input.RawPoint{RunURL: r.RunURL}).Link()
		f := RunFigures{Place: r.Place, Image: r.Image, Link: link, Figures: map[string]*float64{}}
		for _, k := range runFigureKeys {
			if v, ok := r.Metrics.Get(k.m); ok {
				f.Figures[k.key] = round4(v)
			}
		}
		if r.Requests.Known() {
			c, a := r.Requests.Completed, r.Requests.Attempted
			f.Completed, f.Attempted = &c, &a
		}
		out[i] = f
	}
	return out
}

// RunDetail is the run behind a point, as its file records it (input.RunInfo) with the
// image and the run link of the row. Completed and Failed are absent where the file does not
// count them.
type RunDetail struct {
	File      string      `json:"file,omitempty"`
	Client    string      `json:"client,omitempty"`
	Version   string      `json:"version,omitempty"`
	Image     string      `json:"image,omitempty"`
	Link      string      `json:"link,omitempty"` // an https run link (RawPoint.Link), else absent
	Settings  [][2]string `json:"settings,omitempty"`
	Completed *int64      `json:"completed,omitempty"`
	Failed    *int64      `json:"failed,omitempty"`
	Topology  string      `json:"topology,omitempty"`
}

// RequestsDetail is a run's per-request figures as the detail draws them: histograms of TTFT
// and TPOT on a log scale (bin k from Lo spans 10^(k/Per) to 10^((k+1)/Per) seconds), and
// Computed, the statistics the file's summary lacks, computed from its N requests.
type RequestsDetail struct {
	N        int                   `json:"n"`
	Per      int                   `json:"per"`
	TTFT     *HistogramDetail      `json:"ttft,omitempty"`
	TPOT     *HistogramDetail      `json:"tpot,omitempty"`
	Computed map[string][]*float64 `json:"computed,omitempty"`
}

// HistogramDetail is input.Histogram on the wire.
type HistogramDetail struct {
	Lo     int   `json:"lo"`
	Counts []int `json:"counts"`
}

// detailFamilies are the metric families of a detail, with their catalog metrics (statistics
// mean, median, p90, p99, p99.9, std).
var detailFamilies = func() []struct {
	name    string
	metrics [6]input.MetricID
} {
	out := []struct {
		name    string
		metrics [6]input.MetricID
	}{}
	for _, fam := range []string{"ttft", "tpot", "itl", "e2el", "intvty"} {
		var ms [6]input.MetricID
		for i, stat := range []string{"mean", "median", "p90", "p99", "p99.9", "std"} {
			ms[i], _ = input.MetricByName(stat + "_" + fam)
		}
		out = append(out, struct {
			name    string
			metrics [6]input.MetricID
		}{fam, ms})
	}
	return out
}()

// round4 is v to four significant digits, what a reader reads off a detail's numbers.
func round4(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
	return &r
}

// pointDetail is pt's detail.
func pointDetail(pt *input.Point) PointDetail {
	d := PointDetail{ID: pt.ID}
	if pt.Raw == nil {
		// A view's point gives its median interactivity alone, and the requests its client
		// counted where its view says (input.Point.Marks).
		if pt.HasX() {
			d.Stats = map[string][]*float64{"intvty": {nil, round4(pt.X), nil, nil, nil, nil}}
		}
		if q := pt.Requests(); q.Known() {
			c, f := q.Completed, q.Attempted-q.Completed
			d.Run = &RunDetail{Completed: &c, Failed: &f}
		}
		return d
	}
	raw := pt.Raw
	for _, fam := range detailFamilies {
		row := make([]*float64, 6)
		has := false
		for i, m := range fam.metrics {
			if m == input.MStdIntvty {
				// InferenceX's std_intvty (and the readers', which follow it) is 1000 over the
				// std of TPOT: no spread of interactivity (8,400 tok/s/user beside a mean of
				// 104). TPOT's own std, in the row above, is the spread.
				continue
			}
			if v, ok := raw.Metrics.Get(m); ok {
				row[i], has = round4(v), true
			}
		}
		if has {
			if d.Stats == nil {
				d.Stats = map[string][]*float64{}
			}
			d.Stats[fam.name] = row
		}
	}
	run := &RunDetail{Image: raw.Image, Link: raw.Link(), Topology: raw.Setup()}
	if info := raw.Run; info != nil {
		run.File, run.Client, run.Version = info.Path, info.Client, info.Version
		for _, s := range info.Settings {
			run.Settings = append(run.Settings, [2]string{s.Key, s.Value})
		}
		if info.Completed >= 0 {
			run.Completed = &info.Completed
		}
		if q := info.Requests; q != nil {
			d.Reqs = requestsDetail(q, raw)
		}
	}
	// The requests the client counted, every run's for a point of several (spread.go sums them).
	if q := raw.Requests; q.Known() {
		c, f := q.Completed, q.Attempted-q.Completed
		run.Completed, run.Failed = &c, &f
	}
	if d.Runs = runsDetail(raw.Spread); d.Runs != nil {
		// A point of several runs: what differs from run to run (the file, the client's
		// release, its settings) is in each run's line.
		run.File, run.Version, run.Settings = "", "", nil
	}
	d.Run = run
	d.Agentic = agenticDetail(raw)
	return d
}

// requestsDetail is q as the detail shows it: the computed statistics only where the file's
// summary (raw) lacks them, so every number the detail shows is the file's own unless it says
// it is computed.
func requestsDetail(q *input.Distribution, raw *input.RawPoint) *RequestsDetail {
	r := &RequestsDetail{N: q.N, Per: input.BinsPerDecade}
	hist := func(h input.Histogram) *HistogramDetail {
		if len(h.Counts) == 0 {
			return nil
		}
		return &HistogramDetail{Lo: h.Lo, Counts: h.Counts}
	}
	r.TTFT, r.TPOT = hist(q.TTFT), hist(q.TPOT)
	for _, s := range q.Stats {
		if raw.Metrics.Has(s.Metric) {
			continue
		}
		for _, fam := range detailFamilies {
			for i, m := range fam.metrics {
				if m != s.Metric {
					continue
				}
				if r.Computed == nil {
					r.Computed = map[string][]*float64{}
				}
				if r.Computed[fam.name] == nil {
					r.Computed[fam.name] = make([]*float64, 6)
				}
				r.Computed[fam.name][i] = round4(s.Value)
			}
		}
	}
	return r
}

// writeDetail writes the details of snap's points below dir (the page's path), in chunks of
// whole series, gzipped, and returns their index for the page data; a language mirror names
// the default language's files.
func (r *Renderer) writeDetail(w output.Writer, dir string, snap *page.Snapshot) (*DetailIndex, error) {
	idx := &DetailIndex{Files: []string{}, Chunk: make([]int, len(snap.Series))}
	var chunk DetailData
	flush := func() error {
		if len(chunk.Points) == 0 {
			return nil
		}
		name := "detail-" + strconv.Itoa(len(idx.Files)) + ".json.gz"
		if r.def != nil {
			idx.Files = append(idx.Files, r.site.Root+dir+name)
		} else {
			b, err := marshalJSON(chunk)
			if err != nil {
				return err
			}
			if err := w.WriteFile(dir+name, r.gzip(w, b)); err != nil {
				return err
			}
			idx.Files = append(idx.Files, path.Base(name))
		}
		chunk = DetailData{}
		return nil
	}
	for i, s := range snap.Series {
		idx.Chunk[i] = len(idx.Files)
		for k := range s.Points {
			chunk.Points = append(chunk.Points, pointDetail(&s.Points[k]))
		}
		if len(chunk.Points) >= detailChunkPoints {
			if err := flush(); err != nil {
				return nil, err
			}
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if len(idx.Files) == 0 {
		return nil, nil
	}
	return idx, nil
}
