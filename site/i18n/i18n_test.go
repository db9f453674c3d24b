package i18n

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

var shipped = fstest.MapFS{
	"i18n/en.toml": {Data: []byte("[nav]\nhome = \"Home\"\nabout = \"About\"\n[chart]\nat = \"At {x} tok/s/user, {gpu} leads\"\n[format]\ndate = \"{year}-{mm}-{dd}\"\n[script]\nok = \"OK\"\n[script.legend]\nshow = \"Show\"\n")},
	"i18n/zh.toml": {Data: []byte("[nav]\nhome = \"首页\"\n[format]\ndate = \"{year}年{month}月{day}日\"\n[script]\nok = \"确定\"\n")},
}

func load(t *testing.T, langs []string, site fstest.MapFS) (*Set, []string) {
	t.Helper()
	set, ps := Load(langs, Sources{Shipped: shipped, ShippedPrefix: "templates/", Site: site, SitePrefix: "data/", ConfigFile: "frontier.toml"})
	var out []string
	for _, p := range ps {
		out = append(out, p.String())
	}
	return set, out
}

func TestLookupFlattensTablesAndFallsBackToTheDefault(t *testing.T) {
	set, _ := load(t, []string{"en", "zh"}, nil)
	zh := set.Langs[1]
	for key, want := range map[string]string{
		"nav.home":  "首页",
		"nav.about": "About", // zh lacks it: the default's
		"no.such":   "no.such",
	} {
		if got := zh.T(key); got != want {
			t.Errorf("T(%q) = %q, want %q", key, got, want)
		}
	}
	if got, want := set.Default().T("chart.at", "x", 50, "gpu", "B200"), "At 50 tok/s/user, B200 leads"; got != want {
		t.Errorf("placeholders: got %q, want %q", got, want)
	}
	if got, want := Fill("{a} and {b}", "a", "x"), "x and {b}"; got != want {
		t.Errorf("an unnamed placeholder: got %q, want %q", got, want)
	}
}

func TestSiteCatalogOverridesOneKeyAndAddsALanguage(t *testing.T) {
	site := fstest.MapFS{
		"i18n/zh.toml": {Data: []byte("[nav]\nhome = \"主页\"\n")},
		"i18n/fr.toml": {Data: []byte("[nav]\nhome = \"Accueil\"\n")},
	}
	set, ps := load(t, []string{"en", "zh", "fr"}, site)
	if got := set.Langs[1].T("nav.home"); got != "主页" {
		t.Errorf("zh nav.home = %q, want the site's 主页", got)
	}
	if got := set.Langs[1].T("script.ok"); got != "确定" {
		t.Errorf("zh script.ok = %q, want the shipped 确定 kept under the override", got)
	}
	if got := set.Langs[2].T("nav.home"); got != "Accueil" {
		t.Errorf("fr nav.home = %q", got)
	}
	// Every key fr lacks is a warning naming its file and the key.
	want := "data/i18n/fr.toml: nav.about: warning: no fr string for this key: the page shows the en one"
	if !slices.Contains(ps, want) {
		t.Errorf("problems %q lack %q", ps, want)
	}
	for _, p := range ps {
		if !strings.Contains(p, ": warning: ") {
			t.Errorf("not a warning: %s", p)
		}
	}
}

func TestLoadProblems(t *testing.T) {
	_, ps := load(t, []string{"en", "xx"}, fstest.MapFS{"i18n/en.toml": {Data: []byte("[nav]\nhome = \"Home\"\nbroken = \n")}})
	wants := []string{
		"data/i18n/en.toml:3:",
		`frontier.toml: languages[1]: no catalog for "xx"`,
	}
	for _, w := range wants {
		if !slices.ContainsFunc(ps, func(p string) bool { return strings.HasPrefix(p, w) }) {
			t.Errorf("problems %q: none starts %q", ps, w)
		}
	}
	_, ps = load(t, []string{"en"}, fstest.MapFS{"i18n/en.toml": {Data: []byte("[nav]\nhome = 3\n")}})
	if len(ps) != 1 || !strings.HasPrefix(ps[0], "data/i18n/en.toml: nav.home: want a string") {
		t.Errorf("a number for a string: %q", ps)
	}
}

func TestTableIsTheScriptStringsWithTheDefaultsUnder(t *testing.T) {
	set, _ := load(t, []string{"en", "zh"}, nil)
	got := set.Langs[1].Table("script.")
	want := map[string]string{"ok": "确定", "legend.show": "Show"}
	if len(got) != len(want) || got["ok"] != want["ok"] || got["legend.show"] != want["legend.show"] {
		t.Errorf("Table = %v, want %v", got, want)
	}
}

func TestDateAndNumber(t *testing.T) {
	set, _ := load(t, []string{"en", "zh"}, nil)
	en, zh := set.Langs[0], set.Langs[1]
	for _, c := range []struct {
		cat      *Catalog
		in, want string
	}{
		{en, "2026-12-03", "2026-12-03"},
		{zh, "2026-12-03", "2026年12月3日"},
		{zh, "2026-07-31", "2026年7月31日"},
		{zh, "not a date", "not a date"},
		{zh, "2026-13-01", "2026-13-01"},
	} {
		if got := c.cat.Date(c.in); got != c.want {
			t.Errorf("%s Date(%q) = %q, want %q", c.cat.Lang, c.in, got, c.want)
		}
	}
	de := &Catalog{Lang: "de", entries: map[string]string{"format.group": ".", "format.decimal": ","}}
	if got := de.Number("12,345.6"); got != "12.345,6" {
		t.Errorf("de Number = %q", got)
	}
	if got := zh.Number("12,345.6"); got != "12,345.6" {
		t.Errorf("zh Number = %q", got)
	}
}

// TestDigestFollowsWhatACatalogIsMadeFrom: loading the same files again gives the same
// digests (and the same strings, from the kept flattening); a changed site catalog changes
// its language's digest, and the default's change reaches every language that falls back
// to it.
func TestDigestFollowsWhatACatalogIsMadeFrom(t *testing.T) {
	site := fstest.MapFS{"i18n/zh.toml": {Data: []byte("[nav]\nabout = \"关于\"\n")}}
	a, _ := load(t, []string{"en", "zh"}, site)
	b, _ := load(t, []string{"en", "zh"}, site)
	for i := range a.Langs {
		if a.Langs[i].Digest() != b.Langs[i].Digest() || a.Langs[i].Digest() == ([32]byte{}) {
			t.Errorf("%s: the same files give digests %x and %x", a.Langs[i].Lang, a.Langs[i].Digest(), b.Langs[i].Digest())
		}
		if got, want := b.Langs[i].T("nav.about"), a.Langs[i].T("nav.about"); got != want {
			t.Errorf("%s: nav.about is %q loaded again, %q first", a.Langs[i].Lang, got, want)
		}
	}
	if a.Langs[0].Digest() == a.Langs[1].Digest() {
		t.Error("en and zh have one digest")
	}

	zh, _ := load(t, []string{"en", "zh"}, fstest.MapFS{"i18n/zh.toml": {Data: []byte("[nav]\nabout = \"关于我们\"\n")}})
	if zh.Langs[0].Digest() != a.Langs[0].Digest() || zh.Langs[1].Digest() == a.Langs[1].Digest() {
		t.Error("a changed zh catalog must change zh's digest alone")
	}
	if got := zh.Langs[1].T("nav.about"); got != "关于我们" {
		t.Errorf("nav.about = %q after the edit", got)
	}

	en, _ := load(t, []string{"en", "zh"}, fstest.MapFS{"i18n/zh.toml": site["i18n/zh.toml"], "i18n/en.toml": {Data: []byte("[nav]\nhome = \"Start\"\n")}})
	if en.Langs[0].Digest() == a.Langs[0].Digest() || en.Langs[1].Digest() == a.Langs[1].Digest() {
		t.Error("a changed default catalog must change every language's digest (they fall back to it)")
	}
}
