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

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/api"
	"github.com/frontier-bench/frontier/site/output"
)

// The static API (/api/v1/, package api) as a reader's tools see it: every JSON file the site
// writes is held to its schema by a JSON Schema validator, openapi.json to the OpenAPI 3.1
// schema by an OpenAPI validator, and the view files build the same chart pages again.

// apiSites are the sites the API tests build: the example site (the seed view, raw results and
// markdown pages, two languages) and a site of raw rows only.
func apiSites(t *testing.T) map[string]func() (fstest.MapFS, Config) {
	return map[string]func() (fstest.MapFS, Config){
		"example": func() (fstest.MapFS, Config) { return testsite.ExampleData(t), exampleConfig(t) },
		"raw":     func() (fstest.MapFS, Config) { return rawFS(t), rawConfig(t) },
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
				fmt.Fprintf(&sb, "  %d %s x=%v y=%v conc=%d tp=%d date=%s frontier=%v tp/out/in=%v/%v/%v\n",
					p.ID, p.Precision, p.X, p.Y, p.Concurrency, p.TP, p.Date, p.Frontier, p.Metrics.Tp, p.Metrics.Out, p.Metrics.In)
			}
		}
		out[name] = sb.String()
	}
	return out
}

func TestAPIViewsBuildTheSameChartPages(t *testing.T) {
	for name, site := range apiSites(t) {
		t.Run(name, func(t *testing.T) {
			data, cfg := site()
			files, _, err := build(t, data, cfg)
			if err != nil {
				t.Fatal(err)
			}
			// A fresh data folder of only the built /api/v1/ view files.
			views := fstest.MapFS{}
			for _, n := range files.Names() {
				if strings.HasPrefix(n, output.APIRoot+"views/") {
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
			if len(rep.Warnings) > 0 {
				t.Errorf("the views' build warns (their frontier flags should be Frontier's own): %v", rep.Warnings)
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
			// The views are what a rebuild from them writes again, byte for byte.
			for n, f := range views {
				b, _ := again.Get(output.APIRoot + n)
				if !bytes.Equal(b, f.Data) {
					t.Errorf("%s differs when built from itself", n)
				}
			}
		})
	}
}

// compileSchemas compiles every schema the site serves, as the site serves them.
func compileSchemas(t *testing.T, files *Files) map[string]*jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	out := map[string]*jsonschema.Schema{}
	for _, s := range api.Schemas {
		b, ok := files.Get(output.APISchema(s.Name))
		if !ok {
			t.Fatalf("%s not written", output.APISchema(s.Name))
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", s.Name, err)
		}
		url := "https://frontier.test/" + output.APISchema(s.Name)
		if err := c.AddResource(url, doc); err != nil {
			t.Fatalf("%s: %v", s.Name, err)
		}
		if out[s.Name], err = c.Compile(url); err != nil { // checked against the 2020-12 meta-schema
			t.Fatalf("%s: %v", s.Name, err)
		}
	}
	return out
}

func TestEveryJSONFileMatchesItsSchema(t *testing.T) {
	for _, base := range deployBases {
		t.Run(base, func(t *testing.T) {
			files := exampleSite(t, base)
			schemas := compileSchemas(t, files)
			used := map[string]int{}
			for _, name := range files.Names() {
				if !strings.HasSuffix(name, ".json") || name == output.APIOpenAPI || strings.HasPrefix(name, output.APISchemaDir) {
					continue
				}
				s := api.SchemaOf(name)
				if s == "" {
					t.Errorf("%s: no schema holds it", name)
					continue
				}
				b, _ := files.Get(name)
				v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
				if err != nil {
					t.Errorf("%s: %v", name, err)
					continue
				}
				if err := schemas[s].Validate(v); err != nil {
					t.Errorf("%s against %s: %v", name, s, err)
				}
				used[s]++
			}
			for _, s := range api.Schemas {
				if used[s.Name] == 0 {
					t.Errorf("no file of the example site is held to schema %s", s.Name)
				}
			}
		})
	}
}

// A schema is no check unless it refuses what is wrong: a view whose point has a string for x,
// and an index without its pages.
func TestAPISchemasRefuseBrokenFiles(t *testing.T) {
	files := exampleSite(t, "/")
	schemas := compileSchemas(t, files)
	view, _ := files.Get(output.APIView("deepseek-v4-pro/8k-1k/", "fp4"))
	broken := bytes.Replace(view, []byte(`"x":`), []byte(`"x":"fast","was":`), 1)
	index, _ := files.Get(output.APIIndex)
	noPages := bytes.Replace(index, []byte(`"pages":`), []byte(`"leaves":`), 1)
	for _, c := range []struct {
		schema string
		doc    []byte
	}{{"view", broken}, {"index", noPages}} {
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(c.doc))
		if err != nil {
			t.Fatal(err)
		}
		if err := schemas[c.schema].Validate(v); err == nil {
			t.Errorf("schema %s takes a broken file", c.schema)
		}
	}
}

func TestOpenAPIDocumentIsValid(t *testing.T) {
	for _, base := range deployBases {
		t.Run(base, func(t *testing.T) {
			files := exampleSite(t, base)
			b, ok := files.Get(output.APIOpenAPI)
			if !ok {
				t.Fatal("no openapi.json")
			}
			doc, err := libopenapi.NewDocument(b)
			if err != nil {
				t.Fatal(err)
			}
			if v := doc.GetVersion(); v != "3.1.0" {
				t.Errorf("OpenAPI version %q, want 3.1.0", v)
			}
			v, errs := validator.NewValidator(doc)
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			if ok, verrs := v.ValidateDocument(); !ok {
				for _, e := range verrs {
					t.Errorf("openapi.json: %v", e)
				}
			}
			// Every path, filled in with its parameters' examples, is a file of the site.
			var oa struct {
				Paths map[string]struct {
					Get struct {
						Parameters []struct {
							Name    string `json:"name"`
							Example string `json:"example"`
						} `json:"parameters"`
					} `json:"get"`
				} `json:"paths"`
			}
			if err := json.Unmarshal(b, &oa); err != nil {
				t.Fatal(err)
			}
			for path, item := range oa.Paths {
				params := map[string]string{}
				for _, p := range item.Get.Parameters {
					params[p.Name] = p.Example
				}
				name := api.OpenAPIPath(path, params)
				if _, ok := files.Get(name); !ok {
					t.Errorf("%s: %s is not written", path, name)
				}
			}
			for _, want := range []string{"/api/v1/views/{model}/{sequence}/{precision}.json", "/{model}/{sequence}/compare/{pair}/compare.json",
				"/{model}/{sequence}/history/index.json", "/overview/overview.json"} {
				if _, ok := oa.Paths[want]; !ok {
					t.Errorf("openapi.json has no path %s", want)
				}
			}
		})
	}
}

// The /api/ page, in each language, says what the files are and shows curl and pandas reading
// the first chart page's view below the site's address (SITE, site), the base URL; every
// page's footer links it.
func TestAPIPageInEveryLanguage(t *testing.T) {
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
