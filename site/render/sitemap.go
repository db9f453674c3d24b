package render

import (
	"bytes"
	"encoding/xml"
)

// sitemapURLSet is sitemap.xml, as the sitemap protocol (sitemaps.org, 0.9) names its elements.
type sitemapURLSet struct {
	XMLName xml.Name     `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []sitemapURL `xml:"url"`
}

// sitemapURL is one page of the sitemap: only its location, since the site's dates are its
// snapshots' and a page has several.
type sitemapURL struct {
	Loc string `xml:"loc"`
}

// sitemap lists every page by absolute URL, in a stable order: home, the chart pages in site
// order (each followed by its compare pages), the overview, then the markdown pages (not the notes, which are shown on chart pages, nor the embeds,
// which search engines should not list).
func (r *Renderer) sitemap() ([]byte, error) {
	set := sitemapURLSet{URLs: []sitemapURL{{r.in.Config.AbsURL("")}}}
	for _, p := range r.pages {
		set.URLs = append(set.URLs, sitemapURL{r.in.Config.AbsURL(p.Path)})
		for _, c := range comparePaths(p) {
			set.URLs = append(set.URLs, sitemapURL{r.in.Config.AbsURL(c)})
		}
	}
	set.URLs = append(set.URLs, sitemapURL{r.in.Config.AbsURL("overview/")})
	for _, m := range r.mds {
		if !m.IsNotes() && m.URL != "" {
			set.URLs = append(set.URLs, sitemapURL{r.in.Config.AbsURL(m.URL)})
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
