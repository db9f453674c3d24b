package preview

// The preview server: the built site from memory, a live-reload channel, and the problems of a
// failed build. It never touches the file system: it serves the Files of the last good build,
// so no URL can reach anything outside the site, whatever it encodes.
//
// Live reload is Server-Sent Events on {base}__frontier/events. Each message is one event:
//
//	hello     {"build": ID, "problems": [...]}     on connect: the current state
//	build     {"build": ID, "changed": [...], "all": bool}
//	                                               after a good build that changed something, or
//	                                               that cleared problems; changed are site paths
//	                                               ("/repo/x/8k-1k/index.html") whose bytes differ
//	problems  {"problems": [...]}                  after a failed build
//
// Every HTML page is served with its build id in the reload script's URL, so the script
// (templates/assets/reload.js) knows which build it shows: it reloads when a build changed one
// of the files the page loaded, or when it connects and finds another build (the server was
// restarted, or rebuilt while the page was loading).

import (
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/frontier-bench/frontier/site/output"
	"github.com/frontier-bench/frontier/templates"

	"github.com/frontier-bench/frontier/site"
)

// devPrefix is where the preview server's own endpoints live, below the base path. The build
// never writes a file there: a site path cannot start with "_" (slugs are a-z, 0-9 and "-",
// and the loaders skip names starting with "_").
const devPrefix = "__frontier/"

// Server serves the last good build of a site from memory, with live reload. Publish and Fail
// tell it how each build went; it is safe for concurrent use.
type Server struct {
	mu       sync.RWMutex
	base     string            // "/" or "/repo/"
	files    map[string][]byte // the last good build, nil until there is one
	fsys     *site.Files       // the same files as an fs.FS, for output.Serves
	build    string            // its id: the session and a count
	problems site.Problems     // of the last build when it failed, errors only
	clients  map[*sseClient]bool
	closed   bool
	session  string
	n        int
}

// sseClient is one open event stream. Its channel is closed when the server drops it: at
// shutdown, or when it falls behind (it reconnects and catches up from hello).
type sseClient struct {
	ch chan []byte
}

// NewServer returns a server with nothing built yet: every page shows "no build yet".
func NewServer() *Server {
	var b [4]byte
	_, _ = rand.Read(b[:])
	return &Server{base: "/", clients: map[*sseClient]bool{}, session: hex.EncodeToString(b[:])}
}

// wireProblem is a Problem as the reload script reads it.
type wireProblem struct {
	File    string `json:"file"`
	Line    int    `json:"line,omitempty"`
	Col     int    `json:"col,omitempty"`
	Path    string `json:"path,omitempty"`
	Msg     string `json:"msg"`
	Warning bool   `json:"warning,omitempty"`
	Text    string `json:"text"` // the whole line, as the terminal shows it
}

func wireProblems(ps site.Problems) []wireProblem {
	out := make([]wireProblem, len(ps))
	for i, p := range ps {
		out[i] = wireProblem{p.File, p.Line, p.Col, p.Path, p.Msg, p.Warning, p.String()}
	}
	return out
}

// maxChanged is how many changed paths a build event lists; past it, it says "all".
const maxChanged = 2000

// Publish makes files the site being served, after a good build whose base path is base, and
// tells every open page what changed. It returns the site paths whose bytes changed (added
// and removed files included).
func (s *Server) Publish(base string, files *site.Files) []string {
	next := make(map[string][]byte, files.Len())
	for _, name := range files.Names() {
		next[name], _ = files.Get(name)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var changed []string
	all := s.files == nil || base != s.base
	for name, b := range next {
		if old, ok := s.files[name]; !ok || !bytes.Equal(old, b) {
			changed = append(changed, base+name)
		}
	}
	for name := range s.files {
		if _, ok := next[name]; !ok {
			changed = append(changed, s.base+name)
		}
	}
	slices.Sort(changed)
	hadProblems := s.problems != nil
	fsys := &site.Files{} // the build's files as an fs.FS, for output.Serves
	for name, b := range next {
		fsys.ShareFile(name, b)
	}
	s.files, s.fsys, s.base, s.problems = next, fsys, base, nil
	if len(changed) == 0 && !all {
		if hadProblems { // fixed back to what it was: only the overlay goes
			s.broadcast("build", map[string]any{"build": s.build, "changed": []string{}})
		}
		return nil
	}
	s.n++
	s.build = s.session + "-" + strconv.Itoa(s.n)
	msg := map[string]any{"build": s.build, "changed": changed}
	if all || len(changed) > maxChanged {
		msg = map[string]any{"build": s.build, "changed": []string{}, "all": true}
	}
	s.broadcast("build", msg)
	return changed
}

// Fail records a failed build: the last good site stays, and every open page shows problems.
// base is the base path the failed build would have had ("" when unknown); it takes effect
// only while nothing has built yet.
func (s *Server) Fail(base string, problems site.Problems) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.files == nil && base != "" {
		s.base = base
	}
	s.problems = problems.Errors()
	if s.problems == nil {
		s.problems = site.Problems{}
	}
	s.broadcast("problems", map[string]any{"problems": wireProblems(s.problems)})
}

// Base is the base path the site is served under, "/" or "/repo/".
func (s *Server) Base() string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.base
}

// Close ends every event stream, so that an http.Server's Shutdown does not wait for them,
// and refuses new ones.
func (s *Server) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	for c := range s.clients {
		close(c.ch)
		delete(s.clients, c)
	}
}

// broadcast sends an event to every open stream; s.mu is held. A stream whose buffer is full
// is dropped rather than waited for: the page reconnects and hello tells it the state.
func (s *Server) broadcast(event string, v any) {
	msg := sseMessage(event, v)
	for c := range s.clients {
		select {
		case c.ch <- msg:
		default:
			close(c.ch)
			delete(s.clients, c)
		}
	}
}

func sseMessage(event string, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // maps of strings and numbers always marshal
	}
	return fmt.Appendf(nil, "event: %s\ndata: %s\n\n", event, b)
}

// contentTypes are the types of every kind of file a site has, fixed so that the answer does
// not depend on the machine's MIME tables (which on some systems call .js text/plain).
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".svg":  "image/svg+xml",
	".json": "application/json",
	".csv":  "text/csv; charset=utf-8",
	".xml":  "application/xml; charset=utf-8",
	".txt":  "text/plain; charset=utf-8",
}

// contentType is the Content-Type of a site file, by its extension.
func contentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

// ServeHTTP serves the site: GET and HEAD only, clean paths only, files of the last good build
// only (a folder's index.html for a folder), the site's 404.html for anything else.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed: the preview only reads", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	if msg := badPath(p, r.URL.EscapedPath()); msg != "" {
		http.Error(w, "bad path: "+msg, http.StatusBadRequest)
		return
	}
	if clean := cleanPath(p); clean != p {
		redirect(w, r, clean)
		return
	}

	s.mu.RLock()
	base, files, fsys, build, problems := s.base, s.files, s.fsys, s.build, s.problems
	s.mu.RUnlock()

	rel, ok := strings.CutPrefix(p, base)
	if !ok {
		if p == "/" || p+"/" == base {
			redirect(w, r, base)
			return
		}
		s.notFound(w, r, files, base, build)
		return
	}
	switch rel {
	case devPrefix + "reload.js":
		b, err := fs.ReadFile(templates.FS, "assets/reload.js")
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		serveFile(w, r, "reload.js", b)
		return
	case devPrefix + "events":
		s.events(w, r)
		return
	}
	if strings.HasPrefix(rel, devPrefix) {
		s.notFound(w, r, files, base, build)
		return
	}
	if files == nil {
		serveStatus(w, r, http.StatusInternalServerError, "error.html", errorPage(base, problems))
		return
	}
	name, dir := output.Serves(fsys, rel)
	if dir {
		redirect(w, r, p+"/")
		return
	}
	b, ok := files[name]
	if !ok {
		s.notFound(w, r, files, base, build)
		return
	}
	if hashedAsset.MatchString(name) {
		// Its name changes with its bytes, so a cached copy is never stale; caching it
		// spares every reload the download and compile of ECharts (a third of the time
		// from save to reloaded page). Everything else is no-store.
		h.Set("Cache-Control", "max-age=31536000, immutable")
	}
	serveFile(w, r, name, withBuild(name, b, build))
}

// hashedAsset matches the assets whose names carry a hash of their content (render.go).
var hashedAsset = regexp.MustCompile(`^assets/[^/]+\.[0-9a-f]{10}(\.min)?\.[a-z]+$`)

// badPath says what is wrong with a request path that could mean something outside the site,
// or "" when nothing is. p is the decoded path, raw the escaped one.
func badPath(p, raw string) string {
	switch {
	case !strings.HasPrefix(p, "/"):
		return "not absolute"
	case strings.ContainsRune(p, 0):
		return "NUL"
	case strings.Contains(p, `\`):
		return "backslash"
	}
	// An escaped slash or backslash would make one segment look like two after decoding.
	lower := strings.ToLower(raw)
	if strings.Contains(lower, "%2f") || strings.Contains(lower, "%5c") {
		return "escaped separator"
	}
	for seg := range strings.SplitSeq(p, "/") {
		if seg == ".." {
			return "parent folder"
		}
	}
	return ""
}

// cleanPath is p without "." segments and repeated slashes, keeping a trailing slash.
func cleanPath(p string) string {
	c := path.Clean(p)
	if strings.HasSuffix(p, "/") && c != "/" {
		c += "/"
	}
	return c
}

// redirect sends the browser to target, keeping the query.
func redirect(w http.ResponseWriter, r *http.Request, target string) {
	if r.URL.RawQuery != "" {
		target += "?" + r.URL.RawQuery
	}
	http.Redirect(w, r, target, http.StatusFound)
}

// notFound serves the site's own 404 page, or a plain one before the first build.
func (s *Server) notFound(w http.ResponseWriter, r *http.Request, files map[string][]byte, base, build string) {
	if b, ok := files["404.html"]; ok {
		serveStatus(w, r, http.StatusNotFound, "404.html", withBuild("404.html", b, build))
		return
	}
	http.Error(w, "not found", http.StatusNotFound)
}

// serveFile answers with one file's bytes, as a file server does: http.ServeContent handles
// HEAD, ranges and conditional requests; the type comes from the name, never from sniffing.
func serveFile(w http.ResponseWriter, r *http.Request, name string, b []byte) {
	w.Header().Set("Content-Type", contentType(name))
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(b))
}

// serveStatus answers with a page under an error status, which http.ServeContent cannot send.
func serveStatus(w http.ResponseWriter, r *http.Request, status int, name string, b []byte) {
	h := w.Header()
	h.Set("Content-Type", contentType(name))
	h.Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(b)
	}
}

// reloadScript is how the base template loads the reload script in a dev build.
var reloadScript = []byte(devPrefix + `reload.js"`)

// withBuild tags an HTML page's reload script with the build it came from.
func withBuild(name string, b []byte, build string) []byte {
	if path.Ext(name) != ".html" || !bytes.Contains(b, reloadScript) {
		return b
	}
	return bytes.Replace(b, reloadScript, []byte(devPrefix+"reload.js?build="+build+`"`), 1)
}

// events streams live-reload events to one page until it goes away or the server closes.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	c := &sseClient{ch: make(chan []byte, 16)}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		http.Error(w, "shutting down", http.StatusServiceUnavailable)
		return
	}
	s.clients[c] = true
	hello := sseMessage("hello", map[string]any{"build": s.build, "problems": wireProblems(s.problems)})
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		if s.clients[c] {
			delete(s.clients, c)
			close(c.ch)
		}
		s.mu.Unlock()
	}()

	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return
	}
	rc := http.NewResponseController(w)
	// retry: reconnect quickly after a restart, which is when reconnecting matters.
	if _, err := fmt.Fprintf(w, "retry: 500\n\n%s", hello); err != nil || rc.Flush() != nil {
		return
	}
	for {
		select {
		case <-r.Context().Done():
			return
		case msg, ok := <-c.ch:
			if !ok {
				return
			}
			if _, err := w.Write(msg); err != nil || rc.Flush() != nil {
				return
			}
		}
	}
}

// errorView is what the error page shows.
type errorView struct {
	Base     string
	Problems site.Problems
}

var errorTemplate = template.Must(template.New("error").Parse(`<!doctype html>
<html lang="en" data-frontier-error>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>The site does not build · Frontier</title>
<link rel="icon" href="data:,">
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1a1a1a; }
h1 { font-size: 1.4rem; color: #b00020; }
li { margin: .4rem 0; }
code { font: 14px/1.4 ui-monospace, monospace; background: #f4f4f4; padding: .1rem .3rem; border-radius: 3px; }
</style>
</head>
<body>
<h1>The site does not build yet</h1>
<p>Fix {{if eq (len .Problems) 1}}this problem{{else}}these {{len .Problems}} problems{{end}}, save, and this page reloads by itself.</p>
<ul id="frontier-problems">
{{- range .Problems}}
<li><code>{{.File}}{{if .Line}}:{{.Line}}{{if .Col}}:{{.Col}}{{end}}{{end}}</code>{{if .Path}} <code>{{.Path}}</code>{{end}} {{.Msg}}</li>
{{- end}}
</ul>
<script src="{{.Base}}__frontier/reload.js"></script>
</body>
</html>
`))

// errorPage is what every URL shows while the site has never built.
func errorPage(base string, problems site.Problems) []byte {
	var b bytes.Buffer
	if err := errorTemplate.Execute(&b, errorView{base, problems}); err != nil {
		panic(err) // the template is fixed and its data plain strings
	}
	return b.Bytes()
}

// asProblems turns a build's error into the problems a page can show.
func asProblems(err error) site.Problems {
	var ps site.Problems
	if errors.As(err, &ps) {
		return ps
	}
	msg := err.Error()
	file := "frontier"
	var se *site.StageError
	if errors.As(err, &se) {
		file, msg = se.Stage, se.Err.Error()
	}
	return site.Problems{{File: file, Msg: msg}}
}

// Preview is `frontier serve` without the command line: it builds the site in memory, serves
// it on a listener, watches the inputs and rebuilds after every burst of changes.
type Preview struct {
	// Input reads what a build needs; it is called before every build, so config changes apply.
	// Problems it returns (a broken frontier.toml) are shown like data problems.
	Input func() (site.Input, error)
	Data  string   // the data folder, to tell the Builder which datasets changed
	Trees []string // folders to watch recursively: the data folder, templates/
	Files []string // single files to watch: frontier.toml
	Quiet time.Duration
	Log   io.Writer

	onBuild func(ok bool, changed []string) // tests: after every build
}

// Run serves until ctx is done, then stops everything it started (the watcher, open event
// streams, the HTTP server) and returns. It closes ln.
func (p *Preview) Run(ctx context.Context, ln net.Listener) error {
	srv := NewServer()
	wctx, stopWatching := context.WithCancel(ctx)
	defer stopWatching()
	wait, err := p.Start(wctx, srv)
	if err != nil {
		ln.Close()
		return err
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	hs.RegisterOnShutdown(srv.Close)
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	fmt.Fprintf(p.logw(), "frontier: serving %s (Ctrl-C to stop)\n", listenURL(ln.Addr(), srv.Base()))

	var runErr error
	select {
	case <-ctx.Done():
	case runErr = <-served:
	}
	stopWatching()
	wait()
	srv.Close()
	// Requests in flight get a moment to finish. Connections still open after it are closed:
	// a client that opened a connection and never sent on it would otherwise hold the stop for
	// 5 s (net/http counts such a connection as busy until then), and Ctrl-C should be prompt.
	sctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); errors.Is(err, context.DeadlineExceeded) {
		hs.Close()
	} else if err != nil && runErr == nil {
		runErr = err
	}
	if runErr == nil {
		if err := <-served; !errors.Is(err, http.ErrServerClosed) {
			runErr = err
		}
	}
	return runErr
}

// Start builds the site into srv, then watches the inputs and rebuilds into srv after every
// burst of changes until ctx is done. It returns once the first build is served (or has
// failed, and its problems are); wait blocks until the watching has stopped. Run is Start
// plus an HTTP server; a test can serve srv any other way.
func (p *Preview) Start(ctx context.Context, srv *Server) (wait func(), err error) {
	w, err := NewWatcher(p.Trees, p.Files)
	if err != nil {
		return nil, fmt.Errorf("watch: %w", err)
	}
	w.Quiet = p.Quiet
	var b site.Builder
	p.rebuild(&b, srv, "built")
	changes := make(chan Change)
	var wg sync.WaitGroup
	wg.Go(func() { w.Run(ctx, changes) })
	wg.Go(func() {
		for {
			select {
			case <-ctx.Done():
				return
			case c := <-changes:
				p.forget(&b, c)
				p.rebuild(&b, srv, "rebuilt")
			}
		}
	})
	return wg.Wait, nil
}

func (p *Preview) logw() io.Writer { return cmp.Or[io.Writer](p.Log, io.Discard) }

// forget tells the Builder which datasets to read again.
func (p *Preview) forget(b *site.Builder, c Change) {
	if c.Full {
		b.Forget()
		return
	}
	for _, name := range c.Paths {
		rel, err := filepath.Rel(p.Data, name)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		b.Forget(filepath.ToSlash(rel))
	}
}

// rebuild builds once and tells the server and the log how it went.
func (p *Preview) rebuild(b *site.Builder, srv *Server, verb string) {
	start := time.Now()
	logw := p.logw()
	fail := func(base string, err error) {
		ps := asProblems(err)
		srv.Fail(base, ps)
		fmt.Fprintf(logw, "frontier: the build failed with %s; serving the last good site\n", plural(len(ps.Errors()), "problem"))
		for _, pr := range ps {
			fmt.Fprintf(logw, "  %s\n", pr)
		}
		if p.onBuild != nil {
			p.onBuild(false, nil)
		}
	}
	in, err := p.Input()
	if err != nil {
		fail("", err)
		return
	}
	in.Dev = true
	files := &site.Files{}
	rep, err := b.Build(in, files)
	if err != nil {
		fail(in.Config.BasePath(), err)
		return
	}
	changed := srv.Publish(in.Config.BasePath(), files)
	drawn, reused := b.Charts()
	fmt.Fprintf(logw, "frontier: %s in %d ms: %s (%d redrawn), %s, %s changed\n",
		verb, time.Since(start).Milliseconds(), plural(drawn+reused, "chart page"), drawn,
		plural(rep.Markdown, "markdown page"), plural(len(changed), "file"))
	for _, pr := range rep.Warnings {
		fmt.Fprintf(logw, "  %s\n", pr)
	}
	if p.onBuild != nil {
		p.onBuild(true, changed)
	}
}

// listenURL is the URL to open for a listener and base path. An unspecified address
// (":8080", "0.0.0.0") is reachable as localhost too.
func listenURL(addr net.Addr, base string) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "http://" + addr.String() + base
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + base
}

// IsLoopback reports whether a listen address (host:port) is reachable from this machine only.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// plural is "1 unit" or "n units", for the log.
func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return strconv.Itoa(n) + " " + unit + "s"
}
