package browser_test

// A point's detail (issue 47; templates/script/detail-hook.js, detail.js) as a reader opens it:
// a click on the chart's point, Enter on its row in the points table, or pt=ID in the link; in
// English and Chinese, on a wide screen and a 360-px phone; Escape closes it and focus returns
// to the point's row. Nothing of it is fetched before a reader opens one.
//
//	go test ./site/browser -run TestBrowserPointDetail -v

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/site"
	"github.com/frontier-bench/frontier/site/history"
)

// detailPage is the real site's page of InferenceX rows (every statistic, p99.9 included).
const detailPage = "deepseek-r1-0528/1k-1k/"

// detailState is what the open detail shows, read from the page.
type detailState struct {
	Open     bool
	Hash     string
	Title    string
	Text     string
	Focus    string // the focused element: "dialog" inside the dialog, "row:ID" a points table row, else its tag
	Width    float64
	Left     float64
	Right    float64
	Scroll   float64 // the document's scroll width
	Viewport float64
	Bars     int // histogram bars drawn
	Loads    int // the neighbours' buttons
}

const detailStateJS = `(() => {
  const d = document.querySelector("dialog.point-detail");
  const a = document.activeElement;
  const r = d ? d.getBoundingClientRect() : {width: 0, left: 0, right: 0};
  return {Open: !!(d && d.open), Hash: location.hash, Title: d ? d.querySelector("h2").textContent : "",
    Text: d && d.open ? d.textContent : "",
    Focus: d && d.contains(a) ? "dialog" : a && a.matches && a.matches("tr[data-pt]") ? "row:" + a.getAttribute("data-pt") : (a ? a.tagName : ""),
    Width: r.width, Left: r.left, Right: r.right, Scroll: document.documentElement.scrollWidth, Viewport: window.innerWidth,
    Bars: d ? d.querySelectorAll(".pd-hist rect").length : 0, Loads: d ? d.querySelectorAll(".pd-loads button").length : 0};
})()`

func readDetail(p *browsertest.Page) detailState {
	var s detailState
	p.Eval(detailStateJS, &s)
	return s
}

// waitDetail waits until the open dialog has drawn its sections (not its loading line).
func waitDetail(p *browsertest.Page) detailState {
	p.WaitFor(`(() => { const d = document.querySelector("dialog.point-detail"); return !!(d && d.open && d.querySelector(".pd-statistics")); })()`)
	return readDetail(p)
}

// closeDetail presses Escape and waits for the dialog to close and its close handler to have
// run (the close event comes a task after the dialog closes): the fragment without pt=.
func closeDetail(p *browsertest.Page) {
	p.Press(kb.Escape)
	p.WaitFor(`!document.querySelector("dialog.point-detail").open && !location.hash.includes("pt=")`)
}

// detailRequests are the page's requests for the detail's module or data.
func detailRequests(p *browsertest.Page) []string {
	var out []string
	for _, r := range p.Requests() {
		if strings.Contains(r, "/detail-") || strings.Contains(r, "/assets/detail") {
			out = append(out, r)
		}
	}
	return out
}

// firstID is the id of the first point of the page's first series, from its page data.
func firstID(p *browsertest.Page) string {
	var id string
	p.Eval(`(() => { const d = JSON.parse(document.getElementById("page-data").textContent);
  return String(d.series[0].points[0][d.cols.indexOf("id")]); })()`, &id)
	return id
}

func TestBrowserPointDetailByMouse(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	files, root := hostedSite(t, b)
	p := b.Open(t, root+detailPage)
	p.WaitChart("#chart")
	if got := detailRequests(p); len(got) > 0 {
		t.Fatalf("before any point is opened the page fetched %v", got)
	}
	// The first point of the first visible scatter series, clicked where ECharts draws it.
	clickFirst := func() {
		var at struct {
			X, Y float64
			ID   string
		}
		p.Eval(`(() => {
  const el = document.getElementById("chart"), c = echarts.getInstanceByDom(el);
  el.scrollIntoView({block: "center", behavior: "instant"});
  const opt = c.getOption(), sel = opt.legend && opt.legend[0] ? opt.legend[0].selected || {} : {};
  for (let i = 0; i < opt.series.length; i++) {
    const s = opt.series[i];
    if (s.type !== "scatter" || !s.data || !s.data.length || sel[s.name] === false) continue;
    for (let k = 0; k < s.data.length; k++) {
      const v = Array.isArray(s.data[k]) ? s.data[k] : s.data[k].value;
      const px = c.convertToPixel({seriesIndex: i}, [Number(v[0]), Number(v[1])]);
      if (!c.containPixel({seriesIndex: i}, px)) continue;
      const r = el.getBoundingClientRect();
      return {X: r.left + px[0], Y: r.top + px[1], ID: ""};
    }
  }
  throw new Error("no point to click");
})()`, &at)
		p.ClickXY(at.X, at.Y)
	}
	clickFirst()
	s := waitDetail(p)
	if !s.Open || !strings.Contains(s.Hash, "pt=") {
		t.Fatalf("after a click on a point: dialog open %v, fragment %q; want open with pt=", s.Open, s.Hash)
	}
	for _, want := range []string{"Every statistic the file gives", "TTFT (ms)", "median", "p99", "Interactivity", "The run", "data/raw/inferencex-api/", "Same configuration, other loads"} {
		if !strings.Contains(s.Text, want) {
			t.Errorf("the detail lacks %q:\n%s", want, s.Text)
		}
	}
	if s.Focus != "dialog" {
		t.Errorf("focus on %q once open, want inside the dialog", s.Focus)
	}
	if got := detailRequests(p); len(got) != 2 {
		t.Errorf("opening a point fetched %v, want detail.js (with its strings) and one chunk", got)
	}
	id := s.Hash[strings.Index(s.Hash, "pt=")+3:]
	if i := strings.IndexByte(id, '&'); i >= 0 {
		id = id[:i]
	}
	// A neighbour moves the detail and the fragment to it.
	if s.Loads > 1 {
		p.Click(`dialog.point-detail .pd-loads button:not([aria-current="true"])`)
		p.WaitFor(`!location.hash.includes("pt=` + id + `")`)
		moved := waitDetail(p)
		if !moved.Open || !strings.Contains(moved.Hash, "pt=") {
			t.Errorf("after a neighbour's button: open %v, fragment %q", moved.Open, moved.Hash)
		}
		id = moved.Hash[strings.Index(moved.Hash, "pt=")+3:]
		if i := strings.IndexByte(id, '&'); i >= 0 {
			id = id[:i]
		}
	}
	closeDetail(p)
	s = readDetail(p)
	if strings.Contains(s.Hash, "pt=") {
		t.Errorf("after Escape the fragment is %q, want no pt=", s.Hash)
	}
	if s.Focus != "row:"+id {
		t.Errorf("after Escape focus is on %q, want the point's row (row:%s)", s.Focus, id)
	}

	// On an older snapshot, a point's detail is what the page knows of it, and says why.
	// The menu holds its older dates from the moment a reader reaches for it (a press).
	var dates []string
	p.Eval(`(() => { const s = document.getElementById("ctl-date"); s.dispatchEvent(new Event("pointerdown")); return [...s.options].map((o) => o.value); })()`, &dates)
	if len(dates) < 2 {
		t.Fatalf("the page offers dates %v, want an older snapshot", dates)
	}
	// A point of an older snapshot the newest does not hold (a configuration measured again
	// since has a newer point), opened by a link to its date.
	ids := func(b []byte) []string {
		var d struct {
			Cols   []string `json:"cols"`
			Series []struct {
				Points [][]json.RawMessage `json:"points"`
			} `json:"series"`
		}
		if err := json.Unmarshal(b, &d); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, s := range d.Series {
			for _, pt := range s.Points {
				out = append(out, string(pt[slices.Index(d.Cols, "id")]))
			}
		}
		return out
	}
	newest, _ := files.Get(detailPage + "page.json")
	older, oldID := "", ""
	for _, date := range dates[1:] {
		oldJSON, err := history.SnapshotJSON(files, detailPage, date)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range ids(oldJSON) {
			if oldID == "" && !slices.Contains(ids(newest), id) {
				older, oldID = date, id
			}
		}
	}
	if oldID == "" {
		t.Fatalf("every point of the older snapshots %v is in the newest: the check proves nothing", dates[1:])
	}
	p.Navigate(root + detailPage + "?older#date=" + older + "&pt=" + oldID)
	s = waitDetail(p)
	for _, want := range []string{"This point is from " + older + ", an older snapshot", "Same configuration, other loads", "The run", older} {
		if !strings.Contains(s.Text, want) {
			t.Errorf("the detail of a point of %s lacks %q:\n%s", older, want, s.Text)
		}
	}
	if strings.Contains(s.Text, "not in the newest results") {
		t.Errorf("the detail of a point of %s says it has none:\n%s", older, s.Text)
	}
	closeDetail(p)
	p.NoErrors()
}

func TestBrowserPointDetailByKeyboardInChinese(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := hostedSite(t, b)
	p := b.Open(t, root+"zh/"+detailPage)
	p.WaitDrawn("#chart")
	p.Eval(`document.getElementById("points-box").scrollIntoView({block: "center", behavior: "instant"}), true`, nil)
	p.WaitFor(`!!document.querySelector("#points tr[data-pt]")`)
	// The rows are one stop of the tab order: the first row; ArrowDown moves to the next.
	var stops int
	p.Eval(`document.querySelectorAll('#points tr[data-pt][tabindex="0"]').length`, &stops)
	if stops != 1 {
		t.Errorf("%d rows of the points table are stops of the tab order, want 1", stops)
	}
	var id string
	p.Eval(`(() => { const r = document.querySelector("#points tr[data-pt]"); r.focus(); return r.nextElementSibling.getAttribute("data-pt"); })()`, &id)
	p.Press(kb.ArrowDown, "\r")
	s := waitDetail(p)
	if !s.Open || !strings.Contains(s.Hash, "pt="+id) || s.Focus != "dialog" {
		t.Fatalf("Enter on row %s: open %v, fragment %q, focus %q", id, s.Open, s.Hash, s.Focus)
	}
	for _, want := range []string{"文件给出的全部统计量", "交互性", "运行", "同一配置的其他负载", "关闭"} {
		if !strings.Contains(s.Text, want) {
			t.Errorf("the Chinese detail lacks %q:\n%s", want, s.Text)
		}
	}
	closeDetail(p)
	if s := readDetail(p); s.Focus != "row:"+id || strings.Contains(s.Hash, "pt=") {
		t.Errorf("after Escape: focus %q, fragment %q; want row:%s and no pt=", s.Focus, s.Hash, id)
	}
	p.NoErrors()
}

// requestsPage finds the page whose detail holds per-request histograms (the SGLang line) and
// that point's id.
func requestsPage(t *testing.T, files *site.Files) (page, id string) {
	t.Helper()
	for _, name := range files.Names() {
		if !strings.Contains(name, "/detail-") || !strings.HasSuffix(name, ".json.gz") || strings.HasPrefix(name, "zh/") {
			continue
		}
		gz, _ := files.Get(name)
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(zr)
		i := bytes.Index(b, []byte(`"requests"`))
		if i < 0 {
			continue
		}
		j := bytes.LastIndex(b[:i], []byte(`{"id":`))
		k := bytes.IndexAny(b[j+6:], ",}")
		return name[:strings.LastIndex(name, "/")+1], strings.TrimSpace(string(b[j+6 : j+6+k]))
	}
	t.Fatal("no detail chunk holds per-request figures")
	return "", ""
}

func TestBrowserPointDetailFromLinkOnAPhone(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	files, root := hostedSite(t, b)
	page, id := requestsPage(t, files)
	for _, lang := range []string{"", "zh/"} {
		p := b.OpenAs(t, root+lang+page+"#pt="+id, browsertest.Phone)
		s := waitDetail(p)
		if !s.Open || !strings.Contains(s.Hash, "pt="+id) {
			t.Fatalf("%s%s#pt=%s: dialog open %v, fragment %q", lang, page, id, s.Open, s.Hash)
		}
		if s.Bars == 0 {
			t.Errorf("%s: no histogram bars for a file of every request", lang)
		}
		want := "computed from the file's 100 requests"
		if lang == "zh/" {
			want = "由文件中的 100 个请求计算"
		}
		if !strings.Contains(s.Text, want) {
			t.Errorf("%s: the detail does not say what it computed (%q):\n%s", lang, want, s.Text)
		}
		if s.Left < 0 || s.Right > s.Viewport || s.Scroll > s.Viewport {
			t.Errorf("%s: on a 360-px phone the dialog spans %.0f..%.0f, the page %.0f px wide, the viewport %.0f", lang, s.Left, s.Right, s.Scroll, s.Viewport)
		}
		closeDetail(p)
		if s := readDetail(p); strings.Contains(s.Hash, "pt=") {
			t.Errorf("%s: after Escape the fragment is %q", lang, s.Hash)
		}
		p.NoErrors()
		p.Close()
	}
}

// A tap on a point of the chart's picture, on a phone, before ECharts has taken over: the tap
// brings ECharts, and once it has drawn, the point's detail opens.
func TestBrowserPointDetailByTapOnThePicture(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	_, root := hostedSite(t, b)
	p := b.OpenAs(t, root+detailPage, browsertest.Phone)
	p.WaitDrawn("#chart")
	var at struct {
		X, Y    float64
		ECharts bool
	}
	p.Eval(`(() => {
  const svg = document.querySelector("#chart svg.chart-picture");
  svg.scrollIntoView({block: "center", behavior: "instant"});
  const marks = [...svg.querySelectorAll("path")].filter((el) => /^M[-\d.]+,[-\d.]+a/.test(el.getAttribute("d") || ""));
  if (!marks.length) throw new Error("no marker on the picture");
  const m = /^M([-\d.]+),([-\d.]+)a([\d.]+)/.exec(marks[0].getAttribute("d"));
  const r = svg.getBoundingClientRect(), vb = svg.viewBox.baseVal;
  const sx = vb && vb.width ? r.width / vb.width : 1, sy = vb && vb.height ? r.height / vb.height : 1;
  return {X: r.left + (Number(m[1]) + Number(m[3])) * sx, Y: r.top + Number(m[2]) * sy,
    ECharts: typeof echarts !== "undefined" && !!echarts.getInstanceByDom(document.getElementById("chart"))};
})()`, &at)
	if at.ECharts {
		t.Fatal("ECharts took over before the tap: the test taps the picture")
	}
	p.Tap(at.X, at.Y)
	s := waitDetail(p)
	if !s.Open || !strings.Contains(s.Hash, "pt=") {
		t.Fatalf("a tap on the picture's point: open %v, fragment %q", s.Open, s.Hash)
	}
	closeDetail(p)
	p.NoErrors()
}
