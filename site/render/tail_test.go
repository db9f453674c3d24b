package render

import (
	"bytes"
	"github.com/frontier-bench/frontier/site/page"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/output"
	"github.com/frontier-bench/frontier/templates"
)

// tailSite is a chart page of two GPUs (so one compare page) in two languages.
func tailSite(t *testing.T, own fstest.MapFS) (*Renderer, *page.Page) {
	t.Helper()
	cfg := config.DefaultConfig()
	cfg.Languages = []string{"en", "zh"}
	var series []*page.PageSeries
	for i, gpu := range []string{"b200", "h100"} {
		s := &page.PageSeries{Key: gpu + "_vllm", Name: gpu + " <vLLM>", HWKey: gpu, GPU: gpu, Vendor: "NVIDIA", Framework: "vllm", Spec: "none",
			Precision: "fp8", Label: gpu + " <vLLM>", Best: true, Date: "2026-07-31", Frontier: []int{0, 1}}
		for j, x := range []float64{20, 50} {
			s.Points = append(s.Points, input.Point{ID: int64(10*i + j), X: x, Y: 1000 / x, Concurrency: 4, TP: 8,
				TpPerGpu: 1000 / x, Date: "2026-07-31", Precision: "fp8"})
		}
		series = append(series, s)
	}
	p := &page.Page{Model: "M", Sequence: "1k/1k", Path: "m/1k-1k/",
		Metric:    input.Metric{Key: "tpPerGpu", Label: "Throughput", Unit: "tok/s/GPU"},
		XAxis:     input.XAxis{Label: "Interactivity"},
		Snapshots: []*page.Snapshot{{Date: "2026-07-31", Series: series}}}
	in := config.Input{Config: cfg, ECharts: []byte("/* echarts */")}
	if own != nil {
		in.Templates = own
	}
	r, err := New(in, []*page.Page{p}, nil, 1, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r, p
}

// TestTailWrittenOnceIsTheTemplates: a page whose end is written once (tail.go) is byte for
// byte the page with its end executed on it, in either language, for the chart page and its
// compare page; the kinds whose end reads the page's view (api.html's scripts) execute it.
func TestTailWrittenOnceIsTheTemplates(t *testing.T) {
	r, p := tailSite(t, nil)
	once := &output.Files{}
	if err := r.Chart(once, p); err != nil {
		t.Fatal(err)
	}
	for _, rr := range append([]*Renderer{r}, r.mirrors...) {
		for kind, want := range map[string]bool{"chart": true, "compare": true, "overview": true, "api": false, "home": false} {
			m, err := rr.tailOf(kind)
			if err != nil {
				t.Fatal(err)
			}
			if m.ok != want {
				t.Errorf("%s %s: tail written once %v, want %v", rr.site.Lang, kind, m.ok, want)
			}
			if m.headEnd == "" {
				t.Errorf("%s %s: head-end executed on each page", rr.site.Lang, kind)
			}
			rr.tails.Store(kind, tailMemo{}) // from here on each page executes its own
		}
	}
	each := &output.Files{}
	if err := r.Chart(each, p); err != nil {
		t.Fatal(err)
	}
	pages := 0
	for _, name := range []string{"m/1k-1k/index.html", "m/1k-1k/compare/b200-vs-h100/index.html", "zh/m/1k-1k/index.html", "zh/m/1k-1k/compare/b200-vs-h100/index.html"} {
		a, okA := once.Get(name)
		b, okB := each.Get(name)
		if !okA || !okB {
			t.Fatalf("%s: written %v and %v", name, okA, okB)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs with its end written once:\n%s\n---\n%s", name, a, b)
		}
		if !bytes.Contains(a, []byte(`id="strings"`)) || !bytes.HasSuffix(a, []byte("</html>\n")) || !bytes.Contains(a, []byte("</head>\n<body>\n")) {
			t.Errorf("%s: no catalog, no end or no head:\n%s", name, a)
		}
		pages++
	}
	if pages != 4 {
		t.Fatalf("%d pages", pages)
	}
}

// TestTailReadingThePageIsExecuted: a site's compare.html whose scripts read the page
// (.Compare) has its end executed on each page, and a base.html that does not leave its tail
// out when told has it never appended.
func TestTailReadingThePageIsExecuted(t *testing.T) {
	src, err := fs.ReadFile(templates.FS, "compare.html")
	if err != nil {
		t.Fatal(err)
	}
	own := strings.Replace(string(src), `<script src="{{.Site.Asset "frontier.js"}}"`, `<script data-model="{{.Compare.Model}}" src="{{.Site.Asset "frontier.js"}}"`, 1)
	r, p := tailSite(t, fstest.MapFS{"compare.html": {Data: []byte(own)}})
	w := &output.Files{}
	if err := r.Chart(w, p); err != nil {
		t.Fatal(err)
	}
	if m, _ := r.tailOf("compare"); m.ok {
		t.Errorf("compare's tail reads .Compare, yet is written once")
	}
	if m, _ := r.tailOf("chart"); !m.ok {
		t.Errorf("chart's tail reads .Site only, yet is executed on each page")
	}
	html, _ := w.Get("m/1k-1k/compare/b200-vs-h100/index.html")
	if !bytes.Contains(html, []byte(`<script data-model="M" src=`)) || bytes.Count(html, []byte(`id="strings"`)) != 1 {
		t.Errorf("compare page's end:\n%s", html)
	}

	base, err := fs.ReadFile(templates.FS, "base.html")
	if err != nil {
		t.Fatal(err)
	}
	noSkip := strings.Replace(string(base), "{{if not .TailDone}}{{template \"tail\" .}}{{end}}", "{{template \"tail\" .}}", 1)
	r, p = tailSite(t, fstest.MapFS{"base.html": {Data: []byte(noSkip)}})
	w = &output.Files{}
	if err := r.Chart(w, p); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"m/1k-1k/index.html", "m/1k-1k/compare/b200-vs-h100/index.html"} {
		html, _ := w.Get(name)
		if n := bytes.Count(html, []byte(`id="strings"`)); n != 1 {
			t.Errorf("%s: %d catalogs with a base.html that always executes its tail", name, n)
		}
	}
}
