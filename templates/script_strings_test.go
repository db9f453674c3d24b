package templates

import (
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// scriptTable is a catalog's [script] table flat, as a page's #strings holds it: "[script.legend]
// label" is "legend.label".
func scriptTable(t *testing.T, lang string) map[string]string {
	t.Helper()
	var catalog struct {
		Script map[string]any `toml:"script"`
	}
	name := "i18n/" + lang + ".toml"
	if _, err := toml.DecodeFS(FS, name, &catalog); err != nil {
		t.Fatalf("templates/%s: %v", name, err)
	}
	out := map[string]string{}
	var flatten func(prefix string, table map[string]any)
	flatten = func(prefix string, table map[string]any) {
		for k, v := range table {
			switch v := v.(type) {
			case string:
				out[prefix+k] = v
			case map[string]any:
				flatten(prefix+k+".", v)
			default:
				t.Errorf("templates/%s: script.%s%s: want a string, got %T", name, prefix, k, v)
			}
		}
	}
	flatten("", catalog.Script)
	return out
}

var placeholder = regexp.MustCompile(`\{\w+\}`)

// holes are a string's placeholders, sorted.
func holes(s string) string {
	h := placeholder.FindAllString(s, -1)
	slices.Sort(h)
	return strings.Join(h, " ")
}

// TestScriptCatalogsAgree: the English and Chinese [script] tables have the same keys, and each
// entry the same placeholders (a translation that drops {date} would lose the date).
func TestScriptCatalogsAgree(t *testing.T) {
	en, zh := scriptTable(t, "en"), scriptTable(t, "zh")
	if len(en) == 0 {
		t.Fatal("templates/i18n/en.toml: no [script] strings")
	}
	for _, k := range slices.Sorted(maps.Keys(en)) {
		z, ok := zh[k]
		if !ok {
			t.Errorf("templates/i18n/zh.toml: script.%s: missing (en.toml has %q)", k, en[k])
			continue
		}
		if holes(z) != holes(en[k]) && k != "format.date" { // a date format takes its language's placeholders
			t.Errorf("templates/i18n/zh.toml: script.%s: placeholders %q, en.toml's %q", k, holes(z), holes(en[k]))
		}
	}
	for _, k := range slices.Sorted(maps.Keys(zh)) {
		if _, ok := en[k]; !ok {
			t.Errorf("templates/i18n/zh.toml: script.%s: not in en.toml", k)
		}
	}
}

var (
	// tLiteral is a call of i18n.js's t or tHTML with a literal key, and what follows the key
	// ("+": the literal is only the start of a computed one); tComputed one whose key is not a
	// literal.
	tLiteral  = regexp.MustCompile(`(?:^|[^\w.])(t|tHTML)\(\s*"([^"]*)"\s*(\S)`)
	tComputed = regexp.MustCompile(`(?:^|[^\w.])(t|tHTML)\(\s*[^"\s]`)
	// echartsKey is echartsLocale's e("key"), the catalog's "echarts.key".
	echartsKey = regexp.MustCompile(`\be\("([^"]+)"\)`)
	// tableCall is i18n.js's table("prefix."): every key under the prefix, handed on whole (the
	// "your run" decoder's problems, which cmd/frontier-wasm's TestEnglishIsTheCatalogs holds to
	// the readers' messages).
	tableCall = regexp.MustCompile(`(?:^|[^\w.])table\(\s*"([^"]+)"\s*\)`)
)

// TestScriptKeysInCatalogs: every key the page script asks for (t("key") and tHTML("key") in
// templates/script/*.js, echartsLocale's e("key")) is in both catalogs, so no page shows a bare
// key. Keys are literals, so that this test sees them all: a computed one fails it.
func TestScriptKeysInCatalogs(t *testing.T) {
	catalogs := map[string]map[string]string{"en": scriptTable(t, "en"), "zh": scriptTable(t, "zh")}
	files, err := filepath.Glob(filepath.Join("script", "*.js"))
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]string{} // key -> the first file using it
	for _, file := range files {
		if strings.HasSuffix(file, ".test.js") {
			continue
		}
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		// i18n.js itself passes keys on (tHTML, echartsLocale's e); anywhere else a key is a literal.
		own := filepath.Base(file) == "i18n.js"
		for _, m := range tLiteral.FindAllStringSubmatch(src, -1) {
			if m[3] == "+" {
				if !own {
					t.Errorf("templates/%s: %s(%q + ...: write the whole key as a literal", filepath.ToSlash(file), m[1], m[2])
				}
				continue
			}
			if used[m[2]] == "" {
				used[m[2]] = filepath.Base(file)
			}
		}
		if !own {
			for _, m := range tComputed.FindAllStringSubmatch(src, -1) {
				t.Errorf("templates/%s: %s( with a computed key: write the key as a literal", filepath.ToSlash(file), m[1])
			}
		}
		for _, m := range tableCall.FindAllStringSubmatch(src, -1) {
			n := 0
			for k := range catalogs["en"] {
				if strings.HasPrefix(k, m[1]) {
					n++
					if used[k] == "" {
						used[k] = filepath.Base(file)
					}
				}
			}
			if n == 0 {
				t.Errorf("templates/%s: table(%q): templates/i18n/en.toml's [script] has no key under it", filepath.ToSlash(file), m[1])
			}
		}
		if own {
			for _, m := range echartsKey.FindAllStringSubmatch(src, -1) {
				used["echarts."+m[1]] = "i18n.js"
			}
		}
	}
	if len(used) < 50 {
		t.Fatalf("found only %d keys in templates/script/*.js: the pattern no longer sees the calls", len(used))
	}
	for _, k := range slices.Sorted(maps.Keys(used)) {
		for _, lang := range []string{"en", "zh"} {
			if _, ok := catalogs[lang][k]; !ok {
				t.Errorf("templates/script/%s asks for %q, which templates/i18n/%s.toml's [script] lacks", used[k], k, lang)
			}
		}
	}
	// And the other way: an entry nothing asks for is dead weight in every page.
	for _, k := range slices.Sorted(maps.Keys(catalogs["en"])) {
		if _, ok := used[k]; !ok {
			t.Errorf("templates/i18n/en.toml: script.%s: no module of templates/script asks for it", k)
		}
	}
}
