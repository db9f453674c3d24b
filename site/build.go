package site

import (
	"errors"
	"fmt"
	"io/fs"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Input is everything a build reads. The build itself does no I/O beyond these file systems,
// so tests hand it an fstest.MapFS and the preview server an os.DirFS.
type Input struct {
	Data      fs.FS  // the data/ folder: *.json datasets and *.md pages
	Templates fs.FS  // the site's own templates/ folder, overriding the embedded files by name; nil for none
	ECharts   []byte // the ECharts script, copied into the bundle under a content-hashed name
	Config    Config
	// Dev marks a preview build: pages load the live-reload script. Never set for deployable output.
	Dev bool
	// DataPrefix is how problems name the data folder, "data/" by default.
	DataPrefix string
}

// Writer receives the built site, one file at a time. name is a slash path below the site
// root ("deepseek-v4-pro/8k-1k/index.html"). Build calls WriteFile from several goroutines,
// and may reuse data once WriteFile returns: a Writer that keeps it must copy it.
type Writer interface {
	WriteFile(name string, data []byte) error
}

// Files is a Writer that keeps the site in memory, for the preview server and tests.
type Files struct {
	mu sync.Mutex
	m  map[string][]byte
}

// WriteFile stores a copy of data under name.
func (f *Files) WriteFile(name string, data []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.m == nil {
		f.m = map[string][]byte{}
	}
	f.m[name] = slices.Clone(data)
	return nil
}

// Get returns the file at name.
func (f *Files) Get(name string) ([]byte, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	b, ok := f.m[name]
	return b, ok
}

// Names lists every file, sorted.
func (f *Files) Names() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return sortedKeys(f.m)
}

// Len is the number of files.
func (f *Files) Len() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.m)
}

// Report says what a build did.
type Report struct {
	Datasets int
	Pages    int // chart pages
	Markdown int // markdown pages
	Points   int // points shown on chart pages (newest snapshots)
	Files    int
	Warnings Problems
	Stages   []StageTime
	Elapsed  time.Duration
}

// StageTime is how long one build stage took, for `frontier build --stats`: load, assemble,
// chart (chart options), render (templates and page data) and write (files). Chart pages are
// charted, rendered and written together on all cores, so chart and write are estimates: the
// time every goroutine spent in them, divided by the number of goroutines; render is the
// rest of that stage's wall time.
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

// Build runs the stages in order: load, assemble, render (charts and templates), write.
// Every data problem is collected before anything is written, so a build with problems writes
// nothing and returns them all as Problems; warnings ride along in the Report.
func Build(in Input, out Writer) (*Report, error) { return buildWith(in, out, nil) }

// buildWith is Build, reusing what the preview server's Builder kept from its previous build
// (b is nil for a one-off build; see incremental.go).
func buildWith(in Input, out Writer, b *Builder) (*Report, error) {
	start := time.Now()
	rep := &Report{}
	stage := func(name string, t0 time.Time) {
		rep.Stages = append(rep.Stages, StageTime{name, time.Since(t0)})
	}
	prefix := in.DataPrefix
	if prefix == "" {
		prefix = "data/"
	}
	var problems Problems

	t0 := time.Now()
	datasets, ps := b.load(in.Data, prefix)
	problems = append(problems, ps...)
	mds, ps := LoadMarkdown(in.Data, prefix, in.Config.BasePath())
	problems = append(problems, ps...)
	statics, ps := loadStatic(in.Data, prefix)
	problems = append(problems, ps...)
	stage("load", t0)

	t0 = time.Now()
	// Hold only the count from here on: the pages copy what they show, so a dataset can be
	// freed as soon as its page is assembled (a one-off build's memory is then about the pages,
	// not the pages plus every decoded file).
	ndatasets := len(datasets)
	pages, ps := assemble(datasets, prefix, b.newAssembleCache(prefix))
	problems = append(problems, ps...)
	problems = append(problems, attachMarkdown(pages, mds, prefix)...)
	problems = append(problems, checkStatic(statics, pages, mds, prefix)...)
	stage("assemble", t0)

	problems.Sort()
	rep.Warnings = problems.Warnings()
	if errs := problems.Errors(); len(errs) > 0 {
		return rep, errs
	}
	rep.Datasets = ndatasets
	rep.Pages = len(pages)
	for _, m := range mds {
		if !m.isNotes() {
			rep.Markdown++
		}
	}
	for _, p := range pages {
		for _, s := range p.Snapshots[0].Series {
			rep.Points += len(s.Points)
		}
	}

	t0 = time.Now()
	r, err := newRenderer(in, pages, mds, ndatasets)
	if err != nil {
		return rep, &StageError{"render", err}
	}
	r.statics = statics
	r.reuse = b.pageReuse(r)
	counter := &countingWriter{w: out, nanos: &r.writeNanos}
	if err := r.render(counter); err != nil {
		var tps Problems
		if errors.As(err, &tps) {
			return rep, tps
		}
		return rep, &StageError{"render", err}
	}
	rep.Files = counter.n
	wall := time.Since(t0)
	workers := time.Duration(max(1, min(runtime.GOMAXPROCS(0), len(pages))))
	chart := min(time.Duration(r.chartNanos.Load())/workers, wall)
	write := min(time.Duration(r.writeNanos.Load())/workers, wall-chart)
	rep.Stages = append(rep.Stages, StageTime{"chart", chart}, StageTime{"render", wall - chart - write}, StageTime{"write", write})
	rep.Elapsed = time.Since(start)
	return rep, nil
}

// countingWriter counts files as they pass, and the time spent writing them.
type countingWriter struct {
	mu    sync.Mutex
	w     Writer
	n     int
	nanos *atomic.Int64
}

func (c *countingWriter) WriteFile(name string, data []byte) error {
	t0 := time.Now()
	err := c.w.WriteFile(name, data)
	c.nanos.Add(int64(time.Since(t0)))
	if err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
	return nil
}
