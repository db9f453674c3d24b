package browser_test

import (
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/internal/testsite"
)

// TestPageOfRunsThatDidNotStream (issue 44): a page none of whose runs gives a median TPOT
// opens on median E2E latency, the first axis all its points have: the x menu has it chosen,
// every point is drawn there, and the note under the chart says why, in English and Chinese.
func TestPageOfRunsThatDidNotStream(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	data, toml := testsite.NoMedianTPOT("h100/c4", "h100/c8", "h100/c16", "b200/c4", "b200/c8")
	root := serveInTwoLanguages(t, b, data, toml)
	for _, tc := range []struct{ lang, prefix, want string }{
		{"en", "", "No point of this page has a median interactivity: its runs did not stream, or their files give no median time per output token. So the chart opens on end-to-end latency, median, which every point has."},
		{"zh", "zh/", "此页没有任何数据点有交互性中位数"},
	} {
		p := b.Open(t, root+tc.prefix+testsite.MediansPage)
		waitView(p, "#chart", "")
		var chosen string
		p.Eval(`document.getElementById("ctl-x").value`, &chosen)
		if chosen != "median_e2el" {
			t.Errorf("%s: the x menu has %q chosen, want median_e2el", tc.lang, chosen)
		}
		st := p.ChartState("#chart")
		drawn := 0
		for _, name := range []string{"B200 (vLLM)", "H100 (vLLM)"} {
			s, ok := st.Find(name, "scatter")
			if !ok {
				t.Errorf("%s: no scatter %q", tc.lang, name)
			}
			for _, xy := range s.Points {
				if xy[0] > 0 {
					drawn++
				}
			}
		}
		if drawn != 5 {
			t.Errorf("%s: %d points drawn on median E2E latency, want all 5", tc.lang, drawn)
		}
		if s := axisNote(p); !strings.HasPrefix(s, tc.want) {
			t.Errorf("%s: note under the chart %q, want it to start %q", tc.lang, s, tc.want)
		}
	}
}
