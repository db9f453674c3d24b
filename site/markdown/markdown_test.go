package markdown

import (
	"fmt"
	"html"
	"io/fs"
	"os"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"

	"github.com/frontier-bench/frontier/site/problem"

	"github.com/frontier-bench/frontier/internal/testsite"
)

// markdownCases is the folder of rendering cases: each NAME.md renders to NAME.html, as if the
// folder were the site's data folder (so links between the cases resolve like a real site's).
const markdownCases = "testdata/markdown"

// goldenOptions renders the cases under a GitHub Pages sub-path, with the page template's
// "chart" id reserved, and resolves links against the case files themselves.
func goldenOptions() MarkdownOptions {
	return MarkdownOptions{
		BasePath:    "/repo/",
		DataDir:     "data",
		ReservedIDs: []string{"chart"},
		Page: func(rel string) (string, bool) {
			if _, err := os.Stat(path.Join(markdownCases, rel)); err != nil {
				return "", false
			}
			return MarkdownURL(rel), true
		},
	}
}

// goldenPage is what a golden file holds: the page's fields and problems in a comment on top,
// then the body exactly as rendered.
func goldenPage(p *MarkdownPage, ps problem.Problems) []byte {
	var b strings.Builder
	b.WriteString("<!--\n")
	fmt.Fprintf(&b, "file: %s\nurl: %q\ntitle: %q\ndescription: %q\n", p.File, p.URL, p.Title, p.Description)
	fmt.Fprintf(&b, "weight: %d draft: %v has-h1: %v model: %q sequence: %q\n", p.Weight, p.Draft, p.HasH1, p.Model, p.Sequence)
	for _, h := range p.TOC {
		fmt.Fprintf(&b, "toc: h%d #%s %q\n", h.Level, h.ID, h.Text)
	}
	for _, c := range p.Charts {
		fmt.Fprintf(&b, "chart: %s:%d %s #%s height=%d title=%q\n", c.File, c.Line, c.Slug, c.Fragment, c.Height, c.Title)
	}
	for _, pr := range ps {
		fmt.Fprintf(&b, "problem: %s\n", pr)
	}
	b.WriteString("-->\n")
	b.WriteString(p.HTML)
	return []byte(b.String())
}

func TestRenderMarkdownGolden(t *testing.T) {
	var cases []string
	err := fs.WalkDir(os.DirFS(markdownCases), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && path.Ext(p) == ".md" {
			cases = append(cases, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("no cases in " + markdownCases)
	}
	for _, rel := range cases {
		t.Run(rel, func(t *testing.T) {
			src, err := os.ReadFile(path.Join(markdownCases, rel))
			if err != nil {
				t.Fatal(err)
			}
			p, ps := RenderMarkdown(rel, src, goldenOptions())
			testsite.Golden(t, path.Join(markdownCases, strings.TrimSuffix(rel, ".md")+".html"), goldenPage(p, ps))
			if err := checkSafeHTML(p.HTML); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestRenderMarkdownShowsRawHTMLAsText(t *testing.T) {
	src := "Hi <b>bold</b> <script>alert(1)</script>\n\n<script>\nalert(2)\n</script>\n\n<SCRIPT SRC=x></SCRIPT>\n\n[x](javascript:alert(3)) <javascript:alert(4)>\n"
	p, ps := RenderMarkdown("x.md", []byte(src), MarkdownOptions{})
	if len(ps) > 0 {
		t.Fatalf("problems: %v", ps)
	}
	for _, bad := range []string{"<script", "<SCRIPT", "<b>", `href="javascript`} {
		if strings.Contains(p.HTML, bad) {
			t.Errorf("HTML holds %q:\n%s", bad, p.HTML)
		}
	}
	for _, want := range []string{"&lt;b&gt;bold&lt;/b&gt;", "&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;script&gt;\nalert(2)\n&lt;/script&gt;", "&lt;SCRIPT SRC=x&gt;"} {
		if !strings.Contains(p.HTML, want) {
			t.Errorf("HTML lacks %q:\n%s", want, p.HTML)
		}
	}
}

func TestRenderMarkdownProblems(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // every problem, as printed
	}{
		{"clean page", "---\ntitle: t\n---\n\n# T\n", nil},
		{"empty front matter", "---\n---\nbody\n", nil},
		{"front matter that is a list", "---\n- a\n- b\n---\n", []string{"data/p.md:2: front matter: want key: value lines"}},
		{"weight not a number", "---\ntitle: t\nweight: 1.5\n---\n", []string{`data/p.md:3: front matter: weight: want a whole number, got "1.5"`}},
		{"draft not a bool", "---\ndraft: maybe\n---\n", []string{`data/p.md:2: front matter: draft: want true or false, got "maybe"`}},
		{"unknown key is a warning", "---\ntags: [a]\n---\n", []string{`data/p.md:2: warning: front matter: unknown key "tags" ignored (known: title, description, weight, draft, model, sequence)`}},
		{"duplicate key", "---\ntitle: a\ntitle: b\n---\n", []string{"data/p.md:3: front matter: title given twice (first on line 2)"}},
		{"yaml syntax", "---\ntitle: a\n  bad: [\n---\n", []string{"data/p.md:3: front matter: mapping values are not allowed in this context"}},
		{"model without sequence", "---\nmodel: M\n---\n", []string{"data/p.md:2: front matter: notes for a chart page need both model and sequence"}},
		{"unclosed front matter", "---\ntitle: a\n\nbody\n", []string{"data/p.md:1: front matter is never closed (want a line --- after it)"}},
		{"chart block error on its line", "# T\n\ntext\n\n```chart\nmodel: M\n\nsequence: S\ny: nope\n```\n", []string{`data/p.md:9: chart block: y: want one of tpPerGpu, outputTputPerGpu, inputTputPerGpu, costPerMTok, costPerMOutputTok, costPerMInputTok, tokPerMW, avg_power_w, joules_per_output_token, joules_per_total_token, got "nope"`}},
		{"chart block missing key on the fence line", "text\n\n~~~chart\nmodel: M\n~~~\n", []string{"data/p.md:3: chart block: missing sequence (a chart block needs model and sequence)"}},
		{"missing page", "# T\n\nsee [x](nowhere.md#a)\n", []string{"data/p.md:3: link nowhere.md#a: no page is built from nowhere.md"}},
		{"link out of the data folder", "a\nb [x](../../x.md)\n", []string{"data/p.md:2: link ../../x.md leaves the data folder"}},
	}
	opts := MarkdownOptions{DataDir: "data", Page: func(rel string) (string, bool) { return "", false }}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ps := RenderMarkdown("p.md", []byte(tt.src), opts)
			var got []string
			for _, p := range ps {
				got = append(got, p.String())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got problems\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestHeadingIDs(t *testing.T) {
	ids := newHeadingIDs([]string{"chart"})
	tests := []struct{ text, want string }{
		{"Setup", "setup"},
		{"Setup", "setup-1"},
		{"setup 1", "setup-1-1"},
		{"Setup", "setup-2"},
		{"Chart", "chart-1"}, // reserved by the page template
		{"方法说明", "方法说明"},
		{"如何阅读：吞吐量与交互性", "如何阅读-吞吐量与交互性"},
		{"  Déjà  vu -- Café!  ", "déjà-vu-café"},
		{"ΑΒΓ Ω", "αβγ-ω"},
		{"हिन्दी", "हिन्दी"}, // vowel signs and virama are marks, kept with their letters
		{"?!", "section"},
		{"", "section-1"},
		{"snake_case and kebab-case", "snake-case-and-kebab-case"},
	}
	for _, tt := range tests {
		if got := string(ids.Generate([]byte(tt.text), ast.KindHeading)); got != tt.want {
			t.Errorf("Generate(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestMarkdownURL(t *testing.T) {
	tests := []struct{ rel, want string }{
		{"about.md", "about/"},
		{"guides/setup.md", "guides/setup/"},
		{"guides/index.md", "guides/"},
		{"index.md", ""},
		{"a/b/c.md", "a/b/c/"},
		{"./x.md", "x/"},
	}
	for _, tt := range tests {
		if got := MarkdownURL(tt.rel); got != tt.want {
			t.Errorf("MarkdownURL(%q) = %q, want %q", tt.rel, got, tt.want)
		}
	}
}

func TestCompareMarkdownPagesPutsUnweightedLast(t *testing.T) {
	pages := []*MarkdownPage{
		{Title: "Zeta"}, {Title: "Alpha"}, {Title: "Method", Weight: 2},
		{Title: "Intro", Weight: 1}, {Title: "First", Weight: -5}, {Title: "Also two", Weight: 2},
	}
	slices.SortFunc(pages, CompareMarkdownPages)
	var got []string
	for _, p := range pages {
		got = append(got, p.Title)
	}
	want := []string{"First", "Intro", "Also two", "Method", "Alpha", "Zeta"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestRenderMarkdownBasePathOnEveryURL(t *testing.T) {
	src := "[a](about.md) [r](/) [d](guides/) [c](deepseek/8k-1k/#log=1)\n\n```chart\nmodel: M\nsequence: S\n```\n"
	for _, base := range []string{"", "/", "/repo/", "repo"} {
		p, ps := RenderMarkdown("index.md", []byte(src), MarkdownOptions{BasePath: base})
		if len(ps) > 0 {
			t.Fatalf("problems: %v", ps)
		}
		prefix := normalizeBasePath(base)
		for _, m := range regexp.MustCompile(`href="([^"#]*)`).FindAllStringSubmatch(p.HTML, -1) {
			if !strings.HasPrefix(m[1], prefix) {
				t.Errorf("base %q: href %q lacks the base path", base, m[1])
			}
		}
	}
}

func FuzzRenderMarkdown(f *testing.F) {
	_ = fs.WalkDir(os.DirFS(markdownCases), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && path.Ext(p) == ".md" {
			if src, err := os.ReadFile(path.Join(markdownCases, p)); err == nil {
				f.Add(string(src))
			}
		}
		return nil
	})
	for _, s := range []string{
		"<script>alert(1)</script>", "`<script>`", "[x](<javascript:alert(1)>)", "<a href=x>y</a>",
		"# <img src=x onerror=alert(1)>", "```chart\ntitle: </figure><script>\nmodel: m\nsequence: s\n```\n",
		"[a](x.md#\"><script>)", "![x\"onerror=\"alert(1)](y.png)", "---\ntitle: <script>\n---\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		p, _ := RenderMarkdown("guides/page.md", []byte(src), MarkdownOptions{BasePath: "/repo/"})
		if err := checkSafeHTML(p.HTML); err != nil {
			t.Fatalf("%v\ninput: %q\noutput:\n%s", err, src, p.HTML)
		}
	})
}

// Elements and attributes the renderer may write. Anything else in the output came from the
// author's text without being escaped.
var (
	safeTags = strings.Fields(`a blockquote br code del div em figcaption figure h1 h2 h3 h4 h5 h6 hr
		img input li ol p pre span strong table tbody td th thead tr ul`)
	safeAttrs = strings.Fields(`id class href src alt title style type checked disabled start align
		aria-label data-model data-sequence data-slug data-fragment`)
	tagRE   = regexp.MustCompile(`^<(/?)([a-z0-9]+)((?:\s+[a-z-]+(?:="[^"<>]*")?)*)\s*/?>`)
	attrRE  = regexp.MustCompile(`([a-z-]+)(?:="([^"]*)")?`)
	styleRE = regexp.MustCompile(`^(height:\d+px|text-align:(left|right|center))$`)
)

// checkSafeHTML scans rendered HTML and reports the first tag, attribute or URL that could run
// script: every '<' must open a known element with known attributes, and no URL may use a
// scheme that runs code.
func checkSafeHTML(s string) error {
	for i := strings.IndexByte(s, '<'); i >= 0; i = strings.IndexByte(s, '<') {
		s = s[i:]
		m := tagRE.FindStringSubmatch(s)
		if m == nil {
			return fmt.Errorf("unescaped '<' at %q", head(s))
		}
		if !slices.Contains(safeTags, m[2]) {
			return fmt.Errorf("element %s in the output", m[2])
		}
		for _, a := range attrRE.FindAllStringSubmatch(m[3], -1) {
			name, val := a[1], html.UnescapeString(a[2])
			if !slices.Contains(safeAttrs, name) {
				return fmt.Errorf("attribute %s in %q", name, m[0])
			}
			switch name {
			case "href", "src":
				u := strings.ToLower(strings.Map(func(r rune) rune {
					if r <= ' ' {
						return -1
					}
					return r
				}, val))
				for _, scheme := range []string{"javascript:", "vbscript:", "data:"} {
					if strings.HasPrefix(u, scheme) && !strings.HasPrefix(u, "data:image/") {
						return fmt.Errorf("%s URL in %q", scheme, m[0])
					}
				}
			case "style":
				if !styleRE.MatchString(val) {
					return fmt.Errorf("style %q", val)
				}
			case "type":
				if val != "checkbox" {
					return fmt.Errorf("input type %q", val)
				}
			}
		}
		s = s[len(m[0]):]
	}
	return nil
}

func head(s string) string {
	if len(s) > 40 {
		return s[:40]
	}
	return s
}
