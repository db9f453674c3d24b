package browsertest

import (
	"bytes"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/chromedp/chromedp"
)

func TestMain(m *testing.M) { Main(m) }

// tinySite is a site with one clean page and one that does everything a page must not. Each
// page names its icon, as Frontier's do; without one the browser asks for /favicon.ico.
var tinySite = fstest.MapFS{
	"index.html": {Data: []byte(`<!doctype html><link rel="icon" href="data:,"><title>ok</title><h1 id="h">Hello</h1><p>from the site</p>`)},
	"bad/index.html": {Data: []byte(`<!doctype html><link rel="icon" href="data:,"><title>bad</title>
<img src="http://example.invalid/tracker.png" alt="">
<script src="missing.js"></script>
<script>console.error("deliberate console error", 42); console.log("fine");</script>
<script>throw new Error("deliberate exception");</script>`)},
	"404.html": {Data: []byte(`<!doctype html><link rel="icon" href="data:,"><title>Not found</title><h1>Not found</h1>`)},
}

func TestSiteHandlerServesLikeAStaticHost(t *testing.T) {
	h := &siteHandler{fsys: tinySite, base: "/repo/"}
	for _, c := range []struct {
		path     string
		status   int
		location string
		body     string
	}{
		{"/repo/", 200, "", "Hello"},
		{"/repo/index.html", 200, "", "Hello"},
		{"/repo", 301, "/repo/", ""},
		{"/repo/bad", 301, "/repo/bad/", ""},
		{"/repo/bad/", 200, "", "deliberate"},
		{"/repo/nothing.js", 404, "", "Not found"},
		{"/", 404, "", "outside the site's base path"},
		{"/index.html", 404, "", "outside the site's base path"},
		{"/repo/../index.html", 404, "", ""},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", c.path, nil))
		if rec.Code != c.status {
			t.Errorf("GET %s: status %d, want %d", c.path, rec.Code, c.status)
		}
		if got := rec.Header().Get("Location"); got != c.location {
			t.Errorf("GET %s: Location %q, want %q", c.path, got, c.location)
		}
		if !strings.Contains(rec.Body.String(), c.body) {
			t.Errorf("GET %s: body lacks %q:\n%s", c.path, c.body, rec.Body)
		}
	}
}

func TestNormalizeBase(t *testing.T) {
	for in, want := range map[string]string{"": "/", "/": "/", "repo": "/repo/", "/repo": "/repo/", "/repo/": "/repo/", "/a/b/": "/a/b/"} {
		if got := normalizeBase(in); got != want {
			t.Errorf("normalizeBase(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestBrowserServesUnderBasePath(t *testing.T) {
	b := New(t)
	root := b.Serve(tinySite, "/repo/")
	if !strings.HasSuffix(root, "/repo/") {
		t.Fatalf("Serve returned %s, want the site root ending in /repo/", root)
	}
	p := b.Open(t, root)
	if got := p.Text("#h"); got != "Hello" {
		t.Errorf("h1 = %q, want Hello", got)
	}
	resp, err := http.Get(strings.TrimSuffix(root, "repo/") + "index.html")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("a file outside the base path: status %d, want 404", resp.StatusCode)
	}
}

func TestPageRecordsErrorsAndBlocksOtherHosts(t *testing.T) {
	b := New(t)
	root := b.Serve(tinySite, "/")
	p := b.Open(t, root+"bad/")
	got := p.TakeErrors()
	text := strings.Join(got, "\n")
	for _, want := range []string{
		"console.error: deliberate console error 42",
		"uncaught exception",
		"deliberate exception",
		"HTTP 404",
		root + "bad/missing.js",
		"request to another host (blocked): http://example.invalid/tracker.png",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("recorded errors lack %q; got:\n%s", want, text)
		}
	}
	if strings.Contains(text, "fine") {
		t.Errorf("console.log was recorded as an error:\n%s", text)
	}
	if f := p.Foreign(); !slices.Equal(f, []string{"http://example.invalid/tracker.png"}) {
		t.Errorf("Foreign() = %q, want the tracker only", f)
	}
	if left := p.Errors(); len(left) != 0 {
		t.Errorf("errors left after TakeErrors: %q", left)
	}
}

func TestCleanPageRecordsNothing(t *testing.T) {
	b := New(t)
	p := b.Open(t, b.Serve(tinySite, "/"))
	var n int
	p.Eval(`Promise.resolve(document.querySelectorAll("p").length)`, &n)
	if n != 1 {
		t.Errorf("Eval awaiting a promise: got %d paragraphs, want 1", n)
	}
	if errs := p.Errors(); len(errs) != 0 {
		t.Errorf("a clean page recorded %q", errs)
	}
}

// TestTabsComeWithoutBrowserUIPages: the browser opens a window per tab and nothing else, no
// omnibox popup preloaded beside it (start's disable-features): they cost most of a tab's
// opening, and the browser suite opens hundreds. A Chromium that renames the features fails
// here, with the targets it made, rather than making CI slower unseen.
func TestTabsComeWithoutBrowserUIPages(t *testing.T) {
	b := New(t)
	root := b.Serve(tinySite, "/")
	p, q := b.Open(t, root), b.Open(t, root)
	infos, err := chromedp.Targets(p.ctx)
	if err != nil {
		t.Fatal(err)
	}
	pages := 0
	for _, i := range infos {
		if i.Type == "page" {
			pages++
			continue
		}
		t.Errorf("a target of type %q beside the pages: %s (%s)", i.Type, i.URL, i.Title)
	}
	if pages < 2 {
		t.Errorf("%d page targets, want at least the two tabs opened", pages)
	}
	q.Close()
}

func TestSaveScreenshotsWritesPNGs(t *testing.T) {
	b := New(t)
	root := b.Serve(tinySite, "/")
	home := b.Open(t, root)
	second := b.Open(t, root+"index.html")
	dir := t.TempDir()
	files, err := SaveScreenshots(dir, home, second)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(dir, "01-index.png"), filepath.Join(dir, "02-index.html.png")}
	if !slices.Equal(files, want) {
		t.Fatalf("SaveScreenshots wrote %q, want %q", files, want)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if w := img.Bounds().Dx(); w != viewportWidth {
			t.Errorf("%s is %d pixels wide, want the viewport's %d", f, w, viewportWidth)
		}
	}
}

// helperEnv makes TestFailingBrowserTestHelper fail on purpose, in a child process.
const helperEnv = "BROWSERTEST_FAILING_HELPER"

func TestFailingBrowserTestHelper(t *testing.T) {
	if os.Getenv(helperEnv) != "1" {
		t.Skip("runs only as the child of TestScreenshotsOfFailingTest")
	}
	b := New(t)
	b.Open(t, b.Serve(tinySite, "/"))
	t.Error("deliberate failure")
}

func TestScreenshotsOfFailingTest(t *testing.T) {
	New(t) // skips or fails as every browser test does when there is no browser
	shots := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestFailingBrowserTestHelper$", "-test.v")
	cmd.Env = append(os.Environ(), helperEnv+"=1", EnvScreenshots+"="+shots)
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("the deliberately failing test passed:\n%s", out)
	}
	dir := filepath.Join(shots, "TestFailingBrowserTestHelper")
	if !bytes.Contains(out, []byte(dir)) {
		t.Errorf("the failure output does not name the screenshot folder %s:\n%s", dir, out)
	}
	data, err := os.ReadFile(filepath.Join(dir, "01-index.png"))
	if err != nil {
		t.Fatalf("no screenshot: %v\n%s", err, out)
	}
	if _, err := png.Decode(bytes.NewReader(data)); err != nil {
		t.Errorf("screenshot is not a PNG: %v", err)
	}
}

func TestScreenshotDirNamesTheTest(t *testing.T) {
	t.Setenv(EnvScreenshots, "/shots")
	t.Run("sub test/with:odd*chars", func(t *testing.T) {
		want := filepath.FromSlash("/shots/TestScreenshotDirNamesTheTest/sub_test/with_odd_chars")
		if got := ScreenshotDir(t); got != want {
			t.Errorf("ScreenshotDir = %s, want %s", got, want)
		}
	})
}

func TestPageName(t *testing.T) {
	for in, want := range map[string]string{
		"http://127.0.0.1:1/":                            "index",
		"http://127.0.0.1:1/repo/deepseek-v4-pro/8k-1k/": "repo-deepseek-v4-pro-8k-1k",
		"http://127.0.0.1:1/a b/":                        "a_b",
	} {
		if got := pageName(in); got != want {
			t.Errorf("pageName(%q) = %q, want %q", in, got, want)
		}
	}
}
