package config

import (
	"strings"
	"testing"
)

func TestLicenseSetting(t *testing.T) {
	for _, c := range []struct {
		toml, url, problem string
	}{
		{`license = "CC-BY-4.0"`, "https://spdx.org/licenses/CC-BY-4.0.html", ""},
		{`license = "https://example.org/data-licence"`, "https://example.org/data-licence", ""},
		{``, "", ""},
		{`license = "javascript://x"`, "", "frontier.toml: license: want an http or https URL"},
		{`license = "all rights reserved"`, "", "frontier.toml: license: want an SPDX licence identifier"},
		{`license = 4`, "", "frontier.toml: license: want a string"},
	} {
		cfg, ps := ParseConfig("frontier.toml", []byte(c.toml))
		if c.problem == "" {
			if len(ps) > 0 {
				t.Errorf("%s: %v", c.toml, ps)
			}
			if got := cfg.LicenseURL(); got != c.url {
				t.Errorf("%s: LicenseURL() = %q, want %q", c.toml, got, c.url)
			}
			continue
		}
		if len(ps) != 1 || !strings.HasPrefix(ps[0].String(), c.problem) {
			t.Errorf("%s: problems %v, want one starting %q", c.toml, ps, c.problem)
		}
	}
}
