// Package placeholder fills the {name} placeholders of a catalog's strings, and reads them
// back: Match finds what a message filled a template with, so that a message worded in one
// language can be said in another (the "your run" decoder's problems, cmd/frontier-wasm).
package placeholder

import "strings"

// Fill replaces each {name} in s by value(name), in one pass, so that a value holding "{x}"
// stays as it is. A placeholder value does not know (ok false) stays as it is.
func Fill(s string, value func(name string) (string, bool)) string {
	if !strings.Contains(s, "{") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			break
		}
		name := s[i+1 : i+j]
		b.WriteString(s[:i])
		if v, ok := value(name); ok {
			b.WriteString(v)
		} else {
			b.WriteString(s[i : i+j+1])
		}
		s = s[i+j+1:]
	}
	b.WriteString(s)
	return b.String()
}

// Match reports whether msg is template tmpl with its {placeholders} filled, and with what. A
// placeholder holds at least one byte, the same text wherever it appears twice, and the
// shortest text after which the rest still matches.
func Match(tmpl, msg string) (map[string]string, bool) {
	args := map[string]string{}
	var walk func(tmpl, msg string) bool
	walk = func(tmpl, msg string) bool {
		i := strings.IndexByte(tmpl, '{')
		if i < 0 {
			return tmpl == msg
		}
		if !strings.HasPrefix(msg, tmpl[:i]) {
			return false
		}
		j := strings.IndexByte(tmpl[i:], '}')
		if j < 0 {
			return tmpl == msg
		}
		name, rest := tmpl[i+1:i+j], tmpl[i+j+1:]
		msg = msg[i:]
		had, bound := args[name]
		for end := 1; end <= len(msg); end++ {
			if bound && msg[:end] != had {
				continue
			}
			args[name] = msg[:end]
			if walk(rest, msg[end:]) {
				return true
			}
		}
		if !bound {
			delete(args, name)
		}
		return false
	}
	if !walk(tmpl, msg) {
		return nil, false
	}
	return args, true
}
