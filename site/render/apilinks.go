package render

// The static API (package api writes its files, output/apipaths.go names them) as the pages
// point to it: a chart page's links to its own API files, its JSON-LD distribution, its lines
// of llms.txt and the sitemap, and the /api/ page, which says in the page's language what the
// files are and shows how to read them with curl and pandas.

import (
	"github.com/frontier-bench/frontier/site/page"
	"strings"

	"github.com/frontier-bench/frontier/site/output"
)

// apiLink is one of a chart page's API files.
type apiLink struct {
	Name string // "fp4.json", "history.json"
	Path string // below the site's base path
	URL  string // root-relative, honouring the base path
}

// apiFiles are chart page p's API files, their URLs below root (the site's base path): its
// newest view per precision, then its history.
func apiFiles(root string, p *page.Page) []apiLink {
	var out []apiLink
	for _, precs := range output.APIPrecisions(p.Precisions) {
		name := output.APIView(p.Path, precs[0])
		out = append(out, apiLink{Name: name[strings.LastIndexByte(name, '/')+1:], Path: name, URL: root + name})
	}
	h := output.APIHistory(p.Path)
	return append(out, apiLink{Name: "history.json", Path: h, URL: root + h})
}

// apiDownloads are chart page p's API files as schema.org DataDownloads, each naming the JSON
// Schema it follows (schemaVersion: "a particular version of a schema used", by URL).
func (r *Renderer) apiDownloads(p *page.Page) []downloadLD {
	cfg := r.in.Config
	var out []downloadLD
	for _, f := range apiFiles("", p) {
		schema := "view"
		if f.Name == "history.json" {
			schema = "history"
		}
		out = append(out, downloadLD{Type: "DataDownload", Name: "API: " + f.Name, ContentURL: cfg.AbsURL(f.Path),
			EncodingFormat: "application/json", SchemaVersion: cfg.AbsURL(output.APISchema(schema))})
	}
	return out
}

// apiPageView is what api.html sees as .API.
type apiPageView struct {
	Index, OpenAPI, Schemas string // URLs
	// Site is the site's address that the curl and pandas examples start from (SITE= and
	// site =): the base URL when it has a host. Without one the build cannot know where the
	// site will be served, so it is the placeholder https://HOST plus the base path, and
	// FillBase (the base path) tells apisite.js to write the page's own origin in its place.
	Site, FillBase string
	// An example of each kind of file, from the first chart page: paths below Site.
	ExIndex, ExView, ExHistory, ExData, ExCSV string
	Page                                      string // the first chart page's name, "DeepSeek-V4-Pro 8k/1k"
	Files                                     []apiLink
}

// apiPlaceholderHost stands for the host in the /api/ page's examples when the base URL has none.
const apiPlaceholderHost = "https://HOST"

// renderAPIPage writes /api/: the static API's files, their schemas, and how to fetch them.
func (r *Renderer) renderAPIPage(w output.Writer) error {
	root := r.site.Root
	av := &apiPageView{Index: root + output.APIIndex, OpenAPI: root + output.APIOpenAPI, Schemas: root + output.APISchemaDir,
		Site: r.in.Config.AbsURL(""), ExIndex: output.APIIndex}
	if !r.in.Config.HasHost() {
		av.Site, av.FillBase = apiPlaceholderHost+root, root
	}
	if len(r.pages) > 0 {
		p := r.pages[0]
		av.Page = r.modelName(p.Model) + " " + p.Sequence
		av.Files = apiFiles(root, p)
		av.ExView, av.ExHistory = av.Files[0].Path, output.APIHistory(p.Path)
		av.ExData, av.ExCSV = p.Path+"data.json", p.Path+"data.csv"
	}
	v := r.view("api/", r.cat.T("api.title"), r.cat.T("api.description"))
	v.API = av
	return r.execute(w, "api", "api/index.html", v)
}
