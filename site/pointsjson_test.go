package site

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/render"
)

// TestPageDataRawColumnsMatchDownloads: the columns a page with raw results adds to each point
// of page.json (written token by token by render.PointsJSON) hold the values data.json (full
// precision) holds for that point, rounded as charts.Round6 rounds: topology, image and run
// URL as strings, every metric as a number, null where the point lacks it. The view's columns
// are checked by render's FuzzPointsJSON.
func TestPageDataRawColumnsMatchDownloads(t *testing.T) {
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
