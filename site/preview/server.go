package preview

// The preview server: the built site from memory, a live-reload channel (reload.go), and the
// problems of a failed build (errorpage.go). It never touches the file system: it serves the
// Files of the last good build, so no URL can reach anything outside the site, whatever it
// encodes.

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/frontier-bench/frontier/site"
	"github.com/frontier-bench/frontier/site/output"
	"github.com/frontier-bench/frontier/templates"
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

// NewServer returns a server with nothing built yet: every page shows "no build yet".
func NewServer() *Server {
	var b [4]byte
	_, _ = rand.Read(b[:])
	return &Server{base: "/", clients: map[*sseClient]bool{}, session: hex.EncodeToString(b[:])}
}

// Publish makes files the site being served, after a good build whose base path is base, and
// tells every open page what changed. It returns the site paths whose bytes changed (added
// and removed files included). The server takes files over: nothing may write to it after.
func (s *Server) Publish(base string, files *site.Files) []string {
	next := files.All()
	if next == nil {
		next = map[string][]byte{}
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
	// files is also the site as an fs.FS, for output.Serves.
	s.files, s.fsys, s.base, s.problems = next, files, base, nil
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

// FileCount is how many files the site being served has: room to keep for the next build's.
func (s *Server) FileCount() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.files)
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
var hashedAsset = regexp.MustCompile(`^assets/[^/]+\.[0-9a-f]{10}(\.min|\.wasm)?\.[a-z]+$`)

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
