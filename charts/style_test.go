package charts

import (
	"fmt"
	"testing"
)

func TestStyleForKnownSeries(t *testing.T) {
	tests := []struct {
		gpu, framework, spec string
		want                 Style
	}{
		{"b200", "trt", "mtp", Style{Color: "#2f9e44", Symbol: "triangle", Dash: "dashed", Hollow: true}},
		{"b200", "trt", "none", Style{Color: "#2f9e44", Symbol: "triangle", Dash: "solid"}},
		{"b300", "sglang", "", Style{Color: shadeColor("#1971c2", shadeDarker), Symbol: "circle", Dash: "solid"}},
		{"mi355x", "vllm", "none", Style{Color: shadeColor("#c2255c", shadeLighter), Symbol: "rect", Dash: "solid"}},
		{"gb200", "dynamo-trt", "eagle", Style{Color: "#0c8599", Symbol: "diamond", Dash: "dashed", Hollow: true}},
		// Keys are compared without case or surrounding space.
		{" B200 ", "TRT", "MTP", Style{Color: "#2f9e44", Symbol: "triangle", Dash: "dashed", Hollow: true}},
	}
	for _, tt := range tests {
		if got := StyleFor(tt.gpu, tt.framework, tt.spec); got != tt.want {
			t.Errorf("StyleFor(%q, %q, %q) = %+v, want %+v", tt.gpu, tt.framework, tt.spec, got, tt.want)
		}
	}
}

func TestStyleForIsStableAndValidForUnknownKeys(t *testing.T) {
	for _, k := range []struct{ gpu, fw string }{{"tpu-v7", "jetstream"}, {"gaudi3", "optimum"}, {"", ""}, {"x9", "foo"}} {
		first := StyleFor(k.gpu, k.fw, "none")
		for range 5 {
			if got := StyleFor(k.gpu, k.fw, "none"); got != first {
				t.Fatalf("StyleFor(%q, %q) changed between calls: %+v then %+v", k.gpu, k.fw, first, got)
			}
		}
		if !validColor(first.Color) || !symbols[first.Symbol] || !dashes[first.Dash] {
			t.Errorf("StyleFor(%q, %q) = %+v, not a style Options accepts", k.gpu, k.fw, first)
		}
	}
	// Pinned so that a change to the hash or the fallback tables shows up in review: it
	// changes colours on every published page.
	if got, want := GPUColor("x9"), "#1864ab"; got != want {
		t.Errorf("GPUColor(x9) = %s, want %s", got, want)
	}
	if got, want := StyleFor("x9", "foo", "").Symbol, "arrow"; got != want {
		t.Errorf("symbol for framework foo = %s, want %s", got, want)
	}
}

func TestKnownGPUsHaveDistinctColours(t *testing.T) {
	seen := map[string]string{}
	for gpu, c := range gpuColors {
		if !validColor(c) {
			t.Errorf("%s: invalid colour %q", gpu, c)
		}
		if other, dup := seen[c]; dup {
			t.Errorf("%s and %s share colour %s", gpu, other, c)
		}
		seen[c] = gpu
	}
	for _, c := range fallbackColors {
		if !validColor(c) {
			t.Errorf("fallback colour %q is invalid", c)
		}
	}
}

func TestStyleWithoutFrameworkHasTheGPUColour(t *testing.T) {
	for _, gpu := range []string{"b200", "mi355x", "x9", "tpu-v7"} {
		if got, want := StyleFor(gpu, "", "").Color, GPUColor(gpu); got != want {
			t.Errorf("StyleFor(%q, \"\", \"\").Color = %s, want GPUColor %s", gpu, got, want)
		}
	}
}

func TestFrameworksOfOneGPUDifferInColourOrMarker(t *testing.T) {
	// Frontier lines have no markers, so the three common engines of one GPU must differ
	// in colour too, not only in marker.
	trt, sg, vl := StyleFor("b300", "trt", ""), StyleFor("b300", "sglang", ""), StyleFor("b300", "vllm", "")
	if trt.Color == sg.Color || trt.Color == vl.Color || sg.Color == vl.Color {
		t.Errorf("b300 trt/sglang/vllm colours %s %s %s are not all different", trt.Color, sg.Color, vl.Color)
	}
	if trt.Symbol == sg.Symbol || trt.Symbol == vl.Symbol || sg.Symbol == vl.Symbol {
		t.Errorf("b300 trt/sglang/vllm symbols %s %s %s are not all different", trt.Symbol, sg.Symbol, vl.Symbol)
	}
}

func TestShadeColorMixesTowardsBlackOrWhite(t *testing.T) {
	tests := []struct {
		in   string
		s    shade
		want string
	}{
		{"#808080", 0, "#808080"},
		{"#808080", -0.5, "#404040"},
		{"#000000", 0.5, "#808080"},
		{"#ffffff", shadeLighter, "#ffffff"},
	}
	for _, tt := range tests {
		if got := shadeColor(tt.in, tt.s); got != tt.want {
			t.Errorf("shadeColor(%s, %v) = %s, want %s", tt.in, tt.s, got, tt.want)
		}
	}
}

// TestWithPrecisionSetsSeriesApart: series of one GPU and framework that differ only in
// precision or speculative decoding differ in marker (what a point off the frontier shows)
// and in line (the frontier has no markers), and the same on every page.
func TestWithPrecisionSetsSeriesApart(t *testing.T) {
	markers, lines := map[string]string{}, map[string]string{}
	for _, spec := range []string{"", "mtp"} {
		base := StyleFor("b200", "vllm", spec)
		for _, p := range []string{"fp4", "fp8", "bf16"} {
			st := base.WithPrecision(p)
			name := p + "/" + spec
			if st.Color != base.Color || st.Symbol != base.Symbol || st.Hollow != base.Hollow {
				t.Errorf("%s: colour, symbol or hollowness changed: %+v from %+v", name, st, base)
			}
			ms := markerStyle(st)
			marker := fmt.Sprintf("fill=%s border=%s", ms.Color, ms.BorderColor)
			line := fmt.Sprintf("dash=%s colour=%s", st.Dash, st.LineColor())
			if other, ok := markers[marker]; ok {
				t.Errorf("%s has the marker of %s: %s", name, other, marker)
			}
			// Known gap: three line types for four precision classes, so 8-bit and 16-bit
			// frontiers without speculative decoding share the dotted line (their markers differ).
			if other, ok := lines[line]; ok && !(name == "bf16/" && other == "fp8/") {
				t.Errorf("%s has the line of %s: %s", name, other, line)
			}
			markers[marker], lines[line] = name, name
		}
	}
	if got := StyleFor("b200", "trt", "").WithPrecision("FP4"); got != StyleFor("b200", "trt", "") {
		t.Errorf("FP4 changed the style: %+v", got)
	}
	if a, b := StyleFor("h100", "sglang", "").WithPrecision("fp8"), StyleFor("h100", "sglang", "").WithPrecision("fp8"); a != b || a.Fill == "" || a.Dash != "dotted" {
		t.Errorf("FP8: %+v then %+v, want the same light marker and dotted line", a, b)
	}
	for p, want := range map[string]int{"fp4": 4, "nvfp4": 4, "mxfp4": 4, "fp8": 8, "w8a8": 8, "int8": 8, "bf16": 16, "fp16": 16, "fp32": 16, "auto": 4, "": 4} {
		if got := precisionBits(p); got != want {
			t.Errorf("precisionBits(%q) = %d, want %d", p, got, want)
		}
	}
}
