package browser_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/internal/realfiles"
	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
)

// TestPageOfLoadGenRunsOpensOnOutputThroughput (issue 44): a page of real MLPerf LoadGen
// summaries, which count no input tokens and so give no total throughput, opens on output
// throughput per GPU: the metric menu has it chosen, every point is drawn above 0, and the
// note under the chart says why; the points table leaves the total and input cells empty; cost
// per million tokens, which divides the total, draws none of them and says why.
func TestPageOfLoadGenRunsOpensOnOutputThroughput(t *testing.T) {
	t.Parallel()
	data := fstest.MapFS{}
	var toml strings.Builder
	for _, c := range realfiles.Cases {
		if !strings.Contains(c.File, "B200x8_llama2-70b-99_") || len(c.Points) == 0 {
			continue // the Server and Interactive summaries of one model: one page
		}
		data[c.File] = testsite.MapFile(testenv.SharedFile(t, realfiles.Dir+"/"+c.File), 1)
		r := c.Runs
		fmt.Fprintf(&toml, "[[runs]]\npath = %q\nmodel = %q\ngpu = %q\ngpus = %d\nframework = %q\nprecision = %q\nisl = %d\nosl = %d\n\n",
			c.File, r.Model, r.GPU, r.GPUs, r.Framework, r.Precision, r.ISL, r.OSL)
	}
	if len(data) != 2 {
		t.Fatalf("%d LoadGen summaries of llama2-70b on B200, want 2", len(data))
	}
	cfg, ps := site.ParseConfig("frontier.toml", []byte(toml.String()))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	b := browsertest.New(t)
	root := b.Serve(buildForBrowser(t, data, cfg), "/")
	p := b.Open(t, root+"llama2-70b/1k-1k/")
	waitView(p, "#chart", "")
	var chosen string
	p.Eval(`document.getElementById("ctl-y").value`, &chosen)
	if chosen != "outputTputPerGpu" {
		t.Errorf("the metric menu has %q chosen, want outputTputPerGpu", chosen)
	}
	st := p.ChartState("#chart")
	drawn := 0
	for _, s := range st.Series {
		if s.Type != "scatter" {
			continue
		}
		for _, xy := range s.Points {
			if xy[1] > 0 {
				drawn++
			}
		}
	}
	if drawn != 2 {
		t.Errorf("%d points drawn above 0 on output throughput, want both: %+v", drawn, st.Series)
	}
	const want = "No point of this page has a total or an input throughput: its runs counted no input tokens (as MLPerf LoadGen does), so those figures are absent, never 0. So the chart opens on output throughput per GPU, which every point has."
	if s := axisNote(p); !strings.HasPrefix(s, want) {
		t.Errorf("note under the chart %q, want it to start %q", s, want)
	}
	// Cost per million tokens divides the total throughput: no point is drawn on it, and the
	// note under the chart says why (not that a price is missing).
	c := b.Open(t, root+"llama2-70b/1k-1k/#y=costPerMTok")
	waitView(c, "#chart", "y=costPerMTok")
	var note string
	c.Eval(`(() => { const n = document.getElementById("chart-note"); return n && !n.hidden ? n.textContent : ""; })()`, &note)
	if want := "Left out of cost per million tokens, their runs measured no total throughput, which it divides: B200 (TRTLLM)."; note != want {
		t.Errorf("note under the cost chart %q, want %q", note, want)
	}
	for _, s := range c.ChartState("#chart").Series {
		for _, xy := range s.Points {
			if xy[1] == 0 {
				t.Errorf("a point drawn at cost 0: %+v", s)
			}
		}
	}
	showPoints(p)
	var cells [][]string
	p.Eval(`Array.from(document.querySelectorAll("#points tbody tr")).map((tr) => Array.from(tr.cells).map((c) => c.textContent))`, &cells)
	var head []string
	p.Eval(`Array.from(document.querySelectorAll("#points thead th")).map((th) => th.textContent)`, &head)
	if len(cells) != 2 {
		t.Fatalf("points table rows %v, want 2", cells)
	}
	for j, h := range head {
		if !strings.HasPrefix(h, "Total throughput") && !strings.HasPrefix(h, "Input throughput") {
			continue
		}
		for _, row := range cells {
			if row[j] != "" {
				t.Errorf("points table column %q: cell %q, want empty (not measured)", h, row[j])
			}
		}
	}
}
