package fragment

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testsite"
)

// The page script reads and writes the view's URL fragment as Parse and View.String do. These
// tests hold the Go side to the fragment cases of templates/script/testdata/twins.json, which
// the script's node tests (view.test.js) read too, and TestJavaScriptTwin compares the two on
// random views under node.

// fragmentCases is the "fragments" part of twins.json (see its "about").
type fragmentCases struct {
	Fragments struct {
		Page  json.RawMessage `json:"page"`
		Cases []struct {
			Name       string                     `json:"name"`
			Fragment   string                     `json:"fragment"`
			Go         map[string]json.RawMessage `json:"go"`
			GoError    string                     `json:"goError"`
			GoFragment *string                    `json:"goFragment"`
			JS         map[string]json.RawMessage `json:"js"`
			JSFragment string                     `json:"jsFragment"`
		} `json:"cases"`
	} `json:"fragments"`
}

func readFragmentCases(t testing.TB) fragmentCases {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testsite.Root(), "templates", "script", "testdata", "twins.json"))
	if err != nil {
		t.Fatal(err)
	}
	var c fragmentCases
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatalf("twins.json: %v", err)
	}
	return c
}

// twinView is a view as the cases write it: each key's value, a flag as "on" or "off".
func twinView(m map[string]json.RawMessage) (View, error) {
	var v View
	for name, raw := range m {
		k, ok := lookup(name)
		if !ok {
			return v, fmt.Errorf("unknown key %q", name)
		}
		var err error
		switch {
		case k.text != nil:
			err = json.Unmarshal(raw, k.text(&v))
		case k.list != nil:
			err = json.Unmarshal(raw, k.list(&v))
		default:
			var s string
			err = json.Unmarshal(raw, &s)
			*k.flag(&v) = map[string]Toggle{"on": ToggleOn, "off": ToggleOff}[s]
			if s != "on" && s != "off" {
				err = fmt.Errorf("flag %q, want on or off", s)
			}
		}
		if err != nil {
			return v, fmt.Errorf("%s: %v", name, err)
		}
	}
	return v, nil
}

func TestFragmentTwinCases(t *testing.T) {
	for _, c := range readFragmentCases(t).Fragments.Cases {
		got, errs := Parse(c.Fragment)
		if c.GoError != "" {
			if !slices.ContainsFunc(errs, func(e Error) bool { return strings.Contains(e.Error(), c.GoError) }) {
				t.Errorf("%s: Parse(%q) = %+v, %v; want an error with %q", c.Name, c.Fragment, got, errs, c.GoError)
			}
			continue
		}
		if c.Go == nil {
			t.Fatalf("%s: twins.json gives neither go nor goError", c.Name)
		}
		want, err := twinView(c.Go)
		if err != nil {
			t.Fatalf("%s: twins.json: %v", c.Name, err)
		}
		if errs != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Parse(%q) = %+v, %v; want %+v", c.Name, c.Fragment, got, errs, want)
			continue
		}
		wantFragment := strings.TrimPrefix(c.Fragment, "#")
		if c.GoFragment != nil {
			wantFragment = *c.GoFragment
		}
		if f := want.String(); f != wantFragment {
			t.Errorf("%s: String() = %q, want %q", c.Name, f, wantFragment)
		}
	}
}

// TestFragmentTwinCasesCoverEveryKey fails until a new key has a case that Go and the page
// script both read (go and js).
func TestFragmentTwinCasesCoverEveryKey(t *testing.T) {
	goHas, jsHas := map[string]bool{}, map[string]bool{}
	for _, c := range readFragmentCases(t).Fragments.Cases {
		for k := range c.Go {
			goHas[k] = true
		}
		for k := range c.JS {
			jsHas[k] = true
		}
	}
	for _, k := range keyNames() {
		if !goHas[k] || !jsHas[k] {
			t.Errorf("key %s: no case of twins.json's fragments reads it in Go (go: %v) and in the script (js: %v)", k, goHas[k], jsHas[k])
		}
	}
}

// FuzzParse checks, from the shared cases, that no link panics Parse and that the view of a
// link it reads whole writes a fragment that reads back to the same view.
func FuzzParse(f *testing.F) {
	for _, c := range readFragmentCases(f).Fragments.Cases {
		f.Add(c.Fragment)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, errs := Parse(s)
		if errs != nil {
			return
		}
		frag := v.String()
		back, errs := Parse(frag)
		if errs != nil || !reflect.DeepEqual(back, v) {
			t.Fatalf("%q: String() = %q, which reads back as %+v, %v; want %+v", s, frag, back, errs, v)
		}
		if strings.ContainsAny(frag, "#\"<> \n") {
			t.Fatalf("fragment %q is not escaped", frag)
		}
	})
}
