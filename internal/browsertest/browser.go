package browsertest

import (
	"io/fs"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/site/output"
)

// Browser is one test's handle on the shared browser: the servers it started and the pages it
// opened. Its cleanups close both when the test ends.
type Browser struct {
	proc *process

	mu      sync.Mutex
	servers []*httptest.Server
	groups  map[testing.TB][]*Page // open pages by the test that opened them
}

// New returns a Browser for t. Without a browser on the machine it skips t, or fails it when
// CI is set (CI=true), so that CI cannot pass by not testing; -short skips too.
func New(t testing.TB) *Browser {
	t.Helper()
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	if _, err := FindChrome(); err != nil {
		testenv.Unavailable(t, "browser test: %v", err)
	}
	p, err := browser()
	if err != nil {
		t.Fatalf("browser test: %v", err)
	}
	b := &Browser{proc: p, groups: map[testing.TB][]*Page{}}
	t.Cleanup(b.closeServers)
	return b
}

// Serve serves a built site over HTTP below basePath ("/" or e.g. "/repo/"), the way a static
// host would, and returns the URL of the site's root, ending in a slash. site is any fs.FS:
// output.Files from a build in memory, os.DirFS of a built folder, an fstest.MapFS.
func (b *Browser) Serve(site fs.FS, basePath string) string {
	base := normalizeBase(basePath)
	return strings.TrimSuffix(b.ServeHandler(&siteHandler{fsys: site, base: base}), "/") + base
}

// ServeHandler serves h on a new local server and returns its root URL, ending in a slash.
// Pages may load from every server the Browser started; any other host counts as leaving
// the site. Use it for handlers the harness does not know, such as the preview server.
func (b *Browser) ServeHandler(h http.Handler) string {
	srv := httptest.NewServer(h)
	b.mu.Lock()
	b.servers = append(b.servers, srv)
	b.mu.Unlock()
	return srv.URL + "/"
}

// hosts are the host:port pairs of the Browser's servers and of the shared sites' servers.
func (b *Browser) hosts() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	hs := make([]string, len(b.servers))
	for i, s := range b.servers {
		u, _ := url.Parse(s.URL)
		hs[i] = u.Host
	}
	return append(hs, sharedHosts()...)
}

func (b *Browser) closeServers() {
	b.mu.Lock()
	servers := b.servers
	b.servers = nil
	b.mu.Unlock()
	for _, s := range servers {
		s.Close()
	}
}

// track adds p to t's open pages. The first page of each test registers the cleanup that
// checks the pages' errors, saves screenshots when t failed, and closes them. One cleanup per
// test, rather than one per page, so that a failure found while checking the last page still
// gets a screenshot of every page.
func (b *Browser) track(t testing.TB, p *Page) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, ok := b.groups[t]; !ok {
		t.Cleanup(func() { b.finish(t) })
	}
	b.groups[t] = append(b.groups[t], p)
}

// untrack removes a page that the test closed itself.
func (b *Browser) untrack(t testing.TB, p *Page) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.groups[t] = slices.DeleteFunc(b.groups[t], func(q *Page) bool { return q == p })
}

// finish is t's cleanup: every error its pages recorded fails t, then a failed t gets a
// screenshot of each open page, then the pages close.
func (b *Browser) finish(t testing.TB) {
	b.mu.Lock()
	pages := b.groups[t]
	delete(b.groups, t)
	b.mu.Unlock()
	for _, p := range pages {
		p.reportErrors()
	}
	if t.Failed() && len(pages) > 0 {
		dir := ScreenshotDir(t)
		if files, err := SaveScreenshots(dir, pages...); err != nil {
			t.Logf("browsertest: screenshots of the failing test's pages in %s are incomplete: %v", dir, err)
		} else {
			t.Logf("browsertest: screenshots of the failing test's %d open page(s) in %s: %s",
				len(files), dir, strings.Join(baseNames(files), ", "))
		}
	}
	for _, p := range pages {
		p.close()
	}
}

func baseNames(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = path.Base(strings.ReplaceAll(p, "\\", "/"))
	}
	return out
}

// normalizeBase makes "", "/", "repo", "/repo" and "/repo/" into "/" or "/repo/".
func normalizeBase(p string) string {
	p = strings.Trim(p, "/")
	if p == "" {
		return "/"
	}
	return "/" + p + "/"
}

// siteHandler serves a built site as a static host such as GitHub Pages does (output.Serves:
// folders serve their index.html, a folder without its slash is redirected to it), anything
// missing gets 404.html with status 404, and nothing outside the base path exists.
type siteHandler struct {
	fsys fs.FS
	base string
}

func (h *siteHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	if p+"/" == h.base {
		h.redirect(w, r, h.base)
		return
	}
	rest, ok := strings.CutPrefix(p, h.base)
	if !ok {
		http.Error(w, "404 page not found: outside the site's base path "+h.base, http.StatusNotFound)
		return
	}
	name, redirect := output.Serves(h.fsys, rest)
	if redirect {
		h.redirect(w, r, p+"/")
		return
	}
	data, err := fs.ReadFile(h.fsys, name)
	if name == "" || err != nil {
		h.notFound(w)
		return
	}
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = http.DetectContentType(data)
	}
	w.Header().Set("Content-Type", ctype)
	// The assets' names change with their content; GitHub Pages lets a browser keep any file
	// ten minutes, so a page's prefetch of ECharts is what its script then runs. Pages and data
	// are never kept: a test may write a file again between two loads.
	if strings.HasPrefix(name, "assets/") {
		w.Header().Set("Cache-Control", "max-age=600")
	} else {
		w.Header().Set("Cache-Control", "no-store")
	}
	w.Write(data)
}

func (h *siteHandler) redirect(w http.ResponseWriter, r *http.Request, to string) {
	if r.URL.RawQuery != "" {
		to += "?" + r.URL.RawQuery
	}
	http.Redirect(w, r, to, http.StatusMovedPermanently)
}

func (h *siteHandler) notFound(w http.ResponseWriter) {
	page, err := fs.ReadFile(h.fsys, "404.html")
	if err != nil {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusNotFound)
	w.Write(page)
}
