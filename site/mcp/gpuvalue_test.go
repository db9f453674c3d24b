package mcp

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/site"
	"github.com/frontier-bench/frontier/site/page"
)

// publicSite is a site of the real InferenceX API captures in ../shared/data/public/inferencex/
// (the newest rows and their history), built for the root path.
func publicSite(t *testing.T) *site.Files {
	fs := fstest.MapFS{}
	for _, name := range []string{"benchmarks.json", "benchmarks-history.json"} {
		fs[name] = &fstest.MapFile{Data: testenv.SharedFile(t, "public/inferencex/"+name)}
	}
	return buildSite(t, "public inferencex", fs, nil, "/")
}

// leaderGPURow is a GPU's row of the static leaders table: its key and its cells, then its
// configurations' rows.
var leaderGPURow = regexp.MustCompile(`<tr class="gpu" data-gpu="([^"]+)">(.*?)</tr>(.*?)</tbody>`)

// leaderCellValue is a cell's data-value, absent in a blank cell.
var leaderCellValue = regexp.MustCompile(`data-value="([^"]*)"`)

// TestEveryGPUValueIsBestAt holds the consumers of a GPU's value at an interactivity equal
// (docs/chart-page.md, "A frontier's value at an interactivity": its frontier over all its
// configurations, site/page): on every chart page, at every reference, the static leaders
// table's GPU rows, the trend table's best-per-GPU line on the newest date (history/trend-*:
// gpus) and `frontier mcp best_at` give the same figure for every GPU, or none alike; the
// compare pages are held to best_at by TestBestAtIsTheComparePages.
func TestEveryGPUValueIsBestAt(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files func(*testing.T) *site.Files
	}{{"example", exampleSite}, {"shipped example", shippedSite}, {"real inferencex", publicSite}} {
		t.Run(tc.name, func(t *testing.T) {
			files := tc.files(t)
			cs := connect(t, NewSource(tc.name, files))
			leaders, trends, differ := 0, 0, 0
			for _, e := range index(t, files).Pages {
				var pd struct {
					RefX    []float64 `json:"refX"`
					Metric  string    `json:"metric"`
					History *struct {
						Trend map[string]string `json:"trend"`
					} `json:"history"`
				}
				get(t, files, e.URL+"page.json", &pd)
				table, split := staticLeaders(t, files, e.URL)
				differ += split
				trend := newestGPUTrend(t, files, e.URL, pd.History, pd.Metric)
				for j, x := range pd.RefX {
					var got BestOut
					call(t, cs, "best_at", map[string]any{"page": e.URL, "at": x}, &got)
					for _, l := range got.Leaders {
						want := math.NaN()
						if l.Value != nil {
							want = page.Round(*l.Value)
						}
						if v, ok := table[l.GPU]; !ok || !sameValue(v[j], want) {
							t.Errorf("%s %s at %v: leaders table %v (row %v), best_at %v", e.URL, l.GPU, x, v, ok, want)
						} else if !math.IsNaN(want) {
							leaders++
						}
						if trend == nil {
							continue
						}
						if v, ok := trend[l.GPU]; !ok || !sameValue(v[j], want) {
							t.Errorf("%s %s at %v: trend's newest %v (line %v), best_at %v", e.URL, l.GPU, x, v, ok, want)
						} else if !math.IsNaN(want) {
							trends++
						}
					}
					if len(got.Leaders) != len(table) {
						t.Errorf("%s at %v: best_at has %d GPUs, the leaders table %d", e.URL, x, len(got.Leaders), len(table))
					}
				}
			}
			t.Logf("%d leaders table values, %d trend values; %d GPU values not the best of their shown configurations' own", leaders, trends, differ)
			if leaders == 0 || (tc.name != "shipped example" && trends == 0) || differ == 0 {
				t.Errorf("%d leaders table values and %d trend values checked, %d where a GPU's value is not the best of its shown configurations' own: the check proves little", leaders, trends, differ)
			}
		})
	}
}

// sameValue reports whether two values are equal, NaN (none) as NaN.
func sameValue(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }

// staticLeaders reads the built chart page's leaders table (the default view): per GPU its
// value at each reference (page.Round), NaN where blank; and how many of them are not the best
// of its configurations' own values there (the rule makes a difference on the page).
func staticLeaders(t *testing.T, files *site.Files, url string) (map[string][]float64, int) {
	t.Helper()
	b, ok := files.Get(strings.TrimPrefix(url, "/") + "index.html")
	if !ok {
		t.Fatalf("%s: no index.html", url)
	}
	cells := func(row string) []float64 {
		var out []float64
		for _, cell := range strings.Split(row, "<td")[1:] {
			v := math.NaN()
			if c := leaderCellValue.FindStringSubmatch(cell); c != nil {
				var err error
				if v, err = strconv.ParseFloat(c[1], 64); err != nil {
					t.Fatalf("%s: %v", url, err)
				}
				v = page.Round(v) // as best_at's and the trend tables' values are compared
			}
			out = append(out, v)
		}
		return out
	}
	out, differ := map[string][]float64{}, 0
	for _, m := range leaderGPURow.FindAllStringSubmatch(string(b), -1) {
		out[m[1]] = cells(m[2])
		best := make([]float64, len(out[m[1]]))
		for _, row := range strings.Split(m[3], "</tr>") {
			for j, v := range cells(row) {
				if j < len(best) && v > best[j] { // NaN never; the page's metric is a throughput
					best[j] = v
				}
			}
		}
		for j, v := range out[m[1]] {
			if !math.IsNaN(v) && v != best[j] {
				differ++
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s: the leaders table has no GPU row", url)
	}
	return out, differ
}

// newestGPUTrend reads the trend table of metric: per GPU its line's value on the newest date
// at each reference (carried forward from its last cell), NaN where none; nil for a page with
// no history.
func newestGPUTrend(t *testing.T, files *site.Files, url string, h *struct {
	Trend map[string]string `json:"trend"`
}, metric string) map[string][]float64 {
	t.Helper()
	if h == nil || h.Trend[metric] == "" {
		return nil
	}
	b, ok := files.Get(strings.TrimPrefix(url, "/") + h.Trend[metric])
	if !ok {
		t.Fatalf("%s: no %s", url, h.Trend[metric])
	}
	var table struct {
		RefX  []float64               `json:"refX"`
		Dates []string                `json:"dates"`
		GPUs  map[string][][]*float64 `json:"gpus"`
	}
	if err := readGzipJSON(b, &table); err != nil {
		t.Fatalf("%s: %s: %v", url, h.Trend[metric], err)
	}
	out := map[string][]float64{}
	for gpu, line := range table.GPUs {
		vals := make([]float64, len(table.RefX))
		for j := range vals {
			vals[j] = math.NaN()
		}
		for _, cell := range line {
			for j := range vals {
				vals[j] = math.NaN()
				if v := cell[1+j]; v != nil {
					vals[j] = *v
				}
			}
		}
		out[gpu] = vals
	}
	return out
}
