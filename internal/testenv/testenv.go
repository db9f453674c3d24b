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
