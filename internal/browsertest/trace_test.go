package browsertest

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestLongTasksFromATrace: the main thread's tasks of 50 ms or more, with their first two
// levels of work over 5 ms; short tasks and other threads are left out.
func TestLongTasksFromATrace(t *testing.T) {
	const trace = `[
	 {"name":"thread_name","ph":"M","pid":1,"tid":7,"args":{"name":"CrRendererMain"}},
	 {"name":"thread_name","ph":"M","pid":1,"tid":8,"args":{"name":"Compositor"}},
	 {"name":"RunTask","ph":"X","ts":1000,"dur":20000,"pid":1,"tid":7},
	 {"name":"RunTask","ph":"X","ts":30000,"dur":120000,"pid":1,"tid":7},
	 {"name":"EventDispatch","ph":"X","ts":31000,"dur":90000,"pid":1,"tid":7,"args":{"data":{"type":"DOMContentLoaded"}}},
	 {"name":"FunctionCall","ph":"X","ts":31500,"dur":89000,"pid":1,"tid":7,"args":{"data":{"functionName":"init","url":"http://x/assets/frontier.js","lineNumber":8}}},
	 {"name":"MinorGC","ph":"X","ts":32000,"dur":8000,"pid":1,"tid":7},
	 {"name":"Layout","ph":"X","ts":125000,"dur":20000,"pid":1,"tid":7},
	 {"name":"Paint","ph":"X","ts":146000,"dur":2000,"pid":1,"tid":7},
	 {"name":"RunTask","ph":"X","ts":30000,"dur":300000,"pid":1,"tid":8}
	]`
	var events []traceEvent
	if err := json.Unmarshal([]byte(trace), &events); err != nil {
		t.Fatal(err)
	}
	got := longTasks(events)
	if len(got) != 1 {
		t.Fatalf("got %d long tasks, want the one of 120 ms on the main thread: %v", len(got), got)
	}
	want := LongTask{Start: 29, Duration: 120, Parts: []string{
		"EventDispatch DOMContentLoaded 90 ms > FunctionCall init frontier.js:8 89 ms",
		"Layout 20 ms",
	}}
	if g := got[0]; g.Start != want.Start || g.Duration != want.Duration || !slices.Equal(g.Parts, want.Parts) {
		t.Errorf("got  %s\nwant %s", g, want)
	}
}

// TestTasksFromATrace: every task of the main thread, with the time its outermost script
// events took (a call inside a timer counted once, layout and other threads not at all).
func TestTasksFromATrace(t *testing.T) {
	const trace = `[
	 {"name":"thread_name","ph":"M","pid":1,"tid":7,"args":{"name":"CrRendererMain"}},
	 {"name":"thread_name","ph":"M","pid":1,"tid":8,"args":{"name":"Compositor"}},
	 {"name":"RunTask","ph":"X","ts":1000,"dur":20000,"pid":1,"tid":7},
	 {"name":"TimerFire","ph":"X","ts":1000,"dur":12000,"pid":1,"tid":7},
	 {"name":"FunctionCall","ph":"X","ts":1500,"dur":11000,"pid":1,"tid":7},
	 {"name":"Layout","ph":"X","ts":14000,"dur":5000,"pid":1,"tid":7},
	 {"name":"RunTask","ph":"X","ts":30000,"dur":10000,"pid":1,"tid":7},
	 {"name":"ParseHTML","ph":"X","ts":30000,"dur":9000,"pid":1,"tid":7},
	 {"name":"EvaluateScript","ph":"X","ts":31000,"dur":3000,"pid":1,"tid":7},
	 {"name":"RunMicrotasks","ph":"X","ts":35000,"dur":2000,"pid":1,"tid":7},
	 {"name":"RunTask","ph":"X","ts":50000,"dur":4000,"pid":1,"tid":7},
	 {"name":"Paint","ph":"X","ts":50000,"dur":3000,"pid":1,"tid":7},
	 {"name":"RunTask","ph":"X","ts":1000,"dur":90000,"pid":1,"tid":8},
	 {"name":"FunctionCall","ph":"X","ts":2000,"dur":80000,"pid":1,"tid":8}
	]`
	var events []traceEvent
	if err := json.Unmarshal([]byte(trace), &events); err != nil {
		t.Fatal(err)
	}
	got := tasks(events)
	want := []Task{{Start: 0, Duration: 20, Script: 12}, {Start: 29, Duration: 10, Script: 5}, {Start: 49, Duration: 4, Script: 0}}
	if !slices.Equal(got, want) {
		t.Errorf("got  %v\nwant %v", got, want)
	}
}
