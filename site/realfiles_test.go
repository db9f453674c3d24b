package site

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/realfiles"
	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/input"
)

// realFiles walks ../shared/data/public/clients and returns every file's case, failing for a
// file the table has no row for (a new file is a new case) and for a row of no file.
func realFiles(t *testing.T) (dir string, cases []realfiles.Case) {
	t.Helper()
	dir = filepath.Join(testenv.SharedDir(t), filepath.FromSlash(realfiles.Dir))
	byFile := map[string]realfiles.Case{}
	for _, c := range realfiles.Cases {
		byFile[c.File] = c
	}
	seen := map[string]bool{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		seen[rel] = true
		c, ok := byFile[rel]
		if !ok {
			t.Errorf("%s: no row in internal/realfiles: add its case (figures read from the file), or its skip with the reason", rel)
			return nil
		}
		cases = append(cases, c)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range realfiles.Cases {
		if !seen[c.File] {
			t.Errorf("%s: a row of internal/realfiles for no file of %s", c.File, dir)
		}
	}
	return dir, cases
}

// runsTOML is frontier.toml with one [[runs]] entry giving r for the file at rel.
func runsTOML(rel string, r input.Run) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[[runs]]\npath = %q\n", rel)
	for _, kv := range runKeys(r) {
		fmt.Fprintf(&b, "%s = %s\n", kv[0], kv[1])
	}
	return b.String()
}

// runKeys are the [[runs]] keys r sets, as TOML.
func runKeys(r input.Run) [][2]string {
	var out [][2]string
	str := func(k, v string) {
		if v != "" {
			out = append(out, [2]string{k, fmt.Sprintf("%q", v)})
		}
	}
	num := func(k string, v int64) {
		if v != 0 {
			out = append(out, [2]string{k, fmt.Sprint(v)})
		}
	}
	str("gpu", r.GPU)
	num("gpus", r.GPUs)
	str("framework", r.Framework)
	str("precision", r.Precision)
	str("model", r.Model)
	num("isl", r.ISL)
	num("osl", r.OSL)
	str("date", r.Date)
	return out
}

var runsHintKeys = regexp.MustCompile(`, (\w+) = `)

// TestRealClientFilesBuild (issue 44): every result file of ../shared/data/public/clients, built
// alone into a site with a [[runs]] entry for exactly the context it lacks, builds with no
// problem (warnings allowed), and its points carry the file's own figures (the table's, read
// from the file): throughput, median TTFT, E2E latency and TPOT, the load. A file that holds no
// point (an MLPerf Offline summary) gives none and a warning that says why; files that are not
// result files are skipped with the table's reason.
func TestRealClientFilesBuild(t *testing.T) {
	t.Parallel()
	dir, cases := realFiles(t)
	for _, c := range cases {
		t.Run(c.File, func(t *testing.T) {
			if c.Skip != "" {
				t.Skip("not a result file: " + c.Skip)
			}
			data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(c.File)))
			if err != nil {
				t.Fatal(err)
			}
			fsys := fstest.MapFS{c.File: testsite.MapFile(data, 1)}
			// Alone, the file names the context it lacks: the table's [[runs]] keys, no more.
			files, rep, err := build(t, fsys, DefaultConfig())
			var msgs []string
			if err != nil {
				msgs = append(msgs, err.Error())
			}
			if rep != nil {
				for _, w := range rep.Warnings {
					msgs = append(msgs, w.String())
				}
			}
			var lack, given []string
			for _, m := range runsHintKeys.FindAllStringSubmatch(strings.Join(msgs, "\n"), -1) {
				lack = append(lack, m[1])
			}
			for _, kv := range runKeys(c.Runs) {
				given = append(given, kv[0])
			}
			slices.Sort(lack)
			slices.Sort(given)
			if !slices.Equal(lack, given) {
				t.Errorf("the file alone lacks %v; the table's [[runs]] gives %v", lack, given)
			}
			if c.NoPoint != "" {
				// A file of a known client that holds no point: a warning says why, the build
				// does not fail on it, and no page has a point of it.
				if err != nil {
					t.Fatalf("the build failed: %v", err)
				}
				var said bool
				for _, w := range rep.Warnings {
					said = said || strings.Contains(w.String(), c.NoPoint)
				}
				if !said {
					t.Errorf("no warning contains %q; messages %v", c.NoPoint, msgs)
				}
				if ps := dataJSONPoints(t, files); len(ps) > 0 {
					t.Errorf("%d points, want none", len(ps))
				}
				return
			}
			cfg, ps := ParseConfig("frontier.toml", []byte(runsTOML(c.File, c.Runs)))
			if len(ps) > 0 {
				t.Fatal(ps)
			}
			files, rep, err = build(t, fsys, cfg)
			if err != nil {
				t.Fatalf("the build failed: %v", err)
			}
			if rep.Pages == 0 {
				t.Fatalf("no chart page; warnings %v", rep.Warnings)
			}
			checkFigures(t, c, dataJSONPoints(t, files))
		})
	}
}

// dataJSONPoints are the points of every chart page's data.json.
func dataJSONPoints(t *testing.T, files *Files) []realfiles.Read {
	t.Helper()
	var out []realfiles.Read
	for _, name := range files.Names() {
		if strings.Count(name, "/") != 2 || path.Base(name) != "data.json" {
			continue
		}
		b, _ := files.Get(name)
		var d struct {
			Series []struct {
				Points []struct {
					X           *float64       `json:"x"`
					Concurrency int64          `json:"concurrency"`
					Metrics     map[string]any `json:"metrics"`
				} `json:"points"`
			} `json:"series"`
		}
		if err := json.Unmarshal(b, &d); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, s := range d.Series {
			for _, p := range s.Points {
				rp := realfiles.Read{Conc: p.Concurrency, X: math.NaN(), Metrics: map[string]float64{}}
				if p.X != nil {
					rp.X = *p.X
				}
				for k, v := range p.Metrics {
					if f, ok := v.(float64); ok {
						rp.Metrics[k] = f
					}
				}
				// data.json names the throughputs per GPU as the view does; one the run did not
				// measure has no key there, and none here.
				for view, raw := range map[string]string{"tpPerGpu": "tput_per_gpu", "outputTputPerGpu": "output_tput_per_gpu", "inputTputPerGpu": "input_tput_per_gpu"} {
					if v, ok := rp.Metrics[view]; ok {
						rp.Metrics[raw] = v
					}
				}
				out = append(out, rp)
			}
		}
	}
	return out
}

// checkFigures matches the case's points to got, one to one (realfiles.Match): each wanted point
// must be a point of got with every figure it names.
func checkFigures(t *testing.T, c realfiles.Case, got []realfiles.Read) {
	t.Helper()
	for _, msg := range realfiles.Match(c.Points, got, c.PerGPU()) {
		t.Error(msg)
	}
}
