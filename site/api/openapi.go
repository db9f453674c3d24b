package api

import (
	"encoding/json/jsontext"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/site/output"
)

// The OpenAPI 3.1 document, /api/v1/openapi.json: every file of the API, and the data files
// beside the pages, as a GET of a static path. A templated path's parameters list every value
// the site has (enum) and give as example one that exists together with the others' examples,
// so a tool (and `frontier check --links`) can fill the path in and fetch it.

type openAPI struct {
	OpenAPI           string                `json:"openapi"`
	Info              oaInfo                `json:"info"`
	JSONSchemaDialect string                `json:"jsonSchemaDialect"`
	Servers           []oaServer            `json:"servers"`
	Paths             map[string]oaPathItem `json:"paths"`
	Components        oaComponents          `json:"components"`
}

type oaInfo struct {
	Title       string `json:"title"`
	Version     string `json:"version"`
	Description string `json:"description"`
}

type oaServer struct {
	URL string `json:"url"`
}

type oaPathItem struct {
	Get oaOperation `json:"get"`
}

type oaOperation struct {
	OperationID string                `json:"operationId"`
	Summary     string                `json:"summary"`
	Description string                `json:"description,omitempty"`
	Parameters  []oaParameter         `json:"parameters,omitempty"`
	Responses   map[string]oaResponse `json:"responses"`
}

type oaParameter struct {
	Name        string       `json:"name"`
	In          string       `json:"in"`
	Required    bool         `json:"required"`
	Description string       `json:"description"`
	Schema      oaEnumSchema `json:"schema"`
	Example     string       `json:"example"`
}

type oaEnumSchema struct {
	Type    string   `json:"type"`
	Enum    []string `json:"enum,omitempty"`
	Pattern string   `json:"pattern,omitempty"`
}

type oaResponse struct {
	Description string             `json:"description"`
	Content     map[string]oaMedia `json:"content,omitempty"`
}

type oaMedia struct {
	Schema any `json:"schema"`
}

type oaRef struct {
	Ref string `json:"$ref"`
}

type oaComponents struct {
	Schemas map[string]jsontext.Value `json:"schemas"`
}

// OpenAPIPath is one path of openapi.json with its parameters' examples filled in: a URL path
// (below the site's base path, no leading slash) that the site serves. The link checker
// fetches each.
func OpenAPIPath(template string, params map[string]string) string {
	for k, v := range params {
		template = strings.ReplaceAll(template, "{"+k+"}", v)
	}
	return strings.TrimPrefix(template, "/")
}

// openAPI is the OpenAPI document of the site whose index is idx.
func (a *Writer) openAPI(idx *Index) *openAPI {
	server := strings.TrimSuffix(a.cfg.AbsURL(""), "/")
	if server == "" {
		server = "/"
	}
	doc := &openAPI{
		OpenAPI: "3.1.0",
		Info: oaInfo{Title: a.cfg.Title + " static API", Version: "v1",
			Description: "The site's benchmark data as static JSON files at stable URLs, written by every build of the site: " +
				"index.json lists every page and file; each chart page has its newest view per precision in the InferenceX " +
				"inference-view format (which `frontier build` reads back), its history and its data files. Every response is a " +
				"static file: GET only, no query string, no authentication."},
		JSONSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
		Servers:           []oaServer{{server}},
		Paths:             map[string]oaPathItem{},
		Components:        oaComponents{Schemas: map[string]jsontext.Value{}},
	}
	for _, s := range Schemas {
		b, _ := SchemaText(s.Name) // embedded: it is there
		doc.Components.Schemas[s.Name] = jsontext.Value(b)
	}

	var models, seqs, precs, pairs []string
	for _, p := range idx.Pages {
		m, s, _ := strings.Cut(p.Slug, "/")
		models, seqs = append(models, m), append(seqs, s)
		for _, v := range p.Views {
			precs = append(precs, strings.TrimSuffix(v.URL[strings.LastIndex(v.URL, "/")+1:], ".json"))
		}
		for _, c := range p.Compare {
			pairs = append(pairs, c.Pair)
		}
	}
	for _, l := range []*[]string{&models, &seqs, &precs, &pairs} {
		slices.Sort(*l)
		*l = slices.Compact(*l)
	}
	param := func(name, desc string, enum []string, example string) oaParameter {
		return oaParameter{Name: name, In: "path", Required: true, Description: desc,
			Schema: oaEnumSchema{Type: "string", Enum: enum, Pattern: "^[a-z0-9-]+$"}, Example: example}
	}
	pageParams := func(p *IndexPage) []oaParameter {
		m, s, _ := strings.Cut(p.Slug, "/")
		return []oaParameter{
			param("model", "the model's slug, as index.json's pages[].slug begins", models, m),
			param("sequence", "the sequence's slug (input/output lengths, \"8k/1k\" is 8k-1k), as pages[].slug ends", seqs, s),
		}
	}
	jsonFile := func(schema string) map[string]oaResponse {
		return map[string]oaResponse{
			"200": {Description: "the file", Content: map[string]oaMedia{"application/json": {oaRef{"#/components/schemas/" + schema}}}},
			"404": {Description: "no such file: the site does not hold this model, sequence, precision or pair"},
		}
	}
	add := func(path, id, summary, desc string, params []oaParameter, responses map[string]oaResponse) {
		doc.Paths[path] = oaPathItem{Get: oaOperation{OperationID: id, Summary: summary, Description: desc, Parameters: params, Responses: responses}}
	}

	add("/"+output.APIIndex, "getIndex", "Every model, sequence, precision, GPU, date and file of the site", "", nil, jsonFile("index"))
	add("/"+output.APIOpenAPI, "getOpenAPI", "This document", "", nil, map[string]oaResponse{
		"200": {Description: "the OpenAPI 3.1 document", Content: map[string]oaMedia{"application/json": {map[string]string{"type": "object"}}}}})
	schemaNames := make([]string, len(Schemas))
	for i, s := range Schemas {
		schemaNames[i] = s.Name
	}
	add("/"+output.APISchemaDir+"{schema}.schema.json", "getSchema", "A JSON Schema (2020-12) of the site's JSON files", "",
		[]oaParameter{param("schema", "the schema's name, as index.json's schemas[].name", schemaNames, schemaNames[0])},
		map[string]oaResponse{"200": {Description: "the schema", Content: map[string]oaMedia{"application/schema+json": {map[string]string{"type": "object"}}}}})
	add("/"+OverviewData, "getOverview", "The overview's numbers: every chart page and GPU at each reference interactivity", "", nil, jsonFile("overview"))
	if len(idx.Evaluations) > 0 {
		var slugs []string
		for _, e := range idx.Evaluations {
			slugs = append(slugs, e.Slug)
		}
		add("/"+output.APIRoot+"evaluations/{model}.json", "getEvaluations", "Every eval of a model: accuracy beside throughput",
			"In the shape of InferenceX's eval rows (GET /api/v1/evaluations), which `frontier build` reads: a data folder holding these files beside the views gives the same accuracy on the chart pages.",
			[]oaParameter{param("model", "the model's slug, as index.json's evaluations[].slug", slugs, slugs[0])}, jsonFile("evaluations"))
	}
	if len(idx.Pages) == 0 {
		return doc
	}
	first := idx.Pages[0]
	viewPrec := strings.TrimSuffix(first.Views[0].URL[strings.LastIndex(first.Views[0].URL, "/")+1:], ".json")
	add("/"+output.APIRoot+"views/{model}/{sequence}/{precision}.json", "getView",
		"A chart page's newest snapshot for one precision, in the InferenceX inference-view format",
		"The format `frontier build` reads: a data folder holding only these files builds the same chart pages (points, frontiers, best per GPU). "+
			"Each view also gives its frontiers on every x axis the page offers, as point ids in x order: frontiers (the view's global one) and series[].frontiers (each series'), "+
			"so a client that draws its own chart needs no Pareto code.",
		append(pageParams(first), param("precision", "the precision's slug, as index.json's pages[].views[] name them", precs, viewPrec)), jsonFile("view"))
	add("/"+output.APIRoot+"history/{model}/{sequence}.json", "getHistory", "A chart page's dates, as-of rule and rows",
		AsOfRule, pageParams(first), jsonFile("history"))
	add("/{model}/{sequence}/data.json", "getData", "Every point a chart page shows, with every metric", "", pageParams(first), jsonFile("data"))
	add("/{model}/{sequence}/page.json", "getPageData", "The page data the chart page's script reads", "", pageParams(first), jsonFile("page"))
	add("/{model}/{sequence}/data.csv", "getDataCSV", "Every point a chart page shows, one row per point", "", pageParams(first),
		map[string]oaResponse{"200": {Description: "CSV with a header row", Content: map[string]oaMedia{"text/csv": {map[string]string{"type": "string"}}}}})
	if i := slices.IndexFunc(idx.Pages, func(p *IndexPage) bool { return len(p.Dates) > 1 }); i >= 0 {
		add("/{model}/{sequence}/history/index.json", "getHistoryIndex", "A chart page's history index: every row it measured, stored once",
			"Only a chart page with more than one date has one (its history document's rows).", pageParams(idx.Pages[i]), jsonFile("history-index"))
	}
	if i := slices.IndexFunc(idx.Pages, func(p *IndexPage) bool { return len(p.Compare) > 0 }); i >= 0 {
		p := idx.Pages[i]
		add("/{model}/{sequence}/compare/{pair}/compare.json", "getCompare", "Two GPUs of a chart page compared at each reference interactivity",
			"", append(pageParams(p), param("pair", "two GPU slugs, \"<a>-vs-<b>\", a before b, as index.json's pages[].compare[].pair", pairs, p.Compare[0].Pair)),
			jsonFile("compare"))
	}
	return doc
}
