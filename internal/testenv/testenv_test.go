package testenv

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that records how a test ended instead of ending it.
type recorder struct {
	testing.TB
	how, msg string
}

func (r *recorder) Helper()                      {}
func (r *recorder) Skipf(f string, args ...any)  { r.how, r.msg = "skip", sprintf(f, args...) }
func (r *recorder) Fatalf(f string, args ...any) { r.how, r.msg = "fail", sprintf(f, args...) }

func sprintf(f string, args ...any) string { return fmt.Sprintf(f, args...) }

func TestUnavailableSkipsLocallyAndFailsInCI(t *testing.T) {
	for _, c := range []struct{ ci, how string }{
		{"", "skip"}, {"0", "skip"}, {"false", "skip"}, {"FALSE", "skip"},
		{"true", "fail"}, {"1", "fail"}, {"yes", "fail"},
	} {
		t.Setenv("CI", c.ci)
		r := &recorder{TB: t}
		Unavailable(r, "no %s", "chromium")
		if r.how != c.how || !strings.Contains(r.msg, "no chromium") {
			t.Errorf("CI=%q: the test ended with %s %q, want %s naming what is missing", c.ci, r.how, r.msg, c.how)
		}
		if CI() != (c.how == "fail") {
			t.Errorf("CI=%q: CI() = %v", c.ci, CI())
		}
	}
}

func TestSharedFileReadsBesideTheModuleAndEndsTheTestWhenMissing(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "public"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "public", "a.json"), []byte(`{"a":1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("FRONTIER_SHARED_DATA", dir)
	if got := string(SharedFile(t, "public/a.json")); got != `{"a":1}` {
		t.Errorf("SharedFile = %q", got)
	}
	for _, ci := range []string{"", "true"} {
		t.Setenv("CI", ci)
		r := &recorder{TB: t}
		SharedFile(r, "public/missing.json")
		want := map[string]string{"": "skip", "true": "fail"}[ci]
		if r.how != want || !strings.Contains(r.msg, "public/missing.json") {
			t.Errorf("CI=%q: a missing shared file ended the test with %s %q, want %s naming it", ci, r.how, r.msg, want)
		}
	}
	t.Setenv("FRONTIER_SHARED_DATA", filepath.Join(dir, "nowhere"))
	r := &recorder{TB: t}
	SharedDir(r)
	if r.how != "fail" || !strings.Contains(r.msg, "nowhere") {
		t.Errorf("a missing shared folder under CI ended the test with %s %q, want a failure naming it", r.how, r.msg)
	}
}
