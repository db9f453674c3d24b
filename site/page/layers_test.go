package page

import (
	"go/build"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/frontier-bench/frontier/"

// TestModelKnowsNoRenderer: the page model, and the packages that only read it, import no HTML
// renderer, directly or through another package of the module (docs/development.md, "Layout":
// render, history, api and mcp import site/page, not one another, to know what a page is).
func TestModelKnowsNoRenderer(t *testing.T) {
	for pkg, banned := range map[string][]string{
		"site/page":    {"site/render", "site/history", "site/api", "site/mcp", "site/pipeline", "html/template"},
		"site/history": {"site/render", "site/api", "site/mcp", "site/pipeline", "html/template"},
		"site/api":     {"site/render", "site/mcp", "html/template"},
	} {
		deps := moduleDeps(t, pkg)
		for _, b := range banned {
			if slices.Contains(deps, b) {
				t.Errorf("%s imports %s, directly or through the module's own packages", pkg, b)
			}
		}
	}
}

// moduleDeps are the packages pkg imports, directly or through the module's own packages (a
// path relative to the module root, "site/render", or a standard one, "html/template"),
// sorted; tests' imports are not counted.
func moduleDeps(t *testing.T, pkg string) []string {
	t.Helper()
	seen := map[string]bool{}
	var walk func(rel string)
	walk = func(rel string) {
		p, err := build.ImportDir(filepath.Join("..", "..", filepath.FromSlash(rel)), 0)
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		for _, imp := range p.Imports {
			own, ok := strings.CutPrefix(imp, module)
			if !ok {
				seen[imp] = true
				continue
			}
			if !seen[own] {
				seen[own] = true
				walk(own)
			}
		}
	}
	walk(pkg)
	return slices.Sorted(maps.Keys(seen))
}

// TestMCPReadsPagesThroughModel: package mcp reads page.json and data.json through this
// package's types (wire.go), not copies of its own, so it imports site/render only where it
// words a comparison as the compare page does (render.CompareSentences, in versus.go), and
// html/template not at all itself. It still imports render there, and so html/template
// through it: those sentences are written by the compare page's own code, which is render's.
func TestMCPReadsPagesThroughModel(t *testing.T) {
	p, err := build.ImportDir(filepath.Join("..", "mcp"), 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.ImportPos["html/template"]; ok {
		t.Error("site/mcp imports html/template")
	}
	if !slices.Contains(p.Imports, module+"site/page") {
		t.Error("site/mcp does not import site/page: it reads page.json and data.json through its types")
	}
	for _, pos := range p.ImportPos[module+"site/render"] {
		if filepath.Base(pos.Filename) != "versus.go" {
			t.Errorf("%s imports site/render: only versus.go may, for its comparison's words", pos)
		}
	}
}
