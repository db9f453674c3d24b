package render

// The as-of rule: on a date, each configuration shows, for each slot (one topology and
// concurrency of raw results; a whole dataset of the inference view), the rows of the newest
// date on or before it; an undated row is older than every date. templates/script/asof.js is
// its twin, both held to the asOf cases of templates/script/testdata/twins.json.

// asOfRow is what the as-of rule reads of a row: its configuration, its slot in it, its date
// ("" undated).
type asOfRow struct {
	Series, Slot int
	Date         string
}

// asOf returns the indices (ascending) of the rows shown on date: per (series, slot), every row
// of the newest date on or before it. Rows of one slot and date are re-measurements of the same
// run kept side by side (a view dataset's points share one slot), so all of them show.
func asOf(rows []asOfRow, date string) []int {
	type slot struct{ series, slot int }
	newest := map[slot]string{}
	for _, r := range rows {
		if r.Date > date {
			continue
		}
		k := slot{r.Series, r.Slot}
		if d, ok := newest[k]; !ok || r.Date > d {
			newest[k] = r.Date
		}
	}
	var out []int
	for i, r := range rows {
		if d, ok := newest[slot{r.Series, r.Slot}]; ok && r.Date == d && r.Date <= date {
			out = append(out, i)
		}
	}
	return out
}

// asOfBefore is asOf on the newest date of rows (all rows of a prefix of the sorted rows).
func asOfBefore(rows []asOfRow) []int {
	if len(rows) == 0 {
		return nil
	}
	return asOf(rows, rows[len(rows)-1].Date)
}
