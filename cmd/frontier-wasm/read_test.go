package main

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site/input"
)

// checkTable is the [script.yourrun.check] table of templates/i18n/<lang>.toml.
func checkTable(t *testing.T, lang string) map[string]string {
	t.Helper()
	var cat struct {
		Script struct {
			Yourrun struct {
				Check map[string]string `toml:"check"`
			} `toml:"yourrun"`
		} `toml:"script"`
	}
	if _, err := toml.DecodeFile(filepath.Join(testsite.Root(), "templates", "i18n", lang+".toml"), &cat); err != nil {
		t.Fatal(err)
	}
	if len(cat.Script.Yourrun.Check) == 0 {
		t.Fatalf("templates/i18n/%s.toml has no [script.yourrun.check]", lang)
	}
	return cat.Script.Yourrun.Check
}

// pageT is what the page gives the decoder: its strings of [script.yourrun.check].
func pageT(table map[string]string) func(string) string {
	return func(k string) string { return table[k] }
}

// TestEnglishIsTheCatalogs: the templates messages.go matches are en.toml's entries, word for
// word, and the table holds nothing else: what an English page shows is what frontier check
// prints, and a translator sees every sentence there is to translate.
func TestEnglishIsTheCatalogs(t *testing.T) {
	en := checkTable(t, "en")
	want := map[string]string{"warning": "warning"}
	for _, e := range english {
		want[e.key] = e.text
	}
	for w, k := range englishWords {
		want[k] = w
	}
	for _, k := range slices.Sorted(maps.Keys(want)) {
		if en[k] != want[k] {
			t.Errorf("templates/i18n/en.toml: script.yourrun.check.%s = %q, the readers' words are %q", k, en[k], want[k])
		}
	}
	for _, k := range slices.Sorted(maps.Keys(en)) {
		if _, ok := want[k]; !ok {
			t.Errorf("templates/i18n/en.toml: script.yourrun.check.%s: no message of messages.go's", k)
		}
	}
}

func readFixture(t *testing.T, rel string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testsite.Root(), filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestReadGivesTheBuildsPoints: every format the build reads gives the page a row for each
// point ReadRun makes of it, with that point's figures and its configuration's key and label.
func TestReadGivesTheBuildsPoints(t *testing.T) {
	runs := &input.Run{GPU: "h100", GPUs: 2, Framework: "vllm", Precision: "bf16", ISL: 1024, Model: "m"}
	sglang := `{"request_rate": Infinity, "max_concurrency": 4, "random_input_len": 1024, "random_output_len": 1024, "completed": 10, ` +
		`"total_input_tokens": 10240, "total_output_tokens": 10240, "input_throughput": 800, "output_throughput": 400, ` +
		`"median_e2e_latency_ms": 9000, "median_ttft_ms": 200, "median_tpot_ms": 10, "median_itl_ms": 9}`
	for _, c := range []struct {
		name, file string
		data       []byte
		run        *input.Run
		rows       int
	}{
		{"view", "deepseek-v4-pro_8k-1k_fp4.json", readFixture(t, "data/deepseek-v4-pro_8k-1k_fp4.json"), nil, -1},
		{"InferenceX API rows", "latest.json", testenv.SharedFile(t, "raw/inferencex-api/dsr1_1k1k_latest.json"), nil, -1},
		{"InferenceX agg rows", "agg_bmk.json", testenv.SharedFile(t, "raw/inferencex-agg/agg_bmk.json"), nil, -1},
		{"bench-serve", "conc16.json", testenv.SharedFile(t, "raw/bench-serve/mi325x-sglang-fp8/conc16.json"), nil, 1},
		{"AIPerf", "profile_export_aiperf.json", testenv.SharedFile(t, "public/clients/aiperf/ai-dynamo__aiperf__examples_run1_profile_export_aiperf.json"), runs, 1},
		{"SGLang JSONL", "sweep.jsonl", []byte(sglang + "\n" + strings.NewReplacer(`"max_concurrency": 4`, `"max_concurrency": 8`, `"median_tpot_ms": 10`, `"median_tpot_ms": 16`).Replace(sglang) + "\n"), runs, 2},
		{"SGLang JSONL, pasted", "pasted JSON", []byte(sglang + "\n" + strings.NewReplacer(`"max_concurrency": 4`, `"max_concurrency": 8`, `"median_tpot_ms": 10`, `"median_tpot_ms": 16`).Replace(sglang) + "\n"), runs, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := read(request{name: c.file, data: c.data, run: c.run})
			if msgs := out["messages"].([]any); len(msgs) > 0 {
				t.Errorf("messages %v", msgs)
			}
			rows := out["rows"].([]any)
			if len(rows) == 0 || c.rows >= 0 && len(rows) != c.rows {
				t.Fatalf("%d rows, want %d", len(rows), c.rows)
			}
			// The same file through ReadRun, as the build would read it.
			name := c.file
			if !strings.Contains(name, ".") {
				name += ".jsonl"
			}
			opt := &input.RawOptions{}
			if c.run != nil {
				r := *c.run
				r.Path = "*"
				opt.Runs = []input.Run{r}
			}
			pages, _ := input.ReadRun(name, c.data, opt)
			points := map[[2]float64]*input.Series{}
			for _, pg := range pages {
				for _, ds := range pg.Datasets {
					for i, s := range ds.Series {
						for _, p := range s.Points {
							points[[2]float64{p.X, p.Y}] = &ds.Series[i]
						}
					}
				}
			}
			if len(points) != len(rows) {
				t.Errorf("%d rows, ReadRun made %d distinct points", len(rows), len(points))
			}
			for _, r := range rows {
				r := r.(map[string]any)
				m := r["metrics"].(map[string]any)
				s := points[[2]float64{m["median_intvty"].(float64), m["tput_per_gpu"].(float64)}]
				if s == nil {
					t.Errorf("row %v is no point of ReadRun's", r)
					continue
				}
				if r["hw"] != s.HWKey || r["label"] != s.Label || r["framework"] != s.Framework || r["vendor"] != s.Vendor {
					t.Errorf("row %v, series %+v", r, s)
				}
			}
		})
	}
}

// TestReadSaysWhatCheckSays: a refused file's problems are, on an English page, exactly what
// frontier check prints, and on a Chinese page the same sentences in Chinese; a message the
// catalog has no template for stays in English.
func TestReadSaysWhatCheckSays(t *testing.T) {
	en, zh := pageT(checkTable(t, "en")), pageT(checkTable(t, "zh"))
	cases := []struct {
		name, data string
		zh         []string
	}{
		{"notjson.json", `hello`, []string{`notjson.json:1:1: 无效字符 'h'（looking for beginning of value）`}},
		{"trunc.json", `[{"hardware": "b200",`, []string{`trunc.json:1:22: JSON 输入意外结束`}},
		{"negative.json", `[{"hardware":"b200","framework":"vllm","model":"dsr1","precision":"fp8","isl":1024,"osl":1024,"conc":4,"tp":8,"metrics":{"tput_per_gpu":-3,"median_intvty":10}}]`,
			[]string{`negative.json: [0].metrics.tput_per_gpu: 不能为负数，实际为 -3`}},
		{"missing.json", `[{"hardware":"b200","framework":"vllm","model":"dsr1","precision":"fp8","isl":1024,"conc":4,"tp":8,"metrics":{"tput_per_gpu":100,"median_intvty":"fast"}}]`,
			[]string{`missing.json: [0].metrics.median_intvty: 应为数字，实际为 "fast"`, `missing.json: [0].osl: 缺少必填字段`}},
		{"half.json", `[{"hardware": "b200", "conc": 4}]`,
			[]string{`half.json: 不是基准测试文件：第一行看起来像InferenceX API 数据行（含有 hardware, conc），但缺少 metrics`}},
		{"rows.json", `[{"a": 1}]`, []string{`rows.json: 不是基准测试文件：其数据行既不是 InferenceX API 数据行（hardware、conc、metrics），也不是 agg 数据行（hw、conc、tput_per_gpu）`}},
		{"notes.json", `{"hello": "world"}`, []string{`notes.json: apiVersion: 缺少必填字段（应为 "v1"）`, `notes.json: view: 缺少必填字段（应为 "inference"）`}},
		// A GuideLLM report with no benchmark, and a sweep whose second benchmark repeats the
		// first's concurrency (the readers' own sentences, and a format's name, in Chinese).
		{"empty-benchmarks.json", `{"benchmarks": []}`, []string{"empty-benchmarks.json: benchmarks: 警告: 没有 benchmarks：此文件不为网站添加任何内容"}},
		{"trtllm.json", `{"engine": {}, "world_info": {}}`, []string{"trtllm.json: 不是基准测试文件：看起来像trtllm-bench 报告（含有 engine, world_info），但缺少 performance"}},
		{"control.json", `[{"hardware":"b2\u000100","framework":"vllm","model":"dsr1","precision":"fp8","isl":1024,"osl":1024,"conc":4,"metrics":{"tput_per_gpu":1,"median_intvty":10}}]`,
			[]string{"control.json: [0].hardware: 含有控制字符 U+0001，页面无法显示：请删除"}},
	}
	for _, c := range cases {
		_, ps := input.ReadRun(c.name, []byte(c.data), &input.RawOptions{})
		ps.Sort()
		var want []string
		for _, p := range ps {
			want = append(want, p.String())
		}
		if len(want) == 0 {
			t.Fatalf("%s: ReadRun finds nothing wrong", c.name)
		}
		if got := fmt.Sprint(read(request{name: c.name, data: []byte(c.data), t: en})["messages"]); got != fmt.Sprint(want) {
			t.Errorf("%s in English:\n%s\nfrontier check:\n%s", c.name, got, fmt.Sprint(want))
		}
		got := fmt.Sprint(read(request{name: c.name, data: []byte(c.data), t: zh})["messages"])
		if c.zh == nil { // no template: frontier check's words
			c.zh = want
		}
		if got != fmt.Sprint(c.zh) {
			t.Errorf("%s in Chinese:\n%s\nwant:\n%s", c.name, got, fmt.Sprint(c.zh))
		}
	}
}

// TestReadAsksForTheContextAFileLacks: a result without its context gives no row and no message
// but the keys to ask for, what its name suggests and the GPUs the build knows; with the form's
// answers it gives its point.
func TestReadAsksForTheContextAFileLacks(t *testing.T) {
	data := testenv.SharedFile(t, "raw/bench-serve/mi300x-sglang-fp8/conc4.json")
	out := read(request{name: "MI300X_sglang-fp8-tp8-conc4.json", data: data})
	// isl and osl are the measured mean lengths where nothing gives them (suggest.go).
	if fmt.Sprint(out["needs"], out["rows"], out["messages"]) != "[gpu gpus framework precision] [] []" {
		t.Errorf("needs, rows, messages: %v %v %v", out["needs"], out["rows"], out["messages"])
	}
	if fmt.Sprint(out["guess"]) != "map[framework:sglang gpu:mi300x gpus:8 precision:fp8]" {
		t.Errorf("guess %v", out["guess"])
	}
	if gpus := out["gpus"].([]any); !slices.Contains(gpus, any("mi355x")) {
		t.Errorf("gpus %v", gpus)
	}
	// A GPU the page names (its [gpus] settings) is guessed and labelled as the page does.
	out = read(request{name: "tpu7-run.json", data: data, gpus: map[string]input.GPUName{"tpu7": {Label: "TPU v7", Vendor: "Google"}}})
	if out["guess"].(map[string]any)["gpu"] != "tpu7" {
		t.Errorf("guess %v", out["guess"])
	}
	out = read(request{name: "tpu7-run.json", data: data, gpus: map[string]input.GPUName{"tpu7": {Label: "TPU v7", Vendor: "Google"}},
		run: &input.Run{GPU: "tpu7", GPUs: 8, Framework: "sglang", Precision: "fp8", ISL: 1024, OSL: 1024}})
	rows := out["rows"].([]any)
	if len(rows) != 1 || len(out["needs"].([]any)) != 0 {
		t.Fatalf("with answers: rows %v, needs %v, messages %v", rows, out["needs"], out["messages"])
	}
	r := rows[0].(map[string]any)
	if r["label"] != "TPU v7 (SGLang)" || r["vendor"] != "Google" || r["hw"] != "tpu7_sglang" || r["topology"] != "8 GPUs" || r["conc"] != 4.0 {
		t.Errorf("row %v", r)
	}
}

// TestReadRenamesModelsAsTheSiteDoes: the page's [models] renames apply to a reader's file as
// they do to the publisher's, so that "my-r1" lands on the page of the model it is renamed to.
func TestReadRenamesModelsAsTheSiteDoes(t *testing.T) {
	data := bytes.Replace(testenv.SharedFile(t, "raw/bench-serve/mi300x-sglang-fp8/conc4.json"),
		[]byte(`"model_id": "deepseek-ai/DeepSeek-R1-0528"`), []byte(`"model_id": "my-r1"`), 1)
	run := &input.Run{GPU: "mi300x", GPUs: 8, Framework: "sglang", Precision: "fp8", ISL: 1024, OSL: 1024}
	for _, c := range []struct {
		models map[string]string
		want   string
	}{
		{nil, "my-r1"},
		{map[string]string{"my-r1": "DeepSeek-R1-0528"}, "DeepSeek-R1-0528"},
	} {
		out := read(request{name: "conc4.json", data: data, run: run, models: c.models})
		rows := out["rows"].([]any)
		if len(rows) != 1 {
			t.Fatalf("models %v: rows %v, messages %v", c.models, rows, out["messages"])
		}
		if got := rows[0].(map[string]any)["model"]; got != c.want {
			t.Errorf("models %v: model %v, want %s", c.models, got, c.want)
		}
	}
}

// TestReadKeepsAPointWithoutMedianTPOT: a reader's AIPerf file whose inter_token_latency has no
// p50 gives its point, with every other figure and no median interactivity, and a warning that
// says so: frontier check's words on an English page, the same sentence on a Chinese one.
func TestReadKeepsAPointWithoutMedianTPOT(t *testing.T) {
	data := strings.Replace(string(testenv.SharedFile(t, "public/clients/aiperf/ai-dynamo__aiperf__examples_run1_profile_export_aiperf.json")), `"p50": 27.615130366666666,`, "", 1)
	run := &input.Run{GPU: "h100", GPUs: 2, Framework: "vllm", Precision: "bf16", ISL: 1024}
	for _, c := range []struct {
		lang string
		want string
	}{
		{"en", "profile_export_aiperf.json: inter_token_latency.p50: warning: no median time per output token (the file gives its mean, p90, p99, std only), so no median interactivity: " +
			"the point is kept on the chart's other axes and has no place on its default one; a median is never computed from the mean or another percentile, which differ from it when some requests are slow"},
		{"zh", "profile_export_aiperf.json: inter_token_latency.p50: 警告: 没有每个输出 token 时间的中位数（文件只给出其 mean, p90, p99, std），因而没有交互性中位数：此点保留在图表的其他横轴上，在默认横轴上没有位置；中位数从不由均值或其他百分位数推算，因为部分请求较慢时它们与中位数不同"},
	} {
		out := read(request{name: "profile_export_aiperf.json", data: []byte(data), t: pageT(checkTable(t, c.lang)), run: run})
		rows := out["rows"].([]any)
		if len(rows) != 1 {
			t.Fatalf("%s: rows %v, messages %v", c.lang, rows, out["messages"])
		}
		m := rows[0].(map[string]any)["metrics"].(map[string]any)
		if _, ok := m["median_intvty"]; ok || m["median_ttft"] == nil || m["p90_intvty"] == nil {
			t.Errorf("%s: metrics %v: want no median interactivity and the others", c.lang, m)
		}
		if got := fmt.Sprint(out["messages"]); got != fmt.Sprint([]string{c.want}) {
			t.Errorf("%s: messages\n%s\nwant\n%s", c.lang, got, c.want)
		}
	}
}

// TestReadLLMPerfKeepsItsPointWithoutInteractivity: an LLMPerf summary, given its context by the
// form, is a point with no median interactivity (x null on the page), and the warning says why,
// in the page's language.
func TestReadLLMPerfKeepsItsPointWithoutInteractivity(t *testing.T) {
	data := testenv.SharedFile(t, "public/clients/llmperf/ray-project__llmperf__yi-1.5-34b-4xa10g-vllm-conc8-summary.json")
	run := &input.Run{GPU: "a10g", GPUs: 4, Framework: "vllm", Precision: "bf16"}
	for _, c := range []struct {
		lang, want string
	}{
		{"en", "vllm-conc8-summary.json: warning: an LLMPerf summary gives no time per output token (its inter_token_latency counts the wait for the first token), so no interactivity: the point is kept on the chart's other axes (TTFT, E2E latency) and has no place on its default one"},
		{"zh", "vllm-conc8-summary.json: 警告: LLMPerf 汇总文件没有每个输出 token 的时间（其 inter_token_latency 含等待首个 token 的时间），因而没有交互性：该点保留在图表的其他坐标轴上（TTFT、E2E 延迟），在默认坐标轴上没有位置"},
	} {
		out := read(request{name: "vllm-conc8-summary.json", data: data, run: run, t: pageT(checkTable(t, c.lang))})
		if got := fmt.Sprint(out["messages"]); got != fmt.Sprint([]string{c.want}) {
			t.Errorf("%s: messages %s, want %s", c.lang, got, c.want)
		}
		rows := out["rows"].([]any)
		if len(rows) != 1 {
			t.Fatalf("%s: %d rows", c.lang, len(rows))
		}
		m := rows[0].(map[string]any)["metrics"].(map[string]any)
		if _, ok := m["median_intvty"]; ok || m["median_ttft"] == nil || m["median_e2el"] == nil {
			t.Errorf("%s: metrics %v: want TTFT and E2E latency, no interactivity", c.lang, m)
		}
	}
}

// TestReadLoadGenSummary: "your run" reads an MLPerf LoadGen summary by its content, whatever
// the reader's file is called, as the build does: a Server summary is a row with its request
// rate and its own figures, an INVALID one is marked, an Offline one is no row and a warning.
func TestReadLoadGenSummary(t *testing.T) {
	data := testenv.SharedFile(t, "public/clients/mlperf/ntuhpc__inference_results_v5.1__NVIDIA_B200x8_llama2-70b-99_Server_mlperf_log_summary.txt")
	run := &input.Run{Model: "llama2-70b", GPU: "b200", GPUs: 8, Framework: "trt", Precision: "fp4", ISL: 1024, OSL: 1024}
	for _, name := range []string{"mlperf_log_summary.txt", "pasted"} {
		out := read(request{name: name, data: data, run: run})
		rows := out["rows"].([]any)
		if len(rows) != 1 || len(out["messages"].([]any)) != 0 {
			t.Fatalf("%s: rows %v, messages %v", name, rows, out["messages"])
		}
		r := rows[0].(map[string]any)
		m := r["metrics"].(map[string]any)
		if r["rate"] != 364.0 || r["invalid"] != false || m["output_tput_per_gpu"] != 99123.04/8 || m["median_tpot"] != 0.126102896 {
			t.Errorf("%s: row %v", name, r)
		}
	}
	invalid := bytes.Replace(data, []byte("Result is : VALID"), []byte("Result is : INVALID"), 1)
	out := read(request{name: "s.txt", data: invalid, run: run})
	if rows := out["rows"].([]any); len(rows) != 1 || rows[0].(map[string]any)["invalid"] != true {
		t.Errorf("INVALID summary: rows %v", rows)
	}
	offline := testenv.SharedFile(t, "public/clients/mlperf/ntuhpc__inference_results_v5.1__NVIDIA_B200x8_llama2-70b-99_Offline_mlperf_log_summary.txt")
	out = read(request{name: "offline.txt", data: offline, run: run})
	if msgs := fmt.Sprint(out["messages"]); len(out["rows"].([]any)) != 0 || !strings.Contains(msgs, "offline.txt:5: warning: an Offline run issues every query at once") {
		t.Errorf("Offline summary: rows %v, messages %s", out["rows"], msgs)
	}
	out = read(request{name: "offline.txt", data: offline, run: run, t: pageT(checkTable(t, "zh"))})
	want := "offline.txt:5: 警告: Offline 运行一次发出全部查询：它没有 TTFT 和 TPOT，其延迟也不是单个请求的延迟，因此在延迟或交互性坐标轴上没有位置，不生成数据点（它测得整个系统每秒 101527 个输出 token）"
	if msgs := fmt.Sprint(out["messages"]); msgs != fmt.Sprint([]string{want}) {
		t.Errorf("Offline summary in Chinese: %s, want %s", msgs, want)
	}
}

// TestRepeatedRunsFarApartInChinese: the warning of repeated runs far apart (input's spread.go)
// is a catalog sentence, so a Chinese page says it in Chinese with the runs and figures kept.
func TestRepeatedRunsFarApartInChinese(t *testing.T) {
	const far = "output_tput_per_gpu 227.6 in a.jsonl [3] and 439.4 in b.jsonl [3]"
	msg := "2 repeated runs at 8 requests/s (one configuration, topology and date) differ by more than 25%: " + far +
		"; the point gives their medians (runs of different datasets are kept apart where the file names its dataset)"
	want := "2 次重复运行（同一配置、拓扑和日期，负载 8 requests/s）相差超过 25%：" + far + "；该点取它们的中位数（文件注明数据集时，不同数据集的运行分开成点）"
	if got := translate(msg, pageT(checkTable(t, "zh"))); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestReadKeepsAViewPointsMarks: a view a site's API wrote, added as "your run", gives each
// point the requests and invalid mark its view says, as the build reads them
// (docs/input-formats.md, "The inference view"); a point that says none is of unknown success.
func TestReadKeepsAViewPointsMarks(t *testing.T) {
	doc := testsite.Doc()
	testsite.Edit(t, doc, "series.0.points.0.requests", map[string]any{"completed": 89, "attempted": 100, "success": 0.89})
	testsite.Edit(t, doc, "series.0.points.0.invalid", true)
	testsite.Edit(t, doc, "series.0.points.0.runs", 4)
	testsite.Edit(t, doc, "series.0.points.0.range", map[string]any{"x": []any{9, 11}})
	out := read(request{name: "view.json", data: testsite.Marshal(t, doc)})
	if msgs := out["messages"].([]any); len(msgs) > 0 {
		t.Errorf("messages %v", msgs)
	}
	got := map[string]string{}
	for _, r := range out["rows"].([]any) {
		r := r.(map[string]any)
		got[r["identity"].(string)] = fmt.Sprint(r["completed"], "/", r["attempted"], " invalid=", r["invalid"])
	}
	want := map[string]string{"view\x001": "89/100 invalid=true", "view\x002": "0/0 invalid=false", "view\x003": "0/0 invalid=false"}
	if !maps.Equal(got, want) {
		t.Errorf("rows %q, want %q", got, want)
	}
}

// TestReadNamesAnAgenticViewsX: a view of agentic traces (xAxis.field p90_intvty) gives its
// points' x as p90_intvty, which the page script places on an agentic page's x, never as a
// median interactivity it did not measure; a fixed-length view's is median_intvty.
func TestReadNamesAnAgenticViewsX(t *testing.T) {
	seed := string(testsite.SeedJSON(t))
	view := strings.Replace(seed, `"sequence": "8k/1k"`, `"sequence": "agentic-traces"`, 1)
	view = strings.Replace(view, `"field": "median_intvty"`, `"field": "p90_intvty"`, 1)
	for _, c := range []struct{ data, has, not string }{{view, "p90_intvty", "median_intvty"}, {seed, "median_intvty", "p90_intvty"}} {
		rows := read(request{name: "view.json", data: []byte(c.data)})["rows"].([]any)
		if len(rows) == 0 {
			t.Fatalf("no rows of the %s view", c.has)
		}
		m := rows[0].(map[string]any)["metrics"].(map[string]any)
		if _, ok := m[c.has]; !ok {
			t.Errorf("a %s view's point lacks %s: %v", c.has, c.has, m)
		}
		if _, ok := m[c.not]; ok {
			t.Errorf("a %s view's point has %s: %v", c.has, c.not, m)
		}
	}
}
