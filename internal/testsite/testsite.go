// Package testsite holds what the tests of several packages share about the example site: its
// data folder, the links page the deploy tests add to it, and the ECharts a build ships. It
// imports nothing of site, so site's own tests can use it as well as the packages above it.
package testsite

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testenv"
)

// Root is the repository's top folder, wherever the test runs from.
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// FakeECharts stands in for ECharts in builds whose pages no browser opens.
var FakeECharts = []byte("/* echarts */")

// ExampleData is the example site's data folder (the repository's data/) as an fstest.MapFS,
// for tests that add files to it.
func ExampleData(t testing.TB) fstest.MapFS {
	t.Helper()
	return ExampleFolder(t, ".")
}

// ExampleFolder is the example's files below folder (a slash path in data/, "." for all of
// them), keyed by their path in data/, as ExampleData holds them; a folder with no file fails
// the test.
func ExampleFolder(t testing.TB, folder string) fstest.MapFS {
	t.Helper()
	dir := filepath.Join(Root(), "data")
	data := fstest.MapFS{}
	err := fs.WalkDir(os.DirFS(dir), folder, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
		data[p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil || len(data) == 0 {
		t.Fatalf("the example's files below data/%s: %v (%d files)", folder, err, len(data))
	}
	return data
}

// ShippedECharts is the ECharts script a site built from this checkout ships, and its path: the
// custom build of `make deps` (templates/vendor/echarts.min.js) or, when only npm ci has run,
// ECharts' larger common build, as a binary built without the first would ship. Both are nil
// when neither is there. Every test and benchmark that needs the real script finds it here.
func ShippedECharts() ([]byte, string) {
	for _, p := range []string{"templates/vendor/echarts.min.js", "node_modules/echarts/dist/echarts.common.min.js"} {
		if b, err := os.ReadFile(filepath.Join(Root(), filepath.FromSlash(p))); err == nil {
			return b, p
		}
	}
	return nil, ""
}

// LinksPage is a markdown page that links every way an author writes a link, with a chart
// block; the deploy and link-checker tests add it to the example site at guides/links.md.
const LinksPage = `---
title: Links under a base path
description: A page that links every way an author writes a link, for the deploy tests.
---
# Links under a base path

Read [the method](../about.md), its [frontier section](../about.md#the-frontier), the
[home page](../index.md), [the chart](../deepseek-v4-pro/8k-1k/), the chart
[from the root](/deepseek-v4-pro/8k-1k/), its [CSV download](/deepseek-v4-pro/8k-1k/data.csv),
its [MTP view](/deepseek-v4-pro/8k-1k/#spec=mtp), the [second part](#second-part) of this page and
[another site](https://example.com/elsewhere/).

` + "```chart" + `
model: DeepSeek-V4-Pro
sequence: 8k/1k
spec: mtp
title: MTP only
` + "```" + `

## Second part

The end.
`

// RealECharts is ShippedECharts for tests that need the real script (browser tests, page
// weight): without it they skip locally and fail in CI (testenv.Unavailable).
func RealECharts(tb testing.TB) []byte {
	tb.Helper()
	b, p := ShippedECharts()
	if b == nil {
		testenv.Unavailable(tb, "no ECharts: run make deps")
	}
	tb.Logf("ECharts: %s", p)
	return b
}

// ExampleConfig is the example site's frontier.toml (the repository's), which gives the
// context of its bench-serve files that carry none ([[runs]]). Tests that build the example's
// data parse it (site.ParseConfig) or copy it beside the data folder (CopyExample).
func ExampleConfig(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(Root(), "frontier.toml"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// CopyExample copies the example site's data folder to dir/data and its frontier.toml to
// dir, and returns dir/data.
func CopyExample(t testing.TB, dir string) string {
	t.Helper()
	data := filepath.Join(dir, "data")
	if err := os.CopyFS(data, os.DirFS(filepath.Join(Root(), "data"))); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "frontier.toml"), ExampleConfig(t), 0o644); err != nil {
		t.Fatal(err)
	}
	return data
}
