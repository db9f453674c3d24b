package site

// Hostile input: strings that try to break out of every context a dataset's text lands in
// (HTML text and attributes, the JSON blocks the page script reads, data.json, data.csv, file
// names), and the checks that prove they stay text. FuzzBuild in fuzz_build_test.go drives the
// same checks with fuzzed strings.

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"testing/fstest"

	"golang.org/x/net/html"

	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/render"
)

// hostileStrings are the strings every text field of a dataset is tried with.
var hostileStrings = map[string]string{
	"markup":        `<b>bold</b><img src=x onerror=alert(1)>`,
	"quotes":        `"double" 'single' ` + "`back`",
	"script-end":    `</script><script>alert(1)</script>`,
	"script-upper":  `</SCRIPT ><svg onload=alert(1)>`,
	"comment":       `<!-- --> <![CDATA[ ]]>`,
	"echarts-fn":    `__f__function(){alert(1)}__f__`,
	"template":      `{{.Site}} ${alert(1)} \u003c`,
	"entities":      `&amp; &lt;b&gt; &#60;`,
	"line-seps":     "a\u2028b\u2029c",
	"rtl-override":  "abc\u202Efdp.exe",
	"formula":       `=HYPERLINK("http://x","y")`,
	"plus":          `+1+2`,
	"minus":         `-2+3`,
	"at":            `@SUM(A1:A9)`,
	"long":          strings.Repeat("Ж<&>\"", 2048), // 10 KiB of characters that all need escaping
	"chinese-emoji": "通义千问 🚀🔥 ñ",
	"url":           `javascript:alert(1)`,
	"backslash":     `..\..\windows\`,
}

// seedDoc is the seed dataset as a JSON tree, numbers kept as written, cut to its first
// nSeries series (0: all) so fuzzing builds stay fast.
func seedDoc(tb testing.TB, nSeries int) map[string]any {
	tb.Helper()
	dec := json.NewDecoder(bytes.NewReader(testsite.SeedJSON(tb)))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		tb.Fatal(err)
	}
	if nSeries > 0 {
		doc["series"] = doc["series"].([]any)[:nSeries]
		doc["hardware"] = doc["hardware"].([]any)[:nSeries]
	}
	return doc
}

// textFields are the places setText can put a string, each a dataset field (or a pair that
// must agree, like a series' hwKey and its hardware entry).
var textFields = []string{
	"model", "sequence", "hwKey", "label", "gpu", "framework", "spec", "vendor", "deployment",
	"precision", "runId", "metricKey", "metricLabel", "metricLabelZh", "metricUnit", "xLabel", "xMode", "xField",
}

// setText puts s into one text field of a seedDoc; the first series and its hardware entry
// take series-level strings.
func setText(doc map[string]any, field, s string) {
	params := doc["params"].(map[string]any)
	metric := doc["metric"].(map[string]any)
	xAxis := doc["xAxis"].(map[string]any)
	hw := doc["hardware"].([]any)[0].(map[string]any)
	ser := doc["series"].([]any)[0].(map[string]any)
	points := ser["points"].([]any)
	switch field {
	case "model", "sequence":
		params[field] = s
	case "hwKey":
		hw["key"], ser["hwKey"] = s, s
	case "label":
		hw["label"], ser["label"] = s, s
	case "vendor":
		hw["vendor"], ser["vendor"] = s, s
	case "gpu", "framework", "deployment":
		ser[field] = s
	case "spec":
		ser["specMethod"] = s
	case "precision":
		for _, p := range points {
			p.(map[string]any)["precision"] = s
		}
	case "runId":
		points[0].(map[string]any)["runId"] = s
	case "metricKey":
		metric["key"] = s
	case "metricLabel":
		metric["label"] = s
	case "metricLabelZh":
		metric["labelZh"] = s
	case "metricUnit":
		metric["unit"] = s
	case "xLabel":
		xAxis["label"] = s
	case "xMode":
		xAxis["mode"] = s
	case "xField":
		xAxis["field"] = s
	default:
		panic("setText: unknown field " + field)
	}
}

// docBytes encodes a test document as the loader will read it.
func docBytes(tb testing.TB, doc any) []byte {
	tb.Helper()
	b, err := json.Marshal(doc)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// buildDoc builds a site from one dataset into memory.
func buildDoc(tb testing.TB, doc any, extra fstest.MapFS) (*Files, error) {
	tb.Helper()
	data := fstest.MapFS{"d.json": {Data: docBytes(tb, doc)}}
	for k, v := range extra {
		data[k] = v
	}
	files := &Files{}
	// The datasets' own axis names in every place they can reach (inputLabels), so that the
	// hostile strings in them are tried there.
	cfg := DefaultConfig()
	cfg.InputLabels = true
	_, err := Build(Input{Data: data, Config: cfg, ECharts: fakeECharts}, files)
	return files, err
}

// benignChars is what a benign name is made of; benignName keeps such names and replaces any
// other with a stable plain stand-in, so a benign twin of a hostile dataset has the same
// structure (the same equal and different names) without a single character that needs escaping.
var benignChars = regexp.MustCompile(`^[A-Za-z0-9_./()-]*$`)

func benignName(s string) string {
	if benignChars.MatchString(s) {
		return s
	}
	h := fnv.New64a()
	h.Write([]byte(s))
	return fmt.Sprintf("h%016x", h.Sum64())
}

// parsePage parses a built page as a browser does (golang.org/x/net/html): the checks below
// walk its tree, so they see what a browser would make of the page, not what a pattern matches.
// It parses as a browser without JavaScript does, so that what a <noscript> holds (the chart
// page's full points table) is elements and text to check too, not one opaque string.
func parsePage(page []byte) *html.Node {
	root, err := html.ParseWithOptions(bytes.NewReader(page), html.ParseOptionEnableScripting(false))
	if err != nil { // Parse fails only when its reader does; a bytes.Reader never does
		panic(err)
	}
	return root
}

// attrVal is the value of the attribute key of n, and whether n has it.
func attrVal(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// nodeText is the text of n's text children, which for a script is its whole content.
func nodeText(n *html.Node) string {
	var b strings.Builder
	for c := range n.ChildNodes() {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	return b.String()
}

// jsonBlocks are the page's <script type="application/json"> elements' contents by id: the
// chart option and the page data the page script reads.
func jsonBlocks(root *html.Node) map[string]string {
	blocks := map[string]string{}
	for n := range root.Descendants() {
		if n.Type == html.ElementNode && n.Data == "script" {
			if typ, _ := attrVal(n, "type"); typ == "application/json" {
				id, _ := attrVal(n, "id")
				blocks[id] = nodeText(n)
			}
		}
	}
	return blocks
}

// markupShape is what of a page only the templates may write, for comparing a page with its
// benign twin's. First the parsed tree without its text (treeShape). Then the characters that
// open or close a tag or an attribute value, counted per kind over the page's raw tokens
// (x/net/html's tokenizer) outside script contents: a data string escaped as it should be adds
// none of them, even where a browser would shrug off one that slipped through.
func markupShape(page []byte) string {
	var count [4]int
	z := html.NewTokenizer(bytes.NewReader(page))
	inScript := false
	for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
		if tt == html.TextToken && inScript {
			continue // a script's content: JSON, checked as JSON
		}
		for i, c := range []byte(`<>"'`) {
			count[i] += bytes.Count(z.Raw(), []byte{c})
		}
		name, _ := z.TagName()
		inScript = tt == html.StartTagToken && string(name) == "script"
	}
	return fmt.Sprintf("%s\n< %d > %d \" %d ' %d", treeShape(parsePage(page)), count[0], count[1], count[2], count[3])
}

// treeShape is n's subtree as the browser nests it, without text: each element with its
// attribute names in the order written (their values hold data) and, for a script, its type;
// each comment and doctype. A data string that escaped its context adds an element, an
// attribute or a comment, or moves one. Siblings are sorted, since the data orders rows and
// series (and a twin's benign names sort otherwise).
func treeShape(n *html.Node) string {
	var b strings.Builder
	switch n.Type {
	case html.ElementNode:
		b.WriteString("<" + n.Namespace + ":" + n.Data)
		for _, a := range n.Attr {
			b.WriteString(" " + a.Namespace + ":" + a.Key)
		}
		if n.Data == "script" {
			typ, _ := attrVal(n, "type")
			b.WriteString(" type=" + typ)
		}
		b.WriteString(">")
	case html.CommentNode:
		b.WriteString("<!---->")
	case html.DoctypeNode:
		b.WriteString("<!doctype " + n.Data + ">")
	case html.TextNode:
		return ""
	}
	var children []string
	for c := range n.ChildNodes() {
		if sh := treeShape(c); sh != "" {
			children = append(children, sh)
		}
	}
	slices.Sort(children)
	b.WriteString(strings.Join(children, ""))
	if n.Type == html.ElementNode {
		b.WriteString("</" + n.Data + ">")
	}
	return b.String()
}

// siteShapes is every HTML page's markupShape, sorted (a hostile site and its twin name their
// pages differently).
func siteShapes(files *Files) []string {
	var shapes []string
	for _, name := range files.Names() {
		if strings.HasSuffix(name, ".html") {
			page, _ := files.Get(name)
			shapes = append(shapes, markupShape(page))
		}
	}
	slices.Sort(shapes)
	return shapes
}

// shapeDiff says where two lists of shapes first differ, briefly: a shape is a whole page.
func shapeDiff(got, want []string) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%d pages, the twin has %d", len(got), len(want))
	}
	for i := range got {
		if got[i] == want[i] {
			continue
		}
		at := 0
		for at < len(got[i]) && at < len(want[i]) && got[i][at] == want[i][at] {
			at++
		}
		from := max(at-80, 0)
		return fmt.Sprintf("a page differs at byte %d:\n got ...%s\nwant ...%s", at,
			got[i][from:min(at+120, len(got[i]))], want[i][from:min(at+120, len(want[i]))])
	}
	return "same"
}

// urlAttrs are the attributes a browser follows or loads as a URL.
var urlAttrs = map[string]bool{"href": true, "src": true, "srcset": true, "action": true, "formaction": true,
	"poster": true, "cite": true, "background": true, "data": true, "ping": true}

// scriptURL says whether a URL runs or embeds code when followed: a javascript:, vbscript: or
// data: URL, read as a browser reads it (leading spaces and control characters, and tabs and
// line breaks anywhere, ignored; the scheme in any case).
func scriptURL(v string) bool {
	v = strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, v)
	v = strings.ToLower(strings.TrimLeftFunc(v, func(r rune) bool { return r <= ' ' }))
	for _, scheme := range []string{"javascript:", "vbscript:", "data:"} {
		if strings.HasPrefix(v, scheme) {
			return true
		}
	}
	return false
}

// pageFindings walks a page's tree for what no template writes: an event handler attribute
// (on...), a URL that runs script, a script that is neither a JSON block that parses nor an
// empty element loading a file.
func pageFindings(name string, page []byte) []string {
	var out []string
	for n := range parsePage(page).Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		for _, a := range n.Attr {
			if strings.HasPrefix(strings.ToLower(a.Key), "on") {
				out = append(out, fmt.Sprintf("%s: event handler attribute %s=%.100q on <%s>", name, a.Key, a.Val, n.Data))
			}
			if urlAttrs[strings.ToLower(a.Key)] && scriptURL(a.Val) {
				out = append(out, fmt.Sprintf("%s: <%s %s=%.100q> runs script", name, n.Data, a.Key, a.Val))
			}
		}
		if n.Data != "script" {
			continue
		}
		typ, _ := attrVal(n, "type")
		_, src := attrVal(n, "src")
		switch text := nodeText(n); {
		case typ == "application/json" || typ == "application/ld+json":
			if id, _ := attrVal(n, "id"); !json.Valid([]byte(text)) {
				out = append(out, fmt.Sprintf("%s: script block %s is not valid JSON: %.200s", name, id, text))
			}
		case !src || strings.TrimSpace(text) != "":
			out = append(out, fmt.Sprintf("%s: a script the templates do not write: %.200q", name, text))
		}
	}
	return out
}

// checkSafeSite checks what must hold for any built site, whatever its data held: every file
// name stays inside the site, every JSON file and JSON block parses, data.csv parses with
// every text cell neutralised and every number plain, no page has an event handler
// attribute, a script URL or a script of its own, and (given a twin built from benign names)
// every page has the same markup shape as its twin: the data added no element, no attribute,
// no comment and no script, and left no markup character unescaped.
func checkSafeSite(t *testing.T, files, twin *Files) {
	t.Helper()
	for _, msg := range unsafeSite(files, twin) {
		t.Error(msg)
	}
}

// unsafeSite is checkSafeSite's list of findings.
func unsafeSite(files, twin *Files) []string {
	var out []string
	errorf := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	for _, name := range files.Names() {
		if !fs.ValidPath(name) || strings.Contains(name, `\`) || name == "." {
			errorf("file name %q is not a path inside the site", name)
		}
		b, _ := files.Get(name)
		switch {
		case strings.HasSuffix(name, ".json"):
			if !json.Valid(b) {
				errorf("%s is not valid JSON", name)
			}
		case strings.HasSuffix(name, ".csv"):
			out = append(out, csvFindings(name, b)...)
		case strings.HasSuffix(name, ".html"):
			out = append(out, pageFindings(name, b)...)
		}
	}
	if twin != nil {
		got, want := siteShapes(files), siteShapes(twin)
		if !slices.Equal(got, want) {
			errorf("page markup shapes differ from the benign twin's: data added markup; %s", shapeDiff(got, want))
		}
	}
	return out
}

// csvNumeric are data.csv's number columns, by key (render.CSVColumns).
var csvNumeric = map[string]bool{"id": true, "concurrency": true, "tp": true, "x": true, "y": true,
	"tpPerGpu": true, "outputTputPerGpu": true, "inputTputPerGpu": true}

// checkCSV parses a data.csv: a spreadsheet must find no formula in a text cell, and numbers
// must stay numbers (not prefixed by the neutralising quote).
func checkCSV(t *testing.T, name string, b []byte) {
	t.Helper()
	for _, msg := range csvFindings(name, b) {
		t.Error(msg)
	}
}

func csvFindings(name string, b []byte) []string {
	rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		return []string{fmt.Sprintf("%s does not parse as CSV: %v", name, err)}
	}
	// The header: the text columns by key, the measured ones by the names the config gives
	// them (checked against the page in TestBrowserOneNameForTheMetric).
	keys := render.CSVColumns(len(rows) > 0 && len(rows[0]) == len(render.CSVColumns(true)))
	if len(rows) == 0 {
		return []string{name + ": no header"}
	}
	if len(rows[0]) != len(keys) {
		return []string{fmt.Sprintf("%s: header %q, want the columns %q", name, rows[0], keys)}
	}
	for j, key := range keys {
		if !csvNumeric[key] && rows[0][j] != key {
			return []string{fmt.Sprintf("%s: header cell %d is %q, want %q", name, j, rows[0][j], key)}
		}
	}
	var out []string
	for i, row := range rows {
		for j, cell := range row {
			col := keys[j]
			switch {
			case csvNumeric[col] && i > 0:
				if _, err := strconv.ParseFloat(cell, 64); err != nil {
					out = append(out, fmt.Sprintf("%s row %d: %s = %q is not a plain number", name, i, col, cell))
				}
			case cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])):
				out = append(out, fmt.Sprintf("%s row %d: %s = %q starts a formula", name, i, col, cell)) // row 0: the header
			}
		}
	}
	return out
}

// pageStrings collects every string in a JSON document, keys excluded.
func pageStrings(b []byte) map[string]bool {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return nil
	}
	out := map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			out[v] = true
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(v)
	return out
}

// chartPage finds the one chart page of a single-dataset site.
func chartPage(t *testing.T, files *Files) (dir string, page []byte) {
	t.Helper()
	for _, name := range files.Names() {
		if strings.HasSuffix(name, "/index.html") && strings.Count(name, "/") == 2 {
			if b, _ := files.Get(name); bytes.Contains(b, []byte(`id="page-data"`)) {
				return strings.TrimSuffix(name, "index.html"), b
			}
		}
	}
	t.Fatalf("no chart page in %v", files.Names())
	return "", nil
}

// readerText is a page's text as a reader sees it: its text nodes as parsed (entities decoded),
// without those of scripts and style sheets, and what a screen reader or a tooltip reads
// (aria-label, title, alt), one a line. A <noscript>'s text counts: a reader without
// JavaScript gets it.
func readerText(page []byte) string {
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch {
		case n.Type == html.TextNode:
			b.WriteString(n.Data + "\n")
		case n.Type == html.ElementNode && (n.Data == "script" || n.Data == "style"):
			return
		case n.Type == html.ElementNode:
			for _, key := range []string{"aria-label", "title", "alt"} {
				if v, ok := attrVal(n, key); ok {
					b.WriteString(v + "\n")
				}
			}
		}
		for c := range n.ChildNodes() {
			walk(c)
		}
	}
	walk(parsePage(page))
	return b.String()
}

// Where each field shows up besides the page's JSON blocks: in the HTML text (the table, the
// headings, the title), and in data.csv (as CSVText) and data.json.
var (
	fieldInHTML = map[string]bool{"model": true, "sequence": true, "label": true, "precision": true, "runId": true,
		"metricLabel": true, "xLabel": true}
	fieldInCSV = map[string]bool{"model": true, "sequence": true, "label": true, "hwKey": true, "gpu": true,
		"vendor": true, "framework": true, "spec": true, "precision": true, "runId": true}
	fieldInPageData = map[string]bool{"model": true, "sequence": true, "label": true, "hwKey": true, "gpu": true,
		"vendor": true, "framework": true, "spec": true, "precision": true, "runId": true, "metricKey": true, "xLabel": true}
	fieldInDataJSON = map[string]bool{"model": true, "sequence": true, "label": true, "hwKey": true, "gpu": true,
		"vendor": true, "framework": true, "spec": true, "precision": true, "runId": true, "metricKey": true,
		"metricLabel": true, "metricLabelZh": true, "metricUnit": true, "xLabel": true, "xMode": true, "xField": true}
)

// TestBuildShowsHostileStringsLiterallyInEveryField tries every hostile string in every text
// field. Each build fills all fields at once, each with another string (a Latin square: build k
// gives field i string i+k), so len(hostileStrings) builds cover every pair.
func TestBuildShowsHostileStringsLiterallyInEveryField(t *testing.T) {
	t.Parallel()
	kinds := slices.Sorted(maps.Keys(hostileStrings))
	for k := range kinds {
		t.Run(kinds[k], func(t *testing.T) {
			doc, twinDoc := seedDoc(t, 3), seedDoc(t, 3)
			given := map[string]string{} // field -> the kind of string it holds
			for i, field := range textFields {
				kind := kinds[(i+k)%len(kinds)]
				given[field] = kind
				setText(doc, field, hostileStrings[kind])
				setText(twinDoc, field, benignName(hostileStrings[kind]))
			}
			files, err := buildDoc(t, doc, nil)
			if err != nil {
				t.Fatalf("build failed: %v", err)
			}
			twin, err := buildDoc(t, twinDoc, nil)
			if err != nil {
				t.Fatalf("benign twin failed: %v", err)
			}
			checkSafeSite(t, files, twin)

			dir, page := chartPage(t, files)
			text := readerText(page)
			blocks := jsonBlocks(parsePage(page))
			pageData, option := pageStrings([]byte(blocks["page-data"])), pageStrings([]byte(blocks["chart-option"]))
			js, _ := files.Get(dir + "data.json")
			dataJSON := pageStrings(js)
			c, _ := files.Get(dir + "data.csv")
			rows, _ := csv.NewReader(bytes.NewReader(c)).ReadAll()
			cells := map[string]bool{}
			for _, row := range rows {
				for _, cell := range row {
					cells[cell] = true
				}
			}
			for _, field := range textFields {
				kind := given[field]
				s := hostileStrings[kind]
				want := s
				if field == "precision" {
					want = strings.ToUpper(s) // the table shows precisions in capitals
				}
				if fieldInHTML[field] && !strings.Contains(text, want) {
					t.Errorf("%s holds %s: the page text does not show it literally", field, kind)
				}
				if fieldInPageData[field] && !pageData[s] {
					t.Errorf("%s holds %s: page-data does not hold it as a string", field, kind)
				}
				// A series' name is its label, plus its precision when the page has several
				// (the hostile precision splits the page here).
				if field == "label" && !hasPrefix(option, s) {
					t.Errorf("%s holds %s: chart-option names no series with it", field, kind)
				}
				if fieldInDataJSON[field] && !dataJSON[s] {
					t.Errorf("%s holds %s: data.json does not hold it", field, kind)
				}
				if fieldInCSV[field] && !cells[render.CSVText(s)] && !(field == "label" && hasPrefix(cells, render.CSVText(s))) {
					t.Errorf("%s holds %s: data.csv has no cell %.40q", field, kind, render.CSVText(s))
				}
			}
		})
	}
}

// hasPrefix says whether some string of set starts with p.
func hasPrefix(set map[string]bool, p string) bool {
	for s := range set {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// TestBuildNeutralisesFormulasButNotNumbers checks data.csv cell by cell: a text cell that a
// spreadsheet would evaluate gets a leading quote, everything else is left as written.
func TestBuildNeutralisesFormulasButNotNumbers(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"=1+1", "'=1+1"}, {"+1", "'+1"}, {"-1", "'-1"}, {"@x", "'@x"}, {"\tx", "'\tx"}, {"\rx", "'\rx"},
		{"a=1", "a=1"}, {"'=1", "'=1"}, {"", ""}, {"B200 (vLLM)", "B200 (vLLM)"}, {"通义=", "通义="},
	} {
		if got := render.CSVText(c.in); got != c.want {
			t.Errorf("CSVText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	doc := seedDoc(t, 3)
	setText(doc, "model", "=cmd|' /C calc'!A0")
	setText(doc, "runId", "-1")
	files, err := buildDoc(t, doc, nil)
	if err != nil {
		t.Fatal(err)
	}
	dir, _ := chartPage(t, files)
	b, _ := files.Get(dir + "data.csv")
	checkCSV(t, "data.csv", b)
	rows, _ := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if got, want := rows[1][0], "'=cmd|' /C calc'!A0"; got != want {
		t.Errorf("model cell = %q, want %q", got, want)
	}
	runIDs := map[string]bool{}
	for _, row := range rows[1:] {
		runIDs[row[len(row)-1]] = true
	}
	if !runIDs["'-1"] || !runIDs["28078823761"] {
		t.Errorf("run id cells %v: want the string run id \"'-1\" neutralised and the numeric ones as written", runIDs)
	}
}

// TestBuildShowsHostileFrontMatterLiterally puts hostile strings into a markdown page's title
// and description and into the model a notes page names.
func TestBuildShowsHostileFrontMatterLiterally(t *testing.T) {
	t.Parallel()
	for kind, s := range hostileStrings {
		t.Run(kind, func(t *testing.T) {
			page := func(title string) fstest.MapFS {
				q, _ := json.Marshal(title) // a JSON string is a YAML double-quoted scalar
				return fstest.MapFS{
					"about.md": {Data: []byte("---\ntitle: " + string(q) + "\ndescription: " + string(q) + "\n---\n\nBody text.\n")},
				}
			}
			files, err := buildDoc(t, seedDoc(t, 1), page(s))
			if err != nil {
				t.Fatal(err)
			}
			twin, err := buildDoc(t, seedDoc(t, 1), page(benignName(s)))
			if err != nil {
				t.Fatal(err)
			}
			checkSafeSite(t, files, twin)
			about, ok := files.Get("about/index.html")
			if !ok {
				t.Fatalf("no about page: %v", files.Names())
			}
			if !strings.Contains(readerText(about), s) {
				t.Errorf("the about page does not show the title %q literally", s)
			}
			home, _ := files.Get("index.html")
			if !strings.Contains(readerText(home), s) {
				t.Errorf("the navigation on the home page does not show %q literally", s)
			}
		})
	}
}

// TestBuildShowsHostileModelInNotes names a hostile model in a notes page's front matter: the
// notes attach to that chart page, and nothing escapes.
func TestBuildShowsHostileModelInNotes(t *testing.T) {
	t.Parallel()
	s := hostileStrings["script-end"]
	doc := seedDoc(t, 3)
	setText(doc, "model", s)
	q, _ := json.Marshal(s)
	notes := fstest.MapFS{"notes/x.md": {Data: []byte("---\nmodel: " + string(q) + "\nsequence: \"8k/1k\"\n---\n\nA <b>note</b> about " + s + ".\n")}}
	files, err := buildDoc(t, doc, notes)
	if err != nil {
		t.Fatal(err)
	}
	checkSafeSite(t, files, nil)
	_, page := chartPage(t, files)
	if !strings.Contains(readerText(page), "A <b>note</b> about "+s) {
		t.Errorf("the notes are not on the chart page as text:\n%s", readerText(page))
	}
}

// TestLoadRejectsControlCharacters: a NUL or another control character in a name cannot be
// shown, typed into a URL fragment, or kept in a CSV cell; the loader says where it is.
func TestLoadRejectsControlCharacters(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ field, s, path string }{
		{"model", "Deep\x00Seek", "params.model"},
		{"label", "B200\x1b[31m", "hardware[0].label"},
		{"runId", "run\r\nid", "series[0].points[0].runId"},
		{"framework", "vllm\u0085", "series[0].framework"},
		{"vendor", "NV\x7fIDIA", "hardware[0].vendor"},
	} {
		doc := seedDoc(t, 3)
		setText(doc, c.field, c.s)
		_, err := buildDoc(t, doc, nil)
		var ps Problems
		if !errors.As(err, &ps) {
			t.Errorf("%s = %q: got %v, want a problem", c.field, c.s, err)
			continue
		}
		found := false
		for _, p := range ps {
			found = found || p.Path == c.path && strings.Contains(p.Msg, "control character")
		}
		if !found {
			t.Errorf("%s = %q: problems %v, want one at %s about a control character", c.field, c.s, testsite.ProblemLines(ps), c.path)
		}
	}
	// Line and paragraph separators, direction overrides and zero-width spaces are text, not controls.
	for _, s := range []string{"a\u2028b", "abc\u202Edef", "x\u200by"} {
		doc := seedDoc(t, 3)
		setText(doc, "label", s)
		if _, err := buildDoc(t, doc, nil); err != nil {
			t.Errorf("label %q: %v", s, err)
		}
	}
}

// TestSafeSiteChecksCatchEscapes makes sure the checks above would notice: the same site with
// one unescaped tag, attribute, comment or script, a script URL, a broken JSON block and a
// formula cell. What no template writes (an event handler, a script URL, a script of its own, a
// JSON block that does not parse) is caught without a twin too.
func TestSafeSiteChecksCatchEscapes(t *testing.T) {
	t.Parallel()
	files, err := buildDoc(t, seedDoc(t, 3), nil)
	if err != nil {
		t.Fatal(err)
	}
	dir, page := chartPage(t, files)
	if got := unsafeSite(files, files); len(got) != 0 {
		t.Fatalf("the seed site is reported unsafe: %v", got)
	}
	for _, c := range []struct {
		name, old, new string
		withoutTwin    bool // caught without a twin to compare with
	}{
		{"tag", "<td>", "<td><b>x</b>", false},
		{"bare attribute", "<td>", "<td hidden>", false},
		{"comment", "<td>", "<td><!-- x -->", false},
		{"attribute", `<tr data-series="`, `<tr data-series="" onclick="alert(1)`, true},
		{"bare event handler", "<td>", "<td onmouseover=alert(1)>", true},
		{"script", `B300 (SGLang)`, `</script><script>alert(1)</script>`, true},
		{"script in a cell", "<td>", "<td><script>alert(1)</script>", true},
		{"script URL", `href="data.csv"`, `href=" JavaScript:alert(1)"`, true},
		{"broken JSON block", `id="page-data">{`, `id="page-data">{,`, true},
	} {
		if !bytes.Contains(page, []byte(c.old)) {
			t.Fatalf("%s: the page has no %q to tamper with", c.name, c.old)
		}
		bad := &Files{}
		for _, n := range files.Names() {
			b, _ := files.Get(n)
			bad.WriteFile(n, b)
		}
		bad.WriteFile(dir+"index.html", bytes.Replace(page, []byte(c.old), []byte(c.new), 1))
		if got := unsafeSite(bad, files); len(got) == 0 {
			t.Errorf("%s: tampered page passed the checks", c.name)
		}
		if got := unsafeSite(bad, nil); c.withoutTwin && len(got) == 0 {
			t.Errorf("%s: tampered page passed the checks without a twin", c.name)
		}
	}
	var header bytes.Buffer
	hw := csv.NewWriter(&header)
	hw.Write(render.CSVHeader())
	hw.Flush()
	if got := csvFindings("x.csv", append(header.Bytes(), "=1,a,b,c,d,e,f,g,h,1,2,3,'4,5,6,7,true,false,d,r\n"...)); len(got) != 2 {
		t.Errorf("csv findings %q, want the formula cell and the quoted number", got)
	}
}

// namedDoc is testDoc for a model and sequence, its point ids starting at id so that
// several can share a site.
func namedDoc(tb testing.TB, model, sequence string, id int) []byte {
	tb.Helper()
	doc := testsite.Doc()
	testsite.Edit(tb, doc, "params.model", model)
	testsite.Edit(tb, doc, "params.sequence", sequence)
	for i, p := range []string{"series.0.points.0", "series.0.points.1", "series.1.points.0"} {
		testsite.Edit(tb, doc, p+".id", id+i)
	}
	return testsite.Marshal(tb, doc)
}

func TestBuildNamesBecomeSafeDistinctPaths(t *testing.T) {
	t.Parallel()
	names := [][2]string{
		{"../../etc", "8k/1k"},
		{`..\..\windows`, `1k\8k`},
		{"...", ".."},
		{"???", "8k/1k"},
		{"!!!", "8k/1k"},
		{"/", "/"},
		{"通义千问", "8k/1k"},
		{"Qwen/Qwen3", "../1k"},
	}
	data := fstest.MapFS{}
	for i, n := range names {
		data[fmt.Sprintf("d%d.json", i)] = &fstest.MapFile{Data: namedDoc(t, n[0], n[1], 100*(i+1))}
	}
	files := &Files{}
	rep, err := Build(Input{Data: data, Config: DefaultConfig(), ECharts: fakeECharts}, files)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Pages != len(names) {
		t.Errorf("%d chart pages, want %d (one per name)", rep.Pages, len(names))
	}
	checkSafeSite(t, files, nil)
	pages := map[string]bool{}
	for _, name := range files.Names() {
		if strings.HasSuffix(name, "/data.json") {
			pages[strings.TrimSuffix(name, "data.json")] = true
		}
	}
	if len(pages) != len(names) {
		t.Errorf("chart pages %v, want %d distinct ones", slices.Sorted(maps.Keys(pages)), len(names))
	}
	for p := range pages {
		for _, seg := range strings.Split(strings.TrimSuffix(p, "/"), "/") {
			if !regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`).MatchString(seg) {
				t.Errorf("page %q has segment %q outside [a-z0-9-]", p, seg)
			}
		}
	}
}

func TestBuildReportsNamesThatSlugAlike(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name     string
		a, b     [2]string // model, sequence
		path     string    // the problem's JSON path
		wantMsgs []string
	}{
		{"models", [2]string{"DeepSeek V4", "8k/1k"}, [2]string{"deepseek-v4", "8k/1k"}, "params.model",
			[]string{`"deepseek-v4"`, `"DeepSeek V4"`, "data/a.json", "deepseek-v4/"}},
		{"slashes", [2]string{"a/b", "8k/1k"}, [2]string{`a\b`, "8k/1k"}, "params.model",
			[]string{`"a/b"`, `"a\\b"`, "data/a.json", "a-b/"}},
		{"sequences", [2]string{"M", "8k/1k"}, [2]string{"M", "8k-1k"}, "params.sequence",
			[]string{`"8k/1k"`, `"8k-1k"`, "data/a.json", "m/8k-1k/"}},
		{"reserved", [2]string{"Assets", "8k/1k"}, [2]string{"M", "8k/1k"}, "params.model",
			[]string{`"Assets"`, "assets/", "uses itself"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			data := fstest.MapFS{
				"a.json": {Data: namedDoc(t, c.a[0], c.a[1], 100)},
				"b.json": {Data: namedDoc(t, c.b[0], c.b[1], 200)},
			}
			files := &Files{}
			_, err := Build(Input{Data: data, Config: DefaultConfig(), ECharts: fakeECharts}, files)
			var ps Problems
			if !errors.As(err, &ps) || len(ps) != 1 {
				t.Fatalf("got %v, want one problem", err)
			}
			p := ps[0]
			if p.Path != c.path || !strings.HasPrefix(p.File, "data/") {
				t.Errorf("problem at %s %s, want one at a data file's %s", p.File, p.Path, c.path)
			}
			for _, w := range c.wantMsgs {
				if !strings.Contains(p.String(), w) {
					t.Errorf("problem %q does not mention %s", p, w)
				}
			}
			if files.Len() != 0 {
				t.Errorf("a build with a collision wrote %d files", files.Len())
			}
		})
	}
}

func TestBuildReportsChartPageAndMarkdownPageOnOnePath(t *testing.T) {
	t.Parallel()
	data := fstest.MapFS{
		"a.json":         {Data: namedDoc(t, "About", "8k/1k", 100)},
		"about/8k-1k.md": {Data: []byte("# Hi\n")},
	}
	files := &Files{}
	// The datasets' own axis names in every place they can reach (inputLabels), so that the
	// hostile strings in them are tried there.
	cfg := DefaultConfig()
	cfg.InputLabels = true
	_, err := Build(Input{Data: data, Config: cfg, ECharts: fakeECharts}, files)
	if err == nil || !strings.Contains(err.Error(), "data/about/8k-1k.md") || !strings.Contains(err.Error(), "/about/8k-1k/") {
		t.Errorf("got %v, want a problem naming the markdown file and the path", err)
	}
	if files.Len() != 0 {
		t.Errorf("wrote %d files", files.Len())
	}
}

// faultFS fails Open for chosen names and offers nothing but Open, so every read (ReadFile,
// Stat, WalkDir) goes through the fault.
type faultFS struct {
	fsys fs.FS
	fail map[string]error
}

func (f faultFS) Open(name string) (fs.File, error) {
	if err := f.fail[name]; err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return f.fsys.Open(name)
}

func TestBuildReportsUnreadableDatasetsAndPages(t *testing.T) {
	t.Parallel()
	data := fstest.MapFS{
		"a.json":   {Data: namedDoc(t, "A", "8k/1k", 100)},
		"b.json":   {Data: namedDoc(t, "B", "8k/1k", 200)},
		"about.md": {Data: []byte("# About\n")},
	}
	fsys := faultFS{data, map[string]error{"b.json": syscall.EACCES, "about.md": syscall.EIO}}
	files := &Files{}
	_, err := Build(Input{Data: fsys, Config: DefaultConfig(), ECharts: fakeECharts}, files)
	var ps Problems
	if !errors.As(err, &ps) {
		t.Fatalf("got %v, want problems", err)
	}
	want := []string{"data/about.md: cannot read: input/output error", "data/b.json: cannot read: permission denied"}
	if got := testsite.ProblemLines(ps); !slices.Equal(got, want) {
		t.Errorf("problems %q, want %q", got, want)
	}
	if files.Len() != 0 {
		t.Errorf("wrote %d files", files.Len())
	}
}

// fullDisk is a Writer that runs out of space after limit bytes, like a full disk.
type fullDisk struct {
	w     Writer
	mu    sync.Mutex
	limit int
}

func (d *fullDisk) WriteFile(name string, data []byte) error {
	d.mu.Lock()
	d.limit -= len(data)
	full := d.limit < 0
	d.mu.Unlock()
	if full {
		return syscall.ENOSPC
	}
	return d.w.WriteFile(name, data)
}

func TestBuildOnAFullDiskFailsClearlyAndKeepsTheOldSite(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	out := filepath.Join(root, "public")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "index.html"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, limit := range []int{0, 1000, 100_000} {
		dw, err := NewDirWriter(out)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Build(Input{Data: seedFS(t), Config: DefaultConfig(), ECharts: fakeECharts}, &fullDisk{w: dw, limit: limit})
		var se *StageError
		if !errors.As(err, &se) || !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "write ") {
			t.Errorf("limit %d: got %v, want a write stage error with ENOSPC", limit, err)
		}
		t.Logf("limit %d: %v", limit, err)
		if err := dw.Abort(); err != nil {
			t.Fatal(err)
		}
		if b, err := os.ReadFile(filepath.Join(out, "index.html")); err != nil || string(b) != "old" {
			t.Errorf("limit %d: old site's index.html is %q, %v", limit, b, err)
		}
		if m, _ := filepath.Glob(filepath.Join(root, ".frontier-*")); len(m) > 0 {
			t.Errorf("limit %d: temporary folders left: %v", limit, m)
		}
	}
}

func TestBuildDoesNotOpenAPipeNamedLikeAPage(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" {
		t.Skip("mkfifo")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.json"), namedDoc(t, "A", "8k/1k", 100), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"pipe.md", "pipe.json"} {
		if err := syscall.Mkfifo(filepath.Join(dir, name), 0o644); err != nil {
			t.Skip("mkfifo:", err)
		}
	}
	_, err := Build(Input{Data: os.DirFS(dir), Config: DefaultConfig(), ECharts: fakeECharts}, &Files{})
	for _, want := range []string{"data/pipe.md: not a regular file", "data/pipe.json: not a regular file"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want %q", err, want)
		}
	}
}

// bigDoc is one dataset of n series with m points each.
func bigDoc(n, m int) map[string]any {
	doc := testsite.Doc()
	var hw, series []any
	id := 1
	for i := range n {
		key := fmt.Sprintf("gpu%d_vllm", i)
		hw = append(hw, map[string]any{"key": key, "label": fmt.Sprintf("GPU%d (vLLM)", i), "vendor": "NVIDIA"})
		var pts []any
		for j := range m {
			x := 1 + float64(j)*0.01
			pts = append(pts, testsite.Point(id, x, 100000/x+float64(i)))
			id++
		}
		series = append(series, map[string]any{"hwKey": key, "gpu": fmt.Sprintf("gpu%d", i), "framework": "vllm",
			"label": fmt.Sprintf("GPU%d (vLLM)", i), "points": pts})
	}
	doc["hardware"], doc["series"] = hw, series
	return doc
}

func TestBuildOneHundredThousandPoints(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a large dataset")
	}
	doc := bigDoc(10, 10_000)
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	files := &Files{}
	rep, err := Build(Input{Data: fstest.MapFS{"big.json": {Data: b}}, Config: DefaultConfig(), ECharts: fakeECharts}, files)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Points != 100_000 {
		t.Errorf("%d points, want 100000", rep.Points)
	}
	dir, page := chartPage(t, files)
	var pd struct {
		Series []struct {
			Points [][]any `json:"points"`
		} `json:"series"`
	}
	if err := json.Unmarshal(scriptJSON(t, page, "page-data"), &pd); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, s := range pd.Series {
		n += len(s.Points)
	}
	if n != 100_000 {
		t.Errorf("page-data holds %d points, want 100000", n)
	}
	csvFile, _ := files.Get(dir + "data.csv")
	if rows := bytes.Count(csvFile, []byte("\n")); rows != 100_001 {
		t.Errorf("data.csv has %d lines, want 100001", rows)
	}
	t.Logf("100,000 points: input %d KiB, page %d KiB, data.csv %d KiB, stages %v", len(b)>>10, len(page)>>10, len(csvFile)>>10, rep.Stages)
}

// TestBuildLinksMarkdownPagesWhateverTheirFileNames: a page file's name is its path, so the
// navigation must escape what a URL would read as a query, a fragment or an escape.
func TestBuildLinksMarkdownPagesWhateverTheirFileNames(t *testing.T) {
	t.Parallel()
	names := []string{"q&a #2?", "100% sure", "通义 千问", "<b>x", "a+b=c"}
	data := fstest.MapFS{}
	for _, n := range names {
		data[n+".md"] = &fstest.MapFile{Data: []byte("# " + n + "\n")}
	}
	files := &Files{}
	if _, err := Build(Input{Data: data, Config: DefaultConfig(), ECharts: fakeECharts}, files); err != nil {
		t.Fatal(err)
	}
	checkSafeSite(t, files, nil)
	home, _ := files.Get("index.html")
	var hrefs []string
	for a := range parsePage(home).Descendants() {
		// A list's links (<li><a href>): the navigation's, and the home page's lists.
		if a.Type != html.ElementNode || a.Data != "a" || a.Parent.Data != "li" || a.Parent.FirstChild != a {
			continue
		}
		href, ok := attrVal(a, "href")
		u, err := url.Parse(href)
		if !ok || err != nil {
			t.Errorf("list link %q (href given: %v): %v", href, ok, err)
			continue
		}
		if u.RawQuery != "" || u.Fragment != "" {
			t.Errorf("navigation link %q: query %q, fragment %q", href, u.RawQuery, u.Fragment)
			continue
		}
		hrefs = append(hrefs, u.Path)
	}
	for _, n := range names {
		if _, ok := files.Get(n + "/index.html"); !ok {
			t.Errorf("no page file for %q", n)
		}
		if !slices.Contains(hrefs, "/"+n+"/") {
			t.Errorf("no navigation link leads to /%s/; links lead to %q", n, hrefs)
		}
	}
}

// TestBuildExtremeNumbers: the largest and smallest numbers JSON can carry, and integers past
// 2^53, build into a safe site (no Inf or NaN reaches a JSON file, which would fail the build).
func TestBuildExtremeNumbers(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		path string
		v    any
	}{
		{"series.0.points.0.metrics", map[string]any{"outputTputPerGpu": 1.7e308, "inputTputPerGpu": 1.7e308}},
		{"series.0.points.0.x", 1.7e308},
		{"series.0.points.0.y", 1.7e308},
		{"series.0.points.1.y", 1.7e308},
		{"series.0.points.0.x", 5e-324},
		{"series.0.points.0.concurrency", json.Number("9007199254740993")},
		{"series.0.points.0.id", json.Number("-9223372036854775808")},
		{"series.0.points.0.runId", json.Number("1e400")},
	} {
		doc := seedDoc(t, 3)
		testsite.Edit(t, doc, c.path, c.v)
		files, err := buildDoc(t, doc, nil)
		if err != nil {
			t.Errorf("%s = %v: %v", c.path, c.v, err)
			continue
		}
		for _, msg := range unsafeSite(files, nil) {
			t.Errorf("%s = %v: %s", c.path, c.v, msg)
		}
	}
}

// TestBuildShowsHostileSiteTitleLiterally puts hostile strings into frontier.toml's title and
// description, which every page shows, and a hostile GPU key into its cost table.
func TestBuildShowsHostileSiteTitleLiterally(t *testing.T) {
	t.Parallel()
	for kind, s := range hostileStrings {
		t.Run(kind, func(t *testing.T) {
			build := func(title string) *Files {
				q, _ := json.Marshal(title) // a JSON string is a TOML basic string
				toml := "title = " + string(q) + "\ndescription = " + string(q) + "\n[gpus." + string(q) + "]\ncost_per_hour = 1\nkw = 1\n"
				cfg, ps := ParseConfig("frontier.toml", []byte(toml))
				if len(ps) > 0 {
					t.Fatalf("config: %v", ps)
				}
				files := &Files{}
				if _, err := Build(Input{Data: fstest.MapFS{"d.json": {Data: docBytes(t, seedDoc(t, 1))}}, Config: cfg, ECharts: fakeECharts}, files); err != nil {
					t.Fatal(err)
				}
				return files
			}
			files := build(s)
			checkSafeSite(t, files, build(benignName(s)))
			for _, name := range files.Names() {
				if strings.HasSuffix(name, ".html") {
					page, _ := files.Get(name)
					if !strings.Contains(readerText(page), s) {
						t.Errorf("%s does not show the site title literally", name)
					}
				}
			}
		})
	}
}
