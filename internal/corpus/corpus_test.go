package corpus_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/corpus"
	"github.com/frontier-bench/frontier/site"
	"github.com/frontier-bench/frontier/site/input"
)

func TestCorpusLoadsAndAssemblesWithoutProblemsOrWarnings(t *testing.T) {
	fsys := corpus.MapFS(60, 1)
	if got := len(fsys); got != 60 {
		t.Fatalf("got %d files, want 60", got)
	}
	ds, ps := input.Load(fsys, "data/", nil)
	if len(ps) > 0 {
		t.Fatalf("load problems:\n%v", ps)
	}
	pages, ps := site.Assemble(ds, "data/")
	if len(ps) > 0 {
		t.Fatalf("assemble problems:\n%v", ps)
	}
	want := corpus.LayoutOf(60)
	if len(pages) != want.Pages {
		t.Errorf("got %d pages, want %d", len(pages), want.Pages)
	}
	history, precisions := 0, 0
	for _, p := range pages {
		history += len(p.Snapshots) - 1
		if len(p.Precisions) > 1 {
			precisions++
		}
	}
	if history == 0 || precisions == 0 {
		t.Errorf("want pages with history and pages with two precisions; got %d older snapshots, %d split pages", history, precisions)
	}
}

func TestCorpusIsDeterministic(t *testing.T) {
	a, b := corpus.MapFS(25, 7), corpus.MapFS(25, 7)
	for name, f := range a {
		if !bytes.Equal(f.Data, b[name].Data) {
			t.Fatalf("%s differs between two runs with the same seed", name)
		}
	}
	c := corpus.MapFS(25, 8)
	same := 0
	for name, f := range a {
		if g, ok := c[name]; ok && bytes.Equal(f.Data, g.Data) {
			same++
		}
	}
	if same == len(a) {
		t.Error("another seed gave the same corpus")
	}
}

func TestCorpusFirstDatasetIsShapedLikeTheSeed(t *testing.T) {
	seed, err := os.ReadFile(filepath.Join("..", "..", "data", "deepseek-v4-pro_8k-1k_fp4.json"))
	if err != nil {
		t.Skip("no seed:", err)
	}
	fsys := corpus.MapFS(1, 1)
	f := fsys["2026-07-31/deepseek-v4-pro_8k-1k_fp4.json"]
	if f == nil {
		t.Fatalf("got files %v, want the seed's model, sequence and precision", fsys)
	}
	var got, want map[string]any
	if err := json.Unmarshal(f.Data, &got); err != nil {
		t.Fatal(err)
	}
	json.Unmarshal(seed, &want)
	for k := range want {
		if _, ok := got[k]; !ok {
			t.Errorf("top-level field %q is missing", k)
		}
	}
	// Same order of size as the seed (65 KB, 11 series of about 11 points).
	if r := float64(len(f.Data)) / float64(len(seed)); r < 0.5 || r > 2 {
		t.Errorf("got %d bytes, seed has %d", len(f.Data), len(seed))
	}
	if !strings.Contains(string(f.Data), "\n  \"params\": {\n    \"model\": \"DeepSeek-V4-Pro\"") {
		t.Error("not indented like the seed")
	}
}

func TestCachedWritesOnceAndReuses(t *testing.T) {
	root := t.TempDir()
	dir, err := corpus.Cached(root, 5, 3)
	if err != nil {
		t.Fatal(err)
	}
	again, err := corpus.Cached(root, 5, 3)
	if err != nil || again != dir {
		t.Fatalf("got %q, %v; want %q", again, err, dir)
	}
	ds, ps := input.Load(os.DirFS(dir), "data/", nil)
	if len(ds) != 5 || len(ps) > 0 {
		t.Fatalf("got %d datasets and %v, want 5 and none", len(ds), ps)
	}
}
