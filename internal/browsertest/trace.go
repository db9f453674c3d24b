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

// Task is one task of the page's main thread: when it ran, for how long, and how much of that
// was JavaScript (Script: the outermost of script evaluation, timer, animation-frame and event
// listener calls, promise reactions and scheduler.yield continuations), all in ms.
type Task struct {
	Start, Duration, Script float64
}

// StartTrace records the tab's work with DevTools Protocol tracing (the Performance panel's
// timeline categories) until the returned function is called, which returns the renderer main
// thread's long tasks. Pages opened with Device.Trace are traced from before navigation.
func (p *Page) StartTrace() func() []LongTask {
	p.t.Helper()
	stop := p.startTrace()
	return func() []LongTask {
		p.t.Helper()
		return longTasks(stop())
	}
}

// startTrace starts tracing; the function it returns ends it and returns its events.
func (p *Page) startTrace() func() []traceEvent {
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
	return func() []traceEvent {
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
		return events
	}
}

// mainThreadSpans are the complete events of renderer main threads, by start then longest
// first, and the time of the trace's first event (µs).
func mainThreadSpans(events []traceEvent) (spans []traceEvent, first float64) {
	type thread struct{ pid, tid int }
	main := map[thread]bool{}
	first = -1.0
	for _, e := range events {
		if e.Ph == "M" && e.Name == "thread_name" && e.Args.Name == "CrRendererMain" {
			main[thread{e.Pid, e.Tid}] = true
		}
		if e.Ts > 0 && (first < 0 || e.Ts < first) {
			first = e.Ts
		}
	}
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
	return spans, first
}

// scriptEvents are the trace events in which JavaScript runs: script evaluation, calls from
// timers, animation frames, idle callbacks and event listeners, and microtasks (promise
// reactions, and scheduler.yield's continuations).
var scriptEvents = map[string]bool{
	"EvaluateScript": true, "FunctionCall": true, "TimerFire": true, "FireAnimationFrame": true,
	"FireIdleCallback": true, "RunMicrotasks": true, "RunYieldContinuation": true, "v8.evaluateModule": true,
}

// tasks are the main threads' tasks in order, each with the time its outermost script events
// took.
func tasks(events []traceEvent) []Task {
	spans, first := mainThreadSpans(events)
	var out []Task
	for i, e := range spans {
		if e.Name != "RunTask" {
			continue
		}
		task := Task{Start: (e.Ts - first) / 1e3, Duration: e.Dur / 1e3}
		scriptEnd := 0.0 // end of the last outermost script event counted
		for _, c := range spans[i+1:] {
			if c.Ts >= e.Ts+e.Dur {
				break
			}
			if c.Pid != e.Pid || c.Tid != e.Tid || !scriptEvents[c.Name] || c.Ts < scriptEnd {
				continue
			}
			task.Script += c.Dur / 1e3
			scriptEnd = c.Ts + c.Dur
		}
		out = append(out, task)
	}
	return out
}

// longTasks finds the tasks of 50 ms or more on renderer main threads and what they held.
func longTasks(events []traceEvent) []LongTask {
	spans, first := mainThreadSpans(events)
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
	return longTasks(p.traceEvents("LongTasks"))
}

// Tasks ends the trace a Device.Trace page started before its navigation and returns every
// task of the main thread since then, in order.
func (p *Page) Tasks() []Task {
	p.t.Helper()
	return tasks(p.traceEvents("Tasks"))
}

// traceEvents ends the trace of a Device.Trace page, the first time it is called, and returns
// its events.
func (p *Page) traceEvents(caller string) []traceEvent {
	p.t.Helper()
	if p.stopTrace != nil {
		p.traced = p.stopTrace()
		p.stopTrace = nil
	}
	if p.traced == nil {
		p.t.Fatalf("browsertest: %s on a page not opened with Device.Trace", caller)
	}
	return p.traced
}
