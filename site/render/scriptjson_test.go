package render

import (
	"bytes"
	"encoding/json"
	"encoding/json/jsontext"
	"html/template"
	"maps"
	"math"
	"strings"
	"testing"
)

// TestScriptJSONWritesWhatTheEscaperWrites: a page's #strings, written from the JSON encoded
// once per language (scriptJSON), holds the bytes html/template's escaper writes for the map
// itself, for the shipped catalogs, for hostile strings and for keys of any shape; no "<" or ">"
// reaches the element, so "</script>" and "<!--" in a string cannot end it or open a comment;
// and it is JSON that decodes to the map.
func TestScriptJSONWritesWhatTheEscaperWrites(t *testing.T) {
	write := scriptElement(t, "strings")
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

// TestEscapedJSONWritesWhatTheEscaperWrites: a compare page's #compare-charts and a chart
// page's #page-data, encoded by escapedJSON rather than by html/template's escaper, hold the
// escaper's bytes for the same values, whose strings are hostile (the lines and the page data
// encoded as the build encodes them, without escaping for HTML); no "<" or ">" reaches the
// element; and what escapedJSON cannot make sure of goes to the escaper as it is.
func TestEscapedJSONWritesWhatTheEscaperWrites(t *testing.T) {
	write := scriptElement(t, "x")
	layouts, err := compareLayouts()
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range []string{`</script><script>alert(1)</script>`, `<!-- x --> <![CDATA[ ]]> </SCRIPT `,
		`&amp; "dq" 'sq' \ back`, "line\u2028para\u2029nul\x00 \u00e9 中文 \xff", ""} {
		line, err := marshalJSON(&lineData{Name: s, Color: "#0b6bcb", Points: chartPoints{{1, 2}, {3.25, 4}}, Marks: chartPoints{{1, 2}}})
		if err != nil {
			t.Fatal(err)
		}
		doc := &compareChartsDoc{Layouts: layouts}
		doc.Charts.Curves = chartData{X: s, Y: "y " + s, Aria: s, Lines: []jsontext.Value{line, line}}
		if i%2 == 0 {
			doc.Charts.Ratio = &chartData{X: s, Y: s + " (×)", Lines: []jsontext.Value{line}}
		}
		data, err := marshalJSON(&PageData{Dates: []string{s}, Series: []SeriesData{{SeriesHead: SeriesHead{Key: s, Name: s}}}})
		if err != nil {
			t.Fatal(err)
		}
		for name, v := range map[string]any{"compare charts": doc, "page data": data} {
			e := escapedJSON(v)
			if _, ok := e.(template.JS); !ok {
				t.Errorf("%s %q: a %T, want the JSON encoded once", name, s, e)
			}
			got, want := write(e), write(v)
			if !bytes.Equal(got, want) {
				t.Errorf("%s %q: escapedJSON writes\n%s\nthe escaper\n%s", name, s, got, want)
			}
			inner := bytes.TrimSuffix(bytes.TrimPrefix(got, []byte(`<script type="application/json" id="x">`)), []byte(`</script>`))
			if bytes.ContainsAny(inner, "<>") {
				t.Errorf("%s %q: a < or > in the script element: %s", name, s, got)
			}
			if !json.Valid(inner) {
				t.Errorf("%s %q: not JSON: %s", name, s, inner)
			}
		}
	}
	if v, ok := escapedJSON(math.Inf(1)).(float64); !ok || !math.IsInf(v, 1) {
		t.Errorf("a value that does not encode: %v, want it as it is", v)
	}
}

// scriptElement writes a value into <script type="application/json" id="ID"> through
// html/template, as a page's template does.
func scriptElement(t *testing.T, id string) func(v any) []byte {
	tmpl := template.Must(template.New("page").Parse(`<script type="application/json" id="` + id + `">{{.}}</script>`))
	return func(v any) []byte {
		var b bytes.Buffer
		if err := tmpl.Execute(&b, v); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
}
