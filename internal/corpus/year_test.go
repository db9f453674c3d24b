package corpus

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestYearCorpusIsAYearOfWeeklyRuns: one page holds 41,720 rows over 365 daily files, every
// configuration re-run once a week at eight concurrencies, 100 configurations in all.
func TestYearCorpusIsAYearOfWeeklyRuns(t *testing.T) {
	if YearRowsPerPage != 41720 {
		t.Fatalf("YearRowsPerPage = %d, want 41720", YearRowsPerPage)
	}
	files, rows, inBytes := 0, 0, 0
	configs := map[string]int{}
	var first []byte
	err := EachYearAPI(1, 1, func(name string, data []byte) error {
		if files == 0 {
			first = bytes.Clone(data)
		}
		files++
		inBytes += len(data)
		rows += bytes.Count(data, []byte(`"conc":`))
		if testing.Short() && files > 14 {
			return nil // two weeks show every configuration twice
		}
		var rs []struct {
			Hardware, Framework, Precision, Date string
			Spec                                 string `json:"spec_method"`
			Conc                                 int
		}
		if err := json.Unmarshal(data, &rs); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, r := range rs {
			configs[r.Hardware+" "+r.Framework+" "+r.Precision+" "+r.Spec]++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("one page: %d files, %d rows, %.1f MB", files, rows, float64(inBytes)/1e6)
	if files != 365 || rows != 41720 || len(configs) != 100 {
		t.Errorf("%d files, %d rows, %d configurations; want 365, 41720, 100", files, rows, len(configs))
	}
	for c, n := range configs {
		if testing.Short() && n != 2*8 || !testing.Short() && n != 52*8 && n != 53*8 {
			t.Errorf("%s: %d rows, want 52 or 53 weekly runs of 8", c, n)
		}
	}
	again := []byte(nil)
	EachYearAPI(1, 1, func(name string, data []byte) error {
		if again == nil {
			again = bytes.Clone(data)
		}
		return nil
	})
	if !bytes.Equal(first, again) {
		t.Error("the same seed gave different files")
	}
}
