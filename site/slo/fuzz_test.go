package slo

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

// FuzzParse: whatever a link's slo= holds, Parse never panics; every term it gives bounds a
// catalog metric by a finite limit >= 0 in the metric's direction, and Format writes terms
// that read back the same; every part it drops is reported with one of its reasons.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{"p99_ttft:2,p99_intvty:20", " P99_TTFT : 0.45 , costpermtok:.5 ", "median_e2el", "p90_ttft:1:2,conc:-1",
		"p99_e2el:Infinity", "mlperf server", ",,:,", "p99_ttft:1e400", "costPerMTok:0x10", "p99_ttft:99999999999999999999999"} {
		f.Add(seed)
	}
	presets := []Preset{{Name: "MLPerf Server", Gate: "p99_ttft:2,p99_intvty:5"}}
	f.Fuzz(func(t *testing.T, value string) {
		terms, preset, invalid := Parse(value, presets)
		if preset != "" && preset != "MLPerf Server" {
			t.Fatalf("preset %q", preset)
		}
		for _, term := range terms {
			m, ok := Lookup(term.Metric)
			if !ok || m.Key != term.Metric || m.Higher != term.Floor {
				t.Fatalf("term %+v: not the catalog's metric in its direction", term)
			}
			if math.IsNaN(term.Limit) || math.IsInf(term.Limit, 0) || term.Limit < 0 {
				t.Fatalf("term %+v: limit", term)
			}
		}
		if len(terms) > 0 {
			again, _, bad := Parse(Format(terms), nil)
			if len(bad) > 0 || !reflect.DeepEqual(again, terms) {
				t.Fatalf("Format(%v) = %q reads back as %v, %v", terms, Format(terms), again, bad)
			}
		}
		for _, x := range invalid {
			if !strings.Contains(" form metric limit preset ", " "+x.Reason+" ") || strings.TrimSpace(x.Text) == "" {
				t.Fatalf("invalid %+v", x)
			}
		}
	})
}
