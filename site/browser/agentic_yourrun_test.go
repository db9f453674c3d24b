package browser_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/site"
)

// TestAgenticYourRun (issue 53 item 5): a reader drops agentic aggregates (the example's own
// nested files) on the agentic page: the decoder in the page reads them as the build does,
// and draws them at p90 interactivity, the page's x, on the points the build drew for the same
// configuration, leaving the published series as they were; the leaders table the script
// writes again says its columns are p90 interactivity, as the build's does.
func TestAgenticYourRun(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	files := buildForBrowser(t, agenticData(t), site.Config{})
	raw, ok := files.Get(agenticPage + "page.json")
	if !ok {
		t.Fatal("no page.json on the agentic page")
	}
	var d yourPage
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	root := b.Serve(files, "/")
	p := b.Open(t, root+agenticPage)
	p.WaitDrawn("#chart")
	p.WaitChart("#chart")
	published := publishedSeries(p)
	var drop []yourFile
	for _, c := range []int{8, 16, 32} {
		drop = append(drop, repoFile(t, "data/agentic-coding/b200-vllm/conc"+itoa(c)+".json", "conc"+itoa(c)+".json"))
	}
	addYourFiles(t, p, "drop", drop)
	waitYours(p, 1)
	yours := yourSeries(p)
	if got := sameAsBuilt(t, d, yours); got != 3 {
		t.Errorf("%d of the 3 dropped points drawn where the build drew them: %v", got, yours)
	}
	// The script wrote the leaders table again, with the reader's run: its columns still p90.
	if c := p.Text("#leaders caption"); !strings.HasSuffix(c, "Its columns are p90 interactivity.") {
		t.Errorf("leaders caption %q, want it to say its columns are p90 interactivity", c)
	}
	if alert := p.Text("#your-run-alert"); alert != "" {
		t.Errorf("alert %q", alert)
	}
	if publishedSeries(p) != published {
		t.Error("the published series changed")
	}
	p.Click("#your-run-remove")
	waitYours(p, 0)
	p.NoErrors()
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
