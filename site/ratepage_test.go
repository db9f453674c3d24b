package site

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/internal/testsite"
)

// TestPageOfRunsByRequestRate (issue 44): `vllm bench serve --request-rate R` runs without
// --max-concurrency ("max_concurrency": null) build into a page whose load is the request rate:
// an x axis every point has (concurrency, which none has, is not offered), a request_rate
// column in the page data, no concurrency (null) in the points, and the rate in the server
// table's concurrency cell.
func TestPageOfRunsByRequestRate(t *testing.T) {
	t.Parallel()
	serve := func(rate, total, tpot string) []byte {
		return []byte(`{"date": "20260505-195242", "model_id": "org/Model", "request_rate": ` + rate + `, "burstiness": 1.0,
			"max_concurrency": null, "completed": 200, "total_input_tokens": 204800, "total_output_tokens": 204800,
			"total_token_throughput": ` + total + `, "output_throughput": 400, "median_ttft_ms": 120, "median_tpot_ms": ` + tpot + `,
			"median_e2el_ms": 9000}`)
	}
	fsys := fstest.MapFS{
		"runs/r1.json": testsite.MapFile(serve("1", "800", "10"), 1),
		"runs/r2.json": testsite.MapFile(serve("2", "1500", "20"), 1),
	}
	cfg, ps := ParseConfig("frontier.toml", []byte("[[runs]]\npath = \"runs/*\"\ngpu = \"h100\"\ngpus = 2\nframework = \"vllm\"\nprecision = \"fp8\"\nisl = 1024\nosl = 1024\n"))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	files, rep, err := build(t, fsys, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Points != 2 {
		t.Errorf("%d points, want 2 (two rates)", rep.Points)
	}
	const dir = "model/1k-1k/"
	b, ok := files.Get(dir + "page.json")
	if !ok {
		t.Fatalf("no %spage.json: %v", dir, files.Names())
	}
	var pd pageData
	if err := json.Unmarshal(b, &pd); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, x := range pd.XAxes {
		keys = append(keys, x.Key)
	}
	if keys[0] != "median_intvty" || !slices.Contains(keys, "request_rate") || slices.Contains(keys, "conc") {
		t.Errorf("x axes %v: want interactivity first, request rate offered, concurrency not", keys)
	}
	var rates []float64
	for _, s := range pd.Series {
		for _, pt := range s.Points {
			if !isNull(pt[slices.Index(pd.Cols, "conc")]) {
				t.Errorf("point %v: concurrency %v, want null", pt, pt[slices.Index(pd.Cols, "conc")])
			}
			rates = append(rates, pd.cell(pt, "request_rate"))
		}
	}
	slices.Sort(rates)
	if !slices.Equal(rates, []float64{1, 2}) {
		t.Errorf("request rates %v, want [1 2]", rates)
	}
	html, _ := files.Get(dir + "index.html")
	for _, want := range []string{"<td>FP8<td>1.00/s<td>", "<td>FP8<td>2.00/s<td>"} {
		if !bytes.Contains(html, []byte(want)) {
			t.Errorf("the points table has no cell %q", want)
		}
	}
	if strings.Contains(string(html), "<td>FP8<td>0<td>") {
		t.Error("the points table shows a concurrency of 0")
	}
}

func isNull(v any) bool { return v == nil }

// realRateRuns is a real SGLang bench_serving sweep by request rate (1 to 16 requests per
// second, max_concurrency null) on 8 H200s, with the context its lines lack.
func realRateRuns(t *testing.T) (fstest.MapFS, Config) {
	t.Helper()
	const file = "public/clients/sglang/datacrunch-h200_llama_3_3_70b_online_output.jsonl"
	fsys := fstest.MapFS{"runs/online.jsonl": testsite.MapFile(testenv.SharedFile(t, file), 1)}
	cfg, ps := ParseConfig("frontier.toml", []byte("[[runs]]\npath = \"runs/*\"\nmodel = \"m\"\ngpu = \"h200\"\ngpus = 8\nframework = \"sglang\"\nprecision = \"fp8\"\nisl = 1024\nosl = 1024\ndate = \"2025-01-10\"\n"))
	if len(ps.Errors()) > 0 {
		t.Fatal(ps)
	}
	return fsys, cfg
}

// TestRunsByRequestRateHaveNoConcurrency: a run by request rate measured no concurrency, so it
// has none wherever the site writes a point: an empty cell in data.csv and the points table, no
// key in data.json and the API's view, never 0 (docs/api.md).
func TestRunsByRequestRateHaveNoConcurrency(t *testing.T) {
	t.Parallel()
	fsys, cfg := realRateRuns(t)
	files, _, err := build(t, fsys, cfg)
	if err != nil {
		t.Fatal(err)
	}
	const dir = "m/1k-1k/"
	csv, _ := files.Get(dir + "data.csv")
	lines := strings.Split(strings.TrimSpace(string(csv)), "\n")
	col := slices.Index(strings.Split(lines[0], ","), "concurrency")
	if col < 0 || len(lines) < 2 {
		t.Fatalf("data.csv has no concurrency column or no rows:\n%s", csv)
	}
	for _, l := range lines[1:] {
		if c := strings.Split(l, ",")[col]; c != "" {
			t.Errorf("data.csv: concurrency %q, want an empty cell: %s", c, l)
		}
	}
	for _, name := range []string{dir + "data.json", "api/v1/views/m/1k-1k/fp8.json"} {
		b, ok := files.Get(name)
		if !ok {
			t.Fatalf("no %s: %v", name, files.Names())
		}
		if bytes.Contains(b, []byte(`"concurrency"`)) {
			t.Errorf("%s writes a concurrency for runs by request rate", name)
		}
	}
	html, _ := files.Get(dir + "index.html")
	if bytes.Contains(html, []byte("<td>FP8<td>0<td>")) || !bytes.Contains(html, []byte("<td>FP8<td>4.00/s<td>")) {
		t.Error("the points table does not show the rate in place of a concurrency")
	}
	// Nor do the lines give a TP (no server_info): an empty cell, no key, null in the page data.
	if col := slices.Index(strings.Split(lines[0], ","), "tp"); col < 0 || strings.Split(lines[1], ",")[col] != "" {
		t.Errorf("data.csv: tp %q, want an empty cell", strings.Split(lines[1], ",")[max(col, 0)])
	}
	if b, _ := files.Get(dir + "data.json"); bytes.Contains(b, []byte(`"tp"`)) {
		t.Error("data.json writes a tp the files do not give")
	}
	if bytes.Contains(html, []byte("<td>4.00/s<td>0<td>")) {
		t.Error("the points table shows a TP of 0")
	}
	b, _ := files.Get(dir + "page.json")
	var pd pageData
	if err := json.Unmarshal(b, &pd); err != nil {
		t.Fatal(err)
	}
	for _, s := range pd.Series {
		for _, pt := range s.Points {
			if tp := pt[slices.Index(pd.Cols, "tp")]; !isNull(tp) {
				t.Errorf("page.json: tp %v, want null", tp)
			}
		}
	}
}
