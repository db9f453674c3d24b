package input

// Syntax errors: jsontext finds them, and this file says them in the words authors know from
// encoding/json ("invalid character 'x' after object key:value pair", "unexpected end of JSON
// input"), at the file's line and column. Go 1.27's encoding/json, itself over jsontext, says
// most of them so too; a bad escape it now words its own way, and authors keep the old words.

import (
	"bytes"
	"encoding/json/jsontext"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/frontier-bench/frontier/site/problem"
)

// maxDepth bounds nesting, so a hostile file cannot exhaust the stack: jsontext's limit, the
// same as encoding/json's.
const maxDepth = 10000

// syntaxError ends decoding; it travels by panic so the parser's happy path has no error checks.
type syntaxError struct {
	off int
	msg string
}

// catchSyntax runs parse, the decoding of one file, and returns the syntax error that ended it,
// or nil. A syntaxError travels by panic so that the parser's happy path has no error checks;
// this is the one place that catches it, for every format and for the head scans. errHeadDone
// (a scan that has read all it needs) ends parse without an error. Any other panic is a bug,
// and goes on.
func catchSyntax(parse func()) (se *syntaxError) {
	defer func() {
		switch r := recover(); r.(type) {
		case nil:
		case *syntaxError:
			se = r.(*syntaxError)
		default:
			if r != errHeadDone {
				panic(r)
			}
		}
	}()
	parse()
	return nil
}

// problems is a syntax error as the one problem of file name: past a syntax error nothing is
// certain, so it is the only problem reported for that file.
func (se *syntaxError) problems(name string, data []byte) problem.Problems {
	line, col := lineCol(data, se.off)
	return problem.Problems{{File: name, Line: line, Col: col, Msg: se.msg}}
}

// lineCol turns a byte offset into a 1-based line and a 1-based column in characters.
func lineCol(data []byte, off int) (line, col int) {
	off = min(off, len(data))
	line = 1
	start := 0
	for i, c := range data[:off] {
		if c == '\n' {
			line++
			start = i + 1
		}
	}
	return line, utf8.RuneCount(data[start:off]) + 1
}

// fail ends the parse on err, the error of a jsontext read.
//
// The decoder reads token by token, and where a token is wrong jsontext words the error by
// what the token stream expected ("at start of value" for a missing object name, say). Read as
// one value, the file gets the error that names the structure around it, as encoding/json
// does; so on an error the file is read once more that way, and that error is the one reported.
// Both readings stop at the first byte that cannot be JSON, so this changes the words and not
// the place, and it costs nothing until a file is broken.
func (d *decoder) fail(err error) {
	v := jsontext.NewDecoder(bytes.NewBuffer(d.data[d.base:]), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	if _, verr := v.ReadValue(); verr != nil {
		err = verr
	}
	panic(d.syntaxError(err))
}

// syntaxError says a jsontext read error in encoding/json's words, at its offset in d.data.
func (d *decoder) syntaxError(err error) *syntaxError {
	var se *jsontext.SyntacticError
	if !errors.As(err, &se) || se.Err == io.ErrUnexpectedEOF {
		// io.EOF (no value at all) or the end of the input within one; reading from memory,
		// nothing else can fail.
		return &syntaxError{off: len(d.data), msg: "unexpected end of JSON input"}
	}
	off := d.base + int(se.ByteOffset)
	msg := se.Err.Error()
	switch {
	case off >= len(d.data):
		return &syntaxError{off: len(d.data), msg: "unexpected end of JSON input"}
	case strings.HasPrefix(msg, "exceeded max depth"):
		return &syntaxError{off: off, msg: fmt.Sprintf("exceeded max depth of %d nested objects and arrays", maxDepth)}
	case strings.HasPrefix(msg, "invalid escape sequence") && d.data[off] == '\\' && off+1 < len(d.data):
		if d.data[off+1] != 'u' {
			return d.invalid(off+1, "in string escape code")
		}
		for i := off + 2; i < min(off+6, len(d.data)); i++ {
			if !isHex(d.data[i]) {
				return d.invalid(i, `in \u hexadecimal character escape`)
			}
		}
	case strings.HasPrefix(msg, "invalid character "):
		for _, w := range jsonWhere {
			if strings.HasSuffix(msg, " "+w.jsontext) {
				return d.invalid(off, w.json)
			}
		}
		if strings.HasSuffix(msg, " in number (expecting digit)") {
			return d.invalid(off, d.inNumber(off))
		}
		if i := strings.Index(msg, " in literal "); i >= 0 {
			return d.invalid(off, msg[i+1:]) // the same words: in literal true (expecting 'e')
		}
	}
	return &syntaxError{off: off, msg: msg} // jsontext's own words, should it find new errors
}

// jsonWhere is where jsontext says an invalid character is and how encoding/json says it.
var jsonWhere = [...]struct{ jsontext, json string }{
	{"at start of value", "looking for beginning of value"},
	{`at start of string (expecting '"')`, "looking for beginning of object key string"},
	{"after object name (expecting ':')", "after object key"},
	{"after object value (expecting ',' or '}')", "after object key:value pair"},
	{"after array element (expecting ',' or ']')", "after array element"},
	{"in string (expecting non-control character)", "in string literal"},
}

// invalid is the syntax error of the character at off, which is invalid where it is.
func (d *decoder) invalid(off int, where string) *syntaxError {
	return &syntaxError{off: off, msg: "invalid character " + quoteChar(d.data, off) + " " + where}
}

// inNumber says which part of a number the invalid character at off is in, as encoding/json
// does: a digit is wanted after the sign, the decimal point or the exponent's letter and sign.
func (d *decoder) inNumber(off int) string {
	prev := func(i int) byte {
		if off-i < d.base {
			return 0
		}
		return d.data[off-i]
	}
	switch c := prev(1); {
	case c == '.':
		return "after decimal point in numeric literal"
	case c == 'e' || c == 'E' || (c == '+' || c == '-') && (prev(2) == 'e' || prev(2) == 'E'):
		return "in exponent of numeric literal"
	}
	return "in numeric literal"
}

// quoteChar shows the character at off the way encoding/json does: 'x'.
func quoteChar(data []byte, off int) string {
	r, _ := utf8.DecodeRune(data[off:])
	return strconv.QuoteRune(r)
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
