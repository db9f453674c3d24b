package config

import (
	"strings"
	"testing"
)

func TestVerdictDefaultsAndTable(t *testing.T) {
	cfg, ps := ParseConfig("frontier.toml", nil)
	if len(ps) > 0 || cfg.Verdict.Threshold != 3 || cfg.Verdict.Consecutive != 1 {
		t.Fatalf("defaults: got %+v, problems %v; want threshold 3, consecutive 1", cfg.Verdict, ps)
	}
	cfg, ps = ParseConfig("frontier.toml", []byte("[verdict]\nthreshold = 5.5\nconsecutive = 3\n"))
	if len(ps) > 0 || cfg.Verdict.Threshold != 5.5 || cfg.Verdict.Consecutive != 3 {
		t.Fatalf("got %+v, problems %v; want threshold 5.5, consecutive 3", cfg.Verdict, ps)
	}
	cfg, ps = ParseConfig("frontier.toml", []byte("[verdict]\nthreshold = 20\n"))
	if len(ps) > 0 || cfg.Verdict.Threshold != 20 || cfg.Verdict.Consecutive != 1 {
		t.Fatalf("a table of one key: got %+v, problems %v; want the other key's default", cfg.Verdict, ps)
	}
	_, ps = ParseConfig("frontier.toml", []byte("[verdict]\nthreshold = -1\nconsecutive = 0\n"))
	got := ps.Error()
	for _, want := range []string{"frontier.toml: verdict.threshold: want a percentage", "frontier.toml: verdict.consecutive: want a number of dates"} {
		if !strings.Contains(got, want) {
			t.Errorf("problems %q lack %q", got, want)
		}
	}
}
