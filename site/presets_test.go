package site

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// presetConfig is a config of the seed site with the given [[presets]] text.
func presetConfig(t *testing.T, presets string) Config {
	t.Helper()
	cfg, ps := ParseConfig("frontier.toml", []byte(presets))
	if len(ps.Errors()) > 0 {
		t.Fatal(ps)
	}
	return cfg
}

func TestPresetsAreListedOnTheHomePageLLMsAndTheIndex(t *testing.T) {
	t.Parallel()
	cfg := presetConfig(t, `
[[presets]]
name = "B200 vs B300 <best>"
page = "/deepseek-v4-pro/8k-1k/"
fragment = "gpus=b200,b300&best=1"
description = "Each GPU's best configuration."
`)
	files, _, err := build(t, seedFS(t), cfg)
	if err != nil {
		t.Fatal(err)
	}
	home, _ := files.Get("index.html")
	for _, want := range []string{`<h2 id="presets-h">Curated views</h2>`,
		`<a href="/deepseek-v4-pro/8k-1k/#gpus=b200,b300&amp;best=1">B200 vs B300 &lt;best&gt;</a>: Each GPU&#39;s best configuration.`} {
		if !strings.Contains(string(home), want) {
			t.Errorf("home page lacks %s", want)
		}
	}
	llms, _ := files.Get("llms.txt")
	if !strings.Contains(string(llms), "## Curated views\n\n- [B200 vs B300 <best>](/deepseek-v4-pro/8k-1k/#gpus=b200,b300&best=1): Each GPU's best configuration.\n") {
		t.Errorf("llms.txt:\n%s", llms)
	}
	b, _ := files.Get("api/v1/index.json")
	var idx struct {
		Presets []struct{ Name, Page, URL, Description string }
	}
	if err := json.Unmarshal(b, &idx); err != nil {
		t.Fatal(err)
	}
	if len(idx.Presets) != 1 || idx.Presets[0].Page != "deepseek-v4-pro/8k-1k" || idx.Presets[0].URL != "/deepseek-v4-pro/8k-1k/#gpus=b200,b300&best=1" {
		t.Errorf("index.json presets: %+v", idx.Presets)
	}
}

func TestPresetsAreCheckedAgainstTheirPage(t *testing.T) {
	t.Parallel()
	cfg := presetConfig(t, `
[[presets]]
name = "unknown GPU"
page = "/deepseek-v4-pro/8k-1k/"
fragment = "gpus=h100"

[[presets]]
name = "unknown key"
page = "deepseek-v4-pro/8k-1k"
fragment = "best=1&zoom=2"

[[presets]]
name = "no such page"
page = "/deepseek-r1/1k-1k/"

[[presets]]
name = "fine"
page = "/deepseek-v4-pro/8k-1k/"
fragment = "frameworks=trt&optimal=1&slo=p99_ttft:2"
`)
	_, _, err := build(t, seedFS(t), cfg)
	var ps Problems
	if !errors.As(err, &ps) {
		t.Fatalf("got %v, want problems", err)
	}
	var got []string
	for _, p := range ps {
		got = append(got, p.String())
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{
		`frontier.toml: presets[0].fragment: preset "unknown GPU": gpus: DeepSeek-V4-Pro 8k/1k has no "h100" (it has b200, b300)`,
		`frontier.toml: presets[1].fragment: preset "unknown key": unknown key "zoom"`,
		`frontier.toml: presets[2].page: preset "no such page": no chart page "/deepseek-r1/1k-1k/" (the pages: /deepseek-v4-pro/8k-1k/)`,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("problems lack %s:\n%s", want, all)
		}
	}
	if strings.Contains(all, `"fine"`) || len(got) != 3 {
		t.Errorf("%d problems:\n%s", len(got), all)
	}
}

func TestPresetsValuesBeyondTheViewAreChecked(t *testing.T) {
	t.Parallel()
	cfg := presetConfig(t, `
[[slo]]
name = "MLPerf Server"
gate = "p99_ttft:2,p99_intvty:5"

[gpus.b200.cost]
hyperscaler = 6.25
rental = 2.7

[[presets]]
name = "bad gate"
page = "/deepseek-v4-pro/8k-1k/"
fragment = "slo=p99_ttfx:2"

[[presets]]
name = "no such preset"
page = "/deepseek-v4-pro/8k-1k/"
fragment = "slo=MLPerf%20Offline"

[[presets]]
name = "bad tier"
page = "/deepseek-v4-pro/8k-1k/"
fragment = "tier=spot&pick=z"

[[presets]]
name = "bad price"
page = "/deepseek-v4-pro/8k-1k/"
fragment = "cost=h100:2&logx=yes&vendors=amd"

[[presets]]
name = "fine"
page = "/deepseek-v4-pro/8k-1k/"
fragment = "slo=MLPerf%20Server&tier=rental&pick=x&cost=b200:5.5&logx=1&vendors=nvidia&acc=off&ref=20&pt=3"
`)
	_, _, err := build(t, seedFS(t), cfg)
	var ps Problems
	if !errors.As(err, &ps) {
		t.Fatalf("got %v, want problems", err)
	}
	var got []string
	for _, p := range ps.Errors() {
		got = append(got, p.String())
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{
		`preset "bad gate": slo=p99_ttfx:2: "p99_ttfx:2": want METRIC:LIMIT terms (metric)`,
		`preset "no such preset": slo=MLPerf Offline: "MLPerf Offline" is no [[slo]] preset (the presets: MLPerf Server)`,
		`preset "bad tier": tier=spot: no such price tier (the tiers: hyperscaler, rental)`,
		`preset "bad tier": pick=z: want x (the picks rank by x) or y`,
		`preset "bad price": cost=h100:2: DeepSeek-V4-Pro 8k/1k has no GPU "h100" (it has b200, b300)`,
		`preset "bad price": logx=yes: want 1 or 0`,
		`preset "bad price": vendors=amd: DeepSeek-V4-Pro 8k/1k has no "amd" (it has nvidia)`,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("problems lack %s:\n%s", want, all)
		}
	}
	if strings.Contains(all, `"fine"`) || len(got) != 7 {
		t.Errorf("%d problems:\n%s", len(got), all)
	}
}

func TestPresetsOfTheWrongFormAreConfigProblems(t *testing.T) {
	t.Parallel()
	_, ps := ParseConfig("frontier.toml", []byte(`
[[presets]]
page = "/a/b/#x=1"
fragment = "#gpus=b200"

[[presets]]
name = "Twice"
page = "/a/b/"
fragment = "gpus=b200 h200"

[[presets]]
name = "twice"
`))
	var got []string
	for _, p := range ps {
		got = append(got, p.String())
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{"presets[0].name: missing", `presets[0].page: want the chart page's path`, `presets[0].fragment: "#gpus=b200": leave out the '#'`,
		`presets[1].fragment: "gpus=b200 h200": a fragment is key=value pairs`, `presets[2].name: "twice" is also presets[1]'s name`, "presets[2].page: missing"} {
		if !strings.Contains(all, want) {
			t.Errorf("problems lack %s:\n%s", want, all)
		}
	}
}
