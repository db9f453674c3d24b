package render

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/i18n"
	"github.com/frontier-bench/frontier/templates"
)

// shippedCatalogs are the catalogs Frontier ships, each alone (no fallback), by language.
func shippedCatalogs(t *testing.T) map[string]*i18n.Catalog {
	t.Helper()
	out := map[string]*i18n.Catalog{}
	for _, lang := range []string{"en", "zh"} {
		set, ps := i18n.Load([]string{lang}, i18n.Sources{Shipped: templates.FS, ShippedPrefix: "templates/"})
		if len(ps) > 0 {
			t.Fatal(ps)
		}
		out[lang] = set.Default()
	}
	return out
}

// TestShippedCatalogsHaveTheSameKeys: a key in one shipped catalog and not the other is a
// string some reader sees in the wrong language. The [script] table is the page script's:
// this holds only its keys alike.
func TestShippedCatalogsHaveTheSameKeys(t *testing.T) {
	cats := shippedCatalogs(t)
	en, zh := cats["en"].Keys(), cats["zh"].Keys()
	for _, k := range en {
		if !slices.Contains(zh, k) {
			t.Errorf("templates/i18n/zh.toml lacks %s", k)
		}
	}
	for _, k := range zh {
		if !slices.Contains(en, k) {
			t.Errorf("templates/i18n/en.toml lacks %s", k)
		}
	}
}

// TestScriptDateFormatIsTheBuildsTwin: the script writes the snapshot menu's dates with
// script.format.date, the build writes the newest one with format.date; in each shipped
// catalog they are the same, so the menu's options read alike whoever wrote them.
func TestScriptDateFormatIsTheBuildsTwin(t *testing.T) {
	for lang, c := range shippedCatalogs(t) {
		if got, want := c.Raw("script.format.date"), c.Raw("format.date"); got != want {
			t.Errorf("templates/i18n/%s.toml: script.format.date %q, format.date %q", lang, got, want)
		}
	}
}

// templateKey is a t call's key in a template: {{t "nav.home"}}, (t "chart.aria" ...).
var templateKey = regexp.MustCompile(`[{(]\s*-?\s*t "([^"]+)"`)

// goKey is a catalog key written out in Go: T("compare.at", ...), T(k+...) is not one.
var goKey = regexp.MustCompile(`\bT\("([a-z_]+\.[a-z_.-]+)"`)

// TestEveryKeyUsedIsInTheCatalogs: every key the templates and the render stage's Go look up
// is in both shipped catalogs, including the keys Go builds from the metric, axis and filter
// catalogs.
func TestEveryKeyUsedIsInTheCatalogs(t *testing.T) {
	cats := shippedCatalogs(t)
	used := map[string]string{} // key -> where
	html, err := fs.Glob(templates.FS, "*.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range html {
		b, err := fs.ReadFile(templates.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range templateKey.FindAllStringSubmatch(string(b), -1) {
			used[m[1]] = "templates/" + name
		}
	}
	if len(used) < 50 {
		t.Fatalf("found %d keys in the templates: is templateKey still right?", len(used))
	}
	gos, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range gos {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range goKey.FindAllStringSubmatch(string(b), -1) {
			used[m[1]] = "site/render/" + name
		}
	}
	for _, m := range charts.YMetrics {
		for _, f := range []string{"label", "axis", "unit"} {
			used["metric."+m.Key+"."+f] = "charts.YMetrics"
		}
	}
	for _, a := range charts.XAxes {
		for _, f := range []string{"label", "axis", "unit"} {
			used["xaxis."+a.Key+"."+f] = "charts.XAxes"
		}
	}
	for _, f := range filterTitles {
		used["filter."+f.name] = "filterTitles"
	}
	for _, k := range []string{"facet.spec.none", "facet.deploy.single-node", "facet.deploy.disaggregated", "facet.deploy.unknown", "lang.name", "format.date"} {
		used[k] = "setViewState, lang.go"
	}
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range used {
			if !yield(k) {
				return
			}
		}
	}) {
		for lang, c := range cats {
			if !c.Has(k) {
				t.Errorf("%s uses %s, which templates/i18n/%s.toml lacks", used[k], k, lang)
			}
		}
	}
}

// TestEnglishCatalogNamesMetricsAsCharts: the English catalog's metric and axis names are
// package charts' own, so that an English page reads as it did before catalogs.
func TestEnglishCatalogNamesMetricsAsCharts(t *testing.T) {
	en := shippedCatalogs(t)["en"]
	check := func(key, want string) {
		if got := en.T(key); got != want {
			t.Errorf("%s = %q, want charts' %q", key, got, want)
		}
	}
	for _, m := range charts.YMetrics {
		check("metric."+m.Key+".label", m.Label)
		check("metric."+m.Key+".axis", m.Axis)
		check("metric."+m.Key+".unit", m.Unit)
	}
	for _, a := range charts.XAxes {
		check("xaxis."+a.Key+".label", a.Label)
		check("xaxis."+a.Key+".axis", a.Axis)
		check("xaxis."+a.Key+".unit", a.Unit)
	}
	for _, f := range filterTitles {
		check("filter."+f.name, f.title)
	}
	for value, want := range map[string]string{"single-node": "single-node", "disaggregated": "disaggregated", "unknown": ""} {
		check("facet.deploy."+value, deployLabel(want))
	}
}
