package browser_test

// The page script's start-up as a phone's main thread runs it (DESIGN.md, "Performance and
// weight": total blocking time at most 150 ms with the CPU slowed 4×). A task of more than
// 50 ms blocks the reader; the script sets a chart page up as a chain of short steps instead
// (templates/script/tasks.js), its chart's picture first. Raw durations on a shared machine
// swing by a factor of three, so the test checks the shape of the work, which load does not
// change: how many tasks it was split into, and what share of it the longest one holds.
//
//	go test ./site/browser/ -run TestBrowserSetUpInShortTasks -v

import (
	"testing"

	"github.com/frontier-bench/frontier/internal/browsertest"
)

// setUpShape is how a page's script work was split from navigation until it was set up and
// quiet: how many tasks ran script, the script time of the longest and of all of them (ms).
type setUpShape struct {
	Tasks           int
	Longest, Script float64
	List            []float64 // each task's script time, in order
}

// traceSetUp opens url on a 360-px phone with the CPU slowed 4×, traced from before its
// navigation, and waits until its chart is drawn and the page set up (the chart not busy),
// then a quiet second.
func traceSetUp(t *testing.T, b *browsertest.Browser, url string) setUpShape {
	t.Helper()
	dev := browsertest.Phone
	dev.CPUSlowdown = 4
	dev.Trace = true
	p := b.OpenAs(t, url, dev)
	p.WaitDrawn(chartSel)
	p.Eval(`new Promise(function (r) { setTimeout(r, 1000); })`, nil)
	var s setUpShape
	for _, task := range p.Tasks() {
		if task.Script <= 0 {
			continue
		}
		s.List = append(s.List, task.Script)
		s.Tasks++
		s.Script += task.Script
		s.Longest = max(s.Longest, task.Script)
	}
	p.NoErrors()
	p.Close()
	return s
}

// TestBrowserSetUpInShortTasks: on the seed page and the 58-configuration page, the page
// script's start-up is split into at least 23 tasks that run script: the picture's option,
// picture and legend each in its own, then one for each part of the page (controls, buttons,
// history, your run, tables, share, language switch, ECharts' prefetch...), besides the
// script's evaluation and the observers' callbacks. Before the split it ran in 17 to 20, a
// single one of 120 to 300 ms (4× slower CPU) holding the picture with its legend, another
// the whole of the controls, history and buttons. And no task holds more than 60% of the
// script's time, which a set-up run in one or two tasks again would (its picture task alone
// holds 25 to 45% under a varying load, the old one 30 to 70%).
func TestBrowserSetUpInShortTasks(t *testing.T) {
	b := browsertest.New(t)
	files, _ := examplePages(t)
	root := b.Serve(files, "/")
	for _, page := range []string{seedPage, rawPage} {
		t.Run(page, func(t *testing.T) {
			s := traceSetUp(t, b, root+page)
			t.Logf("%d tasks ran script, %.0f ms in all; the longest %.0f ms (%.0f%%): %.0f", s.Tasks, s.Script, s.Longest, 100*s.Longest/s.Script, s.List)
			if s.Tasks < 23 {
				t.Errorf("the page was set up in %d tasks that ran script, want at least 23", s.Tasks)
			}
			if s.Longest > s.Script*0.6 {
				t.Errorf("one task ran %.0f ms of the set-up's %.0f ms of script, want at most 60%%", s.Longest, s.Script)
			}
		})
	}
}
