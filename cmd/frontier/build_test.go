package main

import (
	"regexp"
	"slices"
	"strconv"
	"testing"
)

// statsLine is one timed line of `frontier build --stats`: a stage or, indented under "by
// job", a job.
var statsLine = regexp.MustCompile(`(?m)^ {2,4}([a-z]+) +([0-9]+\.[0-9]) ms$`)

// TestBuildStatsSplitsTheTime builds the seed with --stats, with a host in the base URL (every
// card drawn) and without: the stages and the jobs each get a line, and the jobs' times follow
// the work done (cards only when there are cards).
func TestBuildStatsSplitsTheTime(t *testing.T) {
	for _, c := range []struct {
		base  string
		cards bool
	}{{"/", false}, {"https://example.org/", true}} {
		t.Run(c.base, func(t *testing.T) {
			s := newTestSite(t)
			code, stdout, stderr := s.build(t, "--stats", "--base-url", c.base)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			ms := map[string]float64{}
			var order []string
			for _, m := range statsLine.FindAllStringSubmatch(stdout, -1) {
				v, _ := strconv.ParseFloat(m[2], 64)
				ms[m[1]] = v
				order = append(order, m[1])
			}
			want := []string{"load", "assemble", "chart", "render", "write", "compare", "history", "api", "cards"}
			if !slices.Equal(order, want) {
				t.Fatalf("timed lines %v, want %v:\n%s", order, want, stdout)
			}
			if !regexp.MustCompile(`(?m)^  by job\n    compare `).MatchString(stdout) {
				t.Errorf("the jobs are not under a \"by job\" line:\n%s", stdout)
			}
			// The seed page has several GPUs, so compare pages; every page writes an API view.
			for _, job := range []string{"load", "render", "compare", "api"} {
				if ms[job] <= 0 {
					t.Errorf("%s took %.1f ms; want some time:\n%s", job, ms[job], stdout)
				}
			}
			if got := ms["cards"] > 0; got != c.cards {
				t.Errorf("cards took %.1f ms with base URL %s; want time only when cards are drawn:\n%s", ms["cards"], c.base, stdout)
			}
		})
	}
}
