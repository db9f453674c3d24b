package input

// The decoding toolkit every format shares: the inference view (view.go) and the raw results
// (raw.go, rawserve.go) are read by one decoder over the tokenizer of jsonscan.go, with the
// same leaves (str, number, integer, date...), the same problem paths and one way to end on a
// syntax error (catchSyntax).
//
// The decoder is a small schema-driven parser over the file's bytes rather than encoding/json:
// one pass checks the syntax, knows the JSON path of every value (so a wrong leaf is reported as
// "series[3].points[2].y" and decoding carries on to find the next one), copies only the strings
// it keeps, and runs several times faster than reflection, which matters because this stage
// dominates the build.

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/frontier-bench/frontier/site/problem"
)

// maxDepth bounds nesting, so a hostile file cannot exhaust the stack (encoding/json uses the same).
const maxDepth = 10000

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

// skipBOM steps over a UTF-8 byte order mark, which editors on Windows may write.
func skipBOM(d *decoder) {
	if len(d.data) >= 3 && d.data[0] == 0xEF && d.data[1] == 0xBB && d.data[2] == 0xBF {
		d.pos = 3
	}
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

// syntaxError ends decoding; it travels by panic so the parser's happy path has no error checks.
type syntaxError struct {
	off int
	msg string
}

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

// kind is the type of a JSON value, known from its first byte.
type kind uint8

const (
	kString kind = iota
	kNumber
	kTrue
	kFalse
	kNull
	kObject
	kArray
)

// decoder holds one file's parse. Paths are kept as a stack and rendered only for problems.
type decoder struct {
	data  []byte
	pos   int
	depth int
	file  string
	path  []seg
	probs []located
	nerr  int
	strs  map[string]string // interned strings: dates, precisions and keys repeat a lot
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

// once warns when a known field appears twice in one object.
func (d *decoder) once(seen *uint, bit uint) {
	if *seen&bit != 0 {
		d.add(d.at(d.valueStart(), d.pathString(""), true, "given twice; the last one counts"))
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
	start := d.valueStart()
	if start < len(d.data) && d.data[start] == '"' {
		slow := d.scanString()
		s := d.keep(d.data[start:d.pos], slow)
		d.noControls(start, s)
		return s, true
	}
	k, raw := d.value()
	if k != kNull || req {
		d.problem(start, "want a string, got %s", describe(k, raw))
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
	start := d.valueStart()
	s, ok := d.str(req)
	if ok && strings.TrimSpace(s) == "" {
		d.problem(start, "must not be empty")
	}
	return s
}

// date reads a YYYY-MM-DD date.
func (d *decoder) date(req bool) string {
	start := d.valueStart()
	s, ok := d.str(req)
	if ok && !isDate(s) {
		d.problem(start, "want a date as YYYY-MM-DD, got %s", describe(kString, d.data[start:d.pos]))
		return ""
	}
	return s
}

// number reads a finite, non-negative number.
func (d *decoder) number(req bool) (float64, bool) {
	start := d.valueStart()
	k, raw := d.value()
	switch {
	case k == kNumber:
		f, err := strconv.ParseFloat(string(raw), 64)
		if err != nil || math.IsInf(f, 0) {
			d.problem(start, "number %s is out of range", describe(k, raw))
			return 0, false
		}
		if f < 0 {
			d.problem(start, "must not be negative, got %s", describe(k, raw))
			return 0, false
		}
		return f, true
	case k == kNull && !req:
		return 0, false
	}
	d.problem(start, "want a number, got %s", describe(k, raw))
	return 0, false
}

// integer reads an integer. Integral numbers written with a fraction or exponent (1e3, 2.0)
// are accepted as long as they are exact.
func (d *decoder) integer(req, nonNeg bool) (int64, bool) {
	start := d.valueStart()
	k, raw := d.value()
	switch {
	case k == kNumber:
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
	case k == kNull && !req:
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
	start := d.valueStart()
	k, raw := d.value()
	switch {
	case k == kTrue:
		return true, true
	case k == kFalse:
		return false, true
	case k == kNull && !req:
		return false, false
	}
	d.problem(start, "want true or false, got %s", describe(k, raw))
	return false, false
}

// keep turns a token into a string the dataset owns: a string token (quoted) is decoded,
// anything else taken as written. Repeated strings share one copy.
func (d *decoder) keep(tok []byte, slow bool) string {
	if len(tok) > 0 && tok[0] == '"' {
		tok = tok[1 : len(tok)-1]
		if slow {
			return string(unescape(tok)) // rare: escapes or invalid UTF-8
		}
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

// describe shows a wrong value the way the file writes it, shortened.
func describe(k kind, raw []byte) string {
	switch k {
	case kObject:
		return "an object"
	case kArray:
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
	if k == kString {
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
