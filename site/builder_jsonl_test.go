package site

import (
	"testing"
	"testing/fstest"
	"time"
)

// TestBuilderRedrawsAfterAJSONLinesFileChanges: an edit of a .jsonl file (a result a line)
// reaches its page in the preview, as it does in a fresh build.
func TestBuilderRedrawsAfterAJSONLinesFileChanges(t *testing.T) {
	t.Parallel()
	line := func(tput string) []byte {
		return []byte(`{"max_concurrency": 4, "total_token_throughput": ` + tput + `, "output_throughput": 40, "median_tpot_ms": 10, ` +
			`"model_id": "dsr1", "gpu": "b200", "gpus": 8, "framework": "vllm", "precision": "fp8", "isl": 1024, "osl": 1024}` + "\n")
	}
	data := fstest.MapFS{"runs/a.jsonl": {Data: line("100"), ModTime: time.Unix(1, 0)}}
	var b Builder
	in := Input{Data: data, Config: DefaultConfig(), ECharts: fakeECharts, Dev: true}
	sameAsFreshBuild(t, &b, in, "first build")
	data["runs/a.jsonl"] = &fstest.MapFile{Data: line("200"), ModTime: time.Unix(2, 0)}
	sameAsFreshBuild(t, &b, in, "edit the .jsonl file")
}
