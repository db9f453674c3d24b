package site

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testsite"
)

// Eval results through the whole build: the real DeepSeek-R1 1k/1k rows and the eval rows of
// site/input/testdata/evals beside them.

// evalFS is rawFS plus the eval rows in the /api/v1/evaluations shape, below evals/.
func evalFS(t testing.TB) fstest.MapFS {
	t.Helper()
	fsys := rawFS(t)
	b, err := os.ReadFile("input/testdata/evals/inferencex-evaluations.json")
	if err != nil {
		t.Fatal(err)
	}
	fsys["evals/dsr1.json"] = testsite.MapFile(b, 1)
	return fsys
}

// editedEvals is the eval rows with fn applied to each row (decoded as JSON objects).
func editedEvals(t testing.TB, fsys fstest.MapFS, fn func(i int, row map[string]any)) {
	t.Helper()
	var rows []map[string]any
	if err := json.Unmarshal(fsys["evals/dsr1.json"].Data, &rows); err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		fn(i, r)
	}
	b, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	fsys["evals/dsr1.json"] = testsite.MapFile(b, 2)
}

// TestCheckWarnsOfAnEvalThatMatchesNoPoint: an eval of a GPU the page does not have, and one
// of a parallelism no point ran with, are each named with file and place; the rest match.
func TestCheckWarnsOfAnEvalThatMatchesNoPoint(t *testing.T) {
	fsys := evalFS(t)
	_, rep, err := build(t, fsys, rawConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range rep.Warnings {
		if strings.Contains(w.Msg, "matches no point") {
			t.Errorf("real rows of the page's configurations: %v", w)
		}
	}
	editedEvals(t, fsys, func(i int, r map[string]any) {
		switch i {
		case 0:
			r["hardware"] = "h100"
		case 1:
			r["decode_tp"], r["prefill_tp"] = 2, 2
		}
	})
	_, rep, err = build(t, fsys, rawConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range rep.Warnings {
		if strings.Contains(w.Msg, "matches no point") {
			got = append(got, w.String())
		}
	}
	want := []string{
		"data/evals/dsr1.json: [0]: warning: eval of gsm8k on DeepSeek-R1-0528 matches no point: no chart page has h100 sglang fp8 none with TP8 EP1",
		"data/evals/dsr1.json: [1]: warning: eval of gsm8k on DeepSeek-R1-0528 matches no point: no chart page has b200 trt fp4 mtp with TP2 EP4 DP-attention",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
