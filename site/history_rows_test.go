package site

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/history"
	"github.com/frontier-bench/frontier/site/pareto"
)

// historyPage is the example's page with the most history: 58 configurations over 64 dates.
const historyPage = "deepseek-r1-0528/1k-1k/"

// buildExample builds the example site (data/ with its frontier.toml).
func buildExample(t *testing.T) *Files {
	t.Helper()
	cfg, ps := ParseConfig("frontier.toml", testsite.RealConfig(t))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	files, _, err := build(t, testsite.RealData(t), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// beforeRows is site/testdata/history_before.json: per date, per series name, what the page
// showed before history became rows.
type beforeSeries struct {
	IDs      []int64      `json:"ids"`
	XY       [][2]float64 `json:"xy"`
	Frontier []int        `json:"frontier"`
}

func readBefore(t *testing.T) map[string]map[string]beforeSeries {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "history_before.json"))
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]beforeSeries{}
	for date, v := range raw {
		if date == "about" {
			continue
		}
		var m map[string]beforeSeries
		if err := json.Unmarshal(v, &m); err != nil {
			t.Fatal(err)
		}
		out[date] = m
	}
	return out
}

// snapshotSeries is a derived snapshot's series as SnapshotJSON writes it.
type snapshotSeries struct {
	Key, Name, GPU string
	Points         [][]any `json:"points"`
	Frontier       []int   `json:"frontier"`
}

func snapshotOf(t *testing.T, files *Files, date string) (cols []string, series []snapshotSeries) {
	t.Helper()
	b, err := history.SnapshotJSON(files, historyPage, date)
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Cols   []string         `json:"cols"`
		Series []snapshotSeries `json:"series"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return s.Cols, s.Series
}

// TestHistoryRowsShowOlderDatesAsBefore: two older dates of the real history, derived from the
// rows, have exactly the points (ids, x, y, order) and frontiers the page showed when every
// date was a file of its own.
func TestHistoryRowsShowOlderDatesAsBefore(t *testing.T) {
	t.Parallel()
	files := buildExample(t)
	before := readBefore(t)
	if len(before) != 2 {
		t.Fatalf("%d dates in history_before.json, want 2", len(before))
	}
	for date, want := range before {
		cols, series := snapshotOf(t, files, date)
		ix, iy, iid := slices.Index(cols, "x"), slices.Index(cols, "tpPerGpu"), slices.Index(cols, "id")
		if len(series) != len(want) {
			t.Errorf("%s: %d series, want %d", date, len(series), len(want))
		}
		for _, s := range series {
			w, ok := want[s.Name]
			if !ok {
				t.Errorf("%s: series %q was not shown before", date, s.Name)
				continue
			}
			var ids []int64
			var xy [][2]float64
			for _, p := range s.Points {
				ids = append(ids, int64(p[iid].(float64)))
				xy = append(xy, [2]float64{p[ix].(float64), p[iy].(float64)})
			}
			if !slices.Equal(ids, w.IDs) || !slices.Equal(xy, w.XY) || !slices.Equal(s.Frontier, w.Frontier) {
				t.Errorf("%s %s: ids %v, points %v, frontier %v; want %v, %v, %v", date, s.Name, ids, xy, s.Frontier, w.IDs, w.XY, w.Frontier)
			}
		}
	}
}

// TestHistoryTrendMatchesTheRows: the trend table the build writes holds, for every
// configuration and date, the value at every reference interactivity of the frontier of the
// snapshot derived from the rows.
func TestHistoryTrendMatchesTheRows(t *testing.T) {
	t.Parallel()
	files := buildExample(t)
	var page struct {
		Dates   []string `json:"dates"`
		History struct {
			Rows   int `json:"rows"`
			Series []struct {
				Key string `json:"key"`
			} `json:"series"`
			Trend map[string]string `json:"trend"`
		} `json:"history"`
	}
	b, _ := files.Get(historyPage + "page.json")
	if err := json.Unmarshal(b, &page); err != nil {
		t.Fatal(err)
	}
	var table struct {
		RefX  []float64      `json:"refX"`
		Dates []string       `json:"dates"`
		Lines [][][]*float64 `json:"lines"`
	}
	name := page.History.Trend["tpPerGpu"]
	gz, ok := files.Get(historyPage + name)
	if !ok || !strings.HasSuffix(name, ".json.gz") {
		t.Fatalf("no gzipped trend table for tpPerGpu: %v", page.History.Trend)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.NewDecoder(zr).Decode(&table); err != nil {
		t.Fatal(err)
	}
	if len(table.Dates) != 64 || len(table.Lines) != len(page.History.Series) {
		t.Fatalf("trend table: %d dates, %d lines; want 64 and one per configuration (%d)", len(table.Dates), len(table.Lines), len(page.History.Series))
	}
	index := map[string]int{}
	for i, s := range page.History.Series {
		index[s.Key] = i
	}
	checked, total := 0, 0
	for d, date := range table.Dates {
		cols, series := snapshotOf(t, files, date)
		ix, iy := slices.Index(cols, "x"), slices.Index(cols, "tpPerGpu")
		for _, s := range series {
			total += len(s.Points)
			var cell []*float64 // the configuration's last change on or before d
			for _, c := range table.Lines[index[s.Key]] {
				if int(*c[0]) <= d {
					cell = c
				}
			}
			if cell == nil {
				t.Errorf("%s %s: shown, but no trend value", date, s.Key)
				continue
			}
			var xs, ys []float64
			for _, j := range s.Frontier {
				xs = append(xs, s.Points[j][ix].(float64))
				ys = append(ys, s.Points[j][iy].(float64))
			}
			for r, x := range table.RefX {
				want, ok := pareto.ValueAt(xs, ys, x)
				got := cell[1+r]
				switch {
				case !ok && got != nil:
					t.Errorf("%s %s at %v: %v, want none", date, s.Key, x, *got)
				case ok && (got == nil || math.Abs(*got-want) > 1e-5*math.Abs(want)):
					g := math.NaN()
					if got != nil {
						g = *got
					}
					t.Errorf("%s %s at %v: %v, want %v", date, s.Key, x, g, want)
				}
				checked++
			}
		}
	}
	if checked < 1000 {
		t.Errorf("checked %d values, want the whole history's", checked)
	}
	// Every row once: far fewer rows than the snapshots' points together.
	t.Logf("%d rows stored for %d points shown over %d dates", page.History.Rows, total, len(table.Dates))
	if page.History.Rows*5 > total {
		t.Errorf("%d rows stored for %d points shown: rows are stored more than once", page.History.Rows, total)
	}
	for _, name := range files.Names() {
		if strings.HasPrefix(name, historyPage+"history/2") {
			t.Errorf("%s: a snapshot file of its own", name)
		}
	}
}

// TestHistoryPageDataHoldsTheFirstPicture: a page with history writes in #page-data (the page's
// and the embed's) only the columns the first picture draws (up to tp); rest.json.gz holds the
// other columns views read and columns.json.gz those only the column chooser shows, both
// gzipped, together every column of every point (fullPageRows, whose values
// TestPageDataRawColumnsMatchDownloads holds to data.json's). page.json is the same page data,
// byte for byte. The seed page, one date, keeps every column in its page data and has no rest
// file.
func TestHistoryPageDataHoldsTheFirstPicture(t *testing.T) {
	t.Parallel()
	files := buildExample(t)
	var light readPageData
	html, _ := files.Get(historyPage + "index.html")
	if err := json.Unmarshal(scriptJSON(t, html, "page-data"), &light); err != nil {
		t.Fatal(err)
	}
	if pj, _ := files.Get(historyPage + "page.json"); !bytes.Equal(bytes.TrimSpace(pj), bytes.TrimSpace(scriptJSON(t, html, "page-data"))) {
		t.Error("page.json is not the page's #page-data")
	}
	first := slices.Index(light.Cols, "tp") + 1
	if light.Rest == nil || light.Later == nil || light.Rest.File != "rest.json.gz" || light.Later.File != "columns.json.gz" {
		t.Fatalf("#page-data's rest %+v, later %+v: want rest.json.gz and columns.json.gz", light.Rest, light.Later)
	}
	if !slices.Contains(light.Rest.Cols, "median_ttft") || !slices.Contains(light.Rest.Cols, "runUrl") || !slices.Contains(light.Later.Cols, "mean_intvty") {
		t.Errorf("rest %v, later %v: want the default columns and strings in rest, the chooser's in later", light.Rest.Cols, light.Later.Cols)
	}
	// With evals or notes, the page's last two columns are in the light points too, at their
	// columns (the ones between left null): a gated first picture needs them.
	lightLen, acc := first, 0
	if slices.Contains(light.Cols, "evals") {
		lightLen, acc = len(light.Cols), 2
	}
	if got, want := len(light.Rest.Cols)+len(light.Later.Cols), len(light.Cols)-first-acc; got != want {
		t.Errorf("%d columns in rest and later, want every one after tp (%d)", got, want)
	}
	full := fullPageRows(t, files, historyPage)
	for i, s := range light.Series {
		for j, pt := range s.Points {
			if len(pt) != lightLen || !reflect.DeepEqual(pt[:first], full[i][j][:first]) {
				t.Fatalf("%s point %d: page data %v, want %d columns, the first %d of %v", s.Key, j, pt, lightLen, first, full[i][j])
			}
		}
	}
	embed, _ := files.Get(historyPage + "embed/index.html")
	var inEmbed readPageData
	if err := json.Unmarshal(scriptJSON(t, embed, "page-data"), &inEmbed); err != nil {
		t.Fatal(err)
	}
	if inEmbed.Rest == nil || inEmbed.Rest.File != "../rest.json.gz" || len(inEmbed.Series[0].Points[0]) != lightLen {
		t.Errorf("the embed's page data: rest %+v, points of %d columns; want ../rest.json.gz and %d", inEmbed.Rest, len(inEmbed.Series[0].Points[0]), lightLen)
	}
	seed, _ := files.Get("deepseek-v4-pro/8k-1k/index.html")
	var one readPageData
	if err := json.Unmarshal(scriptJSON(t, seed, "page-data"), &one); err != nil {
		t.Fatal(err)
	}
	if one.Rest != nil || len(one.Series[0].Points[0]) != len(one.Cols) {
		t.Errorf("the seed page: rest %+v, points of %d columns; want none left out (%d)", one.Rest, len(one.Series[0].Points[0]), len(one.Cols))
	}
}

// TestHistoryRowsKeepEveryRateAndWorkload: a real SGLang sweep by request rate (1 to 16
// requests/s, random and sharegpt) on one date, and another sweep of the configuration on a
// later date without the 16 requests/s run. As of the later date the page shows each load and
// workload's newest run, 16 requests/s carried forward; the date derived from the history rows
// shows the same points, though none of them has a concurrency.
func TestHistoryRowsKeepEveryRateAndWorkload(t *testing.T) {
	t.Parallel()
	fsys, _ := realRateRuns(t)
	fsys["later/online405b.jsonl"] = testsite.MapFile(testenv.SharedFile(t, "public/clients/sglang/datacrunch-h200_llama_405b_online_output.jsonl"), 1)
	const runs = "model = \"m\"\ngpu = \"h200\"\ngpus = 8\nframework = \"sglang\"\nprecision = \"fp8\"\nisl = 1024\nosl = 1024\n"
	cfg, ps := ParseConfig("frontier.toml", []byte("[[runs]]\npath = \"runs/*\"\ndate = \"2025-01-10\"\n"+runs+"\n[[runs]]\npath = \"later/*\"\ndate = \"2025-02-10\"\n"+runs))
	if len(ps.Errors()) > 0 {
		t.Fatal(ps)
	}
	files, _, err := build(t, fsys, cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, err := history.SnapshotJSON(files, "m/1k-1k/", "2025-02-10")
	if err != nil {
		t.Fatal(err)
	}
	var snap struct {
		Cols   []string `json:"cols"`
		Series []struct {
			Points [][]any `json:"points"`
		} `json:"series"`
	}
	if err := json.Unmarshal(b, &snap); err != nil {
		t.Fatal(err)
	}
	var got []int64
	for _, s := range snap.Series {
		for _, p := range s.Points {
			got = append(got, int64(p[slices.Index(snap.Cols, "id")].(float64)))
		}
	}
	var data struct {
		Series []struct {
			Points []struct {
				ID int64 `json:"id"`
			} `json:"points"`
		} `json:"series"`
	}
	dj, _ := files.Get("m/1k-1k/data.json")
	if err := json.Unmarshal(dj, &data); err != nil {
		t.Fatal(err)
	}
	var want []int64
	for _, s := range data.Series {
		for _, p := range s.Points {
			want = append(want, p.ID)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if len(want) != 7 || !slices.Equal(got, want) {
		t.Errorf("the rows as of 2025-02-10 give points %v; the page shows %v (want 7: 1, 2, 4, 8 and 16 requests/s, sharegpt at 4 and 8)", got, want)
	}
}
