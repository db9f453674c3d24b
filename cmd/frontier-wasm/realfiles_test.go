package main

import (
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/realfiles"
	"github.com/frontier-bench/frontier/internal/testenv"
)

// TestRealClientFilesYourRun (issue 44): the cases of site's TestRealClientFilesBuild through
// "your run"'s decoder, as the page drives it: each result file of
// ../shared/data/public/clients with the table's [[runs]] context as the reader's form gives
// it, no message but warnings, and rows with the file's own figures (none, and the warning that
// says why, for a file that holds no point), so the browser and the build agree.
func TestRealClientFilesYourRun(t *testing.T) {
	dir := filepath.Join(testenv.SharedDir(t), filepath.FromSlash(realfiles.Dir))
	byFile := map[string]realfiles.Case{}
	for _, c := range realfiles.Cases {
		byFile[c.File] = c
	}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		c, ok := byFile[rel]
		if !ok {
			t.Errorf("%s: no row in internal/realfiles", rel)
			return nil
		}
		t.Run(rel, func(t *testing.T) {
			if c.Skip != "" {
				t.Skip("not a result file: " + c.Skip)
			}
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			run := c.Runs
			out := read(request{name: path.Base(rel), data: data, run: &run})
			said := false
			for _, m := range out["messages"].([]any) {
				if !strings.Contains(m.(string), ": warning: ") {
					t.Errorf("message %s: want warnings only", m)
				}
				said = said || c.NoPoint != "" && strings.Contains(m.(string), c.NoPoint)
			}
			if c.NoPoint != "" && !said {
				t.Errorf("no warning contains %q; messages %v", c.NoPoint, out["messages"])
			}
			if needs := out["needs"].([]any); len(needs) > 0 {
				t.Errorf("the page would still ask for %v", needs)
			}
			var got []realfiles.Read
			for _, r := range out["rows"].([]any) {
				got = append(got, rowRead(r.(map[string]any)))
			}
			for _, msg := range realfiles.Match(c.Points, got, c.PerGPU()) {
				t.Error(msg)
			}
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// rowRead is a row of "your run" as realfiles.Match reads a point: its metrics, its
// concurrency (null, for a run by rate, is none) and its median interactivity.
func rowRead(r map[string]any) realfiles.Read {
	out := realfiles.Read{Metrics: map[string]float64{}, X: math.NaN()}
	for k, v := range r["metrics"].(map[string]any) {
		if f, ok := v.(float64); ok {
			out.Metrics[k] = f
		}
	}
	if x, ok := out.Metrics["median_intvty"]; ok {
		out.X = x
	}
	if r["conc"] != nil {
		// A run by rate writes null; a concurrency written as 0 is one given, not none.
		c, _ := r["conc"].(float64)
		if out.Conc = int64(c); out.Conc == 0 {
			out.Conc = -1
		}
	}
	return out
}
