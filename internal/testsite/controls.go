package testsite

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// Controls is a chart page with everything the page script's controls act on, derived
// from the seed: the seed itself (fp4, 2026-07-31); an older fp4 snapshot (2026-07-01) without
// the SGLang series and with every value scaled by 0.8; and an fp8 dataset (2026-07-31) with
// AMD MI355X (vLLM, SGLang), H200 (TRTLLM) and B200 (TRTLLM) series scaled from the seed's.
// The config prices every GPU, so the page offers cost per million tokens and tokens per MW.
// One B300 series' label starts with "=" to check that CSV downloads neutralise formulas.
// It returns the data folder and the frontier.toml that prices the GPUs (testsite imports
// nothing of site, so each caller parses it: site.ParseConfig).
func Controls(t testing.TB) (data fstest.MapFS, config []byte) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(Root(), "data", "deepseek-v4-pro_8k-1k_fp4.json"))
	if err != nil {
		t.Fatal(err)
	}
	decode := func() map[string]any {
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	encode := func(m map[string]any) *fstest.MapFile {
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return &fstest.MapFile{Data: b}
	}
	list := func(v any) []any { return v.([]any) }
	obj := func(v any) map[string]any { return v.(map[string]any) }
	scale := func(pt map[string]any, f float64) {
		pt["y"] = pt["y"].(float64) * f
		for k, v := range obj(pt["metrics"]) {
			obj(pt["metrics"])[k] = v.(float64) * f
		}
	}

	seed := decode()
	for _, h := range list(seed["hardware"]) {
		if obj(h)["key"] == "b300_vllm" {
			obj(h)["label"] = "=B300 (vLLM)"
		}
	}
	for _, s := range list(seed["series"]) {
		if obj(s)["hwKey"] == "b300_vllm" {
			obj(s)["label"] = "=B300 (vLLM)"
		}
	}

	old := decode()
	obj(old["params"])["date"] = "2026-07-01"
	var kept []any
	for _, s := range list(old["series"]) {
		if strings.Contains(obj(s)["hwKey"].(string), "sglang") {
			continue
		}
		for _, p := range list(obj(s)["points"]) {
			pt := obj(p)
			pt["id"] = pt["id"].(float64) + 1e6
			pt["date"] = "2026-06-20"
			scale(pt, 0.8)
		}
		kept = append(kept, s)
	}
	old["series"] = kept

	fp8 := decode()
	obj(fp8["params"])["precisions"] = []any{"fp8"}
	bySeed := map[string]map[string]any{}
	for _, s := range list(fp8["series"]) {
		bySeed[obj(s)["hwKey"].(string)] = obj(s)
	}
	var hw, series []any
	for i, n := range []struct {
		key, label, vendor, from string
		f                        float64
	}{
		{"mi355x_vllm", "MI355X (vLLM)", "AMD", "b200_vllm", 0.7},
		{"mi355x_sglang", "MI355X (SGLang)", "AMD", "b200_sglang", 0.75},
		{"h200_trt", "H200 (TRTLLM)", "NVIDIA", "b200_trt", 0.4},
		{"b200_trt", "B200 (TRTLLM)", "NVIDIA", "b200_trt", 0.9},
	} {
		hw = append(hw, map[string]any{"key": n.key, "label": n.label, "vendor": n.vendor})
		s := bySeed[n.from]
		var pts []any
		for _, p := range list(s["points"]) {
			pt := map[string]any{}
			for k, v := range obj(p) {
				pt[k] = v
			}
			pt["metrics"] = map[string]any{}
			for k, v := range obj(obj(p)["metrics"]) {
				obj(pt["metrics"])[k] = v
			}
			pt["id"] = pt["id"].(float64) + 2e6 + float64(i)*1e3
			pt["precision"] = "fp8"
			scale(pt, n.f)
			pts = append(pts, pt)
		}
		gpu, fw, _ := strings.Cut(n.key, "_")
		series = append(series, map[string]any{"hwKey": n.key, "gpu": gpu, "framework": fw, "specMethod": "none",
			"label": n.label, "vendor": n.vendor, "deployment": "single-node", "bestPerSku": false, "points": pts})
	}
	fp8["hardware"], fp8["series"] = hw, series

	return fstest.MapFS{"seed.json": encode(seed), "old.json": encode(old), "fp8.json": encode(fp8)}, []byte(controlsConfig)
}

// controlsConfig prices every GPU of the Controls fixture: cost per hour and power.
const controlsConfig = `[gpus.b200]
cost_per_hour = 5.5
kw = 1.2

[gpus.b300]
cost_per_hour = 7
kw = 1.4

[gpus.mi355x]
cost_per_hour = 4.2
kw = 1.4

[gpus.h200]
cost_per_hour = 3.5
kw = 0.7
`
