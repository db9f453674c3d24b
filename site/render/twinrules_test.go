package render

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/input"
)

// The rules the chart page states in both languages, because the build lays the default view
// out in HTML and the page script redraws it: the filters' facets and labels, the price form
// and the leaders table. Each has a section of templates/script/testdata/twins.json that the
// script's node tests read too, so both sides meet the same expected values without a browser.

func TestDeploymentLabelTwinCases(t *testing.T) {
	var cases []struct{ In, Want string }
	testsite.TwinSection(t, "deploymentLabel", &cases)
	for _, c := range cases {
		if got := deployLabel(c.In); got != c.Want {
			t.Errorf("deployLabel(%q) = %q, want %q", c.In, got, c.Want)
		}
	}
}

func TestFacetTwinCases(t *testing.T) {
	var facets struct {
		Page  PageData
		Cases []struct {
			Name   string
			Series SeriesData
			Want   map[string][3]string // list: value, label, colour
		}
	}
	testsite.TwinSection(t, "facets", &facets)
	for _, c := range facets.Cases {
		if len(c.Want) != len(filterTitles) {
			t.Errorf("%s: want gives %d lists, the page has %d filters", c.Name, len(c.Want), len(filterTitles))
		}
		for _, f := range filterTitles {
			value, label, color := facetOf(&facets.Page, &c.Series, f.name)
			if got := [3]string{value, label, color}; got != c.Want[f.name] {
				t.Errorf("%s: facetOf(%s) = %q, want %q", c.Name, f.name, got, c.Want[f.name])
			}
		}
	}
}

func TestPricesTwinCases(t *testing.T) {
	var prices struct {
		Page PageData
		Want []struct{ GPU, Label, Cost, KW string }
	}
	testsite.TwinSection(t, "prices", &prices)
	got := pricesOf(&prices.Page)
	if len(got) != len(prices.Want) {
		t.Fatalf("pricesOf gives %d rows, want %d: %+v", len(got), len(prices.Want), got)
	}
	for i, w := range prices.Want {
		if g := got[i]; g != (priceView{w.GPU, w.Label, w.Cost, w.KW}) {
			t.Errorf("row %d: %+v, want %+v", i, g, w)
		}
	}
}

func TestLeadersTwinCases(t *testing.T) {
	var leaders struct {
		Page  map[string]json.RawMessage
		Cases []struct {
			Name string
			Page map[string]json.RawMessage
			Want string
		}
	}
	testsite.TwinSection(t, "leaders", &leaders)
	for _, c := range leaders.Cases {
		fields := maps.Clone(leaders.Page)
		maps.Copy(fields, c.Page)
		b, err := json.Marshal(fields)
		if err != nil {
			t.Fatal(err)
		}
		// The page data as Go holds it: a series' points are input.Points, Y the page's metric.
		var page struct {
			PageData
			Series []struct {
				Key, Name, GPU, Color string
				Best                  bool
				Points                [][]float64
				Frontier              []int
			} `json:"series"`
		}
		if err := json.Unmarshal(b, &page); err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		data := page.PageData
		x, y := slices.Index(data.Cols, "x"), slices.Index(data.Cols, data.Metric)
		for _, s := range page.Series {
			sd := SeriesData{SeriesHead: SeriesHead{Key: s.Key, Name: s.Name, GPU: s.GPU, Color: s.Color, Best: s.Best}, Frontier: s.Frontier}
			for _, row := range s.Points {
				sd.Points.pts = append(sd.Points.pts, input.Point{X: row[x], Y: row[y]})
			}
			data.Series = append(data.Series, sd)
		}
		var metric MetricData
		for _, m := range data.Metrics {
			if m.Key == data.Metric {
				metric = m
			}
		}
		if got := string(leadersHTML(&data, metric, defaultShown(&data), data.RefX)); got != c.Want {
			t.Errorf("%s: leadersHTML =\n%s\nwant\n%s", c.Name, got, c.Want)
		}
	}
}
