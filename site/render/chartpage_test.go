package render

import (
	"github.com/frontier-bench/frontier/site/page"
	"testing"
)

func TestFrameworkLabel(t *testing.T) {
	for _, tc := range []struct{ label, fw, want string }{
		{"B200 (TRTLLM, MTP)", "trt", "TRTLLM"},
		{"B300 (SGLang)", "sglang", "SGLang"},
		{"MI355X", "vllm", "vllm"},
		{"H100 ()", "trt", "trt"},
		{"X (, MTP)", "sglang", "sglang"},
	} {
		if got := frameworkLabel(&page.PageSeries{Label: tc.label, Framework: tc.fw}); got != tc.want {
			t.Errorf("frameworkLabel(%q, %q) = %q, want %q", tc.label, tc.fw, got, tc.want)
		}
	}
}
