package mcp

import (
	"context"
	"encoding/json"
	"html"
	"math"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
	"github.com/frontier-bench/frontier/site/api"
	"github.com/frontier-bench/frontier/site/page"
)

// built builds a site once per base URL and data for the package's tests.
var built sync.Map // name -> *site.Files

// buildSite builds data with the example's frontier.toml (or none) for baseURL, in memory.
func buildSite(t testing.TB, name string, data fstest.MapFS, config []byte, baseURL string) *site.Files {
	t.Helper()
	if f, ok := built.Load(name + " " + baseURL); ok {
		return f.(*site.Files)
	}
	cfg, ps := site.ParseConfig("frontier.toml", config)
	if len(ps.Errors()) > 0 {
		t.Fatal(ps)
	}
	cfg.BaseURL = baseURL
	files := &site.Files{}
	if _, err := site.Build(site.Input{Data: data, Config: cfg, ECharts: testsite.FakeECharts}, files); err != nil {
		t.Fatalf("build %s: %v", name, err)
	}
	built.Store(name+" "+baseURL, files)
	return files
}

// exampleSite is the example's seed and pages with the real files of ../shared/data (the
// DeepSeek-R1 pages of InferenceX rows, bench-serve and other clients' files, and eval rows),
// testsite.RealData, built for the root path.
func exampleSite(t *testing.T) *site.Files {
	return buildSite(t, "example", testsite.RealData(t), testsite.RealConfig(t), "/")
}

// shippedSite is the example site as the repository ships it (data/: the seed and the files
// internal/example restates from it), built for the root path.
func shippedSite(t *testing.T) *site.Files {
	return buildSite(t, "shipped", testsite.ExampleData(t), testsite.ExampleConfig(t), "/")
}

// rawSite is a site of the real InferenceX API rows alone (../shared/data), built for the root path.
func rawSite(t *testing.T) *site.Files {
	rows := testenv.SharedFile(t, "raw/inferencex-api/dsr1_1k1k_latest.json")
	return buildSite(t, "raw", fstest.MapFS{"dsr1_1k1k_latest.json": {Data: rows}}, nil, "/")
}

// connect serves files through the SDK's in-memory transport and returns the client's session.
func connect(t *testing.T, src *Source) *sdk.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := sdk.NewInMemoryTransports()
	ss, err := NewServer(NewSite(src), "test").Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// call calls tool with args and decodes its structured content into out; it fails the test on
// a tool error, and checks the text content is the same JSON.
func call(t *testing.T, cs *sdk.ClientSession, tool string, args map[string]any, out any) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s %v: %v", tool, args, err)
	}
	if res.IsError {
		t.Fatalf("%s %v: tool error: %s", tool, args, text(res))
	}
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var fromText, fromStruct any
	if err := json.Unmarshal([]byte(text(res)), &fromText); err != nil {
		t.Fatalf("%s: text content is not JSON: %v", tool, err)
	}
	json.Unmarshal(b, &fromStruct)
	if tb, _ := json.Marshal(fromText); string(tb) != string(b) {
		t.Errorf("%s: text content differs from structuredContent", tool)
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatal(err)
	}
}

// callErr calls tool with args and returns its tool error's text; it fails the test when the
// call succeeds.
func callErr(t *testing.T, cs *sdk.ClientSession, tool string, args map[string]any) string {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		return err.Error()
	}
	if !res.IsError {
		t.Fatalf("%s %v: no error", tool, args)
	}
	return text(res)
}

func text(res *sdk.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

func index(t *testing.T, files *site.Files) api.Index {
	t.Helper()
	b, ok := files.Get("api/v1/index.json")
	if !ok {
		t.Fatal("no index.json")
	}
	var idx api.Index
	if err := json.Unmarshal(b, &idx); err != nil {
		t.Fatal(err)
	}
	return idx
}

func get(t *testing.T, files *site.Files, name string, v any) {
	t.Helper()
	b, ok := files.Get(strings.TrimPrefix(name, "/"))
	if !ok {
		t.Fatalf("%s not built", name)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func TestEveryToolHasSchemasAndADescription(t *testing.T) {
	cs := connect(t, NewSource("example", exampleSite(t)))
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		if len(tool.Description) < 80 || strings.Contains(tool.Description, "todo") {
			t.Errorf("%s: description %q", tool.Name, tool.Description)
		}
		if tool.InputSchema == nil || tool.OutputSchema == nil {
			t.Errorf("%s: input schema %v, output schema %v", tool.Name, tool.InputSchema, tool.OutputSchema)
		}
		out, _ := json.Marshal(tool.OutputSchema)
		if !strings.Contains(string(out), `"url"`) {
			t.Errorf("%s: output schema has no url: %s", tool.Name, out)
		}
	}
	slices.Sort(names)
	want := []string{"best_at", "compare", "diff", "get_evals", "get_points", "history", "list_pages", "slo_picks"}
	if !slices.Equal(names, want) {
		t.Errorf("tools %v, want %v", names, want)
	}
}

func TestListPagesIsTheIndex(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files func(*testing.T) *site.Files
	}{{"example", exampleSite}, {"shipped example", shippedSite}, {"raw rows", rawSite}} {
		t.Run(tc.name, func(t *testing.T) {
			files := tc.files(t)
			cs := connect(t, NewSource(tc.name, files))
			var got ListOut
			call(t, cs, "list_pages", nil, &got)
			idx := index(t, files)
			if len(got.Presets) != len(idx.Presets) {
				t.Errorf("%d presets, index.json has %d", len(got.Presets), len(idx.Presets))
			}
			for i, pr := range got.Presets {
				if w := idx.Presets[i]; pr.Name != w.Name || pr.URL != w.URL || pr.Page != "/"+w.Page+"/" {
					t.Errorf("preset %d: %+v, index.json %+v", i, pr, w)
				}
			}
			if tc.name == "example" && (len(got.Presets) == 0 || !strings.Contains(got.Presets[0].URL, "#gpus=b200,b300&best=1")) {
				t.Errorf("the example's presets: %+v", got.Presets)
			}
			if len(got.Pages) != len(idx.Pages) || len(got.Pages) == 0 {
				t.Fatalf("%d pages, index.json has %d", len(got.Pages), len(idx.Pages))
			}
			for i, p := range got.Pages {
				e := idx.Pages[i]
				if p.Page != "/"+e.Slug+"/" || p.URL != e.URL || p.Model != e.Model || p.Sequence != e.Sequence ||
					!slices.Equal(p.GPUs, e.GPUs) || !slices.Equal(p.Dates, e.Dates) || !slices.Equal(p.Precisions, e.Precisions) {
					t.Errorf("page %d: %+v, index.json %+v", i, p, e)
				}
				if len(p.Frameworks) == 0 || p.Metric == "" || len(p.XAxes) == 0 || p.XAxes[0] != "median_intvty" && !(strings.HasSuffix(p.Page, "/agentic-coding/") && p.XAxes[0] == "p90_intvty") {
					t.Errorf("%s: frameworks %v, metric %q, x axes %v", p.Page, p.Frameworks, p.Metric, p.XAxes)
				}
			}
		})
	}
}

// TestGetPointsAreTheViews checks every point with an x against the API's views: same ids,
// the same figures, nothing left out.
func TestGetPointsAreTheViews(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files func(*testing.T) *site.Files
	}{{"example", exampleSite}, {"shipped example", shippedSite}, {"raw rows", rawSite}} {
		t.Run(tc.name, func(t *testing.T) {
			files := tc.files(t)
			cs := connect(t, NewSource(tc.name, files))
			for _, e := range index(t, files).Pages {
				var got PointsOut
				call(t, cs, "get_points", map[string]any{"page": e.URL}, &got)
				byID := map[int64]Point{}
				for _, p := range got.Points {
					byID[p.ID] = p
				}
				n := 0
				for _, v := range e.Views {
					var view api.View
					get(t, files, v.URL, &view)
					for _, s := range view.Series {
						for _, vp := range s.Points {
							if vp.Precision != v.Precision {
								continue
							}
							n++
							p, ok := byID[vp.ID]
							if !ok || p.X == nil || *p.X != vp.X || p.Y == nil || *p.Y != float64(vp.Y) || p.Concurrency != vp.Concurrency ||
								p.Metrics["tpPerGpu"] != float64(vp.Metrics.TpPerGpu) || p.Metrics["outputTputPerGpu"] != float64(vp.Metrics.OutputTputPerGpu) ||
								p.Frontier != vp.Frontier || p.GPU != s.GPU || p.Framework != s.Framework {
								t.Errorf("%s: point %d: %+v, view %+v", e.Slug, vp.ID, p, vp)
							}
						}
					}
				}
				withX := 0
				for _, p := range got.Points {
					if p.X != nil {
						withX++
					}
				}
				if n == 0 || withX != n || got.Count != len(got.Points) {
					t.Errorf("%s: %d points with x (%d in all), the views have %d", e.Slug, withX, got.Count, n)
				}
				if got.URL != e.URL || got.Date != e.Date {
					t.Errorf("%s: url %q date %q", e.Slug, got.URL, got.Date)
				}
			}
		})
	}
}

func TestGetPointsFiltersAsTheChart(t *testing.T) {
	files := exampleSite(t)
	cs := connect(t, NewSource("example", files))
	var all, some PointsOut
	call(t, cs, "get_points", map[string]any{"page": "/deepseek-v4-pro/8k-1k/"}, &all)
	call(t, cs, "get_points", map[string]any{"page": "deepseek-v4-pro/8k-1k", "gpus": []string{"B300"}, "frameworks": []string{"trt"}, "optimal": true}, &some)
	want := 0
	for _, p := range all.Points {
		if p.GPU == "b300" && p.Framework == "trt" && p.Frontier {
			want++
		}
	}
	if some.Count != want || want == 0 {
		t.Errorf("b300 trt frontier points: %d, want %d", some.Count, want)
	}
	if some.URL != "/deepseek-v4-pro/8k-1k/#gpus=b300&frameworks=trt&optimal=1" {
		t.Errorf("url %q", some.URL)
	}
}

// TestGetPointsLinksDeployAsThePageWritesIt: deploy is a filter, which the page writes with the
// others, before the flags (the link once had it last, a string the page never writes).
func TestGetPointsLinksDeployAsThePageWritesIt(t *testing.T) {
	files := exampleSite(t)
	cs := connect(t, NewSource("example", files))
	var all, some PointsOut
	call(t, cs, "get_points", map[string]any{"page": "/deepseek-v4-pro/8k-1k/"}, &all)
	deploy := all.Points[0].Deployment
	if deploy == "" {
		t.Fatal("the example's first point has no deployment")
	}
	call(t, cs, "get_points", map[string]any{"page": "/deepseek-v4-pro/8k-1k/", "gpus": []string{"b300"}, "deploy": []string{strings.ToUpper(deploy)}, "optimal": true}, &some)
	if want := "/deepseek-v4-pro/8k-1k/#gpus=b300&deploy=" + deploy + "&optimal=1"; some.URL != want {
		t.Errorf("url %q, want %q", some.URL, want)
	}
}

func TestGetPointsAsOfAnOlderDate(t *testing.T) {
	files := exampleSite(t)
	cs := connect(t, NewSource("example", files))
	var e *api.IndexPage
	for _, p := range index(t, files).Pages {
		if len(p.Dates) > 2 {
			e = p
			break
		}
	}
	if e == nil {
		t.Fatal("the example site has no page with history")
	}
	old := e.Dates[len(e.Dates)-1]
	var got PointsOut
	call(t, cs, "get_points", map[string]any{"page": e.URL, "date": old}, &got)
	if got.Date != old || got.Count == 0 || !strings.HasSuffix(got.URL, "#date="+old) {
		t.Errorf("as of %s: date %q, %d points, url %q", old, got.Date, got.Count, got.URL)
	}
	for _, p := range got.Points {
		if p.Date > old {
			t.Errorf("point %d measured %s, after %s", p.ID, p.Date, old)
		}
	}
	msg := callErr(t, cs, "get_points", map[string]any{"page": e.URL, "date": "1999-01-01"})
	if !strings.Contains(msg, `unknown date "1999-01-01"`) || !strings.Contains(msg, e.Dates[0]) {
		t.Errorf("unknown date: %s", msg)
	}
}

// leaderRow and leaderCell read the leaders table of a built chart page: a configuration's row
// and its cells, each cell's value its own frontier's at the column's interactivity.
var leaderRow = regexp.MustCompile(`<tr data-series="([^"]+)">(.*?)</tr>`)
var leaderCell = regexp.MustCompile(`<td class="num[^"]*"(?: title="[^"]*")?(?: data-value="([^"]*)")?>`)

// llmsHeadline is a page's line of llms.txt: the home page's headline figure and its leader.
var llmsHeadline = regexp.MustCompile(`\]\(([^)]+)\):[^\n]*; at 50 tok/s/user the best is ([0-9.,]+) [^ ]+ \((.*)\)\n`)

// TestBestAtIsTheComparePages holds every reader of a GPU's value at an interactivity to one
// answer (page.Curve, the frontier of all the GPU's configurations' points): best_at gives each
// GPU what its compare pages give at every reference interactivity, and the home page's headline
// (as llms.txt words it) is best_at's leader at 50 tok/s/user. On the real InferenceX rows the
// best of each configuration's own curve gave up to 17 times more (gb300 at 100 tok/s/user).
func TestBestAtIsTheComparePages(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files func(*testing.T) *site.Files
	}{{"example", exampleSite}, {"shipped example", shippedSite}, {"raw rows", rawSite}, {"real inferencex", publicSite}} {
		t.Run(tc.name, func(t *testing.T) {
			files := tc.files(t)
			cs := connect(t, NewSource(tc.name, files))
			llms, _ := files.Get("llms.txt")
			heads := map[string][]string{}
			for _, m := range llmsHeadline.FindAllStringSubmatch(string(llms), -1) {
				heads[m[1]] = m[2:]
			}
			if len(heads) == 0 {
				t.Fatalf("llms.txt gives no headline:\n%s", llms)
			}
			checked := 0
			for _, e := range index(t, files).Pages {
				at := map[float64]map[string]float64{} // ref -> GPU -> best_at value
				read := func(ref float64) map[string]float64 {
					if at[ref] == nil {
						var got BestOut
						call(t, cs, "best_at", map[string]any{"page": e.URL, "at": ref}, &got)
						at[ref] = map[string]float64{}
						for _, l := range got.Leaders {
							if l.Value != nil {
								at[ref][l.GPU] = page.Round(*l.Value)
							}
						}
						if h, ok := heads[e.URL]; ok && ref == 50 && len(got.Leaders) > 0 && got.Leaders[0].Value != nil {
							v, _ := strconv.ParseFloat(strings.ReplaceAll(h[0], ",", ""), 64)
							if l := got.Leaders[0]; h[1] != l.Label || math.Abs(v / *l.Value - 1) > 1e-3 {
								t.Errorf("%s: llms.txt's headline %s (%s), best_at's leader %v (%s)", e.URL, h[0], h[1], *l.Value, l.Label)
							}
							delete(heads, e.URL)
						}
					}
					return at[ref]
				}
				for _, pair := range e.Compare {
					var doc compareFile
					get(t, files, pair.Data, &doc)
					for _, r := range doc.Refs {
						got := read(r.X)
						for _, side := range []struct {
							gpu  string
							want *float64
						}{{pair.A, r.A}, {pair.B, r.B}} {
							v, ok := got[side.gpu]
							switch {
							case ok != (side.want != nil):
								t.Errorf("%s %s at %v: best_at has a value %v, the compare page %v", e.URL, side.gpu, r.X, ok, side.want != nil)
							case ok && v != page.Round(*side.want):
								t.Errorf("%s %s at %v: best_at %v, the compare page %v", e.URL, side.gpu, r.X, v, *side.want)
							case ok:
								checked++
							}
						}
					}
				}
				read(50)
			}
			if checked == 0 || len(heads) > 0 {
				t.Errorf("%d values checked; headlines not checked: %v", checked, heads)
			}
		})
	}
}

func TestBestAtOtherAxes(t *testing.T) {
	files := exampleSite(t)
	cs := connect(t, NewSource("example", files))
	var got BestOut
	call(t, cs, "best_at", map[string]any{"page": "/deepseek-v4-pro/8k-1k/", "x": "conc", "at": 64, "y": "outputTputPerGpu"}, &got)
	if got.URL != "/deepseek-v4-pro/8k-1k/#y=outputTputPerGpu&x=conc" || got.X != "conc" || got.Y != "outputTputPerGpu" || len(got.Leaders) != 2 {
		t.Errorf("%+v", got)
	}
	msg := callErr(t, cs, "best_at", map[string]any{"page": "/deepseek-v4-pro/8k-1k/", "x": "p99_ttf", "at": 1})
	if !strings.Contains(msg, `unknown x axis "p99_ttf"`) || !strings.Contains(msg, "median_intvty, conc") {
		t.Errorf("unknown x: %s", msg)
	}
	msg = callErr(t, cs, "best_at", map[string]any{"page": "/deepseek-v4-pro/8k-1k/", "y": "tpPerGPU2", "at": 1})
	if !strings.Contains(msg, `unknown y metric "tpPerGPU2"; nearest: tpPerGpu`) {
		t.Errorf("unknown y: %s", msg)
	}
}

// TestCompareIsCompareJSON checks every pair of every page, both ways round, against its
// compare.json, and the sentences against the compare page's, in both languages.
func TestCompareIsCompareJSON(t *testing.T) {
	files := exampleSite(t)
	cs := connect(t, NewSource("example", files))
	pairs := 0
	for _, e := range index(t, files).Pages {
		for _, pair := range e.Compare {
			var want compareFile
			get(t, files, pair.Data, &want)
			for _, lang := range []string{"en", "zh"} {
				var got CompareOut
				call(t, cs, "compare", map[string]any{"page": e.URL, "a": pair.A, "b": pair.B, "lang": lang}, &got)
				wantURL := pair.Page
				if lang == "zh" {
					wantURL = "/zh" + pair.Page
				}
				if got.URL != wantURL || got.Data != pair.Data || got.A != want.A || got.B != want.B || len(got.Refs) != len(want.Refs) {
					t.Fatalf("%s %s: %+v", pair.Pair, lang, got)
				}
				if b, _ := json.Marshal(got.Refs); string(b) != mustJSON(want.Refs) {
					t.Errorf("%s: refs %s, compare.json %s", pair.Pair, b, mustJSON(want.Refs))
				}
				page, _ := files.Get(strings.TrimPrefix(wantURL, "/") + "index.html")
				text := html.UnescapeString(string(page))
				for _, s := range got.Sentences {
					if !strings.Contains(text, s.Text) || !strings.Contains(text, s.From) {
						t.Errorf("%s %s: sentence %q (%q) is not on the compare page", pair.Pair, lang, s.Text, s.From)
					}
				}
				if len(got.Sentences) != len(want.Refs) {
					t.Errorf("%s: %d sentences for %d refs", pair.Pair, len(got.Sentences), len(want.Refs))
				}
			}
			var back CompareOut
			call(t, cs, "compare", map[string]any{"page": e.URL, "a": pair.B, "b": pair.A}, &back)
			for i, r := range back.Refs {
				w := want.Refs[i]
				if !samePtr(r.A, w.B) || !samePtr(r.B, w.A) || r.AConfig != w.BConfig || (r.Ratio == nil) != (w.Ratio == nil) ||
					r.Ratio != nil && (*r.Ratio - 1 / *w.Ratio) > 1e-12*(*r.Ratio) {
					t.Errorf("%s swapped, ref %d: %+v, compare.json %+v", pair.Pair, i, r, w)
				}
			}
			pairs++
		}
	}
	if pairs == 0 {
		t.Fatal("no compare pair")
	}
}

func samePtr(a, b *float64) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestErrorsListTheValidValues: what an agent can fix is named with what it may use instead.
func TestErrorsListTheValidValues(t *testing.T) {
	files := exampleSite(t)
	cs := connect(t, NewSource("example", files))
	for _, c := range []struct {
		tool string
		args map[string]any
		want []string
	}{
		{"get_points", map[string]any{"page": "/deepseek-r1/1k-1k/"}, []string{`unknown page "/deepseek-r1/1k-1k/"; nearest: /deepseek-r1-0528/1k-1k/`, "/deepseek-v4-pro/8k-1k/", "list_pages"}},
		{"get_points", map[string]any{"page": ""}, []string{"page is required", "/deepseek-v4-pro/8k-1k/"}},
		{"get_points", map[string]any{"page": "/deepseek-v4-pro/8k-1k/", "gpus": []string{"b20"}}, []string{`unknown GPU "b20"; nearest: b200`, "valid: b200, b300"}},
		{"get_points", map[string]any{"page": "/deepseek-v4-pro/8k-1k/", "frameworks": []string{"tensorrt"}}, []string{`unknown framework "tensorrt"`, "trt"}},
		{"compare", map[string]any{"page": "/deepseek-v4-pro/8k-1k/", "a": "b200", "b": "h100"}, []string{`unknown GPU "h100"`, "b200, b300"}},
		{"compare", map[string]any{"page": "/deepseek-v4-pro/8k-1k/", "a": "b200", "b": "B200"}, []string{"two different GPUs"}},
		{"compare", map[string]any{"page": "/deepseek-v4-pro/8k-1k/", "a": "b200", "b": "b300", "lang": "fr"}, []string{`unknown language "fr"`, "en, zh"}},
		{"best_at", map[string]any{"page": "/qwen3-8b/506-61/", "at": 10, "date": "2026-13-01"}, []string{`unknown date "2026-13-01"`, "2026-03-12"}},
	} {
		msg := callErr(t, cs, c.tool, c.args)
		for _, w := range c.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s %v: %q lacks %q", c.tool, c.args, msg, w)
			}
		}
	}
}

func TestASiteWithoutTheAPISaysWhatItLacks(t *testing.T) {
	cs := connect(t, NewSource("old-public", fstest.MapFS{"index.html": {Data: []byte("<p>hi</p>")}}))
	for tool, args := range map[string]map[string]any{
		"list_pages": nil, "get_points": {"page": "/x/"}, "best_at": {"page": "/x/", "at": 1},
		"compare": {"page": "/x/", "a": "b200", "b": "h200"},
	} {
		msg := callErr(t, cs, tool, args)
		if !strings.Contains(msg, "the site old-public has no api/v1/index.json") {
			t.Errorf("%s: %s", tool, msg)
		}
	}
}

// TestASiteByURL serves a site built for https://owner.github.io/repo/ from a local server
// under /repo/: the answers are the same, links stay the published site's, and every request
// stays below /repo/.
func TestASiteByURL(t *testing.T) {
	files := buildSite(t, "example", testsite.RealData(t), testsite.RealConfig(t), "https://owner.github.io/repo/")
	var mu sync.Mutex
	var paths []string
	h := http.StripPrefix("/repo", http.FileServerFS(files))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		paths = append(paths, r.URL.Path)
		mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()
	src, err := Open(srv.URL+"/repo/", srv.Client())
	if err != nil {
		t.Fatal(err)
	}
	cs := connect(t, src)
	var list ListOut
	call(t, cs, "list_pages", nil, &list)
	if list.URL != "https://owner.github.io/repo/" || len(list.Pages) == 0 || list.Pages[0].URL != "https://owner.github.io/repo/"+strings.TrimPrefix(list.Pages[0].Page, "/") {
		t.Errorf("list_pages: url %q, pages %+v", list.URL, list.Pages[:min(1, len(list.Pages))])
	}
	var best BestOut
	call(t, cs, "best_at", map[string]any{"page": "https://owner.github.io/repo/deepseek-v4-pro/8k-1k/", "at": 50}, &best)
	local := connect(t, NewSource("example", exampleSite(t)))
	var want BestOut
	call(t, local, "best_at", map[string]any{"page": "/deepseek-v4-pro/8k-1k/", "at": 50}, &want)
	if mustJSON(best.Leaders) != mustJSON(want.Leaders) || best.URL != "https://owner.github.io/repo/deepseek-v4-pro/8k-1k/" {
		t.Errorf("by URL: %+v\nfrom the folder: %+v", best, want)
	}
	var cmp CompareOut
	call(t, cs, "compare", map[string]any{"page": "/deepseek-v4-pro/8k-1k/", "a": "b200", "b": "b300"}, &cmp)
	mu.Lock()
	defer mu.Unlock()
	seen := map[string]int{}
	for _, p := range paths {
		seen[p]++
		if !strings.HasPrefix(p, "/repo/") {
			t.Errorf("request outside the site: %s", p)
		}
	}
	if seen["/repo/api/v1/index.json"] != 1 || seen["/repo/deepseek-v4-pro/8k-1k/page.json"] != 1 {
		t.Errorf("each file once for the session: %v", seen)
	}
	if _, err := src.ReadFile("../secret"); err == nil {
		t.Error("read ../secret")
	}
	if _, err := src.ReadFile("x?y=1"); err == nil {
		t.Error("read a query")
	}
}
