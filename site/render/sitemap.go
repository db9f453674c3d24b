package render

import (
	"bytes"
	"encoding/xml"
)

// sitemapURLSet is sitemap.xml, as the sitemap protocol (sitemaps.org, 0.9) names its elements.
// A multilingual site's also declares the xhtml namespace of its alternates.
type sitemapURLSet struct {
	XMLName xml.Name     `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	XHTML   string       `xml:"xmlns:xhtml,attr,omitempty"`
	URLs    []sitemapURL `xml:"url"`
}

// sitemapURL is one page of the sitemap: only its location, since the site's dates are its
// snapshots' and a page has several; on a multilingual site, the page in every language
// (Google's sitemap form of hreflang).
type sitemapURL struct {
	Loc   string        `xml:"loc"`
	Links []sitemapLink `xml:"xhtml:link"`
}

// sitemapLink is an xhtml:link alternate of a sitemap URL.
type sitemapLink struct {
	Rel      string `xml:"rel,attr"`
	Hreflang string `xml:"hreflang,attr"`
	Href     string `xml:"href,attr"`
}

// sitemap lists every page by absolute URL, in a stable order: home, the chart pages in site
// order (each followed by its compare pages), the overview, then the markdown pages (not the notes, which are shown on chart pages, nor the embeds,
// which search engines should not list); then the same in every other language.
func (r *Renderer) sitemap() ([]byte, error) {
	paths := []string{""}
	for _, p := range r.pages {
		paths = append(paths, p.Path)
		paths = append(paths, comparePaths(p)...)
	}
	paths = append(paths, "overview/")
	for _, m := range r.mds {
		if !m.IsNotes() && m.URL != "" {
			paths = append(paths, m.URL)
		}
	}
	set := sitemapURLSet{}
	if len(r.langs) > 1 {
		set.XHTML = "http://www.w3.org/1999/xhtml"
	}
	langs := r.langs
	if len(langs) == 0 {
		langs = []langInfo{{Tag: "en"}} // a Renderer made without New (tests)
	}
	for _, l := range langs {
		for _, p := range paths {
			u := sitemapURL{Loc: r.in.Config.AbsURL(l.Prefix + p)}
			if len(r.langs) > 1 {
				for _, a := range r.langs {
					u.Links = append(u.Links, sitemapLink{"alternate", a.Tag, r.in.Config.AbsURL(a.Prefix + p)})
				}
				u.Links = append(u.Links, sitemapLink{"alternate", "x-default", r.in.Config.AbsURL(p)})
			}
			set.URLs = append(set.URLs, u)
		}
	}
	return marshalXML(`<?xml version="1.0" encoding="UTF-8"?>`, set)
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
