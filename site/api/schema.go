package api

import (
	"embed"
	"path"
	"strings"

	"github.com/frontier-bench/frontier/site/output"
)

// schemaFS holds the JSON Schemas (2020-12) the site serves under /api/v1/schema/. They are
// files, not Go, so that a reader's tools read the same text the tests validate with. They
// keep no $defs and no $ref: openapi.json embeds each one whole as a component.
//
//go:embed schema/*.json
var schemaFS embed.FS

// Schema names one JSON Schema and the files it describes.
type Schema struct {
	Name      string // the file's name without .json: "view", "index", ...
	Describes string // the files it holds to, as index.json says
}

// Schemas are the JSON Schemas of every JSON file the site writes, in the order index.json
// lists them. SchemaOf says which holds a given file.
var Schemas = []Schema{
	{"index", "api/v1/index.json"},
	{"view", "api/v1/views/<model>/<sequence>/<precision>.json"},
	{"history", "api/v1/history/<model>/<sequence>.json"},
	{"data", "<model>/<sequence>/data.json"},
	{"page", "<model>/<sequence>/page.json"},
	{"history-index", "<model>/<sequence>/history/index.json"},
	{"compare", "<model>/<sequence>/compare/<a>-vs-<b>/compare.json"},
	{"overview", "overview/overview.json"},
	{"evaluations", "api/v1/evaluations/<model>.json"},
}

// SchemaOf is the name of the schema that holds the site's JSON file at slash path name (below
// the site, a language's folder included), "" for a file that is no JSON file the site
// writes. openapi.json, which is held to the OpenAPI 3.1 schema, and the schemas themselves,
// held to JSON Schema's, give "".
func SchemaOf(name string) string {
	switch {
	case !strings.HasSuffix(name, ".json"):
		return ""
	case strings.HasPrefix(name, output.APIRoot):
		rest := strings.TrimPrefix(name, output.APIRoot)
		switch {
		case rest == "index.json":
			return "index"
		case strings.HasPrefix(rest, "views/"):
			return "view"
		case strings.HasPrefix(rest, "history/"):
			return "history"
		case strings.HasPrefix(rest, "evaluations/"):
			return "evaluations"
		}
		return ""
	case name == OverviewData:
		return "overview"
	}
	switch base := path.Base(name); {
	case base == "data.json":
		return "data"
	case base == "page.json":
		return "page"
	case base == "compare.json" && path.Base(path.Dir(path.Dir(name))) == "compare":
		return "compare"
	case base == "index.json" && path.Base(path.Dir(name)) == "history":
		return "history-index"
	}
	return ""
}

// SchemaText is the text of the schema called name, as the site serves it.
func SchemaText(name string) ([]byte, error) {
	return schemaFS.ReadFile("schema/" + name + ".schema.json")
}
