package render

import (
	"bytes"
	"encoding/json"
	"html/template"
)

// scriptJSON is a language's [script] table as the JSON that every page's <script
// type="application/json" id="strings"> holds, encoded once per language instead of once per
// page. html/template's script escaper encoded the table (some 9 KB) again for each of a
// build's pages, and on the 1,000-dataset build's 2,611 compare pages that was a tenth of the
// build's CPU.
//
// It is a template.JS, which html/template writes as it is, so it must be what the escaper
// would write, and it is: the escaper's own encoder, encoding/json, with its escaping for HTML
// ("<", ">" and "&" as \u003c, \u003e and \u0026, so "</script>" and "<!--" in a string cannot
// end the element or open a comment; U+2028 and U+2029 escaped; invalid UTF-8 as U+FFFD), keys
// sorted. TestScriptJSONWritesWhatTheEscaperWrites holds the bytes to the escaper's for the
// shipped catalogs and hostile strings. Should the bytes ever hold a "<" (an encoder that
// stopped escaping), or fail to encode, the map goes through the escaper as before.
func scriptJSON(m map[string]string) any { return escapedJSON(m) }

// escapedJSON is v as html/template's escaper writes it into a <script> element, encoded here
// (as scriptJSON says, with the escaper's own encoder, so the bytes are the same) and passed
// on as a template.JS, which the escaper writes as it is; or v itself, for the escaper, where
// that cannot be made sure of: v does not encode, or its JSON holds a "<" or ">". A compare
// page's charts and a chart page's data go through it: encoding them is the escaper's work
// either way, but its own copy of each (a chart page's data is some 100 KB) was a twentieth
// of executing the templates of a 1,000-dataset build.
func escapedJSON(v any) any {
	b, err := json.Marshal(v)
	if err != nil || bytes.ContainsAny(b, "<>") {
		return v
	}
	return template.JS(b)
}
