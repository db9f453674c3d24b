package site

import (
	"bytes"
	"html"
	"strings"
)

// htmlTag is one start tag of a page: what the link checker needs to know about it.
type htmlTag struct {
	Name  string // lower case, e.g. "link"
	Attrs []htmlAttr
	Line  int    // 1-based line of the '<'
	Text  string // the raw content of a <script> or <style> element, "" for other tags
}

// htmlAttr is one attribute, its name lower case and its value with character references resolved.
type htmlAttr struct{ Name, Value string }

// Attr returns the value of the attribute name, and whether the tag has it.
func (t htmlTag) Attr(name string) (string, bool) {
	for _, a := range t.Attrs {
		if a.Name == name {
			return a.Value, true
		}
	}
	return "", false
}

// scanTags lists the start tags of an HTML document in order. It is not a full HTML5 parser
// (Frontier has no dependency for one): it knows what a page from html/template or goldmark
// can hold, which is comments, doctype, quoted and bare attributes, and the raw text of
// <script> and <style>, whose "<" never starts a tag. Malformed input gives fewer tags, never
// a panic.
func scanTags(src []byte) []htmlTag {
	var tags []htmlTag
	line := 1
	i := 0
	advance := func(j int) { // move i to j, counting lines
		line += bytes.Count(src[i:j], []byte("\n"))
		i = j
	}
	for i < len(src) {
		lt := bytes.IndexByte(src[i:], '<')
		if lt < 0 {
			break
		}
		advance(i + lt)
		rest := src[i:]
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			end := bytes.Index(rest[4:], []byte("-->"))
			if end < 0 {
				return tags
			}
			advance(i + 4 + end + 3)
			continue
		case len(rest) > 1 && (rest[1] == '!' || rest[1] == '?' || rest[1] == '/'):
			end := bytes.IndexByte(rest, '>')
			if end < 0 {
				return tags
			}
			advance(i + end + 1)
			continue
		case len(rest) < 2 || !isASCIILetter(rest[1]):
			advance(i + 1) // a bare "<" in text
			continue
		}
		tag, n := scanStartTag(rest)
		tag.Line = line
		if n < 0 {
			return append(tags, tag) // unterminated tag: keep what was read
		}
		advance(i + n)
		if tag.Name == "script" || tag.Name == "style" {
			closing := []byte("</" + tag.Name)
			end := indexFold(src[i:], closing)
			if end < 0 {
				end = len(src) - i
			}
			tag.Text = string(src[i : i+end])
			advance(i + end)
		}
		tags = append(tags, tag)
	}
	return tags
}

// scanStartTag reads "<name attr=value ...>" at the start of s. It returns the tag and the
// bytes consumed, or -1 when s ends inside the tag.
func scanStartTag(s []byte) (htmlTag, int) {
	var t htmlTag
	i := 1
	start := i
	for i < len(s) && !isHTMLSpace(s[i]) && s[i] != '>' && s[i] != '/' {
		i++
	}
	t.Name = strings.ToLower(string(s[start:i]))
	for {
		for i < len(s) && (isHTMLSpace(s[i]) || s[i] == '/') {
			i++
		}
		if i >= len(s) {
			return t, -1
		}
		if s[i] == '>' {
			return t, i + 1
		}
		start = i
		for i < len(s) && !isHTMLSpace(s[i]) && s[i] != '>' && s[i] != '=' && (s[i] != '/' || i == start) {
			i++
		}
		name := strings.ToLower(string(s[start:i]))
		for i < len(s) && isHTMLSpace(s[i]) {
			i++
		}
		if i >= len(s) || s[i] != '=' {
			t.Attrs = append(t.Attrs, htmlAttr{Name: name})
			continue
		}
		i++ // '='
		for i < len(s) && isHTMLSpace(s[i]) {
			i++
		}
		if i >= len(s) {
			return t, -1
		}
		var val []byte
		if q := s[i]; q == '"' || q == '\'' {
			end := bytes.IndexByte(s[i+1:], q)
			if end < 0 {
				return t, -1
			}
			val = s[i+1 : i+1+end]
			i += end + 2
		} else {
			start := i
			for i < len(s) && !isHTMLSpace(s[i]) && s[i] != '>' {
				i++
			}
			val = s[start:i]
		}
		t.Attrs = append(t.Attrs, htmlAttr{Name: name, Value: html.UnescapeString(string(val))})
	}
}

// indexFold is bytes.Index ignoring ASCII case, for closing tags such as "</SCRIPT".
// sep must start with '<', which lets the search jump from one '<' to the next.
func indexFold(s, sep []byte) int {
	for i := 0; ; i++ {
		lt := bytes.IndexByte(s[i:], '<')
		if lt < 0 {
			return -1
		}
		i += lt
		if i+len(sep) > len(s) {
			return -1
		}
		if bytes.EqualFold(s[i:i+len(sep)], sep) {
			return i
		}
	}
}

func isHTMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
