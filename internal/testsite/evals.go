package testsite

import (
	"encoding/json"
	"fmt"
	"math"
)

// evalRow is one eval row the tests write, in the shape of InferenceX's /api/v1/evaluations:
// a configuration of the real DeepSeek-R1 1k/1k rows (../shared/data/raw) and a GSM8K score.
// The scores are made up for the tests (four decimals, so no one takes them for a
// measurement); the standard errors follow from them and n = 1319, GSM8K's test set.
type evalRow struct {
	gpu, framework, precision, spec string
	tp, ep                          int
	dpa, disagg                     bool
	conc                            int
	date                            string
	strict, flexible                float64
}

// dsr1Evals are the rows of DSR1Evals, in file order. The first six are older (January), the
// others re-runs of some of the same configurations a month later.
var dsr1Evals = []evalRow{
	{"b200", "sglang", "fp8", "none", 8, 1, false, true, 64, "2026-01-21", 0.9591, 0.9621},
	{"b200", "trt", "fp4", "mtp", 4, 4, true, false, 256, "2026-01-21", 0.9500, 0.9515},
	{"b200", "trt", "fp4", "none", 8, 8, true, false, 256, "2026-01-21", 0.9530, 0.9522},
	{"b200", "trt", "fp8", "none", 8, 8, false, false, 64, "2026-01-20", 0.9613, 0.9606},
	{"h200", "sglang", "fp8", "none", 8, 1, false, false, 64, "2026-01-21", 0.9560, 0.9560},
	{"h200", "trt", "fp8", "none", 8, 8, false, false, 64, "2026-01-20", 0.9575, 0.9598},
	{"b200", "sglang", "fp8", "none", 8, 1, false, false, 64, "2026-02-19", 0.9386, 0.9409},
	{"b200", "trt", "fp4", "mtp", 4, 4, true, false, 256, "2026-02-20", 0.9318, 0.9310},
	{"b200", "trt", "fp4", "none", 8, 8, false, false, 64, "2026-02-20", 0.9378, 0.9378},
	{"b200", "trt", "fp4", "none", 8, 8, true, false, 256, "2026-02-19", 0.9409, 0.9447},
	{"b200", "trt", "fp8", "none", 8, 8, true, false, 256, "2026-02-21", 0.9044, 0.9128},
	{"h200", "sglang", "fp8", "none", 8, 1, false, false, 64, "2026-02-19", 0.9409, 0.9393},
}

// exampleEvalRows are the rows of dsr1Evals the real site's evals/dsr1-gsm8k.json holds: all
// but the B200 TRT rows at conc 64 (rows 3 and 8), as the example's evals did before they
// left the project.
var exampleEvalRows = []int{0, 1, 2, 4, 5, 6, 7, 9, 10, 11}

// DSR1Evals is eval rows in the /api/v1/evaluations shape for configurations of the real
// DeepSeek-R1 1k/1k data, written by the tests (dsr1Evals), never copied from the API: the
// rows of idx, or every row when idx is empty.
func DSR1Evals(idx ...int) []byte {
	if len(idx) == 0 {
		for i := range dsr1Evals {
			idx = append(idx, i)
		}
	}
	const n = 1319
	se := func(p float64) float64 { return math.Round(math.Sqrt(p*(1-p)/(n-1))*1e6) / 1e6 }
	rows := make([]map[string]any, 0, len(idx))
	for _, i := range idx {
		r := dsr1Evals[i]
		gpus := r.tp
		rows = append(rows, map[string]any{
			"id": fmt.Sprint(901 + i), "config_id": 101 + i,
			"hardware": r.gpu, "framework": r.framework, "model": "dsr1", "precision": r.precision,
			"spec_method": r.spec, "disagg": r.disagg, "is_multinode": false,
			"prefill_tp": r.tp, "prefill_ep": r.ep, "prefill_dp_attention": r.dpa, "prefill_num_workers": btoi(r.disagg),
			"decode_tp": r.tp, "decode_ep": r.ep, "decode_dp_attention": r.dpa, "decode_num_workers": btoi(r.disagg),
			"num_prefill_gpu": gpus, "num_decode_gpu": gpus,
			"task": "gsm8k", "date": r.date, "conc": r.conc,
			"metrics": map[string]any{
				"em_strict": r.strict, "em_strict_se": se(r.strict),
				"em_flexible": r.flexible, "em_flexible_se": se(r.flexible), "n_eff": n,
			},
			"timestamp": r.date + "T06:00:00Z", "run_url": nil,
		})
	}
	b, err := json.MarshalIndent(rows, "", "  ")
	if err != nil {
		panic(err) // maps of plain values always marshal
	}
	return b
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
