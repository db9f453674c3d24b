package site

// What a shared link and a machine reader get from a built site: the og:image card of the
// home and of every chart page (only with a base URL that has a host), each chart page's
// schema.org Dataset markup, and llms.txt.

import (
	"bytes"
	"encoding/json"
	"image/png"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/net/html"

	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/links"
)

// twoPages is a data folder of two chart pages: the seed, and a small page of another model.
func twoPages(t *testing.T) fstest.MapFS {
	data := seedFS(t)
	data["x.json"] = &fstest.MapFile{Data: testsite.Marshal(t, testsite.Doc())}
	return data
}

func hostConfig() Config {
	cfg := DefaultConfig()
	cfg.BaseURL = "https://example.org/repo/"
	return cfg
}

// metas are a page's <meta property|name=... content=...>, by property or name.
func metas(t *testing.T, page []byte) map[string]string {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "meta" {
			var key, content string
			for _, a := range n.Attr {
				switch a.Key {
				case "property", "name":
					key = a.Val
				case "content":
					content = a.Val
				}
			}
			if key != "" {
				out[key] = content
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return out
}

func mustGet(t *testing.T, files *Files, name string) []byte {
	t.Helper()
	b, ok := files.Get(name)
	if !ok {
		t.Fatalf("no %s in the build", name)
	}
	return b
}

// cardOf checks the og tags of a page and returns its card's bytes.
func cardOf(t *testing.T, files *Files, page string) []byte {
	t.Helper()
	m := metas(t, mustGet(t, files, page))
	img := m["og:image"]
	u, err := url.Parse(img)
	if err != nil || u.Scheme != "https" || u.Host != "example.org" || !strings.HasPrefix(u.Path, "/repo/") {
		t.Fatalf("%s: og:image %q, want an absolute https URL under the base URL", page, img)
	}
	for k, want := range map[string]string{"og:image:width": "1200", "og:image:height": "630", "twitter:card": "summary_large_image"} {
		if m[k] != want {
			t.Errorf("%s: %s = %q, want %q", page, k, m[k], want)
		}
	}
	if m["og:title"] == "" || m["og:description"] == "" || m["og:image:alt"] == "" {
		t.Errorf("%s: og:title %q, og:description %q, og:image:alt %q: want all three", page, m["og:title"], m["og:description"], m["og:image:alt"])
	}
	name := strings.TrimPrefix(u.Path, "/repo/")
	if !regexp.MustCompile(`(^|/)card\.[0-9a-f]{10}\.png$`).MatchString(name) {
		t.Errorf("%s: card at %s, want a content-hashed card.<hash>.png", page, name)
	}
	b := mustGet(t, files, name)
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %s is not a PNG: %v", page, name, err)
	}
	if cfg.Width != 1200 || cfg.Height != 630 {
		t.Errorf("%s: card is %d×%d, want 1200×630", page, cfg.Width, cfg.Height)
	}
	if _, err := png.Decode(bytes.NewReader(b)); err != nil {
		t.Errorf("%s: card does not decode: %v", page, err)
	}
	return b
}

func TestCardsForEveryChartPageAndHomeWithAHost(t *testing.T) {
	t.Parallel()
	files, _, err := build(t, twoPages(t), hostConfig())
	if err != nil {
		t.Fatal(err)
	}
	home := cardOf(t, files, "index.html")
	seed := cardOf(t, files, "deepseek-v4-pro/8k-1k/index.html")
	other := cardOf(t, files, "model-x/8k-1k/index.html")
	if bytes.Equal(seed, other) || bytes.Equal(home, other) {
		t.Error("two pages have the same card")
	}

	again, _, err := build(t, twoPages(t), hostConfig())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(seed, cardOf(t, again, "deepseek-v4-pro/8k-1k/index.html")) {
		t.Error("two builds of the same inputs drew different cards")
	}
	testsite.SameFiles(t, "a second build", again, files)

	rep, err := links.Check(files, "https://example.org/repo/")
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Broken) > 0 {
		t.Errorf("broken links: %v", rep.Broken)
	}
}

func TestNoCardsWithoutAHostNorInThePreview(t *testing.T) {
	t.Parallel()
	check := func(name string, files *Files) {
		t.Helper()
		for _, f := range files.Names() {
			if strings.HasSuffix(f, ".png") {
				t.Errorf("%s: a card %s", name, f)
			}
		}
		for _, page := range []string{"index.html", "deepseek-v4-pro/8k-1k/index.html"} {
			m := metas(t, mustGet(t, files, page))
			if img, ok := m["og:image"]; ok {
				t.Errorf("%s: %s has og:image %q", name, page, img)
			}
			if m["twitter:card"] != "summary" {
				t.Errorf("%s: %s has twitter:card %q, want summary", name, page, m["twitter:card"])
			}
		}
	}
	cfg := DefaultConfig()
	cfg.BaseURL = "/repo/"
	files, _, err := build(t, seedFS(t), cfg)
	if err != nil {
		t.Fatal(err)
	}
	check("base URL /repo/", files)

	preview := func(cards bool) *Files {
		files := &Files{}
		in := Input{Data: seedFS(t), Config: hostConfig(), ECharts: fakeECharts, Dev: true, PreviewCards: cards}
		if _, err := Build(in, files); err != nil {
			t.Fatal(err)
		}
		return files
	}
	check("preview", preview(false))
	cardOf(t, preview(true), "deepseek-v4-pro/8k-1k/index.html") // asked for: drawn
}

// jsonLD is the page's one application/ld+json script, decoded.
func jsonLD(t *testing.T, page []byte) map[string]any {
	t.Helper()
	re := regexp.MustCompile(`<script type="application/ld\+json">([\s\S]*?)</script>`)
	ms := re.FindAllSubmatch(page, -1)
	if len(ms) != 1 {
		t.Fatalf("%d ld+json scripts, want 1", len(ms))
	}
	var v map[string]any
	if err := json.Unmarshal(ms[0][1], &v); err != nil {
		t.Fatalf("ld+json is not JSON: %v\n%s", err, ms[0][1])
	}
	return v
}

func TestChartPageDatasetMarkup(t *testing.T) {
	t.Parallel()
	cfg := hostConfig()
	cfg.License = "CC-BY-4.0"
	files, _, err := build(t, seedFS(t), cfg)
	if err != nil {
		t.Fatal(err)
	}
	ld := jsonLD(t, mustGet(t, files, "deepseek-v4-pro/8k-1k/index.html"))
	base := "https://example.org/repo/deepseek-v4-pro/8k-1k/"
	for k, want := range map[string]string{
		"@context": "https://schema.org", "@type": "Dataset", "url": base,
		"dateModified": "2026-07-31", "license": "https://spdx.org/licenses/CC-BY-4.0.html",
	} {
		if ld[k] != want {
			t.Errorf("%s = %v, want %q", k, ld[k], want)
		}
	}
	if name, _ := ld["name"].(string); !strings.Contains(name, "DeepSeek-V4-Pro 8k/1k") {
		t.Errorf("name %q, want the model and sequence", name)
	}
	if d, _ := ld["description"].(string); len(d) < 50 {
		t.Errorf("description %q: want a sentence (search engines want 50 characters or more)", d)
	}
	if tc, _ := ld["temporalCoverage"].(string); !regexp.MustCompile(`^\d{4}-\d\d-\d\d(/\d{4}-\d\d-\d\d)?$`).MatchString(tc) || !strings.HasSuffix(tc, "2026-07-31") {
		t.Errorf("temporalCoverage %q, want first/last date ending on the snapshot's", tc)
	}
	dist, _ := ld["distribution"].([]any)
	api := "https://example.org/repo/api/v1/"
	want := map[string]string{base + "data.csv": "text/csv", base + "data.json": "application/json",
		api + "views/deepseek-v4-pro/8k-1k/fp4.json": "application/json", api + "history/deepseek-v4-pro/8k-1k.json": "application/json"}
	for _, d := range dist {
		m, _ := d.(map[string]any)
		u, _ := m["contentUrl"].(string)
		if m["@type"] != "DataDownload" || want[u] == "" || m["encodingFormat"] != want[u] {
			t.Errorf("distribution entry %v: want a DataDownload of data.csv, data.json or an API file with its format", m)
		}
		// The static API's files name the JSON Schema they follow.
		if s, _ := m["schemaVersion"].(string); strings.HasPrefix(u, api) && !strings.HasPrefix(s, api+"schema/") {
			t.Errorf("distribution entry %v: want its schema as schemaVersion", m)
		}
		delete(want, u)
	}
	if len(want) > 0 {
		t.Errorf("distribution lacks %v", want)
	}
	// Without a licence in the config, none is claimed; markdown pages and the home carry none.
	files, _, err = build(t, seedFS(t), hostConfig())
	if err != nil {
		t.Fatal(err)
	}
	if l, ok := jsonLD(t, mustGet(t, files, "deepseek-v4-pro/8k-1k/index.html"))["license"]; ok {
		t.Errorf("license %v without one in the config", l)
	}
	if bytes.Contains(mustGet(t, files, "index.html"), []byte("ld+json")) {
		t.Error("the home page has Dataset markup")
	}
}

func TestDatasetMarkupEscapesHostileNames(t *testing.T) {
	t.Parallel()
	const hostile = `</script><img src=x onerror=alert(1)>`
	doc := testsite.Doc()
	testsite.Edit(t, doc, "params.model", hostile)
	data := fstest.MapFS{"x.json": {Data: testsite.Marshal(t, doc)}}
	files, _, err := build(t, data, hostConfig())
	if err != nil {
		t.Fatal(err)
	}
	var page []byte
	for _, name := range files.Names() {
		if strings.HasSuffix(name, "/8k-1k/index.html") && !strings.Contains(name, "embed") {
			page = mustGet(t, files, name)
		}
	}
	if page == nil {
		t.Fatalf("no chart page in %v", files.Names())
	}
	ld := jsonLD(t, page) // one script element, whole: the name did not end it
	if name, _ := ld["name"].(string); !strings.HasPrefix(name, hostile) {
		t.Errorf("name %q, want it to start with the model's name as it is", name)
	}
	if bytes.Contains(page, []byte("<img src=x")) {
		t.Error("the hostile name reached the page as markup")
	}
	txt := string(mustGet(t, files, "llms.txt"))
	if !strings.Contains(txt, `- [</script><img src=x onerror=alert(1)> 8k/1k](https://example.org/repo/`) {
		t.Errorf("llms.txt does not list the page by its name:\n%s", txt)
	}
}

func TestLLMsTxt(t *testing.T) {
	t.Parallel()
	data := twoPages(t)
	data["about.md"] = &fstest.MapFile{Data: []byte("---\ntitle: Method [v2]\ndescription: How the runs are made.\n---\n\nText.\n")}
	cfg := hostConfig()
	cfg.Title = "Bench"
	cfg.Description = "Inference\nbenchmarks."
	cfg.License = "https://example.org/licence"
	files, _, err := build(t, data, cfg)
	if err != nil {
		t.Fatal(err)
	}
	txt := string(mustGet(t, files, "llms.txt"))
	for _, want := range []string{
		"# Bench\n\n> Inference benchmarks.\n\n",
		"2 chart pages",
		"published under https://example.org/licence",
		"\n## Chart pages\n\n- [DeepSeek-V4-Pro 8k/1k](https://example.org/repo/deepseek-v4-pro/8k-1k/): ",
		"\n- [Model-X 8k/1k](https://example.org/repo/model-x/8k-1k/): ",
		"\n## Data\n\n- [DeepSeek-V4-Pro 8k/1k: data.csv](https://example.org/repo/deepseek-v4-pro/8k-1k/data.csv): ",
		"\n- [Model-X 8k/1k: data.json](https://example.org/repo/model-x/8k-1k/data.json): ",
		"\n## Pages\n\n- [Home](https://example.org/repo/): ",
		"\n- [Overview](https://example.org/repo/overview/): every chart page against every GPU",
		"\n- [Method \\[v2\\]](https://example.org/repo/about/): How the runs are made.\n",
		"\n## Optional\n\n- [Atom feed](https://example.org/repo/feed.xml): ",
	} {
		if !strings.Contains(txt, want) {
			t.Errorf("llms.txt lacks %q:\n%s", want, txt)
		}
	}
	// Every line after the summary is a heading, an item, or the one paragraph.
	for _, l := range strings.Split(strings.TrimSpace(txt), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") && !strings.HasPrefix(l, "> ") && !strings.HasPrefix(l, "- [") && !strings.HasPrefix(l, "LLM-inference benchmark results:") {
			t.Errorf("llms.txt line %q is not in the convention's shape", l)
		}
	}

	// Without a host, links are root-relative under the base path.
	cfg.BaseURL = "/repo/"
	files, _, err = build(t, data, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if txt := string(mustGet(t, files, "llms.txt")); !strings.Contains(txt, "- [Model-X 8k/1k](/repo/model-x/8k-1k/): ") {
		t.Errorf("llms.txt without a host:\n%s", txt)
	}
}
