package input

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/problem"
)

// ---- Load: the folder walk ----

func TestLoadWalksFoldersInPathOrder(t *testing.T) {
	valid := testsite.Marshal(t, testsite.Doc())
	other := testsite.Doc()
	testsite.Edit(t, other, "params.model", "Model-Y")
	fsys := fstest.MapFS{
		"b.json":              {Data: valid},
		"a/deep/nested.json":  {Data: testsite.Marshal(t, other)},
		"a.json":              {Data: valid},
		"a/broken.json":       {Data: []byte("{")},
		"notes.md":            {Data: []byte("# not data")},
		"a/readme.txt":        {Data: []byte("{")},
		"a/data.json.bak":     {Data: []byte("{")},
		".hidden.json":        {Data: []byte("{")},
		".git/config.json":    {Data: []byte("{")},
		"_drafts/draft.json":  {Data: []byte("{")},
		"a/_parked.json":      {Data: []byte("{")},
		"x.json/inside.json":  {Data: valid}, // a folder named like a file is still walked
		"images/chart.png":    {Data: []byte{0x89}},
		"a/deep/empty/.keep":  {Data: nil},
		"a/deep/nested.jsonl": {Data: []byte("{")},
	}
	ds, ps := Load(fsys, "data/", nil)
	var paths []string
	for _, d := range ds {
		paths = append(paths, d.Path)
	}
	if want := []string{"a.json", "a/deep/nested.json", "b.json", "x.json/inside.json"}; !slices.Equal(paths, want) {
		t.Errorf("datasets = %q, want %q", paths, want)
	}
	if ds[1].Model != "Model-Y" {
		t.Errorf("a/deep/nested.json model = %q, want Model-Y", ds[1].Model)
	}
	if got, want := testsite.ProblemLines(ps), []string{"data/a/broken.json:1:2: unexpected end of JSON input",
		"data/a/deep/nested.jsonl:1:2: unexpected end of JSON input"}; !slices.Equal(got, want) {
		t.Errorf("problems = %q, want %q", got, want)
	}
}

func TestLoadEmptyFolder(t *testing.T) {
	ds, ps := Load(fstest.MapFS{}, "data/", nil)
	if len(ds) != 0 || len(ps) != 0 {
		t.Errorf("got %d datasets and problems %v, want none", len(ds), ps)
	}
}

func TestLoadMissingFolder(t *testing.T) {
	_, ps := Load(os.DirFS(filepath.Join(t.TempDir(), "nope")), "data/", nil)
	if got, want := testsite.ProblemLines(ps), []string{"data: cannot read: no such file or directory"}; !slices.Equal(got, want) {
		t.Errorf("problems = %q, want %q", got, want)
	}
}

// statFS wraps a MapFS to fake what is hard to make for real: a huge file, a failing read.
type statFS struct {
	fstest.MapFS
	size    map[string]int64 // fake sizes
	readErr map[string]error
	openErr map[string]error
}

func (f statFS) Open(name string) (fs.File, error) {
	if err := f.openErr[name]; err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	file, err := f.MapFS.Open(name)
	if err != nil {
		return nil, err
	}
	return fakeFile{File: file, size: f.size[name], readErr: f.readErr[name]}, nil
}

type fakeFile struct {
	fs.File
	size    int64
	readErr error
}

func (f fakeFile) Stat() (fs.FileInfo, error) {
	fi, err := f.File.Stat()
	if err != nil || f.size == 0 {
		return fi, err
	}
	return sizedInfo{fi, f.size}, nil
}

func (f fakeFile) Read(b []byte) (int, error) {
	if f.size > maxFileSize {
		panic("read an oversize file") // Load must stop at Stat
	}
	if f.readErr != nil {
		return 0, f.readErr
	}
	return f.File.Read(b)
}

type sizedInfo struct {
	fs.FileInfo
	size int64
}

func (i sizedInfo) Size() int64 { return i.size }

func TestLoadRefusesOversizeFiles(t *testing.T) {
	fsys := statFS{
		MapFS: fstest.MapFS{"huge.json": {Data: []byte("{}")}, "ok.json": {Data: testsite.Marshal(t, testsite.Doc())}},
		size:  map[string]int64{"huge.json": 300 << 20},
	}
	ds, ps := Load(fsys, "data/", nil)
	if got, want := testsite.ProblemLines(ps), []string{"data/huge.json: file is 300.0 MiB, over the 256 MiB limit"}; !slices.Equal(got, want) {
		t.Errorf("problems = %q, want %q", got, want)
	}
	if len(ds) != 1 || ds[0].Path != "ok.json" {
		t.Errorf("datasets = %v, want ok.json only", ds)
	}
}

func TestLoadReportsUnreadableFiles(t *testing.T) {
	fsys := statFS{
		MapFS: fstest.MapFS{
			"bad-read.json": {Data: []byte("{}")},
			"bad-open.json": {Data: []byte("{}")},
			"ok.json":       {Data: testsite.Marshal(t, testsite.Doc())},
		},
		readErr: map[string]error{"bad-read.json": errors.New("input/output error")},
		openErr: map[string]error{"bad-open.json": fs.ErrPermission},
	}
	ds, ps := Load(fsys, "data/", nil)
	want := []string{
		"data/bad-open.json: cannot read: permission denied",
		"data/bad-read.json: cannot read: input/output error",
	}
	if got := testsite.ProblemLines(ps); !slices.Equal(got, want) {
		t.Errorf("problems = %q, want %q", got, want)
	}
	if len(ds) != 1 {
		t.Errorf("got %d datasets, want 1", len(ds))
	}
}

func TestLoadReportsSymlinkLoops(t *testing.T) {
	dir := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.WriteFile(filepath.Join(dir, "ok.json"), testsite.Marshal(t, testsite.Doc()), 0o644))
	must(os.Symlink("ok.json", filepath.Join(dir, "alias.json")))
	must(os.Symlink("loop-b.json", filepath.Join(dir, "loop-a.json")))
	must(os.Symlink("loop-a.json", filepath.Join(dir, "loop-b.json")))
	must(os.Symlink("self.json", filepath.Join(dir, "self.json")))
	must(os.Symlink("missing.json", filepath.Join(dir, "dangling.json")))
	must(os.Mkdir(filepath.Join(dir, "sub"), 0o755))
	must(os.Symlink("..", filepath.Join(dir, "sub", "up"))) // a folder loop
	must(os.Symlink(".", filepath.Join(dir, "here.json")))  // a folder named like a file

	ds, ps := Load(os.DirFS(dir), "data/", nil)
	want := []string{
		"data/dangling.json: cannot read: no such file or directory",
		"data/here.json: not a regular file",
		"data/loop-a.json: cannot read: too many levels of symbolic links",
		"data/loop-b.json: cannot read: too many levels of symbolic links",
		"data/self.json: cannot read: too many levels of symbolic links",
		"data/sub/up: warning: symbolic link to a folder is not followed; its files are not loaded",
	}
	if got := testsite.ProblemLines(ps); !slices.Equal(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var paths []string
	for _, d := range ds {
		paths = append(paths, d.Path)
	}
	if want := []string{"alias.json", "ok.json"}; !slices.Equal(paths, want) {
		t.Errorf("datasets = %q, want %q", paths, want)
	}
}

func TestLoadProblemOrderIsDeterministic(t *testing.T) {
	fsys := fstest.MapFS{}
	for i := range 40 {
		doc := testsite.Doc()
		testsite.Edit(t, doc, "series.0.points.0.y", "fast")
		testsite.Edit(t, doc, "series.1.hwKey", fmt.Sprintf("gpu%d", i))
		testsite.Edit(t, doc, "params.model", i)
		fsys[fmt.Sprintf("d%d/f%02d.json", i%3, i)] = &fstest.MapFile{Data: testsite.Marshal(t, doc)}
	}
	_, first := Load(fsys, "data/", nil)
	if len(first) != 120 {
		t.Fatalf("got %d problems, want 120", len(first))
	}
	for range 5 {
		if _, again := Load(fsys, "data/", nil); !slices.Equal(again, first) {
			t.Fatalf("problem order changed between runs:\n%v\nthen\n%v", first, again)
		}
	}
	if !slices.IsSortedFunc(first, func(a, b problem.Problem) int { return strings.Compare(a.File, b.File) }) {
		t.Error("problems are not in file order")
	}
}

func TestLoadUsesBoundedWorkers(t *testing.T) {
	// Many files, few cores: every file is decoded once and results keep path order.
	fsys := fstest.MapFS{}
	valid := testsite.Marshal(t, testsite.Doc())
	for i := range 3 * runtime.GOMAXPROCS(0) {
		fsys[fmt.Sprintf("f%03d.json", i)] = &fstest.MapFile{Data: valid}
	}
	ds, ps := Load(fsys, "", nil)
	if len(ps) > 0 || len(ds) != len(fsys) {
		t.Fatalf("got %d datasets and %v", len(ds), ps)
	}
	if !slices.IsSortedFunc(ds, func(a, b *Dataset) int { return strings.Compare(a.Path, b.Path) }) {
		t.Error("datasets are not in path order")
	}
}

// loadBenchFiles is 200 copies of the seed in ten folders, in memory, for the load benchmarks;
// it sets the bytes per operation to theirs.
func loadBenchFiles(b *testing.B) fstest.MapFS {
	data := testsite.SeedJSON(b)
	fsys := fstest.MapFS{}
	for i := range 200 {
		fsys[fmt.Sprintf("m%d/f%03d.json", i%10, i)] = &fstest.MapFile{Data: data}
	}
	b.SetBytes(int64(200 * len(data)))
	return fsys
}

// BenchmarkLoad loads 200 seed-sized files through the worker pool, from memory.
// ---- Benchmarks ----

func BenchmarkLoad(b *testing.B) {
	fsys := loadBenchFiles(b)
	b.ReportAllocs()
	for b.Loop() {
		if ds, ps := Load(fsys, "data/", nil); len(ds) != 200 {
			b.Fatal(ps)
		}
	}
}

// BenchmarkLoadBaseline does what BenchmarkLoad does with encoding/json: read, decode and
// re-encode every file on all cores.
func BenchmarkLoadBaseline(b *testing.B) {
	fsys := loadBenchFiles(b)
	b.ReportAllocs()
	for b.Loop() {
		var paths []string
		fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				paths = append(paths, p)
			}
			return nil
		})
		var wg sync.WaitGroup
		ch := make(chan string)
		for range runtime.GOMAXPROCS(0) {
			wg.Go(func() {
				for p := range ch {
					raw, _ := fs.ReadFile(fsys, p)
					var v any
					if err := json.Unmarshal(raw, &v); err != nil {
						panic(err)
					}
					out, _ := json.Marshal(v)
					if bytes.Equal(out, raw) {
						panic("unreachable: keeps out alive")
					}
				}
			})
		}
		for _, p := range paths {
			ch <- p
		}
		close(ch)
		wg.Wait()
	}
}
