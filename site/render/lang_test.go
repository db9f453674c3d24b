package render

import (
	"bytes"
	"encoding/json"
	"html/template"
	"maps"
	"reflect"
	"testing"
)

// TestScriptTableWritesWhatTheMapWrites: a page's #strings, written from the table made once
// per language (scriptTable), holds the bytes html/template writes for the map itself, for the
// shipped catalogs and for hostile strings, and is JSON that decodes to the map. A key a json
// tag cannot name keeps the map.
func TestScriptTableWritesWhatTheMapWrites(t *testing.T) {
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
		"b.comment": `<!-- x --> <![CDATA[ ]]>`,
		"c_amp":     `&amp; & "dq" 'sq' \ back`,
		"d-lines":   "line\u2028para\u2029nul\x00 \u00e9 中文 \xff",
		"Z9":        "",
	}
	tables := map[string]map[string]string{"hostile": hostile, "empty": {}}
	for lang, cat := range shippedCatalogs(t) {
		tables[lang] = cat.Table("script.")
	}
	for name, m := range tables {
		v := scriptTable(m)
		if _, isMap := v.(map[string]string); isMap {
			t.Errorf("%s: the table stayed a map", name)
		}
		got, want := write(v), write(m)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the table writes\n%s\nthe map\n%s", name, got, want)
		}
		inner := bytes.TrimSuffix(bytes.TrimPrefix(got, []byte(`<script type="application/json" id="strings">`)), []byte(`</script>`))
		if bytes.ContainsAny(inner, "<>") {
			t.Errorf("%s: a < or > in the script element: %s", name, got)
		}
		var back map[string]string
		if err := json.Unmarshal(inner, &back); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if name != "hostile" && !maps.Equal(back, m) { // hostile holds invalid UTF-8, which JSON replaces
			t.Errorf("%s: decodes to %v, want %v", name, back, m)
		}
	}
	for _, key := range []string{"a,omitempty", `q"uote`, "sp ace", "", "-", "ünï"} {
		m := map[string]string{"ok": "1", key: "2"}
		v := scriptTable(m)
		if reflect.TypeOf(v) != reflect.TypeOf(m) {
			t.Errorf("key %q: a %T, want the map kept", key, v)
		}
		if got, want := write(v), write(m); !bytes.Equal(got, want) {
			t.Errorf("key %q: writes %s, want %s", key, got, want)
		}
	}
}
