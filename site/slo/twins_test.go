package slo

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/frontier-bench/frontier/internal/testsite"
)

// The page script computes the gate and the picks with templates/script/slo.js; these tests hold
// this package to the same cases (templates/script/testdata/slo.json), which slo.test.js reads.

func twinCases(t *testing.T, section string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testsite.Root(), "templates", "script", "testdata", "slo.json"))
	if err != nil {
		t.Fatal(err)
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		t.Fatalf("slo.json: %v", err)
	}
	raw, ok := all[section]
	if !ok {
		t.Fatalf("slo.json: no section %q", section)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("slo.json: %s: %v", section, err)
	}
}

func TestCatalogIsTheTwinsCatalog(t *testing.T) {
	var want []Metric
	twinCases(t, "catalog", &want)
	if got := Catalog(); !reflect.DeepEqual(got, want) {
		t.Errorf("Catalog() = %v\nslo.json has %v", got, want)
	}
}

func TestParseTwinCases(t *testing.T) {
	var cases []struct {
		Name, Value string
		Presets     []struct{ Name, Gate string }
		Terms       []Term
		Preset      string
		Invalid     []Invalid
	}
	twinCases(t, "parse", &cases)
	if len(cases) < 5 {
		t.Fatalf("%d parse cases", len(cases))
	}
	for _, c := range cases {
		var presets []Preset
		for _, p := range c.Presets {
			presets = append(presets, Preset{Name: p.Name, Gate: p.Gate})
		}
		terms, preset, invalid := Parse(c.Value, presets)
		if len(terms) != 0 || len(c.Terms) != 0 {
			if !reflect.DeepEqual(terms, c.Terms) {
				t.Errorf("%s: terms %v, want %v", c.Name, terms, c.Terms)
			}
		}
		if preset != c.Preset {
			t.Errorf("%s: preset %q, want %q", c.Name, preset, c.Preset)
		}
		if len(invalid) != 0 || len(c.Invalid) != 0 {
			if !reflect.DeepEqual(invalid, c.Invalid) {
				t.Errorf("%s: invalid %v, want %v", c.Name, invalid, c.Invalid)
			}
		}
		if again, _, _ := Parse(Format(terms), nil); len(terms) > 0 && !reflect.DeepEqual(again, terms) {
			t.Errorf("%s: Format then Parse gives %v, want %v", c.Name, again, terms)
		}
	}
}

// number reads a case's number, "NaN" where JSON has none.
type number float64

func (n *number) UnmarshalJSON(b []byte) error {
	if string(b) == `"NaN"` {
		*n = number(math.NaN())
		return nil
	}
	return json.Unmarshal(b, (*float64)(n))
}

func TestGateAndPicksTwinCases(t *testing.T) {
	var cases []struct {
		Name, Gate            string
		ByX, XHigher, YHigher bool
		Points                []struct {
			ID, GPU string
			X, Y    number
			Stats   map[string]float64
		}
		Want struct {
			Kept    []string
			Missing map[string]int
			Picks   []struct {
				GPU string
				ID  *string
			}
		}
	}
	twinCases(t, "gate", &cases)
	if len(cases) < 5 {
		t.Fatalf("%d gate cases", len(cases))
	}
	for _, c := range cases {
		terms, _, invalid := Parse(c.Gate, nil)
		if len(invalid) > 0 {
			t.Fatalf("%s: %v", c.Name, invalid)
		}
		kept := []string{}
		missing := map[string]int{}
		cands := make([]Candidate, len(c.Points))
		for i, p := range c.Points {
			pass, lack := Check(terms, func(m string) (float64, bool) {
				v, ok := p.Stats[m]
				return v, ok
			})
			for _, m := range lack {
				missing[m]++
			}
			if pass {
				kept = append(kept, p.ID)
			}
			cands[i] = Candidate{GPU: p.GPU, X: float64(p.X), Y: float64(p.Y), Pass: pass}
		}
		if !reflect.DeepEqual(kept, c.Want.Kept) {
			t.Errorf("%s: kept %v, want %v", c.Name, kept, c.Want.Kept)
		}
		if !reflect.DeepEqual(missing, c.Want.Missing) {
			t.Errorf("%s: missing %v, want %v", c.Name, missing, c.Want.Missing)
		}
		picks := Picks(cands, c.ByX, c.XHigher, c.YHigher)
		if len(picks) != len(c.Want.Picks) {
			t.Fatalf("%s: picks %v, want %d", c.Name, picks, len(c.Want.Picks))
		}
		for i, p := range picks {
			w := c.Want.Picks[i]
			got := "none"
			if p.Index >= 0 {
				got = c.Points[p.Index].ID
			}
			want := "none"
			if w.ID != nil {
				want = *w.ID
			}
			if p.GPU != w.GPU || got != want {
				t.Errorf("%s: pick %d is %s %s, want %s %s", c.Name, i, p.GPU, got, w.GPU, want)
			}
		}
	}
}
