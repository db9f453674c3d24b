package charts

import (
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testsite"
)

// The page script redraws a chart from the page data's styles (templates/script/option.js), so
// a rebuilt chart must draw each series as the Go-built option does. These tests hold the Go
// side to the cases of templates/script/testdata/twins.json, which the script's node tests
// read too.

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
	testsite.TwinSection(t, "markerStyle", &cases)
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

// TestBlockBaseTwinCases holds charts.Options' layout to the page script's blockBase, the base
// option of a markdown chart block (which has no Go-built option): the same at every path the
// cases list as likeOptions, deliberately different at every path of own.
func TestBlockBaseTwinCases(t *testing.T) {
	var c struct {
		Want        map[string]any
		LikeOptions []string
		Own         map[string]string
		NotInBlock  []string
	}
	testsite.TwinSection(t, "blockBase", &c)
	b, err := Options(Chart{Series: []Series{{Name: "B200 (TRT)", GPU: "b200", Framework: "trt", Points: []Point{{X: 10, Y: 100}}}}})
	if err != nil {
		t.Fatal(err)
	}
	var option map[string]any
	if err := json.Unmarshal(b, &option); err != nil {
		t.Fatal(err)
	}
	leaves := map[string]any{}
	jsonLeaves("", c.Want, leaves)
	for path := range leaves {
		_, own := c.Own[path]
		if slices.Contains(c.LikeOptions, path) == own {
			t.Errorf("blockBase %s: want it in exactly one of likeOptions and own", path)
		}
	}
	for _, path := range c.LikeOptions {
		got, ok := jsonAt(option, path)
		if !ok || !sameValue(got, leaves[path]) {
			t.Errorf("%s: Options has %v (present %v), blockBase %v", path, got, ok, leaves[path])
		}
	}
	for path, why := range c.Own {
		if got, ok := jsonAt(option, path); ok && sameValue(got, leaves[path]) {
			t.Errorf("%s: Options has %v as blockBase does, yet own says they differ (%s)", path, got, why)
		}
	}
	for _, key := range c.NotInBlock {
		if _, ok := option[key]; !ok {
			t.Errorf("Options has no %s, which notInBlock says a block leaves out", key)
		}
		if _, ok := c.Want[key]; ok {
			t.Errorf("blockBase has %s, which notInBlock leaves out", key)
		}
	}
}

// jsonLeaves writes the leaves of a decoded JSON value by path ("grid.0.left").
func jsonLeaves(prefix string, v any, out map[string]any) {
	join := func(k string) string {
		if prefix == "" {
			return k
		}
		return prefix + "." + k
	}
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			jsonLeaves(join(k), e, out)
		}
	case []any:
		for i, e := range v {
			jsonLeaves(join(strconv.Itoa(i)), e, out)
		}
	default:
		out[prefix] = v
	}
}

// jsonAt is the value at a path of a decoded JSON value.
func jsonAt(v any, path string) (any, bool) {
	for _, k := range strings.Split(path, ".") {
		switch n := v.(type) {
		case map[string]any:
			e, ok := n[k]
			if !ok {
				return nil, false
			}
			v = e
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(n) {
				return nil, false
			}
			v = n[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// sameValue compares JSON leaves, a number written as a string ("64", as go-echarts writes
// positions) equal to that number.
func sameValue(a, b any) bool {
	num := func(v any) (float64, bool) {
		switch v := v.(type) {
		case float64:
			return v, true
		case string:
			f, err := strconv.ParseFloat(v, 64)
			return f, err == nil
		}
		return 0, false
	}
	if x, ok := num(a); ok {
		y, ok := num(b)
		return ok && x == y
	}
	return a == b
}
