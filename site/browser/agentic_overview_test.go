package browser_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/internal/testsite"
)

// TestAgenticOverviewTable (issue 53 item 5): on the overview the agentic page has a table of
// its own, read at p90 interactivity; the reader's reference redraws both tables, each cell of
// the agentic table saying p90, and back at the default the script's cells are the build's.
func TestAgenticOverviewTable(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	data := agenticData(t)
	maps.Copy(data, testsite.VersusData())
	root := serveVersus(t, b, data)
	p := b.Open(t, root+"overview/")
	rows := func(table string) []string {
		var out []string
		p.Eval(`Array.from(document.querySelectorAll("#`+table+` tbody th a"), (a) => a.getAttribute("href"))`, &out)
		return out
	}
	if got := rows("overview"); !slices.Equal(got, []string{"/repo/tiny-model/1k-1k/"}) {
		t.Errorf("fixed-length table rows %v, want the 1k/1k page only", got)
	}
	if got := rows("overview-agentic"); !slices.Equal(got, []string{"/repo/" + agenticPage}) {
		t.Errorf("agentic table rows %v, want the agentic page only", got)
	}
	full := `Array.from(document.querySelectorAll("#overview-agentic tbody td"), (td) => td.className + "|" + td.title + "|" + td.innerHTML)`
	var built, redrawn, other []string
	p.Eval(full, &built)
	choose(p, "ref", "mi355x")
	p.Eval(full, &other)
	if slices.Equal(built, other) {
		t.Error("choosing MI355X as the reference did not redraw the agentic table")
	}
	for _, c := range other {
		if !strings.Contains(c, "not on this page") && !strings.Contains(c, "at p90 interactivity") {
			t.Errorf("agentic cell %q does not say it is read at p90 interactivity", c)
		}
	}
	if got := p.Text("#overview-agentic-caption"); got != "Percent of MI355X at p90 interactivity 50 tok/s/user." {
		t.Errorf("agentic caption %q", got)
	}
	if got := p.Text("#overview-caption"); got != "Percent of MI355X at 50 tok/s/user." {
		t.Errorf("fixed-length caption %q", got)
	}
	var ref string
	p.Eval(`document.querySelector("#overview-controls select[name=ref]").options[0].value`, &ref)
	choose(p, "ref", ref)
	p.Eval(`Array.from(document.querySelector("#overview-controls select[name=ref]").options).find((o) => o.defaultSelected).value`, &ref)
	choose(p, "ref", ref)
	p.Eval(full, &redrawn)
	if !slices.Equal(built, redrawn) {
		t.Errorf("the script's default agentic cells differ from the build's:\n%q\n%q", redrawn, built)
	}
	p.NoErrors()
}
