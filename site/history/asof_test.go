package history

import (
	"encoding/json/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/frontier-bench/frontier/internal/testsite"
)

// TestAsOfTwins holds Go's asOf to the asOf cases of templates/script/testdata/twins.json,
// which asof.test.js holds the page script's asOf to.
func TestAsOfTwins(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(testsite.Root(), "templates", "script", "testdata", "twins.json"))
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		AsOf []struct {
			Name string           `json:"name"`
			Rows [][3]string      `json:"rows"`
			At   map[string][]int `json:"at"`
		} `json:"asOf"`
	}
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	if len(c.AsOf) < 6 {
		t.Fatalf("%d asOf cases, want the 6 or more of the rule", len(c.AsOf))
	}
	for _, tc := range c.AsOf {
		ids := map[string]int{}
		id := func(s string) int {
			if _, ok := ids[s]; !ok {
				ids[s] = len(ids)
			}
			return ids[s]
		}
		rows := make([]asOfRow, len(tc.Rows))
		for i, r := range tc.Rows {
			rows[i] = asOfRow{Series: id("series:" + r[0]), Slot: id("slot:" + r[1]), Date: r[2]}
		}
		for date, want := range tc.At {
			if got := asOf(rows, date); !slices.Equal(got, want) && len(got)+len(want) > 0 {
				t.Errorf("%s, on %q: rows %v, want %v", tc.Name, date, got, want)
			}
		}
	}
}

// asOfBefore is asOf on the newest date of rows (all rows of a prefix of the sorted rows):
// the rows shown just before the next chunk starts, which chunkNeeds sweeps for.
func asOfBefore(rows []asOfRow) []int {
	if len(rows) == 0 {
		return nil
	}
	return asOf(rows, rows[len(rows)-1].Date)
}
