package corpus

// The clients corpus: AIPerf profile exports (profile_export_aiperf.json, metrics at the top
// level as AIPerf's later releases write them), one run per file, each with the input_config
// AIPerf copies beside its figures (command line included); and, every third and second file of
// three, a GuideLLM report and a trtllm-bench report (clientsmore.go; on an AMD GPU the
// trtllm-bench file is an AIPerf export). Like the bench-serve corpus it is a sweep per GPU,
// framework, model and sequence, one file per concurrency and day; no AIPerf or GuideLLM file
// carries its GPU, GPU count, framework or precision, which ClientRuns' [[runs]] give; a
// trtllm-bench report says them all.

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"time"
)

// ClientsVersion changes whenever the clients corpus's bytes would change.
const ClientsVersion = 2

// clientGPUs are the clients corpus's GPUs and frameworks.
var (
	clientGPUs       = []string{"h100", "h200", "b200", "mi300x", "mi355x"}
	clientFrameworks = []string{"vllm", "sglang"}
	clientRunsPerDay = len(clientGPUs) * len(clientFrameworks) * 3 * len(rawSeqs) * len(rawConcs)
)

// EachClient generates n client files and passes each to fn in order with its slash path
// ("aiperf/b200-vllm-1k1k/dsr1/2026-01-01/conc4/profile_export_aiperf.json",
// "guidellm/…/benchmarks.json", "trtllm/…/report.json").
func EachClient(n int, seed uint64, fn func(name string, data []byte) error) error {
	var b bytes.Buffer
	t0, _ := time.Parse(time.DateOnly, RawFirstDay)
	for i := range n {
		b.Reset()
		k, d := i%clientRunsPerDay, i/clientRunsPerDay
		conc := rawConcs[k%len(rawConcs)]
		k /= len(rawConcs)
		seq := rawSeqs[k%len(rawSeqs)]
		k /= len(rawSeqs)
		m := rawModels[k%3]
		k /= 3
		fw := clientFrameworks[k%len(clientFrameworks)]
		gpu := clientGPUs[k/len(clientFrameworks)]
		rng := rand.New(rand.NewPCG(seed, uint64(i)))
		tput, iv := perf(rng, 500+40*float64(k), 90, conc)
		total := tput * 8
		out := total * float64(seq[1]) / float64(seq[0]+seq[1])
		ttft := 50 + 2*float64(conc)*float64(seq[0])/1024
		tpot := 1000 / iv
		e2e := ttft + tpot*float64(seq[1])
		day := t0.AddDate(0, 0, d)
		run := clientRun{model: m.hf, gpu: gpu, seq: seq, conc: conc, day: day, ttft: ttft, tpot: tpot, e2e: e2e, total: total, out: out, iv: iv}
		dir := fmt.Sprintf("%s-%s-%s/%s/%s/conc%d", gpu, fw, seqName(seq), m.key, day.Format(time.DateOnly), conc)
		switch _, nvidia := trtllmDevices[gpu]; {
		case i%3 == 1:
			writeGuideLLM(&b, run)
			if err := fn("guidellm/"+dir+"/benchmarks.json", b.Bytes()); err != nil {
				return err
			}
			continue
		case i%3 == 2 && nvidia && fw == "vllm": // one trt run per GPU, not one per framework slot
			writeTRTLLM(&b, run)
			if err := fn("trtllm/"+dir+"/report.json", b.Bytes()); err != nil {
				return err
			}
			continue
		}
		b.WriteString("{\n")
		stats := func(tag, unit string, v float64) {
			fmt.Fprintf(&b, "  %q: {\n    \"unit\": %q,\n    \"avg\": %s,\n    \"p1\": %s,\n    \"p5\": %s,\n    \"p10\": %s,\n    \"p25\": %s,\n"+
				"    \"p50\": %s,\n    \"p75\": %s,\n    \"p90\": %s,\n    \"p95\": %s,\n    \"p99\": %s,\n    \"min\": %s,\n    \"max\": %s,\n    \"std\": %s\n  },\n",
				tag, unit, num(v*1.02), num(v*0.8), num(v*0.85), num(v*0.9), num(v*0.95), num(v), num(v*1.05), num(v*1.15),
				num(v*1.2), num(v*1.3), num(v*0.7), num(v*1.5), num(v*0.05))
		}
		avg := func(tag, unit string, v float64) {
			fmt.Fprintf(&b, "  %q: {\n    \"unit\": %q,\n    \"avg\": %s\n  },\n", tag, unit, num(v))
		}
		stats("time_to_first_token", "ms", ttft)
		stats("time_to_second_token", "ms", tpot*1.1)
		stats("inter_token_latency", "ms", tpot)
		stats("inter_chunk_latency", "ms", tpot*0.98)
		stats("request_latency", "ms", e2e)
		stats("output_token_throughput_per_user", "tokens/sec/user", iv)
		stats("input_sequence_length", "tokens", float64(seq[0]))
		stats("output_sequence_length", "tokens", float64(seq[1]))
		avg("request_throughput", "requests/sec", float64(conc)*1000/e2e)
		avg("output_token_throughput", "tokens/sec", out)
		avg("total_token_throughput", "tokens/sec", total)
		avg("request_count", "requests", float64(conc*10))
		avg("benchmark_duration", "sec", 600)
		fmt.Fprintf(&b, "  \"input_config\": {\n    \"endpoint\": {\n      \"model_names\": [%q],\n      \"type\": \"chat\",\n"+
			"      \"streaming\": true,\n      \"urls\": [\"http://localhost:8000\"]\n    },\n"+
			"    \"input\": {\n      \"prompt\": {\n        \"input_tokens\": {\"mean\": %d},\n        \"output_tokens\": {\"mean\": %d}\n      },\n"+
			"      \"headers\": [[\"Authorization\", \"Bearer sk-not-a-real-key\"]]\n    },\n"+
			"    \"loadgen\": {\n      \"concurrency\": %d,\n      \"request_count\": %d\n    },\n"+
			"    \"cli_command\": \"aiperf profile -m %s --streaming --concurrency %d --isl %d --osl %d\"\n  },\n",
			m.hf, seq[0], seq[1], conc, conc*10, m.hf, conc, seq[0], seq[1])
		fmt.Fprintf(&b, "  \"was_cancelled\": false,\n  \"start_time\": %q,\n  \"end_time\": %q\n}\n",
			day.Format(time.DateOnly)+"T12:00:00.000000", day.Format(time.DateOnly)+"T12:10:00.000000")
		if err := fn("aiperf/"+dir+"/profile_export_aiperf.json", b.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// ClientRuns is the [[runs]] entries, as frontier.toml text, that give the clients corpus's
// AIPerf and GuideLLM files their GPU, GPU count, framework and precision, and its
// trtllm-bench reports their date.
func ClientRuns() string {
	var b bytes.Buffer
	for _, g := range clientGPUs {
		for _, fw := range clientFrameworks {
			for _, seq := range rawSeqs {
				for _, client := range []string{"aiperf", "guidellm"} {
					fmt.Fprintf(&b, "[[runs]]\npath = \"%s/%s-%s-%s/*/*/*/*.json\"\ngpu = %q\ngpus = 8\nframework = %q\nprecision = \"fp8\"\n\n",
						client, g, fw, seqName(seq), g, fw)
				}
			}
		}
	}
	// A trtllm-bench report has no date: its folder's day gives it.
	t0, _ := time.Parse(time.DateOnly, RawFirstDay)
	for d := range clientDays {
		day := t0.AddDate(0, 0, d).Format(time.DateOnly)
		fmt.Fprintf(&b, "[[runs]]\npath = \"trtllm/*/*/%s/*/*.json\"\ndate = %q\n\n", day, day)
	}
	return b.String()
}

// clientDays is how many days ClientRuns dates: enough for 40,000 files.
const clientDays = 60

// CachedClients is Cached for the clients corpus: a folder below root holding n files.
func CachedClients(root string, n int, seed uint64) (string, error) {
	name := fmt.Sprintf("clients-v%d-seed%d-%d", ClientsVersion, seed, n)
	return cached(root, name, func(dir string) error { return EachClient(n, seed, writeTo(dir)) })
}
