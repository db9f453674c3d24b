package render

import (
	"encoding/xml"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestSitemapValues: sitemap.xml read back by encoding/xml, namespaces resolved, has a url
// per page and language, each located at its absolute URL and, with two languages, linked
// to the page in each language and to the first as x-default, through XHTML's link element;
// with one language it has no alternates and declares no XHTML namespace. A base URL with
// character XML must escape (&) comes back as it was, as does a path with one. The static
// API's files follow, once each, without alternates.
func TestSitemapValues(t *testing.T) {
	type link struct {
		Rel      string `xml:"rel,attr"`
		Hreflang string `xml:"hreflang,attr"`
		Href     string `xml:"href,attr"`
	}
	type url struct {
		Loc   string `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 loc"`
		Links []link `xml:"http://www.w3.org/1999/xhtml link"`
	}
	type urlSet struct {
		XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
		URLs    []url    `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 url"`
	}
	paths := []string{"", "m/1k-1k/", "n&o/8k-1k/", "overview/", "api/", "about/"}
	// The static API's files, once whatever the languages, with no alternates.
	files := []string{"api/v1/index.json", "api/v1/openapi.json", "api/v1/history/m/1k-1k.json", "api/v1/history/n&o/8k-1k.json"}
	for _, base := range []string{"https://owner.github.io/repo/", "https://ex.org/r&d/"} {
		for _, langs := range [][]langInfo{nil, {{Tag: "en"}, {Tag: "zh", Prefix: "zh/"}}} {
			r := xmlSite(base)
			r.langs = langs
			b, err := r.sitemap()
			if err != nil {
				t.Fatal(err)
			}
			var got urlSet
			if err := xml.Unmarshal(b, &got); err != nil {
				t.Fatalf("base %q, %d languages: sitemap.xml does not parse: %v\n%s", base, len(langs), err, b)
			}
			var want []url
			each := langs
			if each == nil {
				each = []langInfo{{Tag: "en"}}
			}
			for _, l := range each {
				for _, p := range paths {
					u := url{Loc: r.in.Config.AbsURL(l.Prefix + p)}
					if len(langs) > 1 {
						for _, a := range langs {
							u.Links = append(u.Links, link{"alternate", a.Tag, r.in.Config.AbsURL(a.Prefix + p)})
						}
						u.Links = append(u.Links, link{"alternate", "x-default", r.in.Config.AbsURL(p)})
					}
					want = append(want, u)
				}
			}
			for _, f := range files {
				want = append(want, url{Loc: r.in.Config.AbsURL(f)})
			}
			if !slices.EqualFunc(got.URLs, want, func(a, b url) bool { return a.Loc == b.Loc && slices.Equal(a.Links, b.Links) }) {
				t.Errorf("base %q, %d languages:\n got %+v\nwant %+v", base, len(langs), got.URLs, want)
			}
			if got.URLs[0].Loc != base {
				t.Errorf("base %q: the home page is at %q", base, got.URLs[0].Loc)
			}
			if xhtml := strings.Contains(string(b), xhtmlNS); xhtml != (len(langs) > 1) {
				t.Errorf("base %q, %d languages: declares the XHTML namespace: %v", base, len(langs), xhtml)
			}
		}
	}
}

// BenchmarkSitemap writes the sitemap of the 1,000-dataset build's 2,800 pages, in one
// language and in two (each url then with three alternates). A save that adds or removes
// no page keeps the sitemap it had (siteFile); a build or a save that does writes it.
func BenchmarkSitemap(b *testing.B) {
	for _, langs := range [][]langInfo{nil, {{Tag: "en"}, {Tag: "zh", Prefix: "zh/"}}} {
		r := xmlSite("https://owner.github.io/repo/")
		r.langs = langs
		paths := []string{""}
		for i := range 2800 {
			paths = append(paths, "model-"+strconv.Itoa(i/10)+"/8k-1k/compare/b200-vs-h"+strconv.Itoa(i%10)+"/")
		}
		each := langs
		if each == nil {
			each = []langInfo{{Tag: "en"}}
		}
		b.Run("languages="+strconv.Itoa(len(each)), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := r.writeSitemap(paths, each, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
