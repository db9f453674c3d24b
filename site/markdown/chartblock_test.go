package markdown

import (
	"reflect"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/site/fragment"
)

func TestParseChartBlock(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want ChartBlock
	}{
		{
			name: "only the required keys",
			src:  "model: DeepSeek-V4-Pro\nsequence: 8k/1k\n",
			want: ChartBlock{Model: "DeepSeek-V4-Pro", Sequence: "8k/1k", Height: ChartHeightDefault},
		},
		{
			name: "every key, comments, blank lines, CRLF and loose spacing",
			src: "# leaders\r\n\r\n  Model :  DeepSeek-V4-Pro \r\nSEQUENCE: '8k/1k'\r\ny: OUTPUTTPUTPERGPU\r\n" +
				"gpus: B200, b300,\r\nframeworks: vllm\r\nspec: mtp, none\r\nprecisions: fp4,fp8\r\n" +
				"log: yes\r\nbest: off\r\noptimal: 1\r\ndate: 2026-07-01\r\nheight: 640px\r\ntitle: \"A: b\"\r\n",
			want: ChartBlock{
				Model: "DeepSeek-V4-Pro", Sequence: "8k/1k", Title: "A: b", Height: 640,
				View: fragment.View{
					Y: "outputTputPerGpu", Date: "2026-07-01",
					GPUs: []string{"b200", "b300"}, Frameworks: []string{"vllm"},
					Spec: []string{"mtp", "none"}, Precisions: []string{"fp4", "fp8"},
					Log: fragment.ToggleOn, Best: fragment.ToggleOff, Optimal: fragment.ToggleOn,
				},
			},
		},
		{
			name: "a value may hold colons and hashes",
			src:  "model: a:b#c\nsequence: 1k/1k\ntitle: see #2: fast\n",
			want: ChartBlock{Model: "a:b#c", Sequence: "1k/1k", Title: "see #2: fast", Height: ChartHeightDefault},
		},
		{
			name: "an x axis, in any case; the default one is no setting",
			src:  "model: m\nsequence: s\nx: P99_TTFT\ny: joules_per_output_token\n",
			want: ChartBlock{Model: "m", Sequence: "s", Height: ChartHeightDefault, View: fragment.View{X: "p99_ttft", Y: "joules_per_output_token"}},
		},
		{
			name: "the default x axis",
			src:  "model: m\nsequence: s\nx: median_intvty\n",
			want: ChartBlock{Model: "m", Sequence: "s", Height: ChartHeightDefault},
		},
		{
			name: "height bounds are inclusive",
			src:  "model: m\nsequence: s\nheight: 1200\n",
			want: ChartBlock{Model: "m", Sequence: "s", Height: 1200},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, errs := ParseChartBlock([]byte(tt.src))
			if len(errs) > 0 {
				t.Fatalf("errors: %v", errs)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestParseChartBlockErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []BlockError // Msg is a substring of the message
	}{
		{"empty block", "", []BlockError{{0, "missing model"}, {0, "missing sequence"}}},
		{"only comments", "# model: m\n\n", []BlockError{{0, "missing model"}, {0, "missing sequence"}}},
		{"unknown key", "model: m\nsequence: s\ncolor: red\n", []BlockError{{3, `unknown key "color" (want one of model, sequence,`}}},
		{"no colon", "model: m\nsequence: s\n\nlog\n", []BlockError{{4, `want key: value, got "log"`}}},
		{"duplicate key", "model: m\nsequence: s\n# again\nModel: n\n", []BlockError{{4, "model given twice (first 3 lines above)"}}},
		{"empty value", "model: m\nsequence: \"\"\n", []BlockError{{2, "sequence: want a value"}}},
		{"bad y", "model: m\nsequence: s\ny: tokens\n", []BlockError{{3, `y: want one of tpPerGpu, outputTputPerGpu, inputTputPerGpu, costPerMTok, costPerMOutputTok, costPerMInputTok, tokPerMW, avg_power_w, joules_per_output_token, joules_per_total_token, got "tokens"`}}},
		{"bad x", "model: m\nsequence: s\nx: speed\n", []BlockError{{3, `x: want one of median_intvty, p75_intvty, p90_intvty, p95_intvty, p99_intvty, median_ttft, p75_ttft, p90_ttft, p95_ttft, p99_ttft, median_e2el, p75_e2el, p90_e2el, p95_e2el, p99_e2el, conc, request_rate, got "speed"`}}},
		{"height not a number", "model: m\nsequence: s\nheight: tall\n", []BlockError{{3, `height: want a whole number of pixels, got "tall"`}}},
		{"height too small", "model: m\nsequence: s\nheight: 199\n", []BlockError{{3, "height: want 200 to 1200 pixels, got 199"}}},
		{"height too large", "model: m\nsequence: s\nheight: 1201px\n", []BlockError{{3, "height: want 200 to 1200 pixels, got 1201"}}},
		{"bad bool", "model: m\nsequence: s\nlog: y\n", []BlockError{{3, `log: want true or false, got "y"`}}},
		{"bad date", "model: m\nsequence: s\ndate: 2026-02-30\n", []BlockError{{3, `date: want a date as YYYY-MM-DD, got "2026-02-30"`}}},
		{"key with a space", "model: m\nsequence: s\ngpus: b200, h100 sxm\n", []BlockError{{3, `gpus: "h100 sxm" is not a key`}}},
		{"key with an ampersand", "model: m\nsequence: s\nspec: mtp&log=1\n", []BlockError{{3, `spec: "mtp&log=1" is not a key`}}},
		{"list of commas", "model: m\nsequence: s\nframeworks: , ,\n", []BlockError{{3, `frameworks: want a comma-separated list, got ", ,"`}}},
		{"repeated list item", "model: m\nsequence: s\nprecisions: fp4, FP4\n", []BlockError{{3, "precisions: fp4 listed twice"}}},
		{
			"every mistake at once",
			"model: m\nsize: 3\ny: x\nheight: 5\nmodel: n\n",
			[]BlockError{{2, `unknown key "size"`}, {3, "y: want one of"}, {4, "height: want 200"}, {5, "model given twice (first 4 lines above)"}, {0, "missing sequence"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, got := ParseChartBlock([]byte(tt.src))
			if len(got) != len(tt.want) {
				t.Fatalf("got %d errors %v, want %d %v", len(got), got, len(tt.want), tt.want)
			}
			for i := range got {
				if got[i].Line != tt.want[i].Line || !strings.Contains(got[i].Msg, tt.want[i].Msg) {
					t.Errorf("error %d: got line %d %q, want line %d containing %q", i, got[i].Line, got[i].Msg, tt.want[i].Line, tt.want[i].Msg)
				}
			}
		})
	}
}

// FuzzParseChartBlock checks that no input panics, that every error has a line inside the
// block, and that a valid block's view survives the trip through its URL fragment.
func FuzzParseChartBlock(f *testing.F) {
	for _, s := range []string{
		"model: DeepSeek-V4-Pro\nsequence: 8k/1k\n",
		"# c\nmodel: m\nsequence: s\ny: outputTputPerGpu\ngpus: b200,b300\nframeworks: vllm\nspec: mtp\nprecisions: fp4\nlog: true\nbest: no\noptimal: on\ndate: 2026-07-31\nheight: 480px\ntitle: 'x'\n",
		"", "model\n", "model: m\nmodel: m\n", "y: nope\n", "height: 99999999999999999999\n", "gpus: ,,\n",
		"log: maybe\n", "date: 2026-13-01\n", "title: \"\n", "\r\n\r\n", "model: \x00\nsequence: \xff\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		b, errs := ParseChartBlock(src)
		lines := strings.Count(string(src), "\n") + 1
		for _, e := range errs {
			if e.Line < 0 || e.Line > lines {
				t.Fatalf("error on line %d of a %d-line block: %v", e.Line, lines, e)
			}
		}
		if len(errs) > 0 {
			return
		}
		if b.Model == "" || b.Sequence == "" {
			t.Fatalf("valid block without model or sequence: %+v", b)
		}
		if b.Height < ChartHeightMin || b.Height > ChartHeightMax {
			t.Fatalf("height %d out of bounds", b.Height)
		}
		frag := b.View.String()
		back, perrs := fragment.Parse(frag)
		if perrs != nil {
			t.Fatalf("fragment %q of %+v does not parse: %v", frag, b.View, perrs)
		}
		if !reflect.DeepEqual(back, b.View) {
			t.Fatalf("fragment %q parses to %+v, want %+v", frag, back, b.View)
		}
		if strings.ContainsAny(frag, "#\"'<> \n") {
			t.Fatalf("fragment %q needs escaping", frag)
		}
	})
}
