package browser_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
	"github.com/frontier-bench/frontier/site/mcp"
)

// TestBrowserChangeTableAgreesWithDiff: on a page of two dates (testsite.TwoDates), the
// change table the reader sees labels every configuration at every reference as `frontier
// diff` of the two dates' data does (mcp.Diff, which the command and the MCP tool answer
// with): a drop inside its repeated runs' scatter is noise on both, the same drop with narrow
// runs a regression.
func TestBrowserChangeTableAgreesWithDiff(t *testing.T) {
	t.Parallel()
	day1, day2 := testsite.TwoDates(t)
	side := func(name string, b []byte) *mcp.Side {
		dir := filepath.Join(t.TempDir(), "data")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := mcp.OpenSide(dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	rep := mcp.Diff(side("day1.json", day1), side("day2.json", day2), nil)

	files := buildForBrowser(t, fstest.MapFS{"day1.json": {Data: day1}, "day2.json": {Data: day2}}, site.DefaultConfig())
	const pagePath = "deepseek-v4-pro/8k-1k/"
	idxJSON, ok := files.Get(pagePath + "history/index.json")
	if !ok {
		t.Fatal("no history/index.json: the page has no history")
	}
	var idx struct {
		Series []struct{ Key, HW, Precision string } `json:"series"`
	}
	if err := json.Unmarshal(idxJSON, &idx); err != nil {
		t.Fatal(err)
	}
	hw := map[string]string{}
	for _, s := range idx.Series {
		hw[s.Key] = s.HW + " " + s.Precision
	}

	b := browsertest.New(t)
	root := b.Serve(files, "/")
	compared, seen := 0, map[string]bool{}
	for _, x := range []float64{20, 50, 100} {
		hash := fmt.Sprintf("#best=0&ref=%v", x)
		if x == 50 {
			hash = "#best=0" // the default reference is not written
		}
		p := b.Open(t, root+pagePath+hash)
		waitTrend(p, hash)
		p.WaitFor(`document.querySelectorAll("#change-table tbody tr").length > 0`)
		table := map[string]string{}
		for _, r := range readTrend(p).Change {
			table[hw[r.Key]] = r.Verdict
		}
		p.Close()
		for _, c := range rep.Changes {
			if c.Page != "/"+pagePath || c.X != x || c.Old == nil || c.New == nil {
				continue // a reference outside a frontier: the diff's insufficient, a blank in the table
			}
			got, ok := table[c.Series+" "+c.Precision]
			if !ok {
				t.Errorf("%s %s at %v: in the diff, not in the change table %v", c.Series, c.Precision, x, table)
				continue
			}
			compared++
			if got != string(c.Verdict) {
				t.Errorf("%s at %v: the change table says %s, frontier diff %s (%+.2f%% against ±%.2f%%)", c.Series, x, got, c.Verdict, *c.Change, c.Threshold)
			}
			if w, ok := testsite.TwoDatesVerdicts[c.Series]; ok {
				seen[c.Series] = true
				if got != w {
					t.Errorf("%s at %v: %s, want %s", c.Series, x, got, w)
				}
			}
		}
	}
	if compared < 10 || len(seen) != len(testsite.TwoDatesVerdicts) {
		t.Errorf("compared %d changes, saw %v: want every configuration of %v at the references its frontiers reach", compared, seen, testsite.TwoDatesVerdicts)
	}
}
