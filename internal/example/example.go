// Package example writes the example site's raw result files from the seed view's own points
// (data/deepseek-v4-pro_8k-1k_fp4.json), so that the example shows raw formats, [[runs]] and a
// page built from raw results without holding a file copied from another repository or service.
//
// Three of the seed's configurations are restated, each in another client's real keys and
// units, every number converted exactly from the seed's point (throughput per GPU × GPUs for a
// deployment's tokens per second, 1000 / interactivity for TPOT in ms):
//
//   - B300 (TRTLLM): its points as InferenceX API rows (restated/inferencex-api/b300-trt.json);
//   - B300 (vLLM) at 4 GPUs: one `vllm bench serve --save-result` file per concurrency
//     (restated/bench-serve/b300-vllm-tp4/conc*.json), saved without --metadata, so that
//     frontier.toml's [[runs]] gives their context;
//   - B200 (TRTLLM) at 8 GPUs and 32 concurrent requests: an AIPerf profile export
//     (restated/aiperf/b200-trt-tp8-c32/profile_export_aiperf.json, the layout of AIPerf's
//     first releases), whose GPU, framework and precision come from [[runs]] as well.
//
// The restated points name their model Model, not the seed's, so they form their own chart page
// beside the seed's rather than duplicating its points on it. The tests of this package check
// that the committed files are what Files writes and that the page built from them shows the
// seed's numbers.
package example

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Model is the model name of every restated file: it says what the files are, and keeps their
// page apart from the seed's.
const Model = "DeepSeek-V4-Pro-restated"

// ISL and OSL are the seed's sequence (8k/1k) as token counts.
const (
	ISL = 8192
	OSL = 1024
)

// seedPoint is what the generator reads of a seed point.
type seedPoint struct {
	ID          int64   `json:"id"`
	X           float64 `json:"x"`
	Concurrency int     `json:"concurrency"`
	TP          int     `json:"tp"`
	Date        string  `json:"date"`
	Metrics     struct {
		TpPerGPU     float64 `json:"tpPerGpu"`
		OutputPerGPU float64 `json:"outputTputPerGpu"`
		InputPerGPU  float64 `json:"inputTputPerGpu"`
	} `json:"metrics"`
}

// seedView is what the generator reads of the seed view.
type seedView struct {
	Series []struct {
		HWKey  string      `json:"hwKey"`
		Points []seedPoint `json:"points"`
	} `json:"series"`
}

// Restated names a seed point a file restates: its series and id.
type Restated struct {
	HWKey string
	ID    int64
}

// Files returns every restated file, by its path below data/, from the seed view's bytes, and
// the seed points each restates. The same seed gives the same bytes.
func Files(seed []byte) (map[string][]byte, []Restated, error) {
	var v seedView
	if err := json.Unmarshal(seed, &v); err != nil {
		return nil, nil, fmt.Errorf("seed view: %w", err)
	}
	series := map[string][]seedPoint{}
	for _, s := range v.Series {
		series[s.HWKey] = s.Points
	}
	files := map[string][]byte{}
	var used []Restated

	// B300 (TRTLLM): every point, as InferenceX API rows.
	var rows []apiRow
	for _, p := range series["b300_trt"] {
		rows = append(rows, newAPIRow("b300", "trt", p))
		used = append(used, Restated{"b300_trt", p.ID})
	}
	if len(rows) == 0 {
		return nil, nil, fmt.Errorf("seed view: no b300_trt point to restate")
	}
	b, err := marshal(rows)
	if err != nil {
		return nil, nil, err
	}
	files["restated/inferencex-api/b300-trt.json"] = b

	// B300 (vLLM) at tp 4: one bench-serve file per concurrency.
	for _, p := range series["b300_vllm"] {
		if p.TP != 4 {
			continue
		}
		b, err := marshal(newServeResult(p, 4))
		if err != nil {
			return nil, nil, err
		}
		files[fmt.Sprintf("restated/bench-serve/b300-vllm-tp4/conc%d.json", p.Concurrency)] = b
		used = append(used, Restated{"b300_vllm", p.ID})
	}

	// B200 (TRTLLM) at tp 8 and 32 concurrent requests: an AIPerf export.
	for _, p := range series["b200_trt"] {
		if p.TP != 8 || p.Concurrency != 32 {
			continue
		}
		b, err := marshal(newAIPerfExport(p, 8))
		if err != nil {
			return nil, nil, err
		}
		files["restated/aiperf/b200-trt-tp8-c32/profile_export_aiperf.json"] = b
		used = append(used, Restated{"b200_trt", p.ID})
	}
	if len(files) != 1+7+1 {
		return nil, nil, fmt.Errorf("seed view: %d restated files, want 9 (the seed lacks a point the example restates)", len(files))
	}
	return files, used, nil
}

// marshal writes v as indented JSON with a final newline, as the clients write their files.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// apiRow is an InferenceX API row (/api/v1 benchmarks): the configuration and its metrics,
// throughput per GPU in tokens per second, latencies in seconds.
type apiRow struct {
	Hardware    string     `json:"hardware"`
	Framework   string     `json:"framework"`
	Model       string     `json:"model"`
	Precision   string     `json:"precision"`
	Spec        string     `json:"spec_method"`
	Disagg      bool       `json:"disagg"`
	Multinode   bool       `json:"is_multinode"`
	PrefillTP   int        `json:"prefill_tp"`
	PrefillEP   int        `json:"prefill_ep"`
	PrefillDPA  bool       `json:"prefill_dp_attention"`
	PrefillWork int        `json:"prefill_num_workers"`
	DecodeTP    int        `json:"decode_tp"`
	DecodeEP    int        `json:"decode_ep"`
	DecodeDPA   bool       `json:"decode_dp_attention"`
	DecodeWork  int        `json:"decode_num_workers"`
	PrefillGPUs int        `json:"num_prefill_gpu"`
	DecodeGPUs  int        `json:"num_decode_gpu"`
	ISL         int        `json:"isl"`
	OSL         int        `json:"osl"`
	Conc        int        `json:"conc"`
	Metrics     apiMetrics `json:"metrics"`
	Date        string     `json:"date"`
	RunURL      *string    `json:"run_url"`
}

// apiMetrics are the API row's metrics the seed has: throughput per GPU (total, output, input)
// and the median interactivity with the TPOT it comes from.
type apiMetrics struct {
	TputPerGPU   float64 `json:"tput_per_gpu"`
	OutputPerGPU float64 `json:"output_tput_per_gpu"`
	InputPerGPU  float64 `json:"input_tput_per_gpu"`
	MedianIntvty float64 `json:"median_intvty"`
	MedianTPOT   float64 `json:"median_tpot"`
}

func newAPIRow(gpu, framework string, p seedPoint) apiRow {
	return apiRow{
		Hardware: gpu, Framework: framework, Model: Model, Precision: "fp4", Spec: "none",
		PrefillTP: p.TP, PrefillEP: 1, DecodeTP: p.TP, DecodeEP: 1, PrefillGPUs: p.TP, DecodeGPUs: p.TP,
		ISL: ISL, OSL: OSL, Conc: p.Concurrency,
		Metrics: apiMetrics{
			TputPerGPU: p.Metrics.TpPerGPU, OutputPerGPU: p.Metrics.OutputPerGPU, InputPerGPU: p.Metrics.InputPerGPU,
			MedianIntvty: p.X, MedianTPOT: 1 / p.X,
		},
		Date: p.Date,
	}
}

// serveResult is a `vllm bench serve --save-result` file without --metadata: the deployment's
// throughput in tokens per second, latencies in ms.
type serveResult struct {
	Date         string  `json:"date"`
	Backend      string  `json:"backend"`
	ModelID      string  `json:"model_id"`
	TokenizerID  string  `json:"tokenizer_id"`
	NumPrompts   int     `json:"num_prompts"`
	RequestRate  string  `json:"request_rate"`
	Burstiness   float64 `json:"burstiness"`
	MaxConc      int     `json:"max_concurrency"`
	OutputTput   float64 `json:"output_throughput"`
	TotalTput    float64 `json:"total_token_throughput"`
	MedianTPOTms float64 `json:"median_tpot_ms"`
}

func newServeResult(p seedPoint, gpus int) serveResult {
	g := float64(gpus)
	return serveResult{
		Date: strings.ReplaceAll(p.Date, "-", "") + "-000000", Backend: "vllm", ModelID: Model, TokenizerID: Model,
		NumPrompts: 10 * p.Concurrency, RequestRate: "inf", Burstiness: 1, MaxConc: p.Concurrency,
		OutputTput: p.Metrics.OutputPerGPU * g, TotalTput: p.Metrics.TpPerGPU * g,
		MedianTPOTms: 1000 / p.X,
	}
}

// aiperfStat is one metric of an AIPerf export: its unit and the statistics the seed gives.
type aiperfStat struct {
	Tag  string   `json:"tag"`
	Unit string   `json:"unit"`
	Avg  *float64 `json:"avg,omitempty"`
	P50  *float64 `json:"p50,omitempty"`
}

// aiperfExport is an AIPerf profile export (profile_export_aiperf.json) in the layout of
// AIPerf's first releases: the metrics under "records" (the deployment's output throughput in
// tokens per second, the inter-token latency in ms, the input tokens of every request and the
// run's duration, from which a reader takes the input throughput), the run's configuration
// under input_config.
type aiperfExport struct {
	Records     aiperfRecords `json:"records"`
	InputConfig any           `json:"input_config"`
	StartTime   string        `json:"start_time"`
}

// aiperfRecords are the metrics of an aiperfExport.
type aiperfRecords struct {
	Requests   aiperfStat `json:"request_count"`
	ISL        aiperfStat `json:"input_sequence_length"`
	OSL        aiperfStat `json:"output_sequence_length"`
	ITL        aiperfStat `json:"inter_token_latency"`
	TotalISL   aiperfStat `json:"total_isl"`
	Duration   aiperfStat `json:"benchmark_duration"`
	OutputTput aiperfStat `json:"output_token_throughput"`
}

// newAIPerfExport restates p, a point of gpus GPUs, as a run of ten requests per concurrent
// stream: its input tokens over its duration are the seed's input throughput × GPUs.
func newAIPerfExport(p seedPoint, gpus int) aiperfExport {
	g := float64(gpus)
	f := func(v float64) *float64 { return &v }
	n := 10 * p.Concurrency
	totalISL := float64(n * ISL)
	return aiperfExport{
		Records: aiperfRecords{
			Requests:   aiperfStat{Tag: "request_count", Unit: "requests", Avg: f(float64(n))},
			ISL:        aiperfStat{Tag: "input_sequence_length", Unit: "tokens", Avg: f(ISL)},
			OSL:        aiperfStat{Tag: "output_sequence_length", Unit: "tokens", Avg: f(OSL)},
			ITL:        aiperfStat{Tag: "inter_token_latency", Unit: "ms", P50: f(1000 / p.X)},
			TotalISL:   aiperfStat{Tag: "total_isl", Unit: "tokens", Avg: f(totalISL)},
			Duration:   aiperfStat{Tag: "benchmark_duration", Unit: "sec", Avg: f(totalISL / (p.Metrics.InputPerGPU * g))},
			OutputTput: aiperfStat{Tag: "output_token_throughput", Unit: "tokens/sec", Avg: f(p.Metrics.OutputPerGPU * g)},
		},
		InputConfig: map[string]any{
			"endpoint": map[string]any{"model_names": []string{Model}, "type": "chat", "streaming": true},
			"loadgen":  map[string]any{"concurrency": p.Concurrency},
		},
		StartTime: p.Date + "T00:00:00",
	}
}
