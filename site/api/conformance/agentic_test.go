package conformance

import (
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
)

// TestJSONFilesOfAnAgenticPageMatchSchemas (issue 53 item 5): the example's agentic page
// (data/agentic-coding/, which the project writes), with an SLO preset on the agentic
// percentiles, writes only files its schemas hold: its view names p90 interactivity as x, and
// its data.json carries the cache rates, dropped requests and offload as metrics.
func TestJSONFilesOfAnAgenticPageMatchSchemas(t *testing.T) {
	data := testsite.ExampleFolder(t, "agentic-coding")
	cfg, ps := site.ParseConfig("frontier.toml", []byte("[[slo]]\nname = \"Coding agent\"\ngate = \"p90_ttft:8,p90_intvty:30\"\n"))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	files := &site.Files{}
	if _, err := site.Build(site.Input{Data: data, Config: cfg, ECharts: testsite.FakeECharts}, files); err != nil {
		t.Fatal(err)
	}
	matchSchemas(t, files)
	var view []byte
	for _, name := range files.Names() {
		if strings.Contains(name, "agentic-coding") && strings.HasPrefix(name, "api/") && strings.HasSuffix(name, ".json") && !strings.Contains(name, "history") {
			if b, _ := files.Get(name); strings.Contains(string(b), `"xAxis"`) {
				view = b
			}
		}
	}
	if !strings.Contains(string(view), `"field":"p90_intvty"`) {
		t.Errorf("the agentic page's API view does not name p90 interactivity as x: %.400s", view)
	}
	b, _ := files.Get("deepseek-v4-pro/agentic-coding/data.json")
	for _, key := range []string{"theoretical_cache_hit_rate", "server_gpu_cache_hit_rate", "requests_warmup_dropped", "allocated_cpu_dram_gb", "p95_intvty"} {
		if !strings.Contains(string(b), `"`+key+`"`) {
			t.Errorf("data.json lacks %s", key)
		}
	}
}
