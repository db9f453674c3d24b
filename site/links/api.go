package links

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/site/output"
	"github.com/frontier-bench/frontier/site/problem"
)

// checkAPI checks the static API's two lists of URLs: every URL in api/v1/index.json (every
// string of it that is one: absolute on the site's host, or root-relative), and every path of
// api/v1/openapi.json on its server, a templated path filled in with its parameters' examples.
// A bundle without them has no API links to break.
func (c *linkChecker) checkAPI() error {
	if b, err := fs.ReadFile(c.fsys, output.APIIndex); err == nil {
		page := c.base + output.APIIndex
		var doc any
		if err := json.Unmarshal(b, &doc); err != nil {
			c.broken = append(c.broken, problem.Problem{File: page, Msg: fmt.Sprintf("not JSON: %v", err)})
		} else {
			for _, u := range urlStrings(doc, c.base, nil) {
				c.links++
				if err := c.check(output.APIIndex, page, []string{c.base}, u, true); err != nil {
					return err
				}
			}
		}
	}
	b, err := fs.ReadFile(c.fsys, output.APIOpenAPI)
	if err != nil {
		return nil
	}
	page := c.base + output.APIOpenAPI
	var doc struct {
		Servers []struct {
			URL string `json:"url"`
		} `json:"servers"`
		Paths map[string]struct {
			Get struct {
				Parameters []struct {
					Name    string `json:"name"`
					In      string `json:"in"`
					Example any    `json:"example"`
				} `json:"parameters"`
			} `json:"get"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(b, &doc); err != nil || len(doc.Servers) == 0 {
		c.broken = append(c.broken, problem.Problem{File: page, Msg: fmt.Sprintf("not an OpenAPI document with a server: %v", err)})
		return nil
	}
	server := strings.TrimSuffix(doc.Servers[0].URL, "/")
	for _, p := range slices.Sorted(maps.Keys(doc.Paths)) {
		filled := p
		for _, prm := range doc.Paths[p].Get.Parameters {
			if ex, ok := prm.Example.(string); ok && prm.In == "path" {
				filled = strings.ReplaceAll(filled, "{"+prm.Name+"}", ex)
			}
		}
		c.links++
		if strings.Contains(filled, "{") {
			c.report(page, p+" (a parameter without an example)")
			continue
		}
		if err := c.check(output.APIOpenAPI, page, []string{c.base}, server+filled, true); err != nil {
			return err
		}
	}
	return nil
}

// urlStrings are the strings of a decoded JSON value that are URLs of the site: those that
// start with its base path or with http:// or https://, in document order.
func urlStrings(v any, base string, out []string) []string {
	switch v := v.(type) {
	case string:
		if strings.HasPrefix(v, base) || strings.HasPrefix(v, "http://") || strings.HasPrefix(v, "https://") {
			out = append(out, v)
		}
	case []any:
		for _, x := range v {
			out = urlStrings(x, base, out)
		}
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(v)) {
			out = urlStrings(v[k], base, out)
		}
	}
	return out
}
