package history

import (
	"bytes"
	"encoding/json/jsontext"
	"encoding/json/v2"
	"slices"
	"testing"

	"github.com/frontier-bench/frontier/site/input"
)

// pointColumns are the columns of every page's points; a page with raw results adds topology,
// image, run URL and its metrics (package render's page columns).
var pointColumns = []string{"id", "x", "tpPerGpu", "outputTputPerGpu", "inputTputPerGpu", "conc", "tp", "date", "run"}

// decodedChunk is a chunk file read as the page script reads it (asof.js's decodeChunk): each
// column's values, a column written as a number taken from the column it names, strings
// looked up in strs.
type decodedChunk struct {
	Cols    []string         `json:"cols"`
	StrCols []int            `json:"strCols"`
	Strs    []string         `json:"strs"`
	S       []int            `json:"s"`
	K       []int            `json:"k"`
	D       []int            `json:"d"`
	C       []jsontext.Value `json:"c"`
}

func encodeChunk(t *testing.T, rows []row, cols []string) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := chunkJSON(jsontext.NewEncoder(&buf), rows, cols); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func decodeChunk(t *testing.T, b []byte) (decodedChunk, map[string][]any) {
	t.Helper()
	var c decodedChunk
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatalf("%v in %s", err, b)
	}
	cols := map[string][]any{}
	for j, name := range c.Cols {
		raw := c.C[j]
		var ref int
		if json.Unmarshal(raw, &ref) == nil {
			raw = c.C[ref]
		}
		var vals []any
		if err := json.Unmarshal(raw, &vals); err != nil {
			t.Fatalf("column %s: %v", name, err)
		}
		if slices.Contains(c.StrCols, j) {
			for i, v := range vals {
				vals[i] = c.Strs[int(v.(float64))]
			}
		}
		cols[name] = vals
	}
	return c, cols
}

// TestChunkHoldsEveryRowsValues: a chunk gives back, row by row, each point's columns as the
// page's points carry them: numbers rounded to six significant digits, strings through the
// table, null for a metric a point lacks (package site's raw tests read real metrics back
// through SnapshotJSON), and each row's series, slot and date.
func TestChunkHoldsEveryRowsValues(t *testing.T) {
	raw := &input.RawPoint{Topology: input.Topology{GPUs: 8, TP: 8}, Image: "lmsysorg/sglang:v0.5", RunURL: "https://example.com/run/1"}
	pts := []input.Point{
		{ID: 4503599627370497, X: 12.3456789, TpPerGpu: 1234567.89, OutputTputPerGpu: 0.5, InputTputPerGpu: 7, Concurrency: 64, TP: 8, Date: "2026-01-02", RunID: "r1", Raw: raw},
		{ID: 2, X: 3, TpPerGpu: 8, OutputTputPerGpu: 4, InputTputPerGpu: 4, Concurrency: 8, TP: 4, Date: "", RunID: "r\"2<"},
	}
	rows := []row{{asOfRow{1, 2, "2026-01-02"}, &pts[0]}, {asOfRow{0, 0, ""}, &pts[1]}}
	cols := append(slices.Clone(pointColumns), "topology", "image", "runUrl", "p99_ttft")
	b := encodeChunk(t, rows, cols)
	c, got := decodeChunk(t, b)
	if !slices.Equal(c.Cols, cols) || !slices.Equal(c.S, []int{1, 0}) || !slices.Equal(c.K, []int{2, 0}) {
		t.Errorf("cols %v, series %v, slots %v; want %v, [1 0], [2 0]", c.Cols, c.S, c.K, cols)
	}
	if d := []string{c.Strs[c.D[0]], c.Strs[c.D[1]]}; !slices.Equal(d, []string{"2026-01-02", ""}) {
		t.Errorf("row dates %q", d)
	}
	want := map[string][]any{
		"id": {4503599627370497.0, 2.0}, "x": {12.3457, 3.0}, "tpPerGpu": {1234570.0, 8.0},
		"outputTputPerGpu": {0.5, 4.0}, "inputTputPerGpu": {7.0, 4.0}, "conc": {64.0, 8.0}, "tp": {8.0, 4.0},
		"date": {"2026-01-02", ""}, "run": {"r1", "r\"2<"}, "topology": {raw.Topology.String(), ""},
		"image": {raw.Image, ""}, "runUrl": {raw.RunURL, ""}, "p99_ttft": {nil, nil},
	}
	for name, w := range want {
		if !slices.Equal(got[name], w) {
			t.Errorf("column %s: %v, want %v", name, got[name], w)
		}
	}
	if again := encodeChunk(t, rows, cols); string(again) != string(b) {
		t.Error("the same rows encoded twice differ")
	}
}

// TestChunkWritesAnEqualColumnOnce: a column with the same values as an earlier column of its
// kind is written as that column's index (input throughput equal to output, TP to
// concurrency here), and a column that differs in one value is written whole.
func TestChunkWritesAnEqualColumnOnce(t *testing.T) {
	pts := []input.Point{
		{ID: 1, X: 2, TpPerGpu: 9, OutputTputPerGpu: 4.5, InputTputPerGpu: 4.5, Concurrency: 4, TP: 4, Date: "2026-01-01"},
		{ID: 2, X: 3, TpPerGpu: 8, OutputTputPerGpu: 4, InputTputPerGpu: 4, Concurrency: 8, TP: 8, Date: "2026-01-01"},
	}
	rows := []row{{asOfRow{0, 0, "2026-01-01"}, &pts[0]}, {asOfRow{0, 0, "2026-01-01"}, &pts[1]}}
	written := func() map[string]string {
		c, _ := decodeChunk(t, encodeChunk(t, rows, pointColumns))
		out := map[string]string{}
		for j, name := range c.Cols {
			out[name] = string(c.C[j])
		}
		return out
	}
	got := written()
	want := map[string]string{"x": "[2,3]", "tpPerGpu": "[9,8]", "outputTputPerGpu": "[4.5,4]", "inputTputPerGpu": "3",
		"conc": "[4,8]", "tp": "5"}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("column %s: %s, want %s", name, got[name], w)
		}
	}
	pts[1].InputTputPerGpu = 4.25
	if got := written()["inputTputPerGpu"]; got != "[4.5,4.25]" {
		t.Errorf("a column that differs: %s, want it whole", got)
	}
}

// TestChunkWritesNoConcurrencyOrTPAsNull: a run by request rate has no concurrency and a file
// may give no TP; an older date's rows say so as the page data's newest do (null), never 0.
func TestChunkWritesNoConcurrencyOrTPAsNull(t *testing.T) {
	pts := []input.Point{{ID: 1, X: 3, TpPerGpu: 8, Concurrency: 16, TP: 4}, {ID: 2, X: 3, TpPerGpu: 8}}
	rows := []row{{asOfRow{0, 0, ""}, &pts[0]}, {asOfRow{0, 1, ""}, &pts[1]}}
	_, got := decodeChunk(t, encodeChunk(t, rows, pointColumns))
	for _, col := range []string{"conc", "tp"} {
		if v := got[col]; len(v) != 2 || v[0] == nil || v[1] != nil {
			t.Errorf("%s: %v, want a number for the first point and null for the second", col, v)
		}
	}
}
