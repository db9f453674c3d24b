package output

import (
	"slices"
	"strings"
)

// The static API's URL layout (package api writes the files; the renderer links to them from
// pages, the sitemap, llms.txt and JSON-LD). The paths are below the site's base path and
// stable: no content hash, so that a notebook or a dashboard can keep a URL.

// APIRoot is the folder of the site's static API.
const APIRoot = "api/v1/"

// APIIndex is the API's index: every model, sequence, precision, GPU, date and file.
const APIIndex = APIRoot + "index.json"

// APIOpenAPI is the OpenAPI 3.1 document describing every file of the API as a GET.
const APIOpenAPI = APIRoot + "openapi.json"

// APISchemaDir is the folder of the JSON Schemas of every JSON file the site writes.
const APISchemaDir = APIRoot + "schema/"

// APISchema is the path of the JSON Schema called name ("view", "index", "data", ...):
// api/v1/schema/view.schema.json.
func APISchema(name string) string { return APISchemaDir + name + ".schema.json" }

// APIView is the path of the newest inference view of the chart page at pagePath
// ("deepseek-v4-pro/8k-1k/") for one precision: api/v1/views/deepseek-v4-pro/8k-1k/fp4.json.
func APIView(pagePath, precision string) string {
	return APIRoot + "views/" + pagePath + Slug(precision) + ".json"
}

// APIHistory is the path of the history document of the chart page at pagePath:
// api/v1/history/deepseek-v4-pro/8k-1k.json.
func APIHistory(pagePath string) string {
	return APIRoot + "history/" + strings.TrimSuffix(pagePath, "/") + ".json"
}

// APIEvaluations is the path of the evals of the models whose slug is modelSlug
// ("deepseek-r1-0528", as their chart pages' folder): api/v1/evaluations/deepseek-r1-0528.json.
func APIEvaluations(modelSlug string) string { return APIRoot + "evaluations/" + modelSlug + ".json" }

// APIPrecisions are a page's precisions grouped by their slug, in slug order: one view file
// each (two precisions written "FP8" and "fp8" would share it).
func APIPrecisions(precisions []string) [][]string {
	ps := slices.Clone(precisions)
	slices.SortStableFunc(ps, func(a, b string) int { return strings.Compare(Slug(a), Slug(b)) })
	var out [][]string
	for i, p := range ps {
		if i > 0 && Slug(p) == Slug(ps[i-1]) {
			out[len(out)-1] = append(out[len(out)-1], p)
			continue
		}
		out = append(out, []string{p})
	}
	return out
}
