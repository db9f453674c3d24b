package testsite

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/site/problem"
)

// SeedJSON is the example site's dataset, data/deepseek-v4-pro_8k-1k_fp4.json.
func SeedJSON(tb testing.TB) []byte {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join(Root(), "data", "deepseek-v4-pro_8k-1k_fp4.json"))
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// SeedFS is a data folder holding only the seed dataset, under its own name.
func SeedFS(tb testing.TB) fstest.MapFS {
	tb.Helper()
	return fstest.MapFS{"deepseek-v4-pro_8k-1k_fp4.json": {Data: SeedJSON(tb)}}
}

// ScriptJSON is the text inside a page's <script type="application/json" id="ID">, which the
// chart page's option and page data are written in.
func ScriptJSON(tb testing.TB, html []byte, id string) []byte {
	tb.Helper()
	re := regexp.MustCompile(`<script type="application/json" id="` + regexp.QuoteMeta(id) + `">([\s\S]*?)</script>`)
	m := re.FindSubmatch(html)
	if m == nil {
		tb.Fatalf("no %s script block in page", id)
	}
	return m[1]
}

// ---- A small valid dataset the tests edit ----

// Point is one valid point of Doc, its metrics adding up to y.
func Point(id int, x, y float64) map[string]any {
	return map[string]any{
		"id": id, "precision": "fp4", "x": x, "y": y, "concurrency": 64, "tp": 8,
		"date": "2026-07-01", "runId": 1000 + id, "frontier": true, "bestPerSku": false,
		"metrics": map[string]any{"tpPerGpu": y, "outputTputPerGpu": y / 10, "inputTputPerGpu": y - y/10},
	}
}

// Doc is a small valid inference-view dataset, for tests to edit and Marshal.
func Doc() map[string]any {
	return map[string]any{
		"view": "inference", "apiVersion": "v1",
		"params": map[string]any{"model": "Model-X", "sequence": "8k/1k", "date": "2026-07-31"},
		"metric": map[string]any{"key": "tpPerGpu", "label": "Token Throughput per GPU", "unit": "tok/s/gpu"},
		"xAxis":  map[string]any{"mode": "interactivity", "label": "Interactivity (tok/s/user)"},
		"hardware": []any{
			map[string]any{"key": "b200_vllm", "label": "B200 (vLLM)", "vendor": "NVIDIA"},
			map[string]any{"key": "b300_trt", "label": "B300 (TRTLLM)", "vendor": "NVIDIA"},
		},
		"series": []any{
			map[string]any{"hwKey": "b200_vllm", "gpu": "b200", "framework": "vllm", "label": "B200 (vLLM)",
				"points": []any{Point(1, 10, 1000), Point(2, 20, 800)}},
			map[string]any{"hwKey": "b300_trt", "gpu": "b300", "framework": "trt", "specMethod": "mtp",
				"label": "B300 (TRTLLM)", "points": []any{Point(3, 15, 1500)}},
		},
	}
}

// Edit changes the value at a dotted path ("series.0.points.1.y") of a Doc.
// A value of Deleted removes the key.
func Edit(tb testing.TB, doc any, path string, v any) {
	tb.Helper()
	keys := strings.Split(path, ".")
	cur := doc
	for i, k := range keys {
		last := i == len(keys)-1
		switch c := cur.(type) {
		case map[string]any:
			if last {
				if v == Deleted {
					delete(c, k)
				} else {
					c[k] = v
				}
				return
			}
			cur = c[k]
		case []any:
			n, err := strconv.Atoi(k)
			if err != nil || n >= len(c) {
				tb.Fatalf("bad index %q in %s", k, path)
			}
			if last {
				c[n] = v
				return
			}
			cur = c[n]
		default:
			tb.Fatalf("cannot walk %s at %q", path, k)
		}
	}
}

// Deleted as Edit's value removes the key.
var Deleted = &struct{ x int }{}

// RawJSON puts text into a test document as is, for what the encoder cannot write (1e999).
func RawJSON(s string) json.RawMessage { return json.RawMessage(s) }

// Marshal is a test document as pretty-printed JSON, like the seed.
func Marshal(tb testing.TB, doc any) []byte {
	tb.Helper()
	b, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// ProblemLines is each problem as the command line prints it.
func ProblemLines(ps problem.Problems) []string {
	out := []string{}
	for _, p := range ps {
		out = append(out, p.String())
	}
	return out
}
