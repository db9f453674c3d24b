package main

import (
	"bufio"
	"bytes"
	"context"
	"github.com/frontier-bench/frontier/internal/testsite"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// lockedBuffer is a buffer the serve goroutine writes while the test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

var servingURL = regexp.MustCompile(`serving (http://\S+)`)

// serveSite copies the example data into a fresh site folder and returns its data folder.
func serveSite(t *testing.T) string {
	t.Helper()
	return testsite.CopyReal(t, t.TempDir())
}

// startServe runs `frontier serve` with args in this process until the test ends, and
// returns the URL it prints, its stderr and a function that stops it and returns its status.
func startServe(t *testing.T, args ...string) (url string, stderr *lockedBuffer, stop func() int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var stdout lockedBuffer
	stderr = &lockedBuffer{}
	done := make(chan int, 1)
	go func() { done <- run(ctx, append([]string{"serve"}, args...), &stdout, stderr) }()
	code, stopped := 0, false
	stop = func() int {
		if !stopped {
			stopped = true
			cancel()
			code = <-done
		}
		return code
	}
	t.Cleanup(func() { stop() })
	// The URL is printed once the first build is served; waiting is bounded so a broken
	// command fails the test instead of hanging it.
	for deadline := time.Now().Add(20 * time.Second); ; {
		if m := servingURL.FindStringSubmatch(stdout.String()); m != nil {
			return m[1], stderr, stop
		}
		select {
		case c := <-done:
			stopped, code = true, c
			t.Fatalf("serve exited %d before serving:\n%s%s", c, stdout.String(), stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve printed no URL:\n%s%s", stdout.String(), stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestServeCommandServesUntilCancelled(t *testing.T) {
	url, stderr, stop := startServe(t, "--data", serveSite(t), "--addr", "127.0.0.1:0")
	if !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.HasSuffix(url, "/") {
		t.Errorf("printed URL %q", url)
	}
	resp, err := http.Get(url + "deepseek-v4-pro/8k-1k/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Contains(body, []byte("__frontier/reload.js?build=")) {
		t.Errorf("chart page: %d, reload script: %v", resp.StatusCode, bytes.Contains(body, []byte("__frontier/reload.js")))
	}
	if code := stop(); code != exitOK {
		t.Errorf("serve exited %d after cancel, want 0", code)
	}
	if strings.Contains(stderr.String(), "warning") {
		t.Errorf("a loopback address warned:\n%s", stderr.String())
	}
}

func TestServeCommandUnderTheBaseURLPath(t *testing.T) {
	url, _, _ := startServe(t, "--data", serveSite(t), "--addr", "127.0.0.1:0", "--base-url", "https://owner.github.io/repo/")
	if !strings.HasSuffix(url, "/repo/") {
		t.Fatalf("printed URL %q, want it under /repo/", url)
	}
	root := strings.TrimSuffix(url, "repo/")
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(root)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusFound || resp.Header.Get("Location") != "/repo/" {
		t.Errorf("GET /: %d to %q, want a redirect to /repo/", resp.StatusCode, resp.Header.Get("Location"))
	}
}

func TestServeCommandWarnsOffLoopback(t *testing.T) {
	_, stderr, stop := startServe(t, "--data", serveSite(t), "--addr", "0.0.0.0:0")
	stop()
	if !strings.Contains(stderr.String(), "warning: listening on") {
		t.Errorf("no warning for 0.0.0.0:\n%s", stderr.String())
	}
}

func TestServeCommandUsage(t *testing.T) {
	for _, tt := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"serve", "--nope"}, exitUsage, "flag provided but not defined"},
		{[]string{"serve", "extra"}, exitUsage, `unexpected argument "extra"`},
		{[]string{"serve", "--data", filepath.Join(t.TempDir(), "none")}, exitProblems, "no data folder"},
		{[]string{"serve", "--data", serveSite(t), "--addr", "not an address"}, exitProblems, "listen"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), tt.args, &stdout, &stderr)
		if code != tt.code || !strings.Contains(stderr.String(), tt.msg) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tt.args, code, stderr.String(), tt.code, tt.msg)
		}
	}
}

// TestServeStopsOnSignals runs the real binary and stops it as a terminal and a service
// manager would.
func TestServeStopsOnSignals(t *testing.T) {
	bin := buildBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		cmd := exec.Command(bin, "serve", "--data", serveSite(t), "--addr", "127.0.0.1:0")
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(out)
		var url string
		for url == "" && sc.Scan() {
			if m := servingURL.FindStringSubmatch(sc.Text()); m != nil {
				url = m[1]
			}
		}
		if url == "" {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("%v: serve printed no URL", sig)
		}
		// An open event stream must not keep the process alive.
		resp, err := http.Get(url + "__frontier/events")
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, out) // until the process exits and closes its end
		err = cmd.Wait()
		resp.Body.Close()
		if err != nil {
			t.Errorf("%v: serve ended with %v, want exit status 0", sig, err)
		}
	}
}
