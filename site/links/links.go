// Package links checks a built bundle the way a static host serves it (Check, behind
// `frontier check --links`): every internal link and asset of every page, og:url and og:image,
// the history files a chart page's data names, the sitemap and robots.txt, the URLs of the static
// API's index.json and openapi.json (api.go), each broken one
// reported with the page it is on. It reads any fs.FS (a folder, or output.Files in memory),
// answers URLs with output.Serves, the same rule the preview server and the browser tests use,
// and reads HTML with golang.org/x/net/html's tokenizer, as a browser does. Refs lists one
// page's URLs, for tests that hold each to a rule of their own.
package links

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io/fs"
	"maps"
	"net/url"
	"path"
	"slices"
	"strings"

	"golang.org/x/net/html"

	"github.com/frontier-bench/frontier/site/output"
	"github.com/frontier-bench/frontier/site/problem"
)

// Report is what Check found in a built bundle.
type Report struct {
	Base   string // the base path the bundle was checked under, "/" or "/repo/"
	Origin string // the site's scheme and host, "https://owner.github.io"; "" when the bundle names none
	Pages  int    // HTML pages crawled
	Links  int    // internal links and assets checked (each occurrence)
	// Broken has one problem per broken link: File is the URL path of the page it is on
	// ("/repo/about/"), Msg is "broken link " and the URL as the page writes it.
	Broken problem.Problems
}

// Check crawls a built bundle the way a static host serves it, and reports every internal
// link and asset that leads nowhere, with the page it was found on. A URL path maps to the
// file at that path below the bundle, a folder to its index.html.
//
// It checks href, src, srcset and poster attributes (so <a>, <link rel=icon|stylesheet|canonical>,
// <script> and images), og:url and og:image, the history files a chart page's data names, every
// <loc> of sitemap.xml, the Sitemap line of robots.txt, and every URL in the static API's
// index.json and openapi.json (api.go). A fragment must name an id on the
// target page; a fragment holding '=' is view state that the page script reads (a chart page's
// "#y=outputTputPerGpu&gpus=b200"), not an id, and is not checked. Links to other hosts are not
// followed. 404.html is checked as a static host serves it, for a missing URL one level deep and
// several levels deep, so its relative links show up broken.
//
// baseURL is what the bundle was built for ("https://owner.github.io/repo/" or "/repo/");
// "" reads it from the home page's canonical link, or without one (a base URL with no host)
// from its <meta name="frontier-base">. Every internal URL must start with its path:
// a link to "/assets/x.css" in a bundle deployed under /repo/ is broken.
//
// The error is for a bundle that cannot be checked at all (no index.html, a bad base URL);
// broken links are in the report.
func Check(bundle fs.FS, baseURL string) (*Report, error) {
	home, err := fs.ReadFile(bundle, "index.html")
	if err != nil {
		return nil, fmt.Errorf("no index.html at the top: is this a built site? (%w)", err)
	}
	tags := scanTags(home)
	canonical := canonicalOf(tags)
	src := baseURL
	if src == "" {
		// The base path the bundle was built for: its canonical link when the base URL had a
		// host, else the frontier-base meta tag every page carries.
		src = cmp.Or(canonical, metaOf(tags, "frontier-base"))
	}
	u, err := output.ParseBaseURL(src)
	if err != nil {
		return nil, fmt.Errorf("base URL: %w", err)
	}
	c := &linkChecker{fsys: bundle, base: u.Path, ids: map[string]map[string]bool{}, files: map[string]string{}, seen: map[string]bool{}}
	if u.Host == "" {
		// A base given as a path: the site's host is whatever the bundle's own canonical link says.
		if cu, err := url.Parse(canonical); err == nil && cu.Host != "" {
			u = cu
		}
	}
	if u.Host != "" {
		c.scheme, c.host = u.Scheme, u.Host
	}
	rep := &Report{Base: c.base}
	if c.host != "" {
		rep.Origin = c.scheme + "://" + c.host
	}

	var files []string
	err = fs.WalkDir(bundle, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".html") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		if err := c.checkPage(f); err != nil {
			return nil, err
		}
	}
	if err := c.checkSitemap(); err != nil {
		return nil, err
	}
	if err := c.checkRobots(); err != nil {
		return nil, err
	}
	if err := c.checkAPI(); err != nil { // api.go
		return nil, err
	}
	c.broken.Sort()
	rep.Pages, rep.Links, rep.Broken = len(files), c.links, c.broken
	return rep, nil
}

// linkChecker is one run of Check.
type linkChecker struct {
	fsys         fs.FS
	base         string                     // "/repo/"
	scheme, host string                     // of the site's absolute URLs; "" when unknown
	ids          map[string]map[string]bool // HTML file -> the ids in it; only ids are kept, so big sites fit
	files        map[string]string          // slash path below the base -> the file served, "" for none (a cache of output.Serves)
	seen         map[string]bool            // page + "\x00" + ref already reported
	links        int
	broken       problem.Problems
}

// scan reads the HTML file name (a slash path below the bundle) and notes its ids.
func (c *linkChecker) scan(name string) ([]tag, error) {
	b, err := fs.ReadFile(c.fsys, name)
	if err != nil {
		return nil, err
	}
	tags := scanTags(b)
	ids := map[string]bool{}
	for _, t := range tags {
		if id, ok := t.Attr("id"); ok {
			ids[id] = true
		}
		if name, ok := t.Attr("name"); ok && t.Name == "a" {
			ids[name] = true
		}
	}
	c.ids[name] = ids
	return tags, nil
}

// pageURL is the URL path a static host serves the file at name under.
func (c *linkChecker) pageURL(name string) string {
	switch {
	case name == "index.html":
		return c.base
	case strings.HasSuffix(name, "/index.html"):
		return c.base + strings.TrimSuffix(name, "index.html")
	default:
		return c.base + name
	}
}

// checkPage checks every link and asset of one HTML file.
func (c *linkChecker) checkPage(name string) error {
	tags, err := c.scan(name)
	if err != nil {
		return err
	}
	page := c.pageURL(name)
	from := []string{page}
	if name == "404.html" {
		// A host serves 404.html in place of any missing URL, at any depth.
		from = []string{c.base + "no-such-page", c.base + "no/such/deep/page/"}
	}
	for _, t := range tags {
		for _, ref := range tagURLs(t) {
			c.links++
			if err := c.check(name, page, from, ref, false); err != nil {
				return err
			}
		}
	}
	return nil
}

// tagURLs lists the URLs a tag makes the browser load or offers as a link.
func tagURLs(t tag) []string {
	var refs []string
	for _, a := range t.Attrs {
		switch a.Key {
		case "href", "src", "poster":
			refs = append(refs, a.Val)
		case "srcset":
			for cand := range strings.SplitSeq(a.Val, ",") {
				if f := strings.Fields(cand); len(f) > 0 {
					refs = append(refs, f[0])
				}
			}
		}
	}
	if t.Name == "meta" {
		switch prop, _ := t.Attr("property"); prop {
		case "og:url", "og:image":
			content, _ := t.Attr("content")
			refs = append(refs, content)
		}
	}
	if id, _ := t.Attr("id"); t.Name == "script" && id == "page-data" {
		// A chart page fetches its history's chunks and trend tables from these URLs,
		// relative to the page.
		var data struct {
			History struct {
				Index  string                  `json:"index"`
				Chunks []struct{ File string } `json:"chunks"`
				Trend  map[string]string       `json:"trend"`
			} `json:"history"`
		}
		if json.Unmarshal([]byte(t.Text), &data) == nil {
			h := data.History
			if h.Index != "" {
				refs = append(refs, h.Index)
			}
			for _, c := range h.Chunks {
				refs = append(refs, c.File)
			}
			for _, k := range slices.Sorted(maps.Keys(h.Trend)) {
				refs = append(refs, h.Trend[k])
			}
		}
	}
	return refs
}

// check reports ref, found in the file self that is served at page, when it does not resolve
// from each of the URL paths in from. absolute demands a URL with the site's host, as sitemaps do.
func (c *linkChecker) check(self, page string, from []string, ref string, absolute bool) error {
	for _, f := range from {
		ok, err := c.resolves(self, f, ref, absolute)
		if err != nil {
			return err
		}
		if !ok {
			c.report(page, ref)
			return nil
		}
	}
	return nil
}

func (c *linkChecker) report(page, ref string) {
	key := page + "\x00" + ref
	if c.seen[key] {
		return
	}
	c.seen[key] = true
	c.broken = append(c.broken, problem.Problem{File: page, Msg: "broken link " + ref})
}

// resolves says whether ref, in the file self served at the URL path from, leads to a file of
// the bundle (and, with a fragment, to an element with that id). Links off the site count as
// fine: they are not this bundle's to check.
func (c *linkChecker) resolves(self, from, ref string, absolute bool) (bool, error) {
	ref = strings.TrimSpace(ref)
	u, err := url.Parse(ref)
	if err != nil {
		return false, nil
	}
	if !absolute && u.Scheme == "" && u.Host == "" && u.Path == "" && u.RawQuery == "" {
		// "" or "#id": the same document, wherever it is served.
		return c.hasID(self, u.Fragment)
	}
	switch {
	case u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https":
		return true, nil // mailto:, data: and the like
	case u.Host != "" && !strings.EqualFold(u.Host, c.host):
		return true, nil // another site
	case u.Host != "" && u.Scheme != "" && u.Scheme != c.scheme:
		return false, nil // the site's host under the wrong scheme
	case absolute && c.host != "" && u.Host == "":
		return false, nil
	}
	abs := (&url.URL{Path: from}).ResolveReference(u)
	p := abs.Path
	if p+"/" == c.base {
		p = c.base // "/repo" is served as "/repo/"
	}
	if !strings.HasPrefix(p, c.base) {
		return false, nil // outside the base path: the host serves other things there, or nothing
	}
	file := c.serves(strings.TrimPrefix(p, c.base))
	if file == "" {
		return false, nil
	}
	return c.hasID(file, abs.Fragment)
}

// serves returns the file a static host answers the path rel (below the base) with, or "".
// A folder's URL without its slash counts as served: hosts redirect it to the folder.
func (c *linkChecker) serves(rel string) string {
	if f, ok := c.files[rel]; ok {
		return f
	}
	file, redirect := output.Serves(c.fsys, rel)
	if redirect {
		file = path.Join(rel, "index.html")
	}
	c.files[rel] = file
	return file
}

// hasID says whether the element a fragment names is in the bundle's file name. Only HTML
// files have ids to check, and a fragment holding '=' is page state, not an id.
func (c *linkChecker) hasID(name, frag string) (bool, error) {
	if frag == "" || strings.Contains(frag, "=") || !strings.HasSuffix(name, ".html") {
		return true, nil
	}
	ids, ok := c.ids[name]
	if !ok {
		if _, err := c.scan(name); err != nil {
			return false, err
		}
		ids = c.ids[name]
	}
	return ids[frag], nil
}

// checkSitemap checks that every URL in sitemap.xml is absolute (when the site has a host)
// and leads to a page.
func (c *linkChecker) checkSitemap() error {
	b, err := fs.ReadFile(c.fsys, "sitemap.xml")
	if err != nil {
		return nil // a bundle without a sitemap has no sitemap links to break
	}
	page := c.base + "sitemap.xml"
	var sm struct {
		URLs []struct {
			Loc string `xml:"loc"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal(b, &sm); err != nil {
		c.broken = append(c.broken, problem.Problem{File: page, Msg: fmt.Sprintf("not a sitemap: %v", err)})
		return nil
	}
	for _, u := range sm.URLs {
		c.links++
		if err := c.check("sitemap.xml", page, []string{c.base}, u.Loc, true); err != nil {
			return err
		}
	}
	return nil
}

// checkRobots checks the Sitemap lines of robots.txt.
func (c *linkChecker) checkRobots() error {
	b, err := fs.ReadFile(c.fsys, "robots.txt")
	if err != nil {
		return nil
	}
	page := c.base + "robots.txt"
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "sitemap") {
			continue
		}
		c.links++
		if err := c.check("robots.txt", page, []string{c.base}, strings.TrimSpace(v), true); err != nil {
			return err
		}
	}
	return sc.Err()
}

// metaOf returns the content of a page's <meta name=name>, or "".
func metaOf(tags []tag, name string) string {
	for _, t := range tags {
		if n, _ := t.Attr("name"); t.Name == "meta" && strings.EqualFold(n, name) {
			content, _ := t.Attr("content")
			return content
		}
	}
	return ""
}

// canonicalOf returns the href of a page's <link rel="canonical">, or "".
func canonicalOf(tags []tag) string {
	for _, t := range tags {
		rel, _ := t.Attr("rel")
		if t.Name == "link" && slices.Contains(strings.Fields(strings.ToLower(rel)), "canonical") {
			href, _ := t.Attr("href")
			return href
		}
	}
	return ""
}

// Ref is one URL a page holds: the tag it is on and the URL as the page writes it.
type Ref struct {
	Tag string // lower case, e.g. "img"
	URL string
}

// Refs lists every URL a page makes the browser load or offers as a link, in page order:
// what Check checks on each page, for tests that hold each URL to a rule of their own.
func Refs(page []byte) []Ref {
	var refs []Ref
	for _, t := range scanTags(page) {
		for _, u := range tagURLs(t) {
			refs = append(refs, Ref{Tag: t.Name, URL: u})
		}
	}
	return refs
}

// tag is one start tag of a page: what the link checker needs to know about it.
type tag struct {
	Name  string // lower case, e.g. "link"
	Attrs []html.Attribute
	Text  string // the raw content of a <script> element, "" for other tags
}

// Attr returns the value of the attribute name, and whether the tag has it.
func (t tag) Attr(name string) (string, bool) {
	for _, a := range t.Attrs {
		if a.Key == name {
			return a.Val, true
		}
	}
	return "", false
}

// scanTags lists the start tags of an HTML document in order, with the raw text of each
// <script>. The tokenizer is golang.org/x/net/html's, which reads HTML as browsers do
// (comments, raw text elements, bare and unquoted attributes, character references), so the
// checker sees the links a reader's browser sees.
func scanTags(src []byte) []tag {
	var tags []tag
	inScript := false // the tokenizer gives a script's raw text as text tokens up to its end tag
	z := html.NewTokenizer(bytes.NewReader(src))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return tags
		case html.StartTagToken, html.SelfClosingTagToken:
			t := z.Token()
			tags = append(tags, tag{Name: t.Data, Attrs: t.Attr})
			inScript = t.Data == "script"
		case html.TextToken:
			if inScript {
				tags[len(tags)-1].Text += string(z.Text())
			}
		default:
			inScript = false
		}
	}
}
