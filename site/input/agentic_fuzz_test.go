package input

import (
	"math"
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

// FuzzAgenticAggregate feeds the agentic readers (agentic.go) variations of the aggregates and
// API rows the project writes in testdata/agentic: whatever the input, an accepted row is on a
// page named for its scenario (never a sequence), has finite non-negative metrics, a throughput
// and an interactivity, and every problem names the file.
func FuzzAgenticAggregate(f *testing.F) {
	for _, name := range []string{"agg_v1.json", "agg_v0.json", "api_rows.json"} {
		data, err := os.ReadFile("testdata/agentic/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fm, _ := sniffFormat(data)
		if fm != formatAgg && fm != formatAPI {
			return
		}
		rows, ps := decodeRaw(fm, "data/x.json", "x.json", data, &RawOptions{})
		for _, p := range ps {
			if !strings.HasPrefix(p.String(), "data/x.json") || p.Msg == "" {
				t.Fatalf("problem %q does not name the file", p.String())
			}
		}
		for i := range rows {
			r := &rows[i]
			if r.raw.Agentic == nil {
				continue
			}
			if !IsScenario(r.sequence) || r.sequence != ScenarioSequence(r.sequence) {
				t.Fatalf("agentic row on page %q", r.sequence)
			}
			r.raw.Metrics.Each(func(m MetricID, v float64) {
				if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
					t.Fatalf("%s = %v", MetricNames[m], v)
				}
			})
			if !r.raw.Metrics.Has(MTputPerGPU) || !r.raw.Metrics.Has(MP90Intvty) && !r.raw.Metrics.Has(MMedianIntvty) {
				t.Fatal("agentic row without throughput or interactivity")
			}
		}
	})
}

// FuzzTraceFolder feeds the trace-replay reader (agentictrace.go) variations of the records,
// summary and server metrics traceFolder writes: whatever they hold, a folder gives one point
// with finite non-negative metrics, or problems that name its records file.
func FuzzTraceFolder(f *testing.F) {
	seed := traceFolder(5)
	const dir = "agentic-coding/b200/c16/"
	f.Add(seed[dir+traceRecords].Data, seed[dir+traceSummary].Data, seed[dir+traceServer].Data)
	f.Fuzz(func(t *testing.T, records, summary, server []byte) {
		fsys := fstest.MapFS{dir + traceRecords: {Data: records}, dir + traceSummary: {Data: summary}, dir + traceServer: {Data: server}}
		ds, ps := Load(fsys, "data/", traceRuns)
		for _, p := range ps {
			if !strings.HasPrefix(p.String(), "data/"+dir) || p.Msg == "" {
				t.Fatalf("problem %q does not name the folder's file", p.String())
			}
		}
		for _, d := range ds {
			for i := range d.RawFile.rows {
				r := &d.RawFile.rows[i]
				r.raw.Metrics.Each(func(m MetricID, v float64) {
					if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
						t.Fatalf("%s = %v", MetricNames[m], v)
					}
				})
				if r.sequence != "agentic coding" || !r.raw.Metrics.Has(MP90Intvty) {
					t.Fatalf("point on %q without p90 interactivity", r.sequence)
				}
			}
		}
	})
}
