package browsertest

import (
	"errors"
	"io/fs"
	"net/http/httptest"
	"sync"
	"testing"
)

// A shared site is built once and served once for the whole test binary, however many tests
// open it: the tests of a package that only read one built site (most browser tests read the
// example site) then pay for its build and its server once, and may run side by side.
type sharedSite struct {
	once sync.Once
	fsys fs.FS
	root string
	err  error
}

// sharedSites are the binary's shared sites by name, and their servers, which Shutdown closes.
// Package state for the same reason as the browser's: it lives as long as the test binary.
var sharedSites struct {
	mu      sync.Mutex
	sites   map[string]*sharedSite
	servers []*httptest.Server
}

// Shared returns the site named name, built by build the first time any test of the binary
// asks for it and served then below basePath (as Serve does), and the URL of its root. Every
// later call with that name returns the same files and URL without calling build: the tests
// must only read the files. A build that failed fails every test that asks for the site.
// Pages may load from a shared site's server as from the Browser's own. Ask with the test's
// Browser (from New), so that a test that cannot run skips or fails before any build.
func Shared[F fs.FS](_ *Browser, t testing.TB, name, basePath string, build func() (F, error)) (F, string) {
	t.Helper()
	sharedSites.mu.Lock()
	if sharedSites.sites == nil {
		sharedSites.sites = map[string]*sharedSite{}
	}
	s := sharedSites.sites[name]
	if s == nil {
		s = &sharedSite{}
		sharedSites.sites[name] = s
	}
	sharedSites.mu.Unlock()

	s.once.Do(func() {
		s.err = errors.New("its build stopped (see the first test that asked for it)")
		files, err := build()
		if err != nil {
			s.err = err
			return
		}
		base := normalizeBase(basePath)
		srv := httptest.NewServer(&siteHandler{fsys: files, base: base})
		sharedSites.mu.Lock()
		sharedSites.servers = append(sharedSites.servers, srv)
		sharedSites.mu.Unlock()
		s.fsys, s.root, s.err = files, srv.URL+base, nil
	})
	if s.err != nil {
		t.Fatalf("browsertest: shared site %s: %v", name, s.err)
	}
	files, ok := s.fsys.(F)
	if !ok {
		t.Fatalf("browsertest: shared site %s is a %T, not a %T", name, s.fsys, *new(F))
	}
	return files, s.root
}

// sharedHosts are the host:port pairs of the shared sites' servers.
func sharedHosts() []string {
	sharedSites.mu.Lock()
	defer sharedSites.mu.Unlock()
	hs := make([]string, len(sharedSites.servers))
	for i, s := range sharedSites.servers {
		hs[i] = s.Listener.Addr().String()
	}
	return hs
}

// closeShared closes the shared sites' servers and forgets the sites.
func closeShared() {
	sharedSites.mu.Lock()
	servers := sharedSites.servers
	sharedSites.servers, sharedSites.sites = nil, nil
	sharedSites.mu.Unlock()
	for _, s := range servers {
		s.Close()
	}
}
