package site

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"math"
	"slices"
	"testing"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/render"
)

// TestPageDataRawColumnsMatchDownloads: the columns a page with raw results adds to each point
// of its page data (page.json, written token by token by render.PointsJSON, with the columns
// it leaves to rest.json.gz and columns.json.gz: fullPageRows) hold the values data.json (full
// precision) holds for that point, rounded as charts.Round6 rounds: topology, image and run
// URL as strings, every metric as a number, null where the point lacks it. The view's columns
// are checked by render's FuzzPointsJSON.
func TestPageDataRawColumnsMatchDownloads(t *testing.T) {
	t.Parallel()
	files, _, err := build(t, rawFS(t), rawConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	const page = "deepseek-r1-0528/1k-1k/"
	b, _ := files.Get(page + "page.json")
	var pd struct {
		render.PageData
		Series []struct {
			render.SeriesData
			Points [][]any `json:"points"`
		} `json:"series"`
	}
	if err := json.Unmarshal(b, &pd); err != nil {
		t.Fatalf("page.json: %v", err)
	}
	for i, rows := range fullPageRows(t, files, page) {
		pd.Series[i].Points = rows
	}
	b, _ = files.Get(page + "data.json")
	var dl struct {
		Series []struct {
			Key    string `json:"key"`
			Points []struct {
				ID       int64              `json:"id"`
				Topology string             `json:"topology"`
				Image    string             `json:"image"`
				RunURL   string             `json:"runUrl"`
				Metrics  map[string]float64 `json:"metrics"`
			} `json:"points"`
		} `json:"series"`
	}
	if err := json.Unmarshal(b, &dl); err != nil {
		t.Fatalf("data.json: %v", err)
	}
	base := len(render.PointColumns())
	if len(pd.Cols) <= base+3 || pd.Cols[base] != "topology" {
		t.Fatalf("page.json cols %v: want raw columns after the view's %d", pd.Cols, base)
	}
	if len(pd.Series) != len(dl.Series) {
		t.Fatalf("page.json has %d series, data.json %d", len(pd.Series), len(dl.Series))
	}
	checked, nulls := 0, 0
	for i, s := range pd.Series {
		d := dl.Series[i]
		if s.Key != d.Key || len(s.Points) != len(d.Points) {
			t.Fatalf("series %d: page.json %s with %d points, data.json %s with %d", i, s.Key, len(s.Points), d.Key, len(d.Points))
		}
		for j, pt := range s.Points {
			want := d.Points[j]
			if len(pt) != len(pd.Cols) {
				t.Fatalf("%s point %d has %d columns, cols names %d", s.Key, j, len(pt), len(pd.Cols))
			}
			for k, v := range []string{want.Topology, want.Image, want.RunURL} {
				if pt[base+k] != v {
					t.Errorf("%s point %d: %s = %v, data.json has %q", s.Key, j, pd.Cols[base+k], pt[base+k], v)
				}
			}
			for c := base + 3; c < len(pd.Cols); c++ {
				name := pd.Cols[c]
				full, has := want.Metrics[name]
				switch got := pt[c].(type) {
				case nil:
					nulls++
					if has {
						t.Errorf("%s point %d: %s is null, data.json has %v", s.Key, j, name, full)
					}
				case float64:
					checked++
					if !has || got != charts.Round6(full) || math.Signbit(got) != math.Signbit(full) {
						t.Errorf("%s point %d: %s = %v, want Round6 of data.json's %v (present %v)", s.Key, j, name, got, full, has)
					}
				default:
					t.Errorf("%s point %d: %s = %#v, want a number or null", s.Key, j, name, got)
				}
			}
		}
	}
	if checked == 0 || nulls == 0 {
		t.Errorf("checked %d metric values and %d nulls: the test data should have both", checked, nulls)
	}
}

// fullPageRows are the points of a chart page's page data (page.json) with every column: the
// page data's own, and those it leaves to rest.json.gz and columns.json.gz (rest, later), each
// file holding per series, per point, the values of its cols.
func fullPageRows(t *testing.T, files *Files, page string) [][][]any {
	t.Helper()
	b, _ := files.Get(page + "page.json")
	var pd readPageData
	if err := json.Unmarshal(b, &pd); err != nil {
		t.Fatalf("page.json: %v", err)
	}
	out := make([][][]any, len(pd.Series))
	for i, s := range pd.Series {
		for _, pt := range s.Points {
			row := make([]any, len(pd.Cols))
			copy(row, pt)
			out[i] = append(out[i], row)
		}
	}
	for _, li := range []*render.LaterIndex{pd.Rest, pd.Later} {
		if li == nil {
			continue
		}
		gz, ok := files.Get(page + li.File)
		if !ok {
			t.Fatalf("page.json names %s, not written", li.File)
		}
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			t.Fatal(err)
		}
		var d struct {
			Cols   []string  `json:"cols"`
			Series [][][]any `json:"series"`
		}
		if err := json.NewDecoder(zr).Decode(&d); err != nil {
			t.Fatal(err)
		}
		if len(d.Series) != len(out) {
			t.Fatalf("%s: %d series, want page.json's %d", li.File, len(d.Series), len(out))
		}
		for k, c := range d.Cols {
			col := slices.Index(pd.Cols, c)
			if col < 0 {
				t.Fatalf("%s: column %s is not among page.json's cols", li.File, c)
			}
			for i := range out {
				if len(d.Series[i]) != len(out[i]) {
					t.Fatalf("%s: series %d has %d points, want %d", li.File, i, len(d.Series[i]), len(out[i]))
				}
				for j := range out[i] {
					out[i][j][col] = d.Series[i][j][k]
				}
			}
		}
	}
	return out
}
