package render

import (
	"strings"
	"testing"
)

func TestFmtChange(t *testing.T) {
	for _, c := range []struct {
		pct  float64
		want string
	}{
		{25, "+25%"}, {12.4, "+12%"}, {9.94, "+9.9%"}, {9.96, "+10%"}, {0.04, "±0%"}, {-0.04, "±0%"},
		{0, "±0%"}, {-3.45, "-3.5%"}, {-10, "-10%"}, {150, "+150%"}, {1, "+1%"},
	} {
		if got := fmtChange(c.pct); got != c.want {
			t.Errorf("fmtChange(%v) = %q, want %q", c.pct, got, c.want)
		}
	}
}

// TestConfigKeys: a changelog entry names a series by its InferenceX config key, and
// InferenceX's model key names the same series as the slug.
func TestConfigKeys(t *testing.T) {
	s := &PageSeries{Precision: "fp4", GPU: "b200", Framework: "sglang"}
	if got := strings.Join(configKeys("DeepSeek-R1-0528", s), " "); got != "deepseek-r1-0528-fp4-b200-sglang dsr1-fp4-b200-sglang" {
		t.Errorf("configKeys = %s", got)
	}
}
