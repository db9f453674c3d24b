package input

// The JSON scanner under the load stage's decoder (decode.go): syntax, containers, strings and
// numbers, with the same error wording as encoding/json so authors recognise it. The decoder
// drives it value by value with the JSON path of each, which is what lets the load stage report
// every wrong value with its place and carry on.

import (
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// syntax ends the parse with a syntax error at byte offset off.
func (d *decoder) syntax(off int, format string, args ...any) {
	panic(&syntaxError{off: off, msg: fmt.Sprintf(format, args...)})
}

// eof ends the parse at the end of the input.
func (d *decoder) eof() {
	d.syntax(len(d.data), "unexpected end of JSON input")
}

// quoteChar shows the character at off the way encoding/json does: 'x'.
func quoteChar(data []byte, off int) string {
	r, _ := utf8.DecodeRune(data[off:])
	return strconv.QuoteRune(r)
}

// ws skips whitespace.
func (d *decoder) ws() {
	p := d.pos
	for p < len(d.data) && isSpace[d.data[p]] {
		p++
	}
	d.pos = p
}

// isSpace is JSON's whitespace, as a table: pretty-printed data is mostly indentation.
var isSpace = [256]bool{' ': true, '\t': true, '\n': true, '\r': true}

// valueStart skips whitespace and returns where the next value starts.
func (d *decoder) valueStart() int {
	d.ws()
	return d.pos
}

// fields walks the object at the current position, calling fn with each key and the position
// at its value; fn must consume the value. A value that is not an object is reported
// (want an object) and skipped, and fields returns false.
func (d *decoder) fields(fn func(key []byte)) bool {
	if !d.open('{', "an object") {
		return false
	}
	for more := !d.close('}'); more; more = d.next('}', "after object key:value pair") {
		d.ws()
		if d.pos >= len(d.data) {
			d.eof()
		}
		if d.data[d.pos] != '"' {
			d.syntax(d.pos, "invalid character %s looking for beginning of object key string", quoteChar(d.data, d.pos))
		}
		kstart := d.pos
		slow := d.scanString()
		key := d.data[kstart+1 : d.pos-1]
		if slow {
			key = unescape(key)
		}
		d.ws()
		if d.pos >= len(d.data) {
			d.eof()
		}
		if d.data[d.pos] != ':' {
			d.syntax(d.pos, "invalid character %s after object key", quoteChar(d.data, d.pos))
		}
		d.pos++
		d.path = append(d.path, seg{key: key})
		fn(key)
		d.path = d.path[:len(d.path)-1]
	}
	return true
}

// elements walks the array at the current position, calling fn with each index; fn must
// consume the element. A value that is not an array is reported and skipped.
func (d *decoder) elements(fn func(i int)) bool {
	if !d.open('[', "an array") {
		return false
	}
	for i, more := 0, !d.close(']'); more; i, more = i+1, d.next(']', "after array element") {
		d.path = append(d.path, seg{idx: i})
		fn(i)
		d.path = d.path[:len(d.path)-1]
	}
	return true
}

// open enters the container that opens with the byte open at the current position. Any other
// value is reported as not being what (an object, an array), skipped, and open returns false.
func (d *decoder) open(open byte, what string) bool {
	start := d.valueStart()
	if start >= len(d.data) {
		d.eof()
	}
	if d.data[start] != open {
		k, raw := d.value()
		d.problem(start, "want %s, got %s", what, describe(k, raw))
		return false
	}
	d.enter()
	d.pos++
	return true
}

// close consumes the closing byte of an empty container, reporting whether it was there.
func (d *decoder) close(end byte) bool {
	d.ws()
	if d.pos < len(d.data) && d.data[d.pos] == end {
		d.pos++
		d.depth--
		return true
	}
	return false
}

// next consumes what follows a member: a comma (true: another member follows) or the
// container's closing byte (false). Anything else is a syntax error, described by after.
func (d *decoder) next(end byte, after string) bool {
	d.ws()
	if d.pos >= len(d.data) {
		d.eof()
	}
	switch d.data[d.pos] {
	case ',':
		d.pos++
		return true
	case end:
		d.pos++
		d.depth--
		return false
	}
	d.syntax(d.pos, "invalid character %s %s", quoteChar(d.data, d.pos), after)
	return false
}

func (d *decoder) enter() {
	d.depth++
	if d.depth > maxDepth {
		d.syntax(d.pos, "exceeded max depth of %d nested objects and arrays", maxDepth)
	}
}

// skip consumes a value the schema does not know, checking its syntax.
func (d *decoder) skip() { d.value() }

// value consumes any value and returns its kind and its bytes as written.
func (d *decoder) value() (kind, []byte) {
	start := d.valueStart()
	if start >= len(d.data) {
		d.eof()
	}
	var k kind
	switch c := d.data[start]; {
	case c == '"':
		k = kString
		d.scanString()
	case c == '-' || c >= '0' && c <= '9':
		k = kNumber
		d.scanNumber()
	case c == 't':
		k = kTrue
		d.literal("true")
	case c == 'f':
		k = kFalse
		d.literal("false")
	case c == 'n':
		k = kNull
		d.literal("null")
	case c == '{':
		k = kObject
		d.fields(func([]byte) { d.value() })
	case c == '[':
		k = kArray
		d.elements(func(int) { d.value() })
	default:
		d.syntax(start, "invalid character %s looking for beginning of value", quoteChar(d.data, start))
	}
	return k, d.data[start:d.pos]
}

func (d *decoder) literal(lit string) {
	for i := range len(lit) {
		p := d.pos + i
		if p >= len(d.data) {
			d.eof()
		}
		if d.data[p] != lit[i] {
			d.syntax(p, "invalid character %s in literal %s (expecting %s)", quoteChar(d.data, p), lit, strconv.QuoteRune(rune(lit[i])))
		}
	}
	d.pos += len(lit)
}

// scanNumber consumes a number with JSON's exact grammar.
func (d *decoder) scanNumber() {
	data, p := d.data, d.pos
	if data[p] == '-' {
		p++
	}
	if p < len(data) && data[p] == '0' {
		p++
	} else {
		p = d.digits(p, "in numeric literal")
	}
	if p < len(data) && data[p] == '.' {
		p = d.digits(p+1, "after decimal point in numeric literal")
	}
	if p < len(data) && (data[p] == 'e' || data[p] == 'E') {
		p++
		if p < len(data) && (data[p] == '+' || data[p] == '-') {
			p++
		}
		p = d.digits(p, "in exponent of numeric literal")
	}
	d.pos = p
}

// digits consumes one or more digits from p and returns the offset after them.
func (d *decoder) digits(p int, what string) int {
	data := d.data
	if p >= len(data) {
		d.eof()
	}
	if data[p] < '0' || data[p] > '9' {
		d.syntax(p, "invalid character %s %s", quoteChar(data, p), what)
	}
	for p++; p < len(data) && data[p] >= '0' && data[p] <= '9'; p++ {
	}
	return p
}

// scanString consumes the string at d.pos and reports whether its content needs decoding
// (escapes or invalid UTF-8); valid UTF-8 without escapes is used as is.
func (d *decoder) scanString() (slow bool) {
	data, p := d.data, d.pos+1
	for {
		for p < len(data) {
			if c := data[p]; c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
				break
			}
			p++
		}
		if p >= len(data) {
			d.eof()
		}
		switch c := data[p]; {
		case c == '"':
			d.pos = p + 1
			return slow
		case c == '\\':
			slow = true
			if p+1 >= len(data) {
				d.eof()
			}
			switch data[p+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				p += 2
			case 'u':
				for i := p + 2; i < p+6; i++ {
					if i >= len(data) {
						d.eof()
					}
					if !isHex(data[i]) {
						d.syntax(i, `invalid character %s in \u hexadecimal character escape`, quoteChar(data, i))
					}
				}
				p += 6
			default:
				d.syntax(p+1, "invalid character %s in string escape code", quoteChar(data, p+1))
			}
		case c < 0x20:
			d.syntax(p, "invalid character %s in string literal", quoteChar(data, p))
		default:
			r, size := utf8.DecodeRune(data[p:])
			if r == utf8.RuneError && size == 1 {
				slow = true
			}
			p += size
		}
	}
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// unescape decodes a string's content (already checked by scanString) the way encoding/json
// does: invalid UTF-8 and unpaired surrogates become U+FFFD.
func unescape(s []byte) []byte {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\':
			switch s[i+1] {
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				r := hex4(s[i+2:])
				i += 6
				if utf16.IsSurrogate(r) {
					r2 := rune(-1)
					if i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
						r2 = hex4(s[i+2:])
					}
					if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
						r = dec
						i += 6
					} else {
						r = utf8.RuneError
					}
				}
				out = utf8.AppendRune(out, r)
				continue
			default: // '"', '\\', '/'
				out = append(out, s[i+1])
			}
			i += 2
		case c < utf8.RuneSelf:
			out = append(out, c)
			i++
		default:
			r, size := utf8.DecodeRune(s[i:])
			out = utf8.AppendRune(out, r) // RuneError for an invalid byte
			i += size
		}
	}
	return out
}

func hex4(s []byte) rune {
	var r rune
	for _, c := range s[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		default:
			c -= 'A' - 10
		}
		r = r<<4 | rune(c)
	}
	return r
}
