package render

// Languages: a site with languages = ["en", "zh"] in frontier.toml has every page in each,
// the first at the root and each other one mirrored under /<lang>/ (Hugo's multilingual mode,
// with less configuration). The data is decoded and assembled once; only the pages are
// rendered again. A Renderer draws one language: the default's (the one New returns) holds
// the others' as mirrors, which share its templates' sources, assets, pages and markdown,
// and each has its own catalog (package i18n), its own parsed templates (whose t and
// scriptStrings funcs answer in its language) and its own siteView.
//
// A mirror writes HTML and each chart page's page.json (which holds the language's names and
// which markdown chart blocks draw): the other data files (data.json, data.csv, columns.json,
// the history, compare.json) and the og:image cards are the default language's, which the
// mirror's pages link to by root-relative or absolute URLs. Cards are drawn for the default
// language alone because the card's fonts (Go's) have no CJK glyphs and a CJK font weighs
// megabytes in the binary; a mirror's page shows the default's card, which holds only text
// those fonts draw (cardtext.go: on a zh-first site, English words).

import (
	"fmt"
	"github.com/frontier-bench/frontier/site/page"
	"html"
	"html/template"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/frontier-bench/frontier/templates"

	"github.com/frontier-bench/frontier/charts"

	"github.com/frontier-bench/frontier/site/i18n"
	"github.com/frontier-bench/frontier/site/markdown"
	"github.com/frontier-bench/frontier/site/output"
	"github.com/frontier-bench/frontier/site/problem"
	"github.com/frontier-bench/frontier/site/slo"
)

// langInfo is one language of the site, as every page's alternates and switch name it.
type langInfo struct {
	Tag    string // "zh"
	Prefix string // "" for the default, "zh/"
	Name   string // its own name for itself, its catalog's lang.name: "中文"
}

// alternate is a page in one language: the hreflang link in the head and the switch in the header.
type alternate struct {
	Lang    string // "zh"
	Name    string // "中文"
	URL     string // the page in that language, with the base path
	Href    string // absolute when the base URL has a host (hreflang wants one), else as URL
	Current bool   // the page's own language
}

// prefixWriter writes a mirror's pages below its language's folder, and only its pages and
// page.json (mirroredData): the other data files its pages link to are the default language's.
type prefixWriter struct {
	w      output.Writer
	prefix string
}

func (p prefixWriter) WriteFile(name string, data []byte) error {
	if !strings.HasSuffix(name, ".html") && !mirroredData(name) {
		return nil
	}
	return p.w.WriteFile(p.prefix+name, data)
}

func (p prefixWriter) ShareFile(name string, data []byte) error {
	if !strings.HasSuffix(name, ".html") && !mirroredData(name) {
		return nil
	}
	return ShareFile(p.w, p.prefix+name, data)
}

// mirroredData reports whether a data file is the language's own: a chart page's page.json,
// which markdown chart blocks on the language's pages read, holds the names of its metrics,
// axes, GPUs, frameworks and series in that language. Its history and later columns are
// still the default language's (it names them from the root).
func mirroredData(name string) bool { return path.Base(name) == "page.json" }

// funcs are the template funcs of a language: t looks a string up in its catalog ({{t
// "nav.home"}}, or with placeholders {{t "home.more" "n" 3}}), scriptStrings is the catalog's
// [script] table for the page script (JSON encoded once per language: scriptjson.go), date
// writes a YYYY-MM-DD date the language's way.
func funcs(cat *i18n.Catalog) template.FuncMap {
	strs := cat.Table("script.")
	// A point's detail brings its own strings (detailStrings): most pages are never asked for one.
	maps.DeleteFunc(strs, func(k, _ string) bool { return strings.HasPrefix(k, "detail.") })
	// The names of the statistics a gate may bound, for a page that does not offer them as axes
	// (it measured none of them): the note and the picks say which statistic no point gives.
	for _, m := range slo.Catalog() {
		key := "xaxis." + m.Key + ".label"
		if m.Key == slo.Cost {
			key = "metric." + slo.Cost + ".label"
		}
		strs["slo.name."+m.Key] = cat.T(key)
	}
	script := scriptJSON(strs)
	return template.FuncMap{
		"t":             func(key string, args ...any) template.HTML { return tHTML(cat, key, args...) },
		"scriptStrings": func() any { return script },
		"date":          cat.Date,
	}
}

// alternates are the page at site path p in every language.
func (r *Renderer) alternates(p string) []alternate {
	if len(r.langs) < 2 {
		return nil
	}
	out := make([]alternate, len(r.langs))
	for i, l := range r.langs {
		u := r.site.Root + l.Prefix + p
		href := u
		if r.in.Config.HasHost() {
			href = r.in.Config.AbsURL(l.Prefix + p)
		}
		out[i] = alternate{Lang: l.Tag, Name: l.Name, URL: u, Href: href, Current: l.Prefix == r.prefix}
	}
	return out
}

// splitTranslations takes the translations out of a multilingual site's markdown pages: a file
// about.zh.md is the zh page of about.md. It returns the other pages, and the translations by
// language and by the URL of the page they translate. With one language nothing is a
// translation (about.zh.md is the page /about.zh/, as it always was).
func splitTranslations(mds []*markdown.MarkdownPage, langs []langInfo) ([]*markdown.MarkdownPage, map[string]map[string]*markdown.MarkdownPage) {
	if len(langs) < 2 {
		return mds, nil
	}
	tr := map[string]map[string]*markdown.MarkdownPage{}
	var out []*markdown.MarkdownPage
	for _, m := range mds {
		stem := strings.TrimSuffix(m.Rel, path.Ext(m.Rel))
		taken := false
		for _, l := range langs[1:] {
			if orig, ok := strings.CutSuffix(stem, "."+l.Tag); ok && !m.IsNotes() {
				if tr[l.Tag] == nil {
					tr[l.Tag] = map[string]*markdown.MarkdownPage{}
				}
				tr[l.Tag][markdown.MarkdownURL(orig+".md")] = m
				taken = true
			}
		}
		if !taken {
			out = append(out, m)
		}
	}
	return out, tr
}

// modelName is model as this language names it: frontier.toml's [models.KEY.names] for the
// language, where KEY is the model's key or its name, else the model as the data names it.
func (r *Renderer) modelName(model string) string {
	if r.prefix == "" && len(r.langs) < 2 {
		return model
	}
	for _, k := range slices.Sorted(maps.Keys(r.in.Config.Models)) {
		if m := r.in.Config.Models[k]; k == model || m.Name == model {
			if n := m.Names[r.cat.Lang]; n != "" {
				return n
			}
		}
	}
	return model
}

// modelAliases are the [models] renames whose name is model (key → name), nil for none.
func (r *Renderer) modelAliases(model string) map[string]string {
	var out map[string]string
	for k, m := range r.in.Config.Models {
		if m.Name == model && k != model {
			if out == nil {
				out = map[string]string{}
			}
			out[k] = model
		}
	}
	return out
}

// gpuName is a GPU's label as this language names it ([gpus.KEY.names]), else label.
func (r *Renderer) gpuName(key, label string) string {
	if g, ok := r.in.Config.GPUs[key]; ok {
		if n := g.Names[r.cat.Lang]; n != "" {
			return n
		}
	}
	return label
}

// frameworkName is a framework's label as this language names it ([frameworks.KEY.names]),
// else label.
func (r *Renderer) frameworkName(key, label string) string {
	if f, ok := r.in.Config.Frameworks[key]; ok {
		if n := f.Names[r.cat.Lang]; n != "" {
			return n
		}
	}
	return label
}

// seriesName is a series' legend name in this language: the data's name ("B200 (TRTLLM, MTP)
// FP8") with its GPU and framework parts as [gpus.KEY.names] and [frameworks.KEY.names] give
// them for the language, everywhere the page shows it (the chart's series, the legend, the
// tables). Without such names it is the data's name, as before languages.
func (r *Renderer) seriesName(s *page.PageSeries) string {
	name := s.Name
	if g := gpuLabel(s); strings.HasPrefix(name, g) {
		if n := r.gpuName(s.GPU, g); n != g {
			name = n + name[len(g):]
		}
	}
	if fw := frameworkLabel(s); fw != "" {
		if n := r.frameworkName(s.Framework, fw); n != fw {
			name = strings.Replace(name, " ("+fw, " ("+n, 1)
		}
	}
	return name
}

// leaderName is the headline's leader (a GPU's label, snapshotHeadline's) as this language
// names that GPU (gpuName), else the name as it is.
func (r *Renderer) leaderName(snap *page.Snapshot, leader string) string {
	for _, s := range snap.Series {
		if gpuLabel(s) == leader {
			return r.gpuName(s.GPU, leader)
		}
	}
	return leader
}

// markdownHTML is a markdown page's HTML (goldmark's, rendered once for every language) as
// this language's page shows it: each chart block's link to the chart page goes to the page in
// this language, whose page.json the block then draws (in its names), and the words the
// markdown stage writes itself (the block's link, a heading anchor's label) are the catalog's.
func (r *Renderer) markdownHTML(m *markdown.MarkdownPage) template.HTML {
	return r.localHTML(m.HTML, len(m.Charts) > 0)
}

// localHTML is markdownHTML of goldmark's HTML s (a page's, or a chart page's notes, which
// hold no chart block), charts telling whether it may hold chart blocks.
func (r *Renderer) localHTML(s string, charts bool) template.HTML {
	var pairs []string
	if a := `aria-label="` + htmlValue.Replace(r.cat.T("markdown.anchor")) + `">`; a != markdownAnchor {
		pairs = append(pairs, markdownAnchor, a)
	}
	if o := `">` + htmlValue.Replace(r.cat.T("markdown.open_chart")) + `</a></figcaption>`; o != markdownOpenChart && charts {
		pairs = append(pairs, markdownOpenChart, o)
	}
	if len(pairs) > 0 {
		s = strings.NewReplacer(pairs...).Replace(s)
	}
	if charts && r.site.Base != r.site.Root {
		// Only a block's own link, the one in its figcaption: a link the author wrote (to a
		// data.csv, say) goes where it was written to.
		root, base := html.EscapeString(r.site.Root), html.EscapeString(r.site.Base)
		s = blockLink.ReplaceAllStringFunc(s, func(link string) string {
			head, rest, _ := strings.Cut(link, `<a href="`)
			if after, ok := strings.CutPrefix(rest, root); ok {
				return head + `<a href="` + base + after
			}
			return link
		})
	}
	return template.HTML(s) // goldmark output: raw HTML in the source is escaped
}

// blockLink is the start of a chart block's link to its chart page, up to the page's path
// (package markdown's html.go: a figcaption, an optional title, the link).
var blockLink = regexp.MustCompile(`<figcaption>(?:<span class="chart-title">[^<]*</span> )?<a href="[^"#]*`)

// markdownAnchor and markdownOpenChart are the English words package markdown writes into a
// page (html.go), which markdownHTML puts in the page's language.
const (
	markdownAnchor    = `aria-label="Link to this section">`
	markdownOpenChart = `">Open the full chart</a></figcaption>`
)

// tHTML is the t template func: the catalog's string escaped for HTML text, each value
// escaped as html/template escapes a value, then put in its placeholder. The catalog's own
// text keeps its apostrophes (html/template would write them &#39;), so that the English
// pages are byte for byte what they were when these strings were in the templates; every
// character that could open markup (<, >, &, ") is escaped, whoever wrote the catalog. In an
// attribute html/template escapes the result again as an attribute value.
func tHTML(cat *i18n.Catalog, key string, args ...any) template.HTML {
	vals := make([]any, len(args))
	for i, a := range args {
		if i%2 == 0 {
			vals[i] = a
			continue
		}
		s, ok := a.(string)
		if !ok {
			s = i18n.Fill("{v}", "v", a)
		}
		vals[i] = htmlValue.Replace(s)
	}
	return template.HTML(i18n.Fill(catalogText.Replace(cat.Raw(key)), vals...))
}

// catalogText escapes a catalog string for HTML text; htmlValue escapes a value as
// html/template's text escaper does.
var (
	catalogText = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "\x00", "\uFFFD")
	htmlValue   = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;", "+", "&#43;", "\x00", "\uFFFD")
)

// catalog is r's language's catalog, or English for a Renderer made without New (tests).
func (r *Renderer) catalog() *i18n.Catalog {
	if r.cat != nil {
		return r.cat
	}
	return english()
}

// english is Frontier's shipped English catalog, for the words of views made without a
// Renderer (the twins' tests call leadersHTML and setViewState so).
var english = sync.OnceValue(func() *i18n.Catalog {
	set, _ := i18n.Load([]string{"en"}, i18n.Sources{Shipped: templates.FS})
	return set.Default()
})

// localizeMetrics names a page's y metrics and x axes in r's language, from the catalog's
// metric.<key> and xaxis.<key> tables (label, axis, unit), wherever a name is still the
// built-in one of charts.YMetrics and charts.XAxes: a name the config or the data gave is the
// publisher's, and stays.
func (r *Renderer) localizeMetrics(ms []MetricData, xs []XAxisData) {
	loc := func(dst *string, builtin, key string) {
		if *dst == builtin && r.cat.Has(key) {
			*dst = r.cat.T(key)
		}
	}
	for i := range ms {
		if m, ok := charts.YMetric(ms[i].Key); ok {
			k := "metric." + m.Key + "."
			loc(&ms[i].Label, m.Label, k+"label")
			loc(&ms[i].Axis, m.Axis, k+"axis")
			loc(&ms[i].Unit, m.Unit, k+"unit")
		}
	}
	for i := range xs {
		if a, ok := charts.XAxis(xs[i].Key); ok {
			k := "xaxis." + a.Key + "."
			loc(&xs[i].Label, a.Label, k+"label")
			loc(&xs[i].Axis, a.Axis, k+"axis")
			loc(&xs[i].Unit, a.Unit, k+"unit")
		}
	}
}

// dataMetricLabel is the name of the metric p's datasets were measured on, for sentences: its
// name on the page's chart (ms, the page's metrics as the page names them), so that the
// description says what the axis says; the data's own label for a metric the page lacks.
func (r *Renderer) dataMetricLabel(p *page.Page, ms []MetricData) string {
	for _, m := range ms {
		if m.Key == p.Metric.Key {
			return m.Label
		}
	}
	return p.Metric.Label
}

// firstRune is s with its first letter mapped by f (unicode.ToLower, unicode.ToUpper): the
// first rune, not byte, so that a Chinese name is left whole.
func firstRune(s string, f func(rune) rune) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(f(r)) + s[n:]
}

// LanguageClashes reports the model pages and markdown pages whose path would be a mirror's
// folder: with languages = ["en", "zh"], /zh/ is the Chinese site, so no model may slug to
// "zh" and no markdown page may live in data/zh/.
// configFile names frontier.toml, whose languages setting a model's path clashes with.
func LanguageClashes(configFile string, langs []string, pages []*page.Page, mds []*markdown.MarkdownPage) problem.Problems {
	var ps problem.Problems
	for i, l := range langs {
		if i == 0 {
			continue // the default language has no folder
		}
		for _, p := range pages {
			if first, _, _ := strings.Cut(p.Path, "/"); first == l {
				ps = append(ps, problem.Problem{File: configFile, Path: fmt.Sprintf("languages[%d]", i),
					Msg: fmt.Sprintf("the %s site's folder /%s/ is the path of model %q too: rename the model ([models]) or drop the language", l, l, p.Model)})
			}
		}
		for _, m := range mds {
			if first, _, _ := strings.Cut(m.URL, "/"); first == l && !m.IsNotes() {
				ps = append(ps, problem.Problem{File: m.File, Msg: fmt.Sprintf("the path /%s is the %s site's folder (languages): move the file", m.URL, l)})
			}
		}
	}
	return ps
}
