package mcp

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/api"
	"github.com/frontier-bench/frontier/site/fragment"
	"github.com/frontier-bench/frontier/site/verdict"
)

// Side is one side of a diff as OpenSide read it: the site's pages for package verdict, and
// the [verdict] rule of its frontier.toml when it is a data folder (nil for a built site,
// which does not publish its config).
type Side struct {
	Site *verdict.Site
	Rule *verdict.Rule
}

// OpenSide reads one side of `frontier diff` (and of the diff tool): a built site's URL or
// folder through its static API (index.json and the views, nothing else), or a data folder,
// assembled with the frontier.toml beside it as `frontier build` reads them (diffdata.go).
// client is for a URL; nil means the default.
func OpenSide(arg string, client *http.Client) (*Side, error) {
	if !strings.HasPrefix(arg, "http://") && !strings.HasPrefix(arg, "https://") {
		if _, err := os.Stat(filepath.Join(arg, "api", "v1", "index.json")); err != nil {
			return openData(arg)
		}
	}
	src, err := Open(arg, client)
	if err != nil {
		return nil, err
	}
	vs, err := NewSite(src).verdictSite()
	if err != nil {
		return nil, err
	}
	return &Side{Site: vs}, nil
}

// verdictSite is the site's pages as package verdict compares them: each page's newest views
// (one per precision group), their series split by hwKey and precision.
func (s *Site) verdictSite() (*verdict.Site, error) {
	idx, err := s.index()
	if err != nil {
		return nil, err
	}
	out := &verdict.Site{Name: s.src.Name()}
	for _, p := range idx.Pages {
		vp := verdict.Page{Path: pagePath(p), Higher: true, RefX: p.RefX}
		if vp.RefX == nil {
			// A site built before index.json gave them: the page data has them.
			var pd pageData
			if err := s.readJSON(p.PageData, &pd); err != nil {
				return nil, err
			}
			vp.RefX = pd.RefX
		}
		read := map[string]bool{}
		for _, v := range p.Views {
			if read[v.URL] {
				continue // precisions that share a slug share a view
			}
			read[v.URL] = true
			var view api.View
			if err := s.readJSON(v.URL, &view); err != nil {
				return nil, err
			}
			vp.Higher = higherIsBetter(view.Metric.Key)
			vp.Series = append(vp.Series, s.viewSeries(p, &view)...)
		}
		out.Pages = append(out.Pages, vp)
	}
	return out, nil
}

// viewSeries are a view's series, one per hwKey and precision, with the points that have the
// view's metric; each links to the page filtered to it where the site's URLs are absolute.
func (s *Site) viewSeries(p *api.IndexPage, v *api.View) []verdict.Series {
	var out []verdict.Series
	for _, vs := range v.Series {
		byPrec := map[string]int{}
		for _, pt := range vs.Points {
			y := float64(pt.Y)
			if y != y || !(pt.X > 0) {
				continue // a point that did not measure the metric, or has no interactivity
			}
			i, ok := byPrec[pt.Precision]
			if !ok {
				i = len(out)
				byPrec[pt.Precision] = i
				out = append(out, verdict.Series{HWKey: vs.HWKey, Precision: pt.Precision, Label: vs.Label,
					URL: seriesURL(s.link(p.URL), vs.GPU, vs.Framework, vs.SpecMethod, pt.Precision)})
			}
			q := verdict.Point{X: pt.X, Y: y, Config: configName(pt.Concurrency, pt.TP)}
			if r, ok := pt.Range["y"]; ok && pt.Runs > 1 {
				q.Lo, q.Hi = r[0], r[1]
			}
			out[i].Points = append(out[i].Points, q)
		}
	}
	return out
}

// higherIsBetter is the direction of the y metric key as the chart's catalog gives it
// (charts.YMetric): a throughput is better higher, a cost or a latency lower. A key the
// catalog does not hold is a measured throughput of the dataset's own naming.
func higherIsBetter(key string) bool {
	if m, ok := charts.YMetric(key); ok {
		return m.Higher
	}
	return true
}

// seriesURL is the chart page at page filtered to one configuration, "" unless page is an
// absolute URL (a reader of a CI summary is not on the site).
func seriesURL(page, gpu, framework, spec, precision string) string {
	if !strings.HasPrefix(page, "http://") && !strings.HasPrefix(page, "https://") {
		return ""
	}
	v := fragment.View{GPUs: []string{strings.ToLower(gpu)}, Frameworks: []string{strings.ToLower(framework)},
		Precisions: []string{strings.ToLower(precision)}}
	if spec != "" {
		v.Spec = []string{strings.ToLower(spec)}
	}
	return page + "#" + v.String()
}

// configName names a point's configuration as the tools' answers do.
func configName(concurrency, tp int64) string {
	return fmt.Sprintf("conc %s, TP %s", strconv.FormatInt(concurrency, 10), strconv.FormatInt(tp, 10))
}

// Diff compares two sides under the threshold given, else NEW's [verdict], else OLD's, else
// the default: `frontier diff` and the diff tool answer the same.
func Diff(old, new *Side, threshold *float64) *verdict.Report {
	rule := verdict.DefaultRule()
	for _, r := range []*verdict.Rule{old.Rule, new.Rule} {
		if r != nil {
			rule = *r
		}
	}
	if threshold != nil {
		rule.Threshold = *threshold
	}
	return verdict.Diff(old.Site, new.Site, rule).Rounded()
}

const diffDoc = "Verdicts between two builds of a Frontier site, as `frontier diff OLD NEW` gives them: every chart page's every " +
	"configuration (hwKey and precision) read on its frontier at the page's reference interactivities, old against new, labelled " +
	"regression or improvement (a change beyond the threshold, in percent; widened where repeated runs scatter more), noise (within it), " +
	"insufficient (a reference outside either frontier, or too few points), new or removed (a configuration on one side only). " +
	"Regressions come first, the worst first. old and new are each a published site's URL, a built site's folder or a data folder; " +
	"new defaults to the site this server answers from. markdown is the same report as a GitHub-flavoured table."

// DiffIn is diff's input: `frontier diff`'s arguments.
type DiffIn struct {
	Old       string   `json:"old" jsonschema:"the older build: a site URL (https://owner.github.io/repo/), a built site's folder or a data folder"`
	New       string   `json:"new,omitempty" jsonschema:"the newer build, as old; default: the site this server answers from"`
	Threshold *float64 `json:"threshold,omitempty" jsonschema:"percent a value may move and still be noise; default: [verdict] threshold in NEW's or OLD's frontier.toml, else 3"`
}

// DiffOut is diff's answer: the report `frontier diff --format json` writes, and its markdown.
type DiffOut struct {
	verdict.Report
	Markdown string `json:"markdown" jsonschema:"the report as frontier diff's default output: a GitHub-flavoured markdown table"`
}

// diff is the diff tool.
func (s *Site) diff(in DiffIn) (DiffOut, error) {
	if in.Old == "" {
		return DiffOut{}, fmt.Errorf("old is required: a site URL, a built site's folder or a data folder")
	}
	if t := in.Threshold; t != nil && !(*t >= 0 && *t < 100) {
		return DiffOut{}, fmt.Errorf("threshold %v: want a percentage from 0 to 100 (3 is 3%%)", *t)
	}
	old, err := OpenSide(in.Old, nil)
	if err != nil {
		return DiffOut{}, err
	}
	var nw *Side
	if in.New == "" {
		vs, err := s.verdictSite()
		if err != nil {
			return DiffOut{}, err
		}
		nw = &Side{Site: vs}
	} else if nw, err = OpenSide(in.New, nil); err != nil {
		return DiffOut{}, err
	}
	rep := Diff(old, nw, in.Threshold)
	return DiffOut{Report: *rep, Markdown: rep.Markdown()}, nil
}
