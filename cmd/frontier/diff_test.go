package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/frontier-bench/frontier/internal/testsite"
)

// writeDataFolder writes a site folder (root/data/seed.json and root/frontier.toml) whose
// seed has hwKey's throughputs multiplied by scale, and returns its data folder.
func writeDataFolder(t *testing.T, toml, hwKey string, scale float64) string {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(testsite.SeedJSON(t), &doc); err != nil {
		t.Fatal(err)
	}
	for _, s := range doc["series"].([]any) {
		s := s.(map[string]any)
		if s["hwKey"] != hwKey {
			continue
		}
		for _, p := range s["points"].([]any) {
			p := p.(map[string]any)
			p["y"] = p["y"].(float64) * scale
			m := p["metrics"].(map[string]any)
			for _, k := range []string{"tpPerGpu", "outputTputPerGpu", "inputTputPerGpu"} {
				m[k] = m[k].(float64) * scale
			}
		}
	}
	root := t.TempDir()
	data := filepath.Join(root, "data")
	if err := os.MkdirAll(data, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(data, "seed.json"), must(json.Marshal(doc)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "frontier.toml"), []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	return data
}

func runCode(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

// TestDiffDataFolders compares two data folders: a 15% drop of one configuration is a
// regression at every reference its frontier reaches, the job fails only under --fail-on,
// and rows link to NEW's pages where NEW has a base URL.
func TestDiffDataFolders(t *testing.T) {
	old := writeDataFolder(t, "", "", 1)
	slower := writeDataFolder(t, "baseURL = \"https://bench.example/site/\"\n", "b200_vllm", 0.85)

	code, md, stderr := runCode("diff", old, slower)
	if code != exitOK {
		t.Fatalf("diff: status %d, want 0 without --fail-on; stderr %s", code, stderr)
	}
	for _, want := range []string{"### Frontier diff: ", "| regression | [/deepseek-v4-pro/8k-1k/](<https://bench.example/site/deepseek-v4-pro/8k-1k/#gpus=b200&frameworks=vllm&spec=none&precisions=fp4>) | B200 (vLLM) (b200\\_vllm fp4) |", "-15.0% (±3%)"} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "| improvement |") {
		t.Errorf("nothing improved, yet:\n%s", md)
	}

	if code, _, stderr := runCode("diff", "--fail-on", "regression", old, slower); code != exitRegression || !strings.Contains(stderr, "regression") {
		t.Errorf("--fail-on regression: status %d (stderr %q), want 3", code, stderr)
	}
	// Flags after the sides too; a threshold wider than the drop makes it noise.
	if code, out, _ := runCode("diff", old, slower, "--fail-on", "regression", "--threshold", "20%"); code != exitOK || strings.Contains(out, "| regression |") {
		t.Errorf("--threshold 20%%: status %d, want 0 and no regression:\n%s", code, out)
	}
	// [verdict] threshold in NEW's frontier.toml is the default.
	lenient := writeDataFolder(t, "[verdict]\nthreshold = 20\n", "b200_vllm", 0.85)
	if code, _, _ := runCode("diff", "--fail-on", "regression", old, lenient); code != exitOK {
		t.Errorf("NEW's [verdict] threshold = 20: status %d, want 0", code)
	}
	if code, _, _ := runCode("diff", "--fail-on", "regression", old, old); code != exitOK {
		t.Errorf("a folder against itself: status %d, want 0", code)
	}
}

// TestDiffJSONHoldsToItsSchema writes --format json and checks it against
// docs/verdicts.schema.json, the schema docs/verdicts.md documents.
func TestDiffJSONHoldsToItsSchema(t *testing.T) {
	old := writeDataFolder(t, "", "", 1)
	nw := writeDataFolder(t, "", "b300_trt", 1.2)
	code, out, stderr := runCode("diff", "--format", "json", old, nw)
	if code != exitOK {
		t.Fatalf("status %d: %s", code, stderr)
	}
	schema, err := jsonschema.UnmarshalJSON(strings.NewReader(string(must(os.ReadFile("../../docs/verdicts.schema.json")))))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("verdicts.schema.json", schema); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("verdicts.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(doc); err != nil {
		t.Errorf("the report does not hold to docs/verdicts.schema.json: %v", err)
	}
	var rep struct {
		Changes []struct {
			Page, Series, Verdict string
			Change                *float64
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Changes) == 0 || rep.Changes[0].Verdict != "improvement" || rep.Changes[0].Series != "b300_trt" || rep.Changes[0].Page != "/deepseek-v4-pro/8k-1k/" {
		t.Errorf("want b300_trt's improvement first, got %+v", rep.Changes[:min(1, len(rep.Changes))])
	}
}

// TestDiffSitesByURLReadsOnlyTheAPI compares a data folder with its own site served over
// HTTP on loopback: nothing changed, and the diff fetched index.json and the views, nothing
// else.
func TestDiffSitesByURLReadsOnlyTheAPI(t *testing.T) {
	dir := writeSeedSite(t)
	var mu sync.Mutex
	var got []string
	files := http.FileServer(http.Dir(dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, r.URL.Path)
		mu.Unlock()
		files.ServeHTTP(w, r)
	}))
	defer srv.Close()

	code, out, stderr := runCode("diff", "--fail-on", "regression", writeDataFolder(t, "", "", 1), srv.URL+"/")
	if code != exitOK {
		t.Fatalf("status %d: %s\n%s", code, stderr, out)
	}
	if !strings.Contains(out, "0 regressions, 0 improvements") || !strings.Contains(out, "0 new, 0 removed") {
		t.Errorf("a site against its own data: want no change, got\n%s", out)
	}
	slices.Sort(got)
	want := []string{"/api/v1/index.json", "/api/v1/views/deepseek-v4-pro/8k-1k/fp4.json"}
	if !slices.Equal(got, want) {
		t.Errorf("requests %v, want only %v", got, want)
	}
}

func TestDiffUsageAndBadInput(t *testing.T) {
	data := writeDataFolder(t, "", "", 1)
	for _, tt := range []struct {
		args []string
		want int
		msg  string
	}{
		{[]string{"diff", data}, exitUsage, "want OLD and NEW"},
		{[]string{"diff", "--format", "yaml", data, data}, exitUsage, "want markdown or json"},
		{[]string{"diff", "--fail-on", "noise", data, data}, exitUsage, "want regression"},
		{[]string{"diff", "--threshold", "abc", data, data}, exitUsage, "want a percentage"},
		{[]string{"diff", data, filepath.Join(data, "nowhere")}, exitProblems, "nowhere: not a data folder"},
		{[]string{"diff", data, writeDataFolder(t, "[verdict]\nconsecutive = 0\n", "", 1)}, exitProblems, "verdict.consecutive"},
	} {
		code, _, stderr := runCode(tt.args...)
		if code != tt.want || !strings.Contains(stderr, tt.msg) {
			t.Errorf("%v: status %d, stderr %q; want %d and %q", tt.args[1:], code, stderr, tt.want, tt.msg)
		}
	}
}

// TestActionComparesToThePublishedSite runs the Action's diff step (compare-to) with frontier
// (this test binary) on a build where one configuration got 15% slower than the published
// site (served on loopback): the report lands in the job's summary, and the step fails only
// with fail-on: regression.
func TestActionComparesToThePublishedSite(t *testing.T) {
	needTool(t, "bash")
	step := actionStepThat(t, "with id diff", func(s actionStep) bool { return s.ID == "diff" })
	published := t.TempDir()
	if code, _, stderr := runCode("build", "--data", writeDataFolder(t, "", "", 1), "--out", published); code != exitOK {
		t.Fatalf("build the published site: %s", stderr)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(published)))
	defer srv.Close()
	work := t.TempDir()
	if code, _, stderr := runCode("build", "--data", writeDataFolder(t, "", "b200_vllm", 0.85), "--out", filepath.Join(work, "public"),
		"--base-url", "https://bench.example/"); code != exitOK {
		t.Fatalf("build: %s", stderr)
	}
	for _, failOn := range []string{"", "regression"} {
		tmp := t.TempDir()
		summary := filepath.Join(tmp, "summary.md")
		log, err := runStep(t, step, work, append(frontierOnPath(t), "COMPARE_TO="+srv.URL+"/", "FAIL_ON="+failOn,
			"GITHUB_STEP_SUMMARY="+summary, "RUNNER_TEMP="+tmp)...)
		if failed := err != nil; failed != (failOn == "regression") {
			t.Errorf("fail-on %q: step error %v, want failure only under fail-on regression\n%s", failOn, err, log)
		}
		got := string(must(os.ReadFile(summary)))
		if !strings.Contains(got, "| regression | [/deepseek-v4-pro/8k-1k/](<https://bench.example/deepseek-v4-pro/8k-1k/#gpus=b200") {
			t.Errorf("fail-on %q: the summary lacks the regression's row:\n%s", failOn, got)
		}
	}
}
