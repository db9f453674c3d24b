package render

import (
	"bytes"
	"encoding/xml"
	"strings"

	"github.com/frontier-bench/frontier/site/output"
)

// The namespaces of sitemap.xml: the sitemap protocol's, and XHTML's, whose link element
// carries a URL's alternates in the other languages (Google's sitemap form of hreflang).
const (
	sitemapNS = "http://www.sitemaps.org/schemas/sitemap/0.9"
	xhtmlNS   = "http://www.w3.org/1999/xhtml"
)

// sitemapURL is one url element of sitemap.xml: a page's absolute URL and, on a site of
// several languages, its alternates. encoding/xml declares no prefixes, so the xhtml prefix
// is spelled in the element's name and declared on the urlset (writeSitemap).
type sitemapURL struct {
	XMLName xml.Name      `xml:"url"`
	Loc     string        `xml:"loc"`
	Links   []sitemapLink `xml:"xhtml:link"`
}

// sitemapLink is one alternate of a sitemap URL: the page in the language hreflang, or
// x-default for the first language's.
type sitemapLink struct {
	Rel      string `xml:"rel,attr"`
	Hreflang string `xml:"hreflang,attr"`
	Href     string `xml:"href,attr"`
}

// sitemap is sitemap.xml (the sitemap protocol of sitemaps.org, 0.9): every page by absolute
// URL, only its location (a page has several snapshot dates), in a stable order: home, the
// chart pages in site order (each followed by its compare pages), the overview, then the
// markdown pages (not the notes, shown on chart pages, nor the embeds, which search engines
// should not list); then the same in every other language, each URL with its alternates in
// every language.
func (r *Renderer) sitemap() ([]byte, error) {
	paths := []string{""}
	for _, p := range r.pages {
		paths = append(paths, r.pageFragment(p, "sitemap", func() any {
			return append([]string{p.Path}, comparePaths(p)...)
		}).([]string)...)
	}
	paths = append(paths, "overview/", "api/")
	paths = append(paths, r.accuracyPaths()...)
	// The static API's files (apilinks.go), once for every language: its index and OpenAPI
	// document, each chart page's views and history, and each model's evals.
	files := []string{output.APIIndex, output.APIOpenAPI}
	for _, p := range r.pages {
		for _, f := range apiFiles("", p) {
			files = append(files, f.Path)
		}
	}
	for _, a := range r.accuracyPaths() {
		dir, _, _ := strings.Cut(a, "/")
		files = append(files, output.APIEvaluations(dir))
	}
	for _, m := range r.mds {
		if !m.IsNotes() && m.URL != "" {
			paths = append(paths, m.URL)
		}
	}
	langs := r.langs
	if len(langs) == 0 {
		langs = []langInfo{{Tag: "en"}} // a Renderer made without New (tests)
	}
	// The paths and languages are all it is made of (with the config, in the Reuse's key):
	// a save that adds or removes no page keeps the build before's (sitememo.go).
	return r.siteFile("sitemap.xml", struct {
		paths, files []string
		langs        []langInfo
	}{paths, files, langs}, func() ([]byte, error) { return r.writeSitemap(paths, langs, files) })
}

// writeSitemap is sitemap.xml of paths in every language of langs, then of files (the API's,
// the same in every language), indented. It streams: the urlset's tags as tokens, then each
// URL encoded from one sitemapURL, refilled. On a site of several languages a path's
// alternates are the same in every language's url, so its absolute URLs are made once, and a
// url's loc is its own language's alternate.
func (r *Renderer) writeSitemap(paths []string, langs []langInfo, files []string) ([]byte, error) {
	multi := len(r.langs) > 1
	var u sitemapURL
	var hrefs []string // by path, the alternates' URLs: one per language, then x-default's
	per := 100         // about what a url takes, in bytes
	if multi {
		for _, a := range r.langs {
			u.Links = append(u.Links, sitemapLink{Rel: "alternate", Hreflang: a.Tag})
		}
		u.Links = append(u.Links, sitemapLink{Rel: "alternate", Hreflang: "x-default"})
		hrefs = make([]string, 0, len(paths)*len(u.Links))
		for _, p := range paths {
			for _, a := range r.langs {
				hrefs = append(hrefs, r.in.Config.AbsURL(a.Prefix+p))
			}
			hrefs = append(hrefs, r.in.Config.AbsURL(p))
		}
		per += 150 * len(u.Links)
	}
	var b bytes.Buffer
	b.Grow(len(langs) * len(paths) * per)
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	enc := xml.NewEncoder(&b)
	enc.Indent("", "  ")
	set := xml.StartElement{Name: xml.Name{Space: sitemapNS, Local: "urlset"}}
	if multi {
		set.Attr = []xml.Attr{{Name: xml.Name{Local: "xmlns:xhtml"}, Value: xhtmlNS}}
	}
	if err := enc.EncodeToken(set); err != nil {
		return nil, err
	}
	for li, l := range langs {
		for i, p := range paths {
			if multi {
				alt := hrefs[i*len(u.Links):][:len(u.Links)]
				for j := range u.Links {
					u.Links[j].Href = alt[j]
				}
				u.Loc = alt[li] // with several languages, langs is r.langs (sitemap)
			} else {
				u.Loc = r.in.Config.AbsURL(l.Prefix + p)
			}
			if err := enc.Encode(&u); err != nil {
				return nil, err
			}
		}
	}
	for _, f := range files {
		if err := enc.Encode(&sitemapURL{Loc: r.in.Config.AbsURL(f)}); err != nil {
			return nil, err
		}
	}
	if err := enc.EncodeToken(set.End()); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	b.WriteString("\n")
	return b.Bytes(), nil
}

// marshalXML writes v indented under the XML declaration decl, ending with a newline. The
// declaration is given rather than xml.Header so that each file keeps the one it always had.
func marshalXML(decl string, v any) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(decl + "\n")
	enc := xml.NewEncoder(&b)
	enc.Indent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	b.WriteString("\n")
	return b.Bytes(), nil
}
