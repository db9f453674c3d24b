package testenv

import (
	"fmt"
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
