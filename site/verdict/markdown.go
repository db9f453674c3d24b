package verdict

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Markdown is the report as a GitHub-flavoured markdown section, for a CI job's summary or a
// pull request's comment: a headline with the counts, a table of the regressions, the worst
// first, one of the improvements, then a line counting the rest. Every string from the data
// is escaped for a table cell.
func (r *Report) Markdown() string {
	var b strings.Builder
	reg, imp := r.Counts[Regression], r.Counts[Improvement]
	fmt.Fprintf(&b, "### Frontier diff: %s, %s\n\n", count(reg, "regression"), count(imp, "improvement"))
	fmt.Fprintf(&b, "%s → %s, each configuration's frontier read at the pages' reference interactivities; "+
		"threshold %s%% (wider where repeated runs scatter more).\n", code(r.Old), code(r.New), num(r.Threshold))
	for _, v := range []Verdict{Regression, Improvement} {
		if r.Counts[v] == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n| %s | page | series | interactivity | old | new | change |\n|---|---|---|---:|---:|---:|---:|\n", v)
		for _, c := range r.Changes {
			if c.Verdict != v {
				continue
			}
			page := cell(c.Page)
			if c.URL != "" {
				page = "[" + page + "](" + linkTarget(c.URL) + ")"
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", v, page, cell(seriesName(c)), num(c.X),
				num(*c.Old), num(*c.New), signed(*c.Change)+" (±"+num(c.Threshold)+"%)")
		}
	}
	var rest []string
	for _, v := range []Verdict{Noise, Insufficient, New, Removed} {
		rest = append(rest, fmt.Sprintf("%d %s", r.Counts[v], v))
	}
	fmt.Fprintf(&b, "\nThe rest: %s.\n", strings.Join(rest, ", "))
	return b.String()
}

// seriesName is the series as the table names it: its legend name and its hwKey.
func seriesName(c Change) string {
	if c.Label == "" || c.Label == c.Series {
		return c.Series + " " + c.Precision
	}
	return c.Label + " (" + c.Series + " " + c.Precision + ")"
}

func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// num writes v with at most four significant digits, in plain decimals without trailing zeros.
func num(v float64) string {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	d := max(0, 3-int(math.Floor(math.Log10(math.Abs(v)))))
	s := strconv.FormatFloat(v, 'f', d, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// signed is a change in percent with its sign, to 0.1.
func signed(v float64) string {
	s := strconv.FormatFloat(v, 'f', 1, 64)
	if v >= 0 {
		s = "+" + s
	}
	return s + "%"
}

// cell escapes s for a table cell: the punctuation markdown reads inside a line (emphasis,
// code, links, strikethrough) behind a backslash, the pipe that would end the cell, and HTML's
// specials as entities (GitHub renders inline HTML).
func cell(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '&':
			b.WriteString("&amp;")
		case r == '\n' || r == '\r':
			b.WriteByte(' ')
		case strings.ContainsRune("\\`*_[]|~", r):
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// code is s in a code span, whose content markdown does not interpret: s's backticks are
// taken out (a name with one is not worth a longer fence), and line breaks.
func code(s string) string {
	s = strings.NewReplacer("`", "'", "\n", " ", "\r", " ").Replace(s)
	return "`" + s + "`"
}

// linkTarget is u as a link's destination: inside <...>, with the characters that would end
// it or break out of the table percent-encoded.
func linkTarget(u string) string {
	return "<" + strings.NewReplacer("<", "%3C", ">", "%3E", "|", "%7C", " ", "%20", "\n", "", "\r", "").Replace(u) + ">"
}
