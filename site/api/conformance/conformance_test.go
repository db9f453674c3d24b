package conformance

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
	"github.com/frontier-bench/frontier/site/api"
	"github.com/frontier-bench/frontier/site/output"
)

// deployBases are the base URLs the files are checked under: with a host (absolute URLs in the
// files) and without (root-relative ones).
var deployBases = []string{"https://owner.github.io/repo/", "/"}

// exampleSite builds the example site (the repository's data/ folder and frontier.toml, plus a
// markdown page of links) for baseURL, in memory.
func exampleSite(t *testing.T, baseURL string) *site.Files {
	t.Helper()
	data := testsite.RealData(t)
	data["guides/links.md"] = &fstest.MapFile{Data: []byte(testsite.LinksPage)}
	cfg, ps := site.ParseConfig("frontier.toml", testsite.RealConfig(t))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	cfg.BaseURL = baseURL
	files := &site.Files{}
	if _, err := site.Build(site.Input{Data: data, Config: cfg, ECharts: testsite.FakeECharts}, files); err != nil {
		t.Fatalf("build for %s: %v", baseURL, err)
	}
	return files
}

// compileSchemas compiles every schema the site serves, as the site serves them.
func compileSchemas(t *testing.T, files *site.Files) map[string]*jsonschema.Schema {
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
			used := matchSchemas(t, exampleSite(t, base))
			for _, s := range api.Schemas {
				if used[s.Name] == 0 {
					t.Errorf("no file of the example site is held to schema %s", s.Name)
				}
			}
		})
	}
}

// TestJSONFilesMatchSchemasWithoutMedianTPOT: a page with a point whose client's file gives no
// median TPOT (no median interactivity: x null in data.json, the point left out of the view)
// still matches every schema.
func TestJSONFilesMatchSchemasWithoutMedianTPOT(t *testing.T) {
	fsys, toml := testsite.NoMedianTPOT("h100/c16")
	cfg, ps := site.ParseConfig("frontier.toml", toml)
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	files := &site.Files{}
	if _, err := site.Build(site.Input{Data: fsys, Config: cfg, ECharts: testsite.FakeECharts}, files); err != nil {
		t.Fatal(err)
	}
	data, _ := files.Get(testsite.MediansPage + "data.json")
	if !bytes.Contains(data, []byte(`"x":null`)) {
		t.Errorf("data.json has no point with x null:\n%s", data)
	}
	matchSchemas(t, files)
}

// matchSchemas checks every JSON file of files against its schema, and counts the files each
// schema held.
func matchSchemas(t *testing.T, files *site.Files) map[string]int {
	t.Helper()
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
	return used
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

// inferenceXCaptures are the InferenceX API captures of the shared folder: DeepSeek-R1 rows of
// every date from October 2025 (which give only tput_per_gpu) to June 2026, and their evals.
var inferenceXCaptures = []string{"benchmarks.json", "benchmarks-history.json", "evaluations.json", "supplemental-evals.json"}

// TestInferenceXCapturesMatchTheirSchemas builds the real InferenceX captures and holds every
// JSON file of the site to the schema it publishes: a figure a run did not measure is absent
// from the file (docs/api.md), so no schema may require it.
func TestInferenceXCapturesMatchTheirSchemas(t *testing.T) {
	data := fstest.MapFS{}
	for _, name := range inferenceXCaptures {
		data["inferencex/"+name] = &fstest.MapFile{Data: testenv.SharedFile(t, "public/inferencex/"+name)}
	}
	files := &site.Files{}
	if _, err := site.Build(site.Input{Data: data, Config: site.DefaultConfig(), ECharts: testsite.FakeECharts}, files); err != nil {
		t.Fatal(err)
	}
	used := matchSchemas(t, files)
	for _, s := range api.Schemas {
		if used[s.Name] == 0 {
			t.Errorf("no file of the InferenceX site is held to schema %s", s.Name)
		}
	}
}

// TestRequestRateRunsMatchTheirSchemas: a real SGLang sweep by request rate (no concurrency)
// matches every schema, which therefore requires no concurrency.
func TestRequestRateRunsMatchTheirSchemas(t *testing.T) {
	const file = "public/clients/sglang/datacrunch-h200_llama_3_3_70b_online_output.jsonl"
	data := fstest.MapFS{"runs/online.jsonl": &fstest.MapFile{Data: testenv.SharedFile(t, file)}}
	cfg, ps := site.ParseConfig("frontier.toml", []byte("[[runs]]\npath = \"runs/*\"\nmodel = \"m\"\ngpu = \"h200\"\ngpus = 8\nframework = \"sglang\"\nprecision = \"fp8\"\nisl = 1024\nosl = 1024\n"))
	if len(ps.Errors()) > 0 {
		t.Fatal(ps)
	}
	files := &site.Files{}
	if _, err := site.Build(site.Input{Data: data, Config: cfg, ECharts: testsite.FakeECharts}, files); err != nil {
		t.Fatal(err)
	}
	if used := matchSchemas(t, files); used["data"] != 1 {
		t.Errorf("data.json held %d times, want once", used["data"])
	}
}
