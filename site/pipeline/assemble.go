package pipeline

import (
	"cmp"
	"fmt"
	"github.com/frontier-bench/frontier/site/page"
	"maps"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/site/pareto"
	"github.com/frontier-bench/frontier/site/problem"

	"github.com/frontier-bench/frontier/site/input"

	"github.com/frontier-bench/frontier/site/output"
)

// pageKey groups datasets into pages.
type pageKey struct{ model, sequence string }

// seriesKey identifies a series inside a page before snapshots are resolved.
type seriesKey struct{ hw, precision string }

// Assemble groups datasets (in path order, as Load gives them) into pages, resolves snapshots,
// deduplicates points by id and computes every series' frontier, as a build does (pipeline.go).
// Problems are collisions between names and conflicting duplicates; warnings are disagreements
// with the input's own frontier flags.
func Assemble(datasets []*input.Dataset, prefix string) ([]*page.Page, problem.Problems) {
	srcs, evalSrcs := splitEvals(residentSources(datasets))
	evals, _ := loadEvals(nil, prefix, nil, evalSrcs) // decoded already: no problems
	pages, groups, ps := groupPages(srcs, prefix)
	pl := &pipeline{prefix: prefix, pages: pages, groups: groups, srcs: srcs, cache: oneOff{}, acc: newSiteAccuracy(evals, nil, nil, len(pages))}
	pps, _ := pl.run(nil)
	return pages, append(ps, pps...)
}

// compareSequence orders sequences as readers expect: "1k/1k" before "1k/8k" before "8k/1k",
// comparing the input then the output length numerically where they parse.
func compareSequence(a, b string) int {
	ai, ao, aok := parseSequence(a)
	bi, bo, bok := parseSequence(b)
	if aok && bok {
		return cmp.Or(cmp.Compare(ai, bi), cmp.Compare(ao, bo), cmp.Compare(a, b))
	}
	return cmp.Compare(a, b)
}

// parseSequence reads "8k/1k" as input 8192 and output 1024 tokens.
func parseSequence(s string) (in, out int, ok bool) {
	i, o, found := strings.Cut(s, "/")
	if !found {
		return 0, 0, false
	}
	in, ok1 := parseTokens(i)
	out, ok2 := parseTokens(o)
	return in, out, ok1 && ok2
}

func parseTokens(s string) (int, bool) {
	mult := 1
	if strings.HasSuffix(s, "k") || strings.HasSuffix(s, "K") {
		mult, s = 1024, s[:len(s)-1]
	}
	n := 0
	if s == "" || len(s) > 9 {
		return 0, false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, false
		}
		n = n*10 + int(r-'0')
	}
	return n * mult, true
}

// assemblePage merges the datasets of one (model, sequence), and checks that the points they
// share by id agree.
func assemblePage(ds []*input.Dataset, prefix string) (*page.Page, problem.Problems) {
	slices.SortFunc(ds, func(a, b *input.Dataset) int { return cmp.Compare(a.Path, b.Path) })
	ps := checkDuplicateIDs(ds, prefix)
	first := ds[0]
	p := &page.Page{
		Model:    first.Model,
		Sequence: first.Sequence,
		Path:     output.Slug(first.Model) + "/" + output.Slug(first.Sequence) + "/",
		Metric:   first.Metric,
		XAxis:    first.XAxis,
	}
	precisions := map[string]bool{}
	dates := map[string]bool{}
	for _, d := range ds {
		p.Sources = append(p.Sources, d.Path)
		dates[d.Date] = true
		if d.Metric.Key != first.Metric.Key {
			ps = append(ps, problem.Problem{File: prefix + d.Path, Path: "metric.key",
				Msg: fmt.Sprintf("%q differs from %q in %s, on the same page %s/%s: one page plots one metric", d.Metric.Key, first.Metric.Key, prefix+first.Path, d.Model, d.Sequence)})
		}
		for _, s := range d.Series {
			for _, pt := range s.Points {
				precisions[pt.Precision] = true
			}
		}
	}
	if lacksX(ds) {
		ps = append(ps, noXWarning(ds, prefix))
	}
	// A page of which no point has the total throughput it plots plots output throughput.
	// (A page whose metric is output throughput already, such as the API's view of such a page,
	// is one too: a build of the views gives the same page, note included.)
	outputY := false
	if k := p.Metric.Key; (k == "tpPerGpu" || k == input.OutputMetric.Key) && lacksTotal(ds) {
		p.NoTotal = true
		if k == "tpPerGpu" {
			p.Metric, outputY = input.OutputMetric, true
			ps = append(ps, noTotalWarning(ds, prefix))
		}
	}
	p.Precisions = slices.Sorted(maps.Keys(precisions))
	p.IDs = distinctIDs(ds)
	split := len(p.Precisions) > 1

	// Per series key, the datasets that hold it, so each snapshot can pick the newest one
	// on or before its date.
	type contribution struct {
		d *input.Dataset
		s *input.Series
	}
	bySeries := map[seriesKey][]contribution{}
	for _, d := range ds {
		for i := range d.Series {
			s := &d.Series[i]
			seen := map[string]bool{}
			for _, pt := range s.Points {
				k := seriesKey{s.HWKey, ""}
				if split {
					k.precision = pt.Precision
				}
				if !seen[k.precision] {
					seen[k.precision] = true
					bySeries[k] = append(bySeries[k], contribution{d, s})
				}
			}
		}
	}
	skeys := make([]seriesKey, 0, len(bySeries))
	for k := range bySeries {
		skeys = append(skeys, k)
	}

	// A series whose newest dataset is the same for two snapshots is the same series in both:
	// the older snapshot shares its points and frontier (never modified after this) and gets
	// only a header of its own, since best per GPU depends on the snapshot. With daily runs most
	// series carry over from day to day, so history costs little memory and time.
	last := map[seriesKey]*page.PageSeries{}
	allDates := slices.Sorted(maps.Keys(dates))
	slices.Reverse(allDates)
	for _, date := range allDates {
		snap := &page.Snapshot{Date: date}
		for _, k := range skeys {
			// The newest date on or before this snapshot's, then every dataset of that date.
			// found, not newest != "": raw rows without any date make a dataset of date "".
			newest, found := "", false
			for _, c := range bySeries[k] {
				if c.d.Date <= date && (!found || c.d.Date > newest) {
					newest, found = c.d.Date, true
				}
			}
			if !found {
				continue
			}
			if prev := last[k]; prev != nil && prev.Date == newest {
				shared := *prev
				snap.Series = append(snap.Series, &shared)
				continue
			}
			// Points of that date, deduplicated by id across its datasets (within one dataset,
			// Load has already made ids unique, so one dataset needs no map).
			var ser *page.PageSeries
			var seen map[int64]bool
			n, from := 0, 0
			for _, c := range bySeries[k] {
				if c.d.Date == newest {
					n, from = n+len(c.s.Points), from+1
				}
			}
			if from > 1 {
				seen = make(map[int64]bool, n)
			}
			for _, c := range bySeries[k] {
				if c.d.Date != newest {
					continue
				}
				if ser == nil {
					ser = &page.PageSeries{
						Key: k.hw, Name: c.s.Label, HWKey: c.s.HWKey, GPU: c.s.GPU, Vendor: c.s.Vendor,
						Framework: c.s.Framework, Spec: c.s.SpecMethod, Label: c.s.Label, Date: newest,
						Deployment: c.s.Deployment,
					}
					if ser.Name == "" {
						ser.Name = c.s.HWKey
					}
					if split {
						ser.Key = k.hw + "@" + k.precision
						ser.Name += " " + strings.ToUpper(k.precision)
						ser.Precision = k.precision
					}
					ser.Points = make([]input.Point, 0, n)
				}
				for _, pt := range c.s.Points {
					if split && pt.Precision != k.precision {
						continue
					}
					if seen != nil {
						if seen[pt.ID] {
							continue
						}
						seen[pt.ID] = true
					}
					if outputY {
						pt.Y = pt.OutputTputPerGpu
					}
					ser.Points = append(ser.Points, pt)
					if ser.Precision == "" {
						ser.Precision = pt.Precision
					}
				}
			}
			slices.SortFunc(ser.Points, comparePoints)
			ser.Frontier = frontierOf(ser.Points)
			last[k] = ser
			snap.Series = append(snap.Series, ser)
		}
		slices.SortFunc(snap.Series, func(a, b *page.PageSeries) int {
			return cmp.Or(cmp.Compare(a.GPU, b.GPU), cmp.Compare(a.Name, b.Name), cmp.Compare(a.Key, b.Key))
		})
		markBest(snap.Series)
		p.Snapshots = append(p.Snapshots, snap)
	}
	return p, ps
}

// lacksX reports whether the page's datasets have points and none of them has a median
// interactivity, the x of the chart's default axis. A raw point whose file gives no median
// TPOT has none (Point.HasX).
func lacksX(ds []*input.Dataset) bool {
	n := 0
	for _, d := range ds {
		for _, s := range d.Series {
			for i := range s.Points {
				if s.Points[i].HasX() {
					return false
				}
				n++
			}
		}
	}
	return n > 0
}

// lacksTotal reports whether the page's datasets have points and none of them has a total
// throughput (Point.HasTotal): every run counted output tokens only (MLPerf LoadGen).
func lacksTotal(ds []*input.Dataset) bool {
	n := 0
	for _, d := range ds {
		for _, s := range d.Series {
			for i := range s.Points {
				if s.Points[i].HasTotal() {
					return false
				}
				n++
			}
		}
	}
	return n > 0
}

// noTotalWarning is `frontier check`'s word on a page of which no point has a total
// throughput: the page plots output throughput per GPU instead, and says so under its chart;
// cost per million tokens and tokens per MW, which divide the total, have none of its points.
func noTotalWarning(ds []*input.Dataset, prefix string) problem.Problem {
	file, _, _ := strings.Cut(ds[0].Path, "#")
	return problem.Problem{File: prefix + file, Warning: true, Msg: fmt.Sprintf("no point of the page %s %s has a total throughput (its runs counted no input tokens, as MLPerf LoadGen does): "+
		"the page plots output throughput per GPU instead, and says so under the chart; total and input throughput, cost per million tokens and tokens per MW are absent for its points, never 0",
		ds[0].Model, ds[0].Sequence)}
}

// noXWarning is `frontier check`'s word on a page of which no point has a median
// interactivity: its runs did not stream (an LLMPerf summary, a GenAI-Perf or trtllm-bench run
// without streaming), so they measured no time per output token. The page is built all the
// same; it opens on the first x axis every point has (median E2E latency, else concurrency;
// site/render's xAxesFor), its note under the chart says why, and it has no part in what
// stands on the default axis alone (the compare and overview pages, the cards' frontier). It
// names the page's first file (a raw dataset's path without its "#date").
func noXWarning(ds []*input.Dataset, prefix string) problem.Problem {
	file, _, _ := strings.Cut(ds[0].Path, "#")
	return problem.Problem{File: prefix + file, Warning: true, Msg: fmt.Sprintf("no point of the page %s %s has a median interactivity (its runs did not stream, or their files give no median time per output token): "+
		"the page opens on the first x axis all its points have (median E2E latency, else concurrency), and says so under the chart; give the median (p50) of TPOT to place its points on the default axis",
		ds[0].Model, ds[0].Sequence)}
}

// comparePoints orders a series' points by x, then y, then id. (cmp.Or would evaluate all
// three comparisons every time; this is the assemble stage's hottest comparison.)
func comparePoints(a, b input.Point) int {
	if c := cmp.Compare(a.X, b.X); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Y, b.Y); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}

// frontierOf is the series' own frontier on its plotted y, higher is better.
func frontierOf(pts []input.Point) []int {
	xs := make([]float64, len(pts))
	ys := make([]float64, len(pts))
	for i, pt := range pts {
		xs[i], ys[i] = pt.X, pt.Y
	}
	return pareto.Frontier(xs, ys, true)
}

// markBest flags each GPU's best series.
func markBest(series []*page.PageSeries) {
	byKey := slices.Clone(series)
	slices.SortFunc(byKey, func(a, b *page.PageSeries) int { return cmp.Compare(a.Key, b.Key) })
	cands := make([]pareto.Candidate, len(byKey))
	for i, s := range byKey {
		c := pareto.Candidate{GPU: s.GPU}
		for _, j := range s.Frontier {
			c.X = append(c.X, s.Points[j].X)
			c.Y = append(c.Y, s.Points[j].Y)
		}
		cands[i] = c
	}
	best := map[string]bool{}
	for _, i := range pareto.BestPerGPU(cands, true) {
		best[byKey[i].Key] = true
	}
	for _, s := range series {
		s.Best = best[s.Key]
	}
}

// checkDatasetFrontierFlags warns where a dataset's frontier flags disagree with the computed frontier.
func checkDatasetFrontierFlags(d *input.Dataset, prefix string) problem.Problems {
	var ps problem.Problems
	for si, s := range d.Series {
		on := make([]bool, len(s.Points)) // frontierOf's indices are into s.Points
		for _, i := range frontierOf(s.Points) {
			on[i] = true
		}
		var extra, missing []string
		for i, pt := range s.Points {
			switch {
			case pt.Frontier && !on[i]:
				extra = append(extra, fmt.Sprint(pt.ID))
			case !pt.Frontier && on[i]:
				missing = append(missing, fmt.Sprint(pt.ID))
			}
		}
		if len(extra) > 0 {
			ps = append(ps, problem.Problem{File: prefix + d.Path, Path: fmt.Sprintf("series[%d]", si), Warning: true,
				Msg: fmt.Sprintf("points flagged frontier but dominated: %s", strings.Join(extra, ", "))})
		}
		if len(missing) > 0 {
			ps = append(ps, problem.Problem{File: prefix + d.Path, Path: fmt.Sprintf("series[%d]", si), Warning: true,
				Msg: fmt.Sprintf("points on the frontier but not flagged: %s", strings.Join(missing, ", "))})
		}
	}
	return ps
}
