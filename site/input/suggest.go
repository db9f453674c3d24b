package input

// What a file suggests of its context without stating it: the mean lengths its run measured
// (isl and osl after the requested ones and [[runs]]), and a bench-serve backend that names
// the server it ran against (the framework). They are used where neither the file nor [[runs]]
// gives the key, `frontier check -v` says where each came from, and the [[runs]] hint says
// which keys they filled, for the publisher to check (docs/input-formats.md#a-folder-of-results).

import (
	"slices"
	"strings"
)

// measuredLengths fills c's isl and osl from the run's measured mean lengths where neither
// the file nor [[runs]] gives them.
func (d *rawDecoder) measuredLengths(c *Run, measured [2]int64) {
	if c.ISL == 0 && measured[0] > 0 {
		d.cfg.rec.source("isl", "measured")
		d.suggest("isl")
	}
	if c.OSL == 0 && measured[1] > 0 {
		d.cfg.rec.source("osl", "measured")
		d.suggest("osl")
	}
	c.ISL, c.OSL = cmpOr(c.ISL, measured[0]), cmpOr(c.OSL, measured[1])
}

// suggest notes that context key k came from what the file suggests.
func (d *rawDecoder) suggest(k string) {
	if !slices.Contains(d.suggested, k) {
		d.suggested = append(d.suggested, k)
	}
}

// backendServers are the bench-serve backends (--backend) that name the server they ran
// against, by the framework key it is; the others ("openai", "openai-chat") name only an API.
var backendServers = map[string]string{"vllm": "vllm", "sglang": "sglang", "tgi": "tgi", "lmdeploy": "lmdeploy"}

// suggestedNote is the warning, beside the [[runs]] hint, that names the context keys taken
// from what the file suggests and where from, without their values, so that the files of a
// folder say it alike (FoldLacking then says it once); "" for none.
func suggestedNote(keys []string) string {
	var parts []string
	switch isl, osl := slices.Contains(keys, "isl"), slices.Contains(keys, "osl"); {
	case isl && osl:
		parts = append(parts, "isl and osl are the measured mean lengths")
	case isl:
		parts = append(parts, "isl is the measured mean input length")
	case osl:
		parts = append(parts, "osl is the measured mean output length")
	}
	if slices.Contains(keys, "framework") {
		parts = append(parts, "the framework is the one the backend names")
	}
	if len(parts) == 0 {
		return ""
	}
	return "taken from what the file suggests, for [[runs]] to override: " + strings.Join(parts, "; ")
}

// serveSuggests fills what a bench-serve file suggests of c where c lacks it: the framework its
// backend names, and the mean lengths of its completed requests.
func (d *rawDecoder) serveSuggests(c *Run, run *runReader, completed, totalIn, totalOut float64) {
	d.backendFramework(c, run.info.Settings)
	if completed > 0 {
		d.measuredLengths(c, [2]int64{roundLen(totalIn / completed), roundLen(totalOut / completed)})
	}
}

// backendFramework fills c's framework, where nothing gives it, from the backend a client's
// settings name (bench-serve's and SGLang bench_serving's --backend) when it names a server.
func (d *rawDecoder) backendFramework(c *Run, settings []Setting) {
	if c.Framework != "" {
		return
	}
	for _, s := range settings {
		if fw := backendServers[s.Value]; s.Key == "backend" && fw != "" {
			c.Framework = fw
			d.cfg.rec.source("framework", "file")
			d.suggest("framework")
			return
		}
	}
}
