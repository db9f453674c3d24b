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
		{"params first", `{"params": {"model": "M", "sequence": "1k/1k", "date": "2026-01-02"}, ` + rest + `}`, Head{Model: "M", Sequence: "1k/1k", OK: true}},
		{"params last", `{` + rest + `, "params": {"sequence": "8k/1k", "model": "M", "date": "2026-01-02"}}`, Head{Model: "M", Sequence: "8k/1k", OK: true}},
		{"byte order mark", "\xEF\xBB\xBF" + `{"params": {"model": "M", "sequence": "s", "date": "2026-01-02"}}`, Head{Model: "M", Sequence: "s", OK: true}},
		// A field given twice is decoded last-wins, so the second params is the page's.
		{"params twice", `{"params": {"model": "A", "sequence": "s", "date": "2026-01-02"}, ` + rest + `, "params": {"model": "B", "sequence": "s", "date": "2026-01-02"}}`, Head{Model: "B", Sequence: "s", OK: true}},
		{"escaped key", `{"params": {"model": "A", "sequence": "s", "date": "2026-01-02"}, "par\u0061ms": {"model": "B", "sequence": "s", "date": "2026-01-02"}}`, Head{Model: "B", Sequence: "s", OK: true}},
		{"model twice", `{"params": {"model": "A", "model": "B", "sequence": "s", "date": "2026-01-02"}}`, Head{Model: "B", Sequence: "s", OK: true}},
		{"escaped letter in a key", `{"params": {"model": "A", "sequence": "s", "date": "2026-01-02"}, "p\u0061rams": {"model": "B", "sequence": "s", "date": "2026-01-02"}}`, Head{Model: "B", Sequence: "s", OK: true}},
		{"upper-case hex digits in a key", `{"params": {"model": "A", "sequence": "s", "date": "2026-01-02"}, "para\u006Ds": {"model": "B", "sequence": "s", "date": "2026-01-02"}}`, Head{Model: "B", Sequence: "s", OK: true}},
		{"other escapes", `{"params": {"model": "\u5410", "sequence": "s", "date": "2026-01-02"}, "label": "\u00e9\u0041"}`, Head{Model: "吐", Sequence: "s", OK: true}},
		{"escapes in values", `{"params": {"model": "\u00e9\"q\"", "sequence": "s\/t", "date": "2026-01-02"}}`, Head{Model: "é\"q\"", Sequence: "s/t", OK: true}},
		{"params word in a value", `{"note": "\"params\"", "params": {"model": "M", "sequence": "s", "date": "2026-01-02"}}`, Head{Model: "M", Sequence: "s", OK: true}},
		{"no params", `{` + rest + `}`, Head{}},
		{"no model", `{"params": {"sequence": "s", "date": "2026-01-02"}}`, Head{Model: "", Sequence: "s", OK: false}},
		{"model not a string", `{"params": {"model": 7, "sequence": "s", "date": "2026-01-02"}}`, Head{Model: "", Sequence: "s", OK: false}},
		{"control character", `{"params": {"model": "a\u0000b", "sequence": "s", "date": "2026-01-02"}}`, Head{}},
		{"params not an object", `{"params": [], ` + rest + `}`, Head{}},
		{"not an object", `[1, 2]`, Head{}},
		{"syntax error before params", `{"view": tru, "params": {"model": "M", "sequence": "s", "date": "2026-01-02"}}`, Head{}},
		{"cut short", `{"params": {"model": "M", "seq`, Head{}},
		{"empty", ``, Head{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := scanHead([]byte(c.data))
			if got.OK != c.want.OK || (c.want.OK && (got.Model != c.want.Model || got.Sequence != c.want.Sequence)) {
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
