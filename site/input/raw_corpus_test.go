package input

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/corpus"
)

// rawCorpusPages decodes raw corpus files and groups their rows by page, failing on any problem.
func rawCorpusPages(t testing.TB, cfg *RawOptions, each func(fn func(name string, data []byte) error) error) map[rawPage][]rawRow {
	t.Helper()
	pages := map[rawPage][]rawRow{}
	err := each(func(name string, data []byte) error {
		f, msg := sniffFormat(data)
		if f != formatAPI && f != formatServe {
			t.Fatalf("%s: format %v %s", name, f, msg)
		}
		rows, ps := decodeRaw(f, "data/"+name, name, data, cfg)
		if len(ps) > 0 {
			t.Fatalf("%s: %v", name, ps)
		}
		feeds := rawPages(f, "data/"+name, name, data, cfg)
		for _, r := range rows {
			p := rawPage{r.model, r.sequence}
			if !containsPage(feeds, p) {
				t.Fatalf("%s: row of %v, but rawPages says %v", name, p, feeds)
			}
			pages[p] = append(pages[p], r)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pages
}

func containsPage(ps []rawPage, p rawPage) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

func TestRawCorporaBuildCleanly(t *testing.T) {
	cfg := corpusOptions()
	api := rawCorpusPages(t, &cfg, func(fn func(string, []byte) error) error { return corpus.EachRawAPI(2*corpus.RawPages, 100, 1, fn) })
	serve := rawCorpusPages(t, &cfg, func(fn func(string, []byte) error) error { return corpus.EachRawServe(600, 1, fn) })
	if len(api) != corpus.RawPages {
		t.Errorf("API corpus: %d pages, want %d", len(api), corpus.RawPages)
	}
	var datasets []*Dataset
	for p, rows := range api {
		rows = append(rows, serve[p]...)
		merged, ps := mergeRows(rows)
		if len(ps) > 0 || len(merged) != len(rows) {
			t.Fatalf("%v: %d rows merged into %d: %v", p, len(rows), len(merged), ps)
		}
		ds, ps := rawDatasets(merged, &cfg, "")
		if len(ps) > 0 {
			t.Fatal(ps)
		}
		datasets = append(datasets, ds...)
	}
	dates := map[PageKey][]string{}
	for _, d := range datasets {
		k := PageKey{d.Model, d.Sequence}
		dates[k] = append(dates[k], d.Date)
	}
	if len(dates) != corpus.RawPages {
		t.Errorf("%d pages, want %d", len(dates), corpus.RawPages)
	}
	for k, ds := range dates {
		if len(ds) != 2 || slices.Max(ds) != "2026-01-02" {
			t.Errorf("%v: snapshots %v; want 2, newest 2026-01-02", k, ds)
		}
	}
}

// corpusOptions are the [[runs]] the bench-serve corpus needs.
func corpusOptions() RawOptions {
	var opt RawOptions
	for _, r := range corpus.RawServeRunList() {
		opt.Runs = append(opt.Runs, Run{Path: r.Path, GPU: r.GPU, GPUs: r.GPUs, Framework: r.Framework,
			Precision: r.Precision, ISL: r.ISL, OSL: r.OSL})
	}
	return opt
}

// BenchmarkRawAPIDecode decodes one 100-row file of the API corpus (sniff, rows, pages).
func BenchmarkRawAPIDecode(b *testing.B) {
	var data []byte
	corpus.EachRawAPI(1, 100, 1, func(_ string, d []byte) error { data = bytes.Clone(d); return nil })
	cfg := RawOptions{}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		f, _ := sniffFormat(data)
		rawPages(f, "data/x.json", "x.json", data, &cfg)
		if rows, ps := decodeRaw(f, "data/x.json", "x.json", data, &cfg); len(rows) != 100 || len(ps) > 0 {
			b.Fatal(ps)
		}
	}
}

// BenchmarkRawPage takes one page of the 1,000-file API corpus (42 files, 4,200 rows) from
// bytes to snapshot datasets: decode, merge, datasets (one per file: each is a day's run).
func BenchmarkRawPage(b *testing.B) {
	var files [][]byte
	corpus.EachRawAPI(1000, 100, 1, func(name string, d []byte) error {
		if len(files) < 42 && bytes.HasPrefix([]byte(name), []byte("api/dsr1_1k1k/")) {
			files = append(files, bytes.Clone(d))
		}
		return nil
	})
	cfg := RawOptions{}
	n := 0
	for _, f := range files {
		n += len(f)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		var rows []rawRow
		for _, data := range files {
			r, _ := decodeRaw(formatAPI, "data/x.json", "x.json", data, &cfg)
			rows = append(rows, r...)
		}
		merged, _ := mergeRows(rows)
		ds, _ := rawDatasets(merged, &cfg, "")
		if len(ds) != len(files) {
			b.Fatalf("%d snapshot datasets from %d files of different days", len(ds), len(files))
		}
	}
}

// TestClientsCorpusDecodes: every file of the clients corpus (internal/corpus/clients.go: AIPerf,
// GuideLLM, trtllm-bench), with its [[runs]], is one point without a problem, on the page of
// its model and sequence.
func TestClientsCorpusDecodes(t *testing.T) {
	var runs []Run
	for _, block := range strings.Split(corpus.ClientRuns(), "[[runs]]\n")[1:] {
		var r Run
		for _, line := range strings.Split(strings.TrimSpace(block), "\n") {
			k, v, _ := strings.Cut(line, " = ")
			v = strings.Trim(v, `"`)
			switch k {
			case "path":
				r.Path = v
			case "gpu":
				r.GPU = v
			case "gpus":
				r.GPUs = 8
			case "framework":
				r.Framework = v
			case "precision":
				r.Precision = v
			case "date":
				r.Date = v
			}
		}
		runs = append(runs, r)
	}
	cfg := &RawOptions{Runs: runs}
	n := 0
	err := corpus.EachClient(600, 1, func(name string, data []byte) error {
		want := map[string]*format{"aiperf": formatAIPerf, "guidellm": formatGuide, "trtllm": formatTRT}[strings.Split(name, "/")[0]]
		rows, ps := decodeRaw(want, "data/"+name, name, data, cfg)
		if f, _ := sniffFormat(data); f != want || len(ps) > 0 || len(rows) != 1 {
			t.Fatalf("%s: format %v, %d rows, problems %v", name, f, len(rows), ps)
		}
		if seq := strings.Split(name, "/")[1]; !strings.HasSuffix(seq, strings.ReplaceAll(rows[0].sequence, "/", "")) {
			t.Fatalf("%s: sequence %s", name, rows[0].sequence)
		}
		n++
		return nil
	})
	if err != nil || n != 600 {
		t.Fatal(n, err)
	}
}
