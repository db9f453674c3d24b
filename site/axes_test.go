package site

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// axesPageJSON is what these tests read of page.json: the x axes, the metrics, the series'
// deployments.
type axesPageJSON struct {
	XAxes []struct {
		Key    string    `json:"key"`
		Col    string    `json:"col"`
		Axis   string    `json:"axis"`
		Higher bool      `json:"higher"`
		Refs   []float64 `json:"refs"`
	} `json:"xAxes"`
	Metrics []struct {
		Key string `json:"key"`
	} `json:"metrics"`
	Series []struct {
		Deploy string `json:"deploy"`
	} `json:"series"`
}

func readAxes(t *testing.T, files *Files, name string) axesPageJSON {
	t.Helper()
	b, ok := files.Get(name)
	if !ok {
		t.Fatalf("no %s", name)
	}
	var a axesPageJSON
	if err := json.Unmarshal(b, &a); err != nil {
		t.Fatal(err)
	}
	return a
}

func axisKeys(a axesPageJSON) []string {
	var ks []string
	for _, x := range a.XAxes {
		ks = append(ks, x.Key)
	}
	return ks
}

// TestXAxesAreThoseAPointHas: the raw page offers the latencies a row measured (median and
// p99 on every row, p90 on some: the rows without it are left out of that axis), in the
// catalog's order, each with its column, direction and references ([reference] in the config
// over the defaults); a page of the inference view offers interactivity and concurrency only.
func TestXAxesAreThoseAPointHas(t *testing.T) {
	t.Parallel()
	cfg := rawConfig(t)
	cfg.Reference = map[string][]float64{"p99_ttft": {1, 3}}
	files, _, err := build(t, rawFS(t), cfg)
	if err != nil {
		t.Fatal(err)
	}
	a := readAxes(t, files, "deepseek-r1-0528/1k-1k/page.json")
	want := []string{"median_intvty", "p90_intvty", "p99_intvty", "median_ttft", "p90_ttft", "p99_ttft", "median_e2el", "p90_e2el", "p99_e2el", "conc"}
	if got := axisKeys(a); !slices.Equal(got, want) {
		t.Errorf("x axes %v, want %v", got, want)
	}
	for _, x := range a.XAxes {
		switch x.Key {
		case "median_intvty":
			if x.Col != "x" || !x.Higher || !slices.Equal(x.Refs, cfg.ReferenceX) {
				t.Errorf("default axis %+v: want column x, higher is better, referenceInteractivity", x)
			}
		case "p99_ttft":
			if x.Col != "p99_ttft" || x.Higher || !slices.Equal(x.Refs, []float64{1, 3}) || x.Axis != "Time to first token, p99 (s)" {
				t.Errorf("p99_ttft %+v: want its column, lower is better, the config's references, the statistic and unit named", x)
			}
		case "median_e2el":
			if x.Higher || !slices.Equal(x.Refs, []float64{5, 10, 20, 60}) {
				t.Errorf("median_e2el %+v: want lower is better and the default references", x)
			}
		}
	}
	var keys []string
	for _, m := range a.Metrics {
		keys = append(keys, m.Key)
	}
	if want := []string{"tpPerGpu", "outputTputPerGpu", "inputTputPerGpu", "costPerMTok", "tokPerMW", "avg_power_w", "joules_per_output_token", "joules_per_total_token"}; !slices.Equal(keys, want) {
		t.Errorf("metrics %v, want %v", keys, want)
	}
	deploys := map[string]int{}
	for _, s := range a.Series {
		deploys[s.Deploy]++
	}
	if len(deploys) != 2 || deploys["single-node"] == 0 || deploys["disaggregated"] == 0 {
		t.Errorf("deployments %v, want single-node and disaggregated series", deploys)
	}
	page, _ := files.Get("deepseek-r1-0528/1k-1k/index.html")
	for _, want := range []string{`<select name="x" id="ctl-x">`, `<option value="p99_ttft">Time to first token, p99 (s)</option>`,
		`<fieldset data-list="deploy"><legend>Deployment</legend>`, `name="cost" data-gpu="b200"`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the raw page's form lacks %s", want)
		}
	}

	view := buildSeedFiles(t)
	v := readAxes(t, view, "deepseek-v4-pro/8k-1k/page.json")
	if got := axisKeys(v); !slices.Equal(got, []string{"median_intvty", "conc"}) {
		t.Errorf("the view page's x axes %v, want interactivity and concurrency", got)
	}
}

func buildSeedFiles(t *testing.T) *Files {
	t.Helper()
	files, _, err := build(t, seedFS(t), DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	return files
}
