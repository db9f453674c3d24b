package site

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"math"
	"path"
	"strconv"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testenv"
)

// detailPoint is a point of a detail chunk as the page script reads it (render.PointDetail).
type detailPoint struct {
	ID    int64                 `json:"id"`
	Stats map[string][]*float64 `json:"stats"`
	Run   map[string]any        `json:"run"`
	Reqs  *detailRequests       `json:"requests"`
	Runs  []map[string]any      `json:"runs"`
}

type detailRequests struct {
	N    int `json:"n"`
	Per  int `json:"per"`
	TTFT *struct {
		Lo     int
		Counts []int
	} `json:"ttft"`
	TPOT *struct {
		Lo     int
		Counts []int
	} `json:"tpot"`
	Computed map[string][]*float64 `json:"computed"`
}

// details reads every detail chunk of the built site: path -> its points, and their bytes.
func details(t *testing.T, files *Files) (map[string][]detailPoint, map[string][]byte) {
	t.Helper()
	out, raw := map[string][]detailPoint{}, map[string][]byte{}
	for _, name := range files.Names() {
		if !strings.HasPrefix(path.Base(name), "detail-") || !strings.HasSuffix(name, ".json.gz") {
			continue
		}
		gz, _ := files.Get(name)
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		var d struct {
			Points []detailPoint `json:"points"`
		}
		if err := json.Unmarshal(b, &d); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name], raw[name] = d.Points, b
	}
	return out, raw
}

// The details of the real site (internal/testsite's real files): the InferenceX rows give every
// statistic they carry, p99.9 included, each the row's own to four significant digits; the
// SGLang line with --output-details gives histograms of its 100 requests whose statistics are
// the line's own; and nothing of a secret or a host path reaches any chunk.
func TestDetailsOfRealFiles(t *testing.T) {
	files := buildExample(t)
	chunks, raw := details(t, files)
	if len(chunks) == 0 {
		t.Fatal("no detail chunks")
	}
	for name, b := range raw {
		for _, bad := range []string{"/workspace", "sk-", "Bearer", "api_key", "Authorization", "/srv/", "/config/"} {
			if bytes.Contains(b, []byte(bad)) {
				t.Errorf("%s holds %q", name, bad)
			}
		}
	}

	// The InferenceX rows: one row per configuration and concurrency in the latest file.
	var rows []struct {
		Conc    int64              `json:"conc"`
		RunURL  string             `json:"run_url"`
		Metrics map[string]float64 `json:"metrics"`
	}
	if err := json.Unmarshal(testenv.SharedFile(t, "raw/inferencex-api/dsr1_1k1k_latest.json"), &rows); err != nil {
		t.Fatal(err)
	}
	r4 := func(v float64) float64 { f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64); return f }
	stats := []string{"mean", "median", "p90", "p99", "p99.9", "std"}
	matched := 0
	for _, p := range chunks["deepseek-r1-0528/1k-1k/detail-0.json.gz"] {
		if p.Run == nil || p.Run["file"] != "raw/inferencex-api/dsr1_1k1k_latest.json" {
			continue
		}
		for _, r := range rows {
			if r.RunURL != p.Run["link"] || r.Metrics["median_ttft"] == 0 || p.Stats["ttft"] == nil || p.Stats["ttft"][1] == nil || r4(r.Metrics["median_ttft"]) != *p.Stats["ttft"][1] {
				continue
			}
			matched++
			for _, fam := range []string{"ttft", "tpot", "itl", "e2el", "intvty"} {
				for i, s := range stats {
					want, ok := r.Metrics[s+"_"+fam]
					got := p.Stats[fam]
					if fam == "intvty" && s == "std" {
						// InferenceX writes 1000 / std TPOT (8,400 tok/s/user beside a mean of
						// 104): no spread of interactivity, so the detail leaves it out.
						if ok && got != nil && got[i] != nil {
							t.Errorf("point %d: std_intvty %v in the detail", p.ID, *got[i])
						}
						continue
					}
					if !ok {
						continue
					}
					if got == nil || got[i] == nil || math.Abs(*got[i]-r4(want)) > 1e-12*math.Abs(want) {
						t.Errorf("point %d: %s_%s = %v, the row's %v", p.ID, s, fam, got, want)
					}
				}
			}
			break
		}
	}
	if matched < 10 {
		t.Errorf("%d points of the InferenceX rows matched their rows, want many", matched)
	}

	// The SGLang line: 100 requests, its percentiles the line's own (ms), and p90 and p99.9,
	// which its summary lacks, computed and said so.
	var sg *detailPoint
	for _, ps := range chunks {
		for i := range ps {
			if ps[i].Reqs != nil {
				sg = &ps[i]
			}
		}
	}
	if sg == nil {
		t.Fatal("no point with per-request figures")
	}
	q := sg.Reqs
	if q.N != 100 || q.Per != 10 || q.TTFT == nil || q.TPOT == nil {
		t.Fatalf("requests %+v", q)
	}
	count := func(c []int) (n int) {
		for _, v := range c {
			n += v
		}
		return n
	}
	if count(q.TTFT.Counts) != 100 || count(q.TPOT.Counts) != 99 {
		t.Errorf("histograms count %d and %d requests", count(q.TTFT.Counts), count(q.TPOT.Counts))
	}
	// The file gives median and p99 of TTFT (493.27, 969.86 ms); the histogram's median bin holds it.
	if v := sg.Stats["ttft"][1]; v == nil || *v != 0.4933 {
		t.Errorf("median TTFT %v, want the file's 0.4933 s", v)
	}
	if q.Computed["ttft"] == nil || q.Computed["ttft"][2] == nil || q.Computed["ttft"][4] == nil || q.Computed["ttft"][1] != nil {
		t.Errorf("computed TTFT %v: want p90 and p99.9 (the file lacks them), not the median (it has it)", q.Computed["ttft"])
	}
	if sg.Run["client"] != "SGLang bench_serving" || sg.Run["version"] != "0.5.9" || sg.Run["completed"] != float64(100) {
		t.Errorf("run %v", sg.Run)
	}
}
