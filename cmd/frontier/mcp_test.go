package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
)

// writeSeedSite builds the seed dataset's site into a temporary folder, as `frontier build` would.
func writeSeedSite(t *testing.T) string {
	t.Helper()
	files := &site.Files{}
	cfg, _ := site.ParseConfig("frontier.toml", nil)
	cfg.BaseURL = "/"
	if _, err := site.Build(site.Input{Data: testsite.SeedFS(t), Config: cfg, ECharts: testsite.FakeECharts}, files); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, b := range files.All() {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestMCPOverStdio runs `frontier mcp --site DIR` and `--site URL` (the same folder from a
// local HTTP server) as a subprocess and talks to it as an MCP client does, over its stdin and
// stdout.
func TestMCPOverStdio(t *testing.T) {
	bin := buildBinary(t)
	dir := writeSeedSite(t)
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	t.Run("folder", func(t *testing.T) { checkMCPOverStdio(t, bin, dir) })
	t.Run("url", func(t *testing.T) { checkMCPOverStdio(t, bin, srv.URL+"/") })
}

func checkMCPOverStdio(t *testing.T, bin, site string) {
	var stderr bytes.Buffer
	cmd := exec.Command(bin, "mcp", "--site", site)
	cmd.Stderr = &stderr
	ctx := context.Background()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect: %v\n%s", err, stderr.String())
	}
	defer cs.Close()
	if got := cs.InitializeResult().ServerInfo.Name; got != "frontier" {
		t.Errorf("server %q", got)
	}
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "best_at", Arguments: map[string]any{"page": "/deepseek-v4-pro/8k-1k/", "at": 50}})
	if err != nil || res.IsError {
		t.Fatalf("best_at: %v %+v", err, res)
	}
	var out struct {
		URL     string `json:"url"`
		Leaders []struct {
			GPU   string   `json:"gpu"`
			Value *float64 `json:"value"`
		} `json:"leaders"`
	}
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	wantURL := "/deepseek-v4-pro/8k-1k/"
	if strings.HasPrefix(site, "http") {
		wantURL = strings.TrimSuffix(site, "/") + wantURL // a site built without a host, read from one: links on it
	}
	if out.URL != wantURL || len(out.Leaders) != 2 || out.Leaders[0].Value == nil {
		t.Errorf("best_at: %s", b)
	}
	res, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: "list_pages", Arguments: map[string]any{}})
	if err != nil || res.IsError || !strings.Contains(string(must(json.Marshal(res.StructuredContent))), `"page":"/deepseek-v4-pro/8k-1k/"`) {
		t.Errorf("list_pages: %v %+v", err, res)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

func TestMCPUsage(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"mcp", "extra"}, &stdout, &stderr); code != exitUsage || !strings.Contains(stderr.String(), `unexpected argument "extra"`) {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
	stderr.Reset()
	if code := run(context.Background(), []string{"mcp", "--site", filepath.Join(t.TempDir(), "nope")}, &stdout, &stderr); code != exitProblems || !strings.Contains(stderr.String(), "frontier build --out") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}
