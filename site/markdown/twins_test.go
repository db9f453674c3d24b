package markdown

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testsite"
)

// The page script reads and writes the view's URL fragment as ChartView.Fragment and
// parseFragment do. These tests hold the Go side to the fragment cases of
// templates/script/testdata/twins.json, which the script's node tests read too.

// fragmentCases is the "fragments" part of twins.json (see its "about").
type fragmentCases struct {
	Fragments struct {
		Cases []struct {
			Name       string    `json:"name"`
			Fragment   string    `json:"fragment"`
			Go         *twinView `json:"go"`
			GoError    string    `json:"goError"`
			GoFragment *string   `json:"goFragment"`
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

// twinView is a ChartView as the cases write it, toggles as "on" or "off".
type twinView struct {
	Y          string   `json:"y"`
	X          string   `json:"x"`
	Date       string   `json:"date"`
	GPUs       []string `json:"gpus"`
	Frameworks []string `json:"frameworks"`
	Spec       []string `json:"spec"`
	Precisions []string `json:"precisions"`
	Log        string   `json:"log"`
	Best       string   `json:"best"`
	Optimal    string   `json:"optimal"`
}

func (v twinView) chartView(t *testing.T) ChartView {
	toggle := func(s string) Toggle {
		switch s {
		case "":
			return ToggleDefault
		case "on":
			return ToggleOn
		case "off":
			return ToggleOff
		}
		t.Fatalf("twins.json: toggle %q, want on or off", s)
		return 0
	}
	return ChartView{Y: v.Y, X: v.X, Date: v.Date, GPUs: v.GPUs, Frameworks: v.Frameworks, Spec: v.Spec, Precisions: v.Precisions,
		Log: toggle(v.Log), Best: toggle(v.Best), Optimal: toggle(v.Optimal)}
}

func TestFragmentTwinCases(t *testing.T) {
	for _, c := range readFragmentCases(t).Fragments.Cases {
		got, err := parseFragment(c.Fragment)
		if c.GoError != "" {
			if err == nil || !strings.Contains(err.Error(), c.GoError) {
				t.Errorf("%s: parseFragment(%q) = %+v, %v; want an error with %q", c.Name, c.Fragment, got, err, c.GoError)
			}
			continue
		}
		if c.Go == nil {
			t.Fatalf("%s: twins.json gives neither go nor goError", c.Name)
		}
		want := c.Go.chartView(t)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: parseFragment(%q) = %+v, %v; want %+v", c.Name, c.Fragment, got, err, want)
			continue
		}
		wantFragment := c.Fragment
		if c.GoFragment != nil {
			wantFragment = *c.GoFragment
		}
		if f := want.Fragment(); f != wantFragment {
			t.Errorf("%s: Fragment() = %q, want %q", c.Name, f, wantFragment)
		}
	}
}

// FuzzParseFragment checks, from the shared cases, that no link panics parseFragment and that
// a view it accepts writes a fragment that reads back to the same view.
func FuzzParseFragment(f *testing.F) {
	for _, c := range readFragmentCases(f).Fragments.Cases {
		f.Add(c.Fragment)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := parseFragment(s)
		if err != nil {
			return
		}
		frag := v.Fragment()
		back, err := parseFragment(frag)
		if err != nil || !reflect.DeepEqual(back, v) {
			t.Fatalf("%q: Fragment() = %q, which reads back as %+v, %v; want %+v", s, frag, back, err, v)
		}
	})
}
