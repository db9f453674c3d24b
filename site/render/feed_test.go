package render

import (
	"encoding/xml"
	"github.com/frontier-bench/frontier/site/page"
	"slices"
	"testing"

	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/markdown"
)

// xmlSite is a renderer over two chart pages (one with two snapshots) and two markdown pages
// (one of them a chart page's notes), with a title and a path that need escaping in XML.
func xmlSite(base string) *Renderer {
	cfg := config.DefaultConfig()
	cfg.BaseURL = base
	cfg.Title = `Bench <&> "marks"`
	pages := []*page.Page{
		{Model: "M", Sequence: "1k/1k", Path: "m/1k-1k/", Snapshots: []*page.Snapshot{{Date: "2026-07-31"}, {Date: "2026-07-01"}}},
		{Model: "N & O", Sequence: "8k/1k", Path: "n&o/8k-1k/", Snapshots: []*page.Snapshot{{Date: "2026-07-15"}}},
	}
	mds := []*markdown.MarkdownPage{
		{URL: "about/"},
		{URL: "m/notes/", Model: "M"},
		{URL: ""}, // data/index.md: the home page, listed once
	}
	return &Renderer{in: config.Input{Config: cfg}, pages: pages, mds: mds}
}

// TestSitemapXML: sitemap.xml parses as the sitemap protocol and lists home, every chart page
// and every markdown page but notes, by absolute URL under the base, escaped and unescaped
// back by encoding/xml.
func TestSitemapXML(t *testing.T) {
	b, err := xmlSite("https://owner.github.io/repo/").sitemap()
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
		URLs    []struct {
			Loc string `xml:"loc"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal(b, &got); err != nil {
		t.Fatalf("sitemap.xml does not parse: %v\n%s", err, b)
	}
	var locs []string
	for _, u := range got.URLs {
		locs = append(locs, u.Loc)
	}
	want := []string{"https://owner.github.io/repo/", "https://owner.github.io/repo/m/1k-1k/",
		"https://owner.github.io/repo/n&o/8k-1k/", "https://owner.github.io/repo/overview/", "https://owner.github.io/repo/api/",
		"https://owner.github.io/repo/about/",
		// The static API's files, once for every language: its index and OpenAPI document, and
		// each chart page's views (none: these pages name no precision) and history.
		"https://owner.github.io/repo/api/v1/index.json", "https://owner.github.io/repo/api/v1/openapi.json",
		"https://owner.github.io/repo/api/v1/history/m/1k-1k.json", "https://owner.github.io/repo/api/v1/history/n&o/8k-1k.json"}
	if !slices.Equal(locs, want) {
		t.Errorf("sitemap locs\n got %q\nwant %q", locs, want)
	}
}

// TestFeedXML: feed.xml parses as Atom; its links are the feed, the site and each page at each
// snapshot date, newest first, absolute under a base URL with a host, root-relative without
// one (ids then in a urn); the title comes back as written.
func TestFeedXML(t *testing.T) {
	type link struct {
		Href string `xml:"href,attr"`
		Rel  string `xml:"rel,attr"`
	}
	for _, c := range []struct {
		base, prefix, idPrefix string
	}{
		{"https://owner.github.io/repo/", "https://owner.github.io/repo/", "https://owner.github.io/repo/"},
		{"/repo/", "/repo/", "urn:frontier:/repo/"},
	} {
		t.Run(c.base, func(t *testing.T) {
			b, err := xmlSite(c.base).feed()
			if err != nil {
				t.Fatal(err)
			}
			var got struct {
				XMLName xml.Name `xml:"http://www.w3.org/2005/Atom feed"`
				Title   string   `xml:"title"`
				Links   []link   `xml:"link"`
				ID      string   `xml:"id"`
				Updated string   `xml:"updated"`
				Author  string   `xml:"author>name"`
				Entries []struct {
					Link    link   `xml:"link"`
					ID      string `xml:"id"`
					Updated string `xml:"updated"`
				} `xml:"entry"`
			}
			if err := xml.Unmarshal(b, &got); err != nil {
				t.Fatalf("feed.xml does not parse: %v\n%s", err, b)
			}
			if got.Title != `Bench <&> "marks"` || got.Author != got.Title || got.Updated != "2026-07-31T00:00:00Z" || got.ID != c.idPrefix {
				t.Errorf("feed: title %q, author %q, updated %q, id %q", got.Title, got.Author, got.Updated, got.ID)
			}
			if want := []link{{c.prefix + "feed.xml", "self"}, {c.prefix, "alternate"}}; !slices.Equal(got.Links, want) {
				t.Errorf("feed links %v, want %v", got.Links, want)
			}
			var links, ids []string
			for _, e := range got.Entries {
				if e.Link.Rel != "alternate" {
					t.Errorf("entry link %q has rel %q, want alternate", e.Link.Href, e.Link.Rel)
				}
				links, ids = append(links, e.Link.Href), append(ids, e.ID)
			}
			pages := []string{"m/1k-1k/#date=2026-07-31", "n&o/8k-1k/#date=2026-07-15", "m/1k-1k/#date=2026-07-01"}
			var wantLinks, wantIDs []string
			for _, p := range pages {
				wantLinks, wantIDs = append(wantLinks, c.prefix+p), append(wantIDs, c.idPrefix+p)
			}
			if !slices.Equal(links, wantLinks) || !slices.Equal(ids, wantIDs) {
				t.Errorf("entries\n links %q\n   ids %q\nwant links %q\n   ids %q", links, ids, wantLinks, wantIDs)
			}
		})
	}
}
