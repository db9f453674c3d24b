package site

import (
	"strings"
	"testing"
)

// TestAPIPageWithoutHost: a site built without a host in its base URL cannot know where it will
// be served, so its /api/ page's examples start from the placeholder https://HOST plus the base
// path (never a localhost URL, which a deployed site would ship), marked with the base path for
// apisite.js, which the page loads to write the page's own origin there. With a host, the
// examples start from the base URL and the page loads no script.
func TestAPIPageWithoutHost(t *testing.T) {
	t.Parallel()
	view := "api/v1/views/deepseek-r1-0528/1k-1k/fp4.json"
	for _, c := range []struct {
		baseURL, site, base string // base: data-base, "" for none
	}{
		{"", "https://HOST/", "/"},
		{"/repo/", "https://HOST/repo/", "/repo/"},
		{"https://example.org/repo/", "https://example.org/repo/", ""},
	} {
		t.Run(c.baseURL, func(t *testing.T) {
			files := exampleSite(t, c.baseURL)
			for _, name := range []string{"api/index.html", "zh/api/index.html"} {
				b, ok := files.Get(name)
				if !ok {
					t.Fatalf("no %s", name)
				}
				page := string(b)
				span := `<span class="site-url">` + c.site + `</span>`
				if c.base != "" {
					span = `<span class="site-url" data-base="` + c.base + `">` + c.site + `</span>`
				}
				for _, want := range []string{"SITE='" + span + "'\n", `curl -s "${SITE}` + view + `"`,
					`site = "` + span + `"`, `urllib.request.urlopen(site + "` + view + `")`, `pd.read_csv(site + "deepseek-r1-0528/1k-1k/data.csv")`} {
					if !strings.Contains(page, want) {
						t.Errorf("%s lacks %s", name, want)
					}
				}
				if strings.Contains(page, "localhost") || strings.Contains(page, "127.0.0.1") {
					t.Errorf("%s names a local address", name)
				}
				if got := strings.Count(page, `class="site-url"`); got != 2 {
					t.Errorf("%s has %d site addresses, want 2 (curl and pandas)", name, got)
				}
				script := strings.Contains(page, `/assets/apisite.`)
				if script != (c.base != "") {
					t.Errorf("%s loads apisite.js: %v, want %v", name, script, c.base != "")
				}
			}
		})
	}
}
