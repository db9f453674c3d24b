package charts

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
)

// The page script redraws a chart from the page data's styles (templates/script/option.js), so
// a rebuilt chart must draw each series as the Go-built option does. These tests hold the Go
// side to the cases of templates/script/testdata/twins.json, which the script's node tests
// read too.

// readTwinSection decodes one top-level section of twins.json into v.
func readTwinSection(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile("../templates/script/testdata/twins.json")
	if err != nil {
		t.Fatal(err)
	}
	var sections map[string]json.RawMessage
	if err := json.Unmarshal(b, &sections); err != nil {
		t.Fatalf("twins.json: %v", err)
	}
	raw, ok := sections[name]
	if !ok {
		t.Fatalf("twins.json: no section %q", name)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("twins.json: %s: %v", name, err)
	}
}

// asJSONValue is v as JSON decodes it (maps, float64s), to compare with a case's value.
func asJSONValue(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestMarkerStyleTwinCases(t *testing.T) {
	var cases []struct {
		Name   string
		Series struct{ GPU, Framework, Spec, Precision string }
		Style  Style
		Marker any
		Line   any
	}
	readTwinSection(t, "markerStyle", &cases)
	for _, c := range cases {
		s := c.Series
		if got := StyleFor(s.GPU, s.Framework, s.Spec).WithPrecision(s.Precision); got != c.Style {
			t.Errorf("%s: style %+v, want %+v", c.Name, got, c.Style)
		}
		if got := asJSONValue(t, markerStyle(c.Style)); !reflect.DeepEqual(got, c.Marker) {
			t.Errorf("%s: markerStyle = %v, want %v", c.Name, got, c.Marker)
		}
		if got := asJSONValue(t, lineStyle(c.Style)); !reflect.DeepEqual(got, c.Line) {
			t.Errorf("%s: lineStyle = %v, want %v", c.Name, got, c.Line)
		}
	}
}
