package config

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/BurntSushi/toml"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/output"
)

// Config is the site's settings, from frontier.toml and the command line.
type Config struct {
	Title       string `toml:"title"`
	Description string `toml:"description"`
	// BaseURL is where the site is deployed, e.g. "https://owner.github.io/repo/".
	// Its path prefixes every link; its scheme and host make the sitemap's absolute URLs.
	BaseURL string `toml:"baseURL"`
	// ReferenceX are the interactivities (tok/s/user) the leaders table reads off each frontier.
	ReferenceX []float64 `toml:"referenceInteractivity"`
	// Reference gives the leaders table's reference x values per x axis, by the axis key
	// ("p90_ttft", "median_e2el", "conc"); axes it does not name keep charts.XAxes' defaults,
	// interactivity keeps ReferenceX.
	Reference map[string][]float64 `toml:"reference"`
	// HeadlineX is the interactivity of the home page's headline figure.
	HeadlineX float64 `toml:"headlineInteractivity"`
	// MinSuccess is the share of its requests a run must have completed, by its client's own
	// counts: a point under it is drawn hollow and `frontier check` warns of it. 0.99 by
	// default; 0 marks none.
	MinSuccess float64 `toml:"minSuccess"`
	// UnknownSuccess is how a point whose file does not count its failed requests is drawn on
	// a page that also has points whose client counted them: "faded" (the default), neither
	// hollow nor full, or "full", as a point that completed every request. A page of which no
	// point's success is known draws every point full.
	UnknownSuccess string `toml:"unknownSuccess"`
	// GPUs gives each GPU's cost and power, keyed by the data's gpu key ("b200").
	// With them, pages offer cost per million tokens and tokens per megawatt.
	GPUs map[string]GPUConfig `toml:"gpus"`
	// Models renames raw results' model keys ("dsr1", "deepseek-ai/DeepSeek-R1-0528") for
	// display, over the built-in table of InferenceX's keys (package input, rawnorm.go).
	Models map[string]ModelConfig `toml:"models"`
	// Frameworks names each framework key of the data ("trt", "vllm") per language, as GPUs
	// and Models do ([frameworks.trt.names] zh = "..."): the framework's filter entry and the
	// series names on that language's pages.
	Frameworks map[string]FrameworkConfig `toml:"frameworks"`
	// License is the licence the site's data is published under: an SPDX identifier
	// ("CC-BY-4.0") or the licence's https URL. Chart pages name it in their Dataset markup
	// and llms.txt names it; "" says nothing (license.go).
	License string `toml:"license"`
	// Runs gives bench-serve result files the context they do not carry themselves, by a glob
	// over their path below the data folder (package input, rawserve.go).
	Runs []RunConfig `toml:"runs"`
	// Accuracy is the default accuracy gate and the tasks' names; Notes the known issues shown
	// on the configurations they match (accuracy.go).
	Accuracy AccuracyConfig `toml:"accuracy"`
	Notes    []NoteConfig   `toml:"notes"`
	// Presets are curated views, each a link to a chart page with a fragment (presets.go).
	Presets []PresetConfig `toml:"presets"`
	// Metrics renames a y metric or x axis, keyed by its key ("tpPerGpu", "median_intvty"), over
	// the built-in catalog (charts.YMetrics, charts.XAxes): once, for the menu, the axis title,
	// the tooltip and the tables alike.
	Metrics map[string]MetricConfig `toml:"metrics"`
	// InputLabels names each page's own metric and x axis as its datasets do (their
	// metric.label and xAxis.label) rather than by the catalog, in every place alike; a
	// [metrics] entry still wins.
	InputLabels bool `toml:"inputLabels"`
	// Languages are the site's languages, the default first: it is served at the root, each
	// other one mirrors every page under /<lang>/ (package i18n holds their strings). Empty
	// is one language, English, as before the setting existed.
	Languages []string `toml:"languages"`
	// SLO are the service-level presets, [[slo]] (slo.go).
	SLO []SLOConfig `toml:"slo"`
	// Verdict is the rule `frontier diff` and the history page's change table label changes
	// by (docs/verdicts.md).
	Verdict VerdictConfig `toml:"verdict"`
	// TierOrder is the price tiers in the order frontier.toml first names them (the first is the
	// default), set by ParseConfig; PriceTiers reads it.
	TierOrder []string `toml:"-"`
}

// VerdictConfig is [verdict]: how far a value may move, in percent, before it is a regression
// or an improvement rather than noise, and how many dates in a row a drop must last on the
// history page before it is called a regression (a shorter one is suspicious).
type VerdictConfig struct {
	Threshold   float64 `toml:"threshold"`   // percent: 3 is 3%
	Consecutive int64   `toml:"consecutive"` // dates in a row; 1 calls the first drop
}

// MetricConfig is a metric's or axis' name and unit; an empty one keeps the catalog's.
type MetricConfig struct {
	Label string `toml:"label"` // "Token throughput per chip"
	Unit  string `toml:"unit"`  // "tok/s/chip"
}

// ModelConfig is how a model key is shown: its page is the slug of Name.
type ModelConfig struct {
	Name string `toml:"name"`
	// Names gives the model's name per language tag ([models.dsr1.names] zh = "..."), shown
	// on that language's pages; its path stays the slug of Name.
	Names map[string]string `toml:"names"`
}

// FrameworkConfig is how a framework is named beyond the data's own label.
type FrameworkConfig struct {
	// Names gives the framework's label per language tag ([frameworks.trt.names] zh = "..."),
	// shown on that language's pages in place of the label the data gives ("TRTLLM").
	Names map[string]string `toml:"names"`
}

// RunConfig is the context of the bench-serve files whose path below data/ matches Path
// (path.Match syntax). A file's own keys win over it, but for Date; several matching entries
// apply in order, a later one over an earlier one.
type RunConfig struct {
	Path      string `toml:"path"`
	GPU       string `toml:"gpu"`
	GPUs      int64  `toml:"gpus"`
	Framework string `toml:"framework"`
	Precision string `toml:"precision"`
	Spec      string `toml:"spec"`
	// Variant names a configuration apart from others of its GPU, framework and precision
	// (package input, docs/frontier-toml.md): a series of its own.
	Variant string `toml:"variant"`
	Model   string `toml:"model"`
	ISL     int64  `toml:"isl"`
	OSL     int64  `toml:"osl"`
	Date    string `toml:"date"` // YYYY-MM-DD, over the file's own: runs of several days as one snapshot
	Image   string `toml:"image"`
	RunURL  string `toml:"run_url"`
	// Parallelism, for lm-evaluation-harness results files (package input, evalharness.go).
	TP          int64 `toml:"tp"`
	EP          int64 `toml:"ep"`
	DPAttention bool  `toml:"dp_attention"`
	// Scenario makes the matched AIPerf trace-replay folders agentic results of that scenario
	// ("agentic-coding"; package input, agentictrace.go).
	Scenario string `toml:"scenario"`
}

// GPUConfig is what the data cannot know about a GPU: what an hour of it costs and what it draws.
type GPUConfig struct {
	CostPerHour float64 `toml:"cost_per_hour"` // dollars per GPU-hour
	KW          float64 `toml:"kw"`            // kilowatts per GPU, all-in
	// Cost gives the GPU's $/GPU-hour per price tier ([gpus.b200.cost] hyperscaler = 6.25,
	// neocloud = 3.9): names and number are the publisher's, the first named the default.
	// Over CostPerHour, which stays the form for one price.
	Cost map[string]float64 `toml:"cost"`
	// Label and Vendor override the built-in names of a GPU key in raw results ("GB200 NVL72", "NVIDIA").
	Label  string `toml:"label"`
	Vendor string `toml:"vendor"`
	// Names gives the GPU's label per language tag ([gpus.b200.names] zh = "..."), shown on
	// that language's pages.
	Names map[string]string `toml:"names"`
}

// DefaultConfig is the configuration of a site without frontier.toml.
func DefaultConfig() Config {
	return Config{
		Title:          "Frontier",
		Description:    "LLM inference benchmarks: token throughput per GPU against interactivity, with each configuration's Pareto frontier.",
		BaseURL:        "/",
		ReferenceX:     []float64{20, 50, 100, 200},
		HeadlineX:      50,
		MinSuccess:     0.99,
		UnknownSuccess: "faded",
		Verdict:        VerdictConfig{Threshold: 3, Consecutive: 1},
	}
}

// ParseConfig reads frontier.toml over the defaults. name is what problems print as the file.
func ParseConfig(name string, data []byte) (Config, Problems) {
	cfg := DefaultConfig()
	var doc map[string]any
	md, err := toml.Decode(string(data), &doc)
	if err != nil {
		var perr toml.ParseError
		if errors.As(err, &perr) {
			return cfg, Problems{{File: name, Line: perr.Position.Line, Col: perr.Position.Col, Msg: perr.Message}}
		}
		return cfg, Problems{{File: name, Msg: err.Error()}}
	}
	d := decoder{file: name}
	d.table("", doc, reflect.ValueOf(&cfg).Elem())
	cfg.TierOrder = tierOrder(md)
	ps := d.ps
	ps = append(ps, cfg.Validate(name)...)
	return cfg, ps
}

// Validate checks settings that decode but make no sense; name is what problems print as the file.
func (c *Config) Validate(name string) Problems {
	var ps Problems
	bad := func(path, format string, args ...any) {
		ps = append(ps, Problem{File: name, Path: path, Msg: fmt.Sprintf(format, args...)})
	}
	if _, err := output.ParseBaseURL(c.BaseURL); err != nil {
		bad("baseURL", "%v", err)
	}
	for i, x := range c.ReferenceX {
		if !(x > 0) || math.IsInf(x, 0) {
			bad(fmt.Sprintf("referenceInteractivity[%d]", i), "want a positive number, got %v", x)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(c.Reference)) {
		if _, ok := charts.XAxis(k); !ok {
			names := make([]string, len(charts.XAxes))
			for i, a := range charts.XAxes {
				names[i] = a.Key
			}
			bad("reference."+k, "unknown x axis (want one of %s)", strings.Join(names, ", "))
			continue
		}
		for i, x := range c.Reference[k] {
			if !(x > 0) || math.IsInf(x, 0) {
				bad(fmt.Sprintf("reference.%s[%d]", k, i), "want a positive number, got %v", x)
			}
		}
	}
	if !(c.MinSuccess >= 0 && c.MinSuccess <= 1) {
		bad("minSuccess", "want a share of requests from 0 to 1 (0.99: 99%%), got %v", c.MinSuccess)
	}
	if c.UnknownSuccess != "faded" && c.UnknownSuccess != "full" {
		bad("unknownSuccess", "want \"faded\" or \"full\", got %q", c.UnknownSuccess)
	}
	if !(c.HeadlineX > 0) || math.IsInf(c.HeadlineX, 0) {
		bad("headlineInteractivity", "want a positive number, got %v", c.HeadlineX)
	}
	for _, k := range slices.Sorted(maps.Keys(c.GPUs)) {
		g := c.GPUs[k]
		if g.CostPerHour < 0 || math.IsInf(g.CostPerHour, 0) {
			bad("gpus."+k+".cost_per_hour", "want a number >= 0, got %v", g.CostPerHour)
		}
		if g.KW < 0 || math.IsInf(g.KW, 0) {
			bad("gpus."+k+".kw", "want a number >= 0, got %v", g.KW)
		}
	}
	seen := map[string]int{}
	for i, l := range c.Languages {
		switch j, dup := seen[l]; {
		case l == "":
			bad(fmt.Sprintf("languages[%d]", i), "want a language tag such as \"zh\", got an empty string")
		case dup:
			bad(fmt.Sprintf("languages[%d]", i), "%q is languages[%d] already", l, j)
		case !languageTag.MatchString(l):
			bad(fmt.Sprintf("languages[%d]", i), "want a language tag such as \"zh\" or \"pt-BR\" (it becomes the path /%s/), got %q", l, l)
		default:
			seen[l] = i
		}
	}
	if t := c.Verdict.Threshold; !(t >= 0 && t < 100) {
		bad("verdict.threshold", "want a percentage from 0 to 100 (3: 3%%), got %v", t)
	}
	if c.Verdict.Consecutive < 1 {
		bad("verdict.consecutive", "want a number of dates, 1 or more, got %d", c.Verdict.Consecutive)
	}
	ps = append(ps, c.validateRaw(name)...)
	ps = append(ps, c.validateAccuracy(name)...)
	ps = append(ps, c.validatePresets(name)...)
	ps = append(ps, c.validateLicense(name)...)
	ps = append(ps, c.validateSLO(name)...)
	return ps
}

// languageTag is a BCP 47 tag as sites write them: a 2-3 letter language, then subtags
// ("zh", "zh-Hant", "pt-BR"); it is a path segment too, so nothing else is allowed.
var languageTag = regexp.MustCompile(`^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$`)

// Langs is the site's languages, the default first: Languages, or English alone.
func (c Config) Langs() []string {
	if len(c.Languages) == 0 {
		return []string{"en"}
	}
	return c.Languages
}

// BasePath is the path every site URL starts with, "/" or "/repo/".
func (c Config) BasePath() string {
	u, err := parseBase(c.BaseURL)
	if err != nil {
		return "/"
	}
	return u.Path
}

// AbsURL returns the absolute URL of a site path ("about/"), or a root-relative one when
// the base URL names no host.
func (c Config) AbsURL(p string) string {
	u, err := parseBase(c.BaseURL)
	if err != nil {
		return "/" + p
	}
	u.Path += strings.TrimPrefix(p, "/")
	return u.String()
}

// HasHost reports whether the base URL names a host, so the site can give absolute URLs
// (the sitemap, canonical links) rather than paths.
func (c Config) HasHost() bool {
	u, err := parseBase(c.BaseURL)
	return err == nil && u.Host != ""
}

// lastBase is the base URL parseBase parsed last: a build asks for its base path and for tens
// of thousands of absolute URLs (the sitemap alone has one per page, language and alternate),
// all of one base URL, and parsing it was most of their cost.
var lastBase atomic.Pointer[parsedBase]

type parsedBase struct {
	raw string
	u   url.URL
	err error
}

// parseBase is output.ParseBaseURL(raw), as a copy the caller may change.
func parseBase(raw string) (url.URL, error) {
	if b := lastBase.Load(); b != nil && b.raw == raw {
		return b.u, b.err
	}
	b := &parsedBase{raw: raw}
	u, err := output.ParseBaseURL(raw)
	if err != nil {
		b.err = err
	} else {
		b.u = *u
	}
	lastBase.Store(b)
	return b.u, b.err
}
