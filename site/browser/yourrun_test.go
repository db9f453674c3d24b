package browser_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
	"github.com/frontier-bench/frontier/site/input"
)

// "Your run" as a reader uses it: their own result files added through input#your-run or
// dropped on the chart, decoded by the build's own readers compiled to WebAssembly (fetched
// only then), drawn over the published chart with the values the build would give the same
// files, a form for the context a file lacks, alerts with the words `frontier check` prints (in
// the page's language), no request but the site's own code, hostile strings as text, and a
// button that takes it all away.

// yourFile is a file as the test hands it to the page.
type yourFile struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// rawFixture reads a real raw file (../shared/data/raw/...) as a file named name.
func rawFixture(t *testing.T, rel, name string) yourFile {
	t.Helper()
	return yourFile{name, string(testenv.SharedFile(t, "raw/"+rel))}
}

// sharedFile reads a real client file (../shared/data/public/...) as a file named name.
func sharedFile(t *testing.T, rel, name string) yourFile {
	t.Helper()
	return yourFile{name, string(testenv.SharedFile(t, "public/"+rel))}
}

// repoFile reads a file of the repository (a path from its root) as a file named name.
func repoFile(t *testing.T, rel, name string) yourFile {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testsite.Root(), filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return yourFile{name, string(b)}
}

// checkSays is what `frontier check` prints of file f, read alone with opt (its problems, sorted,
// as the decoder in the page sees them: without the context it asks for in its form).
func checkSays(f yourFile, opt *input.RawOptions) []string {
	_, ps := input.ReadRun(f.Name, []byte(f.Text), opt)
	_, ps = input.RunNeeds(ps)
	ps.Sort()
	var out []string
	for _, p := range ps {
		out = append(out, p.String())
	}
	return out
}

// serveFiles are the five bench-serve files of one run, named as the reader's disk might.
func serveFiles(t *testing.T, dir, prefix string) []yourFile {
	var fs []yourFile
	for _, c := range []int{4, 8, 16, 32, 64} {
		fs = append(fs, rawFixture(t, fmt.Sprintf("bench-serve/%s/conc%d.json", dir, c), fmt.Sprintf("%sconc%d.json", prefix, c)))
	}
	return fs
}

// sglangLines are two lines of SGLang's bench_serving JSONL: 8 GPUs' worth of 400 and 1,200
// output tokens a second at concurrency 4 and 16.
func sglangLines() string {
	line := func(c int, out float64) string {
		b, _ := json.Marshal(map[string]any{"backend": "sglang", "dataset_name": "random", "max_concurrency": c, "random_input_len": 1024,
			"random_output_len": 1024, "output_throughput": out, "input_throughput": out * 1.1, "total_throughput": out * 2.1,
			"median_e2e_latency_ms": 20000, "median_ttft_ms": 300, "median_tpot_ms": 1000 / (out / float64(c)), "median_itl_ms": 15})
		return string(b)
	}
	return line(4, 400) + "\n" + line(16, 1200) + "\n"
}

// fillForm answers the form's fields that are there with answers (by context key) and draws.
func fillForm(p *browsertest.Page, answers map[string]string) {
	p.WaitFor(`document.querySelector("#your-run-form form")`)
	for id, v := range answers {
		p.Eval(`(() => { const i = document.getElementById("your-run-`+id+`"); if (i) i.value = `+js(v)+`; })()`, nil)
	}
	p.Click(`#your-run-form button[type=submit]`)
}

// addYourFiles hands files to the page through the input (how "input") or a drop on the chart
// ("drop"), as a DataTransfer a reader's browser would make.
func addYourFiles(t *testing.T, p *browsertest.Page, how string, files []yourFile) {
	t.Helper()
	b, err := json.Marshal(files)
	if err != nil {
		t.Fatal(err)
	}
	p.Eval(`((how, files) => {
  const dt = new DataTransfer();
  for (const f of files) dt.items.add(new File([f.text], f.name, { type: "application/json" }));
  if (how === "input") {
    const input = document.getElementById("your-run");
    input.files = dt.files;
    input.dispatchEvent(new Event("change", { bubbles: true }));
    return;
  }
  const chart = document.getElementById("chart");
  chart.dispatchEvent(new DragEvent("dragover", { dataTransfer: dt, bubbles: true, cancelable: true }));
  chart.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
})(`+js(how)+`, `+string(b)+`)`, nil)
}

// yourSeries are the chart's scatter series of the reader's run, by name, as [x, y] points.
func yourSeries(p *browsertest.Page) map[string][][2]float64 {
	var out map[string][][2]float64
	p.Eval(`(() => { const o = echarts.getInstanceByDom(document.getElementById("chart")).getOption();
  // A point under minSuccess is a data item with its own (hollow) style: its value is [x, y].
  const m = {}; for (const s of o.series) if (s.type === "scatter" && s.name.startsWith("Your run: ")) m[s.name] = s.data.map((d) => (Array.isArray(d) ? d : d.value)).filter((d) => d[0] != null && d[1] != null);
  return m; })()`, &out)
	return out
}

// waitYours waits until the chart has drawn n series of the reader's run.
func waitYours(p *browsertest.Page, n int) {
	p.WaitChart("#chart")
	p.WaitFor(fmt.Sprintf(`(() => { const el = document.getElementById("chart"); const c = echarts.getInstanceByDom(el);
  return c && el.getAttribute("aria-busy") !== "true" && c.getOption().series.filter((s) => s.type === "scatter" && s.name.startsWith("Your run: ")).length === %d; })()`, n))
}

// publishedSeries are the chart's other scatter series, as JSON, to see they are untouched.
func publishedSeries(p *browsertest.Page) string {
	var s string
	p.Eval(`JSON.stringify(echarts.getInstanceByDom(document.getElementById("chart")).getOption().series
  .filter((s) => !s.name.startsWith("Your run: ")).map((s) => [s.name, s.type, s.data]))`, &s)
	return s
}

// yourPage is what these tests read of page.json.
type yourPage struct {
	Cols   []string `json:"cols"`
	Series []struct {
		Name, HW, Precision string
		Points              [][]any `json:"points"`
	} `json:"series"`
	XAxes []struct{ Key, Col string } `json:"xAxes"`
}

// builtPoints are the [x, y] (interactivity, tok/s/GPU) of the build's series that the
// reader's series named yours matches: "Your run: " + its name, with its precision if not in it.
func (d yourPage) builtPoints(yours string) ([][2]float64, bool) {
	x, y := slices.Index(d.Cols, "x"), slices.Index(d.Cols, "tpPerGpu")
	for _, s := range d.Series {
		if yours != "Your run: "+s.Name && yours != "Your run: "+s.Name+" "+strings.ToUpper(s.Precision) {
			continue
		}
		var pts [][2]float64
		for _, p := range s.Points {
			pts = append(pts, [2]float64{p[x].(float64), p[y].(float64)})
		}
		return pts, true
	}
	return nil, false
}

// sameAsBuilt checks every point drawn for the reader is a point the build drew for the same
// configuration from the same rows (to the six digits page.json keeps), and returns how many.
func sameAsBuilt(t *testing.T, d yourPage, yours map[string][][2]float64) int {
	t.Helper()
	n := 0
	for name, pts := range yours {
		built, ok := d.builtPoints(name)
		if !ok {
			t.Errorf("%s: the build has no such configuration on the page", name)
			continue
		}
		for _, p := range pts {
			if !slices.ContainsFunc(built, func(b [2]float64) bool { return nearRel(p[0], b[0]) && nearRel(p[1], b[1]) }) {
				t.Errorf("%s: point %v is none of the build's %v", name, p, built)
			}
			n++
		}
	}
	return n
}

func nearRel(a, b float64) bool { return math.Abs(a-b) <= 1e-5*math.Max(math.Abs(a), math.Abs(b)) }

func TestBrowserYourRun(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	files, root := exampleSite(t, b)
	raw, ok := files.Get(rawPage + "page.json")
	if !ok {
		t.Fatal("no page.json on the raw page")
	}
	var d yourPage
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	// The subtests run side by side with each other and the suite's other tests: each opens
	// its own pages, and reads only what is built above.
	open := func(t *testing.T) *browsertest.Page {
		p := b.Open(t, root+rawPage)
		p.WaitDrawn("#chart")
		return p
	}

	t.Run("each format through the input and by drop, drawn as the build draws it", func(t *testing.T) {
		t.Parallel()
		formats := []struct {
			name   string
			files  []yourFile
			series int // configurations the files make
		}{
			{"bench-serve with --metadata", serveFiles(t, "mi325x-sglang-fp8", ""), 1},
			{"InferenceX API rows", []yourFile{rawFixture(t, "inferencex-api/dsr1_1k1k_latest.json", "latest.json")}, -1},
			{"InferenceX agg rows", []yourFile{rawFixture(t, "inferencex-agg/agg_bmk.json", "agg_bmk.json")}, -1},
		}
		// Every format through the file input; by drop, one: both hand their files to the
		// same take (yourrun-hook.js), so a drop's other formats would test nothing new.
		for _, how := range []string{"input", "drop"} {
			p := open(t)
			for _, f := range formats {
				if how == "drop" && f.name != formats[0].name {
					continue
				}
				published := ""
				if f.name == formats[0].name {
					p.WaitChart("#chart")
					published = publishedSeries(p)
				}
				addYourFiles(t, p, how, f.files)
				p.WaitFor(`document.querySelectorAll("#your-run-where p").length > 0`)
				n := f.series
				if n < 0 {
					p.Eval(`document.querySelectorAll("#your-run-where p").length`, &n)
				}
				waitYours(p, n)
				yours := yourSeries(p)
				if got := sameAsBuilt(t, d, yours); got == 0 {
					t.Errorf("%s by %s: no point drawn", f.name, how)
				}
				if published != "" && publishedSeries(p) != published {
					t.Errorf("%s by %s: the published series changed", f.name, how)
				}
				if alert := p.Text("#your-run-alert"); alert != "" {
					t.Errorf("%s by %s: alert %q", f.name, how, alert)
				}
				p.Click("#your-run-remove")
				waitYours(p, 0)
			}
			p.Close()
		}
	})

	t.Run("the reader's series: legend, tooltip with the file, tables, sentence, every axis", func(t *testing.T) {
		t.Parallel()
		p := open(t)
		before := p.Requests()
		hash := p.URL()
		addYourFiles(t, p, "input", serveFiles(t, "mi325x-sglang-fp8", ""))
		waitYours(p, 1)
		const name = "Your run: MI325X (SGLang) FP8"
		if pts := yourSeries(p)[name]; len(pts) != 5 {
			t.Fatalf("series %q has %d points, want the 5 files' (series: %v)", name, len(pts), yourSeries(p))
		}
		// Nothing left the browser: the only requests are GETs of the site's own code (and, on
		// a page with history, of the rest of its own data: rest.json.gz).
		for _, r := range p.Requests()[len(before):] {
			own := strings.HasPrefix(r, "GET "+strings.TrimSuffix(root, "/")+"/") && strings.HasSuffix(r, "/rest.json.gz")
			if !own && !strings.HasPrefix(r, "GET "+strings.TrimSuffix(root, "/")+"/assets/") {
				t.Errorf("adding a file made the request %q", r)
			}
		}
		for _, asset := range []string{"/assets/yourrun.", "/assets/wasm_exec.", ".wasm.gz"} {
			if slices.ContainsFunc(before, func(r string) bool { return strings.Contains(r, asset) }) {
				t.Errorf("the chart page fetched %s before a reader added a file", asset)
			}
			if !slices.ContainsFunc(p.Requests(), func(r string) bool { return strings.Contains(r, asset) }) {
				t.Errorf("%s was never fetched", asset)
			}
		}
		if p.URL() != hash {
			t.Errorf("adding a file changed the address from %s to %s", hash, p.URL())
		}
		var legend []string
		var style struct{ Color, Symbol string }
		p.Eval(`(() => { const o = echarts.getInstanceByDom(document.getElementById("chart")).getOption();
  return (o.legend[0].data || []).map((d) => typeof d === "object" ? d.name : d); })()`, &legend)
		if !slices.Contains(legend, name) {
			t.Errorf("legend %v lacks %q", legend, name)
		}
		p.Eval(`(() => { const s = echarts.getInstanceByDom(document.getElementById("chart")).getOption().series.find((s) => s.name === `+js(name)+`);
  return { Color: s.itemStyle.color, Symbol: s.symbol }; })()`, &style)
		var colors, symbols []string
		p.Eval(`JSON.parse(document.getElementById("page-data").textContent).series.map((s) => s.color)`, &colors)
		p.Eval(`JSON.parse(document.getElementById("page-data").textContent).series.map((s) => s.symbol)`, &symbols)
		if slices.Contains(colors, style.Color) || slices.Contains(symbols, style.Symbol) {
			t.Errorf("the reader's colour %s or marker %s is a published series'", style.Color, style.Symbol)
		}
		var tip string
		p.Eval(`(() => { const c = echarts.getInstanceByDom(document.getElementById("chart"));
  const idx = c.getOption().series.findIndex((s) => s.type === "scatter" && s.name === `+js(name)+`);
  c.dispatchAction({ type: "showTip", seriesIndex: idx, dataIndex: 0 }); })()`, nil)
		p.WaitFor(`[...document.querySelectorAll("div")].some((d) => d.domBelongToZr && getComputedStyle(d).display !== "none" && d.innerText.includes("Your run"))`)
		tip = p.Tooltip("#chart")
		if !strings.Contains(tip, "Your run, from conc") || !strings.Contains(tip, "MI325X (SGLang)") {
			t.Errorf("tooltip lacks the file name:\n%s", tip)
		}
		where := p.Text("#your-run-where")
		if !regexp.MustCompile(`^Your run: MI325X \(SGLang\) FP8: [\d,.]+ \S+ at [\d.]+ tok/s/user, [\d.]+× the best published, .+`).MatchString(where) {
			t.Errorf("sentence under the chart: %q", where)
		}
		if p.Count("#leaders tr.yours") != 1 || !strings.Contains(p.Text("#leaders tr.yours"), "× the best") {
			t.Errorf("leaders table row of the run: %q", p.Text("#leaders tr.yours"))
		}
		showPoints(p)
		p.WaitFor(`document.querySelectorAll("#points tr.yours").length === 5`)
		if c := p.Text("#points tr.yours th, #points tr.yours td"); !strings.HasPrefix(c, "Your run: ") {
			t.Errorf("points table marks the run's rows as %q", c)
		}
		// Every x axis the files have: the latencies bench-serve measures too.
		for _, x := range d.XAxes[1:] {
			p.Eval(`location.hash = "x=" + `+js(x.Key), nil)
			p.WaitFor(`document.getElementById("chart").getAttribute("data-view").includes("x=` + x.Key + `")`)
			waitYours(p, 1)
			if pts := yourSeries(p)[name]; len(pts) != 5 {
				t.Errorf("x=%s: %d points of the run, want 5", x.Key, len(pts))
			}
		}
		p.Click("#your-run-remove")
		waitYours(p, 0)
		if p.Count("#leaders tr.yours") != 0 || p.Text("#your-run-where") != "" {
			t.Error("removing the run left its leaders row or sentence")
		}
	})

	t.Run("a file without context: the form, prefilled and remembered", func(t *testing.T) {
		t.Parallel()
		p := open(t)
		run := serveFiles(t, "mi300x-sglang-fp8", "mi300x-sglang-fp8-")
		addYourFiles(t, p, "drop", run)
		p.WaitFor(`document.querySelector("#your-run-form form")`)
		var got map[string]string
		read := func() {
			p.Eval(`Object.fromEntries([...document.querySelectorAll("#your-run-form input")].map((i) => [i.name, i.value]))`, &got)
		}
		read()
		// The lengths are not asked: a bench-serve file suggests them from its measured means
		// (docs/input-formats.md, "A folder of results").
		want := map[string]string{"gpu": "mi300x", "gpus": "", "framework": "sglang", "precision": "fp8"}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("form field %s = %q, want %q (prefilled from the file name and the page)", k, got[k], v)
			}
		}
		for _, k := range []string{"isl", "osl"} {
			if _, asked := got[k]; asked {
				t.Errorf("the form asks for %s, which the file's measured lengths suggest", k)
			}
		}
		p.Eval(`document.getElementById("your-run-gpus").value = "8"`, nil)
		p.Click(`#your-run-form button[type=submit]`)
		waitYours(p, 1)
		yours := yourSeries(p)
		if len(yours["Your run: MI300X (SGLang) FP8"]) != 5 || sameAsBuilt(t, d, yours) != 5 {
			t.Errorf("series after the form: %v", yours)
		}
		p.Click("#your-run-remove")
		waitYours(p, 0)
		addYourFiles(t, p, "input", run)
		p.WaitFor(`document.querySelector("#your-run-form form")`)
		read()
		if got["gpus"] != "8" {
			t.Errorf("the form forgot the session's answer: gpus %q", got["gpus"])
		}
	})

	t.Run("wrong input in words, hostile strings as text", func(t *testing.T) {
		t.Parallel()
		p := open(t)
		p.WaitChart("#chart")
		published := publishedSeries(p)
		serve := func(over map[string]any) string {
			m := map[string]any{"max_concurrency": 8, "total_token_throughput": 8000.5, "output_throughput": 4000, "median_tpot_ms": 20,
				"gpu": "b200", "gpus": 8, "framework": "vllm", "precision": "fp8", "isl": 1024, "osl": 1024, "model_id": "deepseek-ai/DeepSeek-R1-0528"}
			for k, v := range over {
				m[k] = v
			}
			b, _ := json.Marshal(m)
			return string(b)
		}
		const hostile = `<img src=x onerror="window.pwned=1">`
		bad := []yourFile{
			{"zero-gpus.json", serve(map[string]any{"gpus": "0"})},
			{"notes.json", `{"hello": "world"}`},
			{"missing.json", `[{"hardware":"b200","framework":"vllm","model":"dsr1","precision":"fp8","isl":1024,"conc":4,"tp":8,"metrics":{"tput_per_gpu":100,"median_intvty":10}}]`},
			{"negative.json", `[{"hardware":"b200","framework":"vllm","model":"dsr1","precision":"fp8","isl":1024,"osl":1024,"conc":4,"tp":8,"metrics":{"tput_per_gpu":-3,"median_intvty":10}}]`},
			{"other-model.json", serve(map[string]any{"model_id": "openai/gpt-oss-120b", "osl": 8192})},
			{hostile + ".json", serve(map[string]any{"model_id": hostile, "gpu": `<svg onload="window.pwned=2">`, "run_url": "javascript:window.pwned=3"})},
		}
		addYourFiles(t, p, "input", bad)
		waitYours(p, 2)
		alert := p.Text("#your-run-alert")
		// Each refused file's problems as frontier check prints them, word for word.
		var said []string
		for _, f := range bad[:4] {
			said = append(said, checkSays(f, nil)...)
		}
		if len(said) < 4 || !slices.Contains(said, `zero-gpus.json: gpus: want an integer greater than 0, got "0"`) {
			t.Fatalf("frontier check says %q", said)
		}
		for _, want := range append(said,
			"other-model.json: a result for gpt-oss-120b 1k/8k, not this page's DeepSeek-R1-0528 1k/1k: shown anyway",
			hostile+".json: a result for "+hostile+" 1k/1k",
		) {
			if !strings.Contains(alert, want) {
				t.Errorf("alert lacks %q:\n%s", want, alert)
			}
		}
		var role string
		p.Eval(`document.getElementById("your-run-alert").getAttribute("role")`, &role)
		if role != "alert" {
			t.Errorf("the alerts' role is %q", role)
		}
		if publishedSeries(p) != published {
			t.Error("wrong files changed the published series")
		}
		showPoints(p)
		p.WaitFor(`document.querySelectorAll("#points tr.yours").length === 2`)
		p.Eval(`(() => { const c = echarts.getInstanceByDom(document.getElementById("chart"));
  const idx = c.getOption().series.findIndex((s) => s.type === "scatter" && s.name.includes("SVG"));
  c.dispatchAction({ type: "showTip", seriesIndex: idx, dataIndex: 0 }); })()`, nil)
		p.WaitFor(`[...document.querySelectorAll("div")].some((d) => d.domBelongToZr && getComputedStyle(d).display !== "none" && d.innerText.includes("Your run"))`)
		if tip := p.Tooltip("#chart"); !strings.Contains(tip, hostile+".json") {
			t.Errorf("tooltip does not show the hostile file name as text:\n%s", tip)
		}
		var found struct {
			Pwned               any
			Imgs, SVGs, JSLinks int
		}
		p.Eval(`({ Pwned: window.pwned === undefined ? null : window.pwned, Imgs: document.querySelectorAll("main img, #your-run-box img, #points img, #leaders img").length,
  SVGs: [...document.querySelectorAll("svg[onload]")].length, JSLinks: document.querySelectorAll('a[href^="javascript"]').length })`, &found)
		if found.Pwned != nil || found.Imgs != 0 || found.SVGs != 0 || found.JSLinks != 0 {
			t.Errorf("a hostile string became markup: %+v", found)
		}
		p.Click("#your-run-remove")
		waitYours(p, 0)
		if p.Text("#your-run-alert") != "" {
			t.Error("removing the run left its alerts")
		}
		if publishedSeries(p) != published {
			t.Error("removing the run changed the published series")
		}
	})

	t.Run("SGLang bench_serving JSONL, pasted", func(t *testing.T) {
		t.Parallel()
		p := open(t)
		text := sglangLines()
		p.Eval(`(() => { const dt = new DataTransfer(); dt.setData("text/plain", `+js(text)+`);
  document.body.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true })); })()`, nil)
		fillForm(p, map[string]string{"gpu": "h100", "gpus": "8", "framework": "sglang", "precision": "fp8", "model": "DeepSeek-R1-0528"})
		waitYours(p, 1)
		pts := yourSeries(p)["Your run: H100 (SGLang) FP8"]
		// Interactivity 1000 / TPOT ms = output / concurrency; throughput per GPU = total / 8.
		want := [][2]float64{{100, 400 * 2.1 / 8}, {75, 1200 * 2.1 / 8}}
		if len(pts) != 2 || !(nearRel(pts[0][0], want[1][0]) && nearRel(pts[0][1], want[1][1]) && nearRel(pts[1][0], want[0][0]) && nearRel(pts[1][1], want[0][1])) {
			t.Errorf("SGLang points %v, want %v", pts, want)
		}
	})

	t.Run("every other format the build reads: a view, AIPerf, LLMPerf, SGLang JSONL", func(t *testing.T) {
		t.Parallel()
		// A view, on its own page: drawn as the build draws it, every point.
		const viewPage = "deepseek-v4-pro/8k-1k/"
		raw, ok := files.Get(viewPage + "page.json")
		if !ok {
			t.Fatal("no page.json on the view's page")
		}
		var dv yourPage
		if err := json.Unmarshal(raw, &dv); err != nil {
			t.Fatal(err)
		}
		p := b.Open(t, root+viewPage)
		p.WaitDrawn("#chart")
		view := repoFile(t, "data/deepseek-v4-pro_8k-1k_fp4.json", "my-view.json")
		addYourFiles(t, p, "drop", []yourFile{view})
		p.WaitFor(`document.querySelectorAll("#your-run-where p").length > 0`)
		var n int
		p.Eval(`document.querySelectorAll("#your-run-where p").length`, &n)
		waitYours(p, n)
		built := 0
		for _, s := range dv.Series {
			built += len(s.Points)
		}
		if got := sameAsBuilt(t, dv, yourSeries(p)); got != built {
			t.Errorf("the view's %d points drawn, the build drew %d", got, built)
		}
		if alert := p.Text("#your-run-alert"); alert != "" {
			t.Errorf("view: alert %q", alert)
		}
		p.Close()

		p = open(t)
		// AIPerf: its context through the form, then its point as the build makes it, on a page
		// of its own model (said so).
		aiperf := sharedFile(t, "clients/aiperf/ai-dynamo__aiperf__examples_run1_profile_export_aiperf.json", "profile_export_aiperf.json")
		addYourFiles(t, p, "input", []yourFile{aiperf})
		fillForm(p, map[string]string{"gpu": "h100", "gpus": "2", "framework": "vllm", "precision": "bf16"})
		waitYours(p, 1)
		pages, ps := input.ReadRun(aiperf.Name, []byte(aiperf.Text), &input.RawOptions{Runs: []input.Run{{Path: "*", GPU: "h100", GPUs: 2, Framework: "vllm", Precision: "bf16"}}})
		if len(ps) != 0 || len(pages) != 1 {
			t.Fatalf("ReadRun: %d pages, %v", len(pages), ps)
		}
		pt := pages[0].Datasets[0].Series[0].Points[0]
		if got := yourSeries(p)["Your run: H100 (vLLM) BF16"]; len(got) != 1 || !nearRel(got[0][0], pt.X) || !nearRel(got[0][1], pt.Y) {
			t.Errorf("AIPerf: drawn %v, the build's point (%v, %v)", yourSeries(p), pt.X, pt.Y)
		}
		// The run completed 89 of its 100 requests, under the site's minSuccess: drawn hollow.
		var fill string
		p.Eval(`(() => { const s = echarts.getInstanceByDom(document.getElementById("chart")).getOption().series.find((s) => s.name === "Your run: H100 (vLLM) BF16" && s.type === "scatter");
  const d = s && s.data[0]; return d && d.itemStyle ? d.itemStyle.color : ""; })()`, &fill)
		if fill != "transparent" {
			t.Errorf("AIPerf: the reader's run of 89%% success is filled %q, want hollow", fill)
		}
		if alert := p.Text("#your-run-alert"); !strings.Contains(alert, "profile_export_aiperf.json: a result for gpt-oss-20b ") {
			t.Errorf("AIPerf: alert %q", alert)
		}
		p.Click("#your-run-remove")
		waitYours(p, 0)

		// LLMPerf: a summary has no time per output token. Given its context in the form, its
		// point is kept on the axes it gives (not the default one), with what check says of it.
		llmperf := sharedFile(t, "clients/llmperf/ray-project__llmperf__yi-1.5-34b-4xa10g-vllm-conc8-summary.json", "vllm-conc8-summary.json")
		addYourFiles(t, p, "drop", []yourFile{llmperf})
		fillForm(p, map[string]string{"gpu": "a10g", "gpus": "4", "framework": "vllm", "precision": "bf16"})
		waitYours(p, 1)
		p.WaitFor(`document.querySelectorAll("#your-run-alert p").length > 0`)
		said := checkSays(llmperf, &input.RawOptions{Runs: []input.Run{{Path: "*", GPU: "a10g", GPUs: 4, Framework: "vllm", Precision: "bf16"}}})
		if len(said) != 1 || !strings.Contains(said[0], "no time per output token") {
			t.Fatalf("check says %q of the LLMPerf summary", said)
		}
		if pts := yourSeries(p); len(pts) != 1 {
			t.Errorf("LLMPerf: your series %v", pts)
		} else {
			for name, xy := range pts {
				if len(xy) != 0 { // yourSeries keeps the points with both x and y
					t.Errorf("LLMPerf: %s has %v on the default axis, which its file cannot place", name, xy)
				}
			}
		}
		for _, want := range said {
			if alert := p.Text("#your-run-alert"); !strings.Contains(alert, want) {
				t.Errorf("LLMPerf: alert lacks %q:\n%s", want, alert)
			}
		}
		p.Click("#your-run-remove")

		// SGLang JSONL, a file: a line a point.
		addYourFiles(t, p, "drop", []yourFile{{"sweep.jsonl", sglangLines()}})
		fillForm(p, map[string]string{"gpu": "h100", "gpus": "8", "framework": "sglang", "precision": "fp8", "model": "DeepSeek-R1-0528"})
		waitYours(p, 1)
		if pts := yourSeries(p)["Your run: H100 (SGLang) FP8"]; len(pts) != 2 {
			t.Errorf("SGLang JSONL: %v", yourSeries(p))
		}
	})

	t.Run("a refused file's message in the page's language", func(t *testing.T) {
		t.Parallel()
		p := b.Open(t, root+"zh/"+rawPage)
		p.WaitDrawn("#chart")
		addYourFiles(t, p, "input", []yourFile{
			{"negative.json", `[{"hardware":"b200","framework":"vllm","model":"dsr1","precision":"fp8","isl":1024,"osl":1024,"conc":4,"tp":8,"metrics":{"tput_per_gpu":-3,"median_intvty":10}}]`},
			{"broken.json", `{"max_concurrency": 8,`},
			{"notes.json", `[{"hardware": "b200", "conc": 4}]`},
		})
		p.WaitFor(`document.querySelectorAll("#your-run-alert p").length === 3`)
		alert := p.Text("#your-run-alert")
		for _, want := range []string{
			"negative.json: [0].metrics.tput_per_gpu: 不能为负数，实际为 -3",
			"broken.json:1:23: JSON 输入意外结束",
			"notes.json: 不是基准测试文件：第一行看起来像InferenceX API 数据行（含有 hardware, conc），但缺少 metrics",
		} {
			if !strings.Contains(alert, want) {
				t.Errorf("alert lacks %q:\n%s", want, alert)
			}
		}
	})

	t.Run("the site's model renames, on a page whose language names the model its own way", func(t *testing.T) {
		t.Parallel()
		cfg, ps := site.ParseConfig("frontier.toml", append(testsite.RealConfig(t),
			"\n[models.my-r1]\nname = \"DeepSeek-R1-0528\"\nnames.zh = \"深度求索 R1\"\n"...))
		if len(ps) > 0 {
			t.Fatal(ps)
		}
		renamed := buildForBrowser(t, testsite.RealData(t), cfg)
		r := b.Serve(renamed, "/")
		p := b.Open(t, r+"zh/"+rawPage)
		p.WaitDrawn("#chart")
		var files []yourFile
		for _, f := range serveFiles(t, "mi325x-sglang-fp8", "") {
			f.Text = strings.Replace(f.Text, `"model_id": "deepseek-ai/DeepSeek-R1-0528"`, `"model_id": "my-r1"`, 1)
			files = append(files, f)
		}
		addYourFiles(t, p, "input", files)
		// Drawn: the sentence under the chart says where it stands, in Chinese.
		p.WaitFor(`document.querySelectorAll("#your-run-where p").length === 1`)
		if where := p.Text("#your-run-where"); !strings.Contains(where, "MI325X (SGLang) FP8") {
			t.Errorf("where your run stands: %q", where)
		}
		if alert := p.Text("#your-run-alert"); alert != "" {
			t.Errorf("a file of the page's model, by the site's own name for it, is taken for another page's:\n%s", alert)
		}
	})

	t.Run("a dropped file is on the chart within a second of the decoder having loaded, at 1400x900", func(t *testing.T) {
		t.Parallel()
		p := b.OpenAs(t, root+rawPage, browsertest.Device{Width: 1400, Height: 900})
		p.WaitDrawn("#chart")
		// From the decoder's mark (yourrun.js, once frontierReadRun is there) to the first
		// frame whose chart holds the reader's points.
		p.Eval(`(() => { const el = document.getElementById("chart");
  const tick = () => {
    const c = typeof echarts !== "undefined" && echarts.getInstanceByDom(el);
    const m = performance.getEntriesByName("frontier-yourrun-decoder")[0];
    if (m && c && c.getOption().series.some((s) => s.name.startsWith("Your run: ") && s.data.length)) {
      const w = performance.getEntriesByType("resource").find((r) => r.name.endsWith(".wasm.gz"));
      window.yourRunTiming = { drawn: performance.now() - m.startTime, loaded: w ? m.startTime - w.startTime : -1,
        bytes: w ? w.encodedBodySize : -1, visible: document.visibilityState };
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick); })()`, nil)
		addYourFiles(t, p, "drop", serveFiles(t, "mi325x-sglang-fp8", ""))
		waitYours(p, 1)
		p.WaitFor(`window.yourRunTiming !== undefined`)
		var timing struct {
			Drawn, Loaded, Bytes float64
			Visible              string
		}
		p.Eval(`window.yourRunTiming`, &timing)
		t.Logf("decoder fetched (%.0f bytes) and started in %.0f ms; the file on the chart %.0f ms after (%s page)",
			timing.Bytes, timing.Loaded, timing.Drawn, timing.Visible)
		if timing.Bytes > 1.5e6 {
			t.Errorf("the decoder is %.0f bytes on the wire, over 1.5 MB", timing.Bytes)
		}
		// 1 s is the aim; the bound is five times that, so that a loaded machine cannot fail it.
		if timing.Drawn > 5000 {
			t.Errorf("the file reached the chart %.0f ms after the decoder loaded", timing.Drawn)
		}
	})
}
