package render

import (
	"bytes"
	"encoding/json"
	"html/template"
	"maps"
	"strings"
	"testing"
)

// TestScriptJSONWritesWhatTheEscaperWrites: a page's #strings, written from the JSON encoded
// once per language (scriptJSON), holds the bytes html/template's escaper writes for the map
// itself, for the shipped catalogs, for hostile strings and for keys of any shape; no "<" or ">"
// reaches the element, so "</script>" and "<!--" in a string cannot end it or open a comment;
// and it is JSON that decodes to the map.
func TestScriptJSONWritesWhatTheEscaperWrites(t *testing.T) {
	tmpl := template.Must(template.New("page").Parse(`<script type="application/json" id="strings">{{.}}</script>`))
	write := func(v any) []byte {
		var b bytes.Buffer
		if err := tmpl.Execute(&b, v); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	hostile := map[string]string{
		"a.end":     `</script><script>alert(1)</script>`,
		"b.comment": `<!-- x --> <![CDATA[ ]]> </SCRIPT `,
		"c_amp":     `&amp; & "dq" 'sq' \ back`,
		"d-lines":   "line\u2028para\u2029nul\x00 \u00e9 中文 \xff",
		"Z9":        "",
		"</script>": "a key too",
		`q"uote`:    "sp ace",
		"":          "-",
	}
	tables := map[string]map[string]string{"hostile": hostile, "empty": {}}
	for lang, cat := range shippedCatalogs(t) {
		tables[lang] = cat.Table("script.")
	}
	for name, m := range tables {
		v := scriptJSON(m)
		if _, ok := v.(template.JS); !ok {
			t.Errorf("%s: a %T, want the JSON encoded once", name, v)
		}
		got, want := write(v), write(m)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the encoded table writes\n%s\nthe escaper\n%s", name, got, want)
		}
		inner := bytes.TrimSuffix(bytes.TrimPrefix(got, []byte(`<script type="application/json" id="strings">`)), []byte(`</script>`))
		if bytes.ContainsAny(inner, "<>") || strings.Contains(strings.ToLower(string(got)), "</script><") {
			t.Errorf("%s: a < or > in the script element: %s", name, got)
		}
		var back map[string]string
		if err := json.Unmarshal(inner, &back); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if name != "hostile" && !maps.Equal(back, m) { // hostile holds invalid UTF-8, which JSON replaces
			t.Errorf("%s: decodes to %v, want %v", name, back, m)
		}
		if name == "hostile" && back["a.end"] != hostile["a.end"] {
			t.Errorf("a.end decodes to %q, want %q", back["a.end"], hostile["a.end"])
		}
	}
}
