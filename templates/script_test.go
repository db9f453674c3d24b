package templates

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/frontier-bench/frontier/internal/testenv"
)

// TestPageScriptIsFresh rebuilds the page script from templates/script/ with the Makefile's
// own rule, into a temporary file, and checks that the committed assets/frontier.js is what
// it gives: an edited module without `make deps` would ship the old script.
func TestPageScriptIsFresh(t *testing.T) {
	esbuild := filepath.Join("..", "node_modules", ".bin", "esbuild")
	if _, err := os.Stat(esbuild); err != nil {
		testenv.Unavailable(t, "esbuild not installed; run make deps to check the page script: %v", err)
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make not found")
	}
	// yourrun.js, the "Your run" reader a chart page fetches when a reader adds a file, is a
	// bundle of its own (Makefile: YOURRUN), as is detail.js, a point's detail (DETAIL).
	for _, b := range []struct{ name, variable string }{{"frontier.js", "SCRIPT"}, {"yourrun.js", "YOURRUN"}, {"detail.js", "DETAIL"}} {
		out := filepath.Join(t.TempDir(), b.name)
		// -o: the installed node_modules counts as current, so the test never runs npm.
		cmd := exec.Command("make", "-s", "--no-print-directory", "-o", "node_modules/.package-lock.json", b.variable+"="+out, out)
		cmd.Dir = ".."
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("make %s: %v\n%s", out, err, msg)
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		committed, err := os.ReadFile(filepath.Join("assets", b.name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, committed) {
			t.Errorf("templates/assets/%s (%d bytes) is not what templates/script/ bundles to (%d bytes): run make deps and commit it", b.name, len(committed), len(got))
		}
	}
}
