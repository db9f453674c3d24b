package render

import (
	"html/template"
	"strconv"
	"strings"
)

// rowView is one row of the server-rendered points table, which works without JavaScript.
type rowView struct {
	Series, Name, Precision string
	Concurrency, TP         int64
	// Rate is the load of a run by request rate ("0.3/s"), shown in the concurrency cell of a
	// point that has no concurrency.
	Rate                    string
	X, Total, Output, Input string
	Frontier                bool
	Date, RunID             string
	// Raw marks a row of a page with raw results: it has the topology and image cells too,
	// and the run is a link when Link (https only) is set.
	Raw             bool
	Topology, Image string
	Link            string
	// Invalid, for a point its own client judged invalid (input.RawPoint.Invalid), is the
	// page's word for it, shown after the configuration's name; "" for the rest.
	Invalid string
}

// rowsHTML writes the points table's rows, as chart.html would with a range over Rows, escaping
// every string as html/template does in text and in quoted attributes. A chart page of a big
// site has hundreds of rows of eleven cells, and executing them through the template (reflection
// for every cell) took a fifth of the build.
//
// The table is for readers without JavaScript (the page script builds its own), and on a
// year-scale page it is 800 rows, so a row writes no byte the browser does not need: no end
// tags (HTML implies </td> before the next cell and </tr> before the next row), no class on
// the numbers (the style sheet right-aligns the table's third to eighth columns), no series
// key (nothing reads it inside a <noscript>). What a reader sees is the same.
func rowsHTML(rows []rowView) template.HTML {
	var b strings.Builder
	b.Grow(len(rows) * 256)
	td := func(text string) {
		b.WriteString("<td>")
		htmlEscaper.WriteString(&b, text)
	}
	for _, r := range rows {
		b.WriteString("\n<tr>")
		td(r.Name)
		if r.Invalid != "" {
			b.WriteString(" (")
			htmlEscaper.WriteString(&b, r.Invalid)
			b.WriteString(")")
		}
		td(r.Precision)
		if r.Concurrency > 0 {
			td(strconv.FormatInt(r.Concurrency, 10))
		} else {
			td(r.Rate)
		}
		td(wholeCell(r.TP))
		td(r.X)
		td(r.Total)
		td(r.Output)
		td(r.Input)
		if r.Frontier {
			td("yes")
		} else {
			td("")
		}
		td(r.Date)
		if r.Raw {
			td(r.Topology)
			td(r.Image)
		}
		if r.Link != "" {
			b.WriteString("<td><a href=\"")
			htmlEscaper.WriteString(&b, normalizeURL(r.Link))
			b.WriteString("\" rel=\"nofollow noopener\">")
			htmlEscaper.WriteString(&b, r.RunID)
			b.WriteString("</a>")
		} else {
			td(r.RunID)
		}
	}
	return template.HTML(b.String())
}

// normalizeURL percent-encodes the bytes of s that may not appear in a URL as html/template
// does for a URL in an attribute: letters, digits, the unreserved marks, the reserved
// delimiters and well-formed escapes stay; quotes, parentheses, spaces, controls and non-ASCII
// bytes become %xx. The caller has already chosen the scheme (input.RawPoint.Link is https only).
func normalizeURL(s string) string {
	const hex = "0123456789abcdef"
	var b []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		keep := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			strings.IndexByte("-._~!#$&*+,/:;=?@[]", c) >= 0 ||
			// an escape stays when two hex digits follow and something follows them
			// (html/template's own test is i+2 < len(s), so an escape that ends s is redone)
			c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2])
		if keep {
			if b != nil {
				b = append(b, c)
			}
			continue
		}
		if b == nil {
			b = append(make([]byte, 0, len(s)+8), s[:i]...)
		}
		b = append(b, '%', hex[c>>4], hex[c&15])
	}
	if b == nil {
		return s
	}
	return string(b)
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// htmlEscaper escapes text as html/template does in element content and in quoted attribute
// values: the five characters with meaning in HTML, plus '+' (UTF-7) and NUL.
var htmlEscaper = strings.NewReplacer("\x00", "\uFFFD", `"`, "&#34;", "&", "&amp;", "'", "&#39;", "+", "&#43;", "<", "&lt;", ">", "&gt;")
