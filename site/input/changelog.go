// The changelog is the build's alone: "your run" in the reader's browser (cmd/frontier-wasm)
// has none, and leaving this file out of the WebAssembly keeps YAML's decoder out of it.

//go:build !(js && wasm)

package input

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/frontier-bench/frontier/site/problem"
)

// Change is one entry of the changelog.
type Change struct {
	Date string // YYYY-MM-DD
	// Configs are globs (path.Match: *, ?, [...]) over configuration keys written as InferenceX's
	// perf-changelog.yaml writes them, <model>-<precision>-<gpu>-<framework>:
	// "dsr1-fp4-b200-sglang*".
	Configs     []string
	Description string
	Link        string // an https URL, or ""
	Line        int    // the entry's line in the file, for problems found later
}

// Matches reports whether one of the entry's globs names the configuration key (lowercase).
func (c Change) Matches(key string) bool {
	for _, g := range c.Configs {
		if ok, _ := path.Match(g, key); ok {
			return true
		}
	}
	return false
}

// changeKeys are the keys an entry may have; InferenceX's own names (config-keys, pr-link) are
// accepted too, so its perf-changelog.yaml needs only dates added.
var changeKeys = map[string]string{
	"date": "date", "configs": "configs", "config-keys": "configs",
	"description": "description", "link": "link", "pr-link": "link",
}

// maxChangelogSize bounds the changelog: years of daily entries fit in a fraction of it.
const maxChangelogSize = 4 << 20

// yamlLine picks the line out of yaml.v3's syntax errors ("yaml: line 3: ...").
var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// LoadChangelog reads data/changelog.yaml when there is one (nil and no problems when there is
// not). Every malformed entry is a problem naming the file and line; entries with problems are
// left out, and entries come back in file order.
func LoadChangelog(fsys fs.FS, prefix string) ([]Change, problem.Problems) {
	data, err := fs.ReadFile(fsys, ChangelogFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	name := prefix + ChangelogFile
	if err != nil {
		return nil, problem.Problems{{File: name, Msg: "cannot read: " + ErrText(err)}}
	}
	if len(data) > maxChangelogSize {
		return nil, problem.Problems{{File: name, Msg: fmt.Sprintf("%d KiB is over the %d KiB a changelog may have", len(data)>>10, maxChangelogSize>>10)}}
	}
	return ParseChangelog(name, data)
}

// ParseChangelog reads a changelog's text; name is how problems call the file. The file is a
// YAML list of entries, each with date, configs (a glob or a list of globs), description (text
// or a list of lines) and an optional link.
func ParseChangelog(name string, data []byte) ([]Change, problem.Problems) {
	var ps problem.Problems
	bad := func(line int, format string, args ...any) {
		ps = append(ps, problem.Problem{File: name, Line: line, Msg: fmt.Sprintf(format, args...)})
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		msg, line := strings.TrimPrefix(err.Error(), "yaml: "), 1
		if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
			line, _ = strconv.Atoi(m[1])
			msg = m[2]
		}
		bad(line, "%s", msg)
		return nil, ps
	}
	if len(doc.Content) == 0 {
		return nil, nil // an empty file
	}
	list := doc.Content[0]
	if list.Kind == yaml.ScalarNode && list.Tag == "!!null" {
		return nil, nil
	}
	if list.Kind != yaml.SequenceNode {
		bad(list.Line, "want a list of entries (- date: ...), got %s", kindName(list))
		return nil, ps
	}
	var out []Change
	for _, e := range list.Content {
		if c, ok := parseChange(e, bad); ok {
			out = append(out, c)
		}
	}
	return out, ps
}

// parseChange reads one entry, reporting every problem with it through bad.
func parseChange(e *yaml.Node, bad func(line int, format string, args ...any)) (Change, bool) {
	c := Change{Line: e.Line}
	if e.Kind != yaml.MappingNode {
		bad(e.Line, "entry: want date, configs, description and link keys, got %s", kindName(e))
		return c, false
	}
	n := 0
	fail := func(line int, format string, args ...any) {
		n++
		bad(line, format, args...)
	}
	seen := map[string]int{}
	for i := 0; i+1 < len(e.Content); i += 2 {
		k, v := e.Content[i], e.Content[i+1]
		key, known := changeKeys[k.Value]
		if !known {
			fail(k.Line, "unknown key %q (want date, configs, description, link)", k.Value)
			continue
		}
		if first, dup := seen[key]; dup {
			fail(k.Line, "%s given twice (first on line %d)", key, first)
			continue
		}
		seen[key] = k.Line
		switch key {
		case "date":
			if v.Kind != yaml.ScalarNode || !isDate(v.Value) {
				fail(v.Line, "date: want a date as YYYY-MM-DD, got %s", shown(v))
				continue
			}
			c.Date = v.Value
		case "configs":
			globs, ok := texts(v)
			if !ok || len(globs) == 0 {
				fail(v.Line, "configs: want a glob or a list of globs such as dsr1-fp4-b200-sglang*, got %s", shown(v))
				continue
			}
			for _, g := range globs {
				g = strings.ToLower(strings.TrimSpace(g))
				if _, err := path.Match(g, ""); err != nil || g == "" {
					fail(v.Line, "configs: %q is not a glob (*, ? and [...] match; a [ needs its ])", g)
					continue
				}
				c.Configs = append(c.Configs, g)
			}
		case "description":
			lines, ok := texts(v)
			d := strings.TrimSpace(strings.Join(lines, " "))
			if !ok || d == "" {
				fail(v.Line, "description: want text or a list of lines, got %s", shown(v))
				continue
			}
			c.Description = d
		case "link":
			u, err := url.Parse(v.Value)
			if v.Kind != yaml.ScalarNode || err != nil || u.Scheme != "https" || u.Host == "" {
				fail(v.Line, "link: want an https:// URL, got %s", shown(v))
				continue
			}
			c.Link = u.String()
		}
	}
	for _, req := range []string{"date", "configs", "description"} {
		if _, ok := seen[req]; !ok {
			fail(e.Line, "entry lacks %s", req)
		}
	}
	return c, n == 0
}

// texts reads a scalar or a list of scalars.
func texts(v *yaml.Node) ([]string, bool) {
	switch v.Kind {
	case yaml.ScalarNode:
		if v.Tag == "!!null" {
			return nil, false
		}
		return []string{v.Value}, true
	case yaml.SequenceNode:
		out := make([]string, 0, len(v.Content))
		for _, c := range v.Content {
			if c.Kind != yaml.ScalarNode || c.Tag == "!!null" {
				return nil, false
			}
			out = append(out, c.Value)
		}
		return out, true
	}
	return nil, false
}

// kindName says what a node is, in the author's words.
func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "keys and values"
	case yaml.AliasNode:
		return "an alias"
	}
	return shown(n)
}

// shown quotes a value for a problem, or names its kind when it is not a scalar.
func shown(n *yaml.Node) string {
	if n.Kind != yaml.ScalarNode {
		return kindName(n)
	}
	if n.Tag == "!!null" {
		return "nothing"
	}
	return strconv.Quote(n.Value)
}
