package pipeline

import (
	"cmp"
	"errors"
	"fmt"
	"github.com/frontier-bench/frontier/site/page"
	"io/fs"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/frontier-bench/frontier/site/api"
	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/output"
	"github.com/frontier-bench/frontier/site/problem"
	"github.com/frontier-bench/frontier/site/render"

	"github.com/frontier-bench/frontier/site/markdown"
)

// Report says what a build did.
type Report struct {
	Datasets int
	Pages    int // chart pages
	Markdown int // markdown pages
	Points   int // points shown on chart pages (newest snapshots)
	Files    int
	Warnings problem.Problems
	Stages   []StageTime
	// Jobs splits the same time another way: what the largest jobs besides the chart pages
	// themselves took, each with the files it writes ("compare", "history", "api", "cards"),
	// estimated as Stages are.
	Jobs    []StageTime
	Elapsed time.Duration
}

// StageTime is how long one build stage took, for `frontier build --stats`: load (reading and
// decoding), assemble, chart (chart options), render (templates and page data) and write
// (files). Pages go through all of them together on all cores, so the times are estimates: the
// time the goroutines spent in a stage divided by their number; render is the rest of the wall
// time.
type StageTime struct {
	Name     string
	Duration time.Duration
}

// StageError is a failure inside a stage that is not the author's data: a template that does
// not parse, a disk that is full. Data problems are returned as Problems instead.
type StageError struct {
	Stage string
	Err   error
}

func (e *StageError) Error() string { return e.Stage + ": " + e.Err.Error() }
func (e *StageError) Unwrap() error { return e.Err }

// Build builds the site into out. It reads every data file's params first, then takes one
// page at a time through decode, check, assemble and draw on all cores (pipeline.go), so its
// memory is about the pages in flight and the newest snapshot of each page, not the input.
//
// Every data problem is found and returned, as Problems, in one build; warnings ride along in
// the Report. A build with problems may have written some chart pages before it found them, so a
// caller that must not publish a broken site writes through a DirWriter and aborts it then.
func Build(in config.Input, out output.Writer) (*Report, error) { return buildWith(in, out, oneOff{}) }

// A mode is what tells a one-off build from the preview's incremental one: where the pages'
// datasets come from and what a build may take over from the one before. oneOff streams and
// keeps nothing; *Builder (incremental.go) keeps datasets, assembled pages and drawn chart pages.
type mode interface {
	// sources lists the data files in path order, with their pages (sources.go).
	sources(fsys fs.FS, prefix string, opt *input.RawOptions) (srcs, orphans []*source, ps problem.Problems)
	// assembler assembles the pages and checks frontier flags.
	assembler(prefix string) assembler
	// pageReuse is the chart pages the build may copy rather than draw; nil: draw them all.
	pageReuse(r *render.Renderer) *render.Reuse
	// streams says whether a drawn page's older snapshots may be dropped at once, which only
	// a build that keeps nothing for the next may do.
	streams() bool
}

// An assembler turns a page's datasets into its Page and checks each dataset's frontier flags.
type assembler interface {
	page(ds []*input.Dataset, prefix string) (*page.Page, problem.Problems)
	flags(d *input.Dataset, prefix string) problem.Problems
	done()
}

// oneOff is the mode of Build: the data read once, streamed page by page, nothing kept.
type oneOff struct{}

func (oneOff) assembler(string) assembler               { return oneOff{} }
func (oneOff) pageReuse(*render.Renderer) *render.Reuse { return nil }
func (oneOff) streams() bool                            { return true }
func (oneOff) page(ds []*input.Dataset, prefix string) (*page.Page, problem.Problems) {
	return assemblePage(ds, prefix)
}
func (oneOff) flags(d *input.Dataset, prefix string) problem.Problems {
	if d.Raw {
		return nil // raw points claim no frontier flags: there are none to disagree with
	}
	return checkDatasetFrontierFlags(d, prefix)
}
func (oneOff) done() {}

// buildWith is Build in mode b: a one-off build, or the preview server's Builder reusing what
// it kept from its previous build (incremental.go).
func buildWith(in config.Input, out output.Writer, b mode) (*Report, error) {
	start := time.Now()
	rep := &Report{}
	prefix := in.DataPrefix
	if prefix == "" {
		prefix = "data/"
	}
	var problems problem.Problems

	t0 := time.Now()
	// The markdown pages and the author's static files are read (each a walk of the data
	// folder) while the data files are listed: nothing needs them before the pages are grouped.
	var (
		mds        []*markdown.MarkdownPage
		statics    []input.StaticFile
		mdProblems problem.Problems
		stProblems problem.Problems
	)
	authored := make(chan struct{})
	go func() {
		defer close(authored)
		mds, mdProblems = markdown.LoadMarkdown(in.Data, prefix, in.Config.BasePath(), render.ReservedIDs())
		statics, stProblems = input.LoadStatic(in.Data, prefix)
	}()
	changes, ps := input.LoadChangelog(in.Data, prefix)
	problems = append(problems, ps...)
	opt := in.Config.RawOptions()
	srcs, orphans, ps := b.sources(in.Data, prefix, opt)
	problems = append(problems, ps...)
	srcs, evalSrcs := splitEvals(srcs)
	evals, ps := loadEvals(in.Data, prefix, opt, evalSrcs)
	problems = append(problems, ps...)
	pages, groups, ps := groupPages(srcs, prefix)
	problems = append(problems, ps...)
	<-authored
	problems = append(problems, mdProblems...)
	problems = append(problems, stProblems...)
	problems = append(problems, render.AttachNotes(pages, mds)...)
	cfgFile := cmp.Or(in.ConfigFile, "frontier.toml")
	// The settings' warnings (a price tier some GPUs lack) are the build's to report, beside
	// the data's: whoever parsed frontier.toml refuses only its errors (docs/frontier-toml.md).
	problems = append(problems, in.Config.Validate(cfgFile).Warnings()...)
	presets, ps := presetsByPage(in.Config, cfgFile, pages)
	problems = append(problems, ps...)
	problems = append(problems, render.LanguageClashes(cfgFile, in.Config.Langs(), pages, mds)...)
	problems = append(problems, checkStatic(statics, pages, mds, prefix)...)
	head := time.Since(t0)

	pl := &pipeline{fsys: in.Data, prefix: prefix, opt: opt, pages: pages, groups: groups, srcs: srcs,
		cache: b.assembler(prefix), blocks: render.ChartBlocks(mds), presets: presets, stream: b.streams(),
		acc: newSiteAccuracy(evals, in.Config.AccuracyNotes(), in.Config.Gate(), len(pages))}
	counter := &countingWriter{w: out}
	r, rerr := render.New(in, pages, mds, len(srcs), statics, changes)
	var tps problem.Problems
	if errors.As(rerr, &tps) {
		// Broken templates are the author's problems like broken data: reported together.
		problems = append(problems, tps...)
	}
	if rerr == nil {
		problems = append(problems, r.Warnings()...)
		b.pageReuse(r)
		counter.nanos = r.WriteNanos()
		pl.r, pl.w, pl.api = r, counter, api.New(in.Config, len(pages))
	}
	if len(problems.Errors()) > 0 {
		pl.failed.Store(true)
	}
	t0 = time.Now()
	ps, err := pl.run(orphans)
	pl.cache.done()
	problems = append(problems, ps...)
	wall := time.Since(t0)

	problems = input.FoldLacking(problems) // a folder that lacks the same context is said once
	problems.Sort()
	rep.Warnings = problems.Warnings()
	if errs := problems.Errors(); len(errs) > 0 {
		return rep, errs
	}
	if rerr != nil {
		return rep, &StageError{"render", rerr}
	}
	if err != nil {
		var tps problem.Problems
		if errors.As(err, &tps) {
			return rep, tps
		}
		return rep, &StageError{"render", err}
	}
	rep.Datasets = countFiles(srcs)
	rep.Pages = len(pages)
	for _, m := range mds {
		if !m.IsNotes() {
			rep.Markdown++
		}
	}
	for _, p := range pages {
		for _, s := range p.Snapshots[0].Series {
			rep.Points += len(s.Points)
		}
	}

	// Each model's accuracy page, of the evals the pages' joins matched (known once every page
	// is joined): set before the site's pages are drawn.
	matched, low := pl.acc.matched()
	r.SetAccuracy(render.AccuracyModels(matched, low, pl.acc.notes, in.Config.TaskLabel))
	t1 := time.Now()
	if err := r.Render(counter); err != nil {
		var tps problem.Problems
		if errors.As(err, &tps) {
			return rep, tps
		}
		return rep, &StageError{"render", err}
	}
	t2 := time.Now()
	if err := pl.api.Evaluations(counter, pl.acc.evals, pl.acc.points()); err != nil {
		return rep, &StageError{"render", fmt.Errorf("api: %w", err)}
	}
	if err := pl.api.Site(counter); err != nil {
		return rep, &StageError{"render", fmt.Errorf("api: %w", err)}
	}
	apiSite := time.Since(t2) // on one goroutine, after the pages
	rep.Files = counter.n

	// Stage times: load and assemble are what the goroutines spent in them, as a share of the
	// pipeline's wall time; chart and write likewise, from inside drawing; render is the rest.
	decode, assemble := pl.stageTime(stLoad), pl.stageTime(stAssemble)
	workers := time.Duration(max(1, min(runtime.GOMAXPROCS(0), len(pages))))
	chart := time.Duration(r.ChartNanos()) / workers
	write := time.Duration(counter.nanos.Load()) / workers
	jobs := r.Jobs()
	rep.Jobs = []StageTime{
		{"compare", time.Duration(jobs[render.JobCompare]) / workers},
		{"history", time.Duration(jobs[render.JobHistory]) / workers},
		{"api", pl.stageTime(stAPI) + apiSite},
		{"cards", time.Duration(jobs[render.JobCards]) / workers},
	}
	render := max(0, wall+time.Since(t1)-decode-assemble-chart-write)
	rep.Stages = []StageTime{{"load", head + decode}, {"assemble", assemble}, {"chart", chart}, {"render", render}, {"write", write}}
	rep.Elapsed = time.Since(start)
	return rep, nil
}

// countingWriter counts files as they pass, and the time spent writing them.
type countingWriter struct {
	mu    sync.Mutex
	w     output.Writer
	n     int
	nanos *atomic.Int64
}

func (c *countingWriter) WriteFile(name string, data []byte) error {
	return c.write(name, data, c.w.WriteFile)
}

func (c *countingWriter) ShareFile(name string, data []byte) error {
	return c.write(name, data, func(name string, data []byte) error { return render.ShareFile(c.w, name, data) })
}

func (c *countingWriter) write(name string, data []byte, write func(string, []byte) error) error {
	t0 := time.Now()
	err := write(name, data)
	c.nanos.Add(int64(time.Since(t0)))
	if err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
	return nil
}
