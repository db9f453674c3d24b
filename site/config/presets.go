package config

import (
	"fmt"
	"strings"
)

// PresetConfig is one [[presets]] entry: a curated view of a chart page ("B200 vs H200,
// DeepSeek-R1 8k/1k, best per GPU"), a link the home page, llms.txt, /api/v1/index.json and
// `frontier mcp` list. Page is the chart page's path ("/deepseek-r1-0528/8k-1k/"), Fragment
// the view's URL fragment without '#' ("gpus=b200,h200&best=1"); the build checks both against
// the page (site/pipeline), here only their form.
type PresetConfig struct {
	Name        string `toml:"name"`
	Page        string `toml:"page"`
	Fragment    string `toml:"fragment"`
	Description string `toml:"description"`
}

// PresetPath is the chart page path a preset names, as pages' paths are kept: no leading
// slash, one trailing ("deepseek-r1-0528/8k-1k/").
func (p PresetConfig) PresetPath() string {
	return strings.Trim(strings.TrimSpace(p.Page), "/") + "/"
}

// validatePresets checks [[presets]]: each has a name no other has, a page, and a fragment
// without its '#'.
func (c *Config) validatePresets(name string) Problems {
	var ps Problems
	seen := map[string]int{}
	for i, p := range c.Presets {
		at := fmt.Sprintf("presets[%d].", i)
		bad := func(key, format string, args ...any) {
			ps = append(ps, Problem{File: name, Path: at + key, Msg: fmt.Sprintf(format, args...)})
		}
		n := strings.TrimSpace(p.Name)
		switch j, dup := seen[strings.ToLower(n)]; {
		case n == "":
			bad("name", "missing: what the link is called (\"B200 vs H200, best per GPU\")")
		case dup:
			bad("name", "%q is also presets[%d]'s name", n, j)
		default:
			seen[strings.ToLower(n)] = i
		}
		if strings.Trim(strings.TrimSpace(p.Page), "/") == "" {
			bad("page", "missing: the chart page's path (\"/deepseek-r1-0528/8k-1k/\")")
		} else if strings.ContainsAny(p.Page, "#?: \t") {
			bad("page", "want the chart page's path, as \"/deepseek-r1-0528/8k-1k/\", got %q (the view goes in fragment)", p.Page)
		}
		switch {
		case strings.HasPrefix(p.Fragment, "#"):
			bad("fragment", "%q: leave out the '#'", p.Fragment)
		case strings.ContainsAny(p.Fragment, " \t\n\"'<>()`\\#?"):
			bad("fragment", "%q: a fragment is key=value pairs joined by '&' (\"gpus=b200,h200&best=1\"), without spaces, quotes or brackets", p.Fragment)
		}
	}
	return ps
}
