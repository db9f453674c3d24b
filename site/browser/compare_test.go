package browser_test

// Browser tests of the compare pages and the overview (issue 26): what a reader sees on the
// hand-made site of internal/testsite.VersusData, whose curves are known by hand.

import (
	"net/url"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
)

// versusRoot builds the hand-made site with the real ECharts and serves it under /repo/.
func versusRoot(t *testing.T, b *browsertest.Browser) string {
	t.Helper()
	return serveVersus(t, b, testsite.VersusData())
}

func serveVersus(t *testing.T, b *browsertest.Browser, data fstest.MapFS) string {
	t.Helper()
	cfg := site.DefaultConfig()
	cfg.BaseURL = "/repo/"
	files := &site.Files{}
	if _, err := site.Build(site.Input{Data: data, Config: cfg, ECharts: testsite.RealECharts(t)}, files); err != nil {
		t.Fatalf("build: %v", err)
	}
	return b.Serve(files, "/repo/")
}

func hasPoint(s browsertest.SeriesState, x, y float64) bool {
	return slices.ContainsFunc(s.Points, func(p [2]float64) bool { return p[0] == x && p[1] == y })
}

// TestBrowserComparePage: the sentences, both charts (a picture first, then ECharts on
// reach, through the measured points), and the links to the filtered chart and back.
func TestBrowserComparePage(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	root := versusRoot(t, b)
	p := b.Open(t, root+"tiny-model/1k-1k/compare/b200-vs-mi355x/")

	answers := p.Text(".answer-list")
	for _, want := range []string{
		"At 20 tok/s/user, B200 serves 2.0× the total throughput per GPU of MI355X: 2,000 against 1,000.",
		"At 50 tok/s/user, B200 serves 2.0× the total throughput per GPU of MI355X: 1,000 against 500.",
		"At 100 tok/s/user, MI355X's curve does not reach",
		"At 200 tok/s/user, neither curve reaches",
	} {
		if !strings.Contains(answers, want) {
			t.Errorf("answers lack %q:\n%s", want, answers)
		}
	}
	if n := p.Count(".answer-list li"); n != 4 {
		t.Errorf("%d answers, want one per reference interactivity (4)", n)
	}

	// A picture before the reader reaches for the chart, ECharts after.
	p.WaitDrawn("#versus-chart")
	var picture bool
	p.Eval(`!!document.querySelector("#versus-chart svg.chart-picture")`, &picture)
	if !picture {
		t.Error("the curves' chart is not drawn as a picture before the reader reaches for it")
	}
	curves := p.ChartState("#versus-chart")
	b200, ok1 := curves.Find("B200", "line")
	mi, ok2 := curves.Find("MI355X", "line")
	if !ok1 || !ok2 {
		t.Fatalf("curves chart series %v, want a B200 and an MI355X line", curves.Series)
	}
	for _, pt := range [][2]float64{{20, 2000}, {50, 1000}, {100, 400}} {
		if !hasPoint(b200, pt[0], pt[1]) {
			t.Errorf("B200's line does not pass through %v", pt)
		}
	}
	if first, last := b200.Points[0], b200.Points[len(b200.Points)-1]; first[0] != 20 || last[0] != 100 {
		t.Errorf("B200's line runs from %v to %v, want 20..100 (never extrapolated)", first, last)
	}
	if !hasPoint(mi, 80, 300) || mi.Points[len(mi.Points)-1][0] != 80 {
		t.Errorf("MI355X's line should end at its last frontier point (80, 300): %v", mi.Points)
	}
	var pictureGone bool
	p.Eval(`!document.querySelector("#versus-chart svg.chart-picture")`, &pictureGone)
	if !pictureGone {
		t.Error("the picture stayed under ECharts")
	}
	ratio := p.ChartState("#ratio-chart")
	r, ok := ratio.Find("B200 ÷ MI355X", "line")
	if !ok || !hasPoint(r, 20, 2) || !hasPoint(r, 50, 2) || r.Points[0][0] != 20 || r.Points[len(r.Points)-1][0] != 80 {
		t.Errorf("ratio line %v, want 2 at 20 and 50, over 20..80", r.Points)
	}

	// The filtered chart: only the two GPUs shown.
	p.Eval(`document.querySelector(".links a[href*='#gpus=']").click()`, nil)
	p.WaitFor(`location.pathname === "/repo/tiny-model/1k-1k/" && location.hash.includes("gpus=b200,mi355x")`)
	chart := p.ChartState("#chart")
	var shown []string
	for _, s := range chart.Series {
		if s.Type == "scatter" && chart.IsSelected(s.Name) {
			shown = append(shown, s.Name)
		}
	}
	slices.Sort(shown)
	if got := strings.Join(shown, ", "); got != "B200 (TRTLLM), B200 (vLLM), MI355X (SGLang)" {
		t.Errorf("the filtered chart shows %s, want B200's and MI355X's configurations only", got)
	}
	// And back, through the chart page's Compare menu.
	var menu []string
	p.Eval(`Array.from(document.querySelectorAll(".compare-menu a"), (a) => a.textContent + " " + a.getAttribute("href"))`, &menu)
	want := []string{
		"B200 vs H100 /repo/tiny-model/1k-1k/compare/b200-vs-h100/",
		"B200 vs MI355X /repo/tiny-model/1k-1k/compare/b200-vs-mi355x/",
		"H100 vs MI355X /repo/tiny-model/1k-1k/compare/h100-vs-mi355x/",
	}
	if !slices.Equal(menu, want) {
		t.Errorf("Compare menu %q, want %q", menu, want)
	}
	p.Eval(`document.querySelector(".compare-menu summary").click()`, nil)
	p.Eval(`document.querySelectorAll(".compare-menu a")[1].click()`, nil)
	p.WaitFor(`location.pathname === "/repo/tiny-model/1k-1k/compare/b200-vs-mi355x/"`)
	p.NoErrors()
}

// cells reads the overview's body: per row, each cell's text and link.
func cells(p *browsertest.Page) [][]string {
	var out [][]string
	p.Eval(`Array.from(document.querySelectorAll("#overview tbody tr"), (tr) =>
  Array.from(tr.querySelectorAll("td"), (td) => { const a = td.querySelector("a"); return td.textContent + (a ? " " + a.getAttribute("href") : ""); }))`, &out)
	return out
}

// choose picks an option of the overview's form as a reader would.
func choose(p *browsertest.Page, name, value string) {
	p.Eval(`(() => { const s = document.querySelector("#overview-controls select[name=`+name+`]"); s.value = `+"`"+value+"`"+`;
  s.dispatchEvent(new Event("change", {bubbles: true})); })()`, nil)
}

// TestBrowserOverviewFragment: the default table, then the reader's reference GPU and
// interactivity, each redrawing the cells and kept in the fragment, which a new tab reads back.
func TestBrowserOverviewFragment(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	root := versusRoot(t, b)
	p := b.Open(t, root+"overview/")
	const c = "/repo/tiny-model/1k-1k/"
	// Columns B200, H100, MI355X; B200 the reference at 50 tok/s/user.
	want := [][]string{{"100% " + c + "#gpus=b200", "– " + c + "compare/b200-vs-h100/", "50% " + c + "compare/b200-vs-mi355x/"}}
	if got := cells(p); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("default cells %q, want %q", got, want)
	}
	// The script's cells are the build's twins: back at the default, every class, title and
	// link is as the build wrote it.
	var built, redrawn []string
	full := `Array.from(document.querySelectorAll("#overview tbody td"), (td) => td.className + "|" + td.title + "|" + td.innerHTML)`
	p.Eval(full, &built)
	choose(p, "ref", "mi355x")
	choose(p, "ref", "b200")
	p.Eval(full, &redrawn)
	if !slices.Equal(built, redrawn) {
		t.Errorf("the script's default cells differ from the build's:\n%q\n%q", redrawn, built)
	}
	choose(p, "ref", "mi355x")
	want = [][]string{{"200% " + c + "compare/b200-vs-mi355x/", "– " + c + "compare/h100-vs-mi355x/", "100% " + c + "#gpus=mi355x"}}
	if got := cells(p); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("against MI355X: cells %q, want %q", got, want)
	}
	if u := p.URL(); !strings.HasSuffix(u, "#x=50&ref=mi355x") {
		t.Errorf("URL %s, want the fragment x=50&ref=mi355x", u)
	}
	choose(p, "x", "100")
	// MI355X does not reach 100: nothing can be read against it.
	want = [][]string{{"– " + c + "compare/b200-vs-mi355x/", "– " + c + "compare/h100-vs-mi355x/", "– " + c + "#gpus=mi355x"}}
	if got := cells(p); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("at 100 against MI355X: cells %q, want %q", got, want)
	}
	if got := p.Text("#overview-caption"); got != "Percent of MI355X at 100 tok/s/user." {
		t.Errorf("caption %q", got)
	}

	q := b.Open(t, root+"overview/#x=20&ref=mi355x")
	q.WaitFor(`document.querySelector("#overview-controls select[name=x]").value === "20"`)
	want = [][]string{{"200% " + c + "compare/b200-vs-mi355x/", "– " + c + "compare/h100-vs-mi355x/", "100% " + c + "#gpus=mi355x"}}
	if got := cells(q); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("opened at #x=20&ref=mi355x: cells %q, want %q", got, want)
	}
	var ref string
	q.Eval(`document.querySelector("#overview-controls select[name=ref]").value`, &ref)
	if ref != "mi355x" {
		t.Errorf("reference GPU select %q, want mi355x", ref)
	}
	p.NoErrors()
	q.NoErrors()
}

// TestBrowserComparePhone: on a 360-px phone neither page is wider than the screen, with GPU
// names as long as the data's longest ("GB200 NVL72") and longer.
func TestBrowserComparePhone(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	data := testsite.VersusData()
	doc := strings.ReplaceAll(string(data["tiny.json"].Data), `"H100 (vLLM)"`, `"H100 SXM5 NVLink 80GB Extended (vLLM)"`)
	data["tiny.json"] = &fstest.MapFile{Data: []byte(strings.ReplaceAll(doc, `"MI355X (SGLang)"`, `"MI355X OAM Platform Edition (SGLang)"`))}
	root := serveVersus(t, b, data)
	for _, path := range []string{"tiny-model/1k-1k/compare/b200-vs-mi355x/", "tiny-model/1k-1k/compare/h100-vs-mi355x/", "overview/", "tiny-model/1k-1k/"} {
		p := b.OpenAs(t, root+path, browsertest.Phone)
		if path != "overview/" {
			p.WaitDrawn(map[bool]string{true: "#versus-chart", false: "#chart"}[strings.Contains(path, "compare")])
		}
		p.Eval(`document.querySelectorAll("details").forEach((d) => { d.open = true; })`, nil)
		var width int
		p.Eval(`document.documentElement.scrollWidth`, &width)
		if width > 360 {
			t.Errorf("/%s: %d px wide on a 360-px phone", path, width)
		}
		p.NoErrors()
		p.Close()
	}
}

// TestBrowserCompareShare: a compare page's Share menu, where the browser has no share sheet,
// shares the compare page's own address, and stays on a 360-px phone's screen.
func TestBrowserCompareShare(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	root := versusRoot(t, b)
	p := b.OpenAs(t, root+"tiny-model/1k-1k/compare/b200-vs-mi355x/", browsertest.Device{Width: 360, Height: 740, Mobile: true, Init: noShareSheet})
	p.WaitFor(`document.querySelector(".share-toggle")`)
	p.Click(".share-toggle")
	s := readShare(p)
	if s.Hidden || s.Expanded != "true" {
		t.Fatalf("after a click: menu hidden %v, aria-expanded %q; want shown and true", s.Hidden, s.Expanded)
	}
	x, err := url.Parse(s.X)
	if err != nil || x.Host != "x.com" || x.Query().Get("url") != s.Href || !strings.HasSuffix(s.Href, "/repo/tiny-model/1k-1k/compare/b200-vs-mi355x/") {
		t.Errorf("X link %q for the page at %q: want the compare page's address", s.X, s.Href)
	}
	var left, right float64
	p.Eval(`document.querySelector(".share-menu").getBoundingClientRect().left`, &left)
	p.Eval(`document.querySelector(".share-menu").getBoundingClientRect().right`, &right)
	if left < 0 || right > 360 {
		t.Errorf("the open menu spans %v..%v px on a 360-px screen", left, right)
	}
	p.NoErrors()
}
