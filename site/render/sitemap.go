package render

import (
	"bytes"
	"encoding/xml"

	"github.com/frontier-bench/frontier/site/output"
)

// sitemap is sitemap.xml (the sitemap protocol of sitemaps.org, 0.9): every page by absolute
// URL, only its location (a page has several snapshot dates), in a stable order: home, the
// chart pages in site order (each followed by its compare pages), the overview, then the
// markdown pages (not the notes, shown on chart pages, nor the embeds, which search engines
// should not list); then the same in every other language, each URL with its alternates in
// every language (Google's sitemap form of hreflang). It is written directly, as encoding/xml
// indents it (a test holds the two to the same bytes): the preview writes it again on every
// save, and for 1,000 datasets' 2,800 pages encoding/xml's reflection took 50 ms of a save.
func (r *Renderer) sitemap() ([]byte, error) {
	paths := []string{""}
	for _, p := range r.pages {
		paths = append(paths, r.pageFragment(p, "sitemap", func() any {
			return append([]string{p.Path}, comparePaths(p)...)
		}).([]string)...)
	}
	paths = append(paths, "overview/", "api/")
	// The static API's files (apilinks.go), once for every language: its index and OpenAPI
	// document, and each chart page's views and history.
	files := []string{output.APIIndex, output.APIOpenAPI}
	for _, p := range r.pages {
		for _, f := range apiFiles("", p) {
			files = append(files, f.Path)
		}
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
	}{paths, files, langs}, func() ([]byte, error) { return r.writeSitemap(paths, langs, files), nil })
}

// writeSitemap is sitemap.xml of paths in every language of langs, then of files, which are
// the same in every language.
func (r *Renderer) writeSitemap(paths []string, langs []langInfo, files []string) []byte {
	multi := len(r.langs) > 1
	var b bytes.Buffer
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"")
	if multi {
		b.WriteString(` xmlns:xhtml="http://www.w3.org/1999/xhtml"`)
	}
	b.WriteString(">")
	for _, l := range langs {
		for _, p := range paths {
			b.WriteString("\n  <url>\n    <loc>")
			xml.EscapeText(&b, []byte(r.in.Config.AbsURL(l.Prefix+p)))
			b.WriteString("</loc>")
			if multi {
				for _, a := range r.langs {
					sitemapLink(&b, a.Tag, r.in.Config.AbsURL(a.Prefix+p))
				}
				sitemapLink(&b, "x-default", r.in.Config.AbsURL(p))
			}
			b.WriteString("\n  </url>")
		}
	}
	for _, f := range files {
		b.WriteString("\n  <url>\n    <loc>")
		xml.EscapeText(&b, []byte(r.in.Config.AbsURL(f)))
		b.WriteString("</loc>\n  </url>")
	}
	b.WriteString("\n</urlset>\n")
	return b.Bytes()
}

// sitemapLink writes one xhtml:link alternate of a sitemap URL (Google's sitemap form of
// hreflang).
func sitemapLink(b *bytes.Buffer, hreflang, href string) {
	b.WriteString("\n    <xhtml:link rel=\"alternate\" hreflang=\"")
	xml.EscapeText(b, []byte(hreflang))
	b.WriteString(`" href="`)
	xml.EscapeText(b, []byte(href))
	b.WriteString(`"></xhtml:link>`)
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
