package pipeline

import (
	"errors"
	"io/fs"
	"slices"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testsite"

	"github.com/frontier-bench/frontier/site/input"
)

// idFiles is a data folder whose point ids clash: a.json and c.json are two snapshots of one
// page that disagree on point 2, and b.json and d.json are another page that reuses point 1
// (twice, in two snapshots) and point 3.
func idFiles(t *testing.T) fstest.MapFS {
	t.Helper()
	doc := func(model, date string, edits map[string]any) *fstest.MapFile {
		d := testsite.Doc()
		testsite.Edit(t, d, "params.model", model)
		testsite.Edit(t, d, "params.date", date)
		for k, v := range edits {
			testsite.Edit(t, d, k, v)
		}
		return &fstest.MapFile{Data: testsite.Marshal(t, d)}
	}
	return fstest.MapFS{
		"a.json": doc("Model-A", "2026-07-30", nil),
		"c.json": doc("Model-A", "2026-07-31", map[string]any{"series.0.points.1": testsite.Point(2, 21, 800)}),
		"b.json": doc("Model-B", "2026-07-30", map[string]any{"series.0.points.1": testsite.Point(12, 20, 800)}),
		"d.json": doc("Model-B", "2026-07-31", map[string]any{"series.0.points.1": testsite.Point(12, 20, 800)}),
	}
}

// wantIDProblems are idFiles' problems: every repeat on a page that differs from the first in
// path order, and every page's first use of an id that another page used before it.
var wantIDProblems = []string{
	"data/b.json: series[0].points[0].id: point 1 has other values at data/a.json: series[0].points[0]",
	"data/b.json: series[1].points[0].id: point 3 has other values at data/a.json: series[1].points[0]",
	"data/c.json: series[0].points[1].id: point 2 has other values at data/a.json: series[0].points[1]",
}

func TestPointIDsClashWithinAndAcrossPages(t *testing.T) {
	check := func(t *testing.T, err error) {
		t.Helper()
		var ps Problems
		if !errors.As(err, &ps) {
			t.Fatalf("got %v, want problems", err)
		}
		if got := testsite.ProblemLines(ps); !slices.Equal(got, wantIDProblems) {
			t.Errorf("problems:\n%q\nwant\n%q", got, wantIDProblems)
		}
	}
	t.Run("Build", func(t *testing.T) {
		for range 5 { // pages run on all cores: the problems must not depend on which finishes first
			_, _, err := build(t, idFiles(t), DefaultConfig())
			check(t, err)
		}
	})
	t.Run("Builder", func(t *testing.T) {
		var b Builder
		_, err := b.Build(Input{Data: idFiles(t), Config: DefaultConfig(), ECharts: fakeECharts}, &Files{})
		check(t, err)
	})
	t.Run("Assemble", func(t *testing.T) {
		ds, ps := input.Load(idFiles(t), "data/", nil)
		if len(ps) > 0 {
			t.Fatal(ps)
		}
		_, ps = Assemble(ds, "data/")
		ps.Sort()
		check(t, ps)
	})
}

// A file whose params cannot be read belongs to no page: the build reports its problems and
// draws nothing, even though the other pages are fine.
func TestBuildWithAFileWithoutParamsDrawsNothing(t *testing.T) {
	data := seedFS(t)
	doc := testsite.Doc()
	testsite.Edit(t, doc, "params", testsite.Deleted)
	data["x.json"] = &fstest.MapFile{Data: testsite.Marshal(t, doc)}
	files, _, err := build(t, data, DefaultConfig())
	var ps Problems
	if !errors.As(err, &ps) || len(ps) != 1 || ps[0].String() != "data/x.json: params: missing required field" {
		t.Fatalf("got %v, want the missing params", err)
	}
	if files.Len() != 0 {
		t.Errorf("wrote %v", files.Names())
	}
}

// A page with a file that does not decode is not drawn, but its other files are still checked
// together, so one build reports every problem of the page.
func TestBuildChecksTheRestOfAPageWithABrokenFile(t *testing.T) {
	doc := func(edits map[string]any) *fstest.MapFile {
		d := testsite.Doc()
		for k, v := range edits {
			testsite.Edit(t, d, k, v)
		}
		return &fstest.MapFile{Data: testsite.Marshal(t, d)}
	}
	data := fstest.MapFS{
		"a.json": doc(map[string]any{"series.0.points.0.y": "fast"}),
		"b.json": doc(map[string]any{"params.date": "2026-07-30"}),
		"c.json": doc(map[string]any{"params.date": "2026-07-29", "metric.key": "outputTputPerGpu"}),
	}
	files, _, err := build(t, data, DefaultConfig())
	var ps Problems
	if !errors.As(err, &ps) {
		t.Fatalf("got %v, want problems", err)
	}
	want := []string{
		`data/a.json: series[0].points[0].y: want a number, got "fast"`,
		`data/c.json: metric.key: "outputTputPerGpu" differs from "tpPerGpu" in data/b.json, on the same page Model-X/8k/1k: one page plots one metric`,
	}
	if got := testsite.ProblemLines(ps.Errors()); !slices.Equal(got, want) {
		t.Errorf("problems:\n%q\nwant\n%q", got, want)
	}
	if files.Len() != 0 {
		t.Errorf("wrote %v", files.Names())
	}
}

// changingFS serves a file's second version from its second opening on, as a data folder does
// when the author saves during a build.
type changingFS struct {
	fstest.MapFS
	next  fstest.MapFS
	mu    sync.Mutex // the build opens files on all cores
	opens map[string]int
}

func (c *changingFS) Open(name string) (fs.File, error) {
	c.mu.Lock()
	c.opens[name]++
	n := c.opens[name]
	c.mu.Unlock()
	if _, ok := c.next[name]; ok && n > 1 {
		return c.next.Open(name)
	}
	return c.MapFS.Open(name)
}

// A file saved between the build's two reads of it (its params, then all of it) fails the
// build with a problem that says so, rather than landing on the wrong page.
func TestBuildWithAFileChangedDuringTheBuild(t *testing.T) {
	doc := func(model string) []byte {
		d := testsite.Doc()
		testsite.Edit(t, d, "params.model", model)
		return testsite.Marshal(t, d)
	}
	fsys := &changingFS{
		MapFS: fstest.MapFS{"a.json": {Data: doc("Model-A")}, "b.json": {Data: []byte(`{"params": 1}`)}},
		next:  fstest.MapFS{"a.json": {Data: doc("Model-B")}, "b.json": {Data: doc("Model-C")}},
		opens: map[string]int{},
	}
	_, err := Build(Input{Data: fsys, Config: DefaultConfig(), ECharts: fakeECharts}, &Files{})
	var ps Problems
	if !errors.As(err, &ps) {
		t.Fatalf("got %v, want problems", err)
	}
	want := []string{
		`data/a.json: params: the file changed while the build read it (model "Model-A", sequence "8k/1k", then model "Model-B", sequence "8k/1k"): build again`,
		`data/b.json: params: the file changed while the build read it: build again`,
	}
	if got := testsite.ProblemLines(ps); !slices.Equal(got, want) {
		t.Errorf("problems:\n%q\nwant\n%q", got, want)
	}
}
