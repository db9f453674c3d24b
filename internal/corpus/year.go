package corpus

// The year-scale corpus: a page's history as a benchmark site that re-runs every configuration on
// a schedule accumulates it. A page has YearConfigs configurations (the API corpus's 48, then
// the same with Eagle, then with n-gram speculative decoding), each re-run once a week (on the
// weekday of its index) at the eight concurrencies of the API corpus in one CI run (one run
// link), over YearDays days from RawFirstDay: 41,720 rows a page, one file per page and day. Pages take the API corpus's
// (model, sequence) pairs in order.

import (
	"bytes"
	"fmt"
	"math/rand/v2"
)

// YearVersion changes whenever the year-scale corpus's bytes would change.
const YearVersion = 1

// YearConfigs and YearDays are the year-scale corpus's configurations per page and days.
const (
	YearConfigs = 100
	YearDays    = 365
)

// YearRowsPerPage is how many rows one page of the year-scale corpus holds.
var YearRowsPerPage = func() int {
	n := 0
	for c := range YearConfigs {
		for d := range YearDays {
			if d%7 == c%7 {
				n += len(rawConcs)
			}
		}
	}
	return n
}()

// yearConfig is configuration i of a year-scale page.
func yearConfig(i int) rawConfig {
	c := rawConfigs[i%len(rawConfigs)]
	switch i / len(rawConfigs) {
	case 1:
		if c.spec == "none" {
			c.spec = "eagle"
		} else {
			c.spec = "eagle-" + c.spec
		}
		c.base *= 1.05
	case 2:
		if c.spec == "none" {
			c.spec = "ngram"
		} else {
			c.spec = "ngram-" + c.spec
		}
		c.base *= 0.97
	}
	return c
}

// EachYearAPI generates the year-scale corpus of pages pages (at most RawPages) and passes each
// file to fn in order, page by page and day by day, with its slash path
// ("year/dsr1_1k1k/2026-01-01.json"). fn must not keep data.
func EachYearAPI(pages int, seed uint64, fn func(name string, data []byte) error) error {
	if pages > RawPages {
		return fmt.Errorf("corpus: %d year-scale pages, at most %d", pages, RawPages)
	}
	var b bytes.Buffer
	for p := range pages {
		m, seq := rawModels[(p/len(rawSeqs))%len(rawModels)], rawSeqs[p%len(rawSeqs)]
		for d := range YearDays {
			b.Reset()
			rng := rand.New(rand.NewPCG(seed, uint64(p*YearDays+d)))
			b.WriteString("[\n")
			k := 0
			for c := d % 7; c < YearConfigs; c += 7 {
				g := rawGroup{c: c, topo: c % 2}
				for _, conc := range rawConcs {
					g.conc = conc
					if k > 0 {
						b.WriteString(",\n")
					}
					// One CI run measures a configuration's eight concurrencies: they share its link.
					writeConfigRow(&b, rng, m.key, seq, yearConfig(c), g, day(d), (p*YearDays+d)*1000+c)
					k++
				}
			}
			b.WriteString("\n]\n")
			if err := fn(fmt.Sprintf("year/%s_%s/%s.json", m.key, seqName(seq), day(d)), b.Bytes()); err != nil {
				return err
			}
		}
	}
	return nil
}

// CachedYear is the year-scale corpus of pages pages in a folder below root, written once.
func CachedYear(root string, pages int, seed uint64) (string, error) {
	name := fmt.Sprintf("year-v%d-seed%d-%d", YearVersion, seed, pages)
	return cached(root, name, func(dir string) error { return EachYearAPI(pages, seed, writeTo(dir)) })
}
