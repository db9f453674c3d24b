package input

import (
	"encoding/json"
	"github.com/frontier-bench/frontier/internal/testsite"
	"strings"
	"testing"
)

// scanValid runs the decoder's tokenizer over one whole JSON text, without a schema, and
// reports whether it found the text well-formed.
func scanValid(data []byte) (ok bool) {
	d := &decoder{data: data, file: "f.json"}
	defer func() {
		if r := recover(); r != nil {
			if _, syntax := r.(*syntaxError); !syntax {
				panic(r)
			}
			ok = false
		}
	}()
	d.value()
	d.ws()
	return d.pos == len(data)
}

// FuzzDecoderAcceptsWhatValidAccepts is the tokenizer's differential test: it accepts exactly
// the texts encoding/json's Valid accepts, so every input format decoded with it (the
// inference view and the raw formats) agrees with the standard library on what JSON is.
func FuzzDecoderAcceptsWhatValidAccepts(f *testing.F) {
	f.Add(testsite.SeedJSON(f))
	for _, s := range []string{
		``, ` `, `0`, `-0`, `01`, `1.`, `1.5e`, `1e+5`, `-`, `.5`, `1E-07`, `true`, `tru`, `nul`, `null `,
		`""`, `"\u12"`, `"\uD83D\uDE00"`, `"\x"`, "\"\x01\"", "\"\xff\"", `"a`, `[]`, `[1,]`, `[,1]`, `[1 2]`,
		`{}`, `{"a":1}`, `{"a":1,}`, `{"a" 1}`, `{1:2}`, `{"a":1}}`, `[[[]]]`, ` [ 1 , { "b" : [ ] } ] `,
		"\t\n\r 1", "\f1", "1\x00", `{"a":{"b":[true,false,null,"x",-1.2e3]}}`, strings.Repeat("[", 10001),
		strings.Repeat("[", 10000) + strings.Repeat("]", 10000), "\xef\xbb\xbf{}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if got, want := scanValid(data), json.Valid(data); got != want {
			t.Fatalf("decoder accepts %q: %v; encoding/json.Valid: %v", data, got, want)
		}
	})
}
