package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigWarningDoesNotFailTheBuild: a price tier one GPU lacks is a warning in
// frontier.toml (that GPU has no cost in the tier, docs/service-levels.md); build and check
// print it, then succeed with exit 0, and build writes the site.
func TestConfigWarningDoesNotFailTheBuild(t *testing.T) {
	s := newTestSite(t)
	cfg := filepath.Join(s.root, "frontier.toml")
	if err := os.WriteFile(cfg, []byte("[gpus.b200.cost]\nhyperscaler = 6\nneocloud = 3\n\n[gpus.mi355x.cost]\nhyperscaler = 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	warning := filepath.ToSlash(cfg) + `: gpus: warning: price tier "neocloud": mi355x has no price in it, so no cost in that tier` + "\n"
	for _, args := range [][]string{{"check", "--data", s.data}, {"build", "--data", s.data, "--out", s.out}} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), args, &stdout, &stderr); code != exitOK {
			t.Errorf("%s exited %d, want %d:\n%s", args[0], code, exitOK, stderr.String())
		}
		if got := stderr.String(); strings.Count(got, warning) != 1 || strings.Contains(got, "nothing was written") {
			t.Errorf("%s: stderr %q, want the warning once and no refusal", args[0], got)
		}
		if !strings.Contains(stdout.String(), "1 warning") && !strings.Contains(stdout.String(), "warnings        1") {
			t.Errorf("%s: stdout does not count the warning:\n%s", args[0], stdout.String())
		}
	}
	if _, err := os.Stat(filepath.Join(s.out, "keep")); !os.IsNotExist(err) {
		t.Errorf("build kept the old site (%v): it did not write the new one", err)
	}
}

// TestConfigErrorStillFailsTheBuild: beside a warning, an error in frontier.toml still
// refuses build and check, and both are printed, counted as one problem.
func TestConfigErrorStillFailsTheBuild(t *testing.T) {
	s := newTestSite(t)
	cfg := filepath.Join(s.root, "frontier.toml")
	if err := os.WriteFile(cfg, []byte("minSuccess = 2\n[gpus.b200.cost]\nhyperscaler = 6\nneocloud = 3\n\n[gpus.mi355x.cost]\nhyperscaler = 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"check", "--data", s.data}, {"build", "--data", s.data, "--out", s.out}} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), args, &stdout, &stderr); code != exitProblems {
			t.Errorf("%s exited %d, want %d:\n%s", args[0], code, exitProblems, stderr.String())
		}
		for _, want := range []string{"minSuccess: want a share", `warning: price tier "neocloud"`, "frontier: 1 problem; nothing was written\n"} {
			if !strings.Contains(stderr.String(), want) {
				t.Errorf("%s: stderr lacks %q:\n%s", args[0], want, stderr.String())
			}
		}
	}
	s.checkOldSite(t)
}
