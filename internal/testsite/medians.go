package testsite

import (
	"bytes"
	"fmt"
	"slices"
	"testing/fstest"
)

// MediansPage is the chart page Medians' runs make: Qwen3-8B at 1k/1k.
const MediansPage = "qwen3-8b/1k-1k/"

// Medians is a data folder of AIPerf profile exports (profile_export_aiperf.json, as its later
// releases write them: every metric at the top level with its unit) for two configurations of
// Qwen3-8B at 1k/1k: H100 (vLLM) at concurrencies 4, 8 and 16, B200 (vLLM) at 4 and 8. lack
// names the runs ("h100/c16") whose time_to_first_token gives no median (p50), only its mean
// and p99, as a client may write it. It returns the folder and the frontier.toml whose [[runs]]
// give the runs their GPU, framework and precision (each caller parses it: site.ParseConfig).
// A run's median TTFT is 50 + its concurrency, in ms.
func Medians(lack ...string) (data fstest.MapFS, config []byte) { return medians(lack, nil) }

// NoMedianTPOT is Medians' site where the runs named by lack ("h100/c16") give no median
// (p50) of inter_token_latency, AIPerf's TPOT, only its mean, p90, p99 and std: those points
// have no median interactivity, the x of the chart's default axis, and every other figure.
func NoMedianTPOT(lack ...string) (data fstest.MapFS, config []byte) { return medians(nil, lack) }

func medians(lack, lackTPOT []string) (data fstest.MapFS, config []byte) {
	data = fstest.MapFS{}
	for _, gpu := range []string{"b200", "h100"} {
		concs := []int{4, 8}
		if gpu == "h100" {
			concs = append(concs, 16)
		}
		for _, c := range concs {
			run := fmt.Sprintf("%s/c%d", gpu, c)
			ttft := fmt.Sprintf(`"avg": %d, "p50": %d, "p90": %d, "p99": %d, "std": 9`, 60+c, 50+c, 80+c, 90+c)
			if slices.Contains(lack, run) {
				ttft = fmt.Sprintf(`"avg": %d, "p99": %d`, 60+c, 90+c)
			}
			export := aiperfExport(c, ttft)
			if slices.Contains(lackTPOT, run) {
				tpot := 10 + 2*float64(c)
				export = bytes.Replace(export, fmt.Appendf(nil, `"p50": %g, `, tpot), nil, 1)
			}
			data["aiperf/"+run+"/profile_export_aiperf.json"] = &fstest.MapFile{Data: export}
		}
		config = fmt.Appendf(config, "[[runs]]\npath = \"aiperf/%s/*/*.json\"\ngpu = %q\ngpus = 1\nframework = \"vllm\"\nprecision = \"fp8\"\nisl = 1024\nosl = 1024\n\n", gpu, gpu)
	}
	return data, config
}

// aiperfExport is one run at concurrency conc; ttft is its time_to_first_token's statistics.
// A higher concurrency has a longer TPOT and a higher throughput, so each configuration's
// points trade one for the other.
func aiperfExport(conc int, ttft string) []byte {
	tpot := 10 + 2*float64(conc) // ms
	return fmt.Appendf(nil, `{
  "time_to_first_token": {"unit": "ms", %s},
  "inter_token_latency": {"unit": "ms", "avg": %g, "p50": %g, "p90": %g, "p99": %g, "std": 0.5},
  "request_latency": {"unit": "ms", "avg": %g, "p50": %g, "p90": %g, "p99": %g},
  "output_token_throughput": {"unit": "tokens/sec", "avg": %d},
  "total_token_throughput": {"unit": "tokens/sec", "avg": %d},
  "request_throughput": {"unit": "requests/sec", "avg": %g},
  "input_config": {"endpoint": {"model_names": ["Qwen/Qwen3-8B"], "streaming": true}, "loadgen": {"concurrency": %d}},
  "start_time": "2026-08-04T10:00:00Z"
}`, ttft, tpot+0.2, tpot, tpot*1.1, tpot*1.2, 900+1e3*tpot, 880+1e3*tpot, 950+1e3*tpot, 990+1e3*tpot,
		100*conc, 200*conc, 0.1*float64(conc), conc)
}
