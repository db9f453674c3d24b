package main

import (
	"fmt"
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
			rows := out["rows"].([]any)
			if len(rows) != len(c.Points) {
				t.Errorf("%d rows, want %d", len(rows), len(c.Points))
			}
			gpus := float64(max(c.Runs.GPUs, 1))
			used := make([]bool, len(rows))
			for i, want := range c.Points {
				var why []string
				j := -1
				for k, r := range rows {
					if used[k] {
						continue
					}
					if d := rowDiff(r.(map[string]any), want, gpus); len(d) == 0 {
						j = k
						break
					} else if why == nil || len(d) < len(why) {
						why = d
					}
				}
				if j < 0 {
					t.Errorf("no row has the figures of the table's point %d (%+v); the nearest differs: %v", i, want, why)
					continue
				}
				used[j] = true
			}
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// rowDiff lists how a row read differs from the wanted figures.
func rowDiff(r map[string]any, w realfiles.Figures, gpus float64) []string {
	ms := r["metrics"].(map[string]any)
	m := func(k string) float64 {
		if v, ok := ms[k].(float64); ok {
			return v
		}
		return math.NaN()
	}
	var out []string
	near := func(name string, got, want float64) {
		if want == 0 {
			return
		}
		if math.IsNaN(got) || math.Abs(got-want) > 1e-9*math.Abs(want) {
			out = append(out, fmt.Sprintf("%s %v, want %v", name, got, want))
		}
	}
	near("total per GPU", m("tput_per_gpu"), w.Total/gpus)
	near("output per GPU", m("output_tput_per_gpu"), w.Output/gpus)
	near("median TTFT", m("median_ttft"), w.TTFT)
	near("median E2E latency", m("median_e2el"), w.E2E)
	near("median TPOT", m("median_tpot"), w.TPOT)
	near("request rate", m("request_rate"), w.Rate)
	conc, _ := r["conc"].(float64) // null for a run by rate
	if w.Conc != 0 && conc != float64(w.Conc) {
		out = append(out, fmt.Sprintf("concurrency %v, want %d", r["conc"], w.Conc))
	}
	if w.Rate != 0 && r["conc"] != nil {
		out = append(out, fmt.Sprintf("concurrency %v, want null (a run by rate)", r["conc"]))
	}
	x := m("median_intvty")
	if w.NoX && !math.IsNaN(x) {
		out = append(out, fmt.Sprintf("median interactivity %v, want none", x))
	}
	if w.TPOT != 0 && math.Abs(x-1/w.TPOT) > 1e-9/w.TPOT {
		out = append(out, fmt.Sprintf("median interactivity %v, want 1/TPOT = %v", x, 1/w.TPOT))
	}
	return out
}
