package corpus

import (
	"strings"
	"testing"
)

func TestEachClientNamesAndRuns(t *testing.T) {
	runs := ClientRuns()
	seen := map[string]bool{}
	counts := map[string]int{}
	err := EachClient(2*clientRunsPerDay, 1, func(name string, data []byte) error {
		if seen[name] {
			t.Errorf("%s written twice", name)
		}
		seen[name] = true
		// Every file is matched by a [[runs]] entry of its folder (a trtllm-bench report, of its day).
		client, rest, _ := strings.Cut(name, "/")
		dir, _, _ := strings.Cut(rest, "/")
		parts := strings.Split(rest, "/")
		keys := map[string]string{"aiperf": `"inter_token_latency"`, "guidellm": `"inter_token_latency_ms"`, "trtllm": `"tpot_percentiles"`}
		counts[client]++
		switch client {
		case "aiperf", "guidellm":
			if !strings.Contains(runs, `path = "`+client+`/`+dir+`/*/*/*/*.json"`) {
				t.Errorf("%s: no [[runs]] entry", name)
			}
		case "trtllm":
			if !strings.Contains(runs, `path = "trtllm/*/*/`+parts[2]+`/*/*.json"`) {
				t.Errorf("%s: no [[runs]] entry of its day", name)
			}
		default:
			t.Errorf("%s: which client?", name)
		}
		if !strings.Contains(string(data), keys[client]) {
			t.Errorf("%s lacks its client's keys", name)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 2*clientRunsPerDay {
		t.Errorf("%d files", len(seen))
	}
	if counts["guidellm"] != 2*clientRunsPerDay/3 || counts["trtllm"] == 0 || counts["aiperf"] <= counts["guidellm"] {
		t.Errorf("files per client %v", counts)
	}
}
