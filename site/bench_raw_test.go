//go:build unix

package site_test

// Raw-results benchmarks (issue 14): the build over the raw corpora of internal/corpus/raw.go
// beside their floor, as BenchmarkBuild and BenchmarkFloor do for views (bench_test.go), with
// the same peak heap and RSS metrics. Budget: build ≤ 2x floor, peak RSS ≤ 100 MiB.
//
//	corpus=api    100,000 InferenceX API rows in 1,000 files (42 pages, latest and history)
//	corpus=serve  10,000 `vllm bench serve` files, half of them given context by [[runs]]
//	corpus=clients 10,000 client files (issue 35): AIPerf profile exports, GuideLLM reports and
//	               trtllm-bench reports, their missing context from [[runs]]
//
// The floor reads, decodes and re-encodes every file on all cores with encoding/json, into
// structs that mirror what the build decodes: an API row's identity and its metrics (a map,
// since rows carry different metrics), and a bench-serve file's flat object.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/frontier-bench/frontier/internal/corpus"
	"github.com/frontier-bench/frontier/site"
)

// rawBenchCorpora are the raw corpora: API files × rows, bench-serve files, client files.
var rawBenchCorpora = []struct {
	name                     string
	api, rows, serv, clients int
}{
	{"api", 1000, 100, 0, 0},
	{"serve", 0, 0, 10000, 0},
	{"clients", 0, 0, 0, 10000},
}

func rawBenchCorpus(b *testing.B, api, rows, serve, clients int) string {
	b.Helper()
	b.StopTimer()
	defer b.StartTimer()
	root := filepath.Join(os.TempDir(), "frontier-bench-corpus")
	var dir string
	var err error
	if clients > 0 {
		dir, err = corpus.CachedClients(root, clients, benchSeed)
	} else {
		dir, err = corpus.CachedRaw(root, api, rows, serve, benchSeed)
	}
	if err != nil {
		b.Fatal(err)
	}
	return dir
}

// rawBenchConfig gives the bench-serve and clients corpora's files without context their [[runs]].
func rawBenchConfig(b *testing.B) site.Config {
	cfg, ps := site.ParseConfig("frontier.toml", []byte(corpus.RawServeRuns()+corpus.ClientRuns()))
	if len(ps) > 0 {
		b.Fatal(ps)
	}
	return cfg
}

// BenchmarkBuildRaw is `frontier build` over each raw corpus, files on disk.
func BenchmarkBuildRaw(b *testing.B) {
	echarts := benchECharts()
	for _, c := range rawBenchCorpora {
		b.Run("corpus="+c.name, func(b *testing.B) {
			data := rawBenchCorpus(b, c.api, c.rows, c.serv, c.clients)
			out := filepath.Join(benchOutDir(b), "public")
			in := site.Input{Data: os.DirFS(data), ECharts: echarts, Config: rawBenchConfig(b)}
			var times stageTimes
			peak := measurePeaks(b, func() { times.add(buildToDir(b, in, out)) }, func() { os.RemoveAll(out) })
			peak.report(b)
			times.report(b)
		})
	}
}

// BenchmarkFloorRaw reads, decodes and re-encodes every file of the raw corpora with
// encoding/json on all cores: the yardstick of BenchmarkBuildRaw.
func BenchmarkFloorRaw(b *testing.B) {
	for _, c := range rawBenchCorpora {
		b.Run("corpus="+c.name, func(b *testing.B) {
			fsys := os.DirFS(rawBenchCorpus(b, c.api, c.rows, c.serv, c.clients))
			benchFloor(b, fsys, func(raw []byte) ([]byte, error) {
				if c.api > 0 {
					var rows []floorAPIRow
					if err := json.Unmarshal(raw, &rows); err != nil {
						return nil, err
					}
					return json.Marshal(rows)
				}
				var f map[string]any // a bench-serve file (one flat object) or a client's (objects of statistics)
				if err := json.Unmarshal(raw, &f); err != nil {
					return nil, err
				}
				return json.Marshal(f)
			})
		})
	}
}

// floorAPIRow mirrors the fields of an InferenceX API row that the build decodes.
type floorAPIRow struct {
	Hardware       string             `json:"hardware"`
	Framework      string             `json:"framework"`
	Model          string             `json:"model"`
	Precision      string             `json:"precision"`
	SpecMethod     string             `json:"spec_method"`
	Disagg         bool               `json:"disagg"`
	ISL            int64              `json:"isl"`
	OSL            int64              `json:"osl"`
	Conc           int64              `json:"conc"`
	Image          string             `json:"image"`
	PrefillTP      int64              `json:"prefill_tp"`
	PrefillEP      int64              `json:"prefill_ep"`
	PrefillDPAttn  bool               `json:"prefill_dp_attention"`
	PrefillWorkers int64              `json:"prefill_num_workers"`
	DecodeTP       int64              `json:"decode_tp"`
	DecodeEP       int64              `json:"decode_ep"`
	DecodeDPAttn   bool               `json:"decode_dp_attention"`
	DecodeWorkers  int64              `json:"decode_num_workers"`
	NumPrefillGPU  int64              `json:"num_prefill_gpu"`
	NumDecodeGPU   int64              `json:"num_decode_gpu"`
	Metrics        map[string]float64 `json:"metrics"`
	Date           string             `json:"date"`
	RunURL         string             `json:"run_url"`
}
