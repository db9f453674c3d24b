package render

import (
	"bytes"
	"cmp"
	"encoding/xml"
	"slices"
	"strconv"
	"strings"
)

// feed is feed.xml: an Atom feed with one entry per chart page and snapshot date, newest first
// (then by page path), so a reader's feed client learns of every new result. Its dates are the
// snapshots' own, never the build's, so the same inputs give the same feed. Links and ids are
// absolute when the base URL has a host; without one they are root-relative links and ids in a
// urn, which Atom accepts.
func (r *Renderer) feed() []byte {
	cfg := r.in.Config
	abs := cfg.HasHost()
	id := func(p string) string {
		if abs {
			return cfg.AbsURL(p)
		}
		return "urn:frontier:" + cfg.BasePath() + p
	}
	type entry struct {
		date, path, title, summary, link string
	}
	var es []entry
	hx := strconv.FormatFloat(cfg.HeadlineX, 'g', -1, 64)
	for _, p := range r.pages {
		hs := r.pageHeadlines(p)
		for i, h := range hs {
			var sum strings.Builder
			if h.OK {
				sum.WriteString(fmtNum(h.Value) + " " + p.Metric.Unit + " at " + hx + " tok/s/user, " + h.Leader)
				if c, since, ok := headlineChange(hs, i); ok {
					sum.WriteString(" (" + c + " since " + since + ")")
				}
			} else {
				sum.WriteString("No frontier reaches " + hx + " tok/s/user")
			}
			sum.WriteString(".")
			es = append(es, entry{
				date: h.Date, path: p.Path,
				title:   p.Model + " " + p.Sequence + " as of " + h.Date,
				summary: sum.String(),
				link:    cfg.AbsURL(p.Path) + "#date=" + h.Date,
			})
		}
	}
	// Newest first; one date's pages in site order (r.pages is sorted).
	slices.SortStableFunc(es, func(a, b entry) int { return cmp.Compare(b.date, a.date) })

	var b bytes.Buffer
	text := func(s string) {
		xml.EscapeText(&b, []byte(s)) // a bytes.Buffer does not fail
	}
	el := func(indent, name, s string) {
		b.WriteString(indent + "<" + name + ">")
		text(s)
		b.WriteString("</" + name + ">\n")
	}
	link := func(indent, href, rel string) {
		b.WriteString(indent + `<link href="`)
		text(href)
		b.WriteString(`"`)
		if rel != "" {
			b.WriteString(` rel="` + rel + `"`)
		}
		b.WriteString("/>\n")
	}
	updated := "1970-01-01"
	if len(es) > 0 {
		updated = es[0].date
	}
	b.WriteString(`<?xml version="1.0" encoding="utf-8"?>` + "\n")
	b.WriteString(`<feed xmlns="http://www.w3.org/2005/Atom">` + "\n")
	el("  ", "title", cfg.Title)
	if cfg.Description != "" {
		el("  ", "subtitle", cfg.Description)
	}
	link("  ", cfg.AbsURL("feed.xml"), "self")
	link("  ", cfg.AbsURL(""), "alternate")
	el("  ", "id", id(""))
	el("  ", "updated", updated+"T00:00:00Z")
	b.WriteString("  <author>\n")
	el("    ", "name", cfg.Title)
	b.WriteString("  </author>\n")
	for _, e := range es {
		b.WriteString("  <entry>\n")
		el("    ", "title", e.title)
		link("    ", e.link, "alternate")
		el("    ", "id", id(e.path)+"#date="+e.date)
		el("    ", "updated", e.date+"T00:00:00Z")
		el("    ", "summary", e.summary)
		b.WriteString("  </entry>\n")
	}
	b.WriteString("</feed>\n")
	return b.Bytes()
}
