package site

import (
	"bytes"
	"cmp"
	"maps"
	"net/url"
	"os"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"gopkg.in/yaml.v3"

	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/links"
	"golang.org/x/net/html"
)

// The deploy tests build the example site as it is deployed: under a GitHub Pages project
// sub-path and at the root of a host. Every URL the bundle holds must honour the base path.

// deployBases are the base URLs every deploy test builds for: a project site and a root site.
var deployBases = []string{"https://owner.github.io/repo/", "/"}

// exampleSite builds the example site (the repository's data/ folder plus testsite.LinksPage at
// guides/links.md) for baseURL, in memory.
func exampleSite(t *testing.T, baseURL string) *Files {
	t.Helper()
	data := testsite.RealData(t)
	data["guides/links.md"] = &fstest.MapFile{Data: []byte(testsite.LinksPage)}
	cfg := exampleConfig(t)
	cfg.BaseURL = baseURL
	files, _, err := build(t, data, cfg)
	if err != nil {
		t.Fatalf("build for %s: %v", baseURL, err)
	}
	return files
}

// htmlPages lists the HTML files of a bundle.
func htmlPages(files *Files) []string {
	var pages []string
	for _, name := range files.Names() {
		if strings.HasSuffix(name, ".html") {
			pages = append(pages, name)
		}
	}
	return pages
}

func TestDeployBundleHasHostFiles(t *testing.T) {
	t.Parallel()
	for _, base := range deployBases {
		t.Run(base, func(t *testing.T) {
			files := exampleSite(t, base)
			for _, name := range []string{"index.html", "404.html", ".nojekyll", "sitemap.xml", "robots.txt"} {
				if _, ok := files.Get(name); !ok {
					t.Errorf("bundle lacks %s", name)
				}
			}
			if b, _ := files.Get(".nojekyll"); len(b) != 0 {
				t.Errorf(".nojekyll = %q, want an empty file", b)
			}
			cfg := Config{BaseURL: base}
			robots, _ := files.Get("robots.txt")
			want := "Sitemap: " + cfg.AbsURL("sitemap.xml") + "\n"
			if !cfg.HasHost() {
				// The sitemap protocol takes absolute URLs only; a base without a host has none.
				if bytes.Contains(robots, []byte("Sitemap:")) {
					t.Errorf("robots.txt names a sitemap without a host:\n%s", robots)
				}
			} else if !bytes.Contains(robots, []byte(want)) {
				t.Errorf("robots.txt does not name the sitemap (want a line %q):\n%s", want, robots)
			}
		})
	}
}

func TestDeploySitemapListsEveryPageByAbsoluteURL(t *testing.T) {
	t.Parallel()
	files := exampleSite(t, "https://owner.github.io/repo/")
	sitemap, _ := files.Get("sitemap.xml")
	var got []string
	for _, m := range regexp.MustCompile(`<loc>([^<]*)</loc>`).FindAllSubmatch(sitemap, -1) {
		got = append(got, string(m[1]))
	}
	for _, want := range []string{
		"https://owner.github.io/repo/",
		"https://owner.github.io/repo/about/",
		"https://owner.github.io/repo/deepseek-v4-pro/8k-1k/",
		"https://owner.github.io/repo/guides/links/",
	} {
		if !strings.Contains(strings.Join(got, "\n")+"\n", want+"\n") {
			t.Errorf("sitemap lacks %s; it has %q", want, got)
		}
	}
	for _, loc := range got {
		if !strings.HasPrefix(loc, "https://owner.github.io/repo/") {
			t.Errorf("sitemap entry %q is not an absolute URL under the base", loc)
		}
		if strings.Contains(loc, "404") {
			t.Errorf("sitemap lists the not-found page: %s", loc)
		}
	}
	var pages int
	for _, name := range htmlPages(files) {
		if strings.HasSuffix(name, "/embed/index.html") {
			if slices.ContainsFunc(got, func(loc string) bool { return strings.HasSuffix(loc, "/embed/") }) {
				t.Errorf("sitemap lists an embed page: %q", got)
			}
			continue
		}
		if path.Base(name) != "404.html" { // each language's not-found page
			pages++
		}
	}
	// Besides the pages: the static API's index and OpenAPI document, and each chart page's
	// views and history (JSON files, once for every language).
	for _, name := range files.Names() {
		if strings.HasPrefix(name, "api/v1/") && !strings.HasPrefix(name, "api/v1/schema/") {
			pages++
		}
	}
	if len(got) != pages {
		t.Errorf("sitemap has %d entries, the bundle %d pages besides 404.html and the embeds, and its API files", len(got), pages)
	}
}

// TestDeployEveryURLHonoursBasePath is the rule of docs/deploying.md "The base URL": each
// href, src and srcset is a fragment, a path from the base path, an absolute URL under the
// base URL, or a relative path that resolves (CheckLinks proves that part). Only plain links
// (<a href>) may leave the site; nothing the browser loads ever does.
func TestDeployEveryURLHonoursBasePath(t *testing.T) {
	t.Parallel()
	for _, baseURL := range deployBases {
		t.Run(baseURL, func(t *testing.T) {
			files := exampleSite(t, baseURL)
			base := Config{BaseURL: baseURL}.BasePath()
			var n int
			for _, name := range htmlPages(files) {
				page, _ := files.Get(name)
				for _, r := range links.Refs(page) {
					tag, ref := r, r.URL
					{
						n++
						u, err := url.Parse(ref)
						switch {
						case err != nil:
							t.Errorf("%s: <%s> has %q, not a URL", name, tag.Tag, ref)
						case strings.HasPrefix(ref, "#"):
						case u.Host == "owner.github.io" && strings.HasPrefix(u.Path, base):
						case u.Host != "" || u.Scheme != "":
							if tag.Tag != "a" {
								t.Errorf("%s: <%s> loads %q from another site", name, tag.Tag, ref)
							}
						case strings.HasPrefix(ref, "/"):
							if !strings.HasPrefix(ref, base) {
								t.Errorf("%s: <%s> has %q, outside the base path %s", name, tag.Tag, ref, base)
							}
						case name == "404.html":
							t.Errorf("404.html: relative URL %q breaks when the page is served for a missing URL below the top", ref)
						}
					}
				}
			}
			if n < 50 {
				t.Errorf("only %d URLs in the bundle's pages: is the scanner seeing them?", n)
			}
			rep, err := links.Check(files, baseURL)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range rep.Broken {
				t.Error(p)
			}
		})
	}
}

func TestDeployMarkdownLinksAndChartBlockUnderBasePath(t *testing.T) {
	t.Parallel()
	files := exampleSite(t, "https://owner.github.io/repo/")
	page, ok := files.Get("guides/links/index.html")
	if !ok {
		t.Fatalf("no page built from guides/links.md; files: %v", files.Names())
	}
	for _, want := range []string{
		`href="/repo/about/"`,
		`href="/repo/about/#the-frontier"`,
		`href="/repo/"`,
		`href="/repo/deepseek-v4-pro/8k-1k/"`,
		`href="/repo/deepseek-v4-pro/8k-1k/data.csv"`,
		`href="/repo/deepseek-v4-pro/8k-1k/#spec=mtp"`,
		`href="#second-part"`,
		`href="https://example.com/elsewhere/"`,
		`data-slug="deepseek-v4-pro/8k-1k"`,
		`<link rel="canonical" href="https://owner.github.io/repo/guides/links/">`,
	} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("guides/links/index.html lacks %s", want)
		}
	}
}

// TestDeployPageMeta checks what a link preview reads, on every page kind: the title, the
// description (a markdown page's from its front matter), the canonical URL and og: tags that
// repeat them.
func TestDeployPageMeta(t *testing.T) {
	t.Parallel()
	files := exampleSite(t, "https://owner.github.io/repo/")
	const site = "https://owner.github.io/repo/"
	cases := []struct {
		file, canonical, title, ogTitle, description string
	}{
		// The home page's title is the site's, alone or after data/index.md's: either previews well.
		{"index.html", site, "", "", ""},
		{"deepseek-v4-pro/8k-1k/index.html", site + "deepseek-v4-pro/8k-1k/",
			"DeepSeek-V4-Pro 8k/1k · Frontier", "DeepSeek-V4-Pro 8k/1k", "DeepSeek-V4-Pro at 8k/1k"},
		{"guides/links/index.html", site + "guides/links/",
			"Links under a base path · Frontier", "Links under a base path",
			"A page that links every way an author writes a link, for the deploy tests."},
		{"404.html", "", "Page not found · Frontier", "Page not found", ""},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			page, ok := files.Get(c.file)
			if !ok {
				t.Fatalf("no %s", c.file)
			}
			m := headMeta(page)
			if c.title == "" && !strings.HasSuffix(m["title"], "Frontier") || c.title != "" && m["title"] != c.title {
				t.Errorf("<title> = %q, want %q", m["title"], cmp.Or(c.title, "… Frontier"))
			}
			if c.ogTitle == "" && m["og:title"] == "" || c.ogTitle != "" && m["og:title"] != c.ogTitle {
				t.Errorf("og:title = %q, want %q", m["og:title"], cmp.Or(c.ogTitle, "a title"))
			}
			if m["description"] == "" || !strings.HasPrefix(m["description"], c.description) {
				t.Errorf("description = %q, want it to start with %q", m["description"], c.description)
			}
			if m["og:description"] != m["description"] {
				t.Errorf("og:description = %q, want the description %q", m["og:description"], m["description"])
			}
			if c.file == "404.html" {
				// Served at every missing address: no URL of its own, and not for search engines.
				if m["canonical"] != "" || m["og:url"] != "" || !bytes.Contains(page, []byte(`<meta name="robots" content="noindex">`)) {
					t.Errorf("404.html: canonical %q, og:url %q, want neither and a noindex robots tag", m["canonical"], m["og:url"])
				}
				return
			}
			if c.canonical != "" && m["canonical"] != c.canonical {
				t.Errorf("canonical = %q, want %q", m["canonical"], c.canonical)
			}
			if !strings.HasPrefix(m["canonical"], site) {
				t.Errorf("canonical = %q, want an absolute URL under %s", m["canonical"], site)
			}
			if m["og:url"] != m["canonical"] {
				t.Errorf("og:url = %q, want the canonical URL %q", m["og:url"], m["canonical"])
			}
		})
	}
}

// headMeta reads a page's title, canonical link and description meta tags, keyed by
// "title", "canonical", "description" and the og: property names.
func headMeta(page []byte) map[string]string {
	m := map[string]string{}
	if t := regexp.MustCompile(`<title>([^<]*)</title>`).FindSubmatch(page); t != nil {
		m["title"] = htmlText(string(t[1]))
	}
	for _, tag := range startTags(page) {
		if rel, _ := attr(tag, "rel"); tag.Data == "link" && rel == "canonical" {
			m["canonical"], _ = attr(tag, "href")
		}
		if tag.Data != "meta" {
			continue
		}
		content, _ := attr(tag, "content")
		if name, ok := attr(tag, "name"); ok {
			m[name] = content
		}
		if prop, ok := attr(tag, "property"); ok {
			m[prop] = content
		}
	}
	return m
}

// startTags lists a page's start tags, as a browser's tokenizer reads them.
func startTags(page []byte) []html.Token {
	var tags []html.Token
	z := html.NewTokenizer(bytes.NewReader(page))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return tags
		case html.StartTagToken, html.SelfClosingTagToken:
			tags = append(tags, z.Token())
		}
	}
}

// attr returns the value of a tag's attribute key, and whether it has it.
func attr(t html.Token, key string) (string, bool) {
	for _, a := range t.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// htmlText resolves the character references html/template writes in text.
func htmlText(s string) string {
	return strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">", "&#39;", "'", "&#34;", `"`, "&quot;", `"`).Replace(s)
}

// TestDeployNotFoundPageWorksAtAnyDepth: a host serves 404.html for any missing URL, so
// every URL in it is absolute (from the base path) and it looks like the rest of the site.
func TestDeployNotFoundPageWorksAtAnyDepth(t *testing.T) {
	t.Parallel()
	for _, baseURL := range deployBases {
		t.Run(baseURL, func(t *testing.T) {
			files := exampleSite(t, baseURL)
			base := Config{BaseURL: baseURL}.BasePath()
			page, _ := files.Get("404.html")
			var stylesheet, home bool
			for _, tag := range startTags(page) {
				rel, _ := attr(tag, "rel")
				href, _ := attr(tag, "href")
				if tag.Data == "link" && rel == "stylesheet" {
					stylesheet = strings.HasPrefix(href, base+"assets/style.")
				}
				if tag.Data == "a" && href == base {
					home = true
				}
			}
			if !stylesheet {
				t.Errorf("404.html does not load the site's stylesheet from %sassets/", base)
			}
			if !home {
				t.Errorf("404.html does not link the home page %s", base)
			}
		})
	}
}

// ghWorkflow is the part of a GitHub Actions workflow the deploy test reads.
type ghWorkflow struct {
	On          map[string]any    `yaml:"on"`
	Permissions map[string]string `yaml:"permissions"`
	Concurrency struct {
		Group            string `yaml:"group"`
		CancelInProgress *bool  `yaml:"cancel-in-progress"`
	} `yaml:"concurrency"`
	Jobs map[string]struct {
		Needs       any               `yaml:"needs"`
		Permissions map[string]string `yaml:"permissions"`
		Environment struct {
			Name string `yaml:"name"`
			URL  string `yaml:"url"`
		} `yaml:"environment"`
		Steps []ghStep `yaml:"steps"`
	} `yaml:"jobs"`
}

type ghStep struct {
	ID   string            `yaml:"id"`
	Uses string            `yaml:"uses"`
	Run  string            `yaml:"run"`
	With map[string]string `yaml:"with"`
	Env  map[string]string `yaml:"env"`
}

// action is the action a step uses without its version: "actions/checkout".
func (s ghStep) action() string { a, _, _ := strings.Cut(s.Uses, "@"); return a }

// TestDeployPagesWorkflow reads .github/workflows/pages.yml as GitHub does and checks that it
// has what a Pages deployment needs, and that the repository's own Action (action.yml), which it
// uses, builds for the address configure-pages reports into the folder the workflow uploads.
func TestDeployPagesWorkflow(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../.github/workflows/pages.yml")
	if err != nil {
		t.Fatal(err)
	}
	var wf ghWorkflow
	if err := yaml.Unmarshal(src, &wf); err != nil {
		t.Fatalf("pages.yml: %v", err)
	}
	actionSrc, err := os.ReadFile("../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	var action struct {
		Runs struct {
			Using string   `yaml:"using"`
			Steps []ghStep `yaml:"steps"`
		} `yaml:"runs"`
	}
	if err := yaml.Unmarshal(actionSrc, &action); err != nil {
		t.Fatalf("action.yml: %v", err)
	}

	push, _ := wf.On["push"].(map[string]any)
	branches, _ := push["branches"].([]any)
	if !slices.Contains(branches, any("main")) {
		t.Errorf("on.push.branches = %v, want main", branches)
	}
	if _, ok := wf.On["workflow_dispatch"]; !ok {
		t.Error("no workflow_dispatch: the site cannot be deployed by hand")
	}
	// The workflow reads; only the deploy job may write to Pages and mint an OIDC token.
	if want := map[string]string{"contents": "read"}; !maps.Equal(wf.Permissions, want) {
		t.Errorf("permissions = %v, want %v", wf.Permissions, want)
	}
	if got, want := wf.Jobs["deploy"].Permissions, map[string]string{"pages": "write", "id-token": "write"}; !maps.Equal(got, want) {
		t.Errorf("deploy job permissions = %v, want %v", got, want)
	}
	for name, job := range wf.Jobs {
		if name != "deploy" && (job.Permissions["pages"] == "write" || job.Permissions["id-token"] == "write") {
			t.Errorf("job %s: permissions %v; only deploy writes to Pages", name, job.Permissions)
		}
	}
	if wf.Concurrency.Group != "pages" || wf.Concurrency.CancelInProgress == nil || *wf.Concurrency.CancelInProgress {
		t.Errorf("concurrency: group %q, cancel-in-progress %v; want group pages and cancel-in-progress: false",
			wf.Concurrency.Group, wf.Concurrency.CancelInProgress != nil && *wf.Concurrency.CancelInProgress)
	}

	// The build job, in order: checkout, the Action, upload-pages-artifact.
	build := wf.Jobs["build"]
	order := map[string]int{}
	pinned := regexp.MustCompile(`^v\d+$`)
	for i, s := range append(build.Steps, action.Runs.Steps...) {
		if s.Uses == "" {
			continue
		}
		if i < len(build.Steps) {
			order[s.action()] = i
		}
		if _, v, _ := strings.Cut(s.Uses, "@"); s.Uses != "./" && !pinned.MatchString(v) {
			t.Errorf("%s: pin a major version (@vN), got @%s", s.action(), v)
		}
	}
	for _, a := range []string{"actions/checkout", "./", "actions/upload-pages-artifact"} {
		if _, ok := order[a]; !ok {
			t.Errorf("build job does not use %s", a)
		}
	}
	if !(order["actions/checkout"] < order["./"] && order["./"] < order["actions/upload-pages-artifact"]) {
		t.Errorf("steps out of order: checkout, the Action (./), upload-pages-artifact")
	}
	upload := build.Steps[order["actions/upload-pages-artifact"]]
	if upload.With["include-hidden-files"] != "true" {
		t.Error("upload-pages-artifact leaves out hidden files, .nojekyll among them, without include-hidden-files: true")
	}

	// The Action asks configure-pages for the address, builds for it (with the trailing slash
	// base_url lacks) into the folder the workflow uploads, and checks the links.
	if action.Runs.Using != "composite" {
		t.Fatalf("action.yml: runs.using = %q, want composite", action.Runs.Using)
	}
	var pagesID, script string
	for _, s := range action.Runs.Steps {
		if s.action() == "actions/configure-pages" {
			pagesID = s.ID
		}
		script += s.Run + "\n"
		for _, v := range s.Env {
			script += v + "\n"
		}
	}
	if pagesID == "" {
		t.Fatal("action.yml: no actions/configure-pages step with an id, so its base_url cannot be read")
	}
	for _, want := range []string{
		"format('{0}/', steps." + pagesID + ".outputs.base_url)",
		`frontier build --data "$DATA" --out ` + strings.TrimSuffix(upload.With["path"], "/") + ` --base-url "$BASE_URL"`,
		`frontier check --links ` + strings.TrimSuffix(upload.With["path"], "/") + ` --base-url "$base"`,
	} {
		if !strings.Contains(script, want) {
			t.Errorf("action.yml does not have %q (upload path %q)", want, upload.With["path"])
		}
	}

	// The deploy job publishes what build uploaded, and names the URL on the run's page.
	deploy, ok := wf.Jobs["deploy"]
	if !ok {
		t.Fatal("no deploy job")
	}
	if deploy.Needs != "build" && !slices.Equal(anyStrings(deploy.Needs), []string{"build"}) {
		t.Errorf("deploy needs %v, want build", deploy.Needs)
	}
	var dep ghStep
	for _, s := range deploy.Steps {
		if s.action() == "actions/deploy-pages" {
			dep = s
		}
	}
	if dep.Uses == "" || dep.ID == "" {
		t.Fatalf("deploy job has no actions/deploy-pages step with an id: %+v", deploy.Steps)
	}
	if deploy.Environment.Name != "github-pages" || deploy.Environment.URL != "${{ steps."+dep.ID+".outputs.page_url }}" {
		t.Errorf("deploy environment = %+v, want github-pages with the deploy step's page_url", deploy.Environment)
	}
}

func anyStrings(v any) []string {
	var s []string
	if l, ok := v.([]any); ok {
		for _, x := range l {
			str, _ := x.(string)
			s = append(s, str)
		}
	}
	return s
}

// exampleConfig is the example site's frontier.toml, which its raw bench-serve files need.
func exampleConfig(t testing.TB) Config {
	t.Helper()
	cfg, ps := ParseConfig("frontier.toml", testsite.RealConfig(t))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	return cfg
}

// TestDeployHeadCanonicalAndOpenGraph: a canonical link (and og:url) only when the base URL
// has a host, never a relative one; an Open Graph title and description on every page; the
// base path in frontier-base on every page; and noindex, no canonical, on the embeds.
func TestDeployHeadCanonicalAndOpenGraph(t *testing.T) {
	t.Parallel()
	meta := func(page []byte, attr, name string) (string, bool) {
		m := regexp.MustCompile(`<meta ` + attr + `="` + regexp.QuoteMeta(name) + `" content="([^"]*)">`).FindSubmatch(page)
		if m == nil {
			return "", false
		}
		return string(m[1]), true
	}
	for _, c := range []struct{ base, path string }{{"https://owner.github.io/repo/", "/repo/"}, {"/repo/", "/repo/"}, {"/", "/"}} {
		t.Run(c.base, func(t *testing.T) {
			files := exampleSite(t, c.base)
			host := strings.HasPrefix(c.base, "https://")
			for _, name := range htmlPages(files) {
				page, _ := files.Get(name)
				canonical := regexp.MustCompile(`<link rel="canonical" href="([^"]*)">`).FindSubmatch(page)
				embed := strings.HasSuffix(name, "embed/index.html")
				switch {
				case embed || path.Base(name) == "404.html":
					if canonical != nil {
						t.Errorf("%s: canonical link %s on a noindex page", name, canonical[1])
					}
					if !bytes.Contains(page, []byte(`<meta name="robots" content="noindex">`)) {
						t.Errorf("%s: no noindex", name)
					}
				case host && canonical == nil:
					t.Errorf("%s: no canonical link with a base URL that has a host", name)
				case !host && canonical != nil:
					t.Errorf("%s: canonical link %s, want none without a host (a relative one is invalid)", name, canonical[1])
				case canonical != nil && !strings.HasPrefix(string(canonical[1]), c.base):
					t.Errorf("%s: canonical %s is not an absolute URL under %s", name, canonical[1], c.base)
				}
				if _, ok := meta(page, "property", "og:url"); ok != (canonical != nil) {
					t.Errorf("%s: og:url %v, canonical %v: want both or neither", name, ok, canonical != nil)
				}
				for _, og := range []string{"og:title", "og:description"} {
					if v, _ := meta(page, "property", og); strings.TrimSpace(v) == "" {
						t.Errorf("%s: no %s", name, og)
					}
				}
				if v, _ := meta(page, "name", "frontier-base"); v != c.path {
					t.Errorf("%s: frontier-base %q, want %q", name, v, c.path)
				}
			}
		})
	}
}
