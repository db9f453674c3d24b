package links

import (
	"slices"
	"strings"
	"testing"
)

// The static API's lists of URLs are links like any page's: a file index.json or openapi.json
// names that the bundle lacks is a broken link, reported on the file that names it.
func TestCheckLinksFindsAPIFilesMissing(t *testing.T) {
	for _, base := range []string{"https://owner.github.io/repo/", "/"} {
		t.Run(base, func(t *testing.T) {
			bundle := bundleFS(exampleSite(t, base))
			rep, err := Check(bundle, base)
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Broken) > 0 {
				t.Fatalf("the example site has broken links: %v", rep.Broken)
			}
			// The overview's numbers: named by both index.json and openapi.json, linked from no page.
			delete(bundle, "overview/overview.json")
			// A chart page's schema file: named by index.json and, through the example of its
			// templated path, by openapi.json.
			delete(bundle, "api/v1/schema/index.schema.json")
			if rep, err = Check(bundle, base); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range rep.Broken {
				got = append(got, strings.TrimPrefix(p.File, rep.Base)+": "+p.Msg[strings.LastIndex(p.Msg, "/")+1:])
			}
			slices.Sort(got)
			want := []string{
				"api/v1/index.json: index.schema.json",
				"api/v1/index.json: overview.json",
				"api/v1/openapi.json: index.schema.json",
				"api/v1/openapi.json: overview.json",
			}
			for _, w := range want {
				if !slices.Contains(got, w) {
					t.Errorf("no broken link %q in %q", w, got)
				}
			}
		})
	}
}
