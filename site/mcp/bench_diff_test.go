package mcp

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/frontier-bench/frontier/internal/corpus"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
)

// discard is a Writer that keeps nothing.
type discard struct{}

func (discard) WriteFile(string, []byte) error { return nil }

// BenchmarkDiffDataFolders measures `frontier diff` of two 1,000-dataset data folders (the
// corpus of `make bench`, two seeds) beside the build of one of them into memory that keeps
// nothing: docs/verdicts.md's budget is the diff within 1.5x of the build.
func BenchmarkDiffDataFolders(b *testing.B) {
	dir := b.TempDir()
	old, nw := filepath.Join(dir, "old", "data"), filepath.Join(dir, "new", "data")
	if err := corpus.Write(old, 1000, 1); err != nil {
		b.Fatal(err)
	}
	if err := corpus.Write(nw, 1000, 2); err != nil {
		b.Fatal(err)
	}
	b.Run("build", func(b *testing.B) {
		in := site.Input{Data: os.DirFS(old), DataPrefix: old + "/", ECharts: testsite.FakeECharts, Config: site.DefaultConfig()}
		for b.Loop() {
			if _, err := site.Build(in, discard{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("diff", func(b *testing.B) {
		for b.Loop() {
			o, err := OpenSide(old, nil)
			if err != nil {
				b.Fatal(err)
			}
			n, err := OpenSide(nw, nil)
			if err != nil {
				b.Fatal(err)
			}
			if rep := Diff(o, n, nil); len(rep.Changes) == 0 {
				b.Fatal("no changes compared")
			}
		}
	})
}
