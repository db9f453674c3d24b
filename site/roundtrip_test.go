package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/site/output"
)

// The API round trip, whole (docs/api.md): a site rebuilt from its own /api/v1/views/ files
// shows each point's runs, ranges, request counts and invalid mark as the site did.

// pointMarks is what a chart page says of one point's runs and requests, from data.json and
// from the page data embedded in its index.html: what the round trip must keep.
type pointMarks struct {
	Runs      int                   // data.json
	Range     map[string][2]float64 // data.json, the keys a view carries
	Requests  string                // data.json: completed/attempted success
	Invalid   bool                  // data.json
	PageRuns  int                   // page data: spread
	PageLo    map[string]float64    // page data: spread, the keys a view carries
	PageHi    map[string]float64
	PageReq   string // page data: requests
	PageBad   bool   // page data: invalid
	PageFaded bool   // page data: fadeUnknown (the page's, on each of its points)
	PageMin   float64
}

// viewKeys are the figures an inference view gives a range of (its range keys but y, which
// is one of the throughputs): the ranges a round trip can keep.
var viewKeys = []string{"x", "tpPerGpu", "outputTputPerGpu", "inputTputPerGpu"}

// chartMarks are the marks of every point of every chart page of files, by page and point id
// (the newest snapshot's points, which its view holds).
func chartMarks(t *testing.T, files *Files) map[string]map[int64]*pointMarks {
	t.Helper()
	out := map[string]map[int64]*pointMarks{}
	for _, name := range files.Names() {
		if !strings.HasSuffix(name, "/data.json") || strings.HasPrefix(name, output.APIRoot) {
			continue
		}
		page := strings.TrimSuffix(name, "data.json")
		js, _ := files.Get(name)
		var doc struct {
			Series []struct {
				Points []struct {
					ID       int64                 `json:"id"`
					Runs     int                   `json:"runs"`
					Range    map[string][2]float64 `json:"range"`
					Invalid  bool                  `json:"invalid"`
					Requests *struct {
						Completed, Attempted int64
						Success              float64
					} `json:"requests"`
				} `json:"points"`
			} `json:"series"`
		}
		if err := json.Unmarshal(js, &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		pts := map[int64]*pointMarks{}
		for _, s := range doc.Series {
			for _, p := range s.Points {
				m := &pointMarks{Runs: p.Runs, Invalid: p.Invalid, Range: map[string][2]float64{}}
				for _, k := range viewKeys {
					if r, ok := p.Range[k]; ok {
						m.Range[k] = r
					}
				}
				if q := p.Requests; q != nil {
					m.Requests = fmt.Sprintf("%d/%d %v", q.Completed, q.Attempted, q.Success)
				}
				pts[p.ID] = m
			}
		}
		html, ok := files.Get(page + "index.html")
		if !ok {
			t.Fatalf("%s: no index.html beside data.json", page)
		}
		var pd struct {
			Spread []struct {
				ID     int64
				Runs   int
				Lo, Hi map[string]float64
			} `json:"spread"`
			Requests []struct {
				ID                   int64
				Completed, Attempted int64
			} `json:"requests"`
			Invalid     []int64 `json:"invalid"`
			FadeUnknown bool    `json:"fadeUnknown"`
			MinSuccess  float64 `json:"minSuccess"`
		}
		if err := json.Unmarshal(scriptJSON(t, html, "page-data"), &pd); err != nil {
			t.Fatalf("%s: %v", page, err)
		}
		for _, m := range pts {
			m.PageFaded, m.PageMin = pd.FadeUnknown, pd.MinSuccess
		}
		for _, sp := range pd.Spread {
			if m := pts[sp.ID]; m != nil {
				m.PageRuns, m.PageLo, m.PageHi = sp.Runs, map[string]float64{}, map[string]float64{}
				for _, k := range viewKeys {
					if v, ok := sp.Lo[k]; ok {
						m.PageLo[k], m.PageHi[k] = v, sp.Hi[k]
					}
				}
			}
		}
		for _, q := range pd.Requests {
			if m := pts[q.ID]; m != nil {
				m.PageReq = fmt.Sprintf("%d/%d", q.Completed, q.Attempted)
			}
		}
		for _, id := range pd.Invalid {
			if m := pts[id]; m != nil {
				m.PageBad = true
			}
		}
		out[page] = pts
	}
	return out
}

// TestViewsRebuildKeepRunsRangesAndRequests: testsite.Runs (four real `vllm bench serve` runs
// of one workload, AIPerf's real export that completed 89 of its 100 requests, a real LoadGen
// summary, here marked INVALID) built, then built again from nothing but its
// /api/v1/views/ files: every point of every chart page has the same runs, ranges (of the
// figures a view carries), request counts and invalid mark in data.json and in the page data,
// and the site holds at least one of each, so the comparison means something.
func TestViewsRebuildKeepRunsRangesAndRequests(t *testing.T) {
	data, cfg, _ := spreadSite(t)
	summary := data["mlperf/server.txt"]
	summary.Data = bytes.Replace(summary.Data, []byte("Result is : VALID"), []byte("Result is : INVALID"), 1)
	files, _, err := build(t, data, cfg)
	if err != nil {
		t.Fatal(err)
	}
	views := fstest.MapFS{}
	for _, n := range files.Names() {
		if strings.HasPrefix(n, output.APIRoot+"views/") {
			b, _ := files.Get(n)
			views[strings.TrimPrefix(n, output.APIRoot)] = &fstest.MapFile{Data: b}
		}
	}
	again, rep, err := build(t, views, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range rep.Warnings {
		// The LoadGen run counted no input tokens: its view has no total or input throughput.
		if !strings.Contains(w.Msg, "missing, so absent") {
			t.Errorf("the views' build warns: %v", w)
		}
	}

	// The views themselves come back byte for byte, marks included, but for the frontiers on
	// latency axes, which a view cannot hold (heldAxesOnly).
	for n, f := range views {
		b, _ := again.Get(output.APIRoot + n)
		if !bytes.Equal(heldAxesOnly(t, b), heldAxesOnly(t, f.Data)) {
			t.Errorf("%s differs when built from itself:\n got %s\nwant %s", n, b, f.Data)
		}
	}

	want, got := chartMarks(t, files), chartMarks(t, again)
	if !slices.Equal(slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want))) {
		t.Fatalf("chart pages %v, want %v", slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
	}
	var runs, ranges, requests, failed, invalid int
	for page, pts := range want {
		for id, w := range pts {
			g := got[page][id]
			if g == nil {
				t.Errorf("%s: point %d is not in the rebuilt page", page, id)
				continue
			}
			if wj, gj := fmt.Sprintf("%+v", *w), fmt.Sprintf("%+v", *g); wj != gj {
				t.Errorf("%s: point %d after the round trip:\n got %s\nwant %s", page, id, gj, wj)
			}
			if w.Runs > 1 && w.PageRuns == w.Runs {
				runs++
			}
			if len(w.Range) > 0 && len(w.PageLo) > 0 {
				ranges++
			}
			if w.Requests != "" && w.PageReq != "" {
				requests++
				if !strings.HasSuffix(w.Requests, " 1") {
					failed++
				}
			}
			if w.Invalid && w.PageBad {
				invalid++
			}
		}
	}
	// The point's detail says how many requests completed and failed, as the site's did.
	counts := func(files *Files) map[int64]string {
		out := map[int64]string{}
		ds, _ := details(t, files)
		for _, pts := range ds {
			for _, p := range pts {
				if p.Run["completed"] != nil || p.Run["failed"] != nil {
					out[p.ID] = fmt.Sprint(p.Run["completed"], " completed, ", p.Run["failed"], " failed")
				}
			}
		}
		return out
	}
	wantCounts, gotCounts := counts(files), counts(again)
	for page, pts := range want {
		for id, w := range pts {
			if w.Requests != "" && gotCounts[id] != wantCounts[id] {
				t.Errorf("%s: point %d's detail after the round trip: %q, want %q", page, id, gotCounts[id], wantCounts[id])
			}
		}
	}

	if runs == 0 || ranges == 0 || requests == 0 || failed == 0 || invalid == 0 {
		t.Errorf("the site has %d points of several runs, %d with ranges, %d with requests (%d with failed ones), %d invalid: want each",
			runs, ranges, requests, failed, invalid)
	}
}
