// Package realfiles is the table of the real third-party result files in
// ../shared/data/public/clients/ (issue 44): for each file, whether it is a result file, the
// [[runs]] context it lacks, and the figures its points must carry, read from the file itself
// (by key, in the file's own units: seconds where it writes ms are divided here, visibly). The
// build's test (site/realfiles_test.go) and "your run"'s (cmd/frontier-wasm/realfiles_test.go)
// walk the folder and look every file up here, so a new file there is a test failure until it
// has a row: a case (its points, or none and the warning that says why) or a skip with its
// reason.
package realfiles

import (
	"fmt"
	"math"

	"github.com/frontier-bench/frontier/site/input"
)

// Dir is the folder below ../shared/data the files are in.
const Dir = "public/clients"

// Case is one file of Dir.
type Case struct {
	File string // the slash path below Dir
	// Skip says why the file is not a result file (an eval, a per-request dump, a twin of
	// another format); such a file is not built.
	Skip string
	// NoPoint, for a result file that holds no point (an MLPerf Offline summary), is what the
	// build's warning about the file, and "your run"'s, must contain: the reason and what the
	// file measured. Such a file builds with warnings only and gives no point.
	NoPoint string
	// Runs is the [[runs]] entry for the context the file lacks, and only that: the keys the
	// build names in its "add to frontier.toml" hint for the file alone.
	Runs input.Run
	// Points are the file's points, each with the figures it must carry.
	Points []Figures
	// GPUs are the GPUs a file gives itself where Runs gives none (an llm-d benchmark report's
	// accelerators), which its throughputs per GPU are divided by.
	GPUs int64
}

// PerGPU is what the case's throughputs are divided by on a page: its [[runs]] GPUs, else the
// file's own, else 1 (a trtllm-bench report gives its own: 1).
func (c Case) PerGPU() float64 {
	return float64(max(c.Runs.GPUs, c.GPUs, 1))
}

// Figures are a point's figures as its file gives them: throughputs of the deployment in
// tokens per second (divided by the point's GPUs on the page), latencies in seconds, the load.
// A zero field is not checked; NoX says the point must have no median interactivity, NoTotal
// that it must have no total and no input throughput (absent, never 0: an MLPerf LoadGen
// summary counts no input tokens).
type Figures struct {
	Total, Output   float64
	TTFT, E2E, TPOT float64 // medians
	Rate            float64 // request rate of a run by rate, requests per second
	Conc            int64
	NoX             bool
	NoTotal         bool
}

// Cases are every file of Dir, in path order.
var Cases = []Case{
	{File: "aiperf/ai-dynamo__aiperf__examples_run1_profile_export_aiperf.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp8"},
		Points: []Figures{
			{Total: 2320.7222350404572 + 48950.0/9.317788951, Output: 2320.7222350404572, TTFT: 2369.317693 / 1000, E2E: 9097.345014999999 / 1000, TPOT: 27.615130366666666 / 1000, Conc: 100},
		}},
	// genai-bench run file, _time_unit s: the model and GPU from [[runs]] (experiment_metadata.json is not beside it when it is built alone)
	{File: "genai-bench/regression_feature_no_flag/D100_100_text-to-text_zai-org_GLM-4.6_num_concurrency_1_time_120s.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "sglang", Precision: "fp8", Model: "zai-org/GLM-4.6"},
		Points: []Figures{
			{Total: 126.77076014727996, Output: 61.53920395499027, TTFT: 0.31550466700082325, E2E: 1.5958630835002623, TPOT: 0.012960756525256264, Conc: 1},
		}},
	{File: "genai-bench/regression_feature_no_flag/experiment_metadata.json", Skip: "genai-bench's experiment_metadata.json: the run's context (model, engine, GPU), which the run files beside it read; it holds no result"},
	// genai-bench run file, _time_unit s: the model and GPU from [[runs]] (experiment_metadata.json is not beside it when it is built alone)
	{File: "genai-bench/regression_feature_with_flag/D100_100_text-to-text_zai-org_GLM-4.6_num_concurrency_1_time_120s.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "sglang", Precision: "fp8", Model: "zai-org/GLM-4.6"},
		Points: []Figures{
			{Total: 155.64041476609444, Output: 75.55359940101673, TTFT: 0.24124983350066032, E2E: 1.361910145499678, TPOT: 0.009909387621206921, Conc: 1},
		}},
	{File: "genai-bench/regression_feature_with_flag/experiment_metadata.json", Skip: "genai-bench's experiment_metadata.json: the run's context (model, engine, GPU), which the run files beside it read; it holds no result"},
	// genai-bench run file, _time_unit s: the model and GPU from [[runs]] (experiment_metadata.json is not beside it when it is built alone)
	{File: "genai-bench/regression_main_branch/D100_100_text-to-text_num_concurrency_1_time_120s.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "sglang", Precision: "fp8", Model: "zai-org/GLM-4.6"},
		Points: []Figures{
			{Total: 194.4710740798005, Output: 94.40343401932063, TTFT: 0.23779947950060887, E2E: 1.0772647289995803, TPOT: 0.008174279459604125, Conc: 1},
		}},
	{File: "genai-bench/regression_main_branch/experiment_metadata.json", Skip: "genai-bench's experiment_metadata.json: the run's context (model, engine, GPU), which the run files beside it read; it holds no result"},
	{File: "genai-perf/FernandoDorado__sizing-llm-inference-nvidia__c100_profile_export_genai_perf.csv", Skip: "the CSV twin of the JSON export beside it, which gives the point"},
	{File: "genai-perf/FernandoDorado__sizing-llm-inference-nvidia__c100_profile_export_genai_perf.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp8"},
		Points: []Figures{
			{Total: 1806.0666462658548 + 30.935429942267838*200.03, Output: 1806.0666462658548, TTFT: 1222.6414144999999 / 1000, E2E: 3280.8441209999996 / 1000, TPOT: 36.992419 / 1000, Conc: 100},
		}},
	{File: "genai-perf/FernandoDorado__sizing-llm-inference-nvidia__c10_profile_export_genai_perf.csv", Skip: "the CSV twin of the JSON export beside it, which gives the point"},
	{File: "genai-perf/FernandoDorado__sizing-llm-inference-nvidia__c10_profile_export_genai_perf.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp8"},
		Points: []Figures{
			{Total: 667.5573827440704 + 11.378172536970691*200.03, Output: 667.5573827440704, TTFT: 150.103628 / 1000, E2E: 876.681518 / 1000, TPOT: 12.7223595 / 1000, Conc: 10},
		}},
	{File: "genai-perf/FernandoDorado__sizing-llm-inference-nvidia__c1_profile_export_genai_perf.csv", Skip: "the CSV twin of the JSON export beside it, which gives the point"},
	{File: "genai-perf/FernandoDorado__sizing-llm-inference-nvidia__c1_profile_export_genai_perf.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp8"},
		Points: []Figures{
			{Total: 86.44141069162954 + 1.4932838222478375*200.0188679245283, Output: 86.44141069162954, TTFT: 24.530877999999998 / 1000, E2E: 667.696243 / 1000, TPOT: 11.250686 / 1000, Conc: 1},
		}},
	{File: "genai-perf/FernandoDorado__sizing-llm-inference-nvidia__c250_profile_export_genai_perf.csv", Skip: "the CSV twin of the JSON export beside it, which gives the point"},
	{File: "genai-perf/FernandoDorado__sizing-llm-inference-nvidia__c250_profile_export_genai_perf.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp8"},
		Points: []Figures{
			{Total: 2019.2212286964639 + 34.481825657823116*200.03, Output: 2019.2212286964639, TTFT: 2059.4749724999997 / 1000, E2E: 7230.5256755 / 1000, TPOT: 87.3719735 / 1000, Conc: 250},
		}},
	{File: "genai-perf/FernandoDorado__sizing-llm-inference-nvidia__c2_profile_export_genai_perf.csv", Skip: "the CSV twin of the JSON export beside it, which gives the point"},
	{File: "genai-perf/FernandoDorado__sizing-llm-inference-nvidia__c2_profile_export_genai_perf.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp8"},
		Points: []Figures{
			{Total: 168.9905004377851 + 2.907363448392002*200.02884615384616, Output: 168.9905004377851, TTFT: 34.036289499999995 / 1000, E2E: 689.5728415 / 1000, TPOT: 11.5571375 / 1000, Conc: 2},
		}},
	{File: "genai-perf/FernandoDorado__sizing-llm-inference-nvidia__c50_profile_export_genai_perf.csv", Skip: "the CSV twin of the JSON export beside it, which gives the point"},
	{File: "genai-perf/FernandoDorado__sizing-llm-inference-nvidia__c50_profile_export_genai_perf.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp8"},
		Points: []Figures{
			{Total: 1525.0648591164443 + 26.09674632959026*200.03, Output: 1525.0648591164443, TTFT: 609.0281145 / 1000, E2E: 1883.0370515 / 1000, TPOT: 22.396143 / 1000, Conc: 50},
		}},
	{File: "genai-perf/FernandoDorado__sizing-llm-inference-nvidia__c5_profile_export_genai_perf.csv", Skip: "the CSV twin of the JSON export beside it, which gives the point"},
	{File: "genai-perf/FernandoDorado__sizing-llm-inference-nvidia__c5_profile_export_genai_perf.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp8"},
		Points: []Figures{
			{Total: 384.4407037809166 + 6.5958651813182*200.02978723404254, Output: 384.4407037809166, TTFT: 79.508843 / 1000, E2E: 757.347625 / 1000, TPOT: 11.896612 / 1000, Conc: 5},
		}},
	{File: "genai-perf/metrum-openrouter_gpt-4o-mini_profile_export_genai_perf.csv", Skip: "the CSV twin of the JSON export beside it, which gives the point"},
	// a run that did not stream: no TTFT, no TPOT, no interactivity
	{File: "genai-perf/metrum-openrouter_gpt-4o-mini_profile_export_genai_perf.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp8"},
		Points: []Figures{
			{Total: 45.03289159486666 + 0.44725404439346156*50.0, Output: 45.03289159486666, E2E: 2088.078126 / 1000, Conc: 1, NoX: true},
		}},
	{File: "genai-perf/metrum-openrouter_llama-3.1-8b_profile_export_genai_perf.csv", Skip: "the CSV twin of the JSON export beside it, which gives the point"},
	// a run that did not stream: no TTFT, no TPOT, no interactivity
	{File: "genai-perf/metrum-openrouter_llama-3.1-8b_profile_export_genai_perf.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp8"},
		Points: []Figures{
			{Total: 55.52188487179353 + 0.182008364293515*50.0, Output: 55.52188487179353, E2E: 2613.880918 / 1000, Conc: 1, NoX: true},
		}},
	// GuideLLM: 1 benchmark(s)
	{File: "guidellm/danielkorat__guidellm-bench__qwen3-4b-thinking-concurrent4_benchmarks.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp8"},
		Points: []Figures{
			{Total: 181.60480385267783, Output: 165.59511945248636, TTFT: 171.52166366577148 / 1000, E2E: 24.90842366218567, TPOT: 24.178653868062757 / 1000, Conc: 4},
		}},
	// GuideLLM: 1 benchmark(s)
	{File: "guidellm/guidellm-tests_benchmarks_stripped.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp8"},
		Points: []Figures{
			{Total: 992.6867036588937, Output: 198.13346751788123, TTFT: 16.38054847717285 / 1000, E2E: 0.6424565315246582, TPOT: 4.9241227427805505 / 1000, Conc: 1},
		}},
	{File: "guidellm/guidellm-tests_benchmarks_stripped.yaml", Skip: "the YAML twin of the JSON report beside it, which gives the point"},
	// GuideLLM: 1 benchmark(s)
	{File: "guidellm/korat-xpu-sanity_Qwen3-4B-Thinking-2507_tp4_quant-fp8_benchmarks.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp8"},
		Points: []Figures{
			{Total: 181.60480385267783, Output: 165.59511945248636, TTFT: 171.52166366577148 / 1000, E2E: 24.90842366218567, TPOT: 24.178653868062757 / 1000, Conc: 4},
		}},
	// GuideLLM: 1 benchmark(s)
	{File: "guidellm/korat-xpu_openai_gpt-oss-20b_tp4_quant-none_benchmarks.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp8"},
		Points: []Figures{
			{Total: 36.44321817728489, Output: 33.417378943280085, TTFT: 47.66058921813965 / 1000, E2E: 30.646172523498535, TPOT: 29.910243734469745 / 1000, Conc: 1},
		}},
	// GuideLLM: 2 benchmark(s)
	{File: "guidellm/llm-d-fixture_guidellm_report_v2.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp8"},
		Points: []Figures{
			{Total: 31.75098409128402, Output: 3.1950675815128577, TTFT: 11.276006698608398 / 1000, E2E: 0.019269227981567383, TPOT: 1.0459763663155692 / 1000, Rate: 2.0},
			{Total: 58.58989627079254, Output: 6.377131566888984, TTFT: 9.419918060302734 / 1000, E2E: 0.015973806381225586, TPOT: 0.9067058563232422 / 1000, Rate: 4.0},
		}},
	// GuideLLM 0.8.0.dev18, report layout v2 (metadata.version 2): 2 constant-rate benchmarks
	{File: "guidellm/llm-d__llm-d-benchmark__guidellm_0.8.0.dev18_report_v2.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp8"},
		Points: []Figures{
			{Total: 31.75098409128402, Output: 3.1950675815128577, TTFT: 11.276006698608398 / 1000, E2E: 0.019269227981567383, TPOT: 1.0459763663155692 / 1000, Rate: 2.0},
			{Total: 58.58989627079254, Output: 6.377131566888984, TTFT: 9.419918060302734 / 1000, E2E: 0.015973806381225586, TPOT: 0.9067058563232422 / 1000, Rate: 4.0},
		}},
	// GuideLLM: 1 benchmark(s)
	{File: "guidellm/vllm-project__guidellm__benchmarks_stripped.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp8"},
		Points: []Figures{
			{Total: 992.6867036588937, Output: 198.13346751788123, TTFT: 16.38054847717285 / 1000, E2E: 0.6424565315246582, TPOT: 4.9241227427805505 / 1000, Conc: 1},
		}},
	{File: "inference-perf/kubecon-na-2025/config.yaml", Skip: "inference-perf's config.yaml: the run's configuration (model, streaming, load type), which the stage files beside it read; it holds no result"},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+batch_size/stage_0_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 262.204954787065, Output: 62.15363932698074, TTFT: 0.032918093027547, E2E: 0.4824237964930944, TPOT: 0.0034682437246881946, Rate: 1.0},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+batch_size/stage_1_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 9936.309237558173, Output: 2366.1706737582767, TTFT: 0.030646827479358763, E2E: 0.560724814014975, TPOT: 0.0040916400621356375, Rate: 37.97},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+batch_size/stage_2_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 19586.97159970634, Output: 4661.3633169817895, TTFT: 0.037225147476419806, E2E: 0.7633842984796502, TPOT: 0.005618866456784452, Rate: 74.94},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+batch_size/stage_3_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 29210.42717595459, Output: 6955.730744537778, TTFT: 0.10548265289980918, E2E: 1.726592505001463, TPOT: 0.01262659922444312, Rate: 111.92},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+batch_size/stage_4_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 29770.365396148376, Output: 7094.376280715106, TTFT: 2.17779986304231, E2E: 3.8309999329503626, TPOT: 0.012838118853112467, Rate: 148.89},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+batch_size/stage_5_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 30152.232927121622, Output: 7183.147523365646, TTFT: 2.1847563489573076, E2E: 3.824335947050713, TPOT: 0.01270163742565485, Rate: 185.86},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+batch_size/stage_6_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 29978.35726849101, Output: 7140.792680764174, TTFT: 2.097426358028315, E2E: 3.6919508550781757, TPOT: 0.012453835775223814, Rate: 222.83},
		}},
	// inference-perf sweep summary alone (no stage report beside it): the load is the request rate it achieved
	{File: "inference-perf/kubecon-na-2025/vllm+batch_size/summary_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 19507.52145762111, Output: 4646.495280316906, TTFT: 2.106196197506506, E2E: 3.7031164155341685, TPOT: 0.012646556813847418, Rate: 73.96165655384814},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+chunking_and_prefix_caching/stage_0_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 266.888900349336, Output: 62.08553187800729, TTFT: 0.029263833013828844, E2E: 0.47857079200912267, TPOT: 0.0034729767443662752, Rate: 1.0},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+chunking_and_prefix_caching/stage_1_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 11394.737803729946, Output: 2679.2370088892358, TTFT: 0.02687420998699963, E2E: 0.5229627540102229, TPOT: 0.003835304760258616, Rate: 43.25},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+chunking_and_prefix_caching/stage_2_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 22505.05387161857, Output: 5291.058908098613, TTFT: 0.028705411474220455, E2E: 0.5772114709834568, TPOT: 0.004240606868163098, Rate: 85.5},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+chunking_and_prefix_caching/stage_3_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 33596.4752798557, Output: 7902.137867994868, TTFT: 0.03211645409464836, E2E: 0.664661897928454, TPOT: 0.004895258550496064, Rate: 127.75},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+chunking_and_prefix_caching/stage_4_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 44542.530871233575, Output: 10472.452260003998, TTFT: 0.05483621510211378, E2E: 0.7683300040662289, TPOT: 0.005541628945885992, Rate: 169.99},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+chunking_and_prefix_caching/stage_5_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 45188.01013043277, Output: 10625.772478963527, TTFT: 1.826549680030439, E2E: 2.562530856986996, TPOT: 0.005706314596730147, Rate: 212.24},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+chunking_and_prefix_caching/stage_6_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 45915.99335982038, Output: 10794.38186681098, TTFT: 1.7895767770241946, E2E: 2.518382102949545, TPOT: 0.005662358787614764, Rate: 254.49},
		}},
	// inference-perf sweep summary alone (no stage report beside it): the load is the request rate it achieved
	{File: "inference-perf/kubecon-na-2025/vllm+chunking_and_prefix_caching/summary_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 25243.709619857338, Output: 5935.417987233208, TTFT: 0.6575456760474481, E2E: 1.396010264463257, TPOT: 0.005569244662747365, Rate: 95.08649408440847},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+quantization/stage_0_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 264.3582517345225, Output: 62.57779895596327, TTFT: 0.02926190651487559, E2E: 0.47550570248859003, TPOT: 0.003441656821465134, Rate: 1.0},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+quantization/stage_1_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 11354.743352323403, Output: 2689.469774140785, TTFT: 0.026831897033844143, E2E: 0.5203925265232101, TPOT: 0.0038173972013543626, Rate: 43.31},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+quantization/stage_2_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 22442.022167664334, Output: 5322.170882670151, TTFT: 0.02854652493260801, E2E: 0.5772875070106238, TPOT: 0.00424406761953304, Rate: 85.62},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+quantization/stage_3_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 33489.529864648415, Output: 7926.859636770968, TTFT: 0.0315330479061231, E2E: 0.6457663379842415, TPOT: 0.004752410728260586, Rate: 127.93},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+quantization/stage_4_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 44449.421100941436, Output: 10523.792654657233, TTFT: 0.0445974834728986, E2E: 0.7547730569494888, TPOT: 0.005446720341321572, Rate: 170.24},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+quantization/stage_5_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 45408.245528651736, Output: 10754.735872398645, TTFT: 1.8118889910401776, E2E: 2.53969518491067, TPOT: 0.0056594772717388445, Rate: 212.55},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+quantization/stage_6_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 45572.30003333582, Output: 10797.873600707577, TTFT: 1.797032144968398, E2E: 2.526703116018325, TPOT: 0.00565299321716839, Rate: 254.86},
		}},
	// inference-perf sweep summary alone (no stage report beside it): the load is the request rate it achieved
	{File: "inference-perf/kubecon-na-2025/vllm+quantization/summary_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 25126.540497589893, Output: 5951.58019692232, TTFT: 0.6291958904475905, E2E: 1.3516905145370401, TPOT: 0.005550500751805109, Rate: 95.0810759084695},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+v0_engine/stage_0_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 271.40621917977643, Output: 64.43010588682867, TTFT: 0.03706111456267536, E2E: 0.508084743982181, TPOT: 0.0036486136039372446, Rate: 1.0},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+v0_engine/stage_1_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 10464.598843646869, Output: 2498.7133544196286, TTFT: 0.037861641962081194, E2E: 1.0599913999903947, TPOT: 0.007904880340824755, Rate: 40.19},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+v0_engine/stage_2_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 19270.266622347975, Output: 4596.097845049889, TTFT: 2.1661131819710135, E2E: 3.823040549061261, TPOT: 0.012681695340244575, Rate: 79.37},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+v0_engine/stage_3_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 19828.259291313094, Output: 4729.527969088627, TTFT: 3.952721660025418, E2E: 5.514731551986188, TPOT: 0.012089044682306144, Rate: 118.56},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+v0_engine/stage_4_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 19999.209558625065, Output: 4769.1146197707985, TTFT: 3.9466896989615634, E2E: 5.489057207014412, TPOT: 0.011888368116590635, Rate: 157.74},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+v0_engine/stage_5_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 20032.578113255648, Output: 4777.912885902435, TTFT: 3.9687943388707936, E2E: 5.156096611171961, TPOT: 0.010291863922318515, Rate: 196.93},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm+v0_engine/stage_6_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 20016.507382310097, Output: 4769.923080048756, TTFT: 3.984271259047091, E2E: 5.16163665195927, TPOT: 0.010288574945816928, Rate: 236.12},
		}},
	// inference-perf sweep summary alone (no stage report beside it): the load is the request rate it achieved
	{File: "inference-perf/kubecon-na-2025/vllm+v0_engine/summary_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 15529.421735872833, Output: 3703.0582893085657, TTFT: 3.8889904759125784, E2E: 5.266457290621474, TPOT: 0.011481837206159163, Rate: 59.119902302318366},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm/stage_0_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 271.83536208261364, Output: 64.23350089997027, TTFT: 0.031026913959067315, E2E: 0.4796094944467768, TPOT: 0.003468046240533825, Rate: 1.0},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm/stage_1_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 8302.40553746983, Output: 1943.0109854644684, TTFT: 0.02930809900863096, E2E: 0.5435917844879441, TPOT: 0.003979301189754678, Rate: 31.4},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm/stage_2_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 16320.052134875694, Output: 3820.6559401374307, TTFT: 0.033456598059274256, E2E: 0.6683322680182755, TPOT: 0.0049087533108211415, Rate: 61.79},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm/stage_3_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 24340.07350786478, Output: 5693.884076290361, TTFT: 0.04451845702715218, E2E: 1.0042465949663892, TPOT: 0.00741328114676181, Rate: 92.19},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm/stage_4_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 26978.25717945717, Output: 6316.805901394126, TTFT: 3.035595149965957, E2E: 4.268334947992116, TPOT: 0.009560818286692046, Rate: 122.59},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm/stage_5_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 27032.049260882508, Output: 6323.774659230487, TTFT: 3.034543322515674, E2E: 4.264888312551193, TPOT: 0.009537505112270745, Rate: 152.98},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/kubecon-na-2025/vllm/stage_6_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 27469.335412191227, Output: 6431.058168023075, TTFT: 2.88654515898088, E2E: 4.090118648484349, TPOT: 0.009318436472947427, Rate: 183.38},
		}},
	// inference-perf sweep summary alone (no stage report beside it): the load is the request rate it achieved
	{File: "inference-perf/kubecon-na-2025/vllm/summary_lifecycle_metrics.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Meta-Llama-3-8B-Instruct"},
		Points: []Figures{
			{Total: 16910.45560332236, Output: 3957.912190053508, TTFT: 2.8867905189981684, E2E: 4.089445495977998, TPOT: 0.009366689744412668, Rate: 63.46125084268033},
		}},
	// inference-perf stage report: the load is the requested rate, latencies in seconds
	{File: "inference-perf/llm-d__llm-d-benchmark__inference_perf_lifecycle.yaml", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "bf16", Model: "meta-llama/Llama-3.1-8B-Instruct"},
		Points: []Figures{
			{Total: 306.85483870967744, Output: 64.51612903225806, TTFT: 0.030000000000000027, E2E: 0.49, TPOT: 0.007966101694915254, Rate: 1.0},
		}},
	// llm-d benchmark report 0.1: latencies in ms; the whole context from the report (1 prefill + 2 decode H100 pods: 17 GPUs)
	{File: "llm-d-benchmark-report/br_v0_1_example.yaml", GPUs: 17,
		Points: []Figures{
			{Total: 676.121568007739, Output: 32.544923821416, TTFT: 0.203539535985328 / 1000, E2E: 2.11507539497688 / 1000, TPOT: 0.0611870964678625 / 1000, Rate: 1.34},
		}},
	// llm-d benchmark report 0.2.1: TPOT and E2E latency as a mean only, so no interactivity; 2 replicas × 8 H100: 16 GPUs; no precision in the report
	{File: "llm-d-benchmark-report/br_v0_2_1_example.yaml", GPUs: 16, Runs: input.Run{Precision: "bf16"},
		Points: []Figures{
			{Total: 2262.448, Output: 2262.448, TTFT: 0.03622930939309299, Rate: 10.0, NoX: true},
		}},
	// llm-d benchmark report 0.2: TPOT and E2E latency as a mean only, so no interactivity; 2 replicas × 8 H100: 16 GPUs; no precision in the report
	{File: "llm-d-benchmark-report/br_v0_2_example.yaml", GPUs: 16, Runs: input.Run{Precision: "bf16"},
		Points: []Figures{
			{Total: 2262.448, Output: 2262.448, TTFT: 0.03622930939309299, Rate: 10.0, NoX: true},
		}},
	{File: "llmperf/leaderboard_individual_together_70b.json", Skip: "per-request responses (LLMPerf *_individual_responses.json): its summary gives the point; the build skips it with a warning"},
	// LLMPerf gives no TPOT: no interactivity; a hosted API, the GPU is a stand-in
	{File: "llmperf/leaderboard_summary_anyscale_7b.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp16"},
		Points: []Figures{
			{Total: 198.25122608178637 + 78.77879971460449/60*550.0, Output: 198.25122608178637, TTFT: 0.20354668099999174, E2E: 2.9510136124999917, Conc: 5, NoX: true},
		}},
	// LLMPerf gives no TPOT: no interactivity; a hosted API, the GPU is a stand-in
	{File: "llmperf/leaderboard_summary_groq_70b.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp16"},
		Points: []Figures{
			{Total: 441.84737788500206 + 176.73895115400083/60*550.0, Output: 441.84737788500206, TTFT: 0.2218883791938424, E2E: 0.8051837999373674, Conc: 5, NoX: true},
		}},
	// LLMPerf gives no TPOT: no interactivity; a hosted API, the GPU is a stand-in
	{File: "llmperf/leaderboard_summary_together_70b.json", Runs: input.Run{GPU: "h100", GPUs: 1, Framework: "vllm", Precision: "fp16"},
		Points: []Figures{
			{Total: 216.45553311958628 + 81.89078137274691/60*550.0, Output: 216.45553311958628, TTFT: 0.6352748079999628, E2E: 2.4384245429999964, Conc: 5, NoX: true},
		}},
	// LLMPerf gives no TPOT: no interactivity
	{File: "llmperf/ray-project__llmperf__yi-1.5-34b-4xa10g-vllm-conc1-summary.json", Runs: input.Run{GPU: "a10g", GPUs: 4, Framework: "vllm", Precision: "bf16"},
		Points: []Figures{
			{Total: 20.982177074314603 + 7.915935703584854/60*550.0, Output: 20.982177074314603, TTFT: 0.586917666500085, E2E: 7.4364238745001785, Conc: 1, NoX: true},
		}},
	// LLMPerf gives no TPOT: no interactivity
	{File: "llmperf/ray-project__llmperf__yi-1.5-34b-4xa10g-vllm-conc64-summary.json", Runs: input.Run{GPU: "a10g", GPUs: 4, Framework: "vllm", Precision: "bf16"},
		Points: []Figures{
			{Total: 135.38240586364088 + 50.95750230507558/60*550.0, Output: 135.38240586364088, TTFT: 17.220491680999658, E2E: 48.924262237999756, Conc: 64, NoX: true},
		}},
	// LLMPerf gives no TPOT: no interactivity
	{File: "llmperf/ray-project__llmperf__yi-1.5-34b-4xa10g-vllm-conc8-summary.json", Runs: input.Run{GPU: "a10g", GPUs: 4, Framework: "vllm", Precision: "bf16"},
		Points: []Figures{
			{Total: 95.81719381923115 + 36.044085449240555/60*550.0, Output: 95.81719381923115, TTFT: 3.1766039474996433, E2E: 12.423329736000596, Conc: 8, NoX: true},
		}},
	{File: "lm-eval/EleutherAI__lm-evaluation-harness__results_2025-01-21T00-40-03.356274.json", Skip: "an eval result (accuracy), not a benchmark result: it attaches to points, and gives none"},
	{File: "lm-eval/csabakecskemeti_meta-llama__Llama-3.1-8B-Instruct_results_2025-01-25T04-48-43.622918.json", Skip: "an eval result (accuracy), not a benchmark result: it attaches to points, and gives none"},
	// LoadGen Offline: no TTFT or TPOT, so no point, and a warning with the tokens per second
	{File: "mlperf/ntuhpc__inference_results_v5.1__ASUSTeK-AMD_MI325X_per-gpu_llama2-70b-99_Offline_gpu0_mlperf_log_summary.txt", NoPoint: "no TTFT or TPOT and its latencies are not a request's, so it has no place on a latency or interactivity axis and gives no point (it measured 4103.7 output tokens per second"},
	// LoadGen Offline: no TTFT or TPOT, so no point, and a warning with the tokens per second
	{File: "mlperf/ntuhpc__inference_results_v5.1__ASUSTeK-AMD_MI325X_per-gpu_llama2-70b-99_Offline_gpu1_mlperf_log_summary.txt", NoPoint: "no TTFT or TPOT and its latencies are not a request's, so it has no place on a latency or interactivity axis and gives no point (it measured 4163.89 output tokens per second"},
	// LoadGen Offline: no TTFT or TPOT, so no point, and a warning with the tokens per second
	{File: "mlperf/ntuhpc__inference_results_v5.1__ASUSTeK-AMD_MI325X_per-gpu_llama2-70b-99_Offline_gpu2_mlperf_log_summary.txt", NoPoint: "no TTFT or TPOT and its latencies are not a request's, so it has no place on a latency or interactivity axis and gives no point (it measured 4089.58 output tokens per second"},
	// LoadGen Offline: no TTFT or TPOT, so no point, and a warning with the tokens per second
	{File: "mlperf/ntuhpc__inference_results_v5.1__ASUSTeK-AMD_MI325X_per-gpu_llama2-70b-99_Offline_gpu3_mlperf_log_summary.txt", NoPoint: "no TTFT or TPOT and its latencies are not a request's, so it has no place on a latency or interactivity axis and gives no point (it measured 4212.49 output tokens per second"},
	// LoadGen Offline: no TTFT or TPOT, so no point, and a warning with the tokens per second
	{File: "mlperf/ntuhpc__inference_results_v5.1__ASUSTeK-AMD_MI325X_per-gpu_llama2-70b-99_Offline_gpu4_mlperf_log_summary.txt", NoPoint: "no TTFT or TPOT and its latencies are not a request's, so it has no place on a latency or interactivity axis and gives no point (it measured 4119.21 output tokens per second"},
	// LoadGen Offline: no TTFT or TPOT, so no point, and a warning with the tokens per second
	{File: "mlperf/ntuhpc__inference_results_v5.1__ASUSTeK-AMD_MI325X_per-gpu_llama2-70b-99_Offline_gpu5_mlperf_log_summary.txt", NoPoint: "no TTFT or TPOT and its latencies are not a request's, so it has no place on a latency or interactivity axis and gives no point (it measured 4204.21 output tokens per second"},
	// LoadGen Offline: no TTFT or TPOT, so no point, and a warning with the tokens per second
	{File: "mlperf/ntuhpc__inference_results_v5.1__ASUSTeK-AMD_MI325X_per-gpu_llama2-70b-99_Offline_gpu6_mlperf_log_summary.txt", NoPoint: "no TTFT or TPOT and its latencies are not a request's, so it has no place on a latency or interactivity axis and gives no point (it measured 4157.72 output tokens per second"},
	// LoadGen Offline: no TTFT or TPOT, so no point, and a warning with the tokens per second
	{File: "mlperf/ntuhpc__inference_results_v5.1__ASUSTeK-AMD_MI325X_per-gpu_llama2-70b-99_Offline_gpu7_mlperf_log_summary.txt", NoPoint: "no TTFT or TPOT and its latencies are not a request's, so it has no place on a latency or interactivity axis and gives no point (it measured 4187.86 output tokens per second"},
	{File: "mlperf/ntuhpc__inference_results_v5.1__ASUSTeK-AMD_MI325X_per-gpu_llama2-70b-99_results.csv", Skip: "an MLPerf results table (CSV) of a submission, not a client's result file"},
	// LoadGen Offline: no TTFT or TPOT, so no point, and a warning with the tokens per second
	{File: "mlperf/ntuhpc__inference_results_v5.1__ASUSTeK_H200x8_mixtral-8x7b_Offline_mlperf_log_summary.txt", NoPoint: "no TTFT or TPOT and its latencies are not a request's, so it has no place on a latency or interactivity axis and gives no point (it measured 61372.4 output tokens per second"},
	// LoadGen Server (Scenario : Server): output tokens per second, latencies in ns, the load target_qps; the whole context from [[runs]]
	{File: "mlperf/ntuhpc__inference_results_v5.1__ASUSTeK_H200x8_mixtral-8x7b_Server_mlperf_log_summary.txt", Runs: input.Run{Model: "mixtral-8x7b", GPU: "h200", GPUs: 8, Framework: "trt", Precision: "fp8", ISL: 1024, OSL: 1024},
		Points: []Figures{
			{Output: 59992.81, TTFT: 319308732 / 1e9, E2E: 19278194830 / 1e9, TPOT: 168690841 / 1e9, Rate: 410, NoTotal: true},
		}},
	{File: "mlperf/ntuhpc__inference_results_v5.1__GigaComputing_summary.csv", Skip: "an MLPerf results table (CSV) of a submission, not a client's result file"},
	// LoadGen Offline: no TTFT or TPOT, so no point, and a warning with the tokens per second
	{File: "mlperf/ntuhpc__inference_results_v5.1__NVIDIA_B200x8_deepseek-r1_Offline_mlperf_log_summary.txt", NoPoint: "no TTFT or TPOT and its latencies are not a request's, so it has no place on a latency or interactivity axis and gives no point (it measured 33379 output tokens per second"},
	{File: "mlperf/ntuhpc__inference_results_v5.1__NVIDIA_B200x8_deepseek-r1_Server_mlperf_log_detail.txt", Skip: "an MLPerf LoadGen detail log: its summary beside it gives the point"},
	// LoadGen Server (Scenario : Server): output tokens per second, latencies in ns, the load target_qps; the whole context from [[runs]]
	{File: "mlperf/ntuhpc__inference_results_v5.1__NVIDIA_B200x8_deepseek-r1_Server_mlperf_log_summary.txt", Runs: input.Run{Model: "deepseek-r1", GPU: "b200", GPUs: 8, Framework: "trt", Precision: "fp4", ISL: 1024, OSL: 1024},
		Points: []Figures{
			{Output: 18592.24, TTFT: 685863288 / 1e9, E2E: 139009806071 / 1e9, TPOT: 69901712 / 1e9, Rate: 5, NoTotal: true},
		}},
	// LoadGen Interactive (Scenario : Server): output tokens per second, latencies in ns, the load target_qps; the whole context from [[runs]]
	{File: "mlperf/ntuhpc__inference_results_v5.1__NVIDIA_B200x8_llama2-70b-99_Interactive_mlperf_log_summary.txt", Runs: input.Run{Model: "llama2-70b", GPU: "b200", GPUs: 8, Framework: "trt", Precision: "fp4", ISL: 1024, OSL: 1024},
		Points: []Figures{
			{Output: 59545.45, TTFT: 63272742 / 1e9, E2E: 8045364035 / 1e9, TPOT: 34474393 / 1e9, Rate: 220, NoTotal: true},
		}},
	// LoadGen Offline: no TTFT or TPOT, so no point, and a warning with the tokens per second
	{File: "mlperf/ntuhpc__inference_results_v5.1__NVIDIA_B200x8_llama2-70b-99_Offline_mlperf_log_summary.txt", NoPoint: "no TTFT or TPOT and its latencies are not a request's, so it has no place on a latency or interactivity axis and gives no point (it measured 101527 output tokens per second"},
	{File: "mlperf/ntuhpc__inference_results_v5.1__NVIDIA_B200x8_llama2-70b-99_Server_mlperf_log_detail.txt", Skip: "an MLPerf LoadGen detail log: its summary beside it gives the point"},
	// LoadGen Server (Scenario : Server): output tokens per second, latencies in ns, the load target_qps; the whole context from [[runs]]
	{File: "mlperf/ntuhpc__inference_results_v5.1__NVIDIA_B200x8_llama2-70b-99_Server_mlperf_log_summary.txt", Runs: input.Run{Model: "llama2-70b", GPU: "b200", GPUs: 8, Framework: "trt", Precision: "fp4", ISL: 1024, OSL: 1024},
		Points: []Figures{
			{Output: 99123.04, TTFT: 244183931 / 1e9, E2E: 29033671820 / 1e9, TPOT: 126102896 / 1e9, Rate: 364, NoTotal: true},
		}},
	// LoadGen Interactive (Scenario : Server): output tokens per second, latencies in ns, the load target_qps; the whole context from [[runs]]
	{File: "mlperf/ntuhpc__inference_results_v5.1__NVIDIA_B200x8_llama3.1-405b_Interactive_mlperf_log_summary.txt", Runs: input.Run{Model: "llama3.1-405b", GPU: "b200", GPUs: 8, Framework: "trt", Precision: "fp4", ISL: 1024, OSL: 1024},
		Points: []Figures{
			{Output: 751.37, TTFT: 987640053 / 1e9, E2E: 44435760684 / 1e9, TPOT: 62071760 / 1e9, Rate: 1.15, NoTotal: true},
		}},
	// LoadGen Offline: no TTFT or TPOT, so no point, and a warning with the tokens per second
	{File: "mlperf/ntuhpc__inference_results_v5.1__NVIDIA_B200x8_llama3.1-405b_Offline_mlperf_log_summary.txt", NoPoint: "no TTFT or TPOT and its latencies are not a request's, so it has no place on a latency or interactivity axis and gives no point (it measured 1624.11 output tokens per second"},
	// LoadGen Server (Scenario : Server): output tokens per second, latencies in ns, the load target_qps; the whole context from [[runs]]
	{File: "mlperf/ntuhpc__inference_results_v5.1__NVIDIA_B200x8_llama3.1-405b_Server_mlperf_log_summary.txt", Runs: input.Run{Model: "llama3.1-405b", GPU: "b200", GPUs: 8, Framework: "trt", Precision: "fp4", ISL: 1024, OSL: 1024},
		Points: []Figures{
			{Output: 1240.42, TTFT: 1357319820 / 1e9, E2E: 71611043609 / 1e9, TPOT: 100801555 / 1e9, Rate: 1.9, NoTotal: true},
		}},
	// LoadGen Interactive (Scenario : Server): output tokens per second, latencies in ns, the load target_qps; the whole context from [[runs]]
	{File: "mlperf/ntuhpc__inference_results_v5.1__NVIDIA_B200x8_llama3.1-8b_Interactive_mlperf_log_summary.txt", Runs: input.Run{Model: "llama3.1-8b", GPU: "b200", GPUs: 8, Framework: "trt", Precision: "fp4", ISL: 1024, OSL: 1024},
		Points: []Figures{
			{Output: 102902.54, TTFT: 109262598 / 1e9, E2E: 3066973971 / 1e9, TPOT: 23093092 / 1e9, Rate: 800, NoTotal: true},
		}},
	// LoadGen Offline: no TTFT or TPOT, so no point, and a warning with the tokens per second
	{File: "mlperf/ntuhpc__inference_results_v5.1__NVIDIA_B200x8_llama3.1-8b_Offline_mlperf_log_summary.txt", NoPoint: "no TTFT or TPOT and its latencies are not a request's, so it has no place on a latency or interactivity axis and gives no point (it measured 136752 output tokens per second"},
	// LoadGen Server (Scenario : Server): output tokens per second, latencies in ns, the load target_qps; the whole context from [[runs]]
	{File: "mlperf/ntuhpc__inference_results_v5.1__NVIDIA_B200x8_llama3.1-8b_Server_mlperf_log_summary.txt", Runs: input.Run{Model: "llama3.1-8b", GPU: "b200", GPUs: 8, Framework: "trt", Precision: "fp4", ISL: 1024, OSL: 1024},
		Points: []Figures{
			{Output: 128540.95, TTFT: 498325752 / 1e9, E2E: 4275247856 / 1e9, TPOT: 29421581 / 1e9, Rate: 1000, NoTotal: true},
		}},
	// LoadGen Server (Scenario : Server): output tokens per second, latencies in ns, the load target_qps; the whole context from [[runs]]
	{File: "mlperf/ntuhpc__inference_results_v5.1__NVIDIA_GB200-NVL72x72_deepseek-r1_Server_mlperf_log_summary.txt", Runs: input.Run{Model: "deepseek-r1", GPU: "gb200", GPUs: 72, Framework: "trt", Precision: "fp4", ISL: 1024, OSL: 1024},
		Points: []Figures{
			{Output: 167578.06, TTFT: 641437563 / 1e9, E2E: 121500495785 / 1e9, TPOT: 61287759 / 1e9, Rate: 45, NoTotal: true},
		}},
	{File: "sglang/Scicom__llm-benchmaq__qwen3-8b-h100-tp8-c100.jsonl", Runs: input.Run{GPU: "h200", GPUs: 8, Precision: "fp8", Model: "m"},
		Points: []Figures{
			{Total: 36459.28749797308, Output: 3929.720447468979, TTFT: 493.27141290996224 / 1000, E2E: 1285.6606974964961 / 1000, TPOT: 11.149914426108202 / 1000, Conc: 100},
		}},
	{File: "sglang/datacrunch-h200_deepseek_dp_mla_output.jsonl", Runs: input.Run{GPU: "h200", GPUs: 8, Precision: "fp8", Model: "m"},
		Points: []Figures{
			{Total: 12412.394674113431 + 10000.0/412.49091206211597, Output: 12412.394674113431, TTFT: 10014.104524045251 / 1000, E2E: 374559.5875820145 / 1000, NoX: true},
		}},
	{File: "sglang/datacrunch-h200_llama_3_3_70b_offline_output.jsonl", Runs: input.Run{GPU: "h200", GPUs: 8, Precision: "fp8", Model: "m"},
		Points: []Figures{
			{Total: 4520.698730654741 + 1525074.0/341.72106836596504, Output: 4520.698730654741, TTFT: 91282.20983641222 / 1000, E2E: 243517.67949794885 / 1000, NoX: true},
			{Total: 3492.2944910189917 + 2034177.0/294.8187796440907, Output: 3492.2944910189917, TTFT: 114572.18416058458 / 1000, E2E: 223212.66481594648 / 1000, NoX: true},
			{Total: 2051.287161036558 + 1637669.0/399.0762558989227, Output: 2051.287161036558, TTFT: 61606.2875110656 / 1000, E2E: 299022.09998399485 / 1000, NoX: true},
			{Total: 1654.9938601765348 + 3097487.0/459.340072668856, Output: 1654.9938601765348, TTFT: 186501.87655747868 / 1000, E2E: 314937.3645974556 / 1000, NoX: true},
			{Total: 1652.8614806713933 + 3097487.0/459.93267366313376, Output: 1652.8614806713933, TTFT: 179526.87287854496 / 1000, E2E: 309622.22571345046 / 1000, NoX: true},
			{Total: 6648.4389207099675 + 777987.0/230.06317997979932, Output: 6648.4389207099675, TTFT: 33223.93286949955 / 1000, E2E: 173721.9173015328 / 1000, NoX: true},
			{Total: 3939.9256459856624 + 448102.0/97.2262002939824, Output: 3939.9256459856624, TTFT: 18726.9222245086 / 1000, E2E: 48729.666985571384 / 1000, NoX: true},
		}},
	{File: "sglang/datacrunch-h200_llama_3_3_70b_online_output.jsonl", Runs: input.Run{GPU: "h200", GPUs: 8, Precision: "fp8", Model: "m"},
		Points: []Figures{
			{Total: 537.4142851849319 + 152612.0/298.3675805060193, Output: 537.4142851849319, TTFT: 85.74514742940664 / 1000, E2E: 7819.046192569658 / 1000, Rate: 1.0, NoX: true},
			{Total: 987.3125216200807 + 308748.0/312.6791094408836, Output: 987.3125216200807, TTFT: 87.55627297796309 / 1000, E2E: 8561.391707509756 / 1000, Rate: 2.0, NoX: true},
			{Total: 2047.9108281108272 + 615860.0/296.8566754250787, Output: 2047.9108281108272, TTFT: 106.06311704032123 / 1000, E2E: 12534.854034543969 / 1000, Rate: 4.0, NoX: true},
			{Total: 3515.0190112201713 + 1222995.0/346.7753648299258, Output: 3515.0190112201713, TTFT: 191.41179136931896 / 1000, E2E: 50316.21736683883 / 1000, Rate: 8.0, NoX: true},
			{Total: 4288.049348197696 + 1629242.0/383.073250005953, Output: 4288.049348197696, TTFT: 614.2499720444903 / 1000, E2E: 159469.04255752452 / 1000, Rate: 16.0, NoX: true},
			{Total: 746.0750970739618 + 269081.0/304.126221193932, Output: 746.0750970739618, TTFT: 68.27884959056973 / 1000, E2E: 1988.5655880207196 / 1000, Rate: 4.0, NoX: true},
			{Total: 1471.0864833760852 + 540779.0/313.96794493007474, Output: 1471.0864833760852, TTFT: 83.16566958092153 / 1000, E2E: 3291.7507080128416 / 1000, Rate: 8.0, NoX: true},
		}},
	{File: "sglang/datacrunch-h200_llama_405b_online_output.jsonl", Runs: input.Run{GPU: "h200", GPUs: 8, Precision: "fp8", Model: "m"},
		Points: []Figures{
			{Total: 504.95546378579655 + 152612.0/317.54681650106795, Output: 504.95546378579655, TTFT: 218.80842198152095 / 1000, E2E: 24871.693555032834 / 1000, Rate: 1.0, NoX: true},
			{Total: 911.1440313922673 + 308748.0/338.81800172501244, Output: 911.1440313922673, TTFT: 244.2639688961208 / 1000, E2E: 29645.082462928258 / 1000, Rate: 2.0, NoX: true},
			{Total: 1598.64314902264 + 615860.0/380.2824916690588, Output: 1598.64314902264, TTFT: 602.1358293946832 / 1000, E2E: 107012.78415345587 / 1000, Rate: 4.0, NoX: true},
			{Total: 1820.6538850305435 + 1222995.0/669.4968274980783, Output: 1820.6538850305435, TTFT: 123718.62683666404 / 1000, E2E: 254232.27260110434 / 1000, Rate: 8.0, NoX: true},
			{Total: 705.0134392448288 + 269081.0/321.83925492689013, Output: 705.0134392448288, TTFT: 182.45959852356464 / 1000, E2E: 7324.836035375483 / 1000, Rate: 4.0, NoX: true},
			{Total: 1224.3946098961699 + 540779.0/377.2264237909112, Output: 1224.3946098961699, TTFT: 294.7253850288689 / 1000, E2E: 22389.20643250458 / 1000, Rate: 8.0, NoX: true},
		}},
	// trtllm-bench latency --report_json
	{File: "trtllm-bench/masahiro-kubota__trtllm-latency__rtx4070ti_longctx_in1024_out40_bs1.json", Runs: input.Run{},
		Points: []Figures{
			{Total: 5714.519736144999, Output: 214.8315690280075, TTFT: 13.897044999999999 / 1000, E2E: 149.299332 / 1000, TPOT: 3.230094076923077 / 1000},
		}},
	// trtllm-bench latency --report_json
	{File: "trtllm-bench/masahiro-kubota__trtllm-latency__rtx4070ti_ultralongctx_in8192_out40_bs1.json", Runs: input.Run{},
		Points: []Figures{
			{Total: 25685.978400217253, Output: 124.81039067160957, TTFT: 142.204294 / 1000, E2E: 287.314138 / 1000, TPOT: 3.5414224102564105 / 1000},
		}},
	// trtllm-bench latency --report_json
	{File: "trtllm-bench/masahiro-kubota__trtllm-latency__rtx6000_in87_out40_bs1.json", Runs: input.Run{},
		Points: []Figures{
			{Total: 1722.3422384349024, Output: 542.4699963574496, TTFT: 3.4905739999999996 / 1000, E2E: 70.52062 / 1000, TPOT: 1.7168239743589742 / 1000},
		}},
	// trtllm-bench latency --report_json
	{File: "trtllm-bench/masahiro-kubota__trtllm-latency__rtx6000_longctx_fp8_in1024_out40_bs1.json", Runs: input.Run{},
		Points: []Figures{
			{Total: 15229.066130348958, Output: 572.5212830958255, TTFT: 4.965749 / 1000, E2E: 69.77808399999999 / 1000, TPOT: 1.6616325897435897 / 1000},
		}},
	// trtllm-bench latency --report_json
	{File: "trtllm-bench/masahiro-kubota__trtllm-latency__rtx6000_longctx_in1024_out40_bs1.json", Runs: input.Run{},
		Points: []Figures{
			{Total: 13424.53620383038, Output: 504.68181217407437, TTFT: 6.65477 / 1000, E2E: 77.922748 / 1000, TPOT: 1.8274495641025639 / 1000},
		}},
	{File: "trtllm-bench/shaamil101-etched_trtllm-bench-0.16-throughput_stdout_result_1024_1024_3000.txt", Skip: "trtllm-bench 0.16 throughput console output (a log capture, not --report_json): its report gives throughput and the request rate only, no latency and no load, so no axis to place a point on; not read (the --report_json of every release is)"},
	// vllm bench serve by --request-rate (max_concurrency null): the load is the rate
	{File: "vllm-bench-serve/djangodevreng__dgx-spark-benchmarks__gemma4-26b_bf16_vllm0.20.1_run2026-05-05_H_office-baseline.json", Runs: input.Run{GPU: "gb10", GPUs: 1, Framework: "vllm", Precision: "bf16"},
		Points: []Figures{
			{Total: 1215.1785596426369, Output: 129.29893742822986, TTFT: 1285.830495529808 / 1000, E2E: 85306.39990948839 / 1000, TPOT: 181.62114980719647 / 1000, Rate: 0.3},
		}},
	// vllm bench serve by --request-rate (max_concurrency null): the load is the rate
	{File: "vllm-bench-serve/djangodevreng__dgx-spark-benchmarks__gemma4-26b_bf16_vllm0.20.1_run2026-05-05_I_sharegpt-replay.json", Runs: input.Run{GPU: "gb10", GPUs: 1, Framework: "vllm", Precision: "bf16"},
		Points: []Figures{
			{Total: 132.96127944515496, Output: 61.135636331717016, TTFT: 352.92798443697393 / 1000, E2E: 10922.64976655133 / 1000, TPOT: 95.32002616528419 / 1000, Rate: 0.3},
		}},
	// vllm bench serve by --request-rate (max_concurrency null): the load is the rate
	{File: "vllm-bench-serve/djangodevreng__dgx-spark-benchmarks__gemma4-26b_bf16_vllm0.23.0_run2026-06-22_H_office-baseline.json", Runs: input.Run{GPU: "gb10", GPUs: 1, Framework: "vllm", Precision: "bf16"},
		Points: []Figures{
			{Total: 1220.9694071002364, Output: 129.9151023672301, TTFT: 1329.8274209992087 / 1000, E2E: 83437.2593170001 / 1000, TPOT: 174.97550599985595 / 1000, Rate: 0.3},
		}},
	// vllm bench serve by --request-rate (max_concurrency null): the load is the rate
	{File: "vllm-bench-serve/djangodevreng__dgx-spark-benchmarks__gemma4-26b_bf16_vllm0.23.0_run2026-06-22_I_sharegpt-replay.json", Runs: input.Run{GPU: "gb10", GPUs: 1, Framework: "vllm", Precision: "bf16"},
		Points: []Figures{
			{Total: 132.81115735504056, Output: 60.9274404695698, TTFT: 327.0514664991424 / 1000, E2E: 9845.546500000637 / 1000, TPOT: 89.20063632094575 / 1000, Rate: 0.3},
		}},
	// vllm bench serve by --request-rate (max_concurrency null): the load is the rate
	{File: "vllm-bench-serve/djangodevreng__dgx-spark-benchmarks__gemma4-26b_bf16_vllm0.26.0_run2026-08-06_07-office-baseline.json", Runs: input.Run{GPU: "gb10", GPUs: 1, Framework: "vllm", Precision: "bf16"},
		Points: []Figures{
			{Total: 1219.7753566451509, Output: 129.78805152860795, TTFT: 1433.252351002011 / 1000, E2E: 93428.0933279988 / 1000, TPOT: 198.27001023321048 / 1000, Rate: 0.3},
		}},
	// vllm bench serve by --request-rate (max_concurrency null): the load is the rate
	{File: "vllm-bench-serve/djangodevreng__dgx-spark-benchmarks__gemma4-26b_bf16_vllm0.26.0_run2026-08-06_08-sharegpt.json", Runs: input.Run{GPU: "gb10", GPUs: 1, Framework: "vllm", Precision: "bf16"},
		Points: []Figures{
			{Total: 133.03556551253223, Output: 61.20391646911921, TTFT: 353.523009995115 / 1000, E2E: 10923.950199496176 / 1000, TPOT: 98.60224978682334 / 1000, Rate: 0.3},
		}},
	// vllm bench serve by --request-rate (max_concurrency null): the load is the rate
	{File: "vllm-bench-serve/djangodevreng__dgx-spark-benchmarks__gemma4-26b_bf16_vllm0.26.0_run2026-08-16_07-office-baseline.json", Runs: input.Run{GPU: "gb10", GPUs: 1, Framework: "vllm", Precision: "bf16"},
		Points: []Figures{
			{Total: 1216.501942253952, Output: 129.43974962747106, TTFT: 1434.6544744912535 / 1000, E2E: 93331.53053198475 / 1000, TPOT: 192.04270548237196 / 1000, Rate: 0.3},
		}},
	// vllm bench serve by --request-rate (max_concurrency null): the load is the rate
	{File: "vllm-bench-serve/djangodevreng__dgx-spark-benchmarks__gemma4-26b_bf16_vllm0.26.0_run2026-08-16_08-sharegpt.json", Runs: input.Run{GPU: "gb10", GPUs: 1, Framework: "vllm", Precision: "bf16"},
		Points: []Figures{
			{Total: 132.94623971624904, Output: 61.084277533102885, TTFT: 364.13282802095637 / 1000, E2E: 10769.47250001831 / 1000, TPOT: 96.43651362695054 / 1000, Rate: 0.3},
		}},
}

// Read is a point as a runner read it: its figures by the names "your run"'s rows give them
// (tput_per_gpu, median_ttft, request_rate, ...), its concurrency (0 for none) and its median
// interactivity (NaN for none).
type Read struct {
	Metrics map[string]float64
	Conc    int64
	X       float64
}

// Match pairs each wanted point with a distinct read one that has every figure it names, the
// throughputs divided by gpus. It returns a message for each wanted point no read one matches,
// naming the nearest one's differences, and one for a count that differs.
func Match(want []Figures, got []Read, gpus float64) []string {
	var msgs []string
	if len(got) != len(want) {
		msgs = append(msgs, fmt.Sprintf("%d points, want %d", len(got), len(want)))
	}
	used := make([]bool, len(got))
	for i, w := range want {
		var why []string
		j := -1
		for k := range got {
			if used[k] {
				continue
			}
			if d := w.diff(got[k], gpus); len(d) == 0 {
				j = k
				break
			} else if why == nil || len(d) < len(why) {
				why = d
			}
		}
		if j < 0 {
			msgs = append(msgs, fmt.Sprintf("no point has the figures of the table's point %d (%+v); the nearest differs: %v", i, w, why))
			continue
		}
		used[j] = true
	}
	return msgs
}

// diff lists how r differs from the wanted figures.
func (w Figures) diff(r Read, gpus float64) []string {
	var out []string
	near := func(name string, got, want float64) {
		if want == 0 {
			return
		}
		if math.IsNaN(got) || math.Abs(got-want) > 1e-9*math.Abs(want) {
			out = append(out, fmt.Sprintf("%s %v, want %v", name, got, want))
		}
	}
	m := func(k string) float64 {
		if v, ok := r.Metrics[k]; ok {
			return v
		}
		return math.NaN()
	}
	near("total per GPU", m("tput_per_gpu"), w.Total/gpus)
	near("output per GPU", m("output_tput_per_gpu"), w.Output/gpus)
	near("median TTFT", m("median_ttft"), w.TTFT)
	near("median E2E latency", m("median_e2el"), w.E2E)
	near("median TPOT", m("median_tpot"), w.TPOT)
	near("request rate", m("request_rate"), w.Rate)
	if w.Conc != 0 && r.Conc != w.Conc {
		out = append(out, fmt.Sprintf("concurrency %d, want %d", r.Conc, w.Conc))
	}
	if w.Rate != 0 && r.Conc != 0 {
		out = append(out, fmt.Sprintf("concurrency %d, want none (a run by rate)", r.Conc))
	}
	if w.NoTotal {
		for _, k := range []string{"tput_per_gpu", "input_tput_per_gpu"} {
			if v, ok := r.Metrics[k]; ok {
				out = append(out, fmt.Sprintf("%s %v, want none (the run counted no input tokens)", k, v))
			}
		}
	}
	if w.NoX && !math.IsNaN(r.X) {
		out = append(out, fmt.Sprintf("median interactivity %v, want none", r.X))
	}
	if w.TPOT != 0 && math.Abs(r.X-1/w.TPOT) > 1e-9/w.TPOT {
		out = append(out, fmt.Sprintf("median interactivity %v, want 1/TPOT = %v", r.X, 1/w.TPOT))
	}
	return out
}
