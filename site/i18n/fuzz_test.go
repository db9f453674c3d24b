package i18n

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// FuzzSiteCatalog: whatever a site's data/i18n/zh.toml holds, Load never panics; a catalog it
// cannot use is an error naming that file; one it takes answers every key it has, and
// a key it leaves out falls back to English and is listed missing.
func FuzzSiteCatalog(f *testing.F) {
	for _, seed := range []string{
		"[nav]\nhome = \"首页\"\n",
		"[script.legend]\nshow = \"显示 {n} 个\"\n",
		"title = \"</script><img src=x onerror=alert(1)>\"\n",
		"[nav]\nhome = 3\n",
		"[nav\nhome = \"x\"",
		"a.b.c = \"{x}{y}{\"\n",
		"",
	} {
		f.Add([]byte(seed))
	}
	shipped := fstest.MapFS{
		"i18n/en.toml": {Data: []byte("[nav]\nhome = \"Home\"\nmore = \"{n} more\"\n")},
		"i18n/zh.toml": {Data: []byte("[nav]\nhome = \"首页\"\n")},
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		set, ps := Load([]string{"en", "zh"}, Sources{
			Shipped: shipped, ShippedPrefix: "templates/",
			Site: fstest.MapFS{"i18n/zh.toml": {Data: b}}, SitePrefix: "data/",
			ConfigFile: "frontier.toml",
		})
		failed := false
		for _, p := range ps {
			if p.Warning {
				continue
			}
			failed = true
			if p.File != "data/i18n/zh.toml" {
				t.Errorf("a problem names %q, want the site's catalog: %v", p.File, p)
			}
		}
		if len(set.Langs) != 2 {
			t.Fatalf("%d catalogs, want 2", len(set.Langs))
		}
		zh := set.Langs[1]
		if failed {
			return
		}
		for _, k := range zh.Keys() {
			s := zh.Raw(k)
			got := zh.T(k, "n", "7")
			if !strings.Contains(s, "{") && got != s {
				t.Errorf("%s: %q filled to %q with no placeholder in it", k, s, got)
			}
		}
		// A key the site's catalog leaves out is English's, and a missing-key warning says so.
		if !slices.Contains(zh.Keys(), "nav.more") {
			if got := zh.T("nav.more", "n", "7"); got != "7 more" {
				t.Errorf("nav.more fell back to %q, want English's %q", got, "7 more")
			}
			if !slices.Contains(zh.Missing(), "nav.more") {
				t.Error("nav.more is not listed missing")
			}
		}
	})
}
