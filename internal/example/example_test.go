package example_test

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/example"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
)

// roots are the data folders that hold a seed and the files restated from it: the example
// site's and the one `frontier new` writes.
var roots = []string{"data", "cmd/frontier/scaffold/data"}

// TestCommittedFilesAreTheGenerators: the restated files committed below each data folder are
// byte for byte what example.Files writes from that folder's seed, and there are no others
// (go test ./internal/example -update, testsite's flag, rewrites them).
func TestCommittedFilesAreTheGenerators(t *testing.T) {
	for _, root := range roots {
		dir := filepath.Join(testsite.Root(), filepath.FromSlash(root))
		seed, err := os.ReadFile(filepath.Join(dir, "deepseek-v4-pro_8k-1k_fp4.json"))
		if err != nil {
			t.Fatal(err)
		}
		want, _, err := example.Files(seed)
		if err != nil {
			t.Fatal(err)
		}
		if testsite.Updating() {
			if err := os.RemoveAll(filepath.Join(dir, "restated")); err != nil {
				t.Fatal(err)
			}
			for p, b := range want {
				f := filepath.Join(dir, filepath.FromSlash(p))
				if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(f, b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		var got []string
		err = fs.WalkDir(os.DirFS(dir), "restated", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			got = append(got, p)
			b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
			if err != nil {
				return err
			}
			if w, ok := want[p]; !ok {
				t.Errorf("%s/%s: not a file the generator writes", root, p)
			} else if !bytes.Equal(b, w) {
				t.Errorf("%s/%s differs from what the generator writes from the seed (go test ./internal/example -update)", root, p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for p := range want {
			if !slices.Contains(got, p) {
				t.Errorf("%s/%s: missing (go test ./internal/example -update)", root, p)
			}
		}
	}
}

// TestFilesAreDeterministicAndRefuseABadSeed: the same seed gives the same bytes; a seed that
// is not JSON, or lacks the points restated, is an error naming what is wrong.
func TestFilesAreDeterministicAndRefuseABadSeed(t *testing.T) {
	seed, err := os.ReadFile(filepath.Join(testsite.Root(), "data", "deepseek-v4-pro_8k-1k_fp4.json"))
	if err != nil {
		t.Fatal(err)
	}
	a, ra, err := example.Files(seed)
	if err != nil {
		t.Fatal(err)
	}
	b, _, _ := example.Files(seed)
	for p := range a {
		if !bytes.Equal(a[p], b[p]) {
			t.Errorf("%s: two runs differ", p)
		}
	}
	if len(ra) != 10+7+1 {
		t.Errorf("%d restated points, want 18 (10 API rows, 7 bench-serve files, 1 AIPerf export)", len(ra))
	}
	if _, _, err := example.Files([]byte("{")); err == nil || !strings.Contains(err.Error(), "seed view") {
		t.Errorf("bad JSON: %v", err)
	}
	if _, _, err := example.Files([]byte(`{"series":[]}`)); err == nil || !strings.Contains(err.Error(), "no b300_trt point") {
		t.Errorf("an empty seed: %v", err)
	}
}

// TestRestatedPageShowsTheSeedsNumbers: the example site builds, the restated files form their
// own page (DeepSeek-V4-Pro-restated 8k/1k, not the seed's), and each of its points carries the
// numbers of the seed point it restates: interactivity and throughput per GPU (total, output,
// input), equal to the seed's to the last bits a unit conversion can change.
func TestRestatedPageShowsTheSeedsNumbers(t *testing.T) {
	root := testsite.Root()
	cfg, ps := site.ParseConfig("frontier.toml", testsite.ExampleConfig(t))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	files := &site.Files{}
	rep, err := site.Build(site.Input{Data: os.DirFS(filepath.Join(root, "data")), Config: cfg, ECharts: testsite.FakeECharts}, files)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Warnings) > 0 {
		t.Errorf("the example builds with warnings: %v", rep.Warnings)
	}
	seedBytes, err := os.ReadFile(filepath.Join(root, "data", "deepseek-v4-pro_8k-1k_fp4.json"))
	if err != nil {
		t.Fatal(err)
	}
	_, restated, err := example.Files(seedBytes)
	if err != nil {
		t.Fatal(err)
	}
	type point struct {
		ID          int64   `json:"id"`
		X           float64 `json:"x"`
		Concurrency int     `json:"concurrency"`
		Date        string  `json:"date"`
		Metrics     map[string]float64
	}
	type page struct {
		Model  string
		Series []struct {
			Key    string
			Points []point
		}
	}
	read := func(name string) page {
		b, ok := files.Get(name)
		if !ok {
			t.Fatalf("no %s", name)
		}
		var p page
		if err := json.Unmarshal(b, &p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var seed page
	if err := json.Unmarshal(seedBytes, &seed); err != nil {
		t.Fatal(err)
	}
	seedPoints := map[int64]point{}
	seedSeries := map[int64]string{}
	for _, s := range seed.Series {
		for _, p := range s.Points {
			seedPoints[p.ID], seedSeries[p.ID] = p, s.Key
		}
	}
	got := read("deepseek-v4-pro-restated/8k-1k/data.json")
	if got.Model != example.Model {
		t.Errorf("model %q, want %q", got.Model, example.Model)
	}
	byLoad := map[string]point{}
	n := 0
	for _, s := range got.Series {
		for _, p := range s.Points {
			byLoad[s.Key+"@"+strconv.Itoa(p.Concurrency)] = p
			n++
		}
	}
	if n != len(restated) {
		t.Errorf("the restated page shows %d points, want one per restated seed point (%d)", n, len(restated))
	}
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Max(math.Abs(a), math.Abs(b)) }
	for _, r := range restated {
		want := seedPoints[r.ID]
		p, ok := byLoad[r.HWKey+"@"+strconv.Itoa(want.Concurrency)]
		if !ok {
			t.Errorf("seed point %d (%s at %d): not on the restated page", r.ID, r.HWKey, want.Concurrency)
			continue
		}
		if !near(p.X, want.X) || p.Date != want.Date {
			t.Errorf("seed point %d: x %v date %s, want %v %s", r.ID, p.X, p.Date, want.X, want.Date)
		}
		for _, m := range []string{"tpPerGpu", "outputTputPerGpu", "inputTputPerGpu"} {
			if !near(p.Metrics[m], want.Metrics[m]) {
				t.Errorf("seed point %d: %s %v, want the seed's %v", r.ID, m, p.Metrics[m], want.Metrics[m])
			}
		}
	}
	// The seed's own page is the seed's alone: the restated points do not land on it.
	own := read("deepseek-v4-pro/8k-1k/data.json")
	n = 0
	for _, s := range own.Series {
		n += len(s.Points)
	}
	if n != len(seedPoints) {
		t.Errorf("the seed's page shows %d points, want the seed's %d", n, len(seedPoints))
	}
}
