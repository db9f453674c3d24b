package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/corpus"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/input"
)

// seedVariant is the seed dataset renamed to another model, with its point ids moved by offset
// and its as-of date set, so several variants can share a site.
func seedVariant(t testing.TB, model string, offset int, date string) []byte {
	t.Helper()
	b, err := os.ReadFile("../../data/deepseek-v4-pro_8k-1k_fp4.json")
	if err != nil {
		t.Fatal(err)
	}
	b = bytes.ReplaceAll(b, []byte(`"DeepSeek-V4-Pro"`), []byte(jsonString(model)))
	b = bytes.Replace(b, []byte(`"date": "2026-07-31"`), []byte(`"date": "`+date+`"`), 1)
	ids := regexp.MustCompile(`"id": ([0-9]+)`)
	return ids.ReplaceAllFunc(b, func(m []byte) []byte {
		var id int
		fmt.Sscanf(string(m), `"id": %d`, &id)
		return fmt.Appendf(nil, `"id": %d`, id+offset)
	})
}

// TestBuilderMatchesBuild edits a site step by step, and after every step the Builder's output
// must be byte for byte a fresh Build's, and it must have redrawn only the pages that changed.
func TestBuilderMatchesBuild(t *testing.T) {
	data := fstest.MapFS{
		"a/dsv4.json":  testsite.MapFile(seedVariant(t, "DeepSeek-V4-Pro", 0, "2026-07-31"), 1),
		"b/other.json": testsite.MapFile(seedVariant(t, "Other-Model", 1e6, "2026-07-31"), 1),
		"about.md":     testsite.MapFile([]byte("# About\n\nHello.\n"), 1),
	}
	tmpl := fstest.MapFS{}
	cfg := DefaultConfig()
	var b Builder
	var kept *fstest.MapFile // a file a step takes away and a later one gives back

	steps := []struct {
		name         string
		edit         func()
		drawn, reuse int // chart pages; -1: do not check
		fails        bool
	}{
		{"first build", func() {}, 2, 0, false},
		{"nothing changed", func() {}, 0, 2, false},
		{"edit one dataset", func() {
			d := bytes.Replace(data["b/other.json"].Data, []byte("10672.443754896221"), []byte("10672.5"), 1)
			data["b/other.json"] = testsite.MapFile(d, 2)
		}, 1, 1, false},
		{"rename a series", func() {
			d := bytes.Replace(data["b/other.json"].Data, []byte(`"label": "B200 (vLLM)"`), []byte(`"label": "B200 (vLLM) renamed"`), 1)
			data["b/other.json"] = testsite.MapFile(d, 2)
		}, 1, 1, false},
		{"edit the markdown page", func() {
			data["about.md"] = testsite.MapFile([]byte("# About\n\nHello again.\n"), 2)
		}, 0, 2, false},
		{"add a snapshot to a page", func() {
			data["a/older.json"] = testsite.MapFile(seedVariant(t, "DeepSeek-V4-Pro", 2e6, "2026-07-01"), 3)
		}, -1, -1, false},
		{"break a file", func() {
			data["a/broken.json"] = testsite.MapFile([]byte(`{"view": "inference",`), 4)
		}, -1, -1, true},
		{"remove the broken file", func() { delete(data, "a/broken.json") }, 0, 2, false},
		{"a point id another page gives", func() {
			data["c/clash.json"] = testsite.MapFile(seedVariant(t, "Third-Model", 0, "2026-07-31"), 4)
		}, -1, -1, true},
		{"remove the clash", func() { delete(data, "c/clash.json") }, 0, 2, false},
		{"give a page's points another page's ids", func() {
			kept = data["b/other.json"]
			data["b/other.json"] = testsite.MapFile(seedVariant(t, "Other-Model", 0, "2026-07-31"), 4)
		}, -1, -1, true},
		{"give them back their own", func() { data["b/other.json"] = kept }, 1, 1, false},
		{"notes for one page", func() {
			data["notes.md"] = testsite.MapFile([]byte("---\nmodel: Other-Model\nsequence: 8k/1k\n---\nMeasured twice.\n"), 5)
		}, -1, -1, false},
		{"write a changelog", func() {
			data["changelog.yaml"] = testsite.MapFile([]byte("- date: 2026-07-15\n  configs: deepseek-v4-pro-*\n  description: new drivers\n"), 6)
		}, 2, 0, false},
		{"edit the changelog", func() {
			data["changelog.yaml"] = testsite.MapFile([]byte("- date: 2026-07-15\n  configs: deepseek-v4-pro-*\n  description: newer drivers\n"), 7)
		}, 2, 0, false},
		{"change the config", func() { cfg.Title = "Renamed" }, 2, 0, false},
		{"override a template", func() {
			chart, err := os.ReadFile("../../templates/chart.html")
			if err != nil {
				t.Fatal(err)
			}
			tmpl["chart.html"] = &fstest.MapFile{Data: append(chart, "\n<!-- override -->\n"...)}
		}, 2, 0, false},
		{"override a catalog string", func() {
			data["i18n/en.toml"] = testsite.MapFile([]byte("[nav]\noverview = \"Every GPU\"\n"), 8)
		}, 2, 0, false},
		{"a second language", func() { cfg.Languages = []string{"en", "zh"} }, 2, 0, false},
		{"override a string of the second language", func() {
			data["i18n/zh.toml"] = testsite.MapFile([]byte("[nav]\noverview = \"全部 GPU\"\n"), 8)
		}, 2, 0, false},
		{"rename a series in two languages", func() {
			d := bytes.Replace(data["a/dsv4.json"].Data, []byte(`"label": "B200 (vLLM)"`), []byte(`"label": "B200 (vLLM) renamed"`), 1)
			data["a/dsv4.json"] = testsite.MapFile(d, 8)
		}, 1, 1, false},
		{"edit a headline figure in two languages", func() {
			d := bytes.ReplaceAll(data["a/dsv4.json"].Data, []byte(`"y": `), []byte(`"y": 2`))
			data["a/dsv4.json"] = testsite.MapFile(d, 9)
		}, 1, 1, false},
		{"remove a dataset", func() { delete(data, "a/older.json") }, -1, -1, false},
		{"remove a model and its notes", func() { delete(data, "b/other.json"); delete(data, "notes.md") }, -1, -1, false},
	}
	// How many site-wide files (home, overview, markdown pages, 404, sitemap, feeds: six in
	// one language) a step makes anew rather than keeps: none when what they show is as it was.
	siteMade := map[string]int{
		"first build":                      6,
		"nothing changed":                  0,
		"rename a series":                  0, // the series leads no headline: only its chart page shows it
		"edit the markdown page":           1,
		"override a catalog string":        6,
		"a second language":                11, // the sitemap is one file for both
		"rename a series in two languages": 0,
		// The home page, overview and feed, in each language: their figures changed.
		"edit a headline figure in two languages": 6,
	}
	stringShown := map[string][2]string{ // a page, and what it must show after the step
		"override a catalog string":                {"index.html", "Every GPU"},
		"override a string of the second language": {"zh/index.html", "全部 GPU"},
	}
	for _, s := range steps {
		s.edit()
		in := Input{Data: data, Templates: tmpl, Config: cfg, ECharts: fakeECharts, Dev: true}
		want := &Files{}
		_, werr := Build(in, want)
		got := &Files{}
		_, gerr := b.Build(in, got)
		if (werr != nil) != s.fails || (gerr != nil) != s.fails {
			t.Fatalf("%s: Build error %v, Builder error %v; want failure %v", s.name, werr, gerr, s.fails)
		}
		if werr != nil {
			var wp, gp Problems
			if !errors.As(werr, &wp) || !errors.As(gerr, &gp) || wp.Error() != gp.Error() {
				t.Errorf("%s: Builder problems\n%v\nwant\n%v", s.name, gerr, werr)
			}
			continue
		}
		testsite.SameFiles(t, s.name, got, want)
		// Both builds could be wrong alike (parsed templates are kept by content across
		// builds): a changed string must show.
		if shows, ok := stringShown[s.name]; ok {
			if b, _ := got.Get(shows[0]); !bytes.Contains(b, []byte(shows[1])) {
				t.Errorf("%s: %s does not show %q", s.name, shows[0], shows[1])
			}
		}
		if want, ok := siteMade[s.name]; ok {
			if made, kept := b.SiteFiles(); made != want {
				t.Errorf("%s: made %d site-wide files anew and kept %d, want %d made", s.name, made, kept, want)
			}
		}
		if drawn, reused := b.Charts(); s.drawn >= 0 && (drawn != s.drawn || reused != s.reuse) {
			t.Errorf("%s: drew %d chart pages and reused %d, want %d and %d", s.name, drawn, reused, s.drawn, s.reuse)
		}
	}
}

// TestBuilderForgetRereadsAFileWithTheSameStamp: a file rewritten within the timestamp resolution
// at the same size looks unchanged until the watcher says otherwise.
func TestBuilderForgetRereadsAFileWithTheSameStamp(t *testing.T) {
	seed := seedVariant(t, "DeepSeek-V4-Pro", 0, "2026-07-31")
	data := fstest.MapFS{"x.json": testsite.MapFile(seed, 1)}
	in := Input{Data: data, Config: DefaultConfig(), ECharts: fakeECharts}
	var b Builder
	if _, err := b.Build(in, &Files{}); err != nil {
		t.Fatal(err)
	}
	// Same size, same time, different title of one series.
	data["x.json"] = testsite.MapFile(bytes.Replace(seed, []byte(`"B300 (SGLang)"`), []byte(`"B300 (SGLan!)"`), -1), 1)
	stale := &Files{}
	if _, err := b.Build(in, stale); err != nil {
		t.Fatal(err)
	}
	if page, _ := stale.Get("deepseek-v4-pro/8k-1k/index.html"); bytes.Contains(page, []byte("SGLan!")) {
		t.Fatal("the cache did not apply: the test no longer tests Forget")
	}
	b.Forget("x.json")
	fresh := &Files{}
	if _, err := b.Build(in, fresh); err != nil {
		t.Fatal(err)
	}
	if page, _ := fresh.Get("deepseek-v4-pro/8k-1k/index.html"); !bytes.Contains(page, []byte("SGLan!")) {
		t.Error("after Forget the page still shows the old dataset")
	}
}

// TestBuilderKeepsProblemsOfUnchangedFiles: a broken file stays broken in the next build even
// though it is not read again, and its warnings stay too.
func TestBuilderKeepsProblemsOfUnchangedFiles(t *testing.T) {
	data := fstest.MapFS{
		"x.json":      testsite.MapFile(seedVariant(t, "DeepSeek-V4-Pro", 0, "2026-07-31"), 1),
		"broken.json": testsite.MapFile([]byte(`{"view": 3}`), 1),
	}
	in := Input{Data: data, Config: DefaultConfig(), ECharts: fakeECharts}
	var b Builder
	_, first := b.Build(in, &Files{})
	_, second := b.Build(in, &Files{})
	if first == nil || second == nil || first.Error() != second.Error() {
		t.Errorf("problems changed between two builds of the same input:\n%v\n---\n%v", first, second)
	}
}

// TestBuilderReassemblesOnlyTouchedPages: a save re-assembles the pages of the files it changed,
// and keeps every other page (and its datasets' flag checks) from the previous build.
func TestBuilderReassemblesOnlyTouchedPages(t *testing.T) {
	data := fstest.MapFS{
		"a.json": testsite.MapFile(seedVariant(t, "DeepSeek-V4-Pro", 0, "2026-07-31"), 1),
		"b.json": testsite.MapFile(seedVariant(t, "Other-Model", 1e6, "2026-07-31"), 1),
		"c.json": testsite.MapFile(seedVariant(t, "Third-Model", 2e6, "2026-07-31"), 1),
	}
	var b Builder
	pages := func() map[string]*Page {
		t.Helper()
		if _, err := b.Build(Input{Data: data, Config: DefaultConfig(), ECharts: fakeECharts}, &Files{}); err != nil {
			t.Fatal(err)
		}
		m := map[string]*Page{}
		for _, a := range b.assembled.next {
			m[a.page.Model] = a.page
		}
		return m
	}
	before := pages()
	data["b.json"] = testsite.MapFile(bytes.Replace(data["b.json"].Data, []byte("10672.443754896221"), []byte("10672.5"), 1), 2)
	after := pages()
	if len(before) != 3 || len(after) != 3 {
		t.Fatalf("got %d then %d pages, want 3", len(before), len(after))
	}
	for model, p := range after {
		if reused, want := p == before[model], model != "Other-Model"; reused != want {
			t.Errorf("page %s: reused %v, want %v", model, reused, want)
		}
	}
	edited := slices.ContainsFunc(after["Other-Model"].Snapshots[0].Series, func(s *PageSeries) bool {
		return slices.ContainsFunc(s.Points, func(p input.Point) bool { return p.Y == 10672.5 })
	})
	if !edited {
		t.Errorf("the re-assembled page lacks the edited value")
	}
}

// TestBuilderSaveToOneDayRederivesOnlyThatDay: on a page of raw results re-run daily, a save to
// one day's file (one of its rows measured again), a new day and a day removed each give what a
// fresh Build gives, byte for byte, and the edit derives again only what that day reaches (its
// history chunk, the trend cells of the configuration it re-ran, the tables holding them), not
// the page's whole history.
func TestBuilderSaveToOneDayRederivesOnlyThatDay(t *testing.T) {
	const days = 36
	data := fstest.MapFS{}
	var names []string
	enough := errors.New("enough days")
	err := corpus.EachYearAPI(1, 1, func(name string, b []byte) error {
		names = append(names, name)
		data[name] = testsite.MapFile(bytes.Clone(b), 1)
		if len(names) > days {
			return enough
		}
		return nil
	})
	if err != enough {
		t.Fatal(err)
	}
	extra := data[names[days]]
	delete(data, names[days])
	cfg := DefaultConfig()
	var b Builder
	build := func(step string) (made, kept int) {
		t.Helper()
		in := Input{Data: data, Config: cfg, ECharts: fakeECharts}
		want := &Files{}
		if _, err := Build(in, want); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		got := &Files{}
		if _, err := b.Build(in, got); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		testsite.SameFiles(t, step, got, want)
		return b.derived[0], b.derived[1]
	}
	first, _ := build("first build")
	mid := names[days/2]
	data[mid] = testsite.MapFile(remeasure(t, data[mid].Data, 1.07), 2)
	made, kept := build("a row of one day measured again")
	// A chunk, and per trend metric (eight on a raw page) the re-run configuration's cell, its
	// table and that table compressed; a few of the page's own files (the newest view's
	// columns) at most besides.
	limit := 1 + 3*8 + 4
	if made > limit || kept < first/2 {
		t.Errorf("a save to one day made %d derived pieces and kept %d, want at most %d made (the first build made %d)", made, kept, limit, first)
	}
	t.Logf("first build made %d derived pieces; the save made %d and kept %d", first, made, kept)
	// A page drawn again for another reason keeps its history's pieces for the save after it.
	cfg.Title = "Renamed"
	build("the site renamed")
	other := names[days/2+3]
	data[other] = testsite.MapFile(remeasure(t, data[other].Data, 1.05), 2)
	if made, _ := build("another day's row measured again"); made > limit {
		t.Errorf("after a page was drawn again, a save to one day made %d derived pieces, want at most %d", made, limit)
	}
	data[names[days]] = extra
	build("a new day")
	delete(data, names[3])
	build("a day removed")
	data[names[len(names)-1]] = testsite.MapFile(remeasure(t, extra.Data, 0.9), 3)
	build("the newest day measured again")
}

// remeasure is a day's raw file with its first row's throughput per GPU times f.
func remeasure(t *testing.T, file []byte, f float64) []byte {
	t.Helper()
	key := []byte(`"tput_per_gpu": `)
	at := bytes.Index(file, key)
	if at < 0 {
		t.Fatal("no tput_per_gpu in the file")
	}
	at += len(key)
	end := at + bytes.IndexAny(file[at:], ",\n")
	v, err := strconv.ParseFloat(string(file[at:end]), 64)
	if err != nil {
		t.Fatal(err)
	}
	return slices.Concat(file[:at], strconv.AppendFloat(nil, v*f, 'g', -1, 64), file[end:])
}
