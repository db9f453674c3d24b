package browser_test

// The page script in another language (issue 28): a chart page whose #strings holds the Chinese
// catalog's [script] table and whose <html lang> is zh shows every text the script writes in
// Chinese, no catalog key bare, the same points as in English; and the header's language links
// carry the reader's view (the fragment) to the other language's page.
//
//	go test ./site/browser/ -run TestBrowserScript -v

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
	"github.com/frontier-bench/frontier/templates"
)

// scriptStringsOf is a catalog's [script] table as a page's #strings holds it.
func scriptStringsOf(t *testing.T, lang string) map[string]string {
	t.Helper()
	var catalog struct {
		Script map[string]any `toml:"script"`
	}
	if _, err := toml.DecodeFS(templates.FS, "i18n/"+lang+".toml", &catalog); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	var flatten func(prefix string, table map[string]any)
	flatten = func(prefix string, table map[string]any) {
		for k, v := range table {
			if s, ok := v.(string); ok {
				out[prefix+k] = s
			} else {
				flatten(prefix+k+".", v.(map[string]any))
			}
		}
	}
	flatten("", catalog.Script)
	return out
}

var stringsElement = regexp.MustCompile(`<script type="application/json" id="strings">[^<]*</script>`)

// rewrite replaces a built page's file through edit, failing when edit changes nothing.
func rewrite(t *testing.T, files *site.Files, name string, edit func(string) string) {
	t.Helper()
	b, ok := files.Get(name)
	if !ok {
		t.Fatalf("%s: not built", name)
	}
	out := edit(string(b))
	if out == string(b) {
		t.Fatalf("%s: the edit changed nothing", name)
	}
	if err := files.WriteFile(name, []byte(out)); err != nil {
		t.Fatal(err)
	}
}

// inChinese makes a built page a Chinese one as far as the page script is concerned: its
// language and its strings (core's branch renders the rest of it in Chinese).
func inChinese(t *testing.T, files *site.Files, name string) {
	zh, err := json.Marshal(scriptStringsOf(t, "zh"))
	if err != nil {
		t.Fatal(err)
	}
	rewrite(t, files, name, func(s string) string {
		s = strings.Replace(s, `<html lang="en"`, `<html lang="zh"`, 1)
		return stringsElement.ReplaceAllLiteralString(s, `<script type="application/json" id="strings">`+string(zh)+`</script>`)
	})
}

type scriptTexts struct {
	Lang, Status, Leaders, Head, Count, Summary, Legend, SavePNG, Restore, Aria string
	Keys                                                                        []string
	Points                                                                      int
}

// scriptTextsJS reads what the script wrote, and every catalog key found bare in the page's
// text or its labels and titles.
const scriptTextsJS = `(() => {
  const keys = Object.keys(JSON.parse(document.getElementById("strings").textContent));
  const chart = echarts.getInstanceByDom(document.getElementById("chart"));
  const tb = chart.getOption().toolbox[0].feature;
  const labels = Array.from(document.querySelectorAll("[aria-label], [title]"), (e) => (e.getAttribute("aria-label") || "") + " " + (e.getAttribute("title") || "")).join(" ");
  const text = document.body.innerText + " " + labels + " " + document.getElementById("chart").getAttribute("aria-label");
  return {Lang: document.documentElement.lang, Status: document.getElementById("view-status").textContent,
    Leaders: document.querySelector("#leaders caption").textContent,
    Head: Array.from(document.querySelectorAll("#points thead th"), (th) => th.textContent).join("|"),
    Count: document.querySelector("#shown-csv .count").textContent,
    Summary: document.getElementById("filter-summary").textContent,
    Legend: Array.from(document.querySelectorAll("#chart-legend .name"), (n) => n.textContent).pop(),
    SavePNG: tb.saveAsImage.title, Restore: tb.restore.title, Aria: document.getElementById("chart").getAttribute("aria-label"),
    Keys: keys.filter((k) => text.includes(k)),
    Points: chart.getOption().series.filter((s) => s.type === "scatter").reduce((n, s) => n + s.data.length, 0)};
})()`

func readScriptTexts(t *testing.T, b *browsertest.Browser, url string) scriptTexts {
	t.Helper()
	p := b.Open(t, url)
	p.WaitChart("#chart")
	p.Eval(`document.getElementById("points-box").scrollIntoView()`, nil)
	p.WaitFor(`document.querySelector("#points thead th")`)
	var s scriptTexts
	p.Eval(scriptTextsJS, &s)
	return s
}

func TestBrowserScriptInChinese(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b)
	const page = "deepseek-v4-pro/8k-1k/index.html"
	// A view the build did not lay out (best per GPU off, log y, the global frontier), so that the
	// script writes the status line, the leaders table and the filter summary itself.
	const view = "#best=0&log=1&global=1&frameworks=sglang,vllm"
	en := readScriptTexts(t, b, root+"deepseek-v4-pro/8k-1k/"+view)

	zhFiles := buildForBrowser(t, testsite.RealData(t), exampleConfig(t)) // its own: a page is rewritten
	inChinese(t, zhFiles, page)
	zhRoot := b.Serve(zhFiles, "/")
	zh := readScriptTexts(t, b, zhRoot+"deepseek-v4-pro/8k-1k/"+view)

	if en.Lang != "en" || zh.Lang != "zh" {
		t.Fatalf("lang: %q and %q", en.Lang, zh.Lang)
	}
	if len(en.Keys) > 0 || len(zh.Keys) > 0 {
		t.Errorf("catalog keys shown bare: English %v, Chinese %v", en.Keys, zh.Keys)
	}
	if en.Points == 0 || zh.Points != en.Points {
		t.Errorf("the Chinese chart draws %d points, the English one %d", zh.Points, en.Points)
	}
	for _, c := range []struct{ what, en, zh string }{
		{"status", en.Status, zh.Status},
		{"leaders caption", en.Leaders, zh.Leaders},
		{"points table head", en.Head, zh.Head},
		{"points count", en.Count, zh.Count},
		{"filter summary", en.Summary, zh.Summary},
		{"legend's global frontier", en.Legend, zh.Legend},
		{"toolbox save", en.SavePNG, zh.SavePNG},
		{"toolbox restore", en.Restore, zh.Restore},
	} {
		if !regexp.MustCompile(`\p{Han}`).MatchString(c.zh) {
			t.Errorf("%s in Chinese: %q has no Chinese (English: %q)", c.what, c.zh, c.en)
		}
		if regexp.MustCompile(`\p{Han}`).MatchString(c.en) {
			t.Errorf("%s in English: %q", c.what, c.en)
		}
	}
	// ECharts' own description of the chart, in its locale's words.
	if !strings.Contains(en.Aria, "The 0 series is a Scatter plot") || !strings.Contains(zh.Aria, "第0个系列是表示") || !strings.Contains(zh.Aria, "散点图") {
		t.Errorf("ECharts' description: English %.120q, Chinese %.120q", en.Aria, zh.Aria)
	}
	// The English page's texts are the catalog's English, as they were before the catalog.
	for _, want := range []struct{ got, want string }{
		{en.SavePNG, "Save as PNG"}, {en.Restore, "Reset zoom"}, {en.Legend, "Global frontier"},
		{en.Summary, "Global frontier · Framework: SGLang, vLLM · Log Y"},
	} {
		if want.got != want.want {
			t.Errorf("English: %q, want %q", want.got, want.want)
		}
	}
	if !strings.HasPrefix(zh.Count, "显示 ") || !strings.Contains(zh.Head, "并发") || !strings.Contains(zh.Leaders, "帕累托前沿") {
		t.Errorf("Chinese: count %q, head %q, caption %q", zh.Count, zh.Head, zh.Leaders)
	}
}

// TestBrowserScriptLanguageSwitchKeepsTheView: a click on the header's language link opens the
// other language's page with the view the reader has now, fragment and all, though the link was
// written without one and the view changed after the page loaded.
func TestBrowserScriptLanguageSwitchKeepsTheView(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := exampleSite(t, b) // the example site, in English and Chinese
	p := b.Open(t, root+"deepseek-v4-pro/8k-1k/#log=1")
	p.WaitChart("#chart")
	// The reader changes the view: the fragment follows (history.replaceState, no hashchange).
	p.Eval(`(() => { const box = document.querySelector('#controls input[name="logx"]'); box.click(); })()`, nil)
	p.WaitFor(`location.hash.includes("logx=1")`)
	var hash string
	p.Eval(`location.hash`, &hash)
	p.Eval(`document.querySelector('.langs a[hreflang="zh"]').click()`, nil)
	p.WaitFor(`location.pathname === "/zh/deepseek-v4-pro/8k-1k/"`)
	p.WaitChart("#chart")
	var got struct{ Hash, View string }
	p.Eval(`({Hash: location.hash, View: document.getElementById("chart").getAttribute("data-view")})`, &got)
	if got.Hash != hash || got.View != strings.TrimPrefix(hash, "#") {
		t.Errorf("after the language link: fragment %q, view %q; want the reader's %q", got.Hash, got.View, hash)
	}
}
