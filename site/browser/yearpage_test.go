package browser_test

// The year-scale page at load (issue 45): a year of a 100-configuration page (internal/corpus's
// year corpus, 41,720 rows, 365 snapshot dates) as a phone opens it. Before, its HTML was
// 463 KB (236 KB of it the no-JavaScript table of all 800 points) and it held 2,671 elements
// once set up, 1,095 of them the options of three menus of dates; Lighthouse (mobile) scored
// it 0.85 to 0.93.
//
//	go test ./site/browser/ -run TestBrowserYearPageAtLoad -v

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/internal/corpus"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
)

// Budgets of the year-scale page at load, with room over what it measured (249 KB, 1,599
// elements): what the page script and the build keep out of the first load is what its
// blocking time follows.
const (
	maxYearHTML     = 300_000 // bytes of index.html, uncompressed
	maxYearElements = 1_700   // elements once the page is set up, before the reader touches it
)

// yearScaleSite builds the year-scale corpus's one page (the seed of site's benchmarks, so
// they share the cached corpus) and names it.
func yearScaleSite(tb testing.TB) (*site.Files, string) {
	tb.Helper()
	dir, err := corpus.CachedYear(filepath.Join(os.TempDir(), "frontier-bench-corpus"), 1, 1)
	if err != nil {
		tb.Fatal(err)
	}
	files := &site.Files{}
	if _, err := site.Build(site.Input{Data: os.DirFS(dir), Config: site.DefaultConfig(), ECharts: testsite.RealECharts(tb)}, files); err != nil {
		tb.Fatal(err)
	}
	return files, "deepseek-r1-0528/1k-1k/"
}

// TestBrowserYearPageAtLoad: the year-scale page's HTML and its elements once set up stay
// within budget; its three menus of dates (snapshot, trend baseline, compare) hold only the
// option they show until a reader reaches for one, which then offers every date.
func TestBrowserYearPageAtLoad(t *testing.T) {
	t.Parallel()
	files, page := yearScaleSite(t)
	html, _ := files.Get(page + "index.html")
	if len(html) > maxYearHTML {
		t.Errorf("index.html is %d bytes, want at most %d", len(html), maxYearHTML)
	}
	b := browsertest.New(t)
	root := b.Serve(files, "/")
	p := b.OpenAs(t, root+page, browsertest.Phone)
	p.WaitFor(`document.getElementById("chart").getAttribute("aria-busy") !== "true" && !!document.getElementById("compare-add")`)
	p.Eval(`new Promise(function (r) { setTimeout(r, 1000); })`, nil)
	var got struct {
		Elements, Dates int
		AtLoad, Reached map[string]int
		Values          map[string]string
	}
	p.Eval(`(() => {
  const ids = ["ctl-date", "trend-baseline", "compare-add"];
  const count = () => Object.fromEntries(ids.map((id) => [id, document.getElementById(id).options.length]));
  const values = () => Object.fromEntries(ids.map((id) => [id, document.getElementById(id).value]));
  const r = {Elements: document.getElementsByTagName("*").length, Dates: JSON.parse(document.getElementById("page-data").textContent).dates.length, AtLoad: count()};
  const before = values();
  for (const id of ids) document.getElementById(id).dispatchEvent(new Event("pointerdown"));
  r.Reached = count();
  const after = values();
  r.Values = Object.fromEntries(ids.map((id) => [id, before[id] === after[id] ? "kept" : before[id] + " became " + after[id]]));
  return r;
})()`, &got)
	t.Logf("index.html %d bytes; %d elements once set up; menus at load %v, reached %v", len(html), got.Elements, got.AtLoad, got.Reached)
	if got.Elements > maxYearElements {
		t.Errorf("%d elements once set up, want at most %d", got.Elements, maxYearElements)
	}
	if got.Dates != 365 {
		t.Fatalf("%d snapshot dates, want the year corpus's 365", got.Dates)
	}
	// Reached: the snapshot menu offers every date; the baseline every date but the newest;
	// the compare menu its prompt and every date but the one shown.
	want := map[string]int{"ctl-date": got.Dates, "trend-baseline": got.Dates - 1, "compare-add": got.Dates}
	for id, n := range want {
		if got.AtLoad[id] != 1 {
			t.Errorf("#%s holds %d options at load, want only the one it shows", id, got.AtLoad[id])
		}
		if got.Reached[id] != n {
			t.Errorf("#%s holds %d options once reached, want %d", id, got.Reached[id], n)
		}
		if got.Values[id] != "kept" {
			t.Errorf("#%s: its value %s when reached, want it kept", id, got.Values[id])
		}
	}
	p.NoErrors()
}
