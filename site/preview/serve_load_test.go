package preview

import (
	"context"
	"fmt"
	"github.com/frontier-bench/frontier/internal/testsite"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/frontier-bench/frontier/site"
)

// buildTag is the build id the server writes into a dev page's reload script URL.
var buildTag = regexp.MustCompile(`reload\.js\?build=[^"]*"`)

// openFDs counts this process's open file descriptors.
func openFDs(t *testing.T) int {
	t.Helper()
	es, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc/self/fd:", err)
	}
	return len(es)
}

// TestPreviewUnderLoad runs the preview server on loopback with 200 clients fetching the
// chart page, its data.json and the home page while the dataset changes 20 times. Every
// response must be a 200 whose bytes are exactly one version's build (no torn page, no page
// mixing two versions), and once the server stops, its goroutines and file handles are gone.
func TestPreviewUnderLoad(t *testing.T) {
	// Not skipped under -short: the race-detector pass of make test runs with -short so as not to
	// repeat the browser tests, and this is the test it most needs.
	const versions, clients = 20, 200
	seed := string(testsite.SeedJSON(t))
	version := func(i int) []byte {
		return []byte(strings.ReplaceAll(seed, `"B300 (SGLang)"`, fmt.Sprintf(`"B300 (SGLang) v%02d"`, i)))
	}

	// What every version's build holds, built apart, for comparing served bytes against.
	want := map[string]map[string]int{} // file -> its bytes -> version
	for i := range versions + 1 {
		files := &site.Files{}
		_, err := site.Build(site.Input{Data: fstest.MapFS{"seed.json": {Data: version(i)}}, ECharts: fakeECharts,
			Config: site.DefaultConfig(), Dev: true}, files)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"index.html", "deepseek-v4-pro/8k-1k/index.html", "deepseek-v4-pro/8k-1k/data.json"} {
			b, _ := files.Get(name)
			if want[name] == nil {
				want[name] = map[string]int{}
			}
			want[name][string(b)] = i
		}
	}

	fds0, goroutines0 := openFDs(t), runtime.NumGoroutine()
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	os.Mkdir(data, 0o755)
	if err := os.WriteFile(filepath.Join(data, "seed.json"), version(0), 0o644); err != nil {
		t.Fatal(err)
	}
	builds := make(chan bool, 100)
	p := &Preview{
		Input: func() (site.Input, error) {
			return site.Input{Data: os.DirFS(data), ECharts: fakeECharts, Config: site.DefaultConfig()}, nil
		},
		Data:    data,
		Trees:   []string{data},
		Quiet:   20 * time.Millisecond,
		onBuild: func(ok bool, _ []string) { builds <- ok },
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String() + "/"
	ctx, cancel := context.WithCancel(context.Background())
	ran := make(chan error, 1)
	go func() { ran <- p.Run(ctx, ln) }()
	<-builds // the first build

	tr := &http.Transport{MaxIdleConnsPerHost: clients}
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	var done atomic.Bool
	var requests, changedSeen atomic.Int64
	var mu sync.Mutex
	var failures []string
	fail := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		if len(failures) < 20 {
			failures = append(failures, fmt.Sprintf(format, args...))
		}
	}
	seen := make([]atomic.Bool, versions+1)
	var wg sync.WaitGroup
	for c := range clients {
		wg.Go(func() {
			names := []string{"deepseek-v4-pro/8k-1k/index.html", "deepseek-v4-pro/8k-1k/data.json", "index.html"}
			for n := 0; n < 1000 && !done.Load(); n++ { // bounded: at most 1,000 requests a client
				name := names[(c+n)%len(names)]
				url := base + strings.TrimSuffix(name, "index.html")
				resp, err := client.Get(url)
				if err != nil {
					fail("GET %s: %v", url, err)
					return
				}
				b, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				requests.Add(1)
				if err != nil || resp.StatusCode != http.StatusOK {
					fail("GET %s: %d %v", url, resp.StatusCode, err)
					continue
				}
				b = buildTag.ReplaceAll(b, []byte(`reload.js"`))
				v, ok := want[name][string(b)]
				if !ok {
					fail("GET %s: %d bytes that are no version's build (torn or mixed)", url, len(b))
					continue
				}
				if v > 0 {
					changedSeen.Add(1)
				}
				seen[v].Store(true)
			}
		})
	}

	for i := 1; i <= versions; i++ {
		if err := os.WriteFile(filepath.Join(data, "seed.json"), version(i), 0o644); err != nil {
			t.Fatal(err)
		}
		// Wait for the build of this version (a build may also see a half-written file and
		// fail; the server then keeps the last good site).
		deadline := time.After(20 * time.Second)
	wait:
		for {
			select {
			case ok := <-builds:
				if ok {
					break wait
				}
			case <-deadline:
				t.Fatalf("version %d: no good build within 20 s", i)
			}
		}
	}
	done.Store(true)
	wg.Wait()
	cancel()
	if err := <-ran; err != nil {
		t.Errorf("Run: %v", err)
	}
	tr.CloseIdleConnections()

	for _, f := range failures {
		t.Error(f)
	}
	n := 0
	for i := range seen {
		if seen[i].Load() {
			n++
		}
	}
	t.Logf("%d requests, %d served a changed version, %d of %d versions seen", requests.Load(), changedSeen.Load(), n, versions+1)
	if !seen[versions].Load() && changedSeen.Load() == 0 {
		t.Errorf("no client ever saw a changed version")
	}

	// Leaks: wait (bounded) for connections and goroutines to wind down.
	var fds, goroutines int
	for range 100 {
		fds, goroutines = openFDs(t), runtime.NumGoroutine()
		if fds <= fds0 && goroutines <= goroutines0 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if fds > fds0 {
		t.Errorf("%d file descriptors open after the server stopped, %d before", fds, fds0)
	}
	if goroutines > goroutines0 {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines after the server stopped, %d before:\n%s", goroutines, goroutines0, buf[:runtime.Stack(buf, true)])
	}
}
