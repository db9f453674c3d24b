package placeholder

import (
	"fmt"
	"strings"
	"testing"
)

func lookup(args map[string]string) func(string) (string, bool) {
	return func(name string) (string, bool) { v, ok := args[name]; return v, ok }
}

func TestFill(t *testing.T) {
	for _, c := range []struct {
		s    string
		args map[string]string
		want string
	}{
		{"{a} and {b}", map[string]string{"a": "{b}", "b": "x"}, "{b} and x"}, // one pass
		{"{a} and {c}", map[string]string{"a": "1"}, "1 and {c}"},             // unknown stays
		{"no placeholder", map[string]string{"a": "1"}, "no placeholder"},
		{"open {a", map[string]string{"a": "1"}, "open {a"},
		{"{a}{a}", map[string]string{"a": "é"}, "éé"},
	} {
		if got := Fill(c.s, lookup(c.args)); got != c.want {
			t.Errorf("Fill(%q, %v) = %q, want %q", c.s, c.args, got, c.want)
		}
	}
}

func TestMatch(t *testing.T) {
	for _, c := range []struct{ tmpl, msg, want string }{
		{"want a number, got {got}", `want a number, got "x, y"`, `map[got:"x, y"]`},
		{"it looks like {format} (it has {has}) but lacks {lacks}", "it looks like an LLMPerf summary (it has a, b) but lacks c",
			"map[format:an LLMPerf summary has:a, b lacks:c]"},
		{"missing required field", "missing required field (want \"v1\")", "no"},
		{"number {got} is out of range", "want a number, got 1", "no"},
		{"{a}", "", "no"},
		{"{a} or {a}", "x or y", "no"},
		{"{a} or {a}", "x or x", "map[a:x]"},
	} {
		args, ok := Match(c.tmpl, c.msg)
		got := fmt.Sprint(args)
		if !ok {
			got = "no"
		}
		if got != c.want {
			t.Errorf("Match(%q, %q) = %s, want %s", c.tmpl, c.msg, got, c.want)
		}
	}
}

// FuzzMatch: whatever Match takes from a message, filling the template with it gives the
// message back.
func FuzzMatch(f *testing.F) {
	for _, s := range []string{"want a number, got {got}", "it looks like {format} (it has {has}) but lacks {lacks}",
		"its concurrency ({conc}) is that of benchmarks[{other}]: one point per concurrency, the first kept", "must not be empty"} {
		f.Add(s, strings.ReplaceAll(s, "{", "x{"))
	}
	f.Add("want a number, got {got}", `want a number, got "x, got y"`)
	f.Fuzz(func(t *testing.T, tmpl, msg string) {
		args, ok := Match(tmpl, msg)
		if !ok {
			return
		}
		for _, v := range args {
			if strings.ContainsAny(v, "{}") {
				return // Fill leaves a placeholder in a value as it is, and so may differ
			}
		}
		if got := Fill(tmpl, lookup(args)); got != msg {
			t.Errorf("Match(%q, %q) = %v, and Fill gives %q", tmpl, msg, args, got)
		}
	})
}
