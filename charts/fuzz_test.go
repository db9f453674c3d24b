package charts

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"
)

// FuzzOptions checks that whatever the series names, the option is valid JSON holding them
// as plain strings: no "__f__" marker, no "</" or raw line separators, names round-trip.
func FuzzOptions(f *testing.F) {
	for _, a := range hostileNames {
		for _, b := range hostileNames {
			f.Add(a, b)
		}
	}
	f.Add("B200 (TRTLLM, MTP)", "B300 (vLLM) FP8")
	f.Add("a", "")
	f.Add("same", "same")
	f.Fuzz(func(t *testing.T, a, b string) {
		c := Chart{XName: a, YName: b, Title: a, Aria: b, Series: []Series{
			{Name: a, Key: a, GPU: a, Framework: b, Spec: a, Points: []Point{{1, 2}, {3, 1}}, Frontier: []int{1, 0}},
			{Name: b, Key: b, GPU: b, Framework: a, Spec: b, Points: []Point{{2, 2}}, Frontier: []int{0}},
		}, Hidden: []string{b}}
		out, err := Options(c)
		if a == "" || b == "" || a == b {
			if err == nil {
				t.Fatalf("names %q and %q: want an error (empty or repeated name)", a, b)
			}
			return
		}
		if err != nil {
			t.Fatalf("names %q and %q: %v", a, b, err)
		}
		if !json.Valid(out) {
			t.Fatalf("invalid JSON: %s", out)
		}
		for _, bad := range []string{"__f__", "</", "\u2028", "\u2029"} {
			if bytes.Contains(out, []byte(bad)) {
				t.Fatalf("option contains %q: %s", bad, out)
			}
		}
		o := decode(t, out)
		if len(o.Series) != 4 {
			t.Fatalf("got %d series, want 4", len(o.Series))
		}
		// encoding/json replaces invalid UTF-8 with U+FFFD, so compare what JSON can carry.
		want := []string{valid(a), valid(b), valid(a), valid(b)}
		for i, s := range o.Series {
			if s.Name != want[i] {
				t.Fatalf("series %d: got name %q, want %q", i, s.Name, want[i])
			}
		}
	})
}

func valid(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	b, _ := json.Marshal(s)
	var back string
	_ = json.Unmarshal(b, &back)
	return back
}
