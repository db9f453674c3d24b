package site

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"html"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/frontier-bench/frontier/internal/testsite"
)

// datedSeed is the seed dataset as len(scales) snapshots a week apart, the newest dated
// 2026-07-31; snapshot k (0 the oldest) has every y and throughput scaled by scales[k], and its
// point ids moved by k million, since one id with two values on a page is an error.
func datedSeed(t *testing.T, scales ...float64) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{}
	for k, scale := range scales {
		var doc map[string]any
		if err := json.Unmarshal(testsite.SeedJSON(t), &doc); err != nil {
			t.Fatal(err)
		}
		date := seedDate(len(scales) - 1 - k)
		doc["params"].(map[string]any)["date"] = date
		for _, s := range doc["series"].([]any) {
			for _, p := range s.(map[string]any)["points"].([]any) {
				pt := p.(map[string]any)
				pt["id"] = pt["id"].(float64) + float64(k)*1e6
				pt["y"] = pt["y"].(float64) * scale
				m := pt["metrics"].(map[string]any)
				for _, key := range []string{"tpPerGpu", "outputTputPerGpu", "inputTputPerGpu"} {
					if v, ok := m[key].(float64); ok {
						m[key] = v * scale
					}
				}
			}
		}
		fsys[fmt.Sprintf("seed_%s.json", date)] = &fstest.MapFile{Data: testsite.Marshal(t, doc)}
	}
	return fsys
}

// seedDate is the date weeksBefore weeks before 2026-07-31.
func seedDate(weeksBefore int) string {
	return time.Date(2026, 7, 31, 0, 0, 0, 0, time.UTC).AddDate(0, 0, -7*weeksBefore).Format(time.DateOnly)
}

// TestHomeShowsHeadlineChange: each benchmark on the home page says how its headline moved
// since the snapshot before the newest, and nothing when there is no earlier snapshot.
func TestHomeShowsHeadlineChange(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		scales []float64
		want   string // "" for no change shown
	}{
		{"gain", []float64{1, 1.25}, `<span class="change up">+25% since 2026-07-24</span>`},
		{"loss", []float64{2, 1, 0.9}, `<span class="change down">-10% since 2026-07-24</span>`},
		{"flat", []float64{1, 1}, `<span class="change flat">±0% since 2026-07-24</span>`},
		{"one snapshot", []float64{1}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			files, _, err := build(t, datedSeed(t, c.scales...), DefaultConfig())
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := files.Get("index.html")
			home := html.UnescapeString(string(raw)) // html/template writes + as &#43;
			got := strings.Contains(home, `class="change`)
			if c.want == "" {
				if got {
					t.Errorf("a page with one snapshot shows a change:\n%s", home)
				}
				return
			}
			if !strings.Contains(home, c.want) {
				t.Errorf("home lacks %s:\n%s", c.want, home)
			}
		})
	}
}

// atomFeed is what TestFeed and TestFeedPerLanguage read of feed.xml.
type atomFeed struct {
	XMLName xml.Name `xml:"http://www.w3.org/2005/Atom feed"`
	Lang    string   `xml:"http://www.w3.org/XML/1998/namespace lang,attr"`
	Title   string   `xml:"title"`
	ID      string   `xml:"id"`
	Updated string   `xml:"updated"`
	Links   []struct {
		Href string `xml:"href,attr"`
		Rel  string `xml:"rel,attr"`
	} `xml:"link"`
	Entries []struct {
		Title string `xml:"title"`
		Link  struct {
			Href string `xml:"href,attr"`
		} `xml:"link"`
		ID      string `xml:"id"`
		Updated string `xml:"updated"`
		Summary string `xml:"summary"`
	} `xml:"entry"`
}

// TestFeed: feed.xml is an Atom feed with an entry per page and snapshot date, newest first,
// each with its headline figure and change, linking the page at that date: absolutely when the
// base URL has a host, from the root otherwise. Every page's head links it.
func TestFeed(t *testing.T) {
	t.Parallel()
	data := datedSeed(t, 1, 1.5, 1.2)
	// A second page with one snapshot, dated between the others: entries interleave by date.
	other := testsite.Doc()
	testsite.Edit(t, other, "params.date", "2026-07-20")
	data["other.json"] = &fstest.MapFile{Data: testsite.Marshal(t, other)}

	for _, c := range []struct {
		base, page, id, feedLink string
	}{
		{"https://owner.github.io/repo/", "https://owner.github.io/repo/deepseek-v4-pro/8k-1k/",
			"https://owner.github.io/repo/deepseek-v4-pro/8k-1k/", `href="/repo/feed.xml"`},
		{"/repo/", "/repo/deepseek-v4-pro/8k-1k/", "urn:frontier:/repo/deepseek-v4-pro/8k-1k/", `href="/repo/feed.xml"`},
	} {
		t.Run(c.base, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.BaseURL = c.base
			cfg.Title = `Bench <&> "marks"`
			files, _, err := build(t, data, cfg)
			if err != nil {
				t.Fatal(err)
			}
			raw, ok := files.Get("feed.xml")
			if !ok {
				t.Fatal("no feed.xml")
			}
			var f atomFeed
			if err := xml.Unmarshal(raw, &f); err != nil {
				t.Fatalf("feed.xml is not XML: %v\n%s", err, raw)
			}
			if f.Title != cfg.Title || f.Updated != "2026-07-31T00:00:00Z" {
				t.Errorf("feed title %q updated %q", f.Title, f.Updated)
			}
			var got []string
			for _, e := range f.Entries {
				got = append(got, e.Updated+" "+e.Title+" | "+e.Summary)
				if !strings.HasSuffix(e.Link.Href, "#date="+e.Updated[:10]) || !strings.HasSuffix(e.ID, "#date="+e.Updated[:10]) {
					t.Errorf("entry %q: link %q, id %q do not name its date", e.Title, e.Link.Href, e.ID)
				}
			}
			want := []string{
				"2026-07-31T00:00:00Z DeepSeek-V4-Pro 8k/1k as of 2026-07-31 | (-20% since 2026-07-24).",
				"2026-07-24T00:00:00Z DeepSeek-V4-Pro 8k/1k as of 2026-07-24 | (+50% since 2026-07-17).",
				"2026-07-20T00:00:00Z Model-X 8k/1k as of 2026-07-20 | No frontier reaches 50 tok/s/user.",
				"2026-07-17T00:00:00Z DeepSeek-V4-Pro 8k/1k as of 2026-07-17 | .",
			}
			if len(got) != len(want) {
				t.Fatalf("got %d entries, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
			}
			for i := range want {
				head, tail, _ := strings.Cut(want[i], " | ")
				if !strings.HasPrefix(got[i], head+" | ") || !strings.HasSuffix(got[i], tail) {
					t.Errorf("entry %d:\n got %s\nwant %s", i, got[i], want[i])
				}
			}
			if e := f.Entries[0]; e.Link.Href != c.page+"#date=2026-07-31" || e.ID != c.id+"#date=2026-07-31" {
				t.Errorf("newest entry: link %q, id %q", e.Link.Href, e.ID)
			}
			if s := f.Entries[3].Summary; !strings.Contains(s, " at 50 tok/s/user, ") || strings.Contains(s, "since") {
				t.Errorf("oldest entry's summary %q: want the figure and no change", s)
			}
			for _, page := range []string{"index.html", "deepseek-v4-pro/8k-1k/index.html", "404.html"} {
				b, _ := files.Get(page)
				if !strings.Contains(string(b), `<link rel="alternate" type="application/atom+xml"`) ||
					!strings.Contains(string(b), c.feedLink) {
					t.Errorf("%s does not link the feed", page)
				}
			}
		})
	}
}

// TestChangelogOnChartPage: changelog entries show under the chart of the pages whose series
// their globs name, by this site's model slug or InferenceX's model key, oldest first, and
// reach the page script for the trend's markers; a malformed changelog fails the build with
// the file and line.
func TestChangelogOnChartPage(t *testing.T) {
	t.Parallel()
	data := datedSeed(t, 1, 1.1)
	data["changelog.yaml"] = &fstest.MapFile{Data: []byte(`- date: 2026-07-30
  configs: deepseek-v4-pro-fp4-b300-*
  description: TRT-LLM <1.2> & new kernels
  link: https://example.com/notes?a=1&b=2
- date: 2026-07-20
  configs: [deepseek-v4-pro-fp4-b200-vllm]
  description: vLLM 0.11
- date: 2026-07-25
  configs: dsr1-*
  description: a model this site does not have
`)}
	files, _, err := build(t, data, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := files.Get("deepseek-v4-pro/8k-1k/index.html")
	page := string(raw)
	list := page[strings.Index(page, `<ul class="changes">`):]
	list = list[:strings.Index(list, "</ul>")]
	if strings.Count(list, "<li") != 2 || strings.Index(list, "2026-07-20") > strings.Index(list, "2026-07-30") {
		t.Errorf("want the two matching entries, oldest first:\n%s", list)
	}
	for _, want := range []string{"TRT-LLM &lt;1.2&gt; &amp; new kernels", `href="https://example.com/notes?a=1&amp;b=2"`, "B300 (TRTLLM)", "B200 (vLLM)"} {
		if !strings.Contains(list, want) {
			t.Errorf("the list lacks %s:\n%s", want, list)
		}
	}
	var pd struct {
		Changes []struct {
			Date   string
			Series []string
		}
	}
	if err := json.Unmarshal(scriptJSON(t, raw, "page-data"), &pd); err != nil {
		t.Fatal(err)
	}
	if len(pd.Changes) != 2 || pd.Changes[0].Date != "2026-07-20" || strings.Join(pd.Changes[0].Series, ",") != "b200_vllm" ||
		len(pd.Changes[1].Series) < 2 {
		t.Errorf("page data changes: %+v", pd.Changes)
	}

	data["changelog.yaml"] = &fstest.MapFile{Data: []byte("- date: 2026-13-01\n  configs: x\n  description: y\n")}
	_, _, err = build(t, data, DefaultConfig())
	if err == nil || !strings.Contains(err.Error(), "data/changelog.yaml:1: date: want a date as YYYY-MM-DD") {
		t.Errorf("a bad changelog: got %v", err)
	}
}
