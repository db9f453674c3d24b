package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/output"
)

// The static API (/api/v1/, package api) as a reader's tools see it: the view files build the
// same chart pages again, and the /api/ page shows how to read them. The files against their
// schemas and openapi.json against OpenAPI 3.1 are package site/api/conformance's tests.

// apiSites are the sites the API tests build: the example site (the seed view, raw results and
// markdown pages, two languages) and a site of raw rows only.
func apiSites(t *testing.T) map[string]func() (fstest.MapFS, Config) {
	return map[string]func() (fstest.MapFS, Config){
		"example": func() (fstest.MapFS, Config) { return testsite.RealData(t), exampleConfig(t) },
		"raw":     func() (fstest.MapFS, Config) { return rawFS(t), rawConfig(t) },
		// Raw results with evals: InferenceX eval rows, and an lm-evaluation-harness file given
		// its configuration by [[runs]], whose score is no em_strict.
		"evals": func() (fstest.MapFS, Config) {
			fsys := evalFS(t)
			editedEvals(t, fsys, func(i int, row map[string]any) {
				if i == 0 {
					row["hardware"] = "tpu7" // on no page
				}
			})
			fsys["evals/b300/results_2026-01-01T00-00-00.json"] = testsite.MapFile([]byte(`{"results": {"gsm8k": {"acc,none": 0.5, "acc_stderr,none": 0.01}}, "versions": {"gsm8k": 3}}`), 1)
			return fsys, evalConfig(t, "[[runs]]\npath = \"evals/b300/*.json\"\ngpu = \"b300\"\nframework = \"dynamo-trt\"\nprecision = \"fp4\"\nspec = \"mtp\"\nmodel = \"dsr1\"\n")
		},
	}
}

// pageSummary is what a chart page shows, as data.json says: per series, whether it is its
// GPU's best, and its points with their frontier flags.
type pageSummary map[string]string

func summarize(t *testing.T, files *Files) pageSummary {
	t.Helper()
	out := pageSummary{}
	for _, name := range files.Names() {
		if !strings.HasSuffix(name, "/data.json") || strings.HasPrefix(name, output.APIRoot) {
			continue
		}
		b, _ := files.Get(name)
		var doc struct {
			Series []struct {
				Key    string `json:"key"`
				Best   bool   `json:"bestPerGpu"`
				Points []struct {
					ID          int64   `json:"id"`
					Precision   string  `json:"precision"`
					X           float64 `json:"x"`
					Y           float64 `json:"y"`
					Concurrency int64   `json:"concurrency"`
					TP          int64   `json:"tp"`
					Date        string  `json:"date"`
					Frontier    bool    `json:"frontier"`
					Evals       []any   `json:"evals"`
					Metrics     struct {
						Tp  float64 `json:"tpPerGpu"`
						Out float64 `json:"outputTputPerGpu"`
						In  float64 `json:"inputTputPerGpu"`
					} `json:"metrics"`
				} `json:"points"`
			} `json:"series"`
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var sb strings.Builder
		for _, s := range doc.Series {
			fmt.Fprintf(&sb, "series %s best=%v\n", s.Key, s.Best)
			for _, p := range s.Points {
				fmt.Fprintf(&sb, "  %d %s x=%v y=%v conc=%d tp=%d date=%s frontier=%v tp/out/in=%v/%v/%v evals=%v\n",
					p.ID, p.Precision, p.X, p.Y, p.Concurrency, p.TP, p.Date, p.Frontier, p.Metrics.Tp, p.Metrics.Out, p.Metrics.In, p.Evals)
			}
		}
		out[name] = sb.String()
	}
	return out
}

func TestAPIViewsBuildTheSameChartPages(t *testing.T) {
	t.Parallel()
	for name, site := range apiSites(t) {
		t.Run(name, func(t *testing.T) {
			data, cfg := site()
			files, first, err := build(t, data, cfg)
			if err != nil {
				t.Fatal(err)
			}
			// A fresh data folder of only the built /api/v1/ view and evaluations files.
			views := fstest.MapFS{}
			for _, n := range files.Names() {
				if strings.HasPrefix(n, output.APIRoot+"views/") || strings.HasPrefix(n, output.APIRoot+"evaluations/") {
					b, _ := files.Get(n)
					views[strings.TrimPrefix(n, output.APIRoot)] = &fstest.MapFile{Data: b}
				}
			}
			if len(views) == 0 {
				t.Fatal("no view files")
			}
			again, rep, err := build(t, views, DefaultConfig())
			if err != nil {
				t.Fatal(err)
			}
			// The frontier flags are Frontier's own: no warning of them. An eval that matched no
			// point is in the API too, and is warned of again, from its new file.
			unmatched := func(ws []Problem) (n int, other []Problem) {
				for _, w := range ws {
					if strings.Contains(w.Msg, "matches no point") {
						n++
					} else {
						other = append(other, w)
					}
				}
				return n, other
			}
			// An eval is warned of again when it belongs to no point of the views: none of the
			// site's, or only older ones, which the views do not hold.
			none := 0
			for n, f := range views {
				if strings.HasPrefix(n, "evaluations/") {
					var rows []struct{ Points []int64 }
					if err := json.Unmarshal(f.Data, &rows); err != nil {
						t.Fatal(err)
					}
					for _, r := range rows {
						if len(r.Points) == 0 {
							none++
						}
					}
				}
			}
			nw, _ := unmatched(first.Warnings)
			ng, other := unmatched(rep.Warnings)
			if len(other) > 0 || ng != none || nw > none {
				t.Errorf("the API files' build warns of %d unmatched evals (the site: %d; with no point in the views: %d) and of %v", ng, nw, none, other)
			}
			if name == "evals" && nw == 0 {
				t.Error("the evals site has no eval that matches no point: the case needs one")
			}
			want, got := summarize(t, files), summarize(t, again)
			if len(want) == 0 {
				t.Fatal("no chart pages")
			}
			if !slices.Equal(slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want))) {
				t.Fatalf("chart pages %v, want %v", slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
			}
			for page, w := range want {
				if got[page] != w {
					t.Errorf("%s differs after the round trip:\n got %s\nwant %s", page, got[page], w)
				}
			}
			// The views and evals are what a rebuild from them writes again, byte for byte, but
			// for the frontiers on latency axes: a view holds no latency, so a site built from
			// views offers only the axes it does hold (heldAxesOnly). The points' runs, ranges,
			// request counts and invalid marks come back as they were.
			for n, f := range views {
				b, _ := again.Get(output.APIRoot + n)
				if strings.HasPrefix(n, "views/") {
					b, f.Data = heldAxesOnly(t, b), heldAxesOnly(t, f.Data)
				}
				if !bytes.Equal(b, f.Data) {
					t.Errorf("%s differs when built from itself", n)
				}
			}
		})
	}
}

// The /api/ page, in each language, says what the files are and shows curl and pandas reading
// the first chart page's view below the site's address (SITE, site), the base URL; every
// page's footer links it.
func TestAPIPageInEveryLanguage(t *testing.T) {
	t.Parallel()
	files := exampleSite(t, "https://owner.github.io/repo/")
	view := "api/v1/views/deepseek-r1-0528/1k-1k/fp4.json"
	siteURL := `<span class="site-url">https://owner.github.io/repo/</span>`
	for _, c := range []struct{ page, title, footer string }{
		{"api/index.html", "Data API", `href="/repo/api/"`},
		{"zh/api/index.html", "数据 API", `href="/repo/zh/api/"`},
	} {
		b, ok := files.Get(c.page)
		if !ok {
			t.Fatalf("no %s", c.page)
		}
		for _, want := range []string{"<h1>" + c.title + "</h1>", "SITE='" + siteURL + "'\n", `site = "` + siteURL + `"`,
			`curl -s "${SITE}` + view + `" | jq`, `urllib.request.urlopen(site + "` + view + `")`,
			"pd.json_normalize", `href="/repo/api/v1/openapi.json"`, c.footer} {
			if !strings.Contains(string(b), want) {
				t.Errorf("%s lacks %s", c.page, want)
			}
		}
	}
	home, _ := files.Get("index.html")
	if !strings.Contains(string(home), `href="/repo/api/">Data API</a>`) {
		t.Error("the home page's footer does not link /api/")
	}
}

// heldAxesOnly is a view with its frontiers on the axes a view holds (interactivity,
// concurrency) only, re-encoded.
func heldAxesOnly(t *testing.T, b []byte) []byte {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	keep := func(m any) {
		fr, _ := m.(map[string]any)
		for k := range fr {
			if k != "median_intvty" && k != "conc" {
				delete(fr, k)
			}
		}
	}
	keep(v["frontiers"])
	series, _ := v["series"].([]any)
	for _, s := range series {
		if sm, ok := s.(map[string]any); ok {
			keep(sm["frontiers"])
		}
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
