// Package preview is `frontier serve`: Preview (preview.go) builds the site in memory with a
// site.Builder; Watcher and its batcher (watch.go) turn the saves under data/, templates/ and
// frontier.toml into one Change each; Server (server.go) serves the last good build (on
// output.Serves, the static host's rule), with live reload over Server-Sent Events (reload.go)
// and a failed build's problems laid over the page, or shown as a page of their own while
// nothing has built yet (errorpage.go).
//
// It sits above the build: it imports site and nothing imports it but cmd/frontier. It never
// serves a file outside the built site, and stops cleanly when its context ends.
package preview

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/frontier-bench/frontier/site"
	"github.com/frontier-bench/frontier/site/output"
)

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
	files := output.NewFiles(srv.FileCount())
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
