package input

import (
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/output"
	"math"
	"os"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testenv"
)

// The real InferenceX data of ../shared/data/raw (beside the repository, never in it): DeepSeek-R1-0528 at
// 1k/1k as API rows (latest and history), agg rows and bench-serve files. Expected figures below
// were counted from the files with a separate script, by the rules in raw.go.

// rawTestConfig is the frontier.toml the real bench-serve files need: the MI300X runs carry no
// context of their own.
func rawTestConfig(t testing.TB) *RawOptions {
	t.Helper()
	return &RawOptions{Runs: []Run{{Path: "bench-serve/mi300x-sglang-fp8/*.json", GPU: "mi300x", GPUs: 8,
		Framework: "sglang", Precision: "fp8", ISL: 1024, OSL: 1024}}}
}

// rawTestFiles lists the raw test files in path order, as a build reads them.
var rawTestFiles = []string{
	"bench-serve/mi300x-sglang-fp8/conc16.json", "bench-serve/mi300x-sglang-fp8/conc32.json",
	"bench-serve/mi300x-sglang-fp8/conc4.json", "bench-serve/mi300x-sglang-fp8/conc64.json",
	"bench-serve/mi300x-sglang-fp8/conc8.json",
	"bench-serve/mi325x-sglang-fp8/conc16.json", "bench-serve/mi325x-sglang-fp8/conc32.json",
	"bench-serve/mi325x-sglang-fp8/conc4.json", "bench-serve/mi325x-sglang-fp8/conc64.json",
	"bench-serve/mi325x-sglang-fp8/conc8.json",
	"inferencex-agg/agg_bmk.json",
	"inferencex-api/dsr1_1k1k_history.json", "inferencex-api/dsr1_1k1k_latest.json",
}

func readRaw(t testing.TB, rel string) []byte {
	t.Helper()
	return testenv.SharedFile(t, "raw/"+rel)
}

// decodeTestFile sniffs and decodes one raw test file, failing on any problem.
func decodeTestFile(t testing.TB, rel string, cfg *RawOptions) []rawRow {
	t.Helper()
	data := readRaw(t, rel)
	f, msg := sniffFormat(data)
	if f == formatView || f == formatUnknown {
		t.Fatalf("%s: sniffed as %v %s", rel, f, msg)
	}
	rows, ps := decodeRaw(f, "data/"+rel, rel, data, cfg)
	if len(ps) > 0 {
		t.Fatalf("%s: %v", rel, ps)
	}
	return rows
}

func TestSniffFormatOfTheRealFiles(t *testing.T) {
	want := map[string]*format{
		"inferencex-api/dsr1_1k1k_latest.json":      formatAPI,
		"inferencex-api/dsr1_1k1k_history.json":     formatAPI,
		"inferencex-agg/agg_bmk.json":               formatAgg,
		"bench-serve/mi325x-sglang-fp8/conc16.json": formatServe,
		"bench-serve/mi300x-sglang-fp8/conc4.json":  formatServe,
	}
	for rel, f := range want {
		if got, msg := sniffFormat(readRaw(t, rel)); got != f {
			t.Errorf("%s: got format %v (%s), want %v", rel, got, msg, f)
		}
	}
	seed, err := os.ReadFile("../../data/deepseek-v4-pro_8k-1k_fp4.json")
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := sniffFormat(seed); got != formatView {
		t.Errorf("seed view: got format %v", got)
	}
}

func TestSniffFormatByShape(t *testing.T) {
	tests := []struct {
		name, in string
		want     *format
		msg      string
	}{
		{"one agg object", `{"hw": "b200", "conc": 4, "tput_per_gpu": 1}`, formatAgg, ""},
		{"agg array", "\ufeff" + ` [ {"hw": "b200", "conc": 4, "tput_per_gpu": 1} ]`, formatAgg, ""},
		{"api rows", `[{"metrics": {}, "conc": 1, "hardware": "b200"}, 5]`, formatAPI, ""},
		{"no rows", ` [ ] `, formatAPI, ""},
		{"bench-serve", `{"date": "x", "max_concurrency": 4, "output_throughput": 1, "total_token_throughput": 2}`, formatServe, ""},
		{"view first key", `{"view": "inference", "max_concurrency": 4, "output_throughput": 1, "total_token_throughput": 2}`, formatView, ""},
		{"empty object", `{}`, formatView, ""},
		{"some other JSON", `{"name": "pkg"}`, formatView, ""},
		{"a number", `12`, formatView, ""},
		{"syntax error", `{"hw": `, formatView, ""},
		{"half a bench-serve file", `{"max_concurrency": 4, "output_throughput": 1}`, formatUnknown,
			"not a benchmark file: it looks like a bench-serve result (it has max_concurrency, output_throughput) but lacks total_token_throughput"},
		{"rows lacking metrics", `[{"hardware": "b200", "conc": 4}]`, formatUnknown,
			"not a benchmark file: its first row looks like InferenceX API rows (it has hardware, conc) but lacks metrics"},
		{"rows of nothing known", `[{"a": 1}]`, formatUnknown,
			"not a benchmark file: its rows are neither InferenceX API rows (hardware, conc, metrics) nor agg rows (hw, conc, tput_per_gpu)"},
		{"an array of bench-serve objects", `[{"max_concurrency": 4, "output_throughput": 1, "total_token_throughput": 2}]`, formatUnknown,
			"not a benchmark file: its rows are neither InferenceX API rows (hardware, conc, metrics) nor agg rows (hw, conc, tput_per_gpu)"},
	}
	for _, tt := range tests {
		f, msg := sniffFormat([]byte(tt.in))
		if f != tt.want || msg != tt.msg {
			t.Errorf("%s: got %v %q, want %v %q", tt.name, f, msg, tt.want, tt.msg)
		}
	}
}

func TestRawRowCountsAndConfigurations(t *testing.T) {
	cfg := rawTestConfig(t)
	count := map[string]int{}
	configs := map[string]map[string]bool{}
	for _, rel := range rawTestFiles {
		dir := path.Dir(rel)
		for _, r := range decodeTestFile(t, rel, cfg) {
			count[dir]++
			if r.model != "DeepSeek-R1-0528" || r.sequence != "1k/1k" {
				t.Errorf("%s: row on page %s %s", r.place(), r.model, r.sequence)
			}
			if configs[dir] == nil {
				configs[dir] = map[string]bool{}
			}
			configs[dir][hwKey(r.gpu, r.framework, r.spec, r.disagg)+"@"+r.precision] = true
		}
	}
	want := map[string][2]int{ // rows, configurations
		"inferencex-api":                {500, 50},
		"inferencex-agg":                {20, 6},
		"bench-serve/mi300x-sglang-fp8": {5, 1},
		"bench-serve/mi325x-sglang-fp8": {5, 1},
	}
	for dir, w := range want {
		if count[dir] != w[0] || len(configs[dir]) != w[1] {
			t.Errorf("%s: %d rows in %d configurations, want %d in %d", dir, count[dir], len(configs[dir]), w[0], w[1])
		}
	}
	agg := slices.Sorted(mapKeys(configs["inferencex-agg"]))
	wantAgg := []string{"b300_sglang@fp4", "b300_sglang@fp8", "b300_sglang_mtp@fp8",
		"gb200_dynamo-trt@fp4", "gb200_dynamo-trt@fp8", "gb200_dynamo-trt_mtp@fp4"}
	if !slices.Equal(agg, wantAgg) {
		t.Errorf("agg configurations %v, want %v (runner suffixes stripped)", agg, wantAgg)
	}
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func TestNormalisation(t *testing.T) {
	for in, want := range map[string]string{
		"b200": "b200", "B200": "b200", "b200-trt_3": "b200", "b300-trt_1": "b300", "gb200-trt_0": "gb200",
		"h200-multinode-slurm": "h200", "mi355x-disagg": "mi355x", "mi355x-amds_2": "mi355x", " H100-NV ": "h100",
		"b200_x": "b200_x", "-trt": "-trt",
	} {
		if got := normGPU(in); got != want {
			t.Errorf("normGPU(%q) = %q, want %q", in, got, want)
		}
	}
	for _, tt := range []struct {
		in     string
		disagg bool
		fw     string
		dis    bool
	}{
		{"dynamo-trtllm", false, "dynamo-trt", true}, {"sglang-disagg", false, "mori-sglang", true},
		{"TRTLLM", false, "trt", false}, {"sglang", true, "sglang", true}, {"vllm", false, "vllm", false},
		{"dynamo-sglang", false, "dynamo-sglang", true}, {"atom-disagg", false, "mooncake-atom", true},
	} {
		if fw, dis := normFramework(tt.in, tt.disagg); fw != tt.fw || dis != tt.dis {
			t.Errorf("normFramework(%q, %v) = %q, %v; want %q, %v", tt.in, tt.disagg, fw, dis, tt.fw, tt.dis)
		}
	}
	def := RawOptions{}
	renamed := RawOptions{Models: map[string]string{"dsr1": "DeepSeek R1", "my/ckpt": "Mine"}}
	for _, tt := range []struct {
		cfg      *RawOptions
		in, want string
		wantSlug string
		why      string
	}{
		{&def, "dsr1", "DeepSeek-R1-0528", "deepseek-r1-0528", "built-in key"},
		{&def, "deepseek-ai/DeepSeek-R1-0528", "DeepSeek-R1-0528", "deepseek-r1-0528", "Hugging Face id shown as its name"},
		{&def, "DeepSeek-R1-0528", "DeepSeek-R1-0528", "deepseek-r1-0528", "the view's name"},
		{&def, "dsr1-fp8", "DeepSeek-R1-0528", "deepseek-r1-0528", "prefix with a precision"},
		{&def, "deepseek-r1-0528-nvfp4-v2", "DeepSeek-R1-0528", "deepseek-r1-0528", "a checkpoint name with a precision"},
		{&def, "nvidia/DeepSeek-R1-0528-FP4-v2", "DeepSeek-R1-0528", "deepseek-r1-0528", "a checkpoint InferenceX maps"},
		{&def, "gptoss", "gpt-oss-120b", "gpt-oss-120b", "shorthand"},
		{&def, "org/Some-Model", "Some-Model", "some-model", "unknown Hugging Face id"},
		{&def, "mymodel", "mymodel", "mymodel", "unknown key as written"},
		{&renamed, "dsr1", "DeepSeek R1", "deepseek-r1", "[models.dsr1]"},
		{&renamed, "deepseek-ai/DeepSeek-R1-0528", "DeepSeek R1", "deepseek-r1", "the id follows the renamed key"},
		{&renamed, "DeepSeek-R1-0528", "DeepSeek R1", "deepseek-r1", "the view's name follows the renamed key"},
		{&renamed, "my/ckpt", "Mine", "mine", "[models.\"my/ckpt\"]"},
	} {
		got := tt.cfg.modelName(tt.in)
		if got != tt.want || output.Slug(got) != tt.wantSlug {
			t.Errorf("%s: modelName(%q) = %q (slug %s), want %q (%s)", tt.why, tt.in, got, output.Slug(got), tt.want, tt.wantSlug)
		}
	}
	for _, tt := range []struct {
		isl, osl int64
		want     string
	}{{1024, 1024, "1k/1k"}, {1024, 8192, "1k/8k"}, {8192, 1024, "8k/1k"}, {8192, 625, "8k/625"}, {1000, 2048, "1000/2k"}} {
		if got := sequenceOf(tt.isl, tt.osl); got != tt.want {
			t.Errorf("sequenceOf(%d, %d) = %q, want %q", tt.isl, tt.osl, got, tt.want)
		}
	}
	// The view's hwKey and label spelling.
	for _, tt := range []struct {
		gpu, fw, spec string
		disagg        bool
		key, label    string
	}{
		{"b300", "trt", "mtp", false, "b300_trt_mtp", "B300 (TRTLLM, MTP)"},
		{"b200", "vllm", "none", false, "b200_vllm", "B200 (vLLM)"},
		{"gb200", "dynamo-trt", "none", true, "gb200_dynamo-trt", "GB200 NVL72 (Dynamo TRTLLM)"},
		{"b200", "sglang", "none", true, "b200_sglang-disagg", "B200 (SGLang, Disagg)"},
		{"tpu7", "jax", "eagle", false, "tpu7_jax_eagle", "TPU7 (jax, EAGLE)"},
	} {
		g := def.gpuInfo(tt.gpu)
		if k, l := hwKey(tt.gpu, tt.fw, tt.spec, tt.disagg), seriesLabel(g.label, tt.fw, tt.spec, tt.disagg); k != tt.key || l != tt.label {
			t.Errorf("%s %s %s: got %q %q, want %q %q", tt.gpu, tt.fw, tt.spec, k, l, tt.key, tt.label)
		}
	}
	over := RawOptions{GPUs: map[string]GPUName{"b200": {Label: "B200 SXM"}, "tpu7": {Label: "TPU v7", Vendor: "Google"}}}
	if g := over.gpuInfo("b200"); g != (gpuInfo{"B200 SXM", "NVIDIA"}) {
		t.Errorf("b200 override: %+v", g)
	}
	if g := over.gpuInfo("tpu7"); g != (gpuInfo{"TPU v7", "Google"}) {
		t.Errorf("tpu7 override: %+v", g)
	}
	if g := def.gpuInfo("mi355x"); g != (gpuInfo{"MI355X", "AMD"}) {
		t.Errorf("mi355x: %+v", g)
	}
}

// findRow finds the one row of rel matching pred.
func findRow(t *testing.T, rows []rawRow, pred func(r *rawRow) bool) *rawRow {
	t.Helper()
	var found *rawRow
	for i := range rows {
		if pred(&rows[i]) {
			if found != nil {
				t.Fatalf("two rows match: %s and %s", found.place(), rows[i].place())
			}
			found = &rows[i]
		}
	}
	if found == nil {
		t.Fatal("no row matches")
	}
	return found
}

func metric(t *testing.T, r *rawRow, name string) float64 {
	t.Helper()
	v, ok := r.raw.Metrics.Get(metricIndex[name])
	if !ok {
		t.Fatalf("%s: no %s", r.place(), name)
	}
	return v
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Max(math.Abs(a), math.Abs(b)) }

func TestRawNumbersByHand(t *testing.T) {
	cfg := rawTestConfig(t)

	// bench-serve, MI325X at concurrency 16: the file's own context, 8 GPUs.
	r := &decodeTestFile(t, "bench-serve/mi325x-sglang-fp8/conc16.json", cfg)[0]
	checks := map[string]float64{
		"tput_per_gpu":        1600.6552501687179 / 8,
		"output_tput_per_gpu": 796.0902992929631 / 8,
		"input_tput_per_gpu":  (1600.6552501687179 - 796.0902992929631) / 8,
		"median_intvty":       1000 / 19.244991203614855,
		"p99.9_intvty":        1000 / 20.940608549021263,
		"std_intvty":          1000 / 0.8427440090339574,
		"median_tpot":         19.244991203614855 / 1000,
		"p99_ttft":            1717.8370034741238 / 1000,
		"p99.9_e2el":          22589.218655785084 / 1000,
		"mean_itl":            19.3689669978802 / 1000,
	}
	for name, want := range checks {
		if got := metric(t, r, name); !near(got, want) {
			t.Errorf("mi325x conc16 %s = %v, want %v", name, got, want)
		}
	}
	if r.raw.Metrics.Len() != 3+6+24 {
		t.Errorf("mi325x conc16 has %d metrics, want 33 (no power)", r.raw.Metrics.Len())
	}
	if r.gpu != "mi325x" || r.framework != "sglang" || r.precision != "fp8" || r.conc != 16 || r.date != "2026-05-18" ||
		r.raw.Topology.GPUs != 8 || r.raw.Topology.String() != "8 GPUs" {
		t.Errorf("mi325x conc16 identity: %+v", r)
	}
	p := rawPointOf(r, "mi325x_sglang")
	if p.X != 1000/19.244991203614855 || p.Y != 1600.6552501687179/8 || p.Concurrency != 16 || p.Raw != &r.raw {
		t.Errorf("point %+v", p)
	}

	// bench-serve, MI300X: context from [[runs]].
	r = &decodeTestFile(t, "bench-serve/mi300x-sglang-fp8/conc4.json", cfg)[0]
	if r.gpu != "mi300x" || r.raw.Topology.GPUs != 8 || r.model != "DeepSeek-R1-0528" || r.sequence != "1k/1k" {
		t.Errorf("mi300x conc4: %+v", r)
	}

	// agg rows: a runner-suffixed multinode row and a single-node row.
	agg := decodeTestFile(t, "inferencex-agg/agg_bmk.json", cfg)
	r = findRow(t, agg, func(r *rawRow) bool { return r.conc == 24 })
	if s := r.raw.Topology.String(); s != "1P (TP4 EP4 DPA) + 4D (TP8 EP8), 36 GPUs" || r.framework != "dynamo-trt" || !r.disagg {
		t.Errorf("gb200 conc24: topology %q, %+v", s, r)
	}
	if got := metric(t, r, "tput_per_gpu"); got != 169.07090612277543 {
		t.Errorf("gb200 conc24 tput_per_gpu %v", got)
	}
	r = findRow(t, agg, func(r *rawRow) bool { return r.conc == 4 && r.gpu == "gb200" })
	if s := r.raw.Topology.String(); s != "TP36" || r.raw.Topology.GPUs != 36 || r.raw.Image != "" {
		t.Errorf("gb200-trt_0 conc4: topology %q, GPUs %d, image %q", s, r.raw.Topology.GPUs, r.raw.Image)
	}
	r = findRow(t, agg, func(r *rawRow) bool { return r.conc == 1 && r.precision == "fp4" })
	if s := r.raw.Topology.String(); s != "TP4 EP4" || r.raw.Topology.GPUs != 4 || r.date != "" || r.spec != "none" {
		t.Errorf("b300 fp4 conc1: %q %+v", s, r)
	}
	if got := metric(t, r, "median_intvty"); got != 1/metric(t, r, "median_tpot") && !near(got, 1/metric(t, r, "median_tpot")) {
		t.Errorf("agg interactivity %v vs tpot %v", got, metric(t, r, "median_tpot"))
	}

	// API rows: power and energy kept where present; topology and GPUs.
	latest := decodeTestFile(t, "inferencex-api/dsr1_1k1k_latest.json", cfg)
	r = &latest[0]
	if got := metric(t, r, "avg_power_w"); got != 628.907 {
		t.Errorf("latest[0] avg_power_w %v", got)
	}
	if got := metric(t, r, "joules_per_output_token"); got != 6.353339 {
		t.Errorf("latest[0] joules_per_output_token %v", got)
	}
	if r.raw.Metrics.Len() != 36 || r.raw.Topology.String() != "TP4" || r.raw.Topology.GPUs != 4 ||
		runIDOf(r.raw.RunURL) != "27213443242" || r.raw.Link() == "" || r.raw.Image != "lmsysorg/sglang:v0.5.12-rocm700-mi35x" {
		t.Errorf("latest[0]: %d metrics, %q, %d GPUs, run %q, %+v", r.raw.Metrics.Len(), r.raw.Topology, r.raw.Topology.GPUs, r.raw.RunURL, r.raw)
	}
	r = findRow(t, latest, func(r *rawRow) bool {
		return r.gpu == "h200" && r.framework == "dynamo-trt" && r.conc == 11
	})
	if s := r.raw.Topology.String(); s != "1P (TP8 EP8 DPA) + 9D (TP8 EP8), 80 GPUs" {
		t.Errorf("h200 dynamo-trt conc11 topology %q", s)
	}
}

func TestRawMergeUnionAndConflicts(t *testing.T) {
	cfg := rawTestConfig(t)
	history := decodeTestFile(t, "inferencex-api/dsr1_1k1k_history.json", cfg)
	latest := decodeTestFile(t, "inferencex-api/dsr1_1k1k_latest.json", cfg)
	rows, ps := mergeRows(append(slices.Clone(history), latest...))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	if len(rows) != 454 { // 500 rows, 46 in both files
		t.Errorf("%d merged rows, want 454", len(rows))
	}
	// History rows carry no mean statistics and no run image; the 46 present in latest too
	// gain latest's (every latest row has mean_ttft).
	merged := 0
	for _, r := range rows {
		if r.file == "data/inferencex-api/dsr1_1k1k_history.json" && r.raw.Metrics.Has(metricIndex["mean_ttft"]) {
			merged++
			if r.raw.Metrics.Len() < 23 {
				t.Errorf("%s: merged row has %d metrics", r.place(), r.raw.Metrics.Len())
			}
		}
	}
	if merged != 46 {
		t.Errorf("%d history rows gained latest's metrics, want 46", merged)
	}

	// Change one value of a row present in both: the two disagree, so they are two runs of one
	// identity, one point of their medians and ranges (spread.go), not an error.
	changed := slices.Clone(latest)
	i := slices.IndexFunc(changed, func(r rawRow) bool {
		return slices.ContainsFunc(history, func(h rawRow) bool { return identityOf(&h) == identityOf(&r) })
	})
	was, _ := changed[i].raw.Metrics.Get(MMedianIntvty)
	ms := changed[i].raw.Metrics.unpack()
	ms.set(MMedianIntvty, 1)
	changed[i].raw.Metrics = ms.pack()
	rows, ps = mergeRows(append(slices.Clone(history), changed...))
	if len(ps.Errors()) != 0 || len(ps) != 2 || !strings.Contains(ps[0].Msg, "median_intvty 1 in data/inferencex-api/dsr1_1k1k_latest.json") ||
		!strings.Contains(ps[1].Msg, "give each its own variant in a [[runs]] entry") {
		t.Fatalf("problems %v, want only the warning that the runs' median interactivity lies far apart, and its fix: a variant", ps)
	}
	if len(rows) != 454 {
		t.Errorf("%d merged rows, want 454", len(rows))
	}
	spread := 0
	for _, r := range rows {
		if r.raw.Spread == nil {
			continue
		}
		spread++
		if n := r.raw.Spread.N(); n != 2 {
			t.Errorf("%s: %d runs, want 2", r.place(), n)
		}
		lo, hi, _ := r.raw.Spread.Range(MMedianIntvty)
		med, _ := r.raw.Metrics.Get(MMedianIntvty)
		if lo != min(1, was) || hi != max(1, was) || med != (1+was)/2 {
			t.Errorf("median_intvty %g in [%g, %g], want %g in [%g, %g]", med, lo, hi, (1+was)/2, min(1, was), max(1, was))
		}
	}
	if spread != 1 {
		t.Errorf("%d points of several runs, want 1", spread)
	}
}

func TestRawProblems(t *testing.T) {
	cfg := rawTestConfig(t)
	serve := func(extra string) string {
		return `{"date": "20260101-120000", "model_id": "org/M", "max_concurrency": 4,
			"total_token_throughput": 100, "output_throughput": 40, "median_tpot_ms": 10` + extra + `}`
	}
	ctx := `, "gpu": "b200", "gpus": "8", "framework": "vllm", "precision": "fp8", "isl": "1024", "osl": "1024"`
	api := func(row string) string {
		ok := `{"hardware": "b200", "framework": "vllm", "model": "dsr1", "precision": "fp8", "isl": 1024, "osl": 1024, "conc": 4,
			"metrics": {"tput_per_gpu": 10, "median_intvty": 5}}`
		return "[" + strings.Repeat(ok+",", 12) + row + "]"
	}
	tests := []struct {
		name, file, in string
		f              *format
		want           []string
	}{
		{"zero TPOT", "runs/x.json", `{"date": "20260101-120000", "model_id": "org/M", "max_concurrency": 4,
			"total_token_throughput": 100, "output_throughput": 40, "median_tpot_ms": 0, "p99_tpot_ms": 0, "std_tpot_ms": 0` + ctx + `}`,
			formatServe, []string{
				"data/runs/x.json: median_tpot_ms: must be greater than 0",
				"data/runs/x.json: p99_tpot_ms: must be greater than 0"}},
		{"a word for a number", "rows.json", api(`{"hardware": "b200", "framework": "vllm", "model": "dsr1", "precision": "fp8",
			"isl": 1024, "osl": 1024, "conc": 4, "metrics": {"tput_per_gpu": "fast", "median_intvty": 5}}`), formatAPI, []string{
			`data/rows.json: [12].metrics.tput_per_gpu: want a number, got "fast"`}}, // not also "missing"
		{"no context", "runs/y.json", serve(``), formatServe, []string{
			"data/runs/y.json: no gpu: give it in the file or in a [[runs]] entry of frontier.toml",
			"data/runs/y.json: no gpus: give it in the file or in a [[runs]] entry of frontier.toml",
			"data/runs/y.json: no framework: give it in the file or in a [[runs]] entry of frontier.toml",
			"data/runs/y.json: no precision: give it in the file or in a [[runs]] entry of frontier.toml",
			"data/runs/y.json: no isl: give it in the file or in a [[runs]] entry of frontier.toml",
			"data/runs/y.json: no osl: give it in the file or in a [[runs]] entry of frontier.toml",
			`data/runs/y.json: warning: add to frontier.toml: [[runs]] path = "runs/y.json", gpu = "…", gpus = N, framework = "…", precision = "…", isl = N, osl = N`}},
		{"bad context values", "runs/z.json", serve(`, "gpu": "b200", "gpus": "eight", "framework": "vllm", "precision": "fp8",
			"isl": "1024", "osl": 0, "date2": 1`), formatServe, []string{
			`data/runs/z.json: gpus: want an integer greater than 0, got "eight"`,
			`data/runs/z.json: osl: must be greater than 0`,
			"data/runs/z.json: no gpus: give it in the file or in a [[runs]] entry of frontier.toml",
			"data/runs/z.json: no osl: give it in the file or in a [[runs]] entry of frontier.toml",
			`data/runs/z.json: warning: add to frontier.toml: [[runs]] path = "runs/z.json", gpus = N, osl = N`}},
		{"bad date and concurrency", "runs/w.json", `{"date": "yesterday", "max_concurrency": "many", "total_token_throughput": -1,
			"output_throughput": 1, "median_tpot_ms": 10` + ctx + `}`, formatServe, []string{
			`data/runs/w.json: date: want a date as YYYYMMDD-HHMMSS or YYYY-MM-DD, got "yesterday"`,
			`data/runs/w.json: max_concurrency: want an integer, got "many"`,
			`data/runs/w.json: total_token_throughput: must not be negative, got -1`,
			"data/runs/w.json: no model: give it in the file or in a [[runs]] entry of frontier.toml",
			`data/runs/w.json: warning: add to frontier.toml: [[runs]] path = "runs/w.json", model = "…"`}},
		{"missing fields in a row", "rows.json", api(`{"hw": "b200", "conc": 0, "isl": 1024, "metrics": {"median_tpot": 0.01}, "disagg": "maybe",
			"date": "2026-13-01"}`), formatAPI, []string{
			`data/rows.json: [12].conc: must be greater than 0`,
			`data/rows.json: [12].disagg: want true or false, got "maybe"`,
			`data/rows.json: [12].date: want a date as YYYY-MM-DD, got "2026-13-01"`,
			`data/rows.json: [12].framework: missing required field`,
			`data/rows.json: [12].hardware: missing required field`,
			`data/rows.json: [12].metrics.tput_per_gpu: missing required field (or output_tput_per_gpu and input_tput_per_gpu)`,
			`data/rows.json: [12].model: missing required field`,
			`data/rows.json: [12].osl: missing required field`,
			`data/rows.json: [12].precision: missing required field`}},
		{"agg row lacking its metrics", "agg.json", `{"hw": "b200-trt_1", "conc": 4, "framework": "trt", "precision": "fp4", "isl": 1024,
			"osl": 1024, "infmax_model_prefix": "dsr1", "tput_per_gpu": 1, "median_tpot": 0}`, formatAgg, []string{
			`data/agg.json: median_tpot: must be greater than 0`}},
		{"syntax", "rows.json", "[{\"hardware\": \"b200\",\n \"conc\": 4 \"metrics\": {}}]", formatAPI, []string{
			`data/rows.json:2:12: invalid character '"' after object key:value pair`}},
		{"no rows", "rows.json", ` [ ] `, formatAPI, []string{
			`data/rows.json: warning: no rows: this file adds nothing to the site`}},
		{"rows that are not objects", "rows.json", `[1, "a"]`, formatAgg, []string{
			`data/rows.json: [0]: want an object, got 1`, `data/rows.json: [1]: want an object, got "a"`}},
		{"text after the rows", "rows.json", `[] x`, formatAPI, []string{
			`data/rows.json:1:4: invalid character 'x' after top-level value`}},
	}
	for _, tt := range tests {
		rows, ps := decodeRaw(tt.f, "data/"+tt.file, tt.file, []byte(tt.in), cfg)
		got := testsite.ProblemLines(ps)
		slices.Sort(got)
		want := slices.Clone(tt.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: problems\n%s\nwant\n%s", tt.name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if tt.f == formatAPI && len(ps) > 0 && len(rows) != strings.Count(tt.in, `"median_intvty": 5}}`)-strings.Count(tt.in, `"fast"`) {
			t.Errorf("%s: %d rows kept", tt.name, len(rows))
		}
	}
}

func TestRunsContextOrderAndFileWins(t *testing.T) {
	cfg := RawOptions{Runs: []Run{
		{Path: "serve/*/*.json", GPU: "h100", GPUs: 8, Framework: "vllm", Precision: "fp8", ISL: 1024, OSL: 8192, Date: "2026-03-01"},
		{Path: "serve/h200/*.json", GPU: "h200"},
	}}
	in := `{"max_concurrency": 4, "total_token_throughput": 800, "output_throughput": 80, "median_tpot_ms": 20, "model_id": "dsr1", "precision": "fp4",
		"image": "rocm#sgl-dev:v0.5"}`
	rows, ps := decodeRaw(formatServe, "data/serve/h200/a.json", "serve/h200/a.json", []byte(in), &cfg)
	if len(ps) > 0 || len(rows) != 1 {
		t.Fatal(ps)
	}
	r := rows[0]
	if r.gpu != "h200" || r.precision != "fp4" || r.sequence != "1k/8k" || r.date != "2026-03-01" || r.model != "DeepSeek-R1-0528" ||
		r.raw.Image != "rocm/sgl-dev:v0.5" {
		t.Errorf("context: %+v", r)
	}
	if v, _ := r.raw.Metrics.Get(MTputPerGPU); v != 100 {
		t.Errorf("tput_per_gpu %v, want 800/8", v)
	}
	if v, _ := r.raw.Metrics.Get(MInputTputPerGPU); v != 90 {
		t.Errorf("input_tput_per_gpu %v, want (800-80)/8", v)
	}
	if v, _ := r.raw.Metrics.Get(MMedianIntvty); v != 50 {
		t.Errorf("median_intvty %v, want 1000/20", v)
	}
}

func TestRawPagesOfAFile(t *testing.T) {
	cfg := rawTestConfig(t)
	two := `[{"model": "dsr1", "isl": 1024, "osl": 1024}, {"model": "org/Other", "isl": 8192, "osl": 1024},
		{"model": "deepseek-ai/DeepSeek-R1-0528", "isl": 1024, "osl": 8192}, {"model": "dsr1", "isl": 1024, "osl": 1024}, {"model": 1}]`
	got := rawPages(formatAPI, "data/x.json", "x.json", []byte(two), cfg)
	want := []rawPage{{"DeepSeek-R1-0528", "1k/1k"}, {"DeepSeek-R1-0528", "1k/8k"}, {"Other", "8k/1k"}}
	if !slices.Equal(got, want) {
		t.Errorf("pages %v, want %v", got, want)
	}
	for _, rel := range rawTestFiles {
		data := readRaw(t, rel)
		f, _ := sniffFormat(data)
		if got := rawPages(f, "data/"+rel, rel, data, cfg); !slices.Equal(got, []rawPage{{"DeepSeek-R1-0528", "1k/1k"}}) {
			t.Errorf("%s feeds %v", rel, got)
		}
	}
}

func TestMetricsPacking(t *testing.T) {
	var s metricSet
	s.set(MJoulesPerInputToken, 4)
	s.set(MTputPerGPU, 1)
	s.set(latencyMetric(3, 4), 3) // p99.9_e2el
	m := s.pack()
	if m.Len() != 3 || cap(m.vals) != 3 {
		t.Fatalf("packed %d values in %d", m.Len(), cap(m.vals))
	}
	var names []string
	m.Each(func(id MetricID, v float64) { names = append(names, MetricNames[id]+"="+rawNum(v)) })
	if want := []string{"tput_per_gpu=1", "p99.9_e2el=3", "joules_per_input_token=4"}; !slices.Equal(names, want) {
		t.Errorf("Each: %v, want %v", names, want)
	}
	if v, ok := m.Get(MOutputTputPerGPU); ok || v != 0 {
		t.Error("absent metric reported present")
	}
	if NumMetrics != 57 || MetricNames[MAvgPowerW] != "avg_power_w" || MetricNames[latencyMetric(1, 1)] != "median_tpot" {
		t.Errorf("catalog: %d metrics, %v", NumMetrics, MetricNames)
	}
}

func TestRunLink(t *testing.T) {
	for in, want := range map[string]string{
		"https://github.com/o/r/actions/runs/1": "https://github.com/o/r/actions/runs/1",
		"http://example.com/":                   "",
		"javascript:alert(1)":                   "",
		`https://x/"onmouseover="a`:             "",
	} {
		if got := (&RawPoint{RunURL: in}).Link(); got != want {
			t.Errorf("Link(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTopologyString(t *testing.T) {
	for _, tt := range []struct {
		t    Topology
		want string
	}{
		{Topology{GPUs: 8, TP: 8, EP: 1}, "TP8"},
		{Topology{GPUs: 16, TP: 8, EP: 8, PP: 2, DPAttn: true}, "TP8 EP8 DPA PP2"},
		{Topology{GPUs: 8}, "8 GPUs"},
		{Topology{Split: true, GPUs: 36, PrefillWorkers: 1, PrefillTP: 4, PrefillEP: 4, PrefillDPAttn: true,
			DecodeWorkers: 4, DecodeTP: 8, DecodeEP: 8}, "1P (TP4 EP4 DPA) + 4D (TP8 EP8), 36 GPUs"},
	} {
		if got := tt.t.String(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.t, got, tt.want)
		}
	}
}
