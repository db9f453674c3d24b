package config

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
)

// spdxID is the shape of an SPDX licence identifier ("CC-BY-4.0", "MIT", "ODbL-1.0"), or of
// an expression's parts joined by " OR "/" AND " (which LicenseURL does not link).
var spdxID = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9.+-]*$`)

// validateLicense checks the license setting: an SPDX identifier or an http(s) URL with a host.
func (c *Config) validateLicense(name string) Problems {
	l := c.License
	if l == "" {
		return nil
	}
	if strings.Contains(l, "://") {
		u, err := url.Parse(l)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return Problems{{File: name, Path: "license", Msg: fmt.Sprintf("want an http or https URL of the licence, got %q", l)}}
		}
		return nil
	}
	if !spdxID.MatchString(l) {
		return Problems{{File: name, Path: "license", Msg: fmt.Sprintf(`want an SPDX licence identifier ("CC-BY-4.0") or the licence's URL, got %q`, l)}}
	}
	return nil
}

// LicenseURL is the license setting as a URL, which schema.org's license wants: the setting
// itself when it is a URL, else the SPDX list's page of the identifier; "" without one.
func (c Config) LicenseURL() string {
	switch {
	case c.License == "":
		return ""
	case strings.Contains(c.License, "://"):
		return c.License
	}
	return "https://spdx.org/licenses/" + c.License + ".html"
}
