package input

import (
	"github.com/frontier-bench/frontier/internal/testsite"
	"strings"
	"testing"
)

func TestScanHead(t *testing.T) {
	const rest = `"series": [], "hardware": []`
	for _, c := range []struct {
		name, data string
		want       Head
	}{
		{"params first", `{"params": {"model": "M", "sequence": "1k/1k", "date": "2026-01-02"}, ` + rest + `}`, Head{"M", "1k/1k", true}},
		{"params last", `{` + rest + `, "params": {"sequence": "8k/1k", "model": "M", "date": "2026-01-02"}}`, Head{"M", "8k/1k", true}},
		{"byte order mark", "\xEF\xBB\xBF" + `{"params": {"model": "M", "sequence": "s", "date": "2026-01-02"}}`, Head{"M", "s", true}},
		// A field given twice is decoded last-wins, so the second params is the page's.
		{"params twice", `{"params": {"model": "A", "sequence": "s", "date": "2026-01-02"}, ` + rest + `, "params": {"model": "B", "sequence": "s", "date": "2026-01-02"}}`, Head{"B", "s", true}},
		{"escaped key", `{"params": {"model": "A", "sequence": "s", "date": "2026-01-02"}, "par\u0061ms": {"model": "B", "sequence": "s", "date": "2026-01-02"}}`, Head{"B", "s", true}},
		{"model twice", `{"params": {"model": "A", "model": "B", "sequence": "s", "date": "2026-01-02"}}`, Head{"B", "s", true}},
		{"escaped letter in a key", `{"params": {"model": "A", "sequence": "s", "date": "2026-01-02"}, "p\u0061rams": {"model": "B", "sequence": "s", "date": "2026-01-02"}}`, Head{"B", "s", true}},
		{"upper-case hex digits in a key", `{"params": {"model": "A", "sequence": "s", "date": "2026-01-02"}, "para\u006Ds": {"model": "B", "sequence": "s", "date": "2026-01-02"}}`, Head{"B", "s", true}},
		{"other escapes", `{"params": {"model": "\u5410", "sequence": "s", "date": "2026-01-02"}, "label": "\u00e9\u0041"}`, Head{"吐", "s", true}},
		{"escapes in values", `{"params": {"model": "\u00e9\"q\"", "sequence": "s\/t", "date": "2026-01-02"}}`, Head{"é\"q\"", "s/t", true}},
		{"params word in a value", `{"note": "\"params\"", "params": {"model": "M", "sequence": "s", "date": "2026-01-02"}}`, Head{"M", "s", true}},
		{"no params", `{` + rest + `}`, Head{}},
		{"no model", `{"params": {"sequence": "s", "date": "2026-01-02"}}`, Head{"", "s", false}},
		{"model not a string", `{"params": {"model": 7, "sequence": "s", "date": "2026-01-02"}}`, Head{"", "s", false}},
		{"control character", `{"params": {"model": "a\u0000b", "sequence": "s", "date": "2026-01-02"}}`, Head{}},
		{"params not an object", `{"params": [], ` + rest + `}`, Head{}},
		{"not an object", `[1, 2]`, Head{}},
		{"syntax error before params", `{"view": tru, "params": {"model": "M", "sequence": "s", "date": "2026-01-02"}}`, Head{}},
		{"cut short", `{"params": {"model": "M", "seq`, Head{}},
		{"empty", ``, Head{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := scanHead([]byte(c.data))
			if got.OK != c.want.OK || (c.want.OK && got != c.want) {
				t.Errorf("scanHead(%s) = %+v, want %+v", c.data, got, c.want)
			}
		})
	}
}

// FuzzScanHead checks the promise the streaming build rests on: for any file LoadDataset
// accepts, scanHead finds the page LoadDataset puts it on, without decoding the rest.
func FuzzScanHead(f *testing.F) {
	seed := testsite.SeedJSON(f)
	f.Add(seed)
	f.Add(seed[:len(seed)/3])
	doc := string(testsite.Marshal(f, testsite.Doc()))
	f.Add([]byte(doc))
	f.Add([]byte(strings.Replace(doc, `"params"`, `"par\u0061ms"`, 1)))
	f.Add([]byte(strings.Replace(doc, `{`, `{"params": {"model": "first", "sequence": "s", "date": "2026-01-01"}, `, 1)))
	f.Add([]byte(`{"params": {"model": "M", "sequence": "s", "date": "2026-01-02"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		h := scanHead(data)
		ds, _ := LoadDataset("data/f.json", data)
		if ds == nil {
			return
		}
		if !h.OK || h.Model != ds.Model || h.Sequence != ds.Sequence {
			t.Fatalf("scanHead = %+v; LoadDataset gives model %q, sequence %q", h, ds.Model, ds.Sequence)
		}
	})
}
