package browsertest

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// LongTask is one task of the page's main thread that ran 50 ms or more (the ones total
// blocking time counts), with what it spent its time on: the trace events of its first two
// levels that took 5 ms or more, in order, a child after its parent and a ">" ("EventDispatch
// DOMContentLoaded 296 ms > FunctionCall Rt frontier.js:8 296 ms", "Layout 45 ms").
type LongTask struct {
	Start, Duration float64 // ms; Start from the first event of the trace
	Parts           []string
}

func (t LongTask) String() string {
	return fmt.Sprintf("%.0f ms at %.0f ms: %s", t.Duration, t.Start, strings.Join(t.Parts, "; "))
}

// traceEvent is one event of the Chrome trace format.
type traceEvent struct {
	Name string  `json:"name"`
	Ph   string  `json:"ph"`
	Ts   float64 `json:"ts"`  // µs
	Dur  float64 `json:"dur"` // µs, for complete ("X") events
	Pid  int     `json:"pid"`
	Tid  int     `json:"tid"`
	Args struct {
		Name string `json:"name"` // thread_name metadata
		Data struct {
			URL          string `json:"url"`
			FunctionName string `json:"functionName"`
			LineNumber   int    `json:"lineNumber"`
			Type         string `json:"type"`
		} `json:"data"`
	} `json:"args"`
}

// StartTrace records the tab's work with DevTools Protocol tracing (the Performance panel's
// timeline categories) until the returned function is called, which returns the renderer main
// thread's long tasks. Pages opened with Device.Trace are traced from before navigation.
func (p *Page) StartTrace() func() []LongTask {
	p.t.Helper()
	var mu sync.Mutex
	var raws [][]byte // decoded once tracing ends: the listener must return fast
	done := make(chan struct{})
	err := chromedp.Listen(p.ctx, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			defer mu.Unlock()
			for _, raw := range ev.Value {
				raws = append(raws, slices.Clone(raw))
			}
		case *tracing.EventTracingComplete:
			close(done)
		}
	})
	ctx, cancel := context.WithTimeout(p.ctx, actionTimeout)
	defer cancel()
	if err == nil {
		_, err = chromedp.Call(ctx, tracing.Start, tracing.StartParams{
			TransferMode: tracing.StartTransferModeReportEvents,
			TraceConfig: &tracing.TraceConfig{IncludedCategories: []string{
				"devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute",
			}},
		})
	}
	if err != nil {
		p.t.Fatalf("browsertest: start tracing: %v", err)
	}
	return func() []LongTask {
		p.t.Helper()
		ctx, cancel := context.WithTimeout(p.ctx, actionTimeout)
		defer cancel()
		if _, err := chromedp.Call(ctx, tracing.End, cdp.Empty{}); err != nil {
			p.t.Fatalf("browsertest: end tracing: %v", err)
		}
		select {
		case <-done:
		case <-ctx.Done():
			p.t.Fatalf("browsertest: tracing did not complete")
		}
		mu.Lock()
		defer mu.Unlock()
		events := make([]traceEvent, 0, len(raws))
		for _, raw := range raws {
			var e traceEvent
			if json.Unmarshal(raw, &e) == nil {
				events = append(events, e)
			}
		}
		return longTasks(events)
	}
}

// longTasks finds the tasks of 50 ms or more on renderer main threads and what they held.
func longTasks(events []traceEvent) []LongTask {
	type thread struct{ pid, tid int }
	main := map[thread]bool{}
	first := -1.0
	for _, e := range events {
		if e.Ph == "M" && e.Name == "thread_name" && e.Args.Name == "CrRendererMain" {
			main[thread{e.Pid, e.Tid}] = true
		}
		if e.Ts > 0 && (first < 0 || e.Ts < first) {
			first = e.Ts
		}
	}
	var spans []traceEvent // complete events on main threads, by start then longest first
	for _, e := range events {
		if e.Ph == "X" && main[thread{e.Pid, e.Tid}] {
			spans = append(spans, e)
		}
	}
	slices.SortStableFunc(spans, func(a, b traceEvent) int {
		if a.Ts != b.Ts {
			return cmp.Compare(a.Ts, b.Ts)
		}
		return cmp.Compare(b.Dur, a.Dur)
	})
	var tasks []LongTask
	for i, e := range spans {
		if e.Name != "RunTask" || e.Dur < 50e3 {
			continue
		}
		task := LongTask{Start: (e.Ts - first) / 1e3, Duration: e.Dur / 1e3}
		var stack []float64 // end times of the enclosing events
		partEnd := 0.0      // end time of the last first-level event listed
		for _, c := range spans[i+1:] {
			if c.Ts >= e.Ts+e.Dur {
				break
			}
			if c.Pid != e.Pid || c.Tid != e.Tid {
				continue
			}
			for len(stack) > 0 && c.Ts >= stack[len(stack)-1] {
				stack = stack[:len(stack)-1]
			}
			stack = append(stack, c.Ts+c.Dur)
			if c.Dur < 5e3 || len(stack) > 2 {
				continue
			}
			part := fmt.Sprintf("%s %.0f ms", eventText(c), c.Dur/1e3)
			switch {
			case len(stack) == 1:
				task.Parts = append(task.Parts, part)
				partEnd = c.Ts + c.Dur
			case c.Ts < partEnd: // inside the last part listed
				task.Parts[len(task.Parts)-1] += " > " + part
			}
		}
		tasks = append(tasks, task)
	}
	return tasks
}

func eventText(e traceEvent) string {
	d := e.Args.Data
	s := e.Name
	if d.FunctionName != "" {
		s += " " + d.FunctionName
	}
	if d.Type != "" {
		s += " " + d.Type
	}
	if d.URL != "" {
		s += " " + d.URL[strings.LastIndex(d.URL, "/")+1:]
		if d.LineNumber > 0 {
			s += fmt.Sprintf(":%d", d.LineNumber)
		}
	}
	return s
}

// LongTasks ends the trace a Device.Trace page started before its navigation and returns the
// main thread's long tasks since then.
func (p *Page) LongTasks() []LongTask {
	p.t.Helper()
	if p.stopTrace == nil {
		p.t.Fatalf("browsertest: LongTasks on a page not opened with Device.Trace")
	}
	stop := p.stopTrace
	p.stopTrace = nil
	return stop()
}
