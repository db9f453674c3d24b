package config

import (
	"reflect"
	"strings"
	"testing"
)

// TestParseConfigReportsEveryBadSettingWithItsPlace: one file with several mistakes gives one
// problem each, naming the file and the setting (or the line, for TOML that does not parse).
func TestParseConfigReportsEveryBadSettingWithItsPlace(t *testing.T) {
	src := `baseURL = "ftp://x/"
headlineInteractivity = -1
referenceInteractivity = [20, 0]
colour = "red"
[gpus.b200]
cost_per_hour = -2
[[runs]]
path = "["
date = "2026-02-30"
`
	_, ps := ParseConfig("frontier.toml", []byte(src))
	var got []string
	for _, p := range ps {
		if p.File != "frontier.toml" {
			t.Errorf("%v names %q, want frontier.toml", p, p.File)
		}
		got = append(got, p.Path)
	}
	want := []string{"colour", "baseURL", "referenceInteractivity[1]", "headlineInteractivity", "gpus.b200.cost_per_hour", "runs[0].path", "runs[0].date"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems at %q, want %q", got, want)
	}

	_, ps = ParseConfig("frontier.toml", []byte("title = \"a\"\ntitle = \n"))
	if len(ps) != 1 || ps[0].Line != 2 {
		t.Errorf("broken TOML: got %v, want one problem on line 2", ps)
	}
}

// TestDefaultConfigIsValid: a site without frontier.toml builds.
func TestDefaultConfigIsValid(t *testing.T) {
	c := DefaultConfig()
	if ps := c.Validate("frontier.toml"); len(ps) > 0 {
		t.Errorf("the default config has problems: %v", ps)
	}
	if c.BasePath() != "/" || c.HasHost() {
		t.Errorf("default base path %q, host %v; want / and none", c.BasePath(), c.HasHost())
	}
}

// FuzzParseConfig: any bytes give a config or problems, never a panic; every problem names the
// file, and the same bytes give the same problems.
func FuzzParseConfig(f *testing.F) {
	f.Add([]byte("title = \"x\"\nbaseURL = \"https://o.github.io/r/\"\n"))
	f.Add([]byte("[gpus.b200]\ncost_per_hour = 5.5\nkw = 1.2\n[[runs]]\npath = \"a/*.json\"\ngpus = 8\n"))
	f.Add([]byte("[models.dsr1]\nname = \"\"\nreferenceInteractivity = [1e400]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, ps := ParseConfig("frontier.toml", data)
		for _, p := range ps {
			if p.File != "frontier.toml" || strings.TrimSpace(p.Msg) == "" {
				t.Errorf("problem %#v: want the file named and a message", p)
			}
		}
		if len(ps.Errors()) == 0 {
			if !strings.HasPrefix(c.BasePath(), "/") {
				t.Errorf("base path %q of a valid config does not start with /", c.BasePath())
			}
		}
		_, again := ParseConfig("frontier.toml", data)
		if !reflect.DeepEqual(ps, again) {
			t.Errorf("two parses disagree: %v then %v", ps, again)
		}
	})
}
