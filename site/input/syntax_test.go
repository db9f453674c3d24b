package input

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testsite"
)

// scan runs the decoder over one whole JSON text without a schema, as it reads a value no
// format knows, and returns the syntax error that ended it, or nil.
func scan(data []byte) *syntaxError {
	d := newDecoder("f.json", data)
	return catchSyntax(func() {
		d.skip()
		d.top()
	})
}

// jsonWording is every syntax error as encoding/json words it and as authors see it.
var jsonWording = regexp.MustCompile(`^(unexpected end of JSON input|exceeded max depth of 10000 nested objects and arrays|` +
	`invalid character '(.|\\.+)' (looking for beginning of value|looking for beginning of object key string|after object key|` +
	`after object key:value pair|after array element|after top-level value|in string literal|in string escape code|` +
	`in \\u hexadecimal character escape|in numeric literal|after decimal point in numeric literal|` +
	`in exponent of numeric literal|in literal (true|false|null) \(expecting '[a-z]'\)))$`)

// FuzzDecoderAcceptsWhatValidAccepts is the decoder's differential test: over jsontext, it
// accepts exactly the texts encoding/json's Valid accepts (after a byte order mark, which
// every format skips), so every input format agrees with the standard library on what JSON
// is; and every text it rejects gets one of encoding/json's messages, at a place in the text.
func FuzzDecoderAcceptsWhatValidAccepts(f *testing.F) {
	f.Add(testsite.SeedJSON(f))
	for _, s := range []string{
		``, ` `, `0`, `-0`, `01`, `1.`, `1.5e`, `1e+5`, `-`, `.5`, `1E-07`, `true`, `tru`, `nul`, `null `,
		`""`, `"\u12"`, `"\uD83D\uDE00"`, `"\x"`, "\"\x01\"", "\"\xff\"", `"a`, `[]`, `[1,]`, `[,1]`, `[1 2]`,
		`{}`, `{"a":1}`, `{"a":1,}`, `{"a" 1}`, `{1:2}`, `{"a":1}}`, `[[[]]]`, ` [ 1 , { "b" : [ ] } ] `,
		"\t\n\r 1", "\f1", "1\x00", `{"a":{"b":[true,false,null,"x",-1.2e3]}}`, strings.Repeat("[", 10001),
		strings.Repeat("[", 10000) + strings.Repeat("]", 10000), "\xef\xbb\xbf{}",
		`{"a":1,"a":2}`, `1.x`, `1ex`, `1e+x`, `-x`, `{-1}`, `{{}}`, `{"a"}`, `{"a":}`, `[1}`, `{"a":1]`, `{]`, `[}`,
		"\xef\xbb\xbf", "\xef\xbb\xbf\xef\xbb\xbf{}", "\xff", `"\ud800\ud800"`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		se := scan(data)
		if got, want := se == nil, json.Valid(bytes.TrimPrefix(data, bom)); got != want {
			t.Fatalf("decoder accepts %q: %v (%v); encoding/json.Valid: %v", data, got, se, want)
		}
		if se != nil && (!jsonWording.MatchString(se.msg) || se.off < 0 || se.off > len(data)) {
			t.Fatalf("%q: syntax error %q at %d of %d bytes", data, se.msg, se.off, len(data))
		}
	})
}

// FuzzStringsDecodeAsEncodingJSON holds the decoder's strings (escapes, surrogates, invalid
// UTF-8) to what encoding/json makes of them.
func FuzzStringsDecodeAsEncodingJSON(f *testing.F) {
	for _, s := range []string{`"plain"`, `"caf\u00e9"`, `"\ud83d\ude00"`, `"\ud83d"`, `"\ud83d\ud83d"`, `"\ude00x"`,
		"\"\xff\xfe\"", "\"\xe6\xaf\x8f\xe8\"", `"\"\\\/\b\f\n\r\t"`, "\"每芯片\""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var want string
		if json.Unmarshal(data, &want) != nil || !bytes.HasPrefix(bytes.TrimLeft(data, " \t\r\n"), []byte(`"`)) {
			return
		}
		var got string
		d := newDecoder("f.json", data)
		if se := catchSyntax(func() { got, _ = d.str(true) }); se != nil {
			t.Fatalf("%q: %v", data, se.msg)
		}
		if got != want {
			t.Fatalf("%q decodes to %q; encoding/json: %q", data, got, want)
		}
	})
}

// TestSyntaxErrorsAfterAByteOrderMark: the mark is skipped before jsontext reads the file, and
// the place of an error still counts it, as an editor does (one character).
func TestSyntaxErrorsAfterAByteOrderMark(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"\xef\xbb\xbf{\"a\": x}", "data/x.json:1:8: invalid character 'x' looking for beginning of value"},
		{"\xef\xbb\xbf{", "data/x.json:1:3: unexpected end of JSON input"},
		{"\xef\xbb\xbf", "data/x.json:1:2: unexpected end of JSON input"},
		{"\xef\xbb\xbf{}\n x", "data/x.json:2:2: invalid character 'x' after top-level value"},
		{"\xef\xbb\xbf{\"a\": \"\\q\"}", "data/x.json:1:10: invalid character 'q' in string escape code"},
		{"\xef\xbb\xbf[1.x]", "data/x.json:1:5: invalid character 'x' after decimal point in numeric literal"},
	} {
		_, ps := LoadDataset("data/x.json", []byte(c.in))
		if got := testsite.ProblemLines(ps); len(got) != 1 || got[0] != c.want {
			t.Errorf("%q: %q, want %q", c.in, got, c.want)
		}
	}
}
