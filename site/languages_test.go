package site

// Languages (issue 28): the example site built with languages = ["en", "zh"], and site
// catalogs in data/i18n/, asserted on the built files.

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/net/html"

	"github.com/frontier-bench/frontier/internal/testsite"
)

// buildLangs builds the example data (with extra files over it) with the example's
// frontier.toml and these languages, under a base URL with a host.
func buildLangs(t *testing.T, langs []string, extra fstest.MapFS) (*Files, *Report) {
	t.Helper()
	cfg, ps := ParseConfig("frontier.toml", testsite.RealConfig(t))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	cfg.Languages = langs
	cfg.BaseURL = "https://owner.github.io/repo/"
	data := testsite.RealData(t)
	for k, v := range extra {
		data[k] = v
	}
	files, rep, err := build(t, data, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return files, rep
}

// TestLanguagesMirrorEveryPage: every page of the default language has its Chinese twin under
// zh/, and zh/ holds pages only, each chart page's page.json (in its names, for markdown
// chart blocks) and its feed (the other data files, cards and assets are the default's); the
// pages carry <html lang>, hreflang alternates both ways with x-default, and the switch.
func TestLanguagesMirrorEveryPage(t *testing.T) {
	t.Parallel()
	files, _ := buildLangs(t, []string{"en", "zh"}, nil)
	pages := 0
	for _, name := range files.Names() {
		if rest, ok := strings.CutPrefix(name, "zh/"); ok {
			if !strings.HasSuffix(name, ".html") && !strings.HasSuffix(name, "/page.json") && name != "zh/feed.xml" {
				t.Errorf("%s: a mirror holds pages, page.json and its feed only", name)
			}
			if _, ok := files.Get(rest); !ok {
				t.Errorf("%s mirrors nothing", name)
			}
			continue
		}
		if strings.HasSuffix(name, ".html") {
			pages++
			if _, ok := files.Get("zh/" + name); !ok {
				t.Errorf("%s has no zh/ mirror", name)
			}
		}
	}
	if pages < 20 {
		t.Fatalf("%d pages: not the example site?", pages)
	}

	const page = "deepseek-v4-pro/8k-1k/"
	zh := string(mustGet(t, files, "zh/"+page+"index.html"))
	en := string(mustGet(t, files, page+"index.html"))
	for _, want := range []string{
		`<html lang="zh">`,
		`<link rel="canonical" href="https://owner.github.io/repo/zh/` + page + `">`,
		`<link rel="alternate" hreflang="en" href="https://owner.github.io/repo/` + page + `">`,
		`<link rel="alternate" hreflang="zh" href="https://owner.github.io/repo/zh/` + page + `">`,
		`<link rel="alternate" hreflang="x-default" href="https://owner.github.io/repo/` + page + `">`,
		`<a class="lang" href="/repo/` + page + `" hreflang="en" lang="en">English</a>`,
		`<a class="lang" href="/repo/zh/` + page + `" hreflang="zh" lang="zh" aria-current="true">中文</a>`,
		`<h2 id="points-h">数据点</h2>`,
		`<a href="/repo/` + page + `data.csv" download>data.csv</a>`,
		`<meta name="frontier-base" content="/repo/">`,
	} {
		if !strings.Contains(zh, want) {
			t.Errorf("zh/%s lacks %s", page, want)
		}
	}
	for _, want := range []string{`<html lang="en">`, `hreflang="zh" href="https://owner.github.io/repo/zh/` + page + `"`, `<h2 id="points-h">Points</h2>`} {
		if !strings.Contains(en, want) {
			t.Errorf("%s lacks %s", page, want)
		}
	}
	// The chart's option is the same chart, named in Chinese.
	var zo, eo struct {
		Series []struct {
			Name string      `json:"name"`
			Data [][]float64 `json:"data"`
		} `json:"series"`
		XAxis []struct {
			Name string `json:"name"`
		} `json:"xAxis"`
	}
	if err := json.Unmarshal(scriptJSON(t, []byte(zh), "chart-option"), &zo); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(scriptJSON(t, []byte(en), "chart-option"), &eo); err != nil {
		t.Fatal(err)
	}
	if len(zo.Series) != len(eo.Series) || len(zo.Series) == 0 {
		t.Fatalf("zh option has %d series, en %d", len(zo.Series), len(eo.Series))
	}
	for i := range zo.Series {
		if zo.Series[i].Name != eo.Series[i].Name || len(zo.Series[i].Data) != len(eo.Series[i].Data) {
			t.Errorf("series %d: zh %q with %d points, en %q with %d", i, zo.Series[i].Name, len(zo.Series[i].Data), eo.Series[i].Name, len(eo.Series[i].Data))
		}
	}
	if len(zo.XAxis) == 0 || zo.XAxis[0].Name != "交互性 (tok/s/user)" {
		t.Errorf("zh x axis %+v, want the Chinese name", zo.XAxis)
	}

	// The sitemap lists both languages.
	sm := string(mustGet(t, files, "sitemap.xml"))
	for _, want := range []string{"<loc>https://owner.github.io/repo/zh/" + page + "</loc>", `<xhtml:link rel="alternate" hreflang="zh" href="https://owner.github.io/repo/zh/"></xhtml:link>`} {
		if !strings.Contains(sm, want) {
			t.Errorf("sitemap.xml lacks %s", want)
		}
	}
}

// TestLanguagesBuildIsDeterministic: two builds with two languages are byte for byte alike,
// and a site whose only language is English is the site without the setting.
func TestLanguagesBuildIsDeterministic(t *testing.T) {
	t.Parallel()
	same := func(what string, a, b *Files) {
		t.Helper()
		if !slices.Equal(a.Names(), b.Names()) {
			t.Fatalf("%s: the file lists differ", what)
		}
		for _, n := range a.Names() {
			x, _ := a.Get(n)
			y, _ := b.Get(n)
			if !bytes.Equal(x, y) {
				t.Errorf("%s: %s differs", what, n)
			}
		}
	}
	a, _ := buildLangs(t, []string{"en", "zh"}, nil)
	b, _ := buildLangs(t, []string{"en", "zh"}, nil)
	same("two builds", a, b)
	c, _ := buildLangs(t, nil, nil)
	d, _ := buildLangs(t, []string{"en"}, nil)
	same(`languages = ["en"] and none`, c, d)
}

// hostileCatalog is a site catalog's string that tries to leave every context it lands in:
// an element, an attribute, and the #strings <script> (by its end tag, or by "<!--", which
// in a script element makes a later "</script>" not end it).
const hostileCatalog = `</script><script>alert(1)</script><img src=x onerror=alert(1)> <!-- "dq" 'sq' &amp;`

// TestSiteCatalogHostileStringsStayText: a site's catalog string is text in an element, in an
// attribute and in the #strings JSON: nothing in it becomes markup.
func TestSiteCatalogHostileStringsStayText(t *testing.T) {
	t.Parallel()
	q := strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(hostileCatalog)
	cat := "[nav]\noverview = \"" + q + "\"\n[chart]\naria = \"" + q + "\"\n[script]\nhostile = \"" + q + "\"\n"
	files, _ := buildLangs(t, []string{"en", "zh"}, fstest.MapFS{"i18n/zh.toml": {Data: []byte(cat)}})
	page := mustGet(t, files, "zh/deepseek-v4-pro/8k-1k/index.html")
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	var texts, arias []string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			if n.Data == "img" {
				t.Errorf("an <img> element: the catalog string became markup")
			}
			for _, a := range n.Attr {
				if a.Key == "onerror" {
					t.Errorf("an onerror attribute on <%s>", n.Data)
				}
				if a.Key == "aria-label" && n.Data == "div" {
					arias = append(arias, a.Val)
				}
			}
			if n.Data == "a" && n.FirstChild != nil && n.FirstChild.Type == html.TextNode {
				texts = append(texts, n.FirstChild.Data)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	if !slices.Contains(texts, hostileCatalog) {
		t.Errorf("no link reads the hostile nav.overview as text")
	}
	if !slices.Contains(arias, hostileCatalog) {
		t.Errorf("no aria-label reads the hostile chart.aria as text: %q", arias)
	}
	// Every page carries the [script] table, encoded once for all of them: a chart page and a
	// compare page, the second page of a kind included.
	for _, name := range []string{"zh/deepseek-v4-pro/8k-1k/index.html",
		"zh/deepseek-r1-0528/1k-1k/compare/h200-vs-mi325x/index.html", "zh/deepseek-r1-0528/1k-1k/compare/mi300x-vs-mi355x/index.html"} {
		page := mustGet(t, files, name)
		raw := scriptJSON(t, page, "strings")
		var strs map[string]string
		if err := json.Unmarshal(raw, &strs); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if strs["hostile"] != hostileCatalog {
			t.Errorf("%s: #strings hostile = %q, want %q", name, strs["hostile"], hostileCatalog)
		}
		if bytes.ContainsAny(raw, "<>") {
			t.Errorf("%s: #strings holds < or > unescaped", name)
		}
		if bytes.Count(page, []byte("</script>")) != bytes.Count(page, []byte("<script")) {
			t.Errorf("%s: a </script> more than <script: the JSON ended its element", name)
		}
	}
}

// TestSiteCatalogOverridesOneKeyAndWarnsOfMissing: data/i18n/en.toml changes one string and
// leaves the others; a language with a site catalog only (fr) shows its strings, the
// default's where it has none, and the build warns of each, naming file and key.
func TestSiteCatalogOverridesOneKeyAndWarnsOfMissing(t *testing.T) {
	t.Parallel()
	files, rep := buildLangs(t, []string{"en", "fr"}, fstest.MapFS{
		"i18n/en.toml": {Data: []byte("[nav]\noverview = \"All GPUs\"\n")},
		"i18n/fr.toml": {Data: []byte("[lang]\nname = \"Français\"\n[nav]\noverview = \"Vue d'ensemble\"\n")},
	})
	en := string(mustGet(t, files, "index.html"))
	if !strings.Contains(en, `>All GPUs</a>`) || !strings.Contains(en, `<h2 id="models-h">Benchmarks</h2>`) {
		t.Errorf("the override of nav.overview, and only it: not on the home page")
	}
	fr := string(mustGet(t, files, "fr/index.html"))
	for _, want := range []string{`<html lang="fr">`, ">Vue d'ensemble</a>", `<h2 id="models-h">Benchmarks</h2>`, `lang="fr" aria-current="true">Français</a>`} {
		if !strings.Contains(fr, want) {
			t.Errorf("fr/index.html lacks %s", want)
		}
	}
	var warned []string
	for _, w := range rep.Warnings {
		warned = append(warned, w.String())
	}
	want := "data/i18n/fr.toml: home.benchmarks: warning: no fr string for this key: the page shows the en one"
	if !slices.Contains(warned, want) {
		t.Errorf("warnings lack %q (%d warnings)", want, len(warned))
	}
	if slices.ContainsFunc(warned, func(w string) bool { return strings.Contains(w, "nav.overview") }) {
		t.Errorf("a warning for nav.overview, which fr has")
	}
}

// TestMarkdownPerLanguage: about.zh.md is the Chinese about page, out of the navigation and
// the English site; a page without a translation is shown under zh/ in English, marked so.
func TestMarkdownPerLanguage(t *testing.T) {
	t.Parallel()
	files, _ := buildLangs(t, []string{"en", "zh"}, fstest.MapFS{
		"about.zh.md": {Data: []byte("---\ntitle: 方法\n---\n\n# 测量方法\n\n中文正文。\n")},
		"guide.md":    {Data: []byte("# Guide\n\nEnglish only.\n")},
	})
	if _, ok := files.Get("about.zh/index.html"); ok {
		t.Errorf("about.zh.md became a page of its own")
	}
	about := string(mustGet(t, files, "zh/about/index.html"))
	if !strings.Contains(about, "中文正文") || strings.Contains(about, `class="untranslated"`) {
		t.Errorf("zh/about/ is not the translation")
	}
	if en := string(mustGet(t, files, "about/index.html")); strings.Contains(en, "中文正文") {
		t.Errorf("about/ shows the translation")
	}
	guide := string(mustGet(t, files, "zh/guide/index.html"))
	for _, want := range []string{`<p class="untranslated" role="note">本页尚未翻译`, `<article class="prose" lang="en">`, "English only."} {
		if !strings.Contains(guide, want) {
			t.Errorf("zh/guide/ lacks %s", want)
		}
	}
}

// TestLanguageFolderClashes: a markdown page in data/zh/ would be overwritten by the Chinese
// site's folder; the build says so rather than losing a page.
func TestLanguageFolderClashes(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.Languages = []string{"en", "zh"}
	data := seedFS(t)
	data["zh/notes.md"] = &fstest.MapFile{Data: []byte("# Notes\n")}
	_, _, err := build(t, data, cfg)
	if err == nil || !strings.Contains(err.Error(), "data/zh/notes.md: the path /zh/notes/ is the zh site's folder (languages): move the file") {
		t.Errorf("err = %v, want the clash of data/zh/notes.md with /zh/", err)
	}
}

// TestPerLanguageNames: frontier.toml's [models.X.names] and [gpus.X.names] name a model and a
// GPU on that language's pages only; the URLs and the other languages keep the data's names.
func TestPerLanguageNames(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.Languages = []string{"en", "zh"}
	cfg.Models = map[string]ModelConfig{"DeepSeek-V4-Pro": {Names: map[string]string{"zh": "深度求索 V4 Pro"}}}
	cfg.GPUs = map[string]GPUConfig{"b200": {Names: map[string]string{"zh": "英伟达 B200"}}, "b300": {Names: map[string]string{"zh": "英伟达 B300"}}}
	files, _, err := build(t, seedFS(t), cfg)
	if err != nil {
		t.Fatal(err)
	}
	zh := string(mustGet(t, files, "zh/deepseek-v4-pro/8k-1k/index.html"))
	if !strings.Contains(zh, "<h1>深度求索 V4 Pro <span") {
		t.Errorf("zh/: no Chinese model name in the heading")
	}
	var data struct {
		Model string                            `json:"model"`
		GPUs  map[string]struct{ Label string } `json:"gpus"`
	}
	if err := json.Unmarshal(scriptJSON(t, []byte(zh), "page-data"), &data); err != nil {
		t.Fatal(err)
	}
	if data.Model != "深度求索 V4 Pro" || data.GPUs["b200"].Label != "英伟达 B200" {
		t.Errorf("zh page data: model %q, b200 %q", data.Model, data.GPUs["b200"].Label)
	}
	en := string(mustGet(t, files, "deepseek-v4-pro/8k-1k/index.html"))
	if !strings.Contains(en, "<h1>DeepSeek-V4-Pro <span") || strings.Contains(en, "深度求索") || strings.Contains(en, "英伟达") {
		t.Errorf("the English page shows a Chinese name")
	}
	if home := string(mustGet(t, files, "zh/index.html")); !strings.Contains(home, "<h3>深度求索 V4 Pro</h3>") {
		t.Errorf("zh/ home: no Chinese model name")
	}
}

// TestPerLanguageFrameworkNames: [frameworks.KEY.names] names a framework on that language's
// pages wherever a series is named (the chart's option, the page data's series and framework
// filter, the points and leaders tables, the compare pages' sentences, the overview), together
// with [gpus.KEY.names]; the English page and compare.json keep the data's names.
func TestPerLanguageFrameworkNames(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.Languages = []string{"en", "zh"}
	cfg.GPUs = map[string]GPUConfig{"b200": {Names: map[string]string{"zh": "英伟达 B200"}}, "b300": {Names: map[string]string{"zh": "英伟达 B300"}}}
	cfg.Frameworks = map[string]FrameworkConfig{"trt": {Names: map[string]string{"zh": "TensorRT-LLM"}}}
	files, _, err := build(t, seedFS(t), cfg)
	if err != nil {
		t.Fatal(err)
	}
	zh := mustGet(t, files, "zh/deepseek-v4-pro/8k-1k/index.html")
	var opt struct{ Series []optionSeries }
	if err := json.Unmarshal(scriptJSON(t, zh, "chart-option"), &opt); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range opt.Series {
		names = append(names, s.Name)
	}
	for _, want := range []string{"英伟达 B200 (TensorRT-LLM, MTP)", "英伟达 B300 (TensorRT-LLM)", "英伟达 B200 (vLLM)"} {
		if !slices.Contains(names, want) {
			t.Errorf("zh option: no series %q in %q", want, names)
		}
	}
	if slices.Contains(names, "B300 (TRTLLM)") || slices.Contains(names, "B200 (vLLM)") {
		t.Errorf("zh option keeps the data's names: %q", names)
	}
	var data struct {
		Frameworks map[string]string
		Series     []struct{ Key, Name string }
	}
	if err := json.Unmarshal(scriptJSON(t, zh, "page-data"), &data); err != nil {
		t.Fatal(err)
	}
	if data.Frameworks["trt"] != "TensorRT-LLM" || data.Frameworks["vllm"] != "vLLM" {
		t.Errorf("zh page data frameworks %q", data.Frameworks)
	}
	for _, s := range data.Series {
		if strings.Contains(s.Name, "TRTLLM") || strings.HasPrefix(s.Name, "B200") {
			t.Errorf("zh page data series %s named %q", s.Key, s.Name)
		}
	}
	text := string(zh)
	for _, want := range []string{"<th scope=\"row\"><span class=\"swatch\" style=\"background-color:", "英伟达 B200 (TensorRT-LLM)</th>", "<td>英伟达 B200 (TensorRT-LLM)"} {
		if !strings.Contains(text, want) {
			t.Errorf("zh page: no %q", want)
		}
	}
	cmpPage := string(mustGet(t, files, "zh/deepseek-v4-pro/8k-1k/compare/b200-vs-b300/index.html"))
	if !strings.Contains(cmpPage, "<title>英伟达 B200 对比 英伟达 B300") || !strings.Contains(cmpPage, "(TensorRT-LLM") || strings.Contains(cmpPage, "TRTLLM") {
		t.Errorf("zh compare page: the GPUs and configurations keep the data's names")
	}
	if js := string(mustGet(t, files, "deepseek-v4-pro/8k-1k/compare/b200-vs-b300/compare.json")); strings.Contains(js, "英伟达") || strings.Contains(js, "TensorRT-LLM") {
		t.Errorf("compare.json (every language's) holds a language's names")
	}
	if ov := string(mustGet(t, files, "zh/overview/index.html")); !strings.Contains(ov, "英伟达 B200") {
		t.Errorf("zh overview: no Chinese GPU name")
	} else if strings.Contains(ov, " against ") || strings.Contains(ov, "is not on this page") || strings.Contains(ov, "does not reach") || !strings.Contains(ov, " 为 ") {
		// The cells' titles: the build's are the page script's twins, worded by the same strings.
		t.Errorf("zh overview: the cells' titles are not worded in Chinese")
	}
	// The headline's leader is a GPU (its frontier across its configurations), named as the
	// language names it.
	if home := string(mustGet(t, files, "zh/index.html")); !strings.Contains(home, `<span class="who">英伟达 B300</span>`) {
		t.Errorf("zh/ home: the headline's leader is not the GPU in its Chinese name")
	}
	en := string(mustGet(t, files, "deepseek-v4-pro/8k-1k/index.html"))
	if strings.Contains(en, "TensorRT-LLM") || strings.Contains(en, "英伟达") || !strings.Contains(en, "B200 (TRTLLM)") {
		t.Errorf("the English page does not keep the data's names")
	}
}

// TestSnapshotMenuDatesInThePageLanguage: the snapshot menu's newest date reads as the page's
// language writes a date, and its value, the fragment's date=, stays ISO; English keeps ISO.
func TestSnapshotMenuDatesInThePageLanguage(t *testing.T) {
	t.Parallel()
	files, _ := buildLangs(t, []string{"en", "zh"}, nil)
	zh := string(mustGet(t, files, "zh/deepseek-r1-0528/1k-1k/index.html"))
	if want := `<select name="date" id="ctl-date"><option value="2026-06-11" selected>2026年6月11日（最新）</option>`; !strings.Contains(zh, want) {
		t.Errorf("zh/ chart page: no %s", want)
	}
	en := string(mustGet(t, files, "deepseek-r1-0528/1k-1k/index.html"))
	if want := `<option value="2026-06-11" selected>2026-06-11 (latest)</option>`; !strings.Contains(en, want) {
		t.Errorf("English chart page: no %s", want)
	}
}

// TestMarkdownChartBlocksInThePageLanguage: a chart block on a Chinese markdown page links to
// the Chinese chart page, whose page.json (the one the block draws) names the metrics in
// Chinese, and says so in Chinese (a link its author wrote keeps its target:
// TestDeployEveryURLHonoursBasePath's guides/links). English is as it was.
func TestMarkdownChartBlocksInThePageLanguage(t *testing.T) {
	t.Parallel()
	files, _ := buildLangs(t, []string{"en", "zh"}, nil)
	zh := string(mustGet(t, files, "zh/about/index.html"))
	if want := `<a href="/repo/zh/deepseek-v4-pro/8k-1k/#spec=mtp">打开完整图表</a></figcaption>`; !strings.Contains(zh, want) {
		t.Errorf("zh/about/: no %s", want)
	}
	if want := `>测试方法</a>`; !strings.Contains(zh, want) {
		t.Errorf("zh/about/: the menu does not name the page by its translation's title %s", want)
	}
	if notes := string(mustGet(t, files, "zh/deepseek-v4-pro/8k-1k/index.html")); strings.Contains(notes, "Link to this section") || !strings.Contains(notes, `aria-label="链接到本节"`) {
		t.Errorf("zh chart page: its notes' heading anchors are labelled in English")
	}
	if strings.Contains(zh, "Open the full chart") || strings.Contains(zh, "Link to this section") {
		t.Errorf("zh/about/: the markdown stage's English words are left")
	}
	var page struct {
		Metrics []struct{ Key, Label string }
	}
	if err := json.Unmarshal(mustGet(t, files, "zh/deepseek-v4-pro/8k-1k/page.json"), &page); err != nil {
		t.Fatal(err)
	}
	if len(page.Metrics) == 0 || page.Metrics[0].Key != "tpPerGpu" || page.Metrics[0].Label != "每 GPU 总吞吐量" {
		t.Errorf("zh page.json metrics %+v, want tpPerGpu named 每 GPU 总吞吐量 first", page.Metrics)
	}
	en := string(mustGet(t, files, "about/index.html"))
	if want := `<a href="/repo/deepseek-v4-pro/8k-1k/#spec=mtp">Open the full chart</a></figcaption>`; !strings.Contains(en, want) {
		t.Errorf("about/: no %s", want)
	}
}

// TestFeedPerLanguage: each extra language has its own Atom feed, /zh/feed.xml, whose entries
// are worded in it and link to its pages, which link to it; llms.txt names each mirror, its
// feed too. The default language's feed stays at /feed.xml, in English.
func TestFeedPerLanguage(t *testing.T) {
	t.Parallel()
	files, _ := buildLangs(t, []string{"en", "zh"}, nil)
	var zh, en atomFeed
	if err := xml.Unmarshal(mustGet(t, files, "zh/feed.xml"), &zh); err != nil {
		t.Fatal(err)
	}
	if err := xml.Unmarshal(mustGet(t, files, "feed.xml"), &en); err != nil {
		t.Fatal(err)
	}
	if zh.Lang != "zh" || en.Lang != "" {
		t.Errorf("xml:lang zh %q, en %q", zh.Lang, en.Lang)
	}
	if len(zh.Links) != 2 || zh.Links[0].Href != "https://owner.github.io/repo/zh/feed.xml" || zh.Links[1].Href != "https://owner.github.io/repo/zh/" {
		t.Errorf("zh feed links %+v", zh.Links)
	}
	if len(zh.Entries) == 0 || len(zh.Entries) != len(en.Entries) {
		t.Fatalf("zh feed %d entries, en %d", len(zh.Entries), len(en.Entries))
	}
	for i, e := range zh.Entries {
		if !strings.HasPrefix(e.Link.Href, "https://owner.github.io/repo/zh/") || !strings.Contains(e.Title, "（截至 ") ||
			!strings.HasSuffix(e.Summary, "。") || strings.Contains(e.Summary, " at ") {
			t.Errorf("zh entry %d: %q %q %q", i, e.Title, e.Summary, e.Link.Href)
		}
		if en := en.Entries[i]; !strings.Contains(en.Title, " as of ") || strings.Contains(en.Link.Href, "/zh/") {
			t.Errorf("en entry %d: %q %q", i, en.Title, en.Link.Href)
		}
	}
	for page, want := range map[string]string{"zh/index.html": "/repo/zh/feed.xml", "zh/about/index.html": "/repo/zh/feed.xml", "index.html": "/repo/feed.xml"} {
		if link := `<link rel="alternate" type="application/atom+xml" title="Frontier" href="` + want + `">`; !strings.Contains(string(mustGet(t, files, page)), link) {
			t.Errorf("%s: no %s", page, link)
		}
	}
	if want := "- [中文 (zh)](https://owner.github.io/repo/zh/): every page above in this language, at the same path under /zh/; its Atom feed is https://owner.github.io/repo/zh/feed.xml\n"; !strings.Contains(string(mustGet(t, files, "llms.txt")), want) {
		t.Errorf("llms.txt: no %q", want)
	}
}

// TestSentencesSideBySideInChinese: two sentences a template puts side by side are joined by
// the catalog's format.sentence, a space in English and nothing after a Chinese full stop.
func TestSentencesSideBySideInChinese(t *testing.T) {
	t.Parallel()
	files, _ := buildLangs(t, []string{"en", "zh"}, nil)
	zh := string(mustGet(t, files, "zh/deepseek-v4-pro/8k-1k/index.html"))
	for _, want := range []string{"个数据集生成。越靠上", "平均最高的配置。<span id=\"best-note\">"} {
		if !strings.Contains(zh, want) {
			t.Errorf("zh chart page: no %q", want)
		}
	}
	en := string(mustGet(t, files, "deepseek-v4-pro/8k-1k/index.html"))
	if !strings.Contains(en, "configurations reach. <span id=\"best-note\">") {
		t.Errorf("English chart page: the sentences are not a space apart")
	}
}

// TestLanguagesWithoutHostWriteNoRelativeHreflang: a site built without a host in its base
// URL cannot give the absolute URLs hreflang needs, so its pages carry no alternate link
// (a relative one is invalid); the language switch, which needs none, is still there.
func TestLanguagesWithoutHostWriteNoRelativeHreflang(t *testing.T) {
	t.Parallel()
	cfg, ps := ParseConfig("frontier.toml", testsite.RealConfig(t))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	cfg.Languages = []string{"en", "zh"}
	cfg.BaseURL = "/repo/"
	files, _, err := build(t, testsite.RealData(t), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"index.html", "zh/index.html", "deepseek-v4-pro/8k-1k/index.html", "zh/deepseek-v4-pro/8k-1k/index.html"} {
		page := string(mustGet(t, files, name))
		if strings.Contains(page, `<link rel="alternate" hreflang`) {
			t.Errorf("%s: an hreflang link without a host to make it absolute", name)
		}
		if !strings.Contains(page, `<a class="lang" href="/repo/zh/`) {
			t.Errorf("%s: no switch to the Chinese page", name)
		}
	}
}

// TestOneNameForTheMetricInWords: the example's datasets label their metric "Token Throughput
// per Chip (tok/s/chip)", the chart calls it "Total throughput per GPU (tok/s/GPU)", and so
// does every sentence about it: descriptions, JSON-LD, compare sentences and charts, the home,
// the feed and llms.txt, in both languages; the input's label is nowhere a reader reads.
func TestOneNameForTheMetricInWords(t *testing.T) {
	t.Parallel()
	files, _ := buildLangs(t, []string{"en", "zh"}, nil)
	checked := 0
	for _, name := range files.Names() {
		if !strings.HasSuffix(name, ".html") && name != "feed.xml" && name != "zh/feed.xml" && name != "llms.txt" {
			continue
		}
		b := mustGet(t, files, name)
		for _, old := range []string{"Token Throughput per Chip", "tok/s/chip"} {
			if i := bytes.Index(b, []byte(old)); i >= 0 {
				t.Errorf("%s: %q at byte %d: %.120s", name, old, i, b[max(0, i-60):])
			}
		}
		checked++
	}
	if checked < 50 {
		t.Fatalf("checked %d files, want the example's every page", checked)
	}
}
