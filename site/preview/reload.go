package preview

// The reload hub: live reload is Server-Sent Events on {base}__frontier/events. Each message is
// one event:
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
	"encoding/json"
	"fmt"
	"net/http"
	"path"

	"github.com/frontier-bench/frontier/site"
)

// sseClient is one open event stream. Its channel is closed when the server drops it: at
// shutdown, or when it falls behind (it reconnects and catches up from hello).
type sseClient struct {
	ch chan []byte
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
