package site

import (
	"bytes"
	"encoding/json"
	"html"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/links"
)

// versusConfig is the default config with both GPUs' price and power for the hand-made site.
func versusConfig() Config {
	cfg := DefaultConfig()
	cfg.BaseURL = "https://example.org/repo/"
	cfg.GPUs = map[string]GPUConfig{"b200": {CostPerHour: 6, KW: 1.2}, "mi355x": {CostPerHour: 3, KW: 1}}
	return cfg
}

func buildVersus(t *testing.T) *Files {
	t.Helper()
	files, _, err := build(t, testsite.VersusData(), versusConfig())
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func get(t *testing.T, files *Files, name string) string {
	t.Helper()
	b, ok := files.Get(name)
	if !ok {
		t.Fatalf("no %s; files: %v", name, files.Names())
	}
	return string(b)
}

// TestComparePagesForEveryPairInSlugOrder: one page per pair of the page's GPUs, a before b.
func TestComparePagesForEveryPairInSlugOrder(t *testing.T) {
	t.Parallel()
	files := buildVersus(t)
	var got []string
	for _, name := range files.Names() {
		if strings.Contains(name, "/compare/") && !strings.HasSuffix(name, ".png") { // cards: cards_test.go
			got = append(got, name)
		}
	}
	want := []string{
		"tiny-model/1k-1k/compare/b200-vs-h100/compare.json", "tiny-model/1k-1k/compare/b200-vs-h100/index.html",
		"tiny-model/1k-1k/compare/b200-vs-mi355x/compare.json", "tiny-model/1k-1k/compare/b200-vs-mi355x/index.html",
		"tiny-model/1k-1k/compare/h100-vs-mi355x/compare.json", "tiny-model/1k-1k/compare/h100-vs-mi355x/index.html",
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("compare files\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestCompareJSONHoldsTheNumbersAsComputed is compare.json against a golden file and, so
// that the golden file cannot drift into nonsense, against the hand-made frontiers' values.
func TestCompareJSONHoldsTheNumbersAsComputed(t *testing.T) {
	t.Parallel()
	files := buildVersus(t)
	raw := get(t, files, "tiny-model/1k-1k/compare/b200-vs-mi355x/compare.json")
	testsite.Golden(t, "testdata/compare-b200-vs-mi355x.golden.json", []byte(raw))

	// Exactly these keys, at every level.
	keysOf := func(b []byte) string {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		return strings.Join(slices.Sorted(maps.Keys(m)), ",")
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal([]byte(raw), &top); err != nil {
		t.Fatal(err)
	}
	var refs []json.RawMessage
	if err := json.Unmarshal(top["refs"], &refs); err != nil {
		t.Fatal(err)
	}
	for what, keys := range map[string][2]string{
		"top":     {keysOf([]byte(raw)), "a,b,date,metric,model,refs,sequence"},
		"a":       {keysOf(top["a"]), "gpu,label"},
		"b":       {keysOf(top["b"]), "gpu,label"},
		"refs[3]": {keysOf(refs[3]), "a,aConfig,b,bConfig,ratio,x"},
	} {
		if keys[0] != keys[1] {
			t.Errorf("%s keys %s, want %s", what, keys[0], keys[1])
		}
	}

	var doc struct {
		Model, Sequence, Date, Metric string
		A, B                          struct{ GPU, Label string }
		Refs                          []struct {
			X                float64
			A, B, Ratio      *float64
			AConfig, BConfig *string
		}
	}
	if err := json.Unmarshal([]byte(raw), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Model != "Tiny-Model" || doc.Sequence != "1k/1k" || doc.Date != "2026-07-01" || doc.Metric != "tpPerGpu" ||
		doc.A.GPU != "b200" || doc.A.Label != "B200" || doc.B.GPU != "mi355x" || doc.B.Label != "MI355X" {
		t.Errorf("head %+v", doc)
	}
	num := func(p *float64) any {
		if p == nil {
			return nil
		}
		return *p
	}
	str := func(p *string) any {
		if p == nil {
			return nil
		}
		return *p
	}
	type ref struct{ x, a, b, ratio, ac, bc any }
	want := []ref{
		{20.0, 2000.0, 1000.0, 2.0, "B200 (vLLM)", "MI355X (SGLang)"},
		{50.0, 1000.0, 500.0, 2.0, "B200 (TRTLLM)", "MI355X (SGLang)"},
		{100.0, 400.0, nil, nil, "B200 (vLLM)", nil}, // MI355X's curve ends at 80
		{200.0, nil, nil, nil, nil, nil},             // neither reaches 200
	}
	if len(doc.Refs) != len(want) {
		t.Fatalf("%d refs, want %d", len(doc.Refs), len(want))
	}
	for i, w := range want {
		r := doc.Refs[i]
		got := ref{r.X, num(r.A), num(r.B), num(r.Ratio), str(r.AConfig), str(r.BConfig)}
		if got != w {
			t.Errorf("refs[%d] = %v, want %v", i, got, w)
		}
	}
}

// TestComparePageWordsEveryReference: the title, the description, a sentence per reference
// (values, ratio, configurations, or which curve does not reach), per dollar and per megawatt;
// the unit is the metric's one name (tok/s/GPU), not the data's spelling of it (tok/s/gpu).
func TestComparePageWordsEveryReference(t *testing.T) {
	t.Parallel()
	files := buildVersus(t)
	page := html.UnescapeString(get(t, files, "tiny-model/1k-1k/compare/b200-vs-mi355x/index.html"))
	first := "At 20 tok/s/user, B200 serves 2.0× the total throughput per GPU of MI355X: 2,000 against 1,000."
	for _, want := range []string{
		"<title>B200 vs MI355X: Tiny-Model 1k/1k · Frontier</title>",
		`<meta name="description" content="` + first + `">`,
		first,
		"B200 from B200 (vLLM); MI355X from MI355X (SGLang).",
		"At 50 tok/s/user, B200 serves 2.0× the total throughput per GPU of MI355X: 1,000 against 500.",
		"B200 from B200 (TRTLLM); MI355X from MI355X (SGLang).",
		"At 100 tok/s/user, MI355X's curve does not reach (MI355X covers 10 to 80 tok/s/user); B200 serves 400 tok/s/GPU.",
		"At 200 tok/s/user, neither curve reaches: B200 covers 20 to 100 tok/s/user; MI355X covers 10 to 80 tok/s/user.",
		// Tokens per dollar: 2000/6 against 1000/3 is the same; the values are $ per million tokens.
		"At 20 tok/s/user, B200 and MI355X serve the same: $0.83 against $0.83 per million tokens.",
		// Per megawatt: 2000/1.2 against 1000/1.
		"At 20 tok/s/user, B200 serves 1.7× the throughput per megawatt of MI355X: 1,666,667 against 1,000,000 tok/s/MW.",
		`href="/repo/tiny-model/1k-1k/#gpus=b200,mi355x"`,
		`href="compare.json"`,
		`id="versus-chart" class="chart versus-chart"`,
		`id="ratio-chart" class="chart versus-chart"`,
		`<script type="application/json" id="compare-charts">`,
		`href="/repo/tiny-model/1k-1k/compare/b200-vs-h100/"`, // the other comparisons
		`<link rel="canonical" href="https://example.org/repo/tiny-model/1k-1k/compare/b200-vs-mi355x/">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("compare page lacks %q", want)
		}
	}
	// H100 was measured at 30 tok/s/user only: it has no value at any reference, and no price.
	h := html.UnescapeString(get(t, files, "tiny-model/1k-1k/compare/b200-vs-h100/index.html"))
	for _, want := range []string{
		"At 50 tok/s/user, H100's curve does not reach (H100 was measured at 30 tok/s/user only); B200 serves 1,000 tok/s/GPU.",
		"No comparison per dollar and per megawatt",
	} {
		if !strings.Contains(h, want) {
			t.Errorf("B200 vs H100 lacks %q", want)
		}
	}
	// The ratio chart is over 20..80, where both curves are; the curves' chart has both lines,
	// each with its measured points as marks. Each chart's layout (the same on every compare
	// page) names its series by line index, for the page script to fill in.
	type line struct {
		Name, Color   string
		Points, Marks [][2]float64
	}
	var charts struct {
		Layouts map[string]struct {
			Series []struct{ Name, Type string }
		}
		Charts map[string]struct {
			X, Y, Aria string
			Lines      []line
		}
	}
	if err := json.Unmarshal(scriptJSON(t, []byte(get(t, files, "tiny-model/1k-1k/compare/b200-vs-mi355x/index.html")), "compare-charts"), &charts); err != nil {
		t.Fatal(err)
	}
	var series []string
	for _, s := range charts.Layouts["versus-chart"].Series {
		series = append(series, s.Type+":"+s.Name)
	}
	if got := strings.Join(series, " "); got != "scatter:0 scatter:1 line:0 line:1" {
		t.Errorf("curves layout series %s, want each line's marks then the lines, named by index", got)
	}
	curves := charts.Charts["versus-chart"]
	if len(curves.Lines) != 2 || curves.Lines[0].Name != "B200" || curves.Lines[1].Name != "MI355X" ||
		!slices.Contains(curves.Lines[0].Marks, [2]float64{50, 1000}) || curves.Lines[1].Points[len(curves.Lines[1].Points)-1] != [2]float64{80, 300} ||
		curves.Y != "Total throughput per GPU (tok/s/GPU)" {
		t.Errorf("curves chart %+v", curves)
	}
	ratio := charts.Charts["ratio-chart"]
	r := ratio.Lines[0].Points
	if ratio.Lines[0].Name != "B200 ÷ MI355X" || r[0][0] != 20 || r[len(r)-1][0] != 80 {
		t.Errorf("ratio line %q from %v to %v, want B200 ÷ MI355X over 20..80", ratio.Lines[0].Name, r[0], r[len(r)-1])
	}
	for _, p := range r {
		if p[0] == 20 && p[1] != 2 || p[0] == 50 && p[1] != 2 {
			t.Errorf("ratio at %v = %v, want 2", p[0], p[1])
		}
	}
}

// TestCompareLinksMenuSitemapOverview: every chart page's Compare menu, the navigation, the
// home page and the sitemap reach the new pages, and the link checker finds nothing broken.
func TestCompareLinksMenuSitemapOverview(t *testing.T) {
	t.Parallel()
	files := buildVersus(t)
	chart := get(t, files, "tiny-model/1k-1k/index.html")
	for _, pair := range []string{"b200-vs-h100", "b200-vs-mi355x", "h100-vs-mi355x"} {
		if !strings.Contains(chart, `<li><a href="/repo/tiny-model/1k-1k/compare/`+pair+`/">`) {
			t.Errorf("the chart page's Compare menu lacks %s", pair)
		}
	}
	if !strings.Contains(chart, `<details class="compare-menu"><summary>Compare</summary>`) {
		t.Error("no Compare menu on the chart page")
	}
	for _, name := range []string{"index.html", "tiny-model/1k-1k/index.html", "overview/index.html"} {
		if !strings.Contains(get(t, files, name), `<li><a href="/repo/overview/"`) {
			t.Errorf("%s: no Overview in the navigation", name)
		}
	}
	if !strings.Contains(get(t, files, "index.html"), `<p class="overview-link"><a href="/repo/overview/">`) {
		t.Error("the home page does not link the overview")
	}
	sitemap := get(t, files, "sitemap.xml")
	for _, loc := range []string{"overview/", "tiny-model/1k-1k/compare/b200-vs-h100/", "tiny-model/1k-1k/compare/b200-vs-mi355x/", "tiny-model/1k-1k/compare/h100-vs-mi355x/"} {
		if !strings.Contains(sitemap, "<loc>https://example.org/repo/"+loc+"</loc>") {
			t.Errorf("sitemap lacks %s", loc)
		}
	}
	llms := get(t, files, "llms.txt")
	for _, want := range []string{
		"\n- [Overview](https://example.org/repo/overview/): ",
		"\n- [B200 vs MI355X: Tiny-Model 1k/1k](https://example.org/repo/tiny-model/1k-1k/compare/b200-vs-mi355x/): ",
		"\n- [H100 vs MI355X: Tiny-Model 1k/1k](https://example.org/repo/tiny-model/1k-1k/compare/h100-vs-mi355x/): ",
	} {
		if !strings.Contains(llms, want) {
			t.Errorf("llms.txt lacks %q:\n%s", want, llms)
		}
	}
	rep, err := links.Check(files, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Broken) > 0 {
		t.Errorf("broken links: %v", rep.Broken)
	}
}

// TestOverviewDefaultTableIsInTheHTML: percentages of the reference GPU at the default
// interactivity, each cell a link to its compare page, readable without the script.
func TestOverviewDefaultTableIsInTheHTML(t *testing.T) {
	t.Parallel()
	files := buildVersus(t)
	page := get(t, files, "overview/index.html")
	// B200 and MI355X reach 50 on the one page, H100 does not: B200 is the default reference
	// (the most pages with a value, then slug order).
	cell := regexp.MustCompile(`<td class="num ([^"]*)" title="([^"]*)">(?:<a href="([^"]*)">)?([^<]*)`)
	var got []string
	for _, m := range cell.FindAllStringSubmatch(page, -1) {
		got = append(got, m[1]+"|"+html.UnescapeString(m[2])+"|"+m[3]+"|"+m[4])
	}
	want := []string{
		"heat heat-0|B200: 1,000 against B200's 1,000 at 50 tok/s/user|/repo/tiny-model/1k-1k/#gpus=b200|100%",
		"heat none|H100's curve does not reach 50 tok/s/user|/repo/tiny-model/1k-1k/compare/b200-vs-h100/|–",
		"heat heat-m4|MI355X: 500 against B200's 1,000 at 50 tok/s/user|/repo/tiny-model/1k-1k/compare/b200-vs-mi355x/|50%",
	}
	if !slices.Equal(got, want) {
		t.Errorf("cells\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, want := range []string{`<option value="50" selected>50 tok/s/user</option>`, `<option value="b200" selected>B200</option>`,
		`<title>Overview: every GPU against one · Frontier</title>`} {
		if !strings.Contains(page, want) {
			t.Errorf("overview lacks %q", want)
		}
	}
	var data struct {
		Refs []float64
		X    float64
		Ref  string
		Rows []struct {
			URL    string
			Values map[string][]*float64
		}
	}
	if err := json.Unmarshal(scriptJSON(t, []byte(page), "overview-data"), &data); err != nil {
		t.Fatal(err)
	}
	if data.X != 50 || data.Ref != "b200" || len(data.Rows) != 1 || *data.Rows[0].Values["mi355x"][0] != 1000 || data.Rows[0].Values["mi355x"][2] != nil {
		t.Errorf("overview data %+v", data)
	}
}

// TestComparePagesEscapeHostileLabels: GPU labels and model names from the data reach the
// compare page and the overview as text only.
func TestComparePagesEscapeHostileLabels(t *testing.T) {
	t.Parallel()
	data := testsite.VersusData()
	doc := string(data["tiny.json"].Data)
	doc = strings.ReplaceAll(doc, `"B200 (vLLM)"`, `"B200 <img src=x onerror=alert(1)></script><script>alert(2)</script> (vLLM)"`)
	doc = strings.ReplaceAll(doc, `"Tiny-Model"`, `"Tiny</title><script>alert(3)</script>"`)
	data["tiny.json"].Data = []byte(doc)
	files, _, err := build(t, data, versusConfig())
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files.Names() {
		if !strings.HasSuffix(name, ".html") || !(strings.Contains(name, "/compare/") || strings.HasPrefix(name, "overview/")) {
			continue
		}
		b, _ := files.Get(name)
		for _, bad := range []string{"<img src=x", "<script>alert", "</title><script>"} {
			if bytes.Contains(b, []byte(bad)) {
				t.Errorf("%s carries %q unescaped", path.Clean(name), bad)
			}
		}
	}
}

// TestComparePageCardAndShare: a compare page carries its own card (absolute og:image, a
// 1200×630 PNG unlike its chart page's and its sibling's, the same bytes in a second build),
// titled with the pair and described by its first sentence, and the Share block.
func TestComparePageCardAndShare(t *testing.T) {
	t.Parallel()
	files := buildVersus(t)
	const page = "tiny-model/1k-1k/compare/b200-vs-mi355x/index.html"
	card := cardOf(t, files, page)
	if bytes.Equal(card, cardOf(t, files, "tiny-model/1k-1k/index.html")) {
		t.Error("the compare page's card is its chart page's")
	}
	if bytes.Equal(card, cardOf(t, files, "tiny-model/1k-1k/compare/h100-vs-mi355x/index.html")) {
		t.Error("two compare pages have the same card")
	}
	m := metas(t, mustGet(t, files, page))
	first := "At 20 tok/s/user, B200 serves 2.0× the total throughput per GPU of MI355X: 2,000 against 1,000."
	if m["og:title"] != "B200 vs MI355X: Tiny-Model 1k/1k" || m["og:description"] != first ||
		m["og:image:alt"] != "B200 vs MI355X: Tiny-Model 1k/1k: "+first {
		t.Errorf("og:title %q, og:description %q, og:image:alt %q", m["og:title"], m["og:description"], m["og:image:alt"])
	}
	if !bytes.Equal(card, cardOf(t, buildVersus(t), page)) {
		t.Error("two builds drew different compare cards")
	}
	html := get(t, files, page)
	for _, want := range []string{`<div class="share needs-js">`, `aria-controls="share-menu"`,
		`href="https://x.com/intent/tweet?url=https%3a%2f%2fexample.org%2frepo%2ftiny-model%2f1k-1k%2fcompare%2fb200-vs-mi355x%2f&amp;text=`} {
		if !strings.Contains(html, want) {
			t.Errorf("compare page lacks the Share block's %q", want)
		}
	}
}

// TestCompareJoinsTwoConfigurationsInThePageLanguage: a reference between two configurations'
// knots (B200 at 30 tok/s/user lies between its vLLM knot at 20 and its TRTLLM knot at 50)
// names both, joined by the catalog's compare.between on each language's page, and by a
// language-neutral " / " in compare.json, which every language's page links to.
func TestCompareJoinsTwoConfigurationsInThePageLanguage(t *testing.T) {
	t.Parallel()
	cfg := versusConfig()
	cfg.Languages = []string{"en", "zh"}
	cfg.ReferenceX = []float64{30}
	files, _, err := build(t, testsite.VersusData(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	dir := "tiny-model/1k-1k/compare/b200-vs-mi355x/"
	en := html.UnescapeString(get(t, files, dir+"index.html"))
	if want := "B200 from B200 (vLLM) and B200 (TRTLLM); MI355X from MI355X (SGLang)."; !strings.Contains(en, want) {
		t.Errorf("English compare page: no %q", want)
	}
	zh := html.UnescapeString(get(t, files, "zh/"+dir+"index.html"))
	if want := "B200 的数值来自 B200 (vLLM) 与 B200 (TRTLLM)；"; !strings.Contains(zh, want) {
		t.Errorf("Chinese compare page: no %q", want)
	}
	if strings.Contains(zh, ") and B200") {
		t.Errorf("Chinese compare page joins configurations with an English \"and\"")
	}
	var doc struct {
		Refs []struct{ AConfig, BConfig *string }
	}
	if err := json.Unmarshal([]byte(get(t, files, dir+"compare.json")), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Refs) != 1 || doc.Refs[0].AConfig == nil || *doc.Refs[0].AConfig != "B200 (vLLM) / B200 (TRTLLM)" {
		t.Errorf("compare.json refs %+v, want aConfig \"B200 (vLLM) / B200 (TRTLLM)\"", doc.Refs)
	}
}
