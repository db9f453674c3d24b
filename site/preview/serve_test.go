package preview

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"github.com/frontier-bench/frontier/internal/testsite"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/frontier-bench/frontier/site"
)

// seedSite builds the example data into memory as a preview build.
func seedSite(t *testing.T, cfg site.Config) *site.Files {
	t.Helper()
	files := &site.Files{}
	if _, err := site.Build(site.Input{Data: seedFS(t), Config: cfg, ECharts: fakeECharts, Dev: true}, files); err != nil {
		t.Fatal(err)
	}
	return files
}

// get runs one request through the handler.
func get(h http.Handler, method, target string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, target, nil))
	return rec
}

func TestBuildHasTheReloadScriptOnlyInServeMode(t *testing.T) {
	for _, dev := range []bool{false, true} {
		files := &site.Files{}
		if _, err := site.Build(site.Input{Data: seedFS(t), Config: site.DefaultConfig(), ECharts: fakeECharts, Dev: dev}, files); err != nil {
			t.Fatal(err)
		}
		pages := 0
		for _, name := range files.Names() {
			b, _ := files.Get(name)
			has := bytes.Contains(b, []byte("__frontier"))
			if !dev && has {
				t.Errorf("build output %s mentions __frontier", name)
			}
			if dev && strings.HasSuffix(name, ".html") {
				pages++
				if !bytes.Contains(b, []byte(`<script src="/__frontier/reload.js"></script>`)) {
					t.Errorf("serve-mode page %s does not load the reload script", name)
				}
			}
		}
		if dev && pages < 3 {
			t.Errorf("only %d pages in the serve-mode build", pages)
		}
	}
}

func TestServerServesTheSite(t *testing.T) {
	srv := NewServer()
	srv.Publish("/", seedSite(t, site.DefaultConfig()))
	tests := []struct {
		target string
		status int
		ctype  string
		body   string // a substring of the body
	}{
		{"/", 200, "text/html; charset=utf-8", "reload.js?build="},
		{"/index.html", 200, "text/html; charset=utf-8", "<!doctype html>"},
		{"/deepseek-v4-pro/8k-1k/", 200, "text/html; charset=utf-8", `id="chart-option"`},
		{"/deepseek-v4-pro/8k-1k/page.json", 200, "application/json", `"model":"DeepSeek-V4-Pro"`},
		{"/deepseek-v4-pro/8k-1k/data.json", 200, "application/json", ""},
		{"/deepseek-v4-pro/8k-1k/data.csv", 200, "text/csv; charset=utf-8", ""},
		{"/sitemap.xml", 200, "application/xml; charset=utf-8", "<urlset"},
		{"/robots.txt", 200, "text/plain; charset=utf-8", "User-agent:"},
		{"/__frontier/reload.js", 200, "text/javascript; charset=utf-8", "EventSource"},
		{"/nope/", 404, "text/html; charset=utf-8", "reload.js?build="},
		{"/assets/", 404, "text/html; charset=utf-8", ""}, // no listings
		{"/deepseek-v4-pro/", 404, "text/html; charset=utf-8", ""},
		{"/__frontier/", 404, "text/html; charset=utf-8", ""},
		{"/__frontier/x.js", 404, "text/html; charset=utf-8", ""},
	}
	files := seedSite(t, site.DefaultConfig())
	for _, name := range files.Names() {
		if strings.HasPrefix(name, "assets/") {
			want := map[string]string{".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml",
				".gz": "application/gzip"}[filepath.Ext(name)] // the decoder, which the page inflates itself
			tests = append(tests, struct {
				target string
				status int
				ctype  string
				body   string
			}{"/" + name, 200, want, ""})
		}
	}
	for _, tt := range tests {
		rec := get(srv, "GET", tt.target)
		if rec.Code != tt.status || rec.Header().Get("Content-Type") != tt.ctype || !strings.Contains(rec.Body.String(), tt.body) {
			t.Errorf("GET %s: got %d %q, want %d %q with %q", tt.target, rec.Code, rec.Header().Get("Content-Type"), tt.status, tt.ctype, tt.body)
		}
		wantCC := "no-store"
		if strings.HasPrefix(tt.target, "/assets/") && tt.status == 200 {
			wantCC = "max-age=31536000, immutable" // content-hashed names
		}
		if cc := rec.Header().Get("Cache-Control"); cc != wantCC {
			t.Errorf("GET %s: Cache-Control %q, want %q", tt.target, cc, wantCC)
		}
		if n := rec.Header().Get("X-Content-Type-Options"); n != "nosniff" {
			t.Errorf("GET %s: X-Content-Type-Options %q, want nosniff", tt.target, n)
		}
	}
}

func TestServerRedirectsToCleanPaths(t *testing.T) {
	srv := NewServer()
	srv.Publish("/", seedSite(t, site.DefaultConfig()))
	for target, want := range map[string]string{
		"/deepseek-v4-pro/8k-1k":      "/deepseek-v4-pro/8k-1k/",
		"/deepseek-v4-pro/8k-1k?x=1":  "/deepseek-v4-pro/8k-1k/?x=1",
		"//deepseek-v4-pro//8k-1k/":   "/deepseek-v4-pro/8k-1k/",
		"/./deepseek-v4-pro/./8k-1k/": "/deepseek-v4-pro/8k-1k/",
	} {
		rec := get(srv, "GET", target)
		if rec.Code != http.StatusFound || rec.Header().Get("Location") != want {
			t.Errorf("GET %s: got %d to %q, want 302 to %q", target, rec.Code, rec.Header().Get("Location"), want)
		}
	}
	// A file is not a folder.
	if rec := get(srv, "GET", "/deepseek-v4-pro/8k-1k/index.html/"); rec.Code != 404 {
		t.Errorf("GET index.html/: got %d, want 404", rec.Code)
	}
}

func TestServerRefusesPathsOutsideTheSite(t *testing.T) {
	srv := NewServer()
	srv.Publish("/", seedSite(t, site.DefaultConfig()))
	secret := "root:x:0:0" // what /etc/passwd would show
	for _, target := range []string{
		"/../etc/passwd",
		"/../../../../etc/passwd",
		"/deepseek-v4-pro/../../etc/passwd",
		"/%2e%2e/etc/passwd",
		"/%2E%2E/%2e%2e/etc/passwd",
		"/.%2e/etc/passwd",
		"/deepseek-v4-pro%2f..%2f..%2fetc%2fpasswd",
		"/..%2fetc%2fpasswd",
		"/%252e%252e/etc/passwd",
		"/%252e%252e%252fetc%252fpasswd",
		`/..\..\etc\passwd`,
		"/..%5c..%5cetc%5cpasswd",
		"/index.html%00.txt",
		"/%00",
		"/..",
		"/deepseek-v4-pro/8k-1k/..",
	} {
		rec := get(srv, "GET", target)
		if rec.Code != http.StatusBadRequest && rec.Code != http.StatusNotFound {
			t.Errorf("GET %s: got %d, want 400 or 404", target, rec.Code)
		}
		if strings.Contains(rec.Body.String(), secret) {
			t.Errorf("GET %s: served a file from outside the site", target)
		}
	}
}

// TestServerRefusesRawTraversalOverTheWire sends request lines no HTTP client would, to a
// real listener, so nothing normalizes them on the way.
func TestServerRefusesRawTraversalOverTheWire(t *testing.T) {
	srv := NewServer()
	srv.Publish("/", seedSite(t, site.DefaultConfig()))
	ts := httptest.NewServer(srv)
	defer ts.Close()
	for _, target := range []string{"/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", `/..\..\windows\win.ini`, "/a/%2e%2e%2f%2e%2e%2fetc/passwd"} {
		conn, err := net.Dial("tcp", ts.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", target)
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("GET %s: %v", target, err)
		}
		resp.Body.Close()
		conn.Close()
		if resp.StatusCode != http.StatusBadRequest && resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: got %d, want 400 or 404", target, resp.StatusCode)
		}
	}
}

func TestServerOnlyReads(t *testing.T) {
	srv := NewServer()
	srv.Publish("/", seedSite(t, site.DefaultConfig()))
	for _, m := range []string{"POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT"} {
		rec := get(srv, m, "/")
		if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "GET, HEAD" {
			t.Errorf("%s /: got %d, Allow %q; want 405, GET, HEAD", m, rec.Code, rec.Header().Get("Allow"))
		}
	}
	get := get(srv, "GET", "/deepseek-v4-pro/8k-1k/")
	head := httptest.NewRecorder()
	srv.ServeHTTP(head, httptest.NewRequest("HEAD", "/deepseek-v4-pro/8k-1k/", nil))
	if head.Code != 200 || head.Body.Len() != 0 || head.Header().Get("Content-Length") != fmt.Sprint(get.Body.Len()) {
		t.Errorf("HEAD: got %d, %d body bytes, Content-Length %s; want 200, none, %d",
			head.Code, head.Body.Len(), head.Header().Get("Content-Length"), get.Body.Len())
	}
}

func TestServerUnderABasePath(t *testing.T) {
	cfg := site.DefaultConfig()
	cfg.BaseURL = "https://owner.github.io/repo/"
	srv := NewServer()
	srv.Publish("/repo/", seedSite(t, cfg))
	for _, tt := range []struct {
		target, location string
		status           int
	}{
		{"/", "/repo/", 302},
		{"/repo", "/repo/", 302},
		{"/repo/", "", 200},
		{"/repo/deepseek-v4-pro/8k-1k/", "", 200},
		{"/repo/__frontier/reload.js", "", 200},
		{"/deepseek-v4-pro/8k-1k/", "", 404},
		{"/__frontier/reload.js", "", 404},
		{"/other/", "", 404},
	} {
		rec := get(srv, "GET", tt.target)
		if rec.Code != tt.status || rec.Header().Get("Location") != tt.location {
			t.Errorf("GET %s: got %d %q, want %d %q", tt.target, rec.Code, rec.Header().Get("Location"), tt.status, tt.location)
		}
	}
	page := get(srv, "GET", "/repo/deepseek-v4-pro/8k-1k/").Body.String()
	if !strings.Contains(page, `<script src="/repo/__frontier/reload.js?build=`) {
		t.Error("the page does not load the reload script under the base path")
	}
}

func TestServerErrorPageBeforeTheFirstBuild(t *testing.T) {
	srv := NewServer()
	srv.Fail("/repo/", site.Problems{
		{File: "data/x.json", Line: 3, Col: 7, Msg: "invalid character '<' looking for beginning of value"},
		{File: "data/y.json", Path: "series[0].points[2].y", Msg: `want a number, got "fast"`},
		{File: "data/z.json", Msg: "only a warning", Warning: true},
	})
	for _, target := range []string{"/repo/", "/repo/deepseek-v4-pro/8k-1k/", "/repo/assets/style.css"} {
		rec := get(srv, "GET", target)
		body := rec.Body.String()
		if rec.Code != 500 || rec.Header().Get("Content-Type") != "text/html; charset=utf-8" {
			t.Errorf("GET %s: got %d %s, want 500 text/html", target, rec.Code, rec.Header().Get("Content-Type"))
		}
		for _, want := range []string{"data/x.json:3:7", "invalid character &#39;&lt;&#39;", "data/y.json", "series[0].points[2].y",
			"want a number, got &#34;fast&#34;", `<script src="/repo/__frontier/reload.js"></script>`, "data-frontier-error"} {
			if !strings.Contains(body, want) {
				t.Errorf("GET %s: error page lacks %q:\n%s", target, want, body)
			}
		}
		if strings.Contains(body, "only a warning") {
			t.Errorf("GET %s: error page lists a warning", target)
		}
	}
	if rec := get(srv, "GET", "/repo/__frontier/reload.js"); rec.Code != 200 {
		t.Errorf("the reload script is not served before the first build: %d", rec.Code)
	}
}

func TestServerKeepsTheLastGoodSite(t *testing.T) {
	srv := NewServer()
	srv.Publish("/", seedSite(t, site.DefaultConfig()))
	srv.Fail("/", site.Problems{{File: "data/x.json", Line: 1, Col: 1, Msg: "broken"}})
	if rec := get(srv, "GET", "/deepseek-v4-pro/8k-1k/"); rec.Code != 200 || !strings.Contains(rec.Body.String(), "chart-option") {
		t.Errorf("after a failed build the chart page is %d", rec.Code)
	}
}

// sseEvent is one Server-Sent Event.
type sseEvent struct {
	name string
	data map[string]any
}

// sseStream reads events from a live-reload stream.
type sseStream struct {
	t    *testing.T
	body io.ReadCloser
	r    *bufio.Reader
}

func openEvents(t *testing.T, url string) *sseStream {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("events: got %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	s := &sseStream{t: t, body: resp.Body, r: bufio.NewReader(resp.Body)}
	t.Cleanup(func() { resp.Body.Close() })
	return s
}

// next reads the next event; io.EOF when the server ended the stream.
func (s *sseStream) next() (sseEvent, error) {
	var ev sseEvent
	for {
		line, err := s.r.ReadString('\n')
		if err != nil {
			return ev, err
		}
		line = strings.TrimSuffix(line, "\n")
		switch {
		case line == "" && ev.name != "":
			return ev, nil
		case strings.HasPrefix(line, "event: "):
			ev.name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &ev.data); err != nil {
				s.t.Fatalf("event data %q: %v", line, err)
			}
		}
	}
}

func (s *sseStream) want(name string) sseEvent {
	s.t.Helper()
	ev, err := s.next()
	if err != nil {
		s.t.Fatalf("waiting for %s: %v", name, err)
	}
	if ev.name != name {
		s.t.Fatalf("got event %s %v, want %s", ev.name, ev.data, name)
	}
	return ev
}

func strs(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

func TestServerEventStream(t *testing.T) {
	srv := NewServer()
	first := seedSite(t, site.DefaultConfig())
	srv.Publish("/", first)
	ts := httptest.NewServer(srv)
	defer ts.Close()
	defer srv.Close() // first: ts.Close waits for open streams
	events := openEvents(t, ts.URL+"/__frontier/events")

	hello := events.want("hello")
	build := hello.data["build"].(string)
	if build == "" || len(hello.data["problems"].([]any)) != 0 {
		t.Fatalf("hello: %v", hello.data)
	}
	page := get(srv, "GET", "/").Body.String()
	if !strings.Contains(page, "reload.js?build="+build+`"`) {
		t.Errorf("the home page does not carry build %s", build)
	}

	// The same site again: nothing to say. Then a failed build, and the same site once more:
	// the overlay must go, without a reload.
	srv.Publish("/", seedSite(t, site.DefaultConfig()))
	srv.Fail("/", site.Problems{{File: "data/x.json", Line: 2, Col: 5, Msg: "broken"}})
	ev := events.want("problems")
	ps := ev.data["problems"].([]any)
	if len(ps) != 1 || ps[0].(map[string]any)["text"] != "data/x.json:2:5: broken" {
		t.Errorf("problems event: %v", ev.data)
	}
	srv.Publish("/", seedSite(t, site.DefaultConfig()))
	ev = events.want("build")
	if ev.data["build"] != build || len(ev.data["changed"].([]any)) != 0 {
		t.Errorf("fixed back to the same site: got %v, want build %s and nothing changed", ev.data, build)
	}

	// A changed chart page: its files, and only those that changed.
	files := seedSite(t, site.DefaultConfig())
	b, _ := files.Get("deepseek-v4-pro/8k-1k/index.html")
	files.WriteFile("deepseek-v4-pro/8k-1k/index.html", append(b, "<!-- changed -->"...))
	files.WriteFile("deepseek-v4-pro/8k-1k/history/2026-01-01.json", []byte("{}"))
	srv.Publish("/", files)
	ev = events.want("build")
	got := strs(ev.data["changed"])
	want := []string{"/deepseek-v4-pro/8k-1k/history/2026-01-01.json", "/deepseek-v4-pro/8k-1k/index.html"}
	if fmt.Sprint(got) != fmt.Sprint(want) || ev.data["build"] == build {
		t.Errorf("build event: got %v, changed %v; want a new build, changed %v", ev.data["build"], got, want)
	}

	// A reconnecting page hears the current state at once.
	again := openEvents(t, ts.URL+"/__frontier/events")
	if h := again.want("hello"); h.data["build"] != ev.data["build"] {
		t.Errorf("hello after a rebuild: %v, want build %v", h.data, ev.data["build"])
	}

	// Shutting down ends the streams.
	srv.Close()
	if ev, err := events.next(); err != io.EOF {
		t.Errorf("after Close: got %v, %v; want the stream to end", ev, err)
	}
}

func TestServerBaseChangeReloadsEverything(t *testing.T) {
	srv := NewServer()
	srv.Publish("/", seedSite(t, site.DefaultConfig()))
	ts := httptest.NewServer(srv)
	defer ts.Close()
	defer srv.Close() // first: ts.Close waits for open streams
	events := openEvents(t, ts.URL+"/__frontier/events")
	events.want("hello")
	cfg := site.DefaultConfig()
	cfg.BaseURL = "/docs/"
	srv.Publish("/docs/", seedSite(t, cfg))
	if ev := events.want("build"); ev.data["all"] != true {
		t.Errorf("a new base path: got %v, want all", ev.data)
	}
}

// TestAsProblemsShowsWhatTheBuildSaid: the overlay shows a build's problems as they are (a
// template's too, see TestTemplateErrorsNameTheirOwnFile), and any other error by its stage.
func TestAsProblemsShowsWhatTheBuildSaid(t *testing.T) {
	want := site.Problems{{File: "templates/chart.html", Line: 12, Msg: `function "nope" not defined`}}
	if ps := asProblems(want); len(ps) != 1 || ps[0] != want[0] {
		t.Errorf("got %+v", ps)
	}
	ps := asProblems(&site.StageError{Stage: "render", Err: fmt.Errorf("disk full")})
	if len(ps) != 1 || ps[0].String() != "render: disk full" {
		t.Errorf("got %+v", ps)
	}
}

func TestIsLoopback(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:8080": true, "[::1]:8080": true, "localhost:80": true, "127.0.0.2:1": true,
		"0.0.0.0:8080": false, "[::]:8080": false, ":8080": false, "192.168.1.2:8080": false, "example.com:80": false,
	} {
		if got := IsLoopback(addr); got != want {
			t.Errorf("IsLoopback(%q) = %v, want %v", addr, got, want)
		}
	}
}

// previewSite is a site folder on disk: data/ with the seed, and a Preview for it.
func previewSite(t *testing.T) (root string, p *Preview) {
	t.Helper()
	root = t.TempDir()
	data := filepath.Join(root, "data")
	if err := os.Mkdir(data, 0o755); err != nil {
		t.Fatal(err)
	}
	seed, err := os.ReadFile(filepath.Join(testsite.Root(), "data", "deepseek-v4-pro_8k-1k_fp4.json"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(data, "seed.json"), string(seed))
	p = &Preview{
		Input: func() (site.Input, error) {
			cfg := site.DefaultConfig()
			if b, err := os.ReadFile(filepath.Join(root, "frontier.toml")); err == nil {
				var ps site.Problems
				if cfg, ps = site.ParseConfig("frontier.toml", b); len(ps) > 0 {
					return site.Input{}, ps
				}
			}
			in := site.Input{Data: os.DirFS(data), DataPrefix: "data/", Config: cfg, ECharts: fakeECharts}
			if fi, err := os.Stat(filepath.Join(root, "templates")); err == nil && fi.IsDir() {
				in.Templates = os.DirFS(filepath.Join(root, "templates"))
			}
			return in, nil
		},
		Data:  data,
		Trees: []string{data, filepath.Join(root, "templates")},
		Files: []string{filepath.Join(root, "frontier.toml")},
		Quiet: 50 * time.Millisecond,
	}
	return root, p
}

// startPreview runs p on a free loopback port until the test ends, and returns its URL and a
// function that stops it and waits for Run to return.
func startPreview(t testing.TB, p *Preview) (url string, stop func()) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- p.Run(ctx, ln) }()
	stopped := false
	stop = func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	}
	t.Cleanup(stop)
	return "http://" + ln.Addr().String(), stop
}

// TestPreviewFollowsSaves runs the whole preview on a real folder: an edit reloads the chart
// page, a broken file shows problems, removing it clears them, and stopping leaves no
// goroutine behind.
func TestPreviewFollowsSaves(t *testing.T) {
	http.DefaultClient.CloseIdleConnections()
	before := runtime.NumGoroutine()

	root, p := previewSite(t)
	var log bytes.Buffer
	p.Log = &syncWriter{w: &log}
	url, stop := startPreview(t, p)
	events := openEvents(t, url+"/__frontier/events")
	events.want("hello")

	seedPath := filepath.Join(root, "data", "seed.json")
	seed, _ := os.ReadFile(seedPath)
	writeFile(t, seedPath, strings.Replace(string(seed), "10672.443754896221", "10672.5", 1))
	ev := events.want("build")
	if changed := strs(ev.data["changed"]); !containsStr(changed, "/deepseek-v4-pro/8k-1k/index.html") || containsStr(changed, "/about/index.html") {
		t.Errorf("an edit of the seed changed %v", changed)
	}

	writeFile(t, filepath.Join(root, "data", "broken.json"), `{"view": "inference", "apiVersion": "v1",`)
	ev = events.want("problems")
	if ps := ev.data["problems"].([]any); len(ps) == 0 || !strings.HasPrefix(ps[0].(map[string]any)["text"].(string), "data/broken.json:") {
		t.Errorf("problems: %v", ev.data)
	}
	resp, err := http.Get(url + "/deepseek-v4-pro/8k-1k/")
	if err != nil || resp.StatusCode != 200 {
		t.Errorf("the last good page is not served during problems: %v %v", resp, err)
	}
	resp.Body.Close()

	if err := os.Remove(filepath.Join(root, "data", "broken.json")); err != nil {
		t.Fatal(err)
	}
	if ev := events.want("build"); len(ev.data["changed"].([]any)) != 0 {
		t.Errorf("removing the broken file changed %v", ev.data["changed"])
	}

	// A broken config is a problem like any other, and fixing it a reload.
	writeFile(t, filepath.Join(root, "frontier.toml"), "title = \n")
	if ev := events.want("problems"); !strings.Contains(fmt.Sprint(ev.data), "frontier.toml") {
		t.Errorf("a broken config: %v", ev.data)
	}
	writeFile(t, filepath.Join(root, "frontier.toml"), "title = \"Renamed\"\n")
	if ev := events.want("build"); !containsStr(strs(ev.data["changed"]), "/index.html") {
		t.Errorf("a new title: %v", ev.data)
	}

	stop()
	if _, err := events.next(); err == nil {
		t.Error("the event stream outlived the server")
	}
	http.DefaultClient.CloseIdleConnections()
	waitGoroutines(t, before)
	t.Logf("log:\n%s", log.String())
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// waitGoroutines waits until no more goroutines run than before, as goleak does: goroutines
// take a moment to finish after what ends them returns.
func waitGoroutines(t *testing.T, before int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			t.Fatalf("%d goroutines left, %d before:\n%s", runtime.NumGoroutine(), before, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// syncWriter lets the preview's goroutines and the test share a log.
type syncWriter struct {
	mu chan struct{}
	w  io.Writer
}

func (s *syncWriter) Write(b []byte) (int, error) {
	if s.mu == nil {
		s.mu = make(chan struct{}, 1)
	}
	s.mu <- struct{}{}
	defer func() { <-s.mu }()
	return s.w.Write(b)
}

func TestPreviewStopsCleanlyWithOpenStreams(t *testing.T) {
	http.DefaultClient.CloseIdleConnections()
	before := runtime.NumGoroutine()
	_, p := previewSite(t)
	url, stop := startPreview(t, p)
	var streams []*sseStream
	for range 3 {
		s := openEvents(t, url+"/__frontier/events")
		s.want("hello")
		streams = append(streams, s)
	}
	stop()
	for _, s := range streams {
		if _, err := s.next(); err == nil {
			t.Error("a stream outlived the server")
		}
		s.body.Close()
	}
	http.DefaultClient.CloseIdleConnections()
	waitGoroutines(t, before)
}

func TestPreviewNeverBuiltRecovers(t *testing.T) {
	root, p := previewSite(t)
	writeFile(t, filepath.Join(root, "data", "broken.json"), "{")
	url, _ := startPreview(t, p)
	resp, err := http.Get(url + "/deepseek-v4-pro/8k-1k/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 500 || !bytes.Contains(body, []byte("data/broken.json:1:2")) {
		t.Fatalf("never built: got %d\n%s", resp.StatusCode, body)
	}
	events := openEvents(t, url+"/__frontier/events")
	if h := events.want("hello"); h.data["build"] != "" {
		t.Errorf("hello before any build: %v", h.data)
	}
	if err := os.Remove(filepath.Join(root, "data", "broken.json")); err != nil {
		t.Fatal(err)
	}
	if ev := events.want("build"); ev.data["all"] != true {
		t.Errorf("the first good build: %v", ev.data)
	}
	resp, err = http.Get(url + "/deepseek-v4-pro/8k-1k/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("after the fix: %d", resp.StatusCode)
	}
}

// BenchmarkServeRebuild is the preview's loop on the example site, from a save to the event
// that makes the open chart page reload: the watcher's quiet period (site.DefaultQuiet, as in `frontier
// serve`), the incremental rebuild and the comparison with the previous build. The page's own
// reload comes on top; BenchmarkSaveToPage (serve_browser_test.go) measures the whole.
func BenchmarkServeRebuild(b *testing.B) {
	root := b.TempDir()
	data := filepath.Join(root, "data")
	if err := os.CopyFS(data, os.DirFS(filepath.Join(testsite.Root(), "data"))); err != nil {
		b.Fatal(err)
	}
	seedPath := filepath.Join(data, "deepseek-v4-pro_8k-1k_fp4.json")
	seed, err := os.ReadFile(seedPath)
	if err != nil {
		b.Fatal(err)
	}
	echarts, _ := testsite.ShippedECharts()
	if echarts == nil {
		echarts = fakeECharts
	}
	// The example's restated bench-serve files take their context from its frontier.toml.
	cfg, ps := site.ParseConfig("frontier.toml", testsite.ExampleConfig(b))
	if len(ps.Errors()) > 0 {
		b.Fatal(ps)
	}
	p := &Preview{
		Input: func() (site.Input, error) {
			return site.Input{Data: os.DirFS(data), DataPrefix: "data/", Config: cfg, ECharts: echarts}, nil
		},
		Data:  data,
		Trees: []string{data},
	}
	url, _ := startPreview(b, p)
	resp, err := http.Get(url + "/__frontier/events")
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	r := bufio.NewReader(resp.Body)
	waitFor := func(what string) {
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				b.Fatal(err)
			}
			if strings.HasPrefix(line, "event: problems") {
				line, _ = r.ReadString('\n')
				b.Fatalf("the build failed: %s", line)
			}
			if strings.Contains(line, what) {
				return
			}
		}
	}
	waitFor("event: hello")
	var total time.Duration
	i := 0
	for b.Loop() {
		i++
		// Each save changes a point, so the chart page changes every time.
		start := time.Now()
		if err := os.WriteFile(seedPath, bytes.Replace(seed, []byte("10672.443754896221"), fmt.Appendf(nil, "%d.5", 10000+i), 1), 0o644); err != nil {
			b.Fatal(err)
		}
		waitFor(`/deepseek-v4-pro/8k-1k/index.html`)
		total += time.Since(start)
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(i), "ms/save")
}
