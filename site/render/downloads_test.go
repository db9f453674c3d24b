package render

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"

	"github.com/frontier-bench/frontier/site/input"
)

// TestDownloadJSONIsWhatEncodingJSONWrites: data.json, written by hand, holds the bytes
// json.Encoder writes for the same document: hostile and non-ASCII strings, numbers of every
// size, optional fields present and absent, a series without points.
func TestDownloadJSONIsWhatEncodingJSONWrites(t *testing.T) {
	hostile := "</script><!-- & \"q\" \\ \u2028 \u00e9 中 \xff \x01"
	pt := func(x, y float64, raw *input.RawPoint) downloadPoint {
		p := downloadPoint{ID: -7, Precision: "fp8", X: x, Y: y, Concurrency: 64, TP: 8, Date: "2026-01-02", RunID: hostile, Frontier: x > 1,
			Metrics: downloadMetrics{InputTputPerGpu: x, OutputTputPerGpu: -y, TpPerGpu: x * y, Raw: raw}}
		if raw != nil {
			p.Topology, p.Image, p.RunURL = "tp8", hostile, "https://example.org/run?a=1&b=<2>"
		}
		return p
	}
	docs := []downloadDoc{
		{},
		{Model: hostile, Sequence: "1k/1k", Date: "2026-01-02", Metric: input.Metric{Key: "tpPerGpu", Label: hostile, Unit: "tok/s"},
			XAxis: input.XAxis{Mode: "x", Field: "f", Label: hostile},
			Series: []downloadSeries{
				{Key: "a", Name: hostile, GPU: "b200", Best: true, Points: []downloadPoint{
					pt(0, 0, nil), pt(1e-7, 1e21, &input.RawPoint{}), pt(123456789.125, -0.000001, nil),
					pt(math.MaxFloat64, math.SmallestNonzeroFloat64, &input.RawPoint{}), pt(-1.5e-300, 42, nil)}},
				{Key: "empty", Points: []downloadPoint{}},
				{Key: "nil"},
			}},
	}
	for i, d := range docs {
		got, err := d.appendJSON(nil)
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if err := json.NewEncoder(&want).Encode(d); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want.Bytes()) {
			t.Errorf("doc %d: by hand\n%s\nencoding/json\n%s", i, got, want.Bytes())
		}
	}
}
