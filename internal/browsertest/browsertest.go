// Package browsertest drives a built Frontier site in a real headless Chromium, so that tests
// check what a reader sees: the live chart, its tooltip and legend, the tables, and that nothing
// failed, ran that should not have, or left the site.
//
// A test gets a Browser, serves a built site, opens pages and looks at them:
//
//	b := browsertest.New(t)                          // skips (fails when CI=true) without a browser
//	root := b.Serve(files, "/")                      // any fs.FS of a built site over httptest; "/repo/" for a base path
//	p := b.Open(t, root+"deepseek-v4-pro/8k-1k/")    // a new tab; waits for the load event
//	st := p.ChartState("#chart")                     // series, points, pixels, legend selection, visibility
//	tip := p.HoverPoint("#chart", "B200 (vLLM)", 3)  // a real mouse move onto point 3; the tooltip's text
//	p.ClickLegend("#chart", "B200 (vLLM)")           // a real click on the legend item's pixel
//	p.Eval(`document.title`, &title)                 // any JavaScript, its JSON value decoded into a Go value
//
// The API:
//
//   - New(t) *Browser, which skips locally and fails in CI without a browser (package
//     internal/testenv, whose Unavailable does the same for tests that lack something else they
//     need, such as ECharts); Main(m) for TestMain closes the browser at the end.
//   - Serving: b.Serve(fs.FS, base) serves a built site (output.Files, os.DirFS of a folder) as
//     a static host does (output.Serves: index.html for folders; 404.html with status 404;
//     nothing outside base) and returns the site root URL; b.ServeHandler(h) serves any
//     handler, such as the preview server, to see later rebuilds. Shared(b, t, name, base,
//     build) builds a site once for the whole test binary and serves it once, for the tests
//     that only read it.
//   - Pages: b.Open(t, url) *Page, opened for t (a subtest may use its parent's Browser);
//     p.Navigate(url), p.URL(), p.Close().
//   - Reading: p.Eval(js, &out) (promises are awaited), p.EvalErr, p.WaitFor(js) until truthy,
//     p.Text(sel) (innerText), p.Count(sel).
//   - Input, as real mouse events: p.Hover(x, y), p.ClickXY(x, y), p.Click(sel).
//   - Charts (any element holding an ECharts instance): p.WaitChart(sel), p.ChartState(sel),
//     p.HoverPoint(sel, series, i), p.Tooltip(sel), p.ClickLegend(sel, name), Distance(a, b).
//   - Problems: p.Errors(), p.TakeErrors(), p.NoErrors(), p.Foreign().
//   - Screenshots: p.Screenshot(), SaveScreenshots(dir, pages...), ScreenshotDir(t).
//
// Every page records console errors (console.error and console.assert), uncaught exceptions,
// failed requests (network failures and HTTP status 400 and above; not requests the page itself
// cancelled) and any request to a host other than the test's servers, which is also blocked
// before it is sent. When the test ends, everything a page recorded that the test did not take
// with TakeErrors fails it: a test that says nothing about errors still proves there were none.
//
// When a test fails, each page it still has open is saved as a full-page PNG in
// $FRONTIER_SCREENSHOTS/<TestName>/ (default $TMPDIR/frontier-screenshots/<TestName>/; a subtest
// gets a folder inside its parent's), and the test's log names the folder.
//
// The browser is $FRONTIER_CHROME (a path or a command name), else the first of chromium,
// chromium-browser, google-chrome and google-chrome-stable on $PATH. Without one, New skips the
// test, or fails it when CI=true, so that CI cannot pass by not testing; -short skips too.
//
// One browser process serves the whole test binary: the first New starts it, and each Open gets
// its own tab in its own browser context (no cookies or storage shared), so tests stay
// independent and the suite pays for the start once. Call Main from TestMain to close it when the
// tests end; without it the process dies with the test binary and the next run removes the
// profile folder it left. Tests may run side by side (t.Parallel), each with its own tabs: every
// tab is told it has the focus, as the only window on a reader's screen has, so a page behaves
// the same whichever tab the browser last brought forward. Keep a test that measures time (a
// trace, blocking time) out of the parallel ones: the others' pages would share its two cores.
//
// The helpers wait for the state they need (a chart that exists and has finished animating, a
// tooltip that shows) with a generous deadline that only guards against hangs; nothing here
// asserts on time. The chart helpers rely on ECharts' public API, plus a few long-stable model and
// zrender methods where a reader's view has no public one (see chart.go).
package browsertest

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Environment variables that steer the harness.
const (
	// EnvChrome names the browser to use: a path or a command on $PATH.
	EnvChrome = "FRONTIER_CHROME"
	// EnvScreenshots is the folder that receives failing tests' screenshots.
	EnvScreenshots = "FRONTIER_SCREENSHOTS"
)

// candidates are the browser commands tried in order when FRONTIER_CHROME is not set.
var candidates = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// FindChrome returns the path of the browser the harness would start, or an error that says
// what was looked for.
func FindChrome() (string, error) {
	if name := os.Getenv(EnvChrome); name != "" {
		path, err := exec.LookPath(name)
		if err != nil {
			return "", fmt.Errorf("%s=%s: %w", EnvChrome, name, err)
		}
		return path, nil
	}
	for _, name := range candidates {
		if path, err := exec.LookPath(name); err == nil {
			return path, nil
		}
	}
	return "", fmt.Errorf("no browser found: tried %s on $PATH; install chromium or set %s",
		strings.Join(candidates, ", "), EnvChrome)
}

// process is the one browser of the test binary.
type process struct {
	ctx         context.Context // the browser's root chromedp context; tabs are its children
	cancel      context.CancelFunc
	allocCancel context.CancelFunc
	profile     string
}

// shared holds the test binary's browser. It is package state on purpose: Go gives a test
// helper no other place that lives as long as the binary, and one browser per binary is what
// keeps `make test` fast on two cores.
var shared struct {
	mu  sync.Mutex
	p   *process
	err error // a start that failed fails every later New the same way, without retrying
}

// startTimeout bounds the browser's start, so a browser that hangs fails the test instead.
const startTimeout = 60 * time.Second

// browser returns the shared process, starting it on first use.
func browser() (*process, error) {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.p != nil || shared.err != nil {
		return shared.p, shared.err
	}
	shared.p, shared.err = start()
	return shared.p, shared.err
}

// start launches headless Chromium with flags that work as root in a container and keep it
// from reaching the network on its own (updates, sync, field trials, QUIC probes).
func start() (*process, error) {
	path, err := FindChrome()
	if err != nil {
		return nil, err
	}
	removeStaleProfiles()
	profile, err := os.MkdirTemp("", profilePrefix+strconv.Itoa(os.Getpid())+"-")
	if err != nil {
		return nil, fmt.Errorf("browser profile: %w", err)
	}
	out := &limitedBuffer{max: 16 << 10}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox, // root in a container has no user namespace for the sandbox
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-domain-reliability", true),
		chromedp.Flag("no-pings", true),
		// chromedp's own list, and the browser's omnibox popups: every window (a tab of its
		// own, so that it gets animation frames) preloaded two of these WebUI pages in a
		// renderer of their own, which made opening a tab cost some 1.2 CPU-seconds instead of
		// 0.7 on two cores, most of the browser suite's time.
		chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,WebUIOmniboxPopup,WebUIOmniboxAimPopup,PreloadTopChromeWebUI"),
		// Names other than the test servers' resolve nowhere, so even a request the page-level
		// blocking cannot see (a worker's, the browser's own) stays on the machine.
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"),
		chromedp.WindowSize(viewportWidth, viewportHeight),
		chromedp.UserDataDir(profile),
		chromedp.CombinedOutput(out),
	)
	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	p := &process{ctx: ctx, cancel: cancel, allocCancel: allocCancel, profile: profile}

	// The first Do starts the browser and ties it to ctx, so it gets no timeout of its own.
	started := make(chan error, 1)
	go func() { started <- chromedp.Do(ctx) }()
	select {
	case err = <-started:
	case <-time.After(startTimeout):
		err = fmt.Errorf("no answer after %v", startTimeout)
	}
	if err != nil {
		p.close()
		msg := fmt.Sprintf("start %s: %v", path, err)
		if s := strings.TrimSpace(out.String()); s != "" {
			msg += "\nbrowser output:\n" + s
		}
		return nil, errors.New(msg)
	}
	return p, nil
}

// close stops the browser and removes its profile.
func (p *process) close() {
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	chromedp.Cancel(ctx) // a graceful close (Browser.close); the allocator's cancel below kills what is left
	p.cancel()
	p.allocCancel()
	os.RemoveAll(p.profile)
}

// Parallel is how many Parallel tests Main lets run side by side when -parallel is not given.
const Parallel = 4

// Main runs the tests and then closes the shared browser. Use it from TestMain:
//
//	func TestMain(m *testing.M) { browsertest.Main(m) }
//
// Browser tests spend most of their time waiting on the browser (a chart's animation, a quiet
// second for deferred work), so unless -parallel says otherwise Main lets Parallel tests run
// side by side, rather than the default of one per CPU, which leaves two cores mostly idle.
func Main(m *testing.M) {
	if !flag.Parsed() {
		flag.Parse()
	}
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		flag.Set("test.parallel", strconv.Itoa(max(Parallel, runtime.GOMAXPROCS(0))))
	}
	code := m.Run()
	Shutdown()
	os.Exit(code)
}

// Shutdown closes the shared browser if it runs, and the shared sites' servers (Shared). A
// later New starts a new browser.
func Shutdown() {
	closeShared()
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.p != nil {
		shared.p.close()
	}
	shared.p, shared.err = nil, nil
}

// profilePrefix names browser profiles in $TMPDIR, followed by the owner's process id.
const profilePrefix = "frontier-browsertest-"

// removeStaleProfiles deletes the profiles of test binaries that died without Main (a
// timeout, a crash, a package without TestMain): their browser died with them.
func removeStaleProfiles() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), profilePrefix+"*"))
	for _, dir := range dirs {
		rest := strings.TrimPrefix(filepath.Base(dir), profilePrefix)
		pidText, _, ok := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if !ok || err != nil || pid == os.Getpid() || alive(pid) {
			continue
		}
		os.RemoveAll(dir)
	}
}

// alive reports whether a process with this id exists.
func alive(pid int) bool {
	proc, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	err = proc.Signal(syscall.Signal(0))
	return err == nil || errors.Is(err, os.ErrPermission)
}

// limitedBuffer keeps the first max bytes of the browser's output, for the error of a failed
// start; the browser writes to it from another goroutine.
type limitedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
	max int
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if room := b.max - b.buf.Len(); room > 0 {
		b.buf.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (b *limitedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
