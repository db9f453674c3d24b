package output

import (
	"fmt"
	"net/url"
	"strings"
)

// ParseBaseURL reads the address a site is built for: "https://host/path", "/path" or ""
// (the root of its host). The result's Path starts and ends with a slash, so every site URL
// is that path plus a file's slash path.
func ParseBaseURL(s string) (*url.URL, error) {
	if s == "" {
		s = "/"
	}
	u, err := url.Parse(s)
	if err != nil {
		return nil, fmt.Errorf("not a URL: %q", s)
	}
	if u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("want an http or https URL or a path, got %q", s)
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("want no query or fragment in %q", s)
	}
	if !strings.HasPrefix(u.Path, "/") {
		u.Path = "/" + u.Path
	}
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
	}
	u.RawPath = ""
	return u, nil
}
