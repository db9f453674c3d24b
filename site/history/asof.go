package history

// asOfRow is what the as-of rule reads of a row: its configuration, its slot in it, its date
// ("" undated).
type asOfRow struct {
	Series, Slot int
	Date         string
}

// asOf returns the indices (ascending) of the rows shown on date: per (series, slot), every row
// of the newest date on or before it. Rows of one slot and date are re-measurements of the same
// run kept side by side (a view dataset's points share one slot), so all of them show. The page
// script's asOf (templates/script/asof.js) is its twin.
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
