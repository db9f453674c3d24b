package corpus

// Raw benchmark corpora, shaped like the real files in ../shared/data/raw: arrays of InferenceX
// API rows, and one `vllm bench serve --save-result` file per run.
//
// API rows: file i is one day's API response for one page, (model, sequence) = page i mod 24
// (eight InferenceX model keys by three sequences), dated day i / 24 from RawFirstDay. Its rows
// re-measure a varying subset of that page's configurations (GPU, framework, precision,
// speculative decoding; single-node at TP4 or TP8, or prefill and decode workers for the dynamo-
// and mori- frameworks) at concurrencies 4 to 512, so every page has history and its
// configurations carry forward between runs, as real pages do. 1,000 files of 100 rows make 24
// pages with 41 or 42 snapshots each. Every row has the 23 metrics every real row has; every
// third also p90 and p99.9, every tenth power and energy.
//
// Bench-serve files: run i is one (GPU, framework, model, sequence, concurrency) on day
// i / (runs per day). Half the GPUs write their context into the file (as --metadata does);
// the other half's files need the [[runs]] entries RawServeRuns returns.
//
// Values are valid by construction (positive, finite, interactivity = 1 / TPOT in seconds),
// identities never repeat, and everything is a function of the arguments.

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"
)

// RawVersion changes whenever the raw corpora's bytes would change.
const RawVersion = 1

// RawFirstDay is the date of the first day of both raw corpora.
const RawFirstDay = "2026-01-01"

var rawModels = []struct{ key, hf string }{
	{"dsr1", "deepseek-ai/DeepSeek-R1-0528"}, {"gptoss120b", "openai/gpt-oss-120b"},
	{"llama70b", "nvidia/Llama-3.3-70B-Instruct-FP8"}, {"qwen3.5", "Qwen/Qwen3.5-397B-A17B"},
	{"kimik2.5", "moonshotai/Kimi-K2.5"}, {"minimaxm2.5", "MiniMaxAI/MiniMax-M2.5"},
	{"glm5", "zai-org/GLM-5-FP8"}, {"dsv4", "deepseek-ai/DeepSeek-V4-Pro"},
}

var rawSeqs = [][2]int{{1024, 1024}, {1024, 8192}, {8192, 1024}}

var rawConcs = []int{4, 8, 16, 32, 64, 128, 256, 512}

// rawConfig is one configuration of the API corpus.
type rawConfig struct {
	gpu, fw, precision, spec string
	disagg                   bool
	base, speed              float64 // throughput per GPU and interactivity scale
}

var rawConfigs = func() []rawConfig {
	var cs []rawConfig
	fws := map[string][]string{
		"b200": {"sglang", "trt", "vllm", "dynamo-trt"}, "b300": {"sglang", "trt", "dynamo-trt"},
		"gb200": {"dynamo-trt", "dynamo-sglang"}, "gb300": {"dynamo-trt"}, "h100": {"sglang", "dynamo-trt"},
		"h200": {"sglang", "trt", "dynamo-sglang"}, "mi300x": {"sglang", "vllm"}, "mi325x": {"sglang"},
		"mi355x": {"sglang", "atom", "mori-sglang"},
	}
	for gi, gpu := range []string{"b200", "b300", "gb200", "gb300", "h100", "h200", "mi300x", "mi325x", "mi355x"} {
		for fi, fw := range fws[gpu] {
			for pi, prec := range []string{"fp4", "fp8"} {
				if prec == "fp4" && (gpu == "h100" || gpu == "h200" || gpu == "mi300x" || gpu == "mi325x") {
					continue
				}
				disagg := strings.HasPrefix(fw, "dynamo-") || strings.HasPrefix(fw, "mori-")
				cs = append(cs, rawConfig{gpu, fw, prec, "none", disagg, 400 + 90*float64(gi) + 35*float64(fi) + 60*float64(pi), 80 + 7*float64(gi+fi)})
				if fi == 0 {
					cs = append(cs, rawConfig{gpu, fw, prec, "mtp", disagg, 380 + 90*float64(gi) + 60*float64(pi), 110 + 7*float64(gi)})
				}
			}
		}
	}
	return cs
}()

// rawGroup is one (configuration, topology, concurrency) of a page: the unit a run re-measures.
type rawGroup struct {
	c    int // index into rawConfigs
	topo int // 0 or 1
	conc int
}

var rawGroups = func() []rawGroup {
	var gs []rawGroup
	for c := range rawConfigs {
		for topo := range 2 {
			for _, conc := range rawConcs {
				gs = append(gs, rawGroup{c, topo, conc})
			}
		}
	}
	return gs
}()

// RawPages is how many (model, sequence) pages the API corpus spreads over.
var RawPages = len(rawModels) * len(rawSeqs)

func day(n int) string {
	t, _ := time.Parse(time.DateOnly, RawFirstDay)
	return t.AddDate(0, 0, n).Format(time.DateOnly)
}

// EachRawAPI generates files files of rows InferenceX API rows each and passes each to fn in
// order with its slash path ("api/dsr1_1k1k/2026-01-01.json"). fn must not keep data.
func EachRawAPI(files, rows int, seed uint64, fn func(name string, data []byte) error) error {
	var b bytes.Buffer
	for i := range files {
		b.Reset()
		page, d := i%RawPages, i/RawPages
		m, seq := rawModels[page/len(rawSeqs)], rawSeqs[page%len(rawSeqs)]
		rng := rand.New(rand.NewPCG(seed, uint64(i)))
		// The day's subset: a random start and stride through the page's groups, never the
		// same group twice in one file.
		n := min(rows, len(rawGroups))
		start, stride := rng.IntN(len(rawGroups)), 1+2*rng.IntN(len(rawGroups)/4)
		for stride > 1 && gcd(stride, len(rawGroups)) != 1 {
			stride += 2
		}
		b.WriteString("[\n")
		for k := range n {
			g := rawGroups[(start+k*stride)%len(rawGroups)]
			if k > 0 {
				b.WriteString(",\n")
			}
			writeAPIRow(&b, rng, m.key, seq, g, day(d), i*1000+k)
		}
		b.WriteString("\n]\n")
		name := fmt.Sprintf("api/%s_%s/%s.json", m.key, seqName(seq), day(d))
		if err := fn(name, b.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func seqName(s [2]int) string { return strconv.Itoa(s[0]/1024) + "k" + strconv.Itoa(s[1]/1024) + "k" }

// perf is a run's figures: throughput per GPU and interactivity at a concurrency, with a day's noise.
func perf(rng *rand.Rand, base, speed float64, conc int) (tput, intvty float64) {
	c := float64(conc)
	noise := 1 + (rng.Float64()-0.5)*0.06
	return base * c / (c + 48) * noise, speed / (1 + c/24) * (2 - noise)
}

// metricValue is one entry of a row's metrics, in the order it is written.
type metricValue struct {
	name string
	v    float64
}

// rowStat is a latency statistic and its factor over the median.
type rowStat struct {
	name string
	f    float64
}

func writeAPIRow(b *bytes.Buffer, rng *rand.Rand, model string, seq [2]int, g rawGroup, date string, run int) {
	writeConfigRow(b, rng, model, seq, rawConfigs[g.c], g, date, run)
}

// writeConfigRow writes one API row of configuration c at g's topology and concurrency.
func writeConfigRow(b *bytes.Buffer, rng *rand.Rand, model string, seq [2]int, c rawConfig, g rawGroup, date string, run int) {
	tp := 4 << g.topo
	pw, dw := 0, 0
	pg, dg, ngpu := tp, tp, tp
	if c.disagg {
		pw, dw = 1, 1+2*g.topo
		pg, dg = pw*tp, dw*tp
		ngpu = pg + dg
	}
	fields := [][2]string{
		{"hardware", q(c.gpu)}, {"framework", q(c.fw)}, {"model", q(model)}, {"precision", q(c.precision)},
		{"spec_method", q(c.spec)}, {"disagg", strconv.FormatBool(c.disagg)}, {"is_multinode", strconv.FormatBool(c.disagg)},
		{"prefill_tp", itoa(tp)}, {"prefill_ep", itoa(tp)}, {"prefill_dp_attention", strconv.FormatBool(c.disagg)},
		{"prefill_num_workers", itoa(pw)}, {"decode_tp", itoa(tp)}, {"decode_ep", itoa(tp)},
		{"decode_dp_attention", "false"}, {"decode_num_workers", itoa(dw)},
		{"num_prefill_gpu", itoa(pg)}, {"num_decode_gpu", itoa(dg)},
		{"isl", itoa(seq[0])}, {"osl", itoa(seq[1])}, {"conc", itoa(g.conc)},
		{"image", q("lmsysorg/sglang:v0.5." + itoa(g.c%13))},
	}
	b.WriteString(" {\n")
	for _, f := range fields {
		fmt.Fprintf(b, "  %q: %s,\n", f[0], f[1])
	}
	tput, iv := perf(rng, c.base*float64(tp)/float64(ngpu), c.speed, g.conc)
	out := tput * float64(seq[1]) / float64(seq[0]+seq[1])
	ms := []metricValue{{"tput_per_gpu", tput}, {"output_tput_per_gpu", out}, {"input_tput_per_gpu", tput - out}}
	stats := []rowStat{{"mean", 1.02}, {"median", 1}, {"p99", 1.3}, {"std", 0.05}}
	if run%3 == 0 {
		stats = append(stats, rowStat{"p90", 1.15}, rowStat{"p99.9", 1.6})
	}
	ttft := 0.05 + 0.002*float64(g.conc)*float64(seq[0])/1024
	for _, s := range stats {
		tpot := s.f / iv
		ms = append(ms, metricValue{s.name + "_tpot", tpot}, metricValue{s.name + "_intvty", 1 / tpot},
			metricValue{s.name + "_ttft", ttft * s.f}, metricValue{s.name + "_itl", tpot * 0.98},
			metricValue{s.name + "_e2el", ttft*s.f + tpot*float64(seq[1])})
	}
	if run%10 == 0 {
		ms = append(ms, metricValue{"avg_power_w", 600 + float64(g.conc)}, metricValue{"joules_per_total_token", 700 / tput},
			metricValue{"joules_per_output_token", 700 / out})
	}
	b.WriteString("  \"metrics\": {\n")
	for k, m := range ms {
		sep := ","
		if k == len(ms)-1 {
			sep = ""
		}
		fmt.Fprintf(b, "   %q: %s%s\n", m.name, num(m.v), sep)
	}
	b.WriteString("  },\n  \"workers\": null,\n")
	fmt.Fprintf(b, "  \"date\": %q,\n  \"run_url\": \"https://github.com/SemiAnalysisAI/InferenceX/actions/runs/%d/attempts/1\"\n }", date, 20000000000+run)
}

func q(s string) string { return strconv.Quote(s) }
func itoa(n int) string { return strconv.Itoa(n) }

// serveGPUs are the bench-serve corpus's GPUs; the ones marked false need [[runs]] for context.
var serveGPUs = []struct {
	gpu  string
	own  bool
	gpus int
}{{"mi300x", false, 8}, {"mi325x", true, 8}, {"mi355x", false, 8}, {"h100", true, 8}, {"h200", false, 8}, {"b200", true, 8}}

var serveFrameworks = []string{"vllm", "sglang"}

// serveRunsPerDay is how many bench-serve runs one day of the corpus holds.
var serveRunsPerDay = len(serveGPUs) * len(serveFrameworks) * 3 * len(rawSeqs) * len(rawConcs)

// EachRawServe generates n bench-serve result files and passes each to fn in order with its
// slash path ("serve/b200-vllm/dsr1/1k1k/2026-01-01/conc4.json" when the file carries its
// context, "serve-runs/mi300x-vllm-1k1k/dsr1/2026-01-01/conc4.json" when [[runs]] gives it).
func EachRawServe(n int, seed uint64, fn func(name string, data []byte) error) error {
	var b bytes.Buffer
	for i := range n {
		b.Reset()
		k, d := i%serveRunsPerDay, i/serveRunsPerDay
		conc := rawConcs[k%len(rawConcs)]
		k /= len(rawConcs)
		seq := rawSeqs[k%len(rawSeqs)]
		k /= len(rawSeqs)
		m := rawModels[k%3]
		k /= 3
		fw := serveFrameworks[k%len(serveFrameworks)]
		g := serveGPUs[k/len(serveFrameworks)]
		rng := rand.New(rand.NewPCG(seed, uint64(i)))
		tput, iv := perf(rng, 500+40*float64(k), 90, conc)
		total := tput * float64(g.gpus)
		out := total * float64(seq[1]) / float64(seq[0]+seq[1])
		t0, _ := time.Parse(time.DateOnly, RawFirstDay)
		date := t0.AddDate(0, 0, d).Format("20060102") + "-120000"
		fmt.Fprintf(&b, "{\n \"date\": %q,\n \"backend\": \"openai\",\n \"model_id\": %q,\n \"tokenizer_id\": %q,\n", date, m.hf, m.hf)
		fmt.Fprintf(&b, " \"num_prompts\": %d,\n \"request_rate\": \"inf\",\n \"burstiness\": 1.0,\n \"max_concurrency\": %d,\n", conc*10, conc)
		fmt.Fprintf(&b, " \"duration\": 600.0,\n \"completed\": %d,\n \"request_throughput\": %s,\n", conc*10, num(float64(conc)/60))
		fmt.Fprintf(&b, " \"output_throughput\": %s,\n \"total_token_throughput\": %s", num(out), num(total))
		ttft := 50 + 2*float64(conc)*float64(seq[0])/1024
		for _, s := range []rowStat{{"mean", 1.02}, {"median", 1}, {"std", 0.05}, {"p90", 1.15}, {"p99", 1.3}, {"p99.9", 1.6}} {
			tpot := 1000 * s.f / iv
			fmt.Fprintf(&b, ",\n \"%s_ttft_ms\": %s,\n \"%s_tpot_ms\": %s,\n \"%s_itl_ms\": %s,\n \"%s_e2el_ms\": %s",
				s.name, num(ttft*s.f), s.name, num(tpot), s.name, num(tpot*0.98), s.name, num(ttft*s.f+tpot*float64(seq[1])))
		}
		var name string
		if g.own {
			fmt.Fprintf(&b, ",\n \"gpu\": %q,\n \"gpus\": \"%d\",\n \"framework\": %q,\n \"precision\": \"fp8\",\n \"isl\": \"%d\",\n \"osl\": \"%d\"",
				g.gpu, g.gpus, fw, seq[0], seq[1])
			name = fmt.Sprintf("serve/%s-%s/%s/%s/%s/conc%d.json", g.gpu, fw, m.key, seqName(seq), day(d), conc)
		} else {
			name = fmt.Sprintf("serve-runs/%s-%s-%s/%s/%s/conc%d.json", g.gpu, fw, seqName(seq), m.key, day(d), conc)
		}
		b.WriteString("\n}\n")
		if err := fn(name, b.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// ServeRun is one [[runs]] entry the bench-serve corpus needs (see RawServeRuns).
type ServeRun struct {
	Path, GPU, Framework, Precision string
	GPUs, ISL, OSL                  int64
}

// RawServeRunList is the [[runs]] entries that give the bench-serve corpus's files that carry no
// context of their own, for tests below the config file.
func RawServeRunList() []ServeRun {
	var runs []ServeRun
	for _, g := range serveGPUs {
		if g.own {
			continue
		}
		for _, fw := range serveFrameworks {
			for _, seq := range rawSeqs {
				runs = append(runs, ServeRun{Path: fmt.Sprintf("serve-runs/%s-%s-%s/*/*/*.json", g.gpu, fw, seqName(seq)),
					GPU: g.gpu, GPUs: int64(g.gpus), Framework: fw, Precision: "fp8", ISL: int64(seq[0]), OSL: int64(seq[1])})
			}
		}
	}
	return runs
}

// RawServeRuns is RawServeRunList as frontier.toml text.
func RawServeRuns() string {
	var b bytes.Buffer
	for _, r := range RawServeRunList() {
		fmt.Fprintf(&b, "[[runs]]\npath = %q\ngpu = %q\ngpus = %d\nframework = %q\nprecision = %q\nisl = %d\nosl = %d\n\n",
			r.Path, r.GPU, r.GPUs, r.Framework, r.Precision, r.ISL, r.OSL)
	}
	return b.String()
}

// WriteRaw writes both raw corpora below dir: apiFiles files of rows API rows, and serve
// bench-serve files.
func WriteRaw(dir string, apiFiles, rows, serve int, seed uint64) error {
	if err := EachRawAPI(apiFiles, rows, seed, writeTo(dir)); err != nil {
		return err
	}
	return EachRawServe(serve, seed, writeTo(dir))
}

// CachedRaw is Cached for the raw corpora: a folder below root holding them, written once.
func CachedRaw(root string, apiFiles, rows, serve int, seed uint64) (string, error) {
	name := fmt.Sprintf("raw-v%d-seed%d-%dx%d-%d", RawVersion, seed, apiFiles, rows, serve)
	return cached(root, name, func(dir string) error { return WriteRaw(dir, apiFiles, rows, serve, seed) })
}
