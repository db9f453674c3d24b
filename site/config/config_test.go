package config

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/charts"
)

// TestParseConfigReportsEveryBadSettingWithItsPlace: one file with several mistakes gives one
// problem each, naming the file and the setting (or the line, for TOML that does not parse).
func TestParseConfigReportsEveryBadSettingWithItsPlace(t *testing.T) {
	src := `baseURL = "ftp://x/"
headlineInteractivity = -1
referenceInteractivity = [20, 0]
colour = "red"
[gpus.b200]
cost_per_hour = -2
[[runs]]
path = "["
date = "2026-02-30"
`
	_, ps := ParseConfig("frontier.toml", []byte(src))
	var got []string
	for _, p := range ps {
		if p.File != "frontier.toml" {
			t.Errorf("%v names %q, want frontier.toml", p, p.File)
		}
		got = append(got, p.Path)
	}
	want := []string{"colour", "baseURL", "referenceInteractivity[1]", "headlineInteractivity", "gpus.b200.cost_per_hour", "runs[0].path", "runs[0].date"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems at %q, want %q", got, want)
	}

	_, ps = ParseConfig("frontier.toml", []byte("title = \"a\"\ntitle = \n"))
	if len(ps) != 1 || ps[0].Line != 2 {
		t.Errorf("broken TOML: got %v, want one problem on line 2", ps)
	}
}

// TestParseConfigReportsEveryValueOfTheWrongType: each value of the wrong TOML type is a
// problem at its key, saying what was wanted and what was found, and a file with several gives
// the same problems in the same order every time (toml.Decode reported one of them, a different
// one from run to run).
func TestParseConfigReportsEveryValueOfTheWrongType(t *testing.T) {
	src := `title = 1
headlineInteractivity = "fast"
referenceInteractivity = [20, "x"]
models.dsr1 = "DeepSeek"
models.2 = [1]
[gpus."b.200"]
kw = true
[[runs]]
path = "a/*.json"
gpus = 8.5
date = 2026-02-03
`
	want := []string{
		`frontier.toml: gpus."b.200".kw: want a number, got true`,
		`frontier.toml: headlineInteractivity: want a number, got the string "fast"`,
		`frontier.toml: models.2: want a table, got an array`,
		`frontier.toml: models.dsr1: want a table, got the string "DeepSeek"`,
		`frontier.toml: referenceInteractivity[1]: want a number, got the string "x"`,
		`frontier.toml: runs[0].date: want a string, got a date or time (quote it to give a string)`,
		`frontier.toml: runs[0].gpus: want an integer, got the number 8.5`,
		`frontier.toml: title: want a string, got the integer 1`,
	}
	for range 20 {
		_, ps := ParseConfig("frontier.toml", []byte(src))
		if got := strings.Split(ps.Error(), "\n"); !slices.Equal(got, want) {
			t.Fatalf("problems:\n%s\nwant:\n%s", ps.Error(), strings.Join(want, "\n"))
		}
	}
	// Keys match their setting ignoring case, as they did under toml.Decode.
	if cfg, ps := ParseConfig("frontier.toml", []byte("baseurl = \"/docs/\"\n")); len(ps) > 0 || cfg.BasePath() != "/docs/" {
		t.Errorf("baseurl: base path %q, problems %v; want /docs/ and none", cfg.BasePath(), ps)
	}
}

// TestDefaultConfigIsValid: a site without frontier.toml builds.
func TestDefaultConfigIsValid(t *testing.T) {
	c := DefaultConfig()
	if ps := c.Validate("frontier.toml"); len(ps) > 0 {
		t.Errorf("the default config has problems: %v", ps)
	}
	if c.BasePath() != "/" || c.HasHost() {
		t.Errorf("default base path %q, host %v; want / and none", c.BasePath(), c.HasHost())
	}
}

// FuzzParseConfig: any bytes give a config or problems, never a panic; every problem names the
// file, and the same bytes give the same problems.
func FuzzParseConfig(f *testing.F) {
	f.Add([]byte("title = \"x\"\nbaseURL = \"https://o.github.io/r/\"\n"))
	f.Add([]byte("[gpus.b200]\ncost_per_hour = 5.5\nkw = 1.2\n[[runs]]\npath = \"a/*.json\"\ngpus = 8\n"))
	f.Add([]byte("[models.dsr1]\nname = \"\"\nreferenceInteractivity = [1e400]\n"))
	f.Add([]byte("[reference]\np90_ttft = [0.5, 1, 2, 5]\nconc = [8]\n"))
	f.Add([]byte("[reference]\nspeed = [1]\np99_e2el = [10, -1, 0]\n"))
	f.Add([]byte("[reference]\nmedian_intvty = [nan, inf]\n"))
	f.Add([]byte("models.2 = [[]]\nmodels.XbY = \"x\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, ps := ParseConfig("frontier.toml", data)
		for _, p := range ps {
			if p.File != "frontier.toml" || strings.TrimSpace(p.Msg) == "" {
				t.Errorf("problem %#v: want the file named and a message", p)
			}
		}
		if len(ps.Errors()) == 0 {
			if !strings.HasPrefix(c.BasePath(), "/") {
				t.Errorf("base path %q of a valid config does not start with /", c.BasePath())
			}
			// The leaders table divides the axis at these references: only known x axes and
			// positive, finite numbers get through.
			for k, refs := range c.Reference {
				if _, ok := charts.XAxis(k); !ok {
					t.Errorf("accepted reference.%s, not an x axis", k)
				}
				for _, x := range refs {
					if !(x > 0) || x > 1e308 {
						t.Errorf("accepted reference.%s value %v", k, x)
					}
				}
			}
		}
		_, again := ParseConfig("frontier.toml", data)
		if !reflect.DeepEqual(ps, again) {
			t.Errorf("two parses disagree: %v then %v", ps, again)
		}
	})
}

// TestConfigReference: [reference] takes known x axes and positive numbers; every mistake is
// reported with its key.
func TestConfigReference(t *testing.T) {
	cfg, ps := ParseConfig("frontier.toml", []byte("[reference]\np90_ttft = [0.5, 1, 2, 5]\nconc = [8]\n"))
	if len(ps) > 0 || !slices.Equal(cfg.Reference["p90_ttft"], []float64{0.5, 1, 2, 5}) {
		t.Errorf("reference = %v, %v", cfg.Reference, ps)
	}
	_, ps = ParseConfig("frontier.toml", []byte("[reference]\nspeed = [1]\np99_e2el = [10, -1, 0]\n"))
	got := ps.Error()
	for _, want := range []string{"frontier.toml: reference.p99_e2el[1]: want a positive number, got -1",
		"frontier.toml: reference.p99_e2el[2]: want a positive number, got 0", "frontier.toml: reference.speed: unknown x axis (want one of median_intvty"} {
		if !strings.Contains(got, want) {
			t.Errorf("problems %q lack %q", got, want)
		}
	}
}

// TestConfigMetricNames: [metrics.KEY] renames a metric or axis and inputLabels turns on the
// datasets' own names; a mistyped key under [metrics.KEY] is reported.
func TestConfigMetricNames(t *testing.T) {
	src := "inputLabels = true\n[metrics.tpPerGpu]\nlabel = \"Token throughput per chip\"\nunit = \"tok/s/chip\"\n[metrics.median_intvty]\nlabel = \"Speed per user\"\n"
	c, ps := ParseConfig("frontier.toml", []byte(src))
	if len(ps) != 0 {
		t.Fatalf("problems: %v", ps)
	}
	want := map[string]MetricConfig{"tpPerGpu": {Label: "Token throughput per chip", Unit: "tok/s/chip"}, "median_intvty": {Label: "Speed per user"}}
	if !c.InputLabels || len(c.Metrics) != 2 || c.Metrics["tpPerGpu"] != want["tpPerGpu"] || c.Metrics["median_intvty"] != want["median_intvty"] {
		t.Errorf("got inputLabels %v, metrics %+v; want true, %+v", c.InputLabels, c.Metrics, want)
	}
	if _, ps := ParseConfig("frontier.toml", []byte("[metrics.tpPerGpu]\nlabl = \"x\"\n")); len(ps) == 0 {
		t.Error("a mistyped key under [metrics.tpPerGpu] was not reported")
	}
}

// TestConfigLanguages: each language is a tag that can be a path segment, once; a model's
// per-language names need no display name of their own.
func TestConfigLanguages(t *testing.T) {
	src := `languages = ["en", "zh", "", "zh", "../x", "pt-BR"]
[models."DeepSeek-R1-0528".names]
zh = "深度求索 R1"
[frameworks.trt.names]
zh = "TensorRT-LLM"
`
	cfg, ps := ParseConfig("frontier.toml", []byte(src))
	var got []string
	for _, p := range ps {
		got = append(got, p.String())
	}
	want := []string{
		`frontier.toml: languages[2]: want a language tag such as "zh", got an empty string`,
		`frontier.toml: languages[3]: "zh" is languages[1] already`,
		`frontier.toml: languages[4]: want a language tag such as "zh" or "pt-BR" (it becomes the path /../x/), got "../x"`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems\n%q\nwant\n%q", got, want)
	}
	if n := cfg.Frameworks["trt"].Names["zh"]; n != "TensorRT-LLM" {
		t.Errorf("frameworks.trt.names.zh = %q", n)
	}
	if n := cfg.Models["DeepSeek-R1-0528"].Names["zh"]; n != "深度求索 R1" {
		t.Errorf("names.zh = %q", n)
	}
	if got := DefaultConfig().Langs(); !reflect.DeepEqual(got, []string{"en"}) {
		t.Errorf("default Langs() = %q, want English alone", got)
	}
}
