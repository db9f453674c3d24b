package render

import (
	"bytes"
	"html/template"
)

// sitemap lists every page by absolute URL, in a stable order.
func (r *Renderer) sitemap() []byte {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	loc := func(p string) {
		b.WriteString("  <url><loc>")
		template.HTMLEscape(&b, []byte(r.in.Config.AbsURL(p)))
		b.WriteString("</loc></url>\n")
	}
	loc("")
	for _, p := range r.pages {
		loc(p.Path)
	}
	for _, m := range r.mds {
		if !m.IsNotes() && m.URL != "" {
			loc(m.URL)
		}
	}
	b.WriteString("</urlset>\n")
	return b.Bytes()
}
