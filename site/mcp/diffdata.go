package mcp

import (
	"errors"
	"github.com/frontier-bench/frontier/site/page"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/pipeline"
	"github.com/frontier-bench/frontier/site/problem"
	"github.com/frontier-bench/frontier/site/verdict"
)

// openData reads a data folder as `frontier build --data dir` would, with the frontier.toml
// beside it (docs/frontier-toml.md), as far as the diff needs: the files decoded and the
// pages assembled, nothing rendered. Problems in the data or the config come back as
// problem.Problems, every one, as a build reports them.
func openData(dir string) (*Side, error) {
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		return nil, errors.New(dir + ": not a data folder, a built site (its api/v1/index.json) or a site URL")
	}
	cfg := config.DefaultConfig()
	name := filepath.Join(filepath.Dir(filepath.Clean(dir)), "frontier.toml")
	b, err := os.ReadFile(name)
	switch {
	case err == nil:
		var ps problem.Problems
		if cfg, ps = config.ParseConfig(filepath.ToSlash(name), b); len(ps.Errors()) > 0 {
			return nil, ps.Errors()
		}
	case !errors.Is(err, fs.ErrNotExist):
		return nil, err
	}
	prefix := filepath.ToSlash(filepath.Clean(dir)) + "/"
	ds, ps := input.Load(os.DirFS(dir), prefix, cfg.RawOptions())
	if errs := ps.Errors(); len(errs) > 0 {
		return nil, errs
	}
	pages, ps := pipeline.Assemble(ds, prefix)
	if errs := ps.Errors(); len(errs) > 0 {
		return nil, errs
	}
	rule := verdict.Rule{Threshold: cfg.Verdict.Threshold, Consecutive: int(cfg.Verdict.Consecutive)}
	return &Side{Site: pagesSite(dir, pages, cfg), Rule: &rule}, nil
}

// pagesSite is assembled pages as package verdict compares them: each page's newest snapshot,
// its series split by hwKey and precision.
func pagesSite(name string, pages []*page.Page, cfg config.Config) *verdict.Site {
	out := &verdict.Site{Name: name}
	for _, p := range pages {
		vp := verdict.Page{Path: "/" + p.Path, Higher: higherIsBetter(p.Metric.Key), RefX: cfg.ReferenceX}
		page := ""
		if cfg.HasHost() {
			page = cfg.AbsURL(p.Path)
		}
		for _, s := range p.Snapshots[0].Series {
			byPrec := map[string]int{}
			for _, pt := range s.Points {
				if !pt.HasX() || !pt.HasY() || !(pt.X > 0) {
					continue
				}
				i, ok := byPrec[pt.Precision]
				if !ok {
					i = len(vp.Series)
					byPrec[pt.Precision] = i
					vp.Series = append(vp.Series, verdict.Series{HWKey: s.HWKey, Precision: pt.Precision, Label: s.Label,
						URL: seriesURL(page, s.GPU, s.Framework, s.Spec, pt.Precision)})
				}
				q := verdict.Point{X: pt.X, Y: pt.Y, Config: configName(pt.Concurrency, pt.TP)}
				q.Lo, q.Hi = spreadOf(&pt, p.Metric.Key)
				vp.Series[i].Points = append(vp.Series[i].Points, q)
			}
		}
		out.Pages = append(out.Pages, vp)
	}
	return out
}

// spreadOf is a point's [min, max] of the page's metric over its repeated runs, as the API's
// views give it (Range "y"); 0, 0 for a point of one run.
func spreadOf(pt *input.Point, metric string) (lo, hi float64) {
	sp := pt.Spread()
	if sp == nil || sp.N() < 2 {
		return 0, 0
	}
	m, ok := page.Throughput(metric)
	if !ok {
		return 0, 0
	}
	lo, hi, _ = sp.Range(m)
	return lo, hi
}
