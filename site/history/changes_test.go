package history

import (
	"github.com/frontier-bench/frontier/site/page"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/site/input"
)

// TestConfigKeys: a changelog entry names a configuration by its InferenceX config key, and
// InferenceX's model key names the same configuration as the slug.
func TestConfigKeys(t *testing.T) {
	s := &page.PageSeries{Precision: "fp4", GPU: "b200", Framework: "sglang"}
	if got := strings.Join(configKeys("DeepSeek-R1-0528", s), " "); got != "deepseek-r1-0528-fp4-b200-sglang dsr1-fp4-b200-sglang" {
		t.Errorf("configKeys = %s", got)
	}
	s.Spec = "MTP"
	if got := configKeys("M", s); !slices.Equal(got, []string{"m-fp4-b200-sglang-mtp"}) {
		t.Errorf("with speculative decoding: %q", got)
	}
}

// TestChangesNameThePagesConfigurations: an entry is kept when a glob names a configuration of
// any snapshot, with the configurations' keys and newest names, oldest entry first; an entry
// naming none of them is left out.
func TestChangesNameThePagesConfigurations(t *testing.T) {
	sg := &page.PageSeries{Key: "b200_sglang", Name: "B200 (SGLang)", GPU: "b200", Framework: "sglang", Precision: "fp4", Spec: "none"}
	old := &page.PageSeries{Key: "h100_vllm", Name: "H100 (vLLM) old", GPU: "h100", Framework: "vllm", Precision: "fp4"}
	renamed := *old
	renamed.Name = "H100 (vLLM)"
	p := &Page{Page: &page.Page{Model: "DeepSeek-R1-0528", Snapshots: []*page.Snapshot{
		{Date: "2026-02-01", Series: []*page.PageSeries{sg, &renamed}},
		{Date: "2026-01-01", Series: []*page.PageSeries{old}},
	}}}
	changes := []input.Change{
		{Date: "2026-01-20", Configs: []string{"dsr1-fp4-*"}, Description: "both"},
		{Date: "2026-01-10", Configs: []string{"deepseek-r1-0528-fp4-b200-sglang"}, Description: "sglang", Link: "https://example.com"},
		{Date: "2026-01-05", Configs: []string{"dsr1-fp8-*"}, Description: "another precision"},
	}
	got := Changes(p, changes)
	if len(got) != 2 {
		t.Fatalf("%d changes, want 2: %+v", len(got), got)
	}
	if c := got[0]; c.Description != "sglang" || c.Link != "https://example.com" || !slices.Equal(c.Series, []string{"b200_sglang"}) || c.Names != "B200 (SGLang)" {
		t.Errorf("first: %+v", c)
	}
	if c := got[1]; c.Description != "both" || !slices.Equal(c.Series, []string{"b200_sglang", "h100_vllm"}) || c.Names != "B200 (SGLang), H100 (vLLM)" {
		t.Errorf("second: %+v", c)
	}
	if Changes(p, nil) != nil {
		t.Error("changes without a changelog")
	}
}
