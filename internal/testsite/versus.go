package testsite

import (
	"fmt"
	"strings"
	"testing/fstest"
)

// VersusData is a one-page site whose GPU curves are known by hand, for the compare pages'
// and the overview's tests. Tiny-Model 1k/1k, 2026-07-01, every reference interactivity of
// the default config (20, 50, 100, 200) falling on a measured frontier point or outside a
// curve:
//   - B200: "B200 (vLLM)" (20, 2000) and (100, 400), "B200 (TRTLLM)" (50, 1000); (15, 1500)
//     and (40, 900) are beaten. Its curve covers 20 to 100.
//   - MI355X: "MI355X (SGLang)" (10, 1200), (20, 1000), (50, 500), (80, 300): 10 to 80.
//   - H100: "H100 (vLLM)" (30, 700) alone: one point, no reference on it.
//
// So B200 against MI355X is 2× at 20 and at 50, MI355X does not reach 100, neither reaches 200.
func VersusData() fstest.MapFS {
	type pt struct{ x, y float64 }
	series := []struct {
		hw, gpu, fw, label, vendor string
		pts                        []pt
	}{
		{"b200_vllm", "b200", "vllm", "B200 (vLLM)", "NVIDIA", []pt{{20, 2000}, {100, 400}, {15, 1500}}},
		{"b200_trt", "b200", "trt", "B200 (TRTLLM)", "NVIDIA", []pt{{50, 1000}, {40, 900}}},
		{"mi355x_sglang", "mi355x", "sglang", "MI355X (SGLang)", "AMD", []pt{{10, 1200}, {20, 1000}, {50, 500}, {80, 300}}},
		{"h100_vllm", "h100", "vllm", "H100 (vLLM)", "NVIDIA", []pt{{30, 700}}},
	}
	var hw, ss []string
	id := 500000
	for _, s := range series {
		hw = append(hw, fmt.Sprintf(`{"key":%q,"label":%q,"vendor":%q}`, s.hw, s.label, s.vendor))
		var ps []string
		for i, p := range s.pts {
			id++
			ps = append(ps, fmt.Sprintf(`{"id":%d,"precision":"fp8","x":%g,"y":%g,"concurrency":%d,"tp":8,"date":"2026-06-30","runId":"r%d",`+
				`"metrics":{"tpPerGpu":%g,"outputTputPerGpu":%g,"inputTputPerGpu":%g}}`, id, p.x, p.y, 4<<i, id, p.y, p.y/10, p.y-p.y/10))
		}
		ss = append(ss, fmt.Sprintf(`{"hwKey":%q,"gpu":%q,"framework":%q,"specMethod":"none","label":%q,"vendor":%q,"deployment":"single-node","points":[%s]}`,
			s.hw, s.gpu, s.fw, s.label, s.vendor, strings.Join(ps, ",")))
	}
	doc := `{"view":"inference","apiVersion":"v1",
"params":{"model":"Tiny-Model","sequence":"1k/1k","date":"2026-07-01","precisions":["fp8"]},
"metric":{"key":"tpPerGpu","label":"Token Throughput per GPU (tok/s/gpu)","unit":"tok/s/gpu"},
"xAxis":{"mode":"interactivity","field":"median_intvty","label":"Interactivity (tok/s/user)"},
"hardware":[` + strings.Join(hw, ",") + `],
"series":[` + strings.Join(ss, ",") + `]}`
	return fstest.MapFS{"tiny.json": {Data: []byte(doc)}}
}
