package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// The viewport every page gets, so that pixel positions and screenshots do not depend on the
// machine.
const (
	viewportWidth  = 1280
	viewportHeight = 900
)

// Deadlines that only guard against a hang; no assertion depends on them.
const (
	actionTimeout = 30 * time.Second // one navigation, evaluation or input event
	waitTimeout   = 45 * time.Second // a condition a helper waits for
	pollInterval  = 20 * time.Millisecond
)

// Page is one open tab. Its methods fail the test that opened it (with t.Fatal) when the
// browser cannot do what they ask, so a test reads as a list of steps.
type Page struct {
	t      testing.TB
	b      *Browser
	ctx    context.Context // the tab's chromedp context
	cancel context.CancelFunc
	opened string // the URL Open was given, for messages and screenshot names

	mu       sync.Mutex
	hosts    []string                     // hosts the page may load from, besides the Browser's servers
	urls     map[network.RequestID]string // request URLs, to name failed requests
	requests []string                     // "METHOD URL" of every request, in order (Requests)
	foreign  []string                     // URLs of requests to other hosts, in order
	blocked  map[string]bool              // request ids already counted as foreign
	problems []string                     // everything that fails the test unless taken
	closed   bool

	stopTrace func() []traceEvent // set by OpenAs with Device.Trace
	traced    []traceEvent        // its events, once ended
}

// Open opens url in a new tab with its own browser context (no cookies or storage shared with
// other pages) and waits for its load event. Failures are reported to t, which may be a
// subtest of the one that called New; when t ends, its pages are checked, photographed if t
// failed, and closed.
func (b *Browser) Open(t testing.TB, rawURL string) *Page {
	t.Helper()
	u, err := url.Parse(rawURL)
	if err != nil || u.Host == "" {
		t.Fatalf("browsertest: open %q: not an absolute URL", rawURL)
	}
	p := &Page{
		t: t, b: b, opened: rawURL,
		hosts:   []string{u.Host},
		urls:    map[network.RequestID]string{},
		blocked: map[string]bool{},
	}
	p.ctx, p.cancel = chromedp.NewContext(b.proc.ctx, chromedp.WithNewBrowserContext(), chromedp.WithListener(p.onEvent))
	b.track(t, p)
	if err := p.setup(); err != nil {
		t.Fatalf("browsertest: open a tab: %v", err)
	}
	p.Navigate(rawURL)
	return p
}

// setup creates the tab, fixes its viewport and starts blocking requests that leave the site.
func (p *Page) setup() error {
	ctx, cancel := context.WithTimeout(p.ctx, actionTimeout)
	defer cancel()
	if err := chromedp.Do(p.ctx); err != nil { // creates and attaches the tab, bound to p.ctx
		return err
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(viewportWidth, viewportHeight)); err != nil {
		return err
	}
	// Every tab has the focus, as the one window on a reader's screen does, whichever tab the
	// browser last brought forward: tests running side by side each see a focused page.
	if _, err := chromedp.Call(ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true}); err != nil {
		return err
	}
	paused := chromedp.Events(p.ctx, fetch.RequestPaused) // subscribed from here on
	go p.intercept(paused)
	_, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*"}}})
	return err
}

// intercept lets requests to the site through and fails every other one before it is sent.
func (p *Page) intercept(paused iter.Seq2[fetch.EventRequestPaused, error]) {
	for ev, err := range paused {
		if err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(p.ctx, actionTimeout)
		if p.leaves(ev.Request.URL) {
			id := string(ev.NetworkID)
			if id == "" {
				id = "fetch:" + string(ev.RequestID)
			}
			p.addForeign(id, ev.Request.URL)
			chromedp.Call(ctx, fetch.FailRequest, fetch.FailRequestParams{RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
		} else {
			chromedp.Call(ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
		}
		cancel() // errors above mean the tab is closing; its requests no longer matter
	}
}

// onEvent runs on the tab's message loop, in the order the browser sent the events, before
// the reply to the command that follows them: so when an action returns, what it caused is
// recorded. It must not block or send commands.
func (p *Page) onEvent(ev any) {
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
			p.addProblem("console." + string(ev.Type) + ": " + argsText(ev.Args) + stackPlace(ev.StackTrace))
		}
	case *runtime.EventExceptionThrown:
		p.addProblem("uncaught " + (&chromedp.ExceptionError{ExceptionDetails: ev.ExceptionDetails}).Error() + exceptionPlace(ev.ExceptionDetails))
	case *log.EventEntryAdded:
		// Network entries repeat what the network events below report; the rest (security,
		// CSP, interventions) reach the page only through this log.
		if e := ev.Entry; e.Level == log.EntryLevelError && e.Source != log.EntrySourceNetwork {
			p.addProblem(fmt.Sprintf("browser log (%s): %s %s", e.Source, e.Text, e.URL))
		}
	case *network.EventRequestWillBeSent:
		p.mu.Lock()
		p.urls[ev.RequestID] = ev.Request.URL
		p.requests = append(p.requests, ev.Request.Method+" "+ev.Request.URL)
		p.mu.Unlock()
		if p.leaves(ev.Request.URL) {
			p.addForeign(string(ev.RequestID), ev.Request.URL)
		}
	case *network.EventResponseReceived:
		if r := ev.Response; r.Status >= 400 {
			p.addProblem(fmt.Sprintf("HTTP %d %s: %s", r.Status, r.StatusText, r.URL))
		}
	case *network.EventLoadingFailed:
		p.mu.Lock()
		u, foreign := p.urls[ev.RequestID], p.blocked[string(ev.RequestID)]
		p.mu.Unlock()
		// A cancelled request is the page's own choice (a navigation, an aborted fetch); a
		// blocked foreign one is already reported as such.
		if !ev.Canceled && !foreign {
			p.addProblem(fmt.Sprintf("request failed: %s: %s%s", u, ev.ErrorText, blockedText(ev)))
		}
	}
}

func blockedText(ev *network.EventLoadingFailed) string {
	if ev.BlockedReason != "" {
		return " (blocked: " + string(ev.BlockedReason) + ")"
	}
	return ""
}

// leaves reports whether a request to raw would leave the site: anything on the network
// that is not one of the test's servers.
func (p *Page) leaves(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil {
		return true
	}
	switch u.Scheme {
	case "about", "data", "blob", "javascript":
		return false
	case "http", "https", "ws", "wss":
	default:
		return true
	}
	p.mu.Lock()
	ok := slices.Contains(p.hosts, u.Host)
	p.mu.Unlock()
	return !ok && !slices.Contains(p.b.hosts(), u.Host)
}

func (p *Page) addForeign(id, u string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.blocked[id] {
		return
	}
	p.blocked[id] = true
	p.foreign = append(p.foreign, u)
	p.problems = append(p.problems, "request to another host (blocked): "+u)
}

func (p *Page) addProblem(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.problems = append(p.problems, s)
}

// Requests lists every request the page has sent so far, as "METHOD URL", in order: a test
// of what an action fetches compares it before and after.
func (p *Page) Requests() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.requests)
}

// Errors lists what the page recorded so far and the test has not taken: console errors,
// uncaught exceptions, failed requests, HTTP errors and requests to other hosts, in order.
func (p *Page) Errors() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.problems)
}

// TakeErrors returns what Errors would and forgets it, for a test that expects errors and
// checks them itself; what it takes no longer fails the test at the end.
func (p *Page) TakeErrors() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := p.problems
	p.problems = nil
	return out
}

// Foreign lists the URLs of every request the page tried to make to another host (all of them
// blocked), including those already taken with TakeErrors.
func (p *Page) Foreign() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.foreign)
}

// NoErrors fails the test now, naming each problem, if the page recorded any.
func (p *Page) NoErrors() {
	p.t.Helper()
	for _, e := range p.TakeErrors() {
		p.t.Errorf("%s: %s", p.opened, e)
	}
}

// reportErrors fails the test for every problem nobody took; run when the test ends.
func (p *Page) reportErrors() {
	for _, e := range p.TakeErrors() {
		p.t.Errorf("%s: %s", p.opened, e)
	}
}

// Close checks the page's errors and closes its tab. Pages close by themselves when their
// test ends; Close is for a test that wants to check a page's errors before it ends.
func (p *Page) Close() {
	p.t.Helper()
	p.NoErrors()
	p.b.untrack(p.t, p)
	p.close()
}

func (p *Page) close() {
	p.mu.Lock()
	done := p.closed
	p.closed = true
	p.mu.Unlock()
	if !done {
		p.cancel()
	}
}

// Navigate loads url in the page and waits for its load event.
func (p *Page) Navigate(rawURL string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, actionTimeout)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.NavigateResponse(rawURL)); err != nil {
		p.t.Fatalf("browsertest: navigate to %s: %v", rawURL, err)
	}
}

// URL is the page's current location.
func (p *Page) URL() string {
	p.t.Helper()
	var u string
	p.Eval(`location.href`, &u)
	return u
}

// Eval evaluates a JavaScript expression (awaiting it if it is a promise) and decodes its JSON
// value into out, which may be nil to ignore it. A thrown exception fails the test.
func (p *Page) Eval(js string, out any) {
	p.t.Helper()
	if err := p.EvalErr(js, out); err != nil {
		p.t.Fatalf("browsertest: eval %s: %v", abbrev(js), err)
	}
}

// EvalErr is Eval returning the error instead of failing the test.
func (p *Page) EvalErr(js string, out any) error {
	ctx, cancel := context.WithTimeout(p.ctx, actionTimeout)
	defer cancel()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](js, chromedp.EvalAwaitPromise))
	if err != nil || out == nil {
		return err
	}
	if len(raw) == 0 {
		raw = []byte("null") // undefined
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("decode %s: %w", abbrev(string(raw)), err)
	}
	return nil
}

// WaitFor waits until the JavaScript expression is truthy, failing the test if it never is.
func (p *Page) WaitFor(js string) {
	p.t.Helper()
	if err := p.waitFor(js); err != nil {
		p.t.Fatalf("browsertest: %v", err)
	}
}

func (p *Page) waitFor(js string) error {
	deadline := time.Now().Add(waitTimeout)
	for {
		var ok bool
		err := p.EvalErr("!!("+js+")", &ok)
		if err == nil && ok {
			return nil
		}
		if time.Now().After(deadline) {
			if err != nil {
				return fmt.Errorf("waiting for %s: %v", abbrev(js), err)
			}
			return fmt.Errorf("waiting for %s: still false after %v", abbrev(js), waitTimeout)
		}
		if err := sleep(p.ctx, pollInterval); err != nil {
			return err
		}
	}
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Text is the rendered text (innerText) of the first element matching the CSS selector.
func (p *Page) Text(sel string) string {
	p.t.Helper()
	var s *string
	p.Eval(`(() => { const e = document.querySelector(`+jsString(sel)+`); return e ? e.innerText : null; })()`, &s)
	if s == nil {
		p.t.Fatalf("browsertest: no element matches %s", sel)
	}
	return *s
}

// Count is the number of elements matching the CSS selector.
func (p *Page) Count(sel string) int {
	p.t.Helper()
	var n int
	p.Eval(`document.querySelectorAll(`+jsString(sel)+`).length`, &n)
	return n
}

// Hover moves the mouse to (x, y), in CSS pixels from the viewport's top left, with a real
// input event, as a reader's mouse would.
func (p *Page) Hover(x, y float64) {
	p.t.Helper()
	p.mouse(input.DispatchMouseEventParams{Type: input.DispatchMouseEventTypeMouseMoved, X: x, Y: y})
}

// ClickXY moves the mouse to (x, y) and clicks the left button there.
func (p *Page) ClickXY(x, y float64) {
	p.t.Helper()
	p.Hover(x, y)
	for _, typ := range []input.DispatchMouseEventType{input.DispatchMouseEventTypeMousePressed, input.DispatchMouseEventTypeMouseReleased} {
		p.mouse(input.DispatchMouseEventParams{Type: typ, X: x, Y: y, Button: input.MouseButtonLeft, ClickCount: 1})
	}
}

func (p *Page) mouse(ev input.DispatchMouseEventParams) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, actionTimeout)
	defer cancel()
	if _, err := chromedp.Call(ctx, input.DispatchMouseEvent, ev); err != nil {
		p.t.Fatalf("browsertest: mouse %s at (%.0f, %.0f): %v", ev.Type, ev.X, ev.Y, err)
	}
}

// Press types keys into the focused element with real key events, as a reader at the keyboard
// would: kb.Tab, kb.ArrowDown, " ", "\r" (Enter) or text.
func (p *Page) Press(keys ...string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, actionTimeout)
	defer cancel()
	for _, k := range keys {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(k)); err != nil {
			p.t.Fatalf("browsertest: press %q: %v", k, err)
		}
	}
}

// Click scrolls the first element matching the CSS selector into view and clicks its centre
// with real mouse events.
func (p *Page) Click(sel string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, actionTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		p.t.Fatalf("browsertest: click %s: %v", sel, err)
	}
}

// Screenshot is a PNG of the whole page, beyond the viewport.
func (p *Page) Screenshot() ([]byte, error) {
	ctx, cancel := context.WithTimeout(p.ctx, actionTimeout)
	defer cancel()
	return chromedp.Run(ctx, chromedp.FullScreenshot(100))
}

// ScreenshotDir is where a failing test's screenshots go: $FRONTIER_SCREENSHOTS/<TestName>, by
// default $TMPDIR/frontier-screenshots/<TestName>; a subtest gets a folder inside its parent's.
func ScreenshotDir(t testing.TB) string {
	root := os.Getenv(EnvScreenshots)
	if root == "" {
		root = filepath.Join(os.TempDir(), "frontier-screenshots")
	}
	return filepath.Join(root, filepath.FromSlash(unsafeChars.ReplaceAllString(t.Name(), "_")))
}

var unsafeChars = regexp.MustCompile(`[^A-Za-z0-9._/-]+`)

// SaveScreenshots writes a full-page PNG of each page into dir, replacing the PNGs an earlier
// run left there, and returns the files' paths. It carries on past a page that cannot be
// photographed (a crashed tab) and returns the first error.
func SaveScreenshots(dir string, pages ...*Page) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	old, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	for _, f := range old {
		os.Remove(f)
	}
	var files []string
	var first error
	for i, p := range pages {
		png, err := p.Screenshot()
		if err == nil {
			name := filepath.Join(dir, fmt.Sprintf("%02d-%s.png", i+1, pageName(p.opened)))
			if err = os.WriteFile(name, png, 0o644); err == nil {
				files = append(files, name)
			}
		}
		if err != nil && first == nil {
			first = fmt.Errorf("%s: %w", p.opened, err)
		}
	}
	return files, first
}

// pageName turns a page's URL into a file name: "/repo/deepseek-v4-pro/8k-1k/" gives
// "repo-deepseek-v4-pro-8k-1k", the root "index".
func pageName(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "page"
	}
	s := strings.Trim(unsafeChars.ReplaceAllString(strings.ReplaceAll(u.Path, "/", "-"), "_"), "-_")
	if s == "" {
		return "index"
	}
	return s
}

// jsString quotes s as a JavaScript string literal (JSON's syntax is a subset).
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// abbrev shortens a script for an error message.
func abbrev(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 160 {
		return s[:157] + "..."
	}
	return s
}

// argsText renders console arguments roughly as the DevTools console does.
func argsText(args []*runtime.RemoteObject) string {
	parts := make([]string, 0, len(args))
	for _, a := range args {
		var s string
		switch {
		case a.Type == runtime.RemoteObjectTypeString && len(a.Value) > 0:
			if json.Unmarshal(a.Value, &s) != nil {
				s = string(a.Value)
			}
		case len(a.Value) > 0:
			s = string(a.Value)
		case a.UnserializableValue != "":
			s = string(a.UnserializableValue)
		case a.Description != "":
			s = a.Description
		default:
			s = string(a.Type)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

func stackPlace(st *runtime.StackTrace) string {
	if st == nil || len(st.CallFrames) == 0 {
		return ""
	}
	f := st.CallFrames[0]
	return fmt.Sprintf(" (at %s:%d:%d)", f.URL, f.LineNumber+1, f.ColumnNumber+1)
}

func exceptionPlace(d *runtime.ExceptionDetails) string {
	if d == nil || d.URL == "" {
		return ""
	}
	return fmt.Sprintf(" (at %s:%d:%d)", d.URL, d.LineNumber+1, d.ColumnNumber+1)
}
