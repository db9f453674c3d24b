package site

import (
	"bytes"
	"compress/gzip"
	"io"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/internal/testsite"
)

// TestK8sClientsNoSecretsInSite (issue 54): a site built from inference-perf, genai-bench and
// llm-d's benchmark report files, with the config.yaml, experiment_metadata.json and sweep
// summary that lie beside them (skipped with warnings, which stop nothing from being drawn),
// has a point per result file and writes none of what those files echo of the command line, the server, the
// environment or the storage (URLs, addresses, tokens, user paths) into any file of the site,
// gzipped ones included, while it does show the points.
func TestK8sClientsNoSecretsInSite(t *testing.T) {
	t.Parallel()
	fsys := fstest.MapFS{}
	for _, rel := range []string{
		"inference-perf/kubecon-na-2025/config.yaml",
		"inference-perf/kubecon-na-2025/vllm/stage_0_lifecycle_metrics.json",
		"inference-perf/kubecon-na-2025/vllm/summary_lifecycle_metrics.json",
		"genai-bench/regression_feature_no_flag/D100_100_text-to-text_zai-org_GLM-4.6_num_concurrency_1_time_120s.json",
		"genai-bench/regression_feature_no_flag/experiment_metadata.json",
		"llm-d-benchmark-report/br_v0_2_example.yaml",
	} {
		fsys[rel] = testsite.MapFile(testenv.SharedFile(t, "public/clients/"+rel), 1)
	}
	cfg, ps := ParseConfig("frontier.toml", []byte(`
[[runs]]
path = "inference-perf/*/*/*"
gpu = "h100"
gpus = 1
framework = "vllm"
precision = "bf16"

[[runs]]
path = "genai-bench/*/*"
gpu = "h100"
gpus = 8
framework = "sglang"
precision = "fp8"

[[runs]]
path = "llm-d-benchmark-report/*"
precision = "bf16"
`))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	files, rep, err := build(t, fsys, cfg)
	if err != nil {
		t.Fatalf("the build failed: %v", err)
	}
	if n := len(dataJSONPoints(t, files)); n != 3 {
		// The context files beside the results are skipped with warnings, never a reason to
		// draw nothing.
		t.Fatalf("%d points drawn, want 3 (one per result file); warnings %v", n, rep.Warnings)
	}
	secrets := []string{"svc.cluster.local", "10.39.39.3", "baseten.co", "/Users/", "your-hf-token", "your-gcs-bucket",
		"/requests/inference-perf", "NixlConnector", "mlx5_1", "namasluk", "user_principal", "oci/config"}
	shown := map[string]bool{}
	for _, name := range files.Names() {
		b, _ := files.Get(name)
		if strings.HasSuffix(name, ".gz") {
			zr, err := gzip.NewReader(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if b, err = io.ReadAll(zr); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
		for _, s := range []string{"config.api.streaming", "scenario.stack[0].role", "experiment_metadata.api_backend"} {
			shown[s] = shown[s] || bytes.Contains(b, []byte(s))
		}
		for _, s := range secrets {
			if bytes.Contains(b, []byte(s)) {
				t.Errorf("%s holds %q", name, s)
			}
		}
	}
	// The files' settings are shown (in the points' details): the test looks where they are.
	for s, ok := range shown {
		if !ok {
			t.Errorf("no file of the site shows the setting %s", s)
		}
	}
}
