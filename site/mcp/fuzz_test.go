package mcp

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testsite"
)

// FuzzToolArguments calls every tool with arbitrary arguments on the seed site: each either
// answers with a link into the site or returns an error with something to say, never panics.
func FuzzToolArguments(f *testing.F) {
	for _, seed := range []string{
		`{}`, `{"page":"/deepseek-v4-pro/8k-1k/"}`, `{"page":"deepseek-v4-pro/8k-1k","at":50}`,
		`{"page":"/deepseek-v4-pro/8k-1k/","x":"conc","at":64,"y":"outputTputPerGpu"}`,
		`{"page":"/deepseek-v4-pro/8k-1k/","a":"b300","b":"b200","lang":"zh"}`,
		`{"page":"/deepseek-v4-pro/8k-1k/","limits":["p99_ttft:2","median_intvty:20"]}`,
		`{"page":"/deepseek-v4-pro/8k-1k/","series":"b200_trt","at":20}`,
		`{"page":"/deepseek-v4-pro/8k-1k/","gpus":["b200"],"best":true,"optimal":true,"date":"2026-07-31"}`,
		`{"page":"https://x/../../etc/passwd","at":-1e308}`, `{"page":"/deepseek-v4-pro/8k-1k/","limits":["median_intvty:NaN"]}`,
	} {
		for tool := range 7 {
			f.Add(uint8(tool), []byte(seed))
		}
	}
	files := buildSite(f, "seed", testsite.SeedFS(f), nil, "/")
	s := NewSite(NewSource("seed", files))
	f.Fuzz(func(t *testing.T, tool uint8, args []byte) {
		var url string
		var err error
		decode := func(v any) bool { return json.Unmarshal(args, v) == nil }
		switch tool % 7 {
		case 0:
			var in ListIn
			if decode(&in) {
				var out ListOut
				out, err = s.listPages(in)
				url = out.URL
			}
		case 1:
			var in PointsIn
			if decode(&in) {
				var out PointsOut
				out, err = s.getPoints(in)
				url = out.URL
			}
		case 2:
			var in BestIn
			if decode(&in) {
				var out BestOut
				out, err = s.bestAt(in)
				url = out.URL
			}
		case 3:
			var in CompareIn
			if decode(&in) {
				var out CompareOut
				out, err = s.compare(in)
				url = out.URL
			}
		case 4:
			var in SLOIn
			if decode(&in) {
				var out SLOOut
				out, err = s.sloPicks(in)
				url = out.URL
			}
		case 5:
			var in EvalsIn
			if decode(&in) {
				var out EvalsOut
				out, err = s.getEvals(in)
				url = out.URL
			}
		case 6:
			var in HistoryIn
			if decode(&in) {
				var out HistoryOut
				out, err = s.history(in)
				url = out.URL
			}
		}
		switch {
		case err != nil && strings.TrimSpace(err.Error()) == "":
			t.Errorf("tool %d %s: an empty error", tool%7, args)
		case err == nil && url != "" && !strings.HasPrefix(url, "/"):
			t.Errorf("tool %d %s: url %q outside the site", tool%7, args, url)
		}
	})
}
