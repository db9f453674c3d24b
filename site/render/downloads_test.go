package render

import (
	"bytes"
	"encoding/json/jsontext"
	"encoding/json/v2"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/site/input"
)

// TestDownloadJSONValues: data.json, decoded, holds the document's values: hostile and
// non-ASCII strings, numbers of every size at full precision, optional fields present and
// absent, the metrics under their keys in sorted order, a series without points; one compact
// line, and the same bytes on every encoding.
func TestDownloadJSONValues(t *testing.T) {
	hostile := "</script><!-- & \"q\" \\ \u2028 \u00e9 中 \xff \x01"
	pt := func(x, y float64, raw *input.RawPoint) downloadPoint {
		p := downloadPoint{ID: -7, Precision: "fp8", X: optNum(x), Y: optNum(y), Concurrency: 64, TP: 8, Date: "2026-01-02", RunID: hostile, Frontier: x > 1,
			Metrics: downloadMetrics{InputTputPerGpu: x, OutputTputPerGpu: -y, TpPerGpu: x * y, Raw: raw}}
		if raw != nil {
			p.Topology, p.Image, p.RunURL = "tp8", hostile, "https://example.org/run?a=1&b=<2>"
		}
		return p
	}
	docs := []downloadDoc{
		{},
		{Model: hostile, Sequence: "1k/1k", Date: "2026-01-02", Metric: downloadMetric{Key: "tpPerGpu", Label: hostile, Unit: "tok/s"},
			XAxis: downloadXAxis{Mode: "x", Field: "f", Label: hostile},
			Series: []downloadSeries{
				{Key: "a", Name: hostile, GPU: "b200", Best: true, Points: []downloadPoint{
					pt(0, 0, nil), pt(1e-7, 1e21, &input.RawPoint{}), pt(123456789.125, -0.000001, nil),
					pt(math.MaxFloat64, math.SmallestNonzeroFloat64, &input.RawPoint{}), pt(-1.5e-300, 42, nil)}},
				{Key: "empty", Points: []downloadPoint{}},
				{Key: "nil"},
			}},
	}
	valid := func(s string) string { return strings.ToValidUTF8(s, "\uFFFD") }
	type point struct {
		ID          int64          `json:"id"`
		Precision   string         `json:"precision"`
		X           float64        `json:"x"`
		Y           float64        `json:"y"`
		Concurrency int64          `json:"concurrency"`
		TP          int64          `json:"tp"`
		Date        string         `json:"date"`
		RunID       string         `json:"runId"`
		Frontier    bool           `json:"frontier"`
		Topology    *string        `json:"topology"`
		Image       *string        `json:"image"`
		RunURL      *string        `json:"runUrl"`
		Metrics     jsontext.Value `json:"metrics"`
	}
	type series struct {
		Key    string   `json:"key"`
		Name   string   `json:"name"`
		HWKey  string   `json:"hwKey"`
		GPU    string   `json:"gpu"`
		Spec   string   `json:"specMethod"`
		Best   bool     `json:"bestPerGpu"`
		Points *[]point `json:"points"`
	}
	// keys are an object's member names in the order written.
	keys := func(v jsontext.Value) []string {
		dec := jsontext.NewDecoder(bytes.NewReader(v))
		var out []string
		if _, err := dec.ReadToken(); err != nil {
			t.Fatal(err)
		}
		for dec.PeekKind() == '"' {
			tok, _ := dec.ReadToken()
			out = append(out, tok.String())
			if err := dec.SkipValue(); err != nil {
				t.Fatal(err)
			}
		}
		return out
	}
	for i, d := range docs {
		b, err := encodeDownload(&d)
		if err != nil {
			t.Fatal(err)
		}
		if again, _ := encodeDownload(&d); !bytes.Equal(b, again) {
			t.Errorf("doc %d: two encodings differ", i)
		}
		if bytes.Count(b, []byte("\n")) != 1 || !bytes.HasSuffix(b, []byte("}\n")) {
			t.Errorf("doc %d: want one compact line ending with a newline, got %q", i, b)
		}
		var got struct {
			Model    string            `json:"model"`
			Sequence string            `json:"sequence"`
			Date     string            `json:"date"`
			Metric   map[string]string `json:"metric"`
			XAxis    map[string]string `json:"xAxis"`
			Series   *[]series         `json:"series"`
		}
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("doc %d: %v: %s", i, err, b)
		}
		if got.Model != valid(d.Model) || got.Sequence != d.Sequence || got.Date != d.Date ||
			got.Metric["key"] != d.Metric.Key || got.Metric["label"] != valid(d.Metric.Label) || got.Metric["unit"] != d.Metric.Unit ||
			got.XAxis["mode"] != d.XAxis.Mode || got.XAxis["field"] != d.XAxis.Field || got.XAxis["label"] != valid(d.XAxis.Label) {
			t.Errorf("doc %d: head %+v, want %+v", i, got, d)
		}
		if (got.Series == nil) != (d.Series == nil) {
			t.Fatalf("doc %d: series %v, want nil %v", i, got.Series, d.Series == nil)
		}
		if got.Series == nil {
			continue
		}
		if len(*got.Series) != len(d.Series) {
			t.Fatalf("doc %d: %d series, want %d", i, len(*got.Series), len(d.Series))
		}
		for j, gs := range *got.Series {
			ws := d.Series[j]
			if gs.Key != ws.Key || gs.Name != valid(ws.Name) || gs.HWKey != ws.HWKey || gs.GPU != ws.GPU || gs.Best != ws.Best || gs.Spec != ws.Spec {
				t.Errorf("doc %d series %d: %+v, want %+v", i, j, gs, ws)
			}
			if (gs.Points == nil) != (ws.Points == nil) {
				t.Fatalf("doc %d series %d: points %v, want nil %v", i, j, gs.Points, ws.Points == nil)
			}
			if gs.Points == nil {
				continue
			}
			if len(*gs.Points) != len(ws.Points) {
				t.Fatalf("doc %d series %d: %d points, want %d", i, j, len(*gs.Points), len(ws.Points))
			}
			for k, gp := range *gs.Points {
				wp := ws.Points[k]
				if gp.ID != wp.ID || gp.Precision != wp.Precision || gp.X != float64(wp.X) || gp.Y != float64(wp.Y) || gp.Concurrency != wp.Concurrency ||
					gp.TP != wp.TP || gp.Date != wp.Date || gp.RunID != valid(wp.RunID) || gp.Frontier != wp.Frontier {
					t.Errorf("doc %d series %d point %d: %+v, want %+v", i, j, k, gp, wp)
				}
				for _, f := range []struct {
					got  *string
					want string
				}{{gp.Topology, wp.Topology}, {gp.Image, wp.Image}, {gp.RunURL, wp.RunURL}} {
					if (f.got == nil) != (f.want == "") || f.got != nil && *f.got != valid(f.want) {
						t.Errorf("doc %d series %d point %d: topology, image or run URL %v, want %q (absent when empty)", i, j, k, f.got, f.want)
					}
				}
				want := map[string]float64{"inputTputPerGpu": wp.Metrics.InputTputPerGpu, "outputTputPerGpu": wp.Metrics.OutputTputPerGpu, "tpPerGpu": wp.Metrics.TpPerGpu}
				var metrics map[string]float64
				if err := json.Unmarshal(gp.Metrics, &metrics); err != nil {
					t.Fatalf("doc %d series %d point %d: metrics %s: %v", i, j, k, gp.Metrics, err)
				}
				if len(metrics) != len(want) {
					t.Errorf("doc %d series %d point %d: metrics %v, want %v", i, j, k, metrics, want)
				}
				for name, v := range want {
					if g, ok := metrics[name]; !ok || g != v || math.Signbit(g) != math.Signbit(v) {
						t.Errorf("doc %d series %d point %d: metrics[%s] = %v, want %v", i, j, k, name, g, v)
					}
				}
				if ks := keys(gp.Metrics); !slices.IsSorted(ks) {
					t.Errorf("doc %d series %d point %d: metrics keys %v, want them sorted", i, j, k, ks)
				}
			}
		}
	}
}
