package charts

import (
	"fmt"
	"hash/fnv"
	"strings"
)

// Style is how one series looks: the same values go into the Go-built option and into the
// page data, so the page script draws a rebuilt chart exactly like the first one.
type Style struct {
	Color  string `json:"color"`  // "#rrggbb"
	Symbol string `json:"symbol"` // ECharts marker: circle, rect, triangle, diamond, roundRect, pin, arrow
	Dash   string `json:"dash"`   // frontier line type: solid or dashed
	Hollow bool   `json:"hollow"` // marker drawn as an outline only (speculative decoding)
	// Fill, when set, is a light tint of Color for 8-bit and wider precisions (see
	// WithPrecision): a filled marker's fill, inside an outline of Color; a hollow marker has
	// no fill, so the tint is its outline and the colour of its frontier line instead.
	Fill string `json:"fill,omitempty"`
}

// LineColor is the colour of the series' frontier line: Color, or for a hollow marker with a
// tint (speculative decoding at 8 bits or wider) the tint, as its outline.
func (st Style) LineColor() string {
	if st.Hollow && st.Fill != "" {
		return st.Fill
	}
	return st.Color
}

// gpuColors fixes the colour of the GPUs we know, so a GPU looks the same on every page
// and in every snapshot. NVIDIA parts take the cool hues (green, blue, cyan, violet, lime,
// grape, slate) and AMD parts the warm ones (red, orange, pink, amber); neighbours that are
// often compared (B200/B300, GB200/GB300, H100/H200, MI325X/MI355X) get clearly different hues.
var gpuColors = map[string]string{
	"b200":   "#2f9e44", // green
	"b300":   "#1971c2", // blue
	"gb200":  "#0c8599", // cyan
	"gb300":  "#7048e8", // violet
	"h100":   "#66a80f", // lime
	"h200":   "#9c36b5", // grape
	"h20":    "#495057", // slate
	"mi300x": "#e03131", // red
	"mi325x": "#e8590c", // orange
	"mi350x": "#f08c00", // amber
	"mi355x": "#c2255c", // pink
}

// fallbackColors is where a GPU outside gpuColors lands, by an FNV-1a hash of its key:
// stable across pages and builds, and different from the fixed hues where possible.
var fallbackColors = []string{
	"#3b5bdb", // indigo
	"#a0522d", // sienna
	"#099268", // teal
	"#ae3ec9", // magenta
	"#d9480f", // dark orange
	"#5c940d", // olive
	"#1864ab", // navy
	"#862e9c", // plum
	"#b08900", // ochre
	"#868e96", // grey
}

// frameworkSymbols gives each known framework its marker; the rest hash into fallbackSymbols.
var frameworkSymbols = map[string]string{
	"sglang":        "circle",
	"trt":           "triangle",
	"vllm":          "rect",
	"dynamo-sglang": "pin",
	"dynamo-trt":    "diamond",
	"dynamo-vllm":   "arrow",
}

// fallbackSymbols avoids circle, triangle and rect, which the common frameworks hold.
var fallbackSymbols = []string{"diamond", "roundRect", "pin", "arrow"}

// shade moves a GPU colour towards black (negative) or white (positive), as a fraction.
type shade float64

const (
	shadeBase    shade = 0
	shadeDarker  shade = -0.25
	shadeLighter shade = 0.3
)

// frameworkShades: trt keeps the GPU colour, sglang is darker and vllm lighter; a
// dynamo-* framework shares the shade of the engine it runs, since its marker differs.
var frameworkShades = map[string]shade{
	"trt":    shadeBase,
	"sglang": shadeDarker,
	"vllm":   shadeLighter,
}

var fallbackShades = []shade{shadeBase, shadeDarker, shadeLighter}

// symbols and dashes are the values Options accepts in a Style. Anything else (an
// "image://" or "path://" symbol for one) could make the browser fetch or draw what the
// data says, so it is refused rather than passed on.
var (
	symbols = map[string]bool{"circle": true, "rect": true, "roundRect": true, "triangle": true,
		"diamond": true, "pin": true, "arrow": true, "emptyCircle": true}
	dashes = map[string]bool{"solid": true, "dashed": true, "dotted": true}
)

// GPUColor is the colour of a GPU key ("b200", "MI355X"; case and surrounding space are
// ignored): a fixed table for known GPUs, otherwise a hash of the key into a fallback palette.
// Series of that GPU are this colour or a shade of it (see StyleFor); pages use it for the
// GPU itself, e.g. in filter controls.
func GPUColor(gpu string) string {
	key := normKey(gpu)
	if c, ok := gpuColors[key]; ok {
		return c
	}
	return fallbackColors[hashKey(key)%uint32(len(fallbackColors))]
}

// StyleFor is the style of a series, the same on every page:
//   - Color: the GPU's colour (GPUColor), shaded by framework so that the frontier lines of
//     one GPU, which carry no markers, stay apart: trt keeps the GPU colour, sglang is 25%
//     darker, vllm 30% lighter, dynamo-<engine> takes its engine's shade, and any other
//     framework hashes into one of the three. No framework keeps the GPU colour, so
//     StyleFor(gpu, "", "").Color == GPUColor(gpu).
//   - Symbol: by framework (sglang circle, trt triangle, vllm rect, dynamo-sglang pin,
//     dynamo-trt diamond, dynamo-vllm arrow), others hash into diamond/roundRect/pin/arrow.
//   - Dash and Hollow: by speculative decoding method. "" and "none" give a solid frontier
//     line and filled markers; any method ("mtp", "eagle", ...) a dashed line and hollow
//     markers, so MTP and non-MTP points of one GPU and framework stay apart even off the
//     frontier.
//
// Keys are compared lowercase with surrounding space removed.
func StyleFor(gpu, framework, spec string) Style {
	fw := normKey(framework)
	st := Style{
		Color:  shadeColor(GPUColor(gpu), shadeOf(fw)),
		Symbol: symbolOf(fw),
		Dash:   "solid",
	}
	if sp := normKey(spec); sp != "" && sp != "none" {
		st.Dash = "dashed"
		st.Hollow = true
	}
	return st
}

// WithPrecision is st as a series of that precision draws it, the same on every page, so
// that series differing only in precision, or only in speculative decoding, never look alike,
// neither by marker (points off the frontier) nor by line (the frontier has no markers):
//   - 4-bit (fp4, nvfp4, mxfp4, int4, ...) and unknown precisions keep st.
//   - 8-bit (fp8, int8, mxfp8, w8a8, ...): a light marker (Color at half strength, Color
//     border) and a dotted frontier line.
//   - 16-bit and wider (bf16, fp16, fp32): a lighter marker and a dotted line.
//
// A hollow (speculative-decoding) marker stays hollow and its line dashed; at 8 bits and
// wider its outline and line take the tint instead of Color. The four looks of one GPU and
// framework are then: filled and solid (4-bit), hollow and dashed (4-bit, speculative), light
// and dotted (8-bit), light hollow and light dashed (8-bit, speculative).
func (st Style) WithPrecision(precision string) Style {
	tint := map[int]float64{8: 0.55, 16: 0.8}
	if st.Hollow {
		// An outline is thinner than a fill: a lighter tint would fade into the page.
		tint = map[int]float64{8: 0.45, 16: 0.65}
	}
	if t, ok := tint[precisionBits(precision)]; ok {
		st.Fill = shadeColor(st.Color, shade(t))
		if !st.Hollow {
			st.Dash = "dotted"
		}
	}
	return st
}

// precisionBits is the width class of a precision key: 4, 8 or 16 (16 and wider), from the
// first number in it ("fp8", "w8a8", "bf16"); 4 when it names none.
func precisionBits(precision string) int {
	key := normKey(precision)
	i := strings.IndexAny(key, "0123456789")
	if i < 0 {
		return 4
	}
	j := i
	for j < len(key) && key[j] >= '0' && key[j] <= '9' {
		j++
	}
	switch n := key[i:j]; {
	case n == "8" || n == "6":
		return 8
	case len(n) >= 2: // 16, 32
		return 16
	default:
		return 4
	}
}

func symbolOf(fw string) string {
	if s, ok := frameworkSymbols[fw]; ok {
		return s
	}
	return fallbackSymbols[hashKey(fw)%uint32(len(fallbackSymbols))]
}

func shadeOf(fw string) shade {
	if fw == "" {
		return shadeBase
	}
	engine := strings.TrimPrefix(fw, "dynamo-")
	if s, ok := frameworkShades[engine]; ok {
		return s
	}
	return fallbackShades[hashKey(engine)%uint32(len(fallbackShades))]
}

// shadeColor mixes a "#rrggbb" colour with black (s < 0) or white (s > 0).
func shadeColor(hex string, s shade) string {
	if s == 0 {
		return hex
	}
	var r, g, b uint8
	if _, err := fmt.Sscanf(hex, "#%02x%02x%02x", &r, &g, &b); err != nil {
		return hex // only our own tables reach here, all valid
	}
	mix := func(c uint8) uint8 {
		f := float64(c)
		if s < 0 {
			return uint8(f*(1+float64(s)) + 0.5)
		}
		return uint8(f + (255-f)*float64(s) + 0.5)
	}
	return fmt.Sprintf("#%02x%02x%02x", mix(r), mix(g), mix(b))
}

func normKey(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

func hashKey(s string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(s))
	return h.Sum32()
}

// validColor accepts "#rgb", "#rrggbb" and "#rrggbbaa": explicit colours only, so
// nothing in a style is interpreted as anything but a colour.
func validColor(c string) bool {
	if (len(c) != 4 && len(c) != 7 && len(c) != 9) || c[0] != '#' {
		return false
	}
	for i := 1; i < len(c); i++ {
		if !strings.ContainsRune("0123456789abcdefABCDEF", rune(c[i])) {
			return false
		}
	}
	return true
}
