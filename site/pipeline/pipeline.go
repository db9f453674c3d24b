package pipeline

import (
	"cmp"
	"fmt"
	"github.com/frontier-bench/frontier/site/page"
	"io/fs"
	"runtime"
	"slices"
	"sync/atomic"
	"time"

	"github.com/frontier-bench/frontier/site/api"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/problem"
	"github.com/frontier-bench/frontier/site/render"

	"github.com/frontier-bench/frontier/site/markdown"

	"github.com/frontier-bench/frontier/site/output"
)

// The page pipeline: a build groups the data files into pages by their params, then runs each
// page through decode, check, assemble and draw on all cores, one page per goroutine at a time.
//
// A one-off build has only read each file's params at that point (input.ReadHead), so a page decodes
// its own files, and once drawn it keeps only its newest snapshot (for the home page) and lets
// go of its datasets and history: memory holds the pages in flight, not every decoded file.
// A Builder (the preview server) has decoded every file already, keeps them for its next build,
// and keeps whole pages too; for it the pipeline is the same minus the decoding.

// source is one data file on its way to its page.
type source struct {
	file input.File
	input.Head
	ds   *input.Dataset // decoded already (a Builder's build); nil: the page decodes it
	page int            // index of its page
	idx  int            // position in path order among the sources
	// quiet is set on every source of a raw file but its first page's: the file's own problems
	// are reported once.
	quiet bool
}

// pipeline is one run of the pages of a build, or of Assemble.
type pipeline struct {
	fsys    fs.FS // where a source without a dataset is decoded from
	prefix  string
	opt     *input.RawOptions // what the config tells the raw formats
	pages   []*page.Page      // stubs (model, sequence, path, notes) until assembled, in site order
	groups  [][]*source       // the sources of each page, in path order
	srcs    []*source         // every source, in path order
	cache   assembler
	blocks  map[string][]markdown.ChartRef // markdown chart blocks, by the path of the page they show
	presets map[string][]preset            // frontier.toml's [[presets]], by the path of the page they show

	// r draws each page once assembled, into w; nil to assemble only. stream drops what a drawn
	// page no longer needs (history snapshots, datasets).
	r      *render.Renderer
	w      output.Writer
	stream bool
	api    *api.Writer   // the static API's files of each page drawn (package api)
	acc    *siteAccuracy // the site's evals and notes, joined to each page's points (accuracy.go)

	failed atomic.Bool     // an error is known: pages still get checked, but are no longer drawn
	nanos  [3]atomic.Int64 // time spent per stage or job, added over goroutines: stLoad...
}

// Stages the pipeline times, per goroutine (see StageTime). Drawing is timed by the renderer,
// which splits it into chart, render and write.
const (
	stLoad = iota
	stAssemble
	stAPI // a job rather than a stage: the static API's files (Report.Jobs)
)

// groupPages sorts sources into pages, in site order, and checks that no two models or
// sequences take one path.
func groupPages(srcs []*source, prefix string) ([]*page.Page, [][]*source, problem.Problems) {
	var ps problem.Problems
	byKey := map[pageKey]int{}
	var keys []pageKey
	var groups [][]*source
	modelSlugs := map[string]*source{} // slug -> first source naming a model with that slug
	seqSlugs := map[string]*source{}   // model slug + "/" + sequence slug -> first source
	for _, s := range srcs {
		k := pageKey{s.Model, s.Sequence}
		i, ok := byKey[k]
		if !ok {
			i = len(keys)
			byKey[k] = i
			keys = append(keys, k)
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], s)

		ms := output.Slug(s.Model)
		if o, ok := modelSlugs[ms]; ok && o.Model != s.Model {
			ps = append(ps, problem.Problem{File: prefix + s.file.Path, Path: "params.model",
				Msg: fmt.Sprintf("model %q and model %q of %s both become the path %s/: rename one", s.Model, o.Model, prefix+o.file.Path, ms)})
		} else if !ok {
			modelSlugs[ms] = s
			if render.Reserved(ms) {
				ps = append(ps, problem.Problem{File: prefix + s.file.Path, Path: "params.model",
					Msg: fmt.Sprintf("model %q becomes the path %s/, which the site uses itself: rename it", s.Model, ms)})
			}
		}
		ss := ms + "/" + output.Slug(s.Sequence)
		if o, ok := seqSlugs[ss]; ok && o.Sequence != s.Sequence && o.Model == s.Model {
			ps = append(ps, problem.Problem{File: prefix + s.file.Path, Path: "params.sequence",
				Msg: fmt.Sprintf("sequence %q and sequence %q of %s both become the path %s/: rename one", s.Sequence, o.Sequence, prefix+o.file.Path, ss)})
		} else if !ok {
			seqSlugs[ss] = s
		}
	}
	order := make([]int, len(keys))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(i, j int) int {
		a, b := keys[i], keys[j]
		return cmp.Or(cmp.Compare(output.Slug(a.model), output.Slug(b.model)), cmp.Compare(a.model, b.model),
			compareSequence(a.sequence, b.sequence))
	})
	pages := make([]*page.Page, len(keys))
	sorted := make([][]*source, len(keys))
	for n, i := range order {
		k := keys[i]
		pages[n] = &page.Page{Model: k.model, Sequence: k.sequence, Path: output.Slug(k.model) + "/" + output.Slug(k.sequence) + "/"}
		sorted[n] = groups[i]
		for _, s := range groups[i] {
			s.page = n
		}
	}
	return pages, sorted, ps
}

// run takes every page through the pipeline on all cores, and orphans (files whose params could
// not be read, decoded only for their problems) alongside. It returns every problem found, and
// the first page's drawing error (a template that fails, a disk that is full).
func (pl *pipeline) run(orphans []*source) (problem.Problems, error) {
	if len(orphans) > 0 {
		pl.failed.Store(true) // a file without params fails the build: draw nothing
	}
	pageProblems := make([]problem.Problems, len(pl.pages))
	orphanProblems := make([]problem.Problems, len(orphans))
	renderErrs := make([]error, len(pl.pages))
	input.ForEachBuf(len(pl.pages)+len(orphans), func(i int, buf []byte) []byte {
		if i >= len(pl.pages) {
			t0 := time.Now()
			o := orphans[i-len(pl.pages)]
			var ds *input.Dataset
			var ps problem.Problems
			ds, ps, buf = input.DecodeFile(pl.fsys, o.file, pl.prefix, buf, pl.opt)
			if ds != nil && (ds.RawFile == nil || len(ds.RawFile.Pages) > 0) { // scanHead reads params as LoadDataset does: the file changed since
				ps = append(ps, problem.Problem{File: pl.prefix + o.file.Path, Path: "params", Msg: "the file changed while the build read it: build again"})
			}
			orphanProblems[i-len(pl.pages)] = ps
			pl.nanos[stLoad].Add(int64(time.Since(t0)))
			return buf
		}
		pageProblems[i], buf, renderErrs[i] = pl.page(i, buf)
		return buf
	})
	var ps problem.Problems
	for _, pps := range pageProblems {
		ps = append(ps, pps...)
	}
	for _, ops := range orphanProblems {
		ps = append(ps, ops...)
	}
	if len(ps.Errors()) == 0 {
		ps = append(ps, pl.acc.unmatched()...)
	}
	// A Builder's pages that give the very ids of its last build, which had no clashes, have
	// none now either: the check is skipped on a save that changed no point id.
	kept, keeps := pl.cache.(idKeeper)
	var clashes problem.Problems
	if !keeps || !kept.sameIDs(pl.pages) {
		clashes = pl.idClashes()
		ps = append(ps, clashes...)
	}
	if keeps && len(clashes) == 0 {
		kept.keepIDs(pl.pages)
	}
	for _, err := range renderErrs {
		if err != nil {
			return ps, err
		}
	}
	return ps, nil
}

// page takes page i through decode, check, assemble and draw.
func (pl *pipeline) page(i int, buf []byte) (problem.Problems, []byte, error) {
	stub := pl.pages[i]
	var ps problem.Problems
	t0 := time.Now()
	ds := make([]*input.Dataset, 0, len(pl.groups[i]))
	// Raw files: their rows for this page are copied out as each is decoded (the file is then
	// let go: a year of a page's daily files is tens of MiB decoded), and become datasets below.
	rows := input.NewPageRows(input.PageKey{Model: stub.Model, Sequence: stub.Sequence})
	var rawPaths []string
	complete := true
	for _, s := range pl.groups[i] {
		d := s.ds
		if d == nil {
			var dps problem.Problems
			d, dps, buf = input.DecodeFile(pl.fsys, s.file, pl.prefix, buf, pl.opt)
			if !s.quiet {
				ps = append(ps, dps...)
			}
			if d != nil && s.Raw && (d.RawFile == nil || !slices.Contains(d.RawFile.Pages, input.PageKey{Model: s.Model, Sequence: s.Sequence})) {
				ps = append(ps, problem.Problem{File: pl.prefix + s.file.Path,
					Msg: "the file changed while the build read it: build again"})
				d = nil
			} else if d != nil && !s.Raw && (d.Model != s.Model || d.Sequence != s.Sequence) { // changed since scanHead read it
				ps = append(ps, problem.Problem{File: pl.prefix + s.file.Path, Path: "params",
					Msg: fmt.Sprintf("the file changed while the build read it (model %q, sequence %q, then model %q, sequence %q): build again",
						s.Model, s.Sequence, d.Model, d.Sequence)})
				d = nil
			}
			if d == nil {
				complete = false
				continue
			}
		}
		if d.RawFile != nil {
			rows.Add(d)
			rawPaths = append(rawPaths, d.Path)
			continue
		}
		ds = append(ds, d)
	}
	if len(rawPaths) > 0 && complete {
		// Undated raw rows show from the page's first snapshot on, whichever format gave it.
		floor := ""
		for _, d := range ds {
			if floor == "" || d.Date < floor {
				floor = d.Date
			}
		}
		rds, rps := rows.Datasets(pl.opt, floor)
		ps = append(ps, rps...)
		if rds == nil {
			complete = false
		}
		ds = append(ds, rds...)
	}
	pl.nanos[stLoad].Add(int64(time.Since(t0)))
	if !complete {
		// The page cannot be drawn, but what did decode is still checked, so that one build
		// reports every problem.
		pl.failed.Store(true)
		if len(ds) == 0 {
			return ps, buf, nil
		}
	}

	t0 = time.Now()
	for _, d := range ds {
		ps = append(ps, pl.cache.flags(d, pl.prefix)...)
	}
	p, aps := pl.cache.page(ds, pl.prefix)
	ps = append(ps, aps...)
	p.Notes = stub.Notes
	if len(rawPaths) > 0 {
		// A raw page's sources are its files, not the snapshot datasets made of their rows
		// ("x.json#2026-01-02"): the page lists them, and the Builder redraws the page when
		// one of them changes.
		srcs := make([]string, 0, len(p.Sources)+len(rawPaths))
		for _, d := range ds {
			if !d.Raw {
				srcs = append(srcs, d.Path)
			}
		}
		srcs = append(srcs, rawPaths...)
		slices.Sort(srcs)
		p.Sources = slices.Compact(srcs)
	}
	pl.acc.join(i, p)
	pl.pages[i] = p
	for _, c := range pl.blocks[p.Path] {
		for _, msg := range render.CheckView(p, c.View) {
			ps = append(ps, problem.Problem{File: c.File, Line: c.Line, Msg: "chart block: " + msg})
		}
	}
	for _, pr := range pl.presets[p.Path] {
		ps = append(ps, checkPreset(pr, p)...)
	}
	pl.nanos[stAssemble].Add(int64(time.Since(t0)))
	if len(ps.Errors()) > 0 {
		pl.failed.Store(true)
	}

	var err error
	if pl.r != nil && !pl.failed.Load() {
		if err = pl.r.Chart(pl.w, p); err == nil {
			t0 := time.Now()
			err = pl.api.Page(pl.w, i, p)
			pl.nanos[stAPI].Add(int64(time.Since(t0)))
		}
		if err != nil {
			err = fmt.Errorf("%s: %w", p.Path, err)
		}
	}
	if pl.r != nil {
		pl.r.KeepHeadlines(p)
	}
	if pl.stream {
		for _, snap := range p.Snapshots[1:] {
			snap.Series = nil // written into the history rows already; the home page shows the newest
		}
		// The home page reads x and y of the newest snapshot; a raw point's detail (every
		// metric, ~700 bytes a point) is drawn already, and kept it would hold every row of
		// a big site at once.
		for _, s := range p.Snapshots[0].Series {
			for i := range s.Points {
				s.Points[i].Raw = nil
			}
		}
	}
	return ps, buf, err
}

// stageTime turns the time goroutines spent in a stage into a share of the wall time (see StageTime).
func (pl *pipeline) stageTime(stage int) time.Duration {
	workers := max(1, min(runtime.GOMAXPROCS(0), len(pl.pages)))
	return time.Duration(pl.nanos[stage].Load()) / time.Duration(workers)
}
