package browser_test

// The page script's start-up as a phone's main thread runs it (docs/development.md, "Performance and
// weight": total blocking time at most 150 ms with the CPU slowed 4×). A task of more than
// 50 ms blocks the reader; the script sets a chart page up as a chain of short steps instead
// (templates/script/tasks.js), its chart's picture first. Raw durations on a shared machine
// swing by a factor of three, so the test checks the shape of the work, which load does not
// change: which parts of the page come in which task, and what share of the script's time the
// longest task holds.
//
//	go test ./site/browser/ -run TestBrowserSetUpInShortTasks -v

import (
	"slices"
	"testing"

	"github.com/frontier-bench/frontier/internal/browsertest"
)

// setUpJS records, from the end of parsing, each batch of changes the page script makes to the
// chart page (a MutationObserver delivers one batch per task that changed the page, at its
// end), named by part: the chart's picture, its legend, the history's controls, the form made
// live (older dates), and the chart's aria-busy going (the page set up).
const setUpJS = `(function () {
  window.__batches = [];
  var observer = new MutationObserver(function (records) {
    var parts = {};
    records.forEach(function (r) {
      var t = r.target;
      if (r.type === "attributes") { if (t.id === "chart" && !t.hasAttribute("aria-busy")) parts.ready = 1; return; }
      if (t.id === "chart" && [].some.call(r.addedNodes, function (n) { return n.classList && n.classList.contains("chart-picture"); })) parts.picture = 1;
      if (t.id === "chart-legend" && r.addedNodes.length) parts.legend = 1;
      if (t.id === "trend-controls" && r.addedNodes.length) parts.history = 1;
      if (t.id === "ctl-date" && r.addedNodes.length) parts.form = 1;
    });
    var names = Object.keys(parts);
    if (names.length) window.__batches.push(names.sort().join("+"));
  });
  // From the end of parsing, when the page script starts: the parser's own insertions are not its.
  document.addEventListener("DOMContentLoaded", function () {
    observer.observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["aria-busy"]});
  });
})();`

// setUp is how a page's script set it up, from navigation until it was set up and quiet: the
// parts it changed in each task, in order (setUpJS), and the script time of each task that
// ran script (ms).
type setUp struct {
	Batches []string
	Script  []float64
}

// longest is the script time of the longest task and of all of them.
func (s setUp) longest() (longest, all float64) {
	for _, v := range s.Script {
		longest = max(longest, v)
		all += v
	}
	return longest, all
}

// traceSetUp opens url on a 360-px phone with the CPU slowed 4×, traced from before its
// navigation, and waits until its chart is drawn and the page set up (the chart not busy),
// then a quiet second.
func traceSetUp(t *testing.T, b *browsertest.Browser, url string) setUp {
	t.Helper()
	dev := browsertest.Phone
	dev.CPUSlowdown = 4
	dev.Trace = true
	dev.Init = setUpJS
	p := b.OpenAs(t, url, dev)
	p.WaitDrawn(chartSel)
	p.Eval(`new Promise(function (r) { setTimeout(r, 1000); })`, nil)
	var s setUp
	p.Eval(`window.__batches`, &s.Batches)
	for _, task := range p.Tasks() {
		if task.Script > 0 {
			s.Script = append(s.Script, task.Script)
		}
	}
	p.NoErrors()
	p.Close()
	return s
}

// TestBrowserSetUpInShortTasks: on the seed page and the 58-configuration page with the CPU
// slowed 4×, the chart's picture comes in a task of its own, before anything else the script
// adds to the page; its legend in a later task, then the form made live and the history's
// controls, each in one of its own, and the chart stops being busy last. Before the split the
// picture and its legend were one task of 120 to 300 ms, after the history's controls and the
// form. And no task holds more than 60% of the script's time, which a set-up run in one or two
// tasks again would (the picture's task holds 25 to 45% under a varying load).
func TestBrowserSetUpInShortTasks(t *testing.T) {
	// Not side by side with the other tests (t.Parallel): it weighs the script's tasks against
	// each other, and other tabs would take the cores from some of them.
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	for _, c := range []struct {
		page string
		want []string
	}{
		{seedPage, []string{"picture", "legend", "ready"}},
		{rawPage, []string{"picture", "legend", "form", "history", "ready"}},
	} {
		t.Run(c.page, func(t *testing.T) {
			s := traceSetUp(t, b, root+c.page)
			longest, all := s.longest()
			t.Logf("changes by task %v; %d tasks ran script, %.0f ms in all, the longest %.0f ms (%.0f%%): %.0f",
				s.Batches, len(s.Script), all, longest, 100*longest/all, s.Script)
			// The parts in order, each alone in its task (the legend may be redrawn later).
			var got []string
			for _, batch := range s.Batches {
				if len(got) > 0 && got[len(got)-1] == batch {
					continue
				}
				got = append(got, batch)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("the page's parts came in these tasks: %v, want %v", got, c.want)
			}
			if longest > all*0.6 {
				t.Errorf("one task ran %.0f ms of the set-up's %.0f ms of script, want at most 60%%", longest, all)
			}
		})
	}
}
