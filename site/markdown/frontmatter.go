package markdown

// The YAML front matter of a markdown page: the keys Frontier reads, and problems with the
// line of the author's file they are on.

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/site/fragment"
	"go.abhg.dev/goldmark/frontmatter"
	"gopkg.in/yaml.v3"
)

// frontMatterKeys are the keys a page's front matter may hold, for "unknown key" warnings.
var frontMatterKeys = []string{"title", "description", "weight", "draft", "model", "sequence"}

// yamlLineErr picks the line out of yaml.v3's syntax errors ("yaml: line 3: ...").
var yamlLineErr = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// frontMatter decodes the YAML front matter through yaml.Node rather than straight into a
// struct, so each wrong value is reported on its own line and the rest still apply.
func (r *mdRun) frontMatter(data *frontmatter.Data) {
	if !r.frontMatterClosed() {
		r.problem(1, "front matter is never closed (want a line --- after it)")
		return
	}
	if data == nil {
		return
	}
	// The YAML starts on the line after the opening ---.
	const offset = 1
	var doc yaml.Node
	if err := data.Decode(&doc); err != nil {
		msg := err.Error()
		line := 1
		if m := yamlLineErr.FindStringSubmatch(msg); m != nil {
			n, _ := strconv.Atoi(m[1])
			line, msg = n+offset, m[2]
		} else {
			msg = strings.TrimPrefix(msg, "yaml: ")
		}
		r.problem(line, "front matter: %s", msg)
		return
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return // empty front matter
	}
	m := doc.Content[0]
	if m.Kind == yaml.ScalarNode && m.Tag == "!!null" {
		return
	}
	if m.Kind != yaml.MappingNode {
		r.problem(m.Line+offset, "front matter: want key: value lines")
		return
	}
	p := r.page
	seen := map[string]int{} // key -> its line; yaml.Node keeps duplicates without a word
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		line := v.Line + offset
		if first, dup := seen[k.Value]; dup {
			r.problem(k.Line+offset, "front matter: %s given twice (first on line %d)", k.Value, first)
			continue
		}
		seen[k.Value] = k.Line + offset
		str := func(dst *string) {
			if v.Kind != yaml.ScalarNode {
				r.problem(line, "front matter: %s: want text", k.Value)
				return
			}
			if v.Tag != "!!null" {
				*dst = v.Value
			}
		}
		switch k.Value {
		case "title":
			str(&p.Title)
		case "description":
			str(&p.Description)
		case "model":
			str(&p.Model)
		case "sequence":
			str(&p.Sequence)
		case "weight":
			if v.Kind != yaml.ScalarNode || (v.Tag != "!!int" && v.Tag != "!!null") || v.Decode(&p.Weight) != nil {
				r.problem(line, "front matter: weight: want a whole number, got %q", v.Value)
			}
		case "draft":
			// yes/no/on/off as well as true/false: YAML 1.1 habits, as in chart blocks.
			t, err := parseToggle(v.Value)
			if v.Kind != yaml.ScalarNode || err != nil {
				r.problem(line, "front matter: draft: want true or false, got %q", v.Value)
			}
			p.Draft = t == fragment.ToggleOn
		default:
			r.warning(k.Line+offset, "front matter: unknown key %q ignored (known: %s)", k.Value, strings.Join(frontMatterKeys, ", "))
		}
	}
	p.Title = strings.TrimSpace(p.Title)
	p.Model, p.Sequence = strings.TrimSpace(p.Model), strings.TrimSpace(p.Sequence)
	if (p.Model == "") != (p.Sequence == "") {
		r.problem(m.Line+offset, "front matter: notes for a chart page need both model and sequence")
	}
}

// frontMatterClosed reports whether front matter opened on line 1 is closed again. Unclosed,
// the front matter extension would swallow the whole page without a word.
func (r *mdRun) frontMatterClosed() bool {
	delim := func(line []byte) int {
		line = bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
		if len(line) < 3 || len(bytes.Trim(line, "-")) != 0 {
			return 0
		}
		return len(line)
	}
	lines := bytes.SplitAfter(r.src, []byte("\n"))
	open := delim(lines[0])
	if open == 0 {
		return true
	}
	for _, l := range lines[1:] {
		if delim(l) == open {
			return true
		}
	}
	return false
}
