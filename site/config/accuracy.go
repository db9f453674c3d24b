package config

import (
	"fmt"
	"path"
	"strings"

	"github.com/frontier-bench/frontier/site/accuracy"
)

// AccuracyConfig is [accuracy]: the site's default accuracy gate, which every chart page opens
// with and the compare pages, the overview and the home page follow ("only configurations
// scoring at least 90% on GSM8K"). Without a task the gate is off.
type AccuracyConfig struct {
	Task string  `toml:"task"` // the eval task, "gsm8k"
	Min  float64 `toml:"min"`  // the least score kept, a fraction: 0.9 for 90%
	// Labels name tasks over the built-in names (accuracy.TaskLabel): gsm8k = "GSM8K".
	Labels map[string]string `toml:"labels"`
}

// NoteConfig is one [[notes]] entry: a known issue shown on the configurations it is about.
// Every matcher is a glob (path.Match syntax) and may be left out (any); From and To are
// YYYY-MM-DD, inclusive, checked against each point's date.
type NoteConfig struct {
	Model     string `toml:"model"`
	GPU       string `toml:"gpu"`
	Framework string `toml:"framework"`
	Precision string `toml:"precision"`
	Spec      string `toml:"spec"`
	From      string `toml:"from"`
	To        string `toml:"to"`
	Text      string `toml:"text"`
	Link      string `toml:"link"` // an https URL, or nothing
	// Translations give the text in other languages of the site: zh = "...".
	Translations map[string]string `toml:"translations"`
}

// Gate is the site's default accuracy gate, nil when [accuracy] names no task.
func (c Config) Gate() *accuracy.Gate {
	if c.Accuracy.Task == "" {
		return nil
	}
	return &accuracy.Gate{Task: strings.ToLower(c.Accuracy.Task), Min: c.Accuracy.Min}
}

// TaskLabel is how pages name a task: [accuracy.labels], else the built-in name.
func (c Config) TaskLabel(task string) string {
	if l := c.Accuracy.Labels[task]; l != "" {
		return l
	}
	return accuracy.TaskLabel(task)
}

// AccuracyNotes are the [[notes]] entries as the join reads them.
func (c Config) AccuracyNotes() []accuracy.Note {
	var out []accuracy.Note
	for _, n := range c.Notes {
		out = append(out, accuracy.Note{Model: n.Model, GPU: n.GPU, Framework: n.Framework, Precision: n.Precision, Spec: n.Spec,
			From: n.From, To: n.To, Text: n.Text, Link: n.Link, Texts: n.Translations})
	}
	return out
}

// validateAccuracy checks [accuracy] and [[notes]].
func (c *Config) validateAccuracy(name string) Problems {
	var ps Problems
	bad := func(p, format string, args ...any) {
		ps = append(ps, Problem{File: name, Path: p, Msg: fmt.Sprintf(format, args...)})
	}
	a := c.Accuracy
	switch {
	case a.Task == "" && a.Min != 0:
		bad("accuracy.task", "missing: the eval task the gate reads (\"gsm8k\")")
	case strings.ContainsAny(a.Task, ": \t\n"):
		bad("accuracy.task", "%q: a task key has no colon or space", a.Task)
	case a.Task != "" && (a.Min <= 0 || a.Min > 1):
		bad("accuracy.min", "want a fraction greater than 0 and at most 1 (0.9 for 90%%), got %v", a.Min)
	}
	for i, n := range c.Notes {
		at := fmt.Sprintf("notes[%d].", i)
		if strings.TrimSpace(n.Text) == "" {
			bad(at+"text", "missing: what readers should know")
		}
		for _, g := range []struct{ key, v string }{{"model", n.Model}, {"gpu", n.GPU}, {"framework", n.Framework}, {"precision", n.Precision}, {"spec", n.Spec}} {
			if _, err := path.Match(g.v, ""); err != nil {
				bad(at+g.key, "%q is not a glob: %v", g.v, err)
			}
		}
		for _, d := range []struct{ key, v string }{{"from", n.From}, {"to", n.To}} {
			if d.v != "" && !validDate(d.v) {
				bad(at+d.key, "want a date as YYYY-MM-DD, got %q", d.v)
			}
		}
		if n.From != "" && n.To != "" && n.To < n.From {
			bad(at+"to", "%s is before from (%s)", n.To, n.From)
		}
		if n.Link != "" && (!strings.HasPrefix(n.Link, "https://") || strings.ContainsAny(n.Link, " \t\n\"'<>`")) {
			bad(at+"link", "want an https URL, got %q", n.Link)
		}
		for lang, t := range n.Translations {
			if strings.TrimSpace(t) == "" {
				bad(at+"translations."+lang, "empty")
			}
		}
	}
	return ps
}
