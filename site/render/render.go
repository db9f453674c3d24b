package render

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/frontier-bench/frontier/site/page"
	"html/template"
	"io/fs"
	"maps"
	"path"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/frontier-bench/frontier/templates"

	"github.com/frontier-bench/frontier/site/card"
	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/i18n"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/output"
	"github.com/frontier-bench/frontier/site/problem"

	"github.com/frontier-bench/frontier/site/markdown"
)

// Renderer draws one build's site: the chart pages one at a time as the pipeline assembles
// them (Chart), then everything else (Render). It holds what every page shares: parsed
// templates, hashed asset names, navigation. New makes one; it is safe for concurrent Chart
// calls.
type Renderer struct {
	in      config.Input
	pages   []*page.Page
	mds     []*markdown.MarkdownPage
	site    *siteView
	tmpl    map[string]*template.Template // by page kind: "home", "chart", "page", "404"
	assets  map[string][]byte             // hashed site path -> bytes
	reuse   *Reuse                        // chart pages kept by a Builder (reuse.go); nil: draw all
	statics []input.StaticFile            // the author's images and documents, copied as they are
	changes []input.Change                // data/changelog.yaml: what changed when, for the trend charts
	// drawCard draws an og:image card; nil is card.Draw (a test sees the Specs through it).
	drawCard func(card.Spec) ([]byte, error)
	// chartNanos and writeNanos add up, over every goroutine, the time spent building chart
	// options and writing files, so --stats can split the render stage (see StageTime);
	// jobNanos the time spent in the jobs it names apart from the pages' own (Jobs).
	chartNanos, writeNanos atomic.Int64
	jobNanos               [nJobs]atomic.Int64
	bufs                   sync.Pool // *bytes.Buffer for execute
	// templateFile is how problems name a template file: the site's copy or the embedded one.
	templateFile func(name string) string

	// Languages (lang.go): this Renderer's catalog and output folder ("" for the default,
	// "zh/"), every language of the site, and on the default's Renderer the other languages'
	// (mirrors), which the default's Chart and Render draw after its own pages.
	cat     *i18n.Catalog
	prefix  string
	langs   []langInfo
	mirrors []*Renderer
	// translations are this language's markdown pages, by the URL of the page they translate.
	translations map[string]*markdown.MarkdownPage
	// warnings are the catalogs' (missing keys), for the build's report.
	warnings problem.Problems
	// def is the default language's Renderer, on a mirror; nil on the default's.
	def *Renderer
	// cards are the default's og:image cards by page folder, for its mirrors (cards.go).
	cards sync.Map
	// accuracy are the models with an accuracy page (accuracypage.go, SetAccuracy).
	accuracy []AccuracyModel
	// tails are each page kind's end and head-end, written once (tail.go): kind -> tailMemo;
	// fixed says, by kind, which of them read only .Site.
	tails sync.Map
	fixed map[string]fixedParts
}

// siteView is what every template sees as .Site.
type siteView struct {
	Title       string
	Description string
	Base        string // base path of the language's pages, "/" or "/repo/", "/repo/zh/" in a mirror
	Root        string // base path of the site: its assets, feed and data files, "/" or "/repo/"
	Lang        string // the language tag of the pages, <html lang>: "en", "zh"
	Nav         []navItem
	Dev         bool
	Datasets    int
	assets      map[string]string // logical name -> URL
}

// Asset returns the content-hashed URL of a logical asset name such as "style.css".
func (s *siteView) Asset(name string) string { return s.assets[name] }

// DetailScript is the URL of a point's detail (detail.js) with the page language's strings.
func (s *siteView) DetailScript() string { return s.assets[detailScript(s.Lang)] }

// detailScript is the logical asset name of a point's detail with language lang's strings.
func detailScript(lang string) string { return "detail-" + lang + ".js" }

type navItem struct {
	Title string
	URL   string
	Path  string
}

// view is the data of one rendered page.
type view struct {
	Site        *siteView
	Path        string // site path of the page, "" for home
	Title       string
	Description string
	Canonical   string        // absolute URL, "" when the base URL has no host
	Intro       template.HTML // home: data/index.md, rendered by goldmark (raw HTML escaped)
	Home        *homeView
	Chart       *chartPageView
	Compare     *compareView  // a compare page (compare.go)
	Overview    *overviewView // the overview (overview.go)
	API         *apiPageView  // the /api/ page (apilinks.go)
	Accuracy    *accuracyView // a model's accuracy page (accuracypage.go)
	Body        template.HTML // markdown page body, rendered by goldmark (raw HTML escaped)
	HasCharts   bool
	HasH1       bool     // the markdown body has its own level-1 heading
	NoIndex     bool     // a page search engines should not list (404.html): no canonical URL
	Card        *ogImage // the picture a shared link shows (cards.go); nil for none
	JSONLD      any      // schema.org markup for machines (jsonld.go), JSON-encoded by html/template; nil for none
	// Alternates are the page in every language of a multilingual site (lang.go): hreflang
	// links and the language switch; nil with one language.
	Alternates []alternate
	XDefault   string // the hreflang x-default: the page in the default language
	// DataDir is where the page's data files are, "" beside it; a mirror's pages link to the
	// default language's ("/repo/model/seq/").
	DataDir string
	// ContentLang is the language of a markdown page's body when it is not the page's own
	// (a page without a translation, shown in the default language); "" otherwise.
	ContentLang string
	// TailDone tells base.html to leave its "tail" out: execute appends it, written once
	// (tail.go).
	TailDone bool
	// HeadEnd is base.html's "head-end", written once (tail.go); "" where the page executes it.
	HeadEnd template.HTML
}

// templateFiles are the templates every page kind shares, parsed in this (sorted) order.
var templateFiles = []string{"base.html", "controls.html", "history.html", "share.html", "slo.html", "yourrun.html"}

// pageKinds maps a page kind to its template file. embed.html, the chart alone for an
// <iframe>, defines its own "base": no navigation, header or footer.
var pageKinds = map[string]string{"home": "home.html", "chart": "chart.html", "embed": "embed.html", "page": "page.html", "404": "404.html",
	"compare": "compare.html", "overview": "overview.html", "api": "api.html", "accuracy": "accuracy.html"}

func newRenderer(in config.Input, pages []*page.Page, mds []*markdown.MarkdownPage, datasets int) (*Renderer, error) {
	prefix := cmp.Or(in.DataPrefix, "data/")
	cats, cps := i18n.Load(in.Config.Langs(), i18n.Sources{Shipped: templates.FS, ShippedPrefix: "templates/",
		Site: in.Data, SitePrefix: prefix, ConfigFile: cmp.Or(in.ConfigFile, "frontier.toml")})
	if errs := cps.Errors(); len(errs) > 0 {
		return nil, errs
	}
	langs := make([]langInfo, len(cats.Langs))
	for i, c := range cats.Langs {
		langs[i] = langInfo{Tag: c.Lang, Name: c.T("lang.name")}
		if i > 0 {
			langs[i].Prefix = c.Lang + "/"
		}
	}
	mds, translations := splitTranslations(mds, langs)

	r := &Renderer{in: in, pages: pages, mds: mds, tmpl: map[string]*template.Template{}, assets: map[string][]byte{},
		cat: cats.Default(), langs: langs, warnings: cps.Warnings()}
	base := in.Config.BasePath()
	r.site = &siteView{
		Title: in.Config.Title, Description: in.Config.Description, Base: base, Root: base, Lang: r.cat.Lang,
		Dev: in.Dev, Datasets: datasets, assets: map[string]string{},
	}
	r.site.Nav = navigation(mds, base)

	// own are the files the site's templates/ overrides, so problems name its copy.
	own := map[string]bool{}
	read := func(name string) ([]byte, error) {
		if in.Templates != nil {
			b, err := fs.ReadFile(in.Templates, name)
			if err == nil {
				own[name] = true
				return b, nil
			}
		}
		return fs.ReadFile(templates.FS, name)
	}
	r.templateFile = func(name string) string {
		if own[name] {
			return cmp.Or(in.TemplatesPrefix, "templates/") + name
		}
		return "templates/" + name
	}

	add := func(logical string, data []byte) {
		ext := path.Ext(logical)
		stem := strings.TrimSuffix(logical, ext)
		for _, inner := range []string{".min", ".wasm"} { // echarts.<hash>.min.js, yourrun.<hash>.wasm.gz
			if strings.HasSuffix(stem, inner) {
				stem, ext = strings.TrimSuffix(stem, inner), inner+ext
			}
		}
		sum := sha256.Sum256(data)
		name := "assets/" + stem + "." + hex.EncodeToString(sum[:5]) + ext
		r.assets[name] = data
		r.site.assets[logical] = base + name
	}
	// yourrun.js is fetched by the chart page only when a reader adds a result file of their own,
	// and it fetches the decoder (cmd/frontier-wasm, gzipped) and Go's wasm_exec.js that runs it;
	// apisite.js by the /api/ page of a site built without a host (apilinks.go).
	for _, name := range []string{"style.css", "favicon.svg", "yourrun.js", "yourrun.wasm.gz", "../vendor/wasm_exec.js", "apisite.js"} {
		b, err := read(path.Clean("assets/" + name))
		if err != nil {
			return nil, err
		}
		add(path.Base(name), b)
	}
	// The page script is one esbuild bundle (templates/script/, `make deps`), pareto.js included.
	js, err := read("assets/frontier.js")
	if err != nil {
		return nil, err
	}
	add("frontier.js", js)
	// A point's detail (detail.js), fetched when a reader first opens one, once per language:
	// its strings ([script.detail], which every page's #strings leaves out: funcs) before the
	// module, as window.frontierDetailStrings. encoding/json escapes "<", ">", "&", U+2028 and
	// U+2029, so the catalog's strings are a JavaScript literal whatever they hold.
	detail, err := read("assets/detail.js")
	if err != nil {
		return nil, err
	}
	for _, c := range cats.Langs {
		strs, err := json.Marshal(c.Table("script.detail."))
		if err != nil {
			return nil, err
		}
		add(detailScript(c.Lang), slices.Concat([]byte("window.frontierDetailStrings="), strs, []byte(";\n"), detail))
	}
	if len(in.ECharts) == 0 {
		return nil, fmt.Errorf("no ECharts script: run `make deps` (npm ci) so node_modules/echarts exists")
	}
	add("echarts.min.js", in.ECharts)

	if err = r.parseTemplates(read, r.cat); err != nil {
		return nil, err
	}
	// The other languages: the same site, their own catalog, templates and links (lang.go).
	for i, c := range cats.Langs[1:] {
		l := langs[i+1]
		m := &Renderer{in: in, pages: pages, mds: mds, assets: r.assets, templateFile: r.templateFile,
			cat: c, prefix: l.Prefix, langs: langs, translations: translations[l.Tag], def: r}
		site := *r.site
		site.Base, site.Lang = base+l.Prefix, l.Tag
		site.Nav = navigation(mds, base+l.Prefix)
		for i, n := range site.Nav {
			if t := translations[l.Tag][n.Path]; t != nil && t.Title != "" {
				site.Nav[i].Title = t.Title // about.zh.md's title names the page in the zh menu
			}
		}
		m.site = &site
		if err = m.parseTemplates(read, c); err != nil {
			return nil, err
		}
		r.mirrors = append(r.mirrors, m)
	}
	return r, nil
}

// parseTemplates parses every page kind's templates with the funcs of catalog cat into r.tmpl,
// and r.fixed (tail.go) from them.
func (r *Renderer) parseTemplates(read func(string) ([]byte, error), cat *i18n.Catalog) error {
	kinds := slices.Sorted(maps.Keys(pageKinds))
	src := map[string][]byte{}
	h := sha256.New()
	for _, name := range slices.Concat(templateFiles, kinds) {
		if file, ok := pageKinds[name]; ok {
			name = file
		}
		b, err := read(name)
		if err != nil {
			return err
		}
		src[name] = b
		fmt.Fprintf(h, "%q %d\n", name, len(b))
		h.Write(b)
	}
	catalog := cat.Digest()
	h.Write(catalog[:])
	var key [sha256.Size]byte
	h.Sum(key[:0])
	if catalog != ([sha256.Size]byte{}) {
		if set := parsed.get(key); set.tmpl != nil {
			r.tmpl, r.fixed = set.tmpl, set.fixed
			return nil
		}
	}

	// Each file is parsed under its own name, so that an error names the file and the line in
	// it, and in a fixed order, so that it names the same ones on every run. The shared files
	// are parsed once and cloned into each page kind's set, which then redefines "main" and
	// "scripts" from the kind's own file.
	tmpl := map[string]*template.Template{}
	fixed := map[string]fixedParts{}
	shared := template.New("frontier").Funcs(funcs(cat)) // an empty root: each file below it has its own name
	for _, name := range templateFiles {
		if _, err := shared.New(name).Parse(string(src[name])); err != nil {
			return r.templateProblems(err)
		}
	}
	for _, kind := range kinds {
		file := pageKinds[kind]
		t, err := shared.Clone()
		if err != nil {
			return err
		}
		if _, err := t.New(file).Parse(string(src[file])); err != nil {
			return r.templateProblems(err)
		}
		tmpl[kind] = t
		fixed[kind] = fixedPartsOf(t) // now, while no goroutine executes (and escapes) the set
	}
	r.tmpl, r.fixed = tmpl, fixed
	if catalog != ([sha256.Size]byte{}) {
		parsed.put(key, templateSet{tmpl, fixed})
	}
	return nil
}

// parsed keeps the template sets parseTemplates made last, by the digest of their files and
// catalog: the preview builds the site again on every save, and parsing every page kind's
// templates for every language was a tenth of a rebuild of 1,000 datasets. A set, once
// executed, is only ever executed again (html/template allows that from many goroutines at
// once); its funcs answer from the catalog it was parsed with, whose strings are those of any
// catalog with the same digest. At most parsedMax sets are kept.
var parsed templateCache

const parsedMax = 8

type templateCache struct {
	mu sync.Mutex
	m  map[[sha256.Size]byte]templateSet
}

// templateSet is every page kind's templates, and which of their parts read only .Site (tail.go).
type templateSet struct {
	tmpl  map[string]*template.Template
	fixed map[string]fixedParts
}

func (c *templateCache) get(key [sha256.Size]byte) templateSet {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[key]
}

func (c *templateCache) put(key [sha256.Size]byte, set templateSet) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= parsedMax {
		c.m = map[[sha256.Size]byte]templateSet{}
	}
	c.m[key] = set
}

// textTemplateError is how text/template words an error: "template: NAME:LINE: msg" when
// parsing, "template: NAME:LINE:COL: executing ..." when executing.
var textTemplateError = regexp.MustCompile(`(?s)^template: ([^:]+):(\d+):(?:(\d+):)? ?(.*)$`)

// templateProblems turns an error of html/template, from parsing or executing, into the
// problem it is in the author's terms: the template file (the site's own, or the embedded one
// of that name) and the line. It is the one place that reads template errors, so build, check
// and the preview's overlay say the same. An error it cannot place is returned as it is.
func (r *Renderer) templateProblems(err error) error {
	var te *template.Error
	if errors.As(err, &te) && te.Name != "" {
		return problem.Problems{{File: r.templateFile(te.Name), Line: te.Line, Msg: te.Description}}
	}
	m := textTemplateError.FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	line, _ := strconv.Atoi(m[2])
	col, _ := strconv.Atoi(m[3])
	return problem.Problems{{File: r.templateFile(m[1]), Line: line, Col: col, Msg: m[4]}}
}

// Render writes every file of the site but the chart pages, which the pipeline draws as it
// assembles them (Chart): assets, home, markdown pages, 404, sitemap, feed, robots.txt and the
// author's static files; then the same pages in every other language (lang.go).
func (r *Renderer) Render(w output.Writer) error {
	for _, name := range slices.Sorted(maps.Keys(r.assets)) {
		// Shared, not copied: the assets never change, and ECharts alone is a megabyte that
		// every preview rebuild would copy again.
		if err := ShareFile(w, name, r.assets[name]); err != nil {
			return err
		}
	}
	// The files below read every page, and only a mirror's pages read what another writes
	// (the default's cards), so they are made side by side, the mirrors' pages after the
	// default's: after a save that redraws one chart page they are most of the preview's
	// rebuild, and one at a time they left the other cores idle. The first error in this
	// order is the one returned, whichever finished first.
	tasks := []func() error{
		func() error {
			if err := r.renderPages(w); err != nil {
				return err
			}
			// A mirror's pages show the default's cards, drawn by now (writeCard).
			var pages []func() error
			for _, m := range r.mirrors {
				pages = append(pages, func() error { return m.renderPages(prefixWriter{w, m.prefix}) })
			}
			return parallel(pages)
		},
		func() error {
			sitemap, err := r.sitemap()
			if err != nil {
				return fmt.Errorf("sitemap.xml: %w", err)
			}
			return w.WriteFile("sitemap.xml", sitemap)
		},
		func() error {
			feed, err := r.feed()
			if err != nil {
				return fmt.Errorf("feed.xml: %w", err)
			}
			return w.WriteFile("feed.xml", feed)
		},
		func() error { return w.WriteFile("llms.txt", r.llmsTxt()) },
	}
	for _, m := range r.mirrors {
		tasks = append(tasks, func() error {
			feed, err := m.feed()
			if err != nil {
				return fmt.Errorf("%sfeed.xml: %w", m.prefix, err)
			}
			return w.WriteFile(m.prefix+"feed.xml", feed)
		})
	}
	if err := parallel(tasks); err != nil {
		return err
	}
	if err := w.WriteFile(".nojekyll", nil); err != nil {
		return err
	}
	robots := "User-agent: *\nAllow: /\n"
	if r.in.Config.HasHost() {
		// The sitemap protocol wants absolute URLs; without a host in the base URL there are none to give.
		robots += "Sitemap: " + r.in.Config.AbsURL("sitemap.xml") + "\n"
	}
	if err := w.WriteFile("robots.txt", []byte(robots)); err != nil {
		return err
	}
	for _, s := range r.statics {
		if err := w.WriteFile(s.Name, s.Data); err != nil {
			return err
		}
	}
	return nil
}

// parallel runs tasks on as many goroutines as there are cores, and returns the error of the
// first task (in their order) that failed.
func parallel(tasks []func() error) error {
	errs := make([]error, len(tasks))
	next := atomic.Int64{}
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(tasks)) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(tasks); i = int(next.Add(1) - 1) {
				errs[i] = tasks[i]()
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// renderPages writes the pages of one language but the chart pages: home, markdown pages,
// overview and 404.
func (r *Renderer) renderPages(w output.Writer) error {
	if err := r.renderHome(w); err != nil {
		return err
	}
	for _, m := range r.mds {
		if m.IsNotes() || m.URL == "" {
			continue
		}
		src := m
		if t := r.translations[m.URL]; t != nil {
			src = t
		}
		v := r.view(m.URL, src.Title, src.Description)
		v.Body = r.markdownHTML(src) // goldmark output (raw HTML in the source is escaped), in r's language
		v.HasCharts = len(src.Charts) > 0
		v.HasH1 = src.HasH1
		if r.prefix != "" && src == m {
			// Not translated: the default language's page, marked as such for readers and tools.
			v.ContentLang = r.langs[0].Tag
		}
		if err := r.execute(w, "page", m.URL+"index.html", v); err != nil {
			return err
		}
	}
	if err := r.renderOverview(w); err != nil {
		return err
	}
	if err := r.renderAccuracyPages(w); err != nil {
		return err
	}
	if err := r.renderAPIPage(w); err != nil {
		return err
	}
	nf := r.view("404.html", r.cat.T("notfound.title"), r.in.Config.Description)
	nf.NoIndex = true
	return r.execute(w, "404", "404.html", nf)
}

// view starts the data of a page at site path p.
func (r *Renderer) view(p, title, description string) *view {
	if description == "" {
		description = r.in.Config.Description
	}
	v := &view{Site: r.site, Path: p, Title: title, Description: description, Alternates: r.alternates(p)}
	if r.in.Config.HasHost() {
		// A canonical link must be absolute: a relative one is invalid, so without a host there
		// is none, and the link checker reads the base path from the frontier-base meta tag.
		v.Canonical = r.in.Config.AbsURL(r.prefix + p)
	}
	if len(v.Alternates) > 0 {
		v.XDefault = v.Alternates[0].Href
	}
	return v
}

// execute renders one page kind into name.
func (r *Renderer) execute(w output.Writer, kind, name string, v *view) error {
	// Pages are rendered into reused buffers, which Writers do not keep (see output.Writer): a chart
	// page of a big site is over 100 KB, and growing a fresh buffer to that size every time was
	// a tenth of what a build allocates.
	buf, _ := r.bufs.Get().(*bytes.Buffer)
	if buf == nil {
		buf = new(bytes.Buffer)
	}
	defer r.bufs.Put(buf)
	tail, err := r.tailOf(kind)
	if err != nil {
		return err
	}
	v.TailDone, v.HeadEnd = tail.ok, tail.headEnd
	exec := func() ([]byte, error) {
		buf.Reset()
		if err := r.tmpl[kind].ExecuteTemplate(buf, "base", v); err != nil {
			return nil, r.templateProblems(err)
		}
		buf.Write(tail.b)
		return buf.Bytes(), nil
	}
	// In an incremental build some pages are kept by their views: a chart page drawn again
	// keeps each compare page whose view is the same (a save that renames one GPU's series
	// changes that GPU's pairs, not the others'), and a site-wide page, which reads every
	// chart page, is kept from the build before when its view is the same (sitememo.go).
	var keep *keptBytes
	if rec := pageRecorder(w); rec != nil && kind == "compare" {
		keep = &rec.pieces
	} else if r.reuse != nil && siteWide[kind] {
		keep = &r.reuse.site
	}
	if keep == nil {
		b, err := exec()
		if err != nil {
			return err
		}
		return w.WriteFile(name, b)
	}
	b, err := r.keptByModel(keep, "page "+kind+" "+name, v, exec)
	if err != nil {
		return err
	}
	return ShareFile(w, name, b)
}

// siteWide are the page kinds drawn once per language from every chart page (rather than per
// chart page, which Reuse keeps as a whole): an incremental build keeps their bytes by their
// views (siteFile).
var siteWide = map[string]bool{"home": true, "overview": true, "page": true, "404": true}
