package site

import (
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/config"
)

// Eval results through the whole build: the real DeepSeek-R1 1k/1k rows (../shared/data/raw)
// and eval rows the tests write for their configurations (testsite.DSR1Evals) beside them.

// evalFS is rawFS plus the eval rows in the /api/v1/evaluations shape, below evals/.
func evalFS(t testing.TB) fstest.MapFS {
	t.Helper()
	fsys := rawFS(t)
	fsys["evals/dsr1.json"] = testsite.MapFile(testsite.DSR1Evals(), 1)
	return fsys
}

// editedEvals is the eval rows with fn applied to each row (decoded as JSON objects).
func editedEvals(t testing.TB, fsys fstest.MapFS, fn func(i int, row map[string]any)) {
	t.Helper()
	var rows []map[string]any
	if err := json.Unmarshal(fsys["evals/dsr1.json"].Data, &rows); err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		fn(i, r)
	}
	b, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	fsys["evals/dsr1.json"] = testsite.MapFile(b, 2)
}

// TestCheckWarnsOfAnEvalThatMatchesNoPoint: an eval of a GPU the page does not have, and one
// of a parallelism no point ran with, are each named with file and place; the rest match. The
// model's accuracy page shows only the evals that matched a point: the two are a warning of
// `frontier check` and nothing else.
func TestCheckWarnsOfAnEvalThatMatchesNoPoint(t *testing.T) {
	t.Parallel()
	const accPage = "deepseek-r1-0528/accuracy/index.html"
	bars := func(files *Files) string {
		b, ok := files.Get(accPage)
		if !ok {
			t.Fatalf("no %s", accPage)
		}
		var names []string
		for _, m := range regexp.MustCompile(`<div class="acc-name"><b>(.*?)</b> <span class="acc-desc">(.*?)</span>`).FindAllStringSubmatch(string(b), -1) {
			names = append(names, m[1]+" | "+m[2])
		}
		return strings.Join(names, "\n")
	}
	fsys := evalFS(t)
	files, rep, err := build(t, fsys, rawConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range rep.Warnings {
		if strings.Contains(w.Msg, "matches no point") {
			t.Errorf("real rows of the page's configurations: %v", w)
		}
	}
	editedEvals(t, fsys, func(i int, r map[string]any) {
		switch i {
		case 0:
			r["hardware"], r["date"] = "h100", "2026-03-01"
		case 1:
			r["decode_tp"], r["prefill_tp"], r["date"] = 2, 2, "2026-03-01"
		}
	})
	before := bars(files)
	files, rep, err = build(t, fsys, rawConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	after := bars(files)
	// The two edited rows are the newest of all: had they counted, each would be a bar.
	if before == "" || after != before || strings.Contains(after, "H100") || strings.Contains(after, "2026-03-01") {
		t.Errorf("the accuracy page shows an eval that matched no point; bars before the edit:\n%s\nafter:\n%s", before, after)
	}
	var got []string
	for _, w := range rep.Warnings {
		if strings.Contains(w.Msg, "matches no point") {
			got = append(got, w.String())
		}
	}
	want := []string{
		"data/evals/dsr1.json: [0]: warning: eval of gsm8k on DeepSeek-R1-0528 matches no point: no chart page has h100 sglang fp8 none with TP8 EP1",
		"data/evals/dsr1.json: [1]: warning: eval of gsm8k on DeepSeek-R1-0528 matches no point: no chart page has b200 trt fp4 mtp with TP2 EP4 DP-attention",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// accuracyJSON is what a test reads of a page's accuracy (PageData.Accuracy).
type accuracyJSON struct {
	Cols     []string `json:"cols"`
	Accuracy *struct {
		Tasks []struct{ Key, Label, Metric string }
		Gate  *struct {
			Task string
			Min  float64
		}
		Evals []struct {
			Task  string
			Score float64
			SE    *float64
			N     int64
			Date  string
			Run   string
			Low   bool
		}
		Notes []struct{ Text, Link string }
	} `json:"accuracy"`
	Series []struct {
		Key    string
		GPU    string  `json:"gpu"`
		Points [][]any `json:"points"`
	} `json:"series"`
}

func evalConfig(t testing.TB, extra string) Config {
	t.Helper()
	cfg, ps := ParseConfig("frontier.toml", []byte(`languages = ["en", "zh"]
[[runs]]
path = "raw/bench-serve/mi300x-sglang-fp8/*.json"
gpu = "mi300x"
gpus = 8
framework = "sglang"
precision = "fp8"
isl = 1024
osl = 1024
`+extra))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	return cfg
}

const page11 = "deepseek-r1-0528/1k-1k/"

// TestPageDataCarriesAccuracy: the contract with the page script. The page's evals (every real
// row matches a point of the page, as of some date), the default gate, the tasks, the notes in
// the page's language, and per point the indices of its evals and notes as the last columns,
// in page.json and in the light #page-data alike.
func TestPageDataCarriesAccuracy(t *testing.T) {
	t.Parallel()
	cfg := evalConfig(t, `
[accuracy]
task = "gsm8k"
min = 0.9
[[notes]]
gpu = "b200"
framework = "sglang"
precision = "fp8"
spec = "none"
text = "Re-run pending"
link = "https://example.com/issue/7"
translations = { zh = "等待重跑" }
`)
	files, _, err := build(t, evalFS(t), cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := files.Get(page11 + "page.json")
	var pj accuracyJSON
	if err := json.Unmarshal(b, &pj); err != nil {
		t.Fatal(err)
	}
	a := pj.Accuracy
	if a == nil {
		t.Fatal("no accuracy in page.json")
	}
	if len(a.Tasks) != 1 || a.Tasks[0].Key != "gsm8k" || a.Tasks[0].Label != "GSM8K" || a.Tasks[0].Metric != "em_strict" {
		t.Errorf("tasks %+v", a.Tasks)
	}
	if a.Gate == nil || a.Gate.Task != "gsm8k" || a.Gate.Min != 0.9 {
		t.Errorf("gate %+v", a.Gate)
	}
	if len(a.Evals) != 12 {
		t.Errorf("%d evals, want the 12 rows", len(a.Evals))
	}
	if e := a.Evals[0]; e.Date != "2026-01-20" || e.N != 1319 || e.SE == nil || e.Run != "" || e.Low {
		t.Errorf("first eval %+v", e)
	}
	if len(a.Notes) != 1 || a.Notes[0].Text != "Re-run pending" || a.Notes[0].Link != "https://example.com/issue/7" {
		t.Errorf("notes %+v", a.Notes)
	}
	n := len(pj.Cols)
	if n < 2 || pj.Cols[n-2] != "evals" || pj.Cols[n-1] != "notes" {
		t.Fatalf("cols end with %q", pj.Cols[max(0, n-2):])
	}
	// B200 SGLang FP8 at TP8 EP1: the rows of 2026-01-21 (0.959) and 2026-02-19 (0.939); every
	// point of B200 SGLang FP8 without speculative decoding has the note, no other point.
	withEvals := 0
	for _, s := range pj.Series {
		for _, p := range s.Points {
			if len(p) != n {
				t.Fatalf("%s: a point of %d columns, want %d", s.Key, len(p), n)
			}
			if p[n-2] != nil {
				withEvals++
			}
			notes, _ := p[n-1].([]any)
			if (s.Key == "b200_sglang@fp8") != (len(notes) == 1) {
				t.Errorf("%s point %v: notes %v", s.Key, p[0], p[n-1])
			}
			if s.Key != "b200_sglang@fp8" || p[n-2] == nil {
				continue
			}
			var scores []float64
			for _, i := range p[n-2].([]any) {
				scores = append(scores, a.Evals[int(i.(float64))].Score)
			}
			if len(scores) != 2 || scores[0] != 0.9591 || scores[1] != 0.9386 {
				t.Errorf("b200_sglang@fp8 point %v: scores %v", p[0], scores)
			}
		}
	}
	if withEvals == 0 {
		t.Error("no point lists an eval")
	}
	// The chart page's own copy: light points (they end after tp), padded so that evals and
	// notes are at their columns; the Chinese page has the note's translation.
	for _, c := range []struct{ page, note string }{{page11, "Re-run pending"}, {"zh/" + page11, "等待重跑"}} {
		html, _ := files.Get(c.page + "index.html")
		var shown accuracyJSON
		if err := json.Unmarshal(scriptJSON(t, html, "page-data"), &shown); err != nil {
			t.Fatal(err)
		}
		if shown.Accuracy == nil || len(shown.Accuracy.Notes) != 1 || shown.Accuracy.Notes[0].Text != c.note {
			t.Errorf("%s: accuracy %+v", c.page, shown.Accuracy)
			continue
		}
		for si, s := range shown.Series {
			for pi, p := range s.Points {
				want := pj.Series[si].Points[pi]
				if len(p) != n || !reflect.DeepEqual(p[n-2:], want[n-2:]) {
					t.Fatalf("%s: %s point %d: %v, want its evals and notes %v", c.page, s.Key, pi, p, want[n-2:])
				}
			}
		}
	}
}

// TestNoAccuracyNoColumns: a site without evals or notes writes what it wrote before.
func TestNoAccuracyNoColumns(t *testing.T) {
	t.Parallel()
	files, _, err := build(t, rawFS(t), rawConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := files.Get(page11 + "page.json")
	if strings.Contains(string(b), `"accuracy"`) || strings.Contains(string(b), `"evals"`) {
		t.Error("a page without evals has accuracy data")
	}
}

// hostileTask and hostileNote are data that would break out of every place they land if not
// escaped: HTML text and attributes, JSON in <script>, a CSV cell a spreadsheet runs.
const (
	hostileTask = `=HYPERLINK("x")</script><script>alert(1)</script>"'&<b>`
	hostileNote = `@SUM(1)</script><img src=x onerror=alert(2)> "quoted" & 'single'`
)

// TestAccuracyHostileStrings: a task name and a note that try to break out are kept as written
// in the page's JSON, escaped in its HTML, and neutralised in data.csv.
func TestAccuracyHostileStrings(t *testing.T) {
	t.Parallel()
	fsys := evalFS(t)
	editedEvals(t, fsys, func(i int, r map[string]any) {
		if i == 0 {
			r["task"] = hostileTask
		}
	})
	note, _ := json.Marshal(hostileNote)
	cfg := evalConfig(t, "[[notes]]\ngpu = \"b200\"\ntext = "+string(note)+"\ntranslations = { zh = "+string(note)+" }\n")
	files, _, err := build(t, fsys, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range []string{page11 + "index.html", "zh/" + page11 + "index.html", page11 + "embed/index.html"} {
		html, _ := files.Get(page)
		for _, raw := range []string{"<script>alert(1)", "<img src=x", "</script><script>"} {
			if strings.Contains(string(html), raw) {
				t.Errorf("%s holds %q unescaped", page, raw)
			}
		}
		var pd accuracyJSON
		if err := json.Unmarshal(scriptJSON(t, html, "page-data"), &pd); err != nil {
			t.Fatalf("%s: %v", page, err)
		}
		if pd.Accuracy == nil || len(pd.Accuracy.Notes) != 1 || pd.Accuracy.Notes[0].Text != hostileNote {
			t.Fatalf("%s: notes %+v", page, pd.Accuracy)
		}
		found := false
		for _, task := range pd.Accuracy.Tasks {
			found = found || task.Key == strings.ToLower(hostileTask) && task.Label == task.Key // task keys are lower case
		}
		if !found {
			t.Errorf("%s: the hostile task is not kept as written: %+v", page, pd.Accuracy.Tasks)
		}
	}
	csvData, _ := files.Get(page11 + "data.csv")
	rows, err := csv.NewReader(bytes.NewReader(csvData)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	cells := map[string]bool{}
	for _, row := range rows {
		if len(row) != len(rows[0]) {
			t.Fatalf("data.csv: a row of %d cells, header %d", len(row), len(rows[0]))
		}
		for _, c := range row {
			cells[c] = true
			if c != "" && strings.ContainsRune("=+@\t\r", rune(c[0])) {
				t.Errorf("data.csv: cell %q runs as a formula", c)
			}
		}
	}
	if !cells["'"+strings.ToLower(hostileTask)+" score"] || !cells["'"+hostileNote] {
		t.Errorf("data.csv does not keep the task and the note, neutralised: %q", rows[0])
	}
	feed, _ := files.Get("feed.xml")
	if err := xml.Unmarshal(feed, new(struct{})); err != nil || strings.Contains(string(feed), "<script>") {
		t.Errorf("feed.xml with a hostile task: %v", err)
	}
	js, _ := files.Get(page11 + "data.json")
	if !strings.Contains(string(js), `"text":"@SUM(1)\u003c/script>`) && !strings.Contains(string(js), `"text":"@SUM(1)</script>`) {
		t.Errorf("data.json lacks the note as written")
	}
}

// TestDownloadsCountTheEvalAsOfThePageDate: data.csv and data.json give each point the eval
// that counts as of the page's date (the newer of two), and say when it has none.
func TestDownloadsCountTheEvalAsOfThePageDate(t *testing.T) {
	t.Parallel()
	files, _, err := build(t, evalFS(t), evalConfig(t, ""))
	if err != nil {
		t.Fatal(err)
	}
	js, _ := files.Get(page11 + "data.json")
	var doc struct {
		Series []struct {
			Key    string
			Points []struct {
				ID    int64
				Evals *[]struct {
					Task  string
					Score float64
					Date  string
				}
			}
		}
	}
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	none, with := 0, 0
	for _, s := range doc.Series {
		for _, p := range s.Points {
			if p.Evals == nil {
				t.Fatalf("%s point %d: no evals list", s.Key, p.ID)
			}
			if len(*p.Evals) == 0 {
				none++
				continue
			}
			with++
			if s.Key == "b200_sglang@fp8" && ((*p.Evals)[0].Score != 0.9386 || (*p.Evals)[0].Date != "2026-02-19") {
				t.Errorf("b200_sglang@fp8: %+v, want the newer row (2026-02-19, 0.9386)", *p.Evals)
			}
		}
	}
	csvData, _ := files.Get(page11 + "data.csv")
	if with == 0 || none == 0 || strings.Count(string(csvData), ",no eval,") != none {
		t.Errorf("%d points with an eval, %d without; data.csv says no eval %d times", with, none, strings.Count(string(csvData), ",no eval,"))
	}
}

// TestComparePagesFollowTheDefaultGate: with [accuracy] min = 0.96 every evaluated H200
// configuration is below the gate (its best row scores 0.9575), so H200 (SGLang) FP8 no
// longer gives the value at 100 tok/s/user; the page and the overview say the gate is on, and
// the compare page words each GPU's scores. Without [accuracy] neither says a word of it.
func TestComparePagesFollowTheDefaultGate(t *testing.T) {
	t.Parallel()
	const dir = page11 + "compare/b200-vs-h200/"
	bConfigAt100 := func(files *Files) string {
		b, _ := files.Get(dir + "compare.json")
		var doc struct {
			Refs []struct {
				X       float64
				BConfig *string
			}
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatal(err)
		}
		for _, r := range doc.Refs {
			if r.X == 100 && r.BConfig != nil {
				return *r.BConfig
			}
		}
		t.Fatal("no H200 value at 100 tok/s/user")
		return ""
	}
	plain, _, err := build(t, evalFS(t), evalConfig(t, ""))
	if err != nil {
		t.Fatal(err)
	}
	gated, _, err := build(t, evalFS(t), evalConfig(t, "[accuracy]\ntask = \"gsm8k\"\nmin = 0.96\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c := bConfigAt100(plain); !strings.Contains(c, "H200 (SGLang) FP8") {
		t.Fatalf("without a gate H200's value at 100 comes from %q; the case needs H200 (SGLang) FP8", c)
	}
	if c := bConfigAt100(gated); strings.Contains(c, "H200 (SGLang) FP8") {
		t.Errorf("gated at 96%%, H200's value at 100 still comes from %q", c)
	}
	for _, c := range []struct{ file, want string }{
		{dir + "index.html", "Only configurations scoring at least 96% on GSM8K (the site&#39;s accuracy gate)."},
		{"zh/" + dir + "index.html", "仅含 GSM8K 得分不低于 96% 的配置（本站的准确率门槛）。"},
		{"overview/index.html", "Only configurations scoring at least 96% on GSM8K"},
	} {
		g, _ := gated.Get(c.file)
		p, _ := plain.Get(c.file)
		if !strings.Contains(string(g), c.want) {
			t.Errorf("%s lacks %q", c.file, c.want)
		}
		if strings.Contains(string(p), `class="gate`) {
			t.Errorf("%s speaks of a gate the site does not set", c.file)
		}
	}
	// Without the gate both GPUs have evaluated points and the sentence words their scores;
	// gated at 96% neither keeps one, and there is no sentence.
	p, _ := plain.Get(dir + "index.html")
	if !strings.Contains(string(p), `<p class="accuracy">GSM8K, as of `) || !strings.Contains(string(p), "configurations evaluated); H200 ") {
		t.Errorf("the compare page does not word the GPUs' scores")
	}
	if g, _ := gated.Get(dir + "index.html"); strings.Contains(string(g), `<p class="accuracy">`) {
		t.Errorf("gated at 96%%, no evaluated configuration is left on either side, yet the page words scores")
	}
}

// TestFeedSaysHowTheEvalsScored: each entry counts the evals dated on or before its date.
func TestFeedSaysHowTheEvalsScored(t *testing.T) {
	t.Parallel()
	files, _, err := build(t, evalFS(t), evalConfig(t, ""))
	if err != nil {
		t.Fatal(err)
	}
	var feed struct {
		Entries []struct {
			ID      string `xml:"id"`
			Summary string `xml:"summary"`
		} `xml:"entry"`
	}
	b, _ := files.Get("feed.xml")
	if err := xml.Unmarshal(b, &feed); err != nil {
		t.Fatal(err)
	}
	checked := map[bool]bool{}
	for _, e := range feed.Entries {
		if !strings.Contains(e.ID, page11) {
			continue
		}
		date := e.ID[strings.LastIndex(e.ID, "=")+1:]
		var want string
		switch {
		case date >= "2026-02-21":
			want = " GSM8K: 12 evals, scoring 90.4% to 96.1%."
		case date < "2026-01-20":
			want = ""
		default:
			continue
		}
		got := ""
		if i := strings.Index(e.Summary, " GSM8K"); i >= 0 {
			got = e.Summary[i:]
		}
		if got != want {
			t.Errorf("entry of %s: %q after the headline, want %q", date, got, want)
		}
		checked[want != ""] = true
	}
	if !checked[true] || !checked[false] {
		t.Errorf("entries before and after the evals: %v", checked)
	}
}

// TestNotesOnComparePages: a note about H200's configurations is on the compare pages of H200,
// in the page's language, escaped, with its link; not on a pair without H200.
func TestNotesOnComparePages(t *testing.T) {
	t.Parallel()
	note, _ := json.Marshal(hostileNote)
	cfg := evalConfig(t, "[[notes]]\ngpu = \"h2*\"\ntext = "+string(note)+"\nlink = \"https://example.com/?a=1&b=2\"\ntranslations = { zh = \"已知：H200 重跑\" }\n")
	files, _, err := build(t, evalFS(t), cfg)
	if err != nil {
		t.Fatal(err)
	}
	with, _ := files.Get(page11 + "compare/b200-vs-h200/index.html")
	zh, _ := files.Get("zh/" + page11 + "compare/b200-vs-h200/index.html")
	without, _ := files.Get(page11 + "compare/b200-vs-mi355x/index.html")
	if len(with) == 0 || len(without) == 0 {
		t.Fatal("no compare pages")
	}
	escaped := "<li>@SUM(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &#34;quoted&#34; &amp; &#39;single&#39; <a href=\"https://example.com/?a=1&amp;b=2\""
	if !strings.Contains(string(with), escaped) {
		t.Errorf("the H200 compare page lacks the note, escaped, with its link")
	}
	if !strings.Contains(string(zh), "<li>已知：H200 重跑 <a href=") {
		t.Errorf("the Chinese compare page lacks the note's translation")
	}
	if strings.Contains(string(without), `class="notes"`) {
		t.Errorf("a pair without H200 has its note")
	}
}

// TestBuilderRebuildsAfterAnEvalFileChanges: the preview's incremental build gives what a
// one-off build gives when an eval file is added, edited or removed, or the notes change.
func TestBuilderRebuildsAfterAnEvalFileChanges(t *testing.T) {
	t.Parallel()
	data := rawFS(t)
	cfg := evalConfig(t, "")
	var b Builder
	check := func(step string) *Files {
		t.Helper()
		return sameAsFreshBuild(t, &b, Input{Data: data, Config: cfg, ECharts: fakeECharts, Dev: true}, step)
	}
	check("no evals")
	full := evalFS(t)
	data["evals/dsr1.json"] = full["evals/dsr1.json"]
	files := check("add an eval file")
	if b, _ := files.Get(page11 + "page.json"); !strings.Contains(string(b), `"accuracy"`) {
		t.Fatal("the added evals are not on the page")
	}
	editedEvals(t, data, func(i int, r map[string]any) {
		if i == 6 { // B200 SGLang FP8 of 2026-02-19: the row that counts as of the page's date
			r["metrics"].(map[string]any)["em_strict"] = 0.5
		}
	})
	if b, _ := check("edit a score").Get(page11 + "data.csv"); !strings.Contains(string(b), ",0.5,") {
		t.Error("data.csv does not show the edited score")
	}
	cfg.Notes = append(cfg.Notes, config.NoteConfig{GPU: "b200", Text: "a note"})
	check("add a note")
	cfg.Accuracy = config.AccuracyConfig{Task: "gsm8k", Min: 0.96}
	check("set a default gate")
	delete(data, "evals/dsr1.json")
	check("remove the eval file")
}

// TestHomeHeadlineFollowsTheDefaultGate: the home page's figure is the best GPU frontier value
// of the points the site's gate keeps. An lm-evaluation-harness file without parallelism scores
// every GB300 NVL72 Dynamo TRTLLM MTP FP4 point (on the leading GPU's frontier) 50% on GSM8K:
// gated at 90%, the headline reads the frontier without them.
func TestHomeHeadlineFollowsTheDefaultGate(t *testing.T) {
	t.Parallel()
	fsys := evalFS(t)
	fsys["evals/b300/results_2026-01-01T00-00-00.json"] = testsite.MapFile([]byte(`{"results": {"gsm8k": {"exact_match,strict-match": 0.5, "exact_match_stderr,strict-match": "N/A"}}, "versions": {"gsm8k": 3}}`), 1)
	runs := "[[runs]]\npath = \"evals/b300/*.json\"\ngpu = \"gb300\"\nframework = \"dynamo-trt\"\nprecision = \"fp4\"\nspec = \"mtp\"\nmodel = \"dsr1\"\n"
	headline := func(f *Files) string {
		h, _ := f.Get("index.html")
		return regexp.MustCompile(`<p class="headline">.*?</p>`).FindString(string(h))
	}
	plain, _, err := build(t, fsys, evalConfig(t, runs))
	if err != nil {
		t.Fatal(err)
	}
	if h := headline(plain); !strings.Contains(h, `<span class="who">GB300 NVL72</span>`) {
		t.Fatalf("without a gate GB300 NVL72 no longer leads: the case needs it to: %s", h)
	}
	gated, _, err := build(t, fsys, evalConfig(t, runs+"[accuracy]\ntask = \"gsm8k\"\nmin = 0.9\n"))
	if err != nil {
		t.Fatal(err)
	}
	if h := headline(gated); h == headline(plain) || !strings.Contains(h, `<span class="who">`) {
		t.Errorf("gated at 90%%, the home page's headline is unchanged, or names no one: %s", h)
	}
	// The page says so, in each language, as the compare pages and the overview do; without a
	// gate it says nothing of one.
	for _, c := range []struct{ file, want string }{
		{"index.html", `<p class="gate muted">Only configurations scoring at least 90% on GSM8K (the site&#39;s accuracy gate).</p>`},
		{"zh/index.html", `<p class="gate muted">仅含 GSM8K 得分不低于 90% 的配置（本站的准确率门槛）。</p>`},
	} {
		if g, _ := gated.Get(c.file); !strings.Contains(string(g), c.want) {
			t.Errorf("gated, %s lacks %q", c.file, c.want)
		}
		if p, _ := plain.Get(c.file); strings.Contains(string(p), `class="gate`) {
			t.Errorf("%s speaks of a gate the site does not set", c.file)
		}
	}
}

// TestHistoryRowsCarryEvalsAndNotes: the history chunks hold each row's evals and notes in the
// page's columns (the page script checks they match), the same indices page.json gives the
// newest points, and indices for points only older dates show, so an older view can be gated.
func TestHistoryRowsCarryEvalsAndNotes(t *testing.T) {
	t.Parallel()
	files, _, err := build(t, evalFS(t), evalConfig(t, "[[notes]]\ngpu = \"h200\"\ntext = \"n\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := files.Get(page11 + "page.json")
	var pj accuracyJSON
	if err := json.Unmarshal(b, &pj); err != nil {
		t.Fatal(err)
	}
	n := len(pj.Cols)
	newest := map[float64][]any{} // id -> [evals, notes]
	for _, s := range pj.Series {
		for _, p := range s.Points {
			newest[p[0].(float64)] = p[n-2:]
		}
	}
	older, matched := 0, 0
	for c := 0; ; c++ {
		gz, ok := files.Get(page11 + "history/rows-" + strconv.Itoa(c) + ".json.gz")
		if !ok {
			break
		}
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			t.Fatal(err)
		}
		var chunk struct {
			Cols []string `json:"cols"`
			C    []any    `json:"c"`
		}
		if err := json.NewDecoder(zr).Decode(&chunk); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(chunk.Cols, pj.Cols) {
			t.Fatalf("chunk %d: cols differ from the page's", c)
		}
		ids, _ := chunk.C[0].([]any)
		evals, _ := chunk.C[n-2].([]any)
		notes, _ := chunk.C[n-1].([]any)
		if len(evals) != len(ids) || len(notes) != len(ids) {
			t.Fatalf("chunk %d: evals and notes are not one value a row", c)
		}
		for i, id := range ids {
			if want, ok := newest[id.(float64)]; ok {
				matched++
				if !reflect.DeepEqual([]any{evals[i], notes[i]}, want) {
					t.Fatalf("chunk %d row %d: evals %v notes %v, page.json %v", c, i, evals[i], notes[i], want)
				}
			} else if evals[i] != nil {
				older++
			}
		}
	}
	if matched == 0 || older == 0 {
		t.Errorf("%d rows of newest points checked, %d older rows with evals: want some of each", matched, older)
	}
}

// TestExampleAccuracyPage: the example's eval rows give DeepSeek-R1's accuracy page, in each
// language, one bar per configuration (the newest eval of each), grouped by GPU with the best
// first; its chart page links it and writes the gate's fieldset, which a page without evals
// does not.
func TestExampleAccuracyPage(t *testing.T) {
	t.Parallel()
	files := buildExample(t)
	for _, page := range []string{"deepseek-r1-0528/accuracy/index.html", "zh/deepseek-r1-0528/accuracy/index.html"} {
		b, ok := files.Get(page)
		if !ok {
			t.Fatalf("no %s", page)
		}
		html := string(b)
		if n := strings.Count(html, `class="acc-bar"`); n != 6 {
			t.Errorf("%s: %d bars, want one per configuration of the example's evals (6)", page, n)
		}
		// B200's group sorted by score: 94.1 before 93.9 before 93.2 before 90.4; then H200's.
		last := -1
		for _, want := range []string{"B200 (TRTLLM) FP4 · TP8 EP8 DPA", "94.1%", "93.9%", "93.2%", "90.4%", "H200 (TRTLLM) FP8 · TP8 EP8", "95.8%"} {
			i := strings.Index(html[last+1:], want)
			if i < 0 {
				t.Fatalf("%s: %q missing or out of order", page, want)
			}
			last += 1 + i
		}
		// Its evals as data: the API's evaluations file, which is there.
		if !strings.Contains(html, `<a href="/api/v1/evaluations/deepseek-r1-0528.json" type="application/json">deepseek-r1-0528.json</a>`) {
			t.Errorf("%s does not link its evaluations file", page)
		}
	}
	if b, ok := files.Get("api/v1/evaluations/deepseek-r1-0528.json"); !ok || !strings.Contains(string(b), `"task":"gsm8k"`) {
		t.Error("no evaluations file of DeepSeek-R1-0528")
	}
	if llms, _ := files.Get("llms.txt"); !strings.Contains(string(llms), "/api/v1/evaluations/deepseek-r1-0528.json") {
		t.Error("llms.txt does not name the evaluations file")
	}
	chart, _ := files.Get("deepseek-r1-0528/1k-1k/index.html")
	if !strings.Contains(string(chart), `href="/deepseek-r1-0528/accuracy/"`) || !strings.Contains(string(chart), `<fieldset data-gate="">`) {
		t.Error("the DeepSeek-R1 chart page neither links its accuracy page nor writes the gate's fieldset")
	}
	seed, _ := files.Get("deepseek-v4-pro/8k-1k/index.html")
	if strings.Contains(string(seed), "data-gate") || strings.Contains(string(seed), "/accuracy/") {
		t.Error("a page without evals has the gate or an accuracy link")
	}
	if _, ok := files.Get("deepseek-v4-pro/accuracy/index.html"); ok {
		t.Error("a model without evals has an accuracy page")
	}
}
