package corpus

import (
	"strings"
	"testing"
)

func TestEachClientNamesAndRuns(t *testing.T) {
	runs := ClientRuns()
	seen := map[string]bool{}
	err := EachClient(2*clientRunsPerDay, 1, func(name string, data []byte) error {
		if seen[name] {
			t.Errorf("%s written twice", name)
		}
		seen[name] = true
		// Every file is matched by a [[runs]] entry of its folder.
		dir := name[len("aiperf/") : strings.IndexByte(name[len("aiperf/"):], '/')+len("aiperf/")]
		if !strings.Contains(runs, `path = "aiperf/`+dir+`/*/*/*/*.json"`) {
			t.Errorf("%s: no [[runs]] entry", name)
		}
		if !strings.Contains(string(data), `"inter_token_latency"`) || !strings.Contains(string(data), `"input_config"`) {
			t.Errorf("%s lacks AIPerf's keys", name)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 2*clientRunsPerDay {
		t.Errorf("%d files", len(seen))
	}
}
