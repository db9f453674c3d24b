package mcp

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/verdict"
)

// TestDiffToolAgainstTheServedSite asks the diff tool for the repository's data folder (with
// its frontier.toml) against the site built from it, which the server serves: every
// configuration on both sides, nothing beyond the threshold, and the markdown of the same
// report.
func TestDiffToolAgainstTheServedSite(t *testing.T) {
	cs := connect(t, NewSource("shipped", shippedSite(t)))
	var out struct {
		Old, New  string
		Threshold float64
		Counts    map[string]int
		Changes   []struct{ Page, Series, Verdict string }
		Markdown  string
	}
	data := filepath.Join(testsite.Root(), "data")
	call(t, cs, "diff", map[string]any{"old": data}, &out)
	if out.New != "shipped" || out.Old != data || out.Threshold != 3 {
		t.Errorf("old %q, new %q, threshold %v; want the data folder, the served site, 3", out.Old, out.New, out.Threshold)
	}
	if out.Counts["noise"] == 0 || out.Counts["regression"]+out.Counts["improvement"]+out.Counts["new"]+out.Counts["removed"] > 0 {
		t.Errorf("a site against its own data: counts %v, want only noise and insufficient", out.Counts)
	}
	if len(out.Changes) != out.Counts["noise"]+out.Counts["insufficient"] || !strings.HasPrefix(out.Markdown, "### Frontier diff: 0 regressions, 0 improvements") {
		t.Errorf("%d changes for counts %v; markdown %q", len(out.Changes), out.Counts, out.Markdown)
	}
	call(t, cs, "diff", map[string]any{"old": data, "new": data, "threshold": 0}, &out)
	if out.Threshold != 0 || out.Counts["noise"] == 0 {
		t.Errorf("a data folder against itself at threshold 0: %v, %v", out.Threshold, out.Counts)
	}
	if msg := callErr(t, cs, "diff", map[string]any{"old": filepath.Join(data, "nowhere")}); !strings.Contains(msg, "nowhere: not a data folder") {
		t.Errorf("a missing folder: %q", msg)
	}
	if msg := callErr(t, cs, "diff", map[string]any{}); !strings.Contains(msg, `missing properties: ["old"]`) {
		t.Errorf("no old: %q", msg)
	}
}

// TestDiffReadsRefXOfAnOlderSite: a site built before index.json gave each page's refX is read
// at the references its page.json gives, with the same answer.
func TestDiffReadsRefXOfAnOlderSite(t *testing.T) {
	files := shippedSite(t)
	now, err := NewSite(NewSource("now", files)).verdictSite()
	if err != nil {
		t.Fatal(err)
	}
	older := fstest.MapFS{}
	for name, b := range files.All() {
		older[name] = &fstest.MapFile{Data: b}
	}
	idx := string(older["api/v1/index.json"].Data)
	stripped := regexp.MustCompile(`,"refX":\[[^\]]*\]`).ReplaceAllString(idx, "")
	if stripped == idx {
		t.Fatal("index.json has no refX to take out")
	}
	older["api/v1/index.json"] = &fstest.MapFile{Data: []byte(stripped)}
	then, err := NewSite(NewSource("older", older)).verdictSite()
	if err != nil {
		t.Fatal(err)
	}
	then.Name = now.Name
	if !reflect.DeepEqual(then, now) {
		t.Errorf("an older site's pages differ from the same site's with refX in index.json")
	}
	if len(now.Pages) == 0 || !slices.Equal(now.Pages[0].RefX, []float64{20, 50, 100, 200}) {
		t.Errorf("refX %v, want the example's", now.Pages[0].RefX)
	}
}

// TestDiffRealDataFolderAgainstItsSite: the example's pages with the real files of
// ../shared/data (InferenceX rows of many dates, clients' raw files with [[runs]], eval rows)
// as a data folder, against the site built from them: the folder is read as the build reads it,
// so every page and configuration is on both sides and nothing changed.
func TestDiffRealDataFolderAgainstItsSite(t *testing.T) {
	files := exampleSite(t)
	root := t.TempDir()
	for name, f := range testsite.RealData(t) {
		p := filepath.Join(root, "data", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "frontier.toml"), testsite.RealConfig(t), 0o644); err != nil {
		t.Fatal(err)
	}
	old, err := OpenSide(filepath.Join(root, "data"), nil)
	if err != nil {
		t.Fatal(err)
	}
	site, err := NewSite(NewSource("site", files)).verdictSite()
	if err != nil {
		t.Fatal(err)
	}
	rep := Diff(old, &Side{Site: site}, nil)
	if len(old.Site.Pages) < 3 || len(old.Site.Pages) != len(site.Pages) {
		t.Errorf("%d pages in the folder, %d on its site; want the same, several", len(old.Site.Pages), len(site.Pages))
	}
	for _, v := range []verdict.Verdict{verdict.Regression, verdict.Improvement, verdict.New, verdict.Removed} {
		if rep.Counts[v] > 0 {
			for _, c := range rep.Changes {
				if c.Verdict == v {
					t.Errorf("%s: %+v", v, c)
					break
				}
			}
		}
	}
	t.Logf("%d pages, counts %v", len(site.Pages), rep.Counts)
	if rep.Counts[verdict.Noise] < 20 {
		t.Errorf("counts %v: want many configurations compared", rep.Counts)
	}
}
