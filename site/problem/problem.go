// Package problem is how every stage reports what is wrong with the author's input: a Problem
// names the file and the place (line and column, or a JSON path) and prints itself the way
// editors and terminals link it ("FILE:LINE:COL: msg", "FILE: PATH: msg"); Problems collects
// all of them, errors and warnings, so a build reports everything at once. It sits below every
// other package of site and knows nothing of them.
package problem

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Problem is one thing wrong with the author's input, located as precisely as the input allows:
// a line and column for syntax errors, a JSON path for values that parse but are wrong.
type Problem struct {
	File    string // slash path as the author knows it, e.g. "data/x.json"
	Line    int    // 1-based; 0 when the problem has a Path instead
	Col     int
	Path    string // JSON path, e.g. "series[3].points[2].y"
	Msg     string
	Warning bool // warnings are reported but never fail a build
}

// String formats the problem the way editors and terminals link it:
// "FILE:LINE:COL: msg", "FILE: PATH: msg" or "FILE: msg".
func (p Problem) String() string {
	var b strings.Builder
	b.WriteString(p.File)
	switch {
	case p.Line > 0 && p.Col > 0:
		fmt.Fprintf(&b, ":%d:%d", p.Line, p.Col)
	case p.Line > 0:
		fmt.Fprintf(&b, ":%d", p.Line)
	}
	if p.Path != "" {
		b.WriteString(": ")
		b.WriteString(p.Path)
	}
	if p.Warning {
		b.WriteString(": warning")
	}
	b.WriteString(": ")
	b.WriteString(p.Msg)
	return b.String()
}

// Problems is every problem a stage found. As an error it lists them all, one per line,
// so an author fixes everything in one pass instead of one error per build.
type Problems []Problem

// Error lists every problem, one per line.
func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.String()
	}
	return strings.Join(lines, "\n")
}

// Sort orders problems by file, then position, so output is stable whatever order they were found in.
func (ps Problems) Sort() {
	slices.SortStableFunc(ps, func(a, b Problem) int {
		return cmp.Or(
			cmp.Compare(a.File, b.File),
			cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.Col, b.Col),
			comparePaths(a.Path, b.Path),
			cmp.Compare(a.Msg, b.Msg),
		)
	})
}

// Errors returns only the problems that fail a build.
func (ps Problems) Errors() Problems {
	var out Problems
	for _, p := range ps {
		if !p.Warning {
			out = append(out, p)
		}
	}
	return out
}

// Warnings returns only the problems that are reported but do not fail a build.
func (ps Problems) Warnings() Problems {
	var out Problems
	for _, p := range ps {
		if p.Warning {
			out = append(out, p)
		}
	}
	return out
}

// comparePaths orders JSON paths as a reader counts: "series[2]" before "series[10]".
func comparePaths(a, b string) int {
	for a != "" && b != "" {
		if isDigit(a[0]) && isDigit(b[0]) {
			na, ra := leadingNumber(a)
			nb, rb := leadingNumber(b)
			if c := cmp.Compare(len(na), len(nb)); c != 0 {
				return c
			}
			if c := cmp.Compare(na, nb); c != 0 {
				return c
			}
			a, b = ra, rb
			continue
		}
		if a[0] != b[0] {
			return cmp.Compare(a[0], b[0])
		}
		a, b = a[1:], b[1:]
	}
	return cmp.Compare(len(a), len(b))
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// leadingNumber splits a run of digits, leading zeros dropped, from the rest of s.
func leadingNumber(s string) (num, rest string) {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	num = strings.TrimLeft(s[:i], "0")
	return num, s[i:]
}
