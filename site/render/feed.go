package render

import (
	"cmp"
	"encoding/xml"
	"github.com/frontier-bench/frontier/site/page"
	"slices"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/fragment"
	"github.com/frontier-bench/frontier/site/i18n"
)

// atomFeed is feed.xml, as Atom (RFC 4287) names its elements, in the order the feed has
// always written them.
type atomFeed struct {
	XMLName  xml.Name    `xml:"http://www.w3.org/2005/Atom feed"`
	Lang     string      `xml:"xml:lang,attr,omitempty"` // a mirror's language (xml:lang, which Atom's elements inherit)
	Title    string      `xml:"title"`
	Subtitle string      `xml:"subtitle,omitempty"`
	Links    []atomLink  `xml:"link"` // the feed itself (self), then the site (alternate)
	ID       string      `xml:"id"`
	Updated  string      `xml:"updated"` // the newest entry's date
	Author   atomAuthor  `xml:"author"`
	Entries  []atomEntry `xml:"entry"`
}

// atomLink is a link element: Atom keeps the URL in an attribute.
type atomLink struct {
	Href string `xml:"href,attr"`
	Rel  string `xml:"rel,attr,omitempty"`
}

// atomAuthor is the feed's author, which Atom requires: the site, by its title.
type atomAuthor struct {
	Name string `xml:"name"`
}

// atomEntry is one chart page as of one snapshot date.
type atomEntry struct {
	Title   string   `xml:"title"`
	Link    atomLink `xml:"link"`
	ID      string   `xml:"id"`
	Updated string   `xml:"updated"`
	Summary string   `xml:"summary"`
	date    string   // the snapshot's, to sort by
}

// feed is feed.xml: an Atom feed with one entry per chart page and snapshot date, newest first
// (then by page path), so a reader's feed client learns of every new result. Its dates are the
// snapshots' own, never the build's, so the same inputs give the same feed. Links and ids are
// absolute when the base URL has a host; without one they are root-relative links and ids in a
// urn, which Atom accepts. A mirror's feed is /<lang>/feed.xml: its entries in its language,
// linking to its pages (as Hugo writes one feed per language).
func (r *Renderer) feed() ([]byte, error) {
	cfg := r.in.Config
	tr := r.catalog()
	abs := cfg.HasHost()
	id := func(p string) string {
		if abs {
			return cfg.AbsURL(p)
		}
		return "urn:frontier:" + cfg.BasePath() + p
	}
	var es []atomEntry
	hx := strconv.FormatFloat(cfg.HeadlineX, 'g', -1, 64)
	for _, p := range r.pages {
		es = append(es, r.pageFragment(p, "feed", func() any { return r.feedEntries(p, tr, hx, id) }).([]atomEntry)...)
	}
	// Newest first; one date's pages in site order (r.pages is sorted).
	slices.SortStableFunc(es, func(a, b atomEntry) int { return cmp.Compare(b.date, a.date) })

	updated := "1970-01-01"
	if len(es) > 0 {
		updated = es[0].date
	}
	f := atomFeed{
		Title:    cfg.Title,
		Subtitle: cfg.Description,
		Links:    []atomLink{{Href: cfg.AbsURL(r.prefix + "feed.xml"), Rel: "self"}, {Href: cfg.AbsURL(r.prefix), Rel: "alternate"}},
		ID:       id(r.prefix),
		Updated:  updated + "T00:00:00Z",
		Author:   atomAuthor{Name: cfg.Title},
		Entries:  es,
	}
	if r.prefix != "" {
		f.Lang = tr.Lang // the default language's feed is as it always was
	}
	// The entries are most of what a save would redo; encoding/xml's reflection on each is the
	// rest, which an unchanged feed skips (sitememo.go).
	return r.siteFile("feed.xml", f, func() ([]byte, error) { return marshalXML(`<?xml version="1.0" encoding="utf-8"?>`, f) })
}

// feedEntries are page p's entries of feed.xml, one per snapshot date, in its language (tr).
func (r *Renderer) feedEntries(p *page.Page, tr *i18n.Catalog, hx string, id func(string) string) []atomEntry {
	cfg := r.in.Config
	var es []atomEntry
	hs := r.pageHeadlines(p)
	unit, named := "", false // the metric's unit, worked out once a page
	headline, none := "feed.headline", "feed.none"
	if p.XAxis.Field == charts.AgenticX { // an agentic page's x
		headline, none = "feed.headline_p90", "feed.none_p90"
	}
	for i, h := range hs {
		var sum strings.Builder
		if h.OK {
			if !named {
				unit, named = r.pageMetric(p, true).Unit, true
			}
			sum.WriteString(tr.T(headline, "value", tr.Number(fmtNum(h.Value)), "unit", unit, "x", hx,
				"leader", r.leaderName(p.Snapshots[0], h.Leader)))
			if c, since, ok := headlineChange(hs, i); ok {
				sum.WriteString(tr.T("feed.change", "change", c, "date", tr.Date(since)))
			}
		} else {
			sum.WriteString(tr.T(none, "x", hx))
		}
		sum.WriteString(tr.T("feed.end"))
		sum.WriteString(feedAccuracy(tr, p, h.Date, cfg.TaskLabel)) // compareacc.go
		at := "#" + fragment.View{Date: h.Date}.String()            // the page at that snapshot
		es = append(es, atomEntry{
			Title:   tr.T("feed.title", "model", r.modelName(p.Model), "sequence", p.Sequence, "date", tr.Date(h.Date)),
			Link:    atomLink{Href: cfg.AbsURL(r.prefix+p.Path) + at, Rel: "alternate"},
			ID:      id(r.prefix+p.Path) + at,
			Updated: h.Date + "T00:00:00Z",
			Summary: sum.String(),
			date:    h.Date,
		})
	}
	return es
}
