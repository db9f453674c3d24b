package i18n

import (
	"strconv"
	"strings"
	"time"
)

// Date writes a YYYY-MM-DD date as the language writes it, by the catalog's format.date: {year},
// {month} and {day} without leading zeros, {mm} and {dd} with them ("{year}-{mm}-{dd}" in
// English, keeping the data's own form; "{year}年{month}月{day}日" in Chinese). Anything that is
// not such a date is returned as it is.
func (c *Catalog) Date(d string) string {
	t, err := time.Parse(time.DateOnly, d)
	if err != nil || len(d) != 10 {
		return d
	}
	f, ok := c.lookup("format.date")
	if !ok {
		return d
	}
	return Fill(f, "year", strconv.Itoa(t.Year()), "month", strconv.Itoa(int(t.Month())), "day", strconv.Itoa(t.Day()),
		"mm", d[5:7], "dd", d[8:10])
}

// Number rewrites a number written with "," between thousands and "." before decimals (as
// the render stage's fmtNum writes it) with the language's separators, format.group and
// format.decimal; a language without them keeps the number as it is.
func (c *Catalog) Number(s string) string {
	group, gok := c.lookup("format.group")
	dec, dok := c.lookup("format.decimal")
	if (!gok || group == ",") && (!dok || dec == ".") {
		return s
	}
	if !gok {
		group = ","
	}
	if !dok {
		dec = "."
	}
	var b strings.Builder
	for _, r := range s {
		switch r {
		case ',':
			b.WriteString(group)
		case '.':
			b.WriteString(dec)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
