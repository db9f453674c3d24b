package input

import (
	"strings"
	"testing"
)

// A line SGLang 0.5.9's bench_serving appended to its --output-file in a publisher's repository
// (../shared/data/public/clients/sglang, PROVENANCE.md there): 100 prompts at --max-concurrency 100 on 8 H100s (tp 8), with
// `"request_rate": Infinity`, the server's whole configuration (server_info) and every request's
// lengths and latencies (--output-details) beside the statistics. Every figure is the line's
// own, ms to s; isl and osl are the lengths served (50561 and 6108 tokens over 100 requests),
// not random_input_len and random_output_len, which are only the maxima asked for.
func TestSGLangRealLine(t *testing.T) {
	const rel = "sglang/qwen3-8b-h100-tp8-c100.jsonl"
	data := readClient(t, rel)
	cfg := &RawOptions{Runs: []Run{{Path: "sglang/*.jsonl", GPU: "h100", GPUs: 8, Framework: "sglang", Precision: "bf16", Model: "Qwen/Qwen3-8B"}}}
	rows, ps := decodeLines("data/"+rel, rel, data, cfg)
	if len(ps) > 0 || len(rows) != 1 {
		t.Fatalf("%d rows, problems %v", len(rows), ps)
	}
	r := &rows[0]
	if r.model != "Qwen3-8B" || r.conc != 100 || r.sequence != sequenceOf(506, 61) || r.gpu != "h100" || r.raw.Topology.GPUs != 8 || r.date != "" {
		t.Errorf("row identity %+v", r)
	}
	const gpus = 8
	total, out := 36459.28749797308, 3929.720447468979
	tpot := [...]float64{23.76095063700313, 11.149914426108202, 195.41099979774992, 39.46305254911925} // mean, median, p99, std
	want := map[MetricID]float64{
		MTputPerGPU: total / gpus, MOutputTputPerGPU: out / gpus, MInputTputPerGPU: (total - out) / gpus,
		latencyMetric(0, 0): 0.5784130509826355, latencyMetric(0, 1): 0.49327141290996224, latencyMetric(0, 3): 0.9698566712159663, latencyMetric(0, 5): 0.1584569420271779,
		latencyMetric(1, 0): tpot[0] / 1000, latencyMetric(1, 1): tpot[1] / 1000, latencyMetric(1, 3): tpot[2] / 1000, latencyMetric(1, 5): tpot[3] / 1000,
		latencyMetric(2, 0): 11.228357796859834 / 1000, latencyMetric(2, 1): 4.11199196241796 / 1000, latencyMetric(2, 3): 460.8212916646153 / 1000, latencyMetric(2, 5): 57.7906363188303 / 1000,
		latencyMetric(3, 0): 1.253022339376621, latencyMetric(3, 1): 1.2856606974964961, latencyMetric(3, 2): 1.4385160727659243,
		latencyMetric(3, 3): 1.5026759229949676, latencyMetric(3, 5): 0.16583339030192377,
		MMeanIntvty: 1000 / tpot[0], MMedianIntvty: 1000 / tpot[1], MP99Intvty: 1000 / tpot[2], MStdIntvty: 1000 / tpot[3],
	}
	wantMetrics(t, r, want)
	// Nothing of server_info reaches the row: not its paths, nor its ports.
	for _, s := range []string{r.model, r.raw.Image, r.raw.RunURL} {
		if strings.Contains(s, "/workspace") {
			t.Errorf("kept %q", s)
		}
	}
}
