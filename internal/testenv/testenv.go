// Package testenv decides what a test does when the machine lacks something it needs (a
// browser, Node.js, esbuild, ECharts, actionlint): it skips where a contributor runs the tests,
// and fails in CI (CI=true), where every test must really run, so that CI cannot pass by not
// testing.
//
// It imports nothing but the standard library: the many tests that need only this rule (the
// twins run through node, the pages' golden files) do not link a browser driver with it, which
// kept every test binary of the module linking chromedp and cost a cold build minutes.
package testenv

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// CI reports whether the tests run in CI: CI set to anything but "", "0" or "false".
func CI() bool {
	v := strings.ToLower(os.Getenv("CI"))
	return v != "" && v != "false" && v != "0"
}

// Unavailable ends a test that lacks something it needs: t.Skip with the reason locally,
// t.Fatal in CI.
func Unavailable(t testing.TB, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if CI() {
		t.Fatalf("%s (CI is set, so this is a failure, not a skip)", msg)
		return
	}
	t.Skipf("skipped: %s", msg)
}

// SharedDir is the folder of real third-party files the tests read (../shared/data beside the
// repository, or $FRONTIER_SHARED_DATA), found from the working directory up to the module's
// root. Those files are kept out of the project (no file copied from another repository lives
// in it), so a machine may lack them: the test skips locally and fails in CI, as for a browser.
func SharedDir(t testing.TB) string {
	t.Helper()
	dir, err := sharedDir()
	if err != nil {
		Unavailable(t, "%v", err)
	}
	return dir
}

// SharedFile reads rel (a slash path below the shared data folder, "public/clients/aiperf/x.json"
// or "raw/inferencex-agg/agg_bmk.json"), ending the test as Unavailable does when it is missing.
func SharedFile(t testing.TB, rel string) []byte {
	t.Helper()
	dir := SharedDir(t)
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		Unavailable(t, "the shared test file %s: %v", rel, err)
	}
	return b
}

// SharedPath is the path of rel below the shared data folder, after checking that it exists.
func SharedPath(t testing.TB, rel string) string {
	t.Helper()
	p := filepath.Join(SharedDir(t), filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		Unavailable(t, "the shared test file %s: %v", rel, err)
	}
	return p
}

// sharedDir finds the shared data folder: $FRONTIER_SHARED_DATA, else ../shared/data beside the
// module's root (the folder holding go.mod, from the working directory up).
func sharedDir() (string, error) {
	if d := os.Getenv("FRONTIER_SHARED_DATA"); d != "" {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			return "", fmt.Errorf("FRONTIER_SHARED_DATA=%s is not a folder", d)
		}
		return d, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			d := filepath.Join(filepath.Dir(dir), "shared", "data")
			if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
				return "", fmt.Errorf("no shared test data at %s (the real third-party files the tests read live beside the repository, not in it; set FRONTIER_SHARED_DATA to their folder)", d)
			}
			return d, nil
		}
		if filepath.Dir(dir) == dir {
			return "", fmt.Errorf("no go.mod above %s, so no ../shared/data beside the module", wd)
		}
	}
}
