package input

// The decoding toolkit every format shares: the inference view (view.go) and the raw results
// (raw.go, rawserve.go) are read by one decoder over encoding/json/jsontext's Decoder, with the
// same containers (fields, elements), the same leaves (str, number, integer, date...), the same
// problem paths and one way to end on a syntax error (catchSyntax, syntax.go).
//
// The decoder is a small schema-driven reader of jsontext's tokens and values rather than
// unmarshalling through reflection: one pass checks the syntax, knows the JSON path of every
// value (so a wrong leaf is reported as "series[3].points[2].y" and decoding carries on to find
// the next one), copies only the strings it keeps, and takes a sixth of the time of
// unmarshalling the file and marshalling it again (BenchmarkDecodeReencodeBaseline, the
// yardstick of the performance budget). jsontext reads a bytes.Buffer in place, so a
// value's bytes (ReadValue) and its offset in the file (InputOffset) come without a copy. jsontext
// alone judges the syntax: the decoder itself looks only at the whitespace after the top-level
// value and, to word a syntax error, at the bytes around it (syntax.go).

import (
	"bytes"
	"encoding/json/jsontext"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/frontier-bench/frontier/internal/decimal"
	"github.com/frontier-bench/frontier/site/problem"
)

// located is a problem with the offset it was found at, so problems list in file order
// whatever order the checks ran in.
type located struct {
	off int
	p   problem.Problem
}

// seg is one step of a JSON path: an object key (key != nil) or an array index.
type seg struct {
	key []byte
	idx int
}

// decoder holds one file's parse. Paths are kept as a stack and rendered only for problems.
type decoder struct {
	dec  jsontext.Decoder
	src  bytes.Buffer // what dec reads: data after its byte order mark, read in place
	data []byte       // the whole file
	base int          // where the JSON text starts in data: 3 after a byte order mark, else 0
	// off and end are where the value read last (a leaf, a member's name, or a whole object
	// or array once fields or elements returns) starts and ends in data.
	off, end int
	file     string
	path     []seg
	probs    []located
	nerr     int
	strs     map[string]string // interned strings: dates, precisions and keys repeat a lot
}

// bom is the UTF-8 byte order mark, which editors on Windows may write; every format skips it.
var bom = []byte{0xEF, 0xBB, 0xBF}

// newDecoder starts the parse of data, the file that problems call name.
//
// Duplicate names are jsontext's syntax errors but ours to report: a known field given twice
// is a warning and the last one counts, as encoding/json does. Invalid UTF-8 in a string
// becomes U+FFFD, as encoding/json does, rather than failing the file.
func newDecoder(name string, data []byte) *decoder {
	d := decoders.Get().(*decoder)
	d.data, d.file = data, name
	if bytes.HasPrefix(data, bom) {
		d.base = len(bom)
	}
	d.src = *bytes.NewBuffer(data[d.base:])
	d.dec.Reset(&d.src, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	return d
}

// decoders keeps decoders between files, so that jsontext's state and the interning map are
// made once per core rather than once per file (BenchmarkLoadDataset: about 8% of the time). It
// is a cache, not state: a decoder from it reads as a new one.
var decoders = sync.Pool{New: func() any { return new(decoder) }}

// release gives d back for the next file; nothing of d may be used after, and it holds nothing
// of the file.
func (d *decoder) release() {
	clear(d.strs)
	clear(d.path[:cap(d.path)])
	*d = decoder{dec: d.dec, path: d.path[:0], strs: d.strs}
	d.dec.Reset(&d.src)
	decoders.Put(d)
}

// ---- Reading: every read ends the parse on a syntax error (fail), so callers check none ----

// peek returns the kind of what comes next: a value's, or the end of the object or array.
func (d *decoder) peek() jsontext.Kind {
	k := d.dec.PeekKind()
	if k == jsontext.KindInvalid {
		_, err := d.dec.ReadToken() // the error PeekKind found
		d.fail(err)
	}
	return k
}

// read consumes the next value, or a member's name, whole, and returns its kind and its bytes
// as written; d.off and d.end say where they are.
func (d *decoder) read() (jsontext.Kind, []byte) {
	v, err := d.dec.ReadValue()
	if err != nil {
		d.fail(err)
	}
	d.end = d.base + int(d.dec.InputOffset())
	d.off = d.end - len(v)
	return v.Kind(), v
}

// delim consumes a delimiter token ({ } [ ]) that peek has seen, and returns where it starts.
func (d *decoder) delim() int {
	if _, err := d.dec.ReadToken(); err != nil {
		d.fail(err)
	}
	return d.base + int(d.dec.InputOffset()) - 1
}

// skip consumes a value the schema does not know, checking its syntax.
func (d *decoder) skip() { d.read() }

// top ends the file's one top-level value: anything after it but whitespace is a syntax error,
// as encoding/json has it.
func (d *decoder) top() {
	p := d.base + int(d.dec.InputOffset())
	for p < len(d.data) && isSpace(d.data[p]) {
		p++
	}
	if p < len(d.data) {
		panic(&syntaxError{off: p, msg: "invalid character " + quoteChar(d.data, p) + " after top-level value"})
	}
}

// isSpace is JSON's whitespace.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// fields walks the object that comes next, calling fn with each member's name; fn must consume
// the member's value, and d.off is where its name starts when fn is called. A value that is
// not an object is reported (want an object) and skipped, and fields returns false. Either
// way d.off is then where the value starts.
func (d *decoder) fields(fn func(key []byte)) bool {
	start, ok := d.open(jsontext.KindBeginObject, "an object")
	if !ok {
		return false
	}
	for d.peek() != jsontext.KindEndObject {
		_, name := d.read()
		key := name[1 : len(name)-1]
		if !plain(key) {
			key = unquote(name)
		}
		d.path = append(d.path, seg{key: key})
		fn(key)
		d.path = d.path[:len(d.path)-1]
	}
	d.closing(start)
	return true
}

// elements walks the array that comes next, calling fn with each index; fn must consume the
// element. A value that is not an array is reported and skipped. d.off is then where the value
// starts, as with fields.
func (d *decoder) elements(fn func(i int)) bool {
	start, ok := d.open(jsontext.KindBeginArray, "an array")
	if !ok {
		return false
	}
	for i := 0; d.peek() != jsontext.KindEndArray; i++ {
		d.path = append(d.path, seg{idx: i})
		fn(i)
		d.path = d.path[:len(d.path)-1]
	}
	d.closing(start)
	return true
}

// open enters the object or array (want) that comes next, returning where it starts. Any
// other value is reported as not being what (an object, an array), skipped, and open returns
// false.
func (d *decoder) open(want jsontext.Kind, what string) (int, bool) {
	if d.peek() != want {
		k, raw := d.read()
		d.problem(d.off, "want %s, got %s", what, describe(k, raw))
		return d.off, false
	}
	return d.delim(), true
}

// closing consumes the end of the object or array that started at start.
func (d *decoder) closing(start int) {
	d.end = d.delim() + 1
	d.off = start
}

// ---- Problems and paths ----

// at makes a problem at byte offset off. path is the full JSON path.
func (d *decoder) at(off int, path string, warning bool, msg string) located {
	return located{off: off, p: problem.Problem{File: d.file, Path: path, Msg: msg, Warning: warning}}
}

// add records a problem.
func (d *decoder) add(l located) {
	if !l.p.Warning {
		d.nerr++
	}
	d.probs = append(d.probs, l)
}

// problem records an error about the value starting at off, at the current path.
func (d *decoder) problem(off int, format string, args ...any) {
	d.add(d.at(off, d.pathString(""), false, fmt.Sprintf(format, args...)))
}

// pathString renders the current path, plus child when it is not empty.
func (d *decoder) pathString(child string) string {
	var b []byte
	for _, s := range d.path {
		if s.key == nil {
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(s.idx), 10)
			b = append(b, ']')
			continue
		}
		if len(b) > 0 {
			b = append(b, '.')
		}
		b = append(b, s.key...)
	}
	if child != "" {
		if len(b) > 0 {
			b = append(b, '.')
		}
		b = append(b, child...)
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}

// once warns when a known field appears twice in one object. It is called first thing in a
// fields callback, where d.off is the member's name.
func (d *decoder) once(seen *uint, bit uint) {
	if *seen&bit != 0 {
		d.add(d.at(d.off, d.pathString(""), true, "given twice; the last one counts"))
	}
	*seen |= bit
}

// require reports each field of want missing from seen, for the object starting at start.
// names[i] is the name of field bit 1<<i.
func (d *decoder) require(start int, seen, want uint, names ...string) {
	for i, n := range names {
		if want&^seen&(1<<i) != 0 {
			d.add(d.at(start, d.pathString(n), false, "missing required field"))
		}
	}
}

// ---- Leaves: each reads one value, reports a wrong one, and always consumes it ----

// str reads a string. null is absent (ok false); for a required field it is a type error.
func (d *decoder) str(req bool) (string, bool) {
	k, raw := d.read()
	if k == jsontext.KindString {
		s := d.keep(raw)
		d.noControls(d.off, s)
		return s, true
	}
	if k != jsontext.KindNull || req {
		d.problem(d.off, "want a string, got %s", describe(k, raw))
	}
	return "", false
}

// noControls reports a control character (C0, DEL or C1: NUL, ESC, CR, tab...) in a string.
// None of them can be shown in a page, typed into a view's URL or kept safely in data.csv, and
// in a name they are always an accident (or a trick), so the author hears where it is.
func (d *decoder) noControls(start int, s string) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		r := rune(-1)
		switch {
		case c < 0x20 || c == 0x7f:
			r = rune(c)
		case c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f:
			r = rune(s[i+1])
		}
		if r >= 0 {
			d.problem(start, "contains the control character %U, which no page can show: remove it", r)
			return
		}
	}
}

// text reads a string that must not be empty or blank.
func (d *decoder) text(req bool) string {
	s, ok := d.str(req)
	if ok && strings.TrimSpace(s) == "" {
		d.problem(d.off, "must not be empty")
	}
	return s
}

// date reads a YYYY-MM-DD date.
func (d *decoder) date(req bool) string {
	s, ok := d.str(req)
	if ok && !isDate(s) {
		d.problem(d.off, "want a date as YYYY-MM-DD, got %s", describe(jsontext.KindString, d.last()))
		return ""
	}
	return s
}

// number reads a finite, non-negative number.
func (d *decoder) number(req bool) (float64, bool) {
	k, raw := d.read()
	start := d.off
	switch {
	case k == jsontext.KindNumber:
		f, err := decimal.Parse(raw) // strconv.ParseFloat's value and error, faster (package decimal)
		if err != nil || math.IsInf(f, 0) {
			d.problem(start, "number %s is out of range", describe(k, raw))
			return 0, false
		}
		if f < 0 {
			d.problem(start, "must not be negative, got %s", describe(k, raw))
			return 0, false
		}
		return f, true
	case k == jsontext.KindNull && !req:
		return 0, false
	}
	d.problem(start, "want a number, got %s", describe(k, raw))
	return 0, false
}

// integer reads an integer. Integral numbers written with a fraction or exponent (1e3, 2.0)
// are accepted as long as they are exact.
func (d *decoder) integer(req, nonNeg bool) (int64, bool) {
	k, raw := d.read()
	start := d.off
	switch {
	case k == jsontext.KindNumber:
		var n int64
		if isPlainInt(raw) {
			var err error
			if n, err = strconv.ParseInt(string(raw), 10, 64); err != nil {
				d.problem(start, "integer %s is out of range", describe(k, raw))
				return 0, false
			}
		} else {
			f, err := strconv.ParseFloat(string(raw), 64)
			if err != nil || math.IsInf(f, 0) || math.Abs(f) > 1<<53 {
				d.problem(start, "integer %s is out of range", describe(k, raw))
				return 0, false
			}
			if f != math.Trunc(f) {
				d.problem(start, "want an integer, got %s", describe(k, raw))
				return 0, false
			}
			n = int64(f)
		}
		if nonNeg && n < 0 {
			d.problem(start, "must not be negative, got %s", describe(k, raw))
			return 0, false
		}
		return n, true
	case k == jsontext.KindNull && !req:
		return 0, false
	}
	d.problem(start, "want an integer, got %s", describe(k, raw))
	return 0, false
}

func isPlainInt(raw []byte) bool {
	for _, c := range raw {
		if c == '.' || c == 'e' || c == 'E' {
			return false
		}
	}
	return true
}

// boolean reads true or false.
func (d *decoder) boolean(req bool) (bool, bool) {
	k, raw := d.read()
	start := d.off
	switch {
	case k == jsontext.KindTrue:
		return true, true
	case k == jsontext.KindFalse:
		return false, true
	case k == jsontext.KindNull && !req:
		return false, false
	}
	d.problem(start, "want true or false, got %s", describe(k, raw))
	return false, false
}

// last is the value read last, as written.
func (d *decoder) last() []byte { return d.data[d.off:d.end] }

// keep turns a value into a string the dataset owns: a string (quoted) is decoded, anything
// else taken as written. Repeated strings share one copy.
func (d *decoder) keep(tok []byte) string {
	if len(tok) > 0 && tok[0] == '"' {
		if !plain(tok[1 : len(tok)-1]) {
			return string(unquote(tok)) // rare: escapes or invalid UTF-8
		}
		tok = tok[1 : len(tok)-1]
	}
	if s, ok := d.strs[string(tok)]; ok {
		return s
	}
	if d.strs == nil {
		d.strs = make(map[string]string, 64)
	}
	s := string(tok)
	d.strs[s] = s
	return s
}

// plain reports whether a string's content, as written, is its value: valid UTF-8 without
// escapes, which is nearly every string in a data file.
func plain(s []byte) bool {
	for _, c := range s {
		if c == '\\' || c >= utf8.RuneSelf {
			return bytes.IndexByte(s, '\\') < 0 && utf8.Valid(s)
		}
	}
	return true // ASCII without escapes: names, keys, dates, precisions
}

// unquote decodes a string as written (quoted, and already checked by jsontext) the way
// encoding/json does: invalid UTF-8 and unpaired surrogates become U+FFFD. jsontext reports
// those as an error after decoding the rest; they are not errors here.
func unquote(quoted []byte) []byte {
	s, _ := jsontext.AppendUnquote(nil, quoted)
	return s
}

// describe shows a wrong value the way the file writes it, shortened.
func describe(k jsontext.Kind, raw []byte) string {
	switch k {
	case jsontext.KindBeginObject:
		return "an object"
	case jsontext.KindBeginArray:
		return "an array"
	}
	const limit = 40
	if len(raw) <= limit {
		return strings.ToValidUTF8(string(raw), "\uFFFD")
	}
	cut := limit
	for cut > 0 && !utf8.RuneStart(raw[cut]) {
		cut--
	}
	s := strings.ToValidUTF8(string(raw[:cut]), "\uFFFD") + "…"
	if k == jsontext.KindString {
		s += `"`
	}
	return s
}

// isDate reports whether s is a real calendar date written as YYYY-MM-DD.
func isDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	num := func(t string) int {
		n := 0
		for _, c := range []byte(t) {
			if c < '0' || c > '9' {
				return -1
			}
			n = n*10 + int(c-'0')
		}
		return n
	}
	y, m, day := num(s[:4]), num(s[5:7]), num(s[8:])
	if y < 0 || m < 1 || m > 12 || day < 1 {
		return false
	}
	days := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m-1]
	if m == 2 && y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		days = 29
	}
	return day <= days
}
