package input

import (
	"github.com/frontier-bench/frontier/internal/testsite"
	"strings"
	"testing"
)

// FuzzLoadDataset checks the decoder's promises on any input: it never panics or hangs,
// it returns a dataset or at least one error (never neither, never both), and every
// problem names the file.
func FuzzLoadDataset(f *testing.F) {
	seed := testsite.SeedJSON(f)
	f.Add(seed)
	f.Add(seed[:len(seed)/2])
	f.Add(testsite.Marshal(f, testsite.Doc()))
	for _, c := range [][2]string{
		{"series.0.points.1.y", `"fast"`},
		{"series.0.points.0.x", `1e999`},
		{"series.0.points.0.id", `1.5`},
		{"series.1.hwKey", `"h100"`},
		{"series.1.points.0.id", `1`},
		{"series.0.points.0.metrics", `null`},
		{"series", `[]`},
		{"view", `"table"`},
		// A point's runs, range, requests and invalid mark (viewmarks.go), good and bad.
		{"series.0.points.0.runs", `4`},
		{"series.0.points.0.runs", `0`},
		{"series.0.points.0.range", `{"x": [9, 11], "y": [900, 1100], "tpPerGpu": [950, 1050]}`},
		{"series.0.points.0.range", `{"x": [11, 9, 3], "inputTputPerGpu": null}`},
		{"series.0.points.0.requests", `{"completed": 89, "attempted": 100, "success": 0.89}`},
		{"series.0.points.0.requests", `{"completed": 9, "attempted": 0}`},
		{"series.0.points.0.invalid", `true`},
	} {
		doc := testsite.Doc()
		testsite.Edit(f, doc, c[0], testsite.RawJSON(c[1]))
		f.Add(testsite.Marshal(f, doc))
	}
	marked := testsite.Doc() // every mark on one point, as a site's own API view writes them
	testsite.Edit(f, marked, "series.0.points.0.runs", 4)
	testsite.Edit(f, marked, "series.0.points.0.range", testsite.RawJSON(`{"x": [9, 11], "tpPerGpu": [950, 1050], "outputTputPerGpu": [90, 110]}`))
	testsite.Edit(f, marked, "series.0.points.0.requests", testsite.RawJSON(`{"completed": 89, "attempted": 100, "success": 0.89}`))
	testsite.Edit(f, marked, "series.0.points.0.invalid", true)
	f.Add(testsite.Marshal(f, marked))
	for _, s := range []string{"", "{", "[]", `{"a": tru}`, `"\ud83d"`, "{\"a\":\"\xff\"}", strings.Repeat("[", 20)} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ds, ps := LoadDataset("data/f.json", data)
		if ds == nil && len(ps.Errors()) == 0 {
			t.Fatalf("no dataset and no error; problems: %v", ps)
		}
		if ds != nil && len(ps.Errors()) > 0 {
			t.Fatalf("a dataset along with errors: %v", ps)
		}
		for _, p := range ps {
			if s := p.String(); !strings.HasPrefix(s, "data/f.json") || p.Msg == "" {
				t.Fatalf("problem %q does not name the file or says nothing", s)
			}
		}
	})
}
