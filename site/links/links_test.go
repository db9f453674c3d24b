package links

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
)

// exampleSite builds the example site (the repository's data/ folder plus testsite.LinksPage
// at guides/links.md) for baseURL, in memory.
func exampleSite(t *testing.T, baseURL string) *site.Files {
	t.Helper()
	data := testsite.RealData(t)
	data["guides/links.md"] = &fstest.MapFile{Data: []byte(testsite.LinksPage)}
	cfg := exampleConfig(t)
	cfg.BaseURL = baseURL
	files := &site.Files{}
	if _, err := site.Build(site.Input{Data: data, Config: cfg, ECharts: testsite.FakeECharts}, files); err != nil {
		t.Fatalf("build for %s: %v", baseURL, err)
	}
	return files
}

// bundleFS is a copy of a built site that tests may change.
func bundleFS(files *site.Files) fstest.MapFS {
	m := fstest.MapFS{}
	for _, name := range files.Names() {
		b, _ := files.Get(name)
		m[name] = &fstest.MapFile{Data: b}
	}
	return m
}

func TestCheckLinksExampleSiteIsClean(t *testing.T) {
	for _, c := range []struct{ baseURL, check, wantBase, wantOrigin string }{
		{"https://owner.github.io/repo/", "", "/repo/", "https://owner.github.io"},
		{"https://owner.github.io/repo/", "/repo/", "/repo/", "https://owner.github.io"},
		{"https://owner.github.io/repo/", "https://owner.github.io/repo", "/repo/", "https://owner.github.io"},
		{"/repo/", "", "/repo/", ""},
		{"/", "", "/", ""},
		{"https://frontier.example/", "", "/", "https://frontier.example"},
	} {
		t.Run(c.baseURL+" checked as "+c.check, func(t *testing.T) {
			rep, err := Check(exampleSite(t, c.baseURL), c.check)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Base != c.wantBase || rep.Origin != c.wantOrigin {
				t.Errorf("checked at %q %q, want %q %q", rep.Origin, rep.Base, c.wantOrigin, c.wantBase)
			}
			for _, p := range rep.Broken {
				t.Error(p)
			}
			// home, chart page, method, links page, 404; and every link: a few per page at least.
			if rep.Pages < 5 || rep.Links < 10*rep.Pages {
				t.Errorf("crawled %d pages and %d links: too few to believe", rep.Pages, rep.Links)
			}
		})
	}
}

// TestCheckLinksReportsBrokenLinkAndMissingAsset breaks a real bundle the two usual ways:
// a link the author got wrong, and an asset that did not get uploaded.
func TestCheckLinksReportsBrokenLinkAndMissingAsset(t *testing.T) {
	files := exampleSite(t, "https://owner.github.io/repo/")
	bundle := bundleFS(files)
	var css string
	for name := range bundle {
		if strings.HasPrefix(name, "assets/style.") {
			css = name
		}
	}
	delete(bundle, css)
	page := bundle["guides/links/index.html"]
	page.Data = []byte(strings.Replace(string(page.Data), `href="/repo/about/#the-frontier"`,
		`href="/repo/about/#no-such-heading"`, 1))
	page.Data = []byte(strings.Replace(string(page.Data), `href="/repo/deepseek-v4-pro/8k-1k/data.csv"`,
		`href="/repo/deepseek-v4-pro/8k-1k/data.xlsx"`, 1))

	rep, err := Check(bundle, "")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range rep.Broken {
		got = append(got, p.String())
	}
	for _, want := range []string{
		"/repo/guides/links/: broken link /repo/about/#no-such-heading",
		"/repo/guides/links/: broken link /repo/deepseek-v4-pro/8k-1k/data.xlsx",
		"/repo/: broken link /repo/" + css,
		"/repo/404.html: broken link /repo/" + css,
		"/repo/about/: broken link /repo/" + css,
		"/repo/deepseek-v4-pro/8k-1k/: broken link /repo/" + css,
		"/repo/deepseek-v4-pro/8k-1k/embed/: broken link /repo/" + css,
		"/repo/deepseek-r1-0528/1k-1k/: broken link /repo/" + css, // the raw results' page
		"/repo/deepseek-r1-0528/1k-1k/embed/: broken link /repo/" + css,
		"/repo/guides/links/: broken link /repo/" + css,
		"/repo/api/: broken link /repo/" + css,                       // the static API's page
		"/repo/deepseek-r1-0528/accuracy/: broken link /repo/" + css, // its model's accuracy page
	} {
		if !slices.Contains(got, want) {
			t.Errorf("missing %q", want)
		}
	}
	// Compare pages, the overview and the Chinese mirror (the example site has two languages)
	// link the stylesheet too, each once.
	var own []string
	for _, g := range got {
		if !strings.Contains(g, "/compare/") && !strings.HasPrefix(g, "/repo/overview/:") && !strings.HasPrefix(g, "/repo/zh/") {
			own = append(own, g)
		}
	}
	if extra := len(got) - len(own); extra < 2 || !slices.Contains(got, "/repo/overview/: broken link /repo/"+css) ||
		!slices.Contains(got, "/repo/deepseek-v4-pro/8k-1k/compare/b200-vs-b300/: broken link /repo/"+css) {
		t.Errorf("the compare pages and the overview: %d broken links, want each page's stylesheet", extra)
	}
	// 11, the three pages of other clients' files (Qwen3-8B, gpt-oss-20b, Qwen3-4B), each
	// with its embed, and DeepSeek-R1's accuracy page.
	if len(own) != 18 {
		t.Errorf("got %d broken links, want 18:\n%s", len(own), strings.Join(own, "\n"))
	}
}

// page is a minimal HTML page holding body, for hand-made bundles.
func page(body string) *fstest.MapFile {
	return &fstest.MapFile{Data: []byte(`<!doctype html><html><head>` +
		`<link rel="canonical" href="https://owner.github.io/repo/"></head><body>` + body + `</body></html>`)}
}

func TestCheckLinksCases(t *testing.T) {
	cases := []struct {
		name   string
		bundle fstest.MapFS
		want   []string // broken links, sorted
	}{
		{
			name: "relative, absolute and root links that resolve",
			bundle: fstest.MapFS{
				"index.html": page(`<a href="a/">a</a> <a href="/repo/a/">a</a> <a href="https://owner.github.io/repo/a/">a</a>` +
					`<a href="//owner.github.io/repo/a/index.html">a</a> <a href="/repo">home</a> <a href="a">a without slash</a>` +
					`<a href="">here</a> <a href="?q=1">query</a> <a href="a/../a/">dots</a>`),
				"a/index.html": page(`<a href="../">up</a> <a href="../a/">self</a>`),
			},
		},
		{
			name: "missing page, file and folder without index.html",
			bundle: fstest.MapFS{
				"index.html":   page(`<a href="gone/">x</a> <a href="/repo/gone.html">x</a> <a href="dir/">x</a>`),
				"dir/data.csv": {Data: []byte("a\n")},
			},
			want: []string{"/repo/: broken link /repo/gone.html", "/repo/: broken link dir/", "/repo/: broken link gone/"},
		},
		{
			name: "links outside the base path break under a sub-path",
			bundle: fstest.MapFS{
				"index.html":       page(`<link rel="stylesheet" href="/assets/s.css"><a href="../">up</a> <a href="/repo-other/">x</a>`),
				"assets/s.css":     {},
				"repo-other/x.txt": {},
			},
			want: []string{"/repo/: broken link ../", "/repo/: broken link /assets/s.css", "/repo/: broken link /repo-other/"},
		},
		{
			name: "assets by src, srcset, poster, icon and og:image",
			bundle: fstest.MapFS{
				"index.html": page(`<link rel="icon" href="i.svg"><img src="a.png" srcset="a.png 1x, b.png 2x,c.png 3x">` +
					`<video poster="p.png"></video><script src="s.js"></script><meta property="og:image" content="https://owner.github.io/repo/og.png">`),
				"a.png": {}, "i.svg": {}, "s.js": {},
			},
			want: []string{"/repo/: broken link b.png", "/repo/: broken link c.png",
				"/repo/: broken link https://owner.github.io/repo/og.png", "/repo/: broken link p.png"},
		},
		{
			name: "fragments name ids on the target page; view state is not an id",
			bundle: fstest.MapFS{
				"index.html": page(`<a href="#top">x</a> <a href="#nope">x</a> <a href="a/#sec">x</a> <a href="a/#gone">x</a>` +
					`<a href="a/#y=tpPerGpu&amp;gpus=b200">x</a> <a href="a/#legacy">x</a> <a href="data.csv#row=3">x</a>` +
					`<h1 id="top">Top</h1>`),
				"a/index.html": page(`<h2 id="sec">Sec</h2><a name="legacy"></a>`),
				"data.csv":     {},
			},
			want: []string{"/repo/: broken link #nope", "/repo/: broken link a/#gone"},
		},
		{
			name: "links to other sites and schemes are not followed",
			bundle: fstest.MapFS{
				"index.html": page(`<a href="https://example.com/x">x</a> <a href="mailto:a@b.c">x</a> <a href="//cdn.example/x.js">x</a>` +
					`<img src="data:image/png;base64,AAAA">`),
			},
		},
		{
			name: "the site's host under another scheme is broken",
			bundle: fstest.MapFS{
				"index.html": page(`<a href="http://owner.github.io/repo/">x</a>`),
			},
			want: []string{"/repo/: broken link http://owner.github.io/repo/"},
		},
		{
			name: "the 404 page is served at any depth, so its relative links break",
			bundle: fstest.MapFS{
				"index.html":   page(``),
				"404.html":     page(`<a href="#main">skip</a><main id="main"><a href="/repo/">home</a> <a href="index.html">home</a> <link rel="stylesheet" href="assets/s.css"></main>`),
				"assets/s.css": {},
			},
			want: []string{"/repo/404.html: broken link assets/s.css", "/repo/404.html: broken link index.html"},
		},
		{
			name: "a chart page's history files",
			bundle: fstest.MapFS{
				"index.html": page(`<script type="application/json" id="page-data">{"history":{"index":"history/index.json",` +
					`"chunks":[{"file":"history/rows-0.json"},{"file":"history/rows-1.json"}],"trend":{"tpPerGpu":"history/trend-tppergpu.json"}}}</script>`),
				"history/index.json":          {},
				"history/rows-0.json":         {},
				"history/trend-tppergpu.json": {},
			},
			want: []string{"/repo/: broken link history/rows-1.json"},
		},
		{
			name: "links inside scripts, styles and comments are not links",
			bundle: fstest.MapFS{
				"index.html": page(`<!-- <a href="gone/"> --><script>var a = '<a href="gone/">';</script><style>a[href="gone/"]{}</style>`),
			},
		},
		{
			name: "sitemap entries are absolute URLs of pages; robots.txt names the sitemap",
			bundle: fstest.MapFS{
				"index.html":   page(``),
				"a/index.html": page(``),
				"sitemap.xml": {Data: []byte(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
					`<url><loc>https://owner.github.io/repo/</loc></url><url><loc>https://owner.github.io/repo/a/</loc></url>` +
					`<url><loc>https://owner.github.io/repo/b/</loc></url><url><loc>/repo/a/</loc></url></urlset>`)},
				"robots.txt": {Data: []byte("User-agent: *\nAllow: /\nSitemap: https://owner.github.io/repo/sitemap.xml\nsitemap: https://owner.github.io/sitemap.xml\n")},
			},
			want: []string{"/repo/robots.txt: broken link https://owner.github.io/sitemap.xml",
				"/repo/sitemap.xml: broken link /repo/a/", "/repo/sitemap.xml: broken link https://owner.github.io/repo/b/"},
		},
		{
			name: "canonical links to another page of the site are checked too",
			bundle: fstest.MapFS{
				"index.html":   page(``),
				"a/index.html": {Data: []byte(`<link rel="canonical" href="https://owner.github.io/repo/b/">`)},
			},
			want: []string{"/repo/a/: broken link https://owner.github.io/repo/b/"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rep, err := Check(c.bundle, "")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range rep.Broken {
				got = append(got, p.String())
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("got broken links\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}

func TestCheckLinksBaseFromFlagOverridesCanonical(t *testing.T) {
	// A bundle built for the root, about to be deployed under /repo/: every root link breaks.
	bundle := bundleFS(exampleSite(t, "/"))
	rep, err := Check(bundle, "/repo/")
	if err != nil {
		t.Fatal(err)
	}
	if rep.Base != "/repo/" {
		t.Errorf("base %q, want /repo/", rep.Base)
	}
	var home int
	for _, p := range rep.Broken {
		if p.File == "/repo/" {
			home++
		}
	}
	if home == 0 {
		t.Errorf("a bundle built for / checked under /repo/ has no broken links on its home page: %v", rep.Broken)
	}
}

func TestCheckLinksNeedsABundle(t *testing.T) {
	if _, err := Check(fstest.MapFS{"data.json": {}}, ""); err == nil {
		t.Error("a folder without index.html was checked as a site")
	}
	if _, err := Check(fstest.MapFS{"index.html": page("")}, "ftp://x/"); err == nil {
		t.Error("an ftp base URL was accepted")
	}
}

func TestScanTags(t *testing.T) {
	src := "<!doctype html>\n<html lang=en>\n<!-- <a href=\"c\"> -->\n" +
		"<A HREF='x?a=1&amp;b=2' class=\"q\" hidden data-x = \"y\">\n" +
		"<script type=\"application/json\" id=\"d\">{\"s\": \"<a href=\\\"z\\\">\"}</SCRIPT>\n" +
		"<img src=a.png/><br/><p>1 < 2</p></html>"
	tags := scanTags([]byte(src))
	var names []string
	for _, tag := range tags {
		names = append(names, tag.Name)
	}
	if got, want := strings.Join(names, " "), "html a script img br p"; got != want {
		t.Fatalf("tags %q, want %q", got, want)
	}
	a := tags[1]
	if href, _ := a.Attr("href"); href != "x?a=1&b=2" {
		t.Errorf("href = %q, want the character reference resolved", href)
	}
	if _, ok := a.Attr("hidden"); !ok {
		t.Error("bare attribute lost")
	}
	if x, _ := a.Attr("data-x"); x != "y" {
		t.Errorf("data-x = %q, want y (spaces around =)", x)
	}
	if got, want := tags[2].Text, `{"s": "<a href=\"z\">"}`; got != want {
		t.Errorf("script text %q, want %q", got, want)
	}
	if src, _ := tags[3].Attr("src"); src != "a.png/" {
		t.Errorf("unquoted src = %q, want a.png/ (HTML keeps the slash)", src)
	}
}

func FuzzScanTags(f *testing.F) {
	for _, s := range []string{
		`<a href="x">`, `<a href='x' b c=d>`, `<!-- x`, `<script>`, `<a href="x`, `<a b=`, `</`, `<`,
		`<!doctype html><p id=a>x</p>`, `<style>a{}</STYLE><img srcset="a 1x, b 2x">`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, tag := range scanTags(src) {
			if tag.Name == "" {
				t.Errorf("tag without a name in %q", src)
			}
			tagURLs(tag) // must not panic either
		}
	})
}

// exampleConfig is the example site's frontier.toml, which its raw bench-serve files need.
func exampleConfig(t testing.TB) site.Config {
	t.Helper()
	cfg, ps := site.ParseConfig("frontier.toml", testsite.RealConfig(t))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	return cfg
}
